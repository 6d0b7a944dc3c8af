"""A counterparty's accounting as a report: what was recognised, key figures, checks, signs.

Input is a result file v1.2 (`chalicelib/contracts`); output is the report's Markdown
and JSON, in Russian (the documents are Russian), with every figure citing the form's
line and column, or the ОСВ's row, it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from chalicelib.statements.money import money_value

# A fall from one period to the next that a deal team should look at.
SHARP_FALL = Decimal("0.3")
_UNITS = {"thousand_rub": "тыс. руб.", "million_rub": "млн руб.", "rub": "руб."}
# The lines a deal team reads first, by form line code.
KEY_LINES: dict[str, str] = {
    "2110": "Выручка",
    "2200": "Прибыль (убыток) от продаж",
    "2400": "Чистая прибыль (убыток)",
    "1600": "Итого активы (баланс)",
    "1300": "Капитал и резервы",
    "1310": "Уставный капитал",
    "1230": "Дебиторская задолженность",
    "1520": "Кредиторская задолженность",
    "1250": "Денежные средства",
}
# Read to work out net assets (Минфин order 84н: assets less liabilities, deferred income
# not counted as one) and current liquidity, not shown on their own.
_WORKING_LINES = {
    "1200": "Оборотные активы",
    "1400": "Долгосрочные обязательства",
    "1500": "Краткосрочные обязательства",
    "1530": "Доходы будущих периодов",
}
_DOCUMENT_TYPES = {
    "BALANCE": "Бухгалтерский баланс",
    "INCOME": "Отчёт о финансовых результатах",
    "DISCLOSURE": "Пояснения",
    "OTHER": "Другая форма отчётности",
}


def amount_text(value: Decimal | None, units: str | None = None) -> str:
    """1234567.5 → "1 234 567,5", with the units when given; "—" for none."""
    if value is None:
        return "—"
    sign = "−" if value < 0 else ""
    whole, _, fraction = f"{abs(value):f}".partition(".")
    grouped = f"{int(whole):,}".replace(",", "\u00a0")
    fraction = fraction.rstrip("0")
    text = f"{sign}{grouped}{',' + fraction if fraction else ''}"
    return f"{text} {_UNITS.get(units or '', '')}".rstrip()


@dataclass(frozen=True)
class Figure:
    """One key figure with where it was read."""

    name: str
    value: Decimal | None
    units: str | None
    source: str  # "баланс, строка 1600, на 31.12.2024 (лист «Баланс», C40)"

    def as_json(self) -> dict[str, Any]:
        """The figure in the report's JSON."""
        return {
            "name": self.name,
            "value": None if self.value is None else str(self.value),
            "units": self.units,
            "source": self.source,
        }


@dataclass
class StatementFacts:
    """What the report knows of a counterparty's statements, for the report and deals."""

    organization: str | None = None
    inn: str | None = None
    units: str | None = None
    figures: dict[str, list[Figure]] = field(default_factory=dict)  # line code → per column

    def current(self, code: str) -> Figure | None:
        """The line's figure for the latest column (the form's first), if printed."""
        found = self.figures.get(code) or []
        return found[0] if found and found[0].value is not None else None

    def previous(self, code: str) -> Figure | None:
        """The line's figure for the column before (the form's second), if printed."""
        found = self.figures.get(code) or []
        return found[1] if len(found) > 1 and found[1].value is not None else None


def _column_label(document: dict[str, Any], index: int) -> str:
    columns = document.get("columns") or []
    if index < len(columns):
        return str(columns[index].get("label") or f"колонка {index + 1}")
    return f"колонка {index + 1}"


def _sheet_of(document: dict[str, Any]) -> str:
    locator = document.get("locator") or []
    if isinstance(locator, list) and locator:
        return str(locator[0].get("sheet") or "")
    return ""


def statement_facts(result: dict[str, Any]) -> StatementFacts:
    """The key lines of every statement in a result file, each with its source."""
    facts = StatementFacts()
    for document in result.get("documents") or []:
        if document.get("kind") == "osv":
            # A trial balance names its organisation (ours, or theirs), never an ИНН.
            facts.organization = facts.organization or (document.get("header") or {}).get(
                "organization"
            )
        if document.get("kind") != "statement":
            continue
        facts.organization = facts.organization or document.get("organization")
        facts.inn = facts.inn or document.get("inn")
        facts.units = facts.units or document.get("units")
        kind = _DOCUMENT_TYPES.get(str(document.get("document_type")), "форма").lower()
        for line in document.get("lines") or []:
            code = str(line.get("code") or "")
            names = KEY_LINES | _WORKING_LINES
            if code not in names or code in facts.figures:
                continue
            facts.figures[code] = [
                Figure(
                    name=names[code],
                    value=money_value(value),
                    units=document.get("units"),
                    source=(
                        f"{kind}, строка {code}, {_column_label(document, index)}"
                        f" (лист «{_sheet_of(document)}», {line.get('cell') or '—'})"
                    ),
                )
                for index, value in enumerate(line.get("values") or [])
            ]
    return facts


