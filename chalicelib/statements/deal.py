"""A deal: a contract set against its counterparty's accounting, every comparison cited.

Given the contract's prescreen (parties, amount, penalty) and text, and the result files
of the statements uploaded with it (the counterparty's forms, our own ОСВ of accounts
60/62/76), it compares:

- the contract amount with the counterparty's revenue, total assets and equity;
- the counterparty's ИНН in the contract with the statements' and with the ОСВ rows;
- our balances with the counterparty in the ОСВ with the amount and the prepayment terms;
- the penalty exposure with the counterparty's cash and current liquidity.

Pure: the service reads the artifacts and hands them in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from chalicelib.statements.money import money_value
from chalicelib.statements.report import amount_text, statement_facts

_SCALE = {"thousand_rub": Decimal(1000), "million_rub": Decimal(1_000_000), "rub": Decimal(1)}
_PERCENT = r"(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:%|процент)"
_PREPAYMENT = re.compile(rf"(?:предоплат|аванс)\w*[^.;]{{0,120}}?{_PERCENT}", re.IGNORECASE)
_PREPAYMENT_BEFORE = re.compile(rf"{_PERCENT}[^.;]{{0,60}}?(?:предоплат|аванс)", re.IGNORECASE)
_PENALTY_RATE = re.compile(rf"{_PERCENT}[^.;]{{0,80}}?(?:за\s+каждый\s+день|в\s+день)", re.I)
# How long a delay the exposure is reckoned for, in days.
PENALTY_DAYS = 30
_OUR_ACCOUNTS = ("60", "62", "76")
# What differs between how a contract and 1C name the same company: the legal form,
# written out or abbreviated, and the quotes.
_NAME_NOISE = re.compile(
    r"общество\s+с\s+ограниченной\s+ответственностью|(?:публичное\s+|закрытое\s+|открытое\s+)?"
    r"акционерное\s+общество|индивидуальный\s+предприниматель"
    r"|\b(?:ооо|оао|зао|пао|ао|ип|нко)\b|[«»\"'“”„().,]",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Comparison:
    """One comparison: what was compared, what came out, how grave, and its sources."""

    topic: str  # amount, inn, balance, penalty
    text: str
    severity: str  # high, medium, info
    sources: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        """The comparison in the report's JSON."""
        return {
            "topic": self.topic,
            "text": self.text,
            "severity": self.severity,
            "sources": list(self.sources),
        }


@dataclass
class DealCheck:
    """The cross-check of a deal, for the contract's report."""

    comparisons: list[Comparison] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what could not be compared, and why

    def as_json(self) -> dict[str, Any]:
        """The cross-check in the report's JSON."""
        return {
            "comparisons": [c.as_json() for c in self.comparisons],
            "notes": list(self.notes),
        }

    def markdown(self) -> str:
        """The cross-check as a section of the contract's report."""
        lines = ["## Сделка: договор и отчётность контрагента", ""]
        marks = {"high": "⚠️ ", "medium": "❗ ", "info": ""}
        for comparison in self.comparisons:
            cited = "; ".join(comparison.sources)
            lines.append(f"- {marks.get(comparison.severity, '')}{comparison.text} _({cited})_")
        lines += [f"- {note}" for note in self.notes]
        if not self.comparisons and not self.notes:
            lines.append("Сравнивать нечего: ни одна форма не распознана.")
        return "\n".join(lines) + "\n"


def _roubles(value: Decimal | None, units: str | None) -> Decimal | None:
    if value is None:
        return None
    return value * _SCALE.get(units or "rub", Decimal(1))


def _percent(match: re.Match[str] | None) -> Decimal | None:
    if match is None:
        return None
    try:
        return Decimal(match.group(1).replace(",", "."))
    except InvalidOperation:
        return None


def prepayment_percent(text: str) -> Decimal | None:
    """The prepayment (аванс) the contract provides, in percent; None if none is written."""
    return _percent(_PREPAYMENT.search(text) or _PREPAYMENT_BEFORE.search(text))


def penalty_rate(prescreen: dict[str, Any], text: str) -> tuple[Decimal | None, str]:
    """The daily penalty rate in percent, and the words it was read from."""
    penalty = prescreen.get("penalty") or {}
    for source in (penalty.get("detail"), penalty.get("evidence"), text):
        if isinstance(source, str) and (match := _PENALTY_RATE.search(source)):
            return _percent(match), " ".join(match.group(0).split())
    return None, ""