def net_assets(facts: StatementFacts) -> Figure | None:
    """Net assets at the latest date: 1600 − 1400 − 1500 + 1530; None without the lines."""
    assets, long_term, short_term = (facts.current(c) for c in ("1600", "1400", "1500"))
    if assets is None or assets.value is None or long_term is None or short_term is None:
        return None
    deferred = facts.current("1530")
    value = assets.value - (long_term.value or 0) - (short_term.value or 0)
    value += deferred.value if deferred is not None and deferred.value is not None else 0
    where = assets.source.split(", ", 2)[-1]  # the column and the sheet of line 1600
    return Figure(
        name="Чистые активы",
        value=value,
        units=assets.units,
        source=f"бухгалтерский баланс, строки 1600 − 1400 − 1500 + 1530, {where}",
    )


def warning_signs(facts: StatementFacts) -> list[str]:
    """What a deal team should look at: negative net assets, a loss, falls, thin equity."""
    signs: list[str] = []
    equity, charter = facts.current("1300"), facts.current("1310")
    measure = net_assets(facts) or equity
    if measure is not None and measure.value is not None and measure.value < 0:
        signs.append(
            f"{measure.name} отрицательны: чистые активы меньше нуля "
            f"({amount_text(measure.value, measure.units)}; {measure.source})."
        )
    elif (
        measure is not None
        and charter is not None
        and measure.value is not None
        and charter.value is not None
        and measure.value < charter.value
    ):
        signs.append(
            f"{measure.name} меньше уставного капитала "
            f"({amount_text(measure.value, measure.units)} против "
            f"{amount_text(charter.value, charter.units)}, строка 1310): по ст. 90 ГК РФ "
            "общество может быть обязано уменьшить уставный капитал или ликвидироваться."
        )
    profit = facts.current("2400")
    if profit is not None and profit.value is not None and profit.value < 0:
        signs.append(
            f"Чистый убыток за период: {amount_text(profit.value, profit.units)} ({profit.source})."
        )
    for code in ("2110", "1600", "1300"):
        now, before = facts.current(code), facts.previous(code)
        if now is None or before is None or now.value is None or before.value is None:
            continue
        if before.value > 0 and now.value < before.value * (1 - SHARP_FALL):
            fall = (before.value - now.value) / before.value * 100
            signs.append(
                f"{KEY_LINES[code]} упали на {fall:.0f}% к прошлому периоду: "
                f"{amount_text(before.value, before.units)} → {amount_text(now.value, now.units)} "
                f"(строка {code})."
            )
    return signs


def _relation_words(failed: dict[str, Any], document: dict[str, Any], *, soft: bool) -> str:
    label = _column_label(document, int(failed.get("column_index") or 0))
    units = document.get("units")
    expected = amount_text(money_value(failed.get("expected")), units)
    actual = amount_text(money_value(failed.get("actual")), units)
    kind = "расхождение в пределах округления" if soft else "контрольное соотношение не выполнено"
    return f"{kind}: {failed.get('relation')} ({label}) — ожидалось {expected}, в форме {actual}"


def failed_checks(result: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The failed control relations in words: (hard ones, soft ones)."""
    hard: list[str] = []
    soft: list[str] = []
    for document in result.get("documents") or []:
        checks = document.get("checks")
        if document.get("kind") != "statement" or not isinstance(checks, dict):
            continue
        title = _DOCUMENT_TYPES.get(str(document.get("document_type")), "Форма")
        for failed in checks.get("relations_failed") or []:
            hard.append(f"{title}: {_relation_words(failed, document, soft=False)}")
        for failed in checks.get("soft_relations_failed") or []:
            soft.append(f"{title}: {_relation_words(failed, document, soft=True)}")
        for code in checks.get("duplicate_line_codes") or []:
            hard.append(f"{title}: строка {code} напечатана дважды с разными значениями.")
    return hard, soft


def _closing_size(row: dict[str, Any]) -> Decimal:
    debit, credit = money_value(row.get("closing_debit")), money_value(row.get("closing_credit"))
    return abs(debit or Decimal(0)) + abs(credit or Decimal(0))


def _osv_section(document: dict[str, Any]) -> list[str]:
    header = document.get("header") or {}
    rows = document.get("rows") or []
    totals = document.get("totals") or {}
    lines = [
        f"## {header.get('title') or 'Оборотно-сальдовая ведомость'}",
        "",
        f"- Организация: {header.get('organization') or '—'}",
        f"- Счёт: {header.get('account') or '—'}; период: {header.get('period_text') or '—'}",
        f"- Контрагентов: {len(rows)}; "
        f"договоров: {sum(len(row.get('contracts') or []) for row in rows)}",
    ]
    if totals:
        lines.append(
            "- Итого на конец периода: дебет "
            f"{amount_text(money_value(totals.get('closing_debit')))}, кредит "
            f"{amount_text(money_value(totals.get('closing_credit')))}"
        )
    bad = [row for row in rows if row.get("inn_valid") is False]
    if bad:
        lines.append(
            "- ИНН с неверными контрольными цифрами: "
            + "; ".join(
                f"{row.get('counterparty')} ({row.get('inn')}, {row.get('cell')})" for row in bad
            )
        )
    largest = sorted(rows, key=_closing_size, reverse=True)[:5]
    if largest:
        lines += [
            "",
            "| Контрагент | ИНН | Сальдо Дт | Сальдо Кт | Ячейка |",
            "|---|---|---|---|---|",
        ]
        lines += [
            f"| {row.get('counterparty')} | {row.get('inn') or '—'} | "
            f"{amount_text(money_value(row.get('closing_debit')))} | "
            f"{amount_text(money_value(row.get('closing_credit')))} | {row.get('cell') or '—'} |"
            for row in largest
        ]
    return [*lines, ""]


def render_statement_report(result: dict[str, Any], filename: str) -> tuple[str, dict[str, Any]]:
    """The report's Markdown and JSON for one recognised file."""
    facts = statement_facts(result)
    signs = warning_signs(facts)
    hard, soft = failed_checks(result)
    status = result.get("job", {}).get("status")
    lines = [f"# Бухгалтерская отчётность: {filename}", ""]
    if facts.organization or facts.inn:
        lines.append(f"**Организация:** {facts.organization or '—'}, ИНН {facts.inn or '—'}")
        lines.append("")
    lines.append("## Что распознано")
    lines.append("")
    for document in result.get("documents") or []:
        if document.get("kind") == "osv":
            header = document.get("header") or {}
            lines.append(
                f"- ОСВ по счёту {header.get('account') or '—'}, {header.get('period_text') or '—'}"
                f"; контрагентов: {len(document.get('rows') or [])}"
            )
        else:
            title = _DOCUMENT_TYPES.get(str(document.get("document_type")), "Форма")
            code = document.get("form_code")
            period = (document.get("period") or {}).get("text")
            lines.append(
                f"- {title}{f' (форма {code})' if code else ''}"
                f"{f', {period}' if period else ''}"
                + (f"; строк: {len(document['lines'])}" if document.get("lines") else "")
            )
    lines.append("")
    figures = [facts.current(code) for code in KEY_LINES]
    figures.insert(list(KEY_LINES).index("1310"), net_assets(facts))
    shown = [figure for figure in figures if figure is not None]
    if shown:
        lines += [
            "## Ключевые показатели",
            "",
            "| Показатель | Значение | Источник |",
            "|---|---|---|",
        ]
        lines += [f"| {f.name} | {amount_text(f.value, f.units)} | {f.source} |" for f in shown]
        lines.append("")
    lines += ["## Проверка контрольных соотношений", ""]
    if hard or soft:
        lines += [f"- {item}" for item in hard]
        lines += [f"- {item}" for item in soft]
    else:
        lines.append("Все проверенные соотношения выполняются.")
    lines.append("")
    lines += ["## Тревожные признаки", ""]
    lines += [f"- {sign}" for sign in signs] if signs else ["Не найдены."]
    lines.append("")
    for document in result.get("documents") or []:
        if document.get("kind") == "osv":
            lines += _osv_section(document)
    report = {
        "kind": "statement",
        "status": status,
        "organization": facts.organization,
        "inn": facts.inn,
        "key_figures": [figure.as_json() for figure in shown],
        "failed_checks": hard,
        "soft_checks": soft,
        "warning_signs": signs,
        "result": result,
    }
    return "\n".join(lines).rstrip() + "\n", report


def findings_summary(report: dict[str, Any]) -> dict[str, int]:
    """Counts in the shape the document list shows: failed checks high, signs medium."""
    return {
        "high": len(report.get("failed_checks") or []),
        "medium": len(report.get("warning_signs") or []),
        "low": len(report.get("soft_checks") or []),
        "info": 0,
    }