def _normal_name(name: str) -> str:
    return " ".join(_NAME_NOISE.sub(" ", name.lower().replace("ё", "е")).split())


def _contract_amount(prescreen: dict[str, Any]) -> Decimal | None:
    amount = prescreen.get("amount") or {}
    if amount.get("currency") not in (None, "RUB"):
        return None
    return money_value(amount.get("amount"))


def _statement_inns(results: list[tuple[str, dict[str, Any]]]) -> dict[str, str]:
    """ИНН → where it was printed, over the counterparty's statements."""
    found: dict[str, str] = {}
    for filename, result in results:
        for document in result.get("documents") or []:
            inn = document.get("inn")
            if document.get("kind") == "statement" and inn:
                found.setdefault(
                    str(inn),
                    f"{filename}, заголовок формы {document.get('form_code') or ''}".strip(),
                )
    return found


def _osv_rows(
    results: list[tuple[str, dict[str, Any]]],
) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(file, ОСВ header, row) for every counterparty row of every ОСВ."""
    rows = []
    for filename, result in results:
        for document in result.get("documents") or []:
            if document.get("kind") != "osv":
                continue
            header = document.get("header") or {}
            rows += [(filename, header, row) for row in document.get("rows") or []]
    return rows


class _Checker:
    def __init__(
        self, prescreen: dict[str, Any], text: str, results: list[tuple[str, dict[str, Any]]]
    ) -> None:
        self.prescreen = prescreen
        self.text = text
        self.results = results
        self.facts = statement_facts(
            {"documents": [d for _, r in results for d in r.get("documents") or []]}
        )
        self.amount = _contract_amount(prescreen)
        self.parties = [p for p in prescreen.get("parties") or [] if isinstance(p, dict)]
        self.check = DealCheck()

    def add(self, topic: str, text: str, severity: str, *sources: str) -> None:
        self.check.comparisons.append(Comparison(topic, text, severity, tuple(sources)))

    def counterparty(self) -> dict[str, Any] | None:
        """The party whose ИНН the statements carry; else the one whose name an ОСВ row has."""
        inns = _statement_inns(self.results)
        for party in self.parties:
            if party.get("inn") and party["inn"] in inns:
                return party
        names = {
            _normal_name(str(row.get("counterparty") or "")) for *_, row in _osv_rows(self.results)
        }
        for party in self.parties:
            if _normal_name(str(party.get("name") or "")) in names:
                return party
        return None

    def amounts(self) -> None:
        if self.amount is None:
            self.check.notes.append(
                "Сумма договора не найдена (или не в рублях): с отчётностью не сравнивается."
            )
            return
        shown = amount_text(self.amount, "rub")
        for code, words, severity in (
            ("2110", "годовой выручки", "high"),
            ("1600", "валюты баланса (всех активов)", "high"),
            ("1300", "собственного капитала", "medium"),
        ):
            figure = self.facts.current(code)
            if figure is None:
                continue
            value = _roubles(figure.value, figure.units)
            if value is None or value <= 0:
                self.add(
                    "amount",
                    f"Сумма договора {shown}; показатель строки {code} не положителен.",
                    "high",
                    figure.source,
                )
                continue
            share = self.amount / value * 100
            over = self.amount > value
            self.add(
                "amount",
                f"Сумма договора {shown} — {share:.0f}% {words} контрагента "
                f"({amount_text(value, 'rub')})"
                + (": договор дороже " + words.split(" (")[0] + "." if over else "."),
                severity if over else "info",
                figure.source,
            )

    def inns(self, party: dict[str, Any] | None) -> None:
        inns = _statement_inns(self.results)
        in_contract = {
            str(p["inn"]): str(p.get("name") or "") for p in self.parties if p.get("inn")
        }
        if not inns:
            self.check.notes.append("В отчётности нет ИНН организации: с договором не сверяется.")
        elif not in_contract:
            self.check.notes.append("В договоре не найден ИНН сторон: с отчётностью не сверяется.")
        elif party is not None and party.get("inn") in inns:
            self.add(
                "inn",
                f"ИНН {party['inn']} стороны «{party.get('name')}» в договоре совпадает "
                "с ИНН в отчётности.",
                "info",
                inns[str(party["inn"])],
            )
        else:
            printed = ", ".join(f"{inn} ({where})" for inn, where in inns.items())
            self.add(
                "inn",
                "ИНН в отчётности не совпадает ни с одним ИНН сторон договора "
                f"({', '.join(in_contract)}): возможно, это отчётность другой организации.",
                "high",
                printed,
            )

    def balances(self, party: dict[str, Any] | None) -> None:
        if party is None:
            return
        name, inn = _normal_name(str(party.get("name") or "")), party.get("inn")
        matched = [
            (filename, header, row)
            for filename, header, row in _osv_rows(self.results)
            if (inn and row.get("inn") == inn)
            or _normal_name(str(row.get("counterparty") or "")) == name
        ]
        if not matched:
            accounts = {str(h.get("account") or "") for _, h, _ in _osv_rows(self.results)}
            if accounts & set(_OUR_ACCOUNTS) or any(a.startswith(_OUR_ACCOUNTS) for a in accounts):
                self.check.notes.append(
                    f"В ОСВ нет строки контрагента «{party.get('name')}»: расчётов с ним не было."
                )
            return
        prepayment = prepayment_percent(self.text)
        for filename, header, row in matched:
            account = str(header.get("account") or "")
            debit, credit = (
                money_value(row.get("closing_debit")),
                money_value(row.get("closing_credit")),
            )
            where = (
                f"{filename}, ОСВ по счёту {account}, "
                f"строка «{row.get('counterparty')}» ({row.get('cell')})"
            )
            text = (
                f"Сальдо расчётов с контрагентом на конец периода по счёту {account}: "
                f"дебет {amount_text(debit, 'rub')}, кредит {amount_text(credit, 'rub')}"
            )
            severity = "info"
            if self.amount is not None and account.startswith("60") and debit:
                allowed = self.amount * prepayment / 100 if prepayment is not None else None
                if allowed is not None and debit > allowed:
                    text += (
                        f"; выданный аванс больше предоплаты по договору ({prepayment}% от "
                        f"{amount_text(self.amount, 'rub')} = {amount_text(allowed, 'rub')})"
                    )
                    severity = "high"
                elif allowed is None and debit > 0:
                    text += "; договор не предусматривает предоплаты, а аванс выдан"
                    severity = "medium"
            if self.amount is not None and (debit or credit):
                exposure = max(debit or Decimal(0), credit or Decimal(0))
                if exposure > self.amount:
                    text += f"; сальдо больше суммы договора ({amount_text(self.amount, 'rub')})"
                    severity = "high"
            self.add("balance", text + ".", severity, where)

    def penalty(self) -> None:
        rate, words = penalty_rate(self.prescreen, self.text)
        cash, current, short = (self.facts.current(code) for code in ("1250", "1200", "1500"))
        if rate is None or self.amount is None:
            if (self.prescreen.get("penalty") or {}).get("present"):
                self.check.notes.append(
                    "Неустойка в договоре есть, но её ставка в день не найдена: риск не оценён."
                )
            return
        exposure = self.amount * rate / 100 * PENALTY_DAYS
        parts = [
            f"Неустойка «{words}»: за {PENALTY_DAYS} дней просрочки — "
            f"{amount_text(exposure, 'rub')}"
        ]
        sources = ["договор: условие о неустойке"]
        severity = "info"
        if cash is not None and cash.value is not None:
            cash_rub = _roubles(cash.value, cash.units) or Decimal(0)
            parts.append(f"денежные средства контрагента {amount_text(cash_rub, 'rub')}")
            sources.append(cash.source)
            if exposure > cash_rub:
                severity = "high"
                parts.append("неустойка за месяц больше денег на счетах")
        if current and short and current.value is not None and short.value and short.value > 0:
            ratio = current.value / short.value
            parts.append(f"текущая ликвидность (стр. 1200 / стр. 1500) {ratio:.2f}")
            sources += [current.source, short.source]
            if ratio < 1 and severity == "info":
                severity = "medium"
        self.add("penalty", "; ".join(parts) + ".", severity, *sources)


def cross_check(
    prescreen: dict[str, Any], contract_text: str, results: list[tuple[str, dict[str, Any]]]
) -> DealCheck:
    """The contract (its prescreen and text) against the deal's recognised statements."""
    checker = _Checker(prescreen, contract_text, results)
    party = checker.counterparty()
    checker.amounts()
    checker.inns(party)
    checker.balances(party)
    checker.penalty()
    return checker.check
