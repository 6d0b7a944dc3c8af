"""A 1C:Бухгалтерия 8.3 «Оборотно-сальдовая ведомость по счету …» sheet into an osvDocument.

The layout 1C prints (БП 3.0, saved as XLSX/XLS/ODS):

    ООО "Ромашка"                                          ← organisation
    Оборотно-сальдовая ведомость по счету 60 за 1 квартал 2025 г.
    Выводимые данные: БУ (данные бухгалтерского учета)
    Счет         | ИНН | Сальдо на начало периода | Обороты за период | Сальдо на конец периода
    Контрагенты  |     | Дебет | Кредит           | Дебет | Кредит    | Дебет | Кредит
    Договоры     |     |                                                ← a third header line
    60           |     | sums of the account, then of its subaccounts (60.01, 60.02 …)
    ООО "Альфа"  | 77… | sums                                           ← a counterparty
    Договор № 1  |     | sums                                           ← its contracts
    Итого        |     | sums

Contracts are told from counterparties by what the file still carries once the outline
levels are gone (calamine gives none): a contract's name ("Договор …", "№ …", "… от
01.02.2025"), an empty ИНН where counterparties have one, and, when the header names a
contract level, the sums — a counterparty's contract rows add up to its own row.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from chalicelib.prescreen.inn import is_valid_inn
from chalicelib.statements.grid import column_letters
from chalicelib.statements.money import parse_money, parse_period

if TYPE_CHECKING:
    from chalicelib.statements.grid import CellValue, Sheet

SUMS = (
    "opening_debit",
    "opening_credit",
    "turnover_debit",
    "turnover_credit",
    "closing_debit",
    "closing_credit",
)
_TITLE = re.compile(r"оборотно\s*-?\s*сальдовая\s+ведомость\s+по\s+сч[её]ту\s*(\S+)?", re.I)
_TITLE_PERIOD = re.compile(r"\s+за\s+(.+)$", re.I)
_PERIOD_LINE = re.compile(r"^\s*период\s*:?\s*(.+)$", re.I)
_ACCOUNT = re.compile(r"^\d{2,3}(?:\.[0-9A-Za-zА-Яа-яЁё]{1,4}){0,2}$")
_GROUPS = (
    ("opening", re.compile(r"сальдо\s+на\s+начало", re.I)),
    ("turnover", re.compile(r"^обороты?\b", re.I)),
    ("closing", re.compile(r"сальдо\s+на\s+конец", re.I)),
)
_DEBIT = re.compile(r"^(?:дебет|дт)\.?$", re.I)
_CREDIT = re.compile(r"^(?:кредит|кт)\.?$", re.I)
_TOTAL = re.compile(r"^(?:итого|всего)\b", re.I)
_INN_HEADER = re.compile(r"^(?:(?:контрагент\.)?инн(?:\s+контрагента)?)$", re.I)
_CONTRACT_HEADER = re.compile(r"^договор(?:ы|а)?$|^договоры\s+контрагентов$", re.I)
_HEADER_WORDS = re.compile(r"^[А-Яа-яЁё .,()-]+$")
_CONTRACT_NAME = re.compile(
    r"^(?:договор|дог\.|№|n\s*\d|контракт|соглашение|основной\s+договор|без\s+договора|"
    r"сч[её]т\s*№|спецификаци)|\sот\s+\d{1,2}\.\d{1,2}\.\d{2,4}",
    re.I,
)
_LEGAL_FORM = re.compile(
    r"^(?:ооо|оао|зао|пао|нао|ао|ип|гуп|муп|фгуп|ано|нко|тсж|снт|ук|фгбу|гбу|мбу)\b|«|\"",
    re.I,
)
# Rows scanned for the title and the header before giving up on a sheet.
_HEAD_ROWS = 40
_ZERO = Decimal(0)


@dataclass
class _Layout:
    """Where the table's parts are: header rows, the name column, the six sums, the rest."""

    header_row: int  # the row of «Сальдо на начало периода …»
    data_row: int  # the first row after the header lines
    name_column: int
    sum_columns: dict[str, int]
    name_header: str
    inn_column: int | None = None
    inn_header: str | None = None
    contract_column: int | None = None
    extra_columns: dict[int, str] = field(default_factory=dict)
    contract_level: bool = False  # the header names contracts under counterparties


def parse_osv(sheet: Sheet) -> dict[str, Any] | None:
    """The osvDocument of a 1C «Оборотно-сальдовая ведомость по счету …»; None for other sheets."""
    rows = sheet.rows
    title_row = _find_title(rows)
    layout = _find_layout(rows)
    if layout is None:
        return None
    if title_row is None and not _looks_like_counterparties(layout):
        return None
    reader = _TableReader(sheet, layout)
    reader.read()
    header = _header(rows, title_row, layout)
    last_row = reader.last_row
    first_row = title_row if title_row is not None else layout.header_row
    organization_row = title_row - 1 if title_row and header["organization"] else None
    last_column = max([*layout.sum_columns.values(), *layout.extra_columns, layout.name_column])
    warnings = reader.warnings
    if header["period_start"] is None:
        warnings.append("Период ведомости не распознан.")
    return {
        "kind": "osv",
        "confidence": _confidence(title_row, header, reader),
        "locator": {
            "sheet": sheet.name,
            "range": sheet.range_ref(
                (organization_row if organization_row is not None else first_row, 0),
                (last_row, last_column),
            ),
        },
        "header": header,
        "columns": {
            "counterparty": layout.name_header,
            "inn": layout.inn_header,
            "extra": list(layout.extra_columns.values()),
        },
        "rows": reader.counterparties,
        "totals": reader.totals,
        "warnings": warnings,
    }


# --- the head of the sheet ---------------------------------------------------------


def _cell(rows: list[list[CellValue]], r: int, c: int) -> CellValue:
    if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
        return rows[r][c]
    return None


def _text(value: CellValue) -> str | None:
    """A cell as text: numbers without ".0", dates as ISO, empty as None."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "да" if value else "нет"
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    text = str(value).strip()
    return text or None


def _row_text(row: list[CellValue]) -> str:
    return " ".join(t for t in map(_text, row) if t)


def _find_title(rows: list[list[CellValue]]) -> int | None:
    for r, row in enumerate(rows[:_HEAD_ROWS]):
        if _TITLE.search(_row_text(row)):
            return r
    return None


def _header(rows: list[list[CellValue]], title_row: int | None, layout: _Layout) -> dict[str, Any]:
    title = account = period_text = organization = None
    if title_row is not None:
        full = _row_text(rows[title_row])
        match = _TITLE.search(full)
        assert match is not None
        title = _TITLE_PERIOD.sub("", full).strip()
        raw_account = (match.group(1) or "").rstrip(".,:;")
        account = raw_account if _ACCOUNT.match(raw_account) else None
        period = _TITLE_PERIOD.search(full)
        period_text = period.group(1).strip() if period else None
        organization = _organization(rows, title_row)
    for row in rows[: layout.header_row]:
        match = _PERIOD_LINE.match(_row_text(row))
        if match and period_text is None:
            period_text = match.group(1).strip()
    start, end = parse_period(period_text)
    return {
        "title": title,
        "organization": organization,
        "account": account,
        "period_text": period_text,
        "period_start": start.isoformat() if start else None,
        "period_end": end.isoformat() if end else None,
        "is_from_year_start": None if start is None else (start.month, start.day) == (1, 1),
    }


def _organization(rows: list[list[CellValue]], title_row: int) -> str | None:
    """The line right above the title, where 1C prints the organisation's name."""
    for r in range(title_row - 1, max(title_row - 3, -1), -1):
        text = _row_text(rows[r])
        if text:
            return None if _PERIOD_LINE.match(text) else text
    return None


# --- the header of the table -------------------------------------------------------


def _find_layout(rows: list[list[CellValue]]) -> _Layout | None:
    for r in range(min(len(rows), _HEAD_ROWS)):
        groups = _group_columns(rows[r])
        if groups is None:
            continue
        sums = _debit_credit_columns(rows, r, groups)
        if sums is None:
            continue
        return _complete_layout(rows, r, sums, min(groups.values()))
    return None


def _group_columns(row: list[CellValue]) -> dict[str, int] | None:
    """The columns of «Сальдо на начало», «Обороты», «Сальдо на конец» in a row, in order."""
    found: dict[str, int] = {}
    for c, value in enumerate(row):
        text = _text(value) or ""
        for name, pattern in _GROUPS:
            if name not in found and pattern.search(text):
                found[name] = c
    if len(found) < 3:
        return None
    if not found["opening"] < found["turnover"] < found["closing"]:
        return None
    return found


def _debit_credit_columns(
    rows: list[list[CellValue]], r: int, groups: dict[str, int]
) -> dict[str, int] | None:
    """The six sum columns: each group's «Дебет» and «Кредит» in the row below it."""
    below = rows[r + 1] if r + 1 < len(rows) else []
    bounds = [groups["opening"], groups["turnover"], groups["closing"], len(below) + 1]
    sums: dict[str, int] = {}
    for (name, _), start, stop in zip(_GROUPS, bounds, bounds[1:], strict=False):
        debit = credit = None
        for c in range(start, min(stop, len(below))):
            text = _text(below[c]) or ""
            if debit is None and _DEBIT.match(text):
                debit = c
            elif credit is None and _CREDIT.match(text):
                credit = c
        if debit is None or credit is None:
            return None
        sums[f"{name}_debit"], sums[f"{name}_credit"] = debit, credit
    return sums


def _complete_layout(
    rows: list[list[CellValue]], r: int, sums: dict[str, int], first_sum: int
) -> _Layout:
    """The name column, the header lines under it, and every other column of the table."""
    sum_columns = set(sums.values())
    data_row = r + 2
    # Further header lines ("Договоры", "Документы расчетов"): words only, no sums.
    while data_row < min(len(rows), r + 4) and _is_header_line(rows[data_row], sum_columns):
        data_row += 1
    header_rows = rows[r:data_row]
    name_column = next(
        (c for c in range(first_sum) if any(_cell(header_rows, i, c) for i in range(2))), 0
    )
    labels = {
        c: " / ".join(t for i in range(len(header_rows)) if (t := _text(_cell(header_rows, i, c))))
        for c in range(max(map(len, rows[r:]), default=0))
    }
    layout = _Layout(
        header_row=r,
        data_row=data_row,
        name_column=name_column,
        sum_columns=sums,
        name_header=labels.get(name_column) or "",
    )
    layout.contract_level = "договор" in layout.name_header.lower()
    used_columns = _used_columns(rows[data_row:])
    for c in sorted(set(labels) | used_columns):
        if c == name_column or c in sum_columns or c < name_column:
            continue
        label = labels.get(c) or ""
        if not label and c not in used_columns:
            continue  # a blank column between merged cells
        if _INN_HEADER.match(label) and layout.inn_column is None:
            layout.inn_column, layout.inn_header = c, label
            continue
        if _CONTRACT_HEADER.match(label) and layout.contract_column is None:
            layout.contract_column = c
        layout.extra_columns[c] = _unique_label(label, c, layout.extra_columns)
    return layout


def _is_header_line(row: list[CellValue], sum_columns: set[int]) -> bool:
    texts = [(c, t) for c, value in enumerate(row) if (t := _text(value))]
    if not texts or any(c in sum_columns for c, _ in texts):
        return False
    return all(_HEADER_WORDS.match(t) and not _TOTAL.match(t) for _, t in texts)


def _used_columns(rows: list[list[CellValue]]) -> set[int]:
    used: set[int] = set()
    for row in rows:
        used.update(c for c, value in enumerate(row) if value is not None)
    return used


def _unique_label(label: str, column: int, taken: dict[int, str]) -> str:
    name = label or f"Колонка {column_letters(column)}"
    if name in taken.values():
        name = f"{name} ({column_letters(column)})"
    return name


def _looks_like_counterparties(layout: _Layout) -> bool:
    """Without the title, the name column must still say it lists counterparties."""
    return "контрагент" in layout.name_header.lower()


# --- the rows ------------------------------------------------------------------------


@dataclass
class _Open:
    """The counterparty whose contracts are being read, and what they add up to so far."""

    entry: dict[str, Any]
    sums: list[Decimal]
    contracts: list[Decimal]


class _TableReader:
    """Reads the rows under the header into counterparties, their contracts and the totals."""

    def __init__(self, sheet: Sheet, layout: _Layout) -> None:
        self.sheet, self.layout = sheet, layout
        self.counterparties: list[dict[str, Any]] = []
        self.totals: dict[str, str | None] | None = None
        self.warnings: list[str] = []
        self.last_row = layout.data_row - 1
        self.open: _Open | None = None
        self.inn_filled = 0

    def read(self) -> None:
        """Every row up to and including «Итого»."""
        layout, rows = self.layout, self.sheet.rows
        for r in range(layout.data_row, len(rows)):
            name = _text(_cell(rows, r, layout.name_column))
            sums = {key: self._money(r, c) for key, c in layout.sum_columns.items()}
            contract_name = (
                _text(_cell(rows, r, layout.contract_column))
                if layout.contract_column is not None
                else None
            )
            if name is None and contract_name is None and not any(sums.values()):
                continue
            self.last_row = r
            if name is not None and _TOTAL.match(name):
                self.totals = sums
                break
            if name is not None and _ACCOUNT.match(name) and contract_name is None:
                continue  # the account's and subaccounts' own rows: 60, 60.01 …
            self._row(r, name, contract_name, sums)
        self._close()
        self._check_totals()

    def _money(self, r: int, c: int) -> str | None:
        value = _cell(self.sheet.rows, r, c)
        money = parse_money(value)
        if money is None and _text(value) and _text(value) not in {"-", "—", "–"}:
            self.warnings.append(f"{self.sheet.ref(r, c)}: «{_text(value)}» — не сумма.")
        return money

    def _row(
        self,
        r: int,
        name: str | None,
        contract_name: str | None,
        sums: dict[str, str | None],
    ) -> None:
        inn = self._inn(r)
        extra = {
            label: _text(_cell(self.sheet.rows, r, c))
            for c, label in self.layout.extra_columns.items()
        }
        if self._is_contract(name, contract_name, inn, sums) and self.open is not None:
            self._add_contract(r, name or contract_name or "", sums, extra)
            return
        self._close()
        entry: dict[str, Any] = {
            "counterparty": name or contract_name or "",
            "inn": inn,
            "inn_valid": None if inn is None else is_valid_inn(inn),
            **sums,
            "extra": extra,
            "cell": self.sheet.ref(r, self.layout.name_column),
            "contracts": [],
        }
        if inn is not None:
            self.inn_filled += 1
            if not entry["inn_valid"]:
                self.warnings.append(
                    f"{self.sheet.ref(r, self.layout.inn_column or 0)}: ИНН {inn} "
                    "не проходит проверку контрольных цифр."
                )
        self.counterparties.append(entry)
        self.open = _Open(entry, _decimals(sums), [_ZERO] * len(SUMS))
        self._check_balance(r, sums)

    def _inn(self, r: int) -> str | None:
        if self.layout.inn_column is None:
            return None
        value = _cell(self.sheet.rows, r, self.layout.inn_column)
        text = _text(value)
        if text is None:
            return None
        text = re.sub(r"\s", "", text)
        # A number cell drops an ИНН's leading zero ("0274…" stored as 274…): put it back.
        if isinstance(value, int) and len(text) in {9, 11}:
            text = "0" + text
        return text

    def _is_contract(
        self,
        name: str | None,
        contract_name: str | None,
        inn: str | None,
        sums: dict[str, str | None],
    ) -> bool:
        if self.open is None:
            return False
        if self.layout.contract_column is not None:
            # Contracts in a column of their own: the contract's row leaves the name empty.
            return contract_name is not None and (name is None or name == contract_name)
        if name is None or inn is not None:
            return False  # a contract carries no ИНН of its own
        if _CONTRACT_NAME.search(name):
            return True
        if _LEGAL_FORM.search(name):
            return False
        # Neither name says which: under a counterparty whose contracts have begun, or when
        # the header names a contract level, rows are contracts until they add up to it.
        started = bool(self.open.entry["contracts"]) or self.layout.contract_level
        return started and self.open.contracts != self.open.sums

    def _add_contract(
        self, r: int, name: str, sums: dict[str, str | None], extra: dict[str, str | None]
    ) -> None:
        assert self.open is not None
        self.open.entry["contracts"].append(
            {
                "contract": name,
                **sums,
                "extra": extra,
                "cell": self.sheet.ref(r, self.layout.name_column),
            }
        )
        self.open.contracts = [
            a + b for a, b in zip(self.open.contracts, _decimals(sums), strict=True)
        ]
        self._check_balance(r, sums)

    def _close(self) -> None:
        """Finish the open counterparty: its contracts, if any, must add up to it."""
        current, self.open = self.open, None
        if current is None or not current.entry["contracts"]:
            return
        if current.contracts != current.sums:
            self.warnings.append(
                f"{current.entry['cell']}: суммы по договорам контрагента "
                f"«{current.entry['counterparty']}» не сходятся с его строкой."
            )

    def _check_balance(self, r: int, sums: dict[str, str | None]) -> None:
        """Opening + debit turnover − credit turnover = closing, as debit minus credit."""
        od, oc, td, tc, cd, cc = _decimals(sums)
        if od - oc + td - tc != cd - cc:
            self.warnings.append(
                f"{self.sheet.ref(r, self.layout.name_column)}: сальдо на конец не равно "
                "сальдо на начало с оборотами."
            )

    def _check_totals(self) -> None:
        if self.totals is None:
            self.warnings.append("Строка «Итого» не найдена.")
            return
        added = [_ZERO] * len(SUMS)
        for entry in self.counterparties:
            added = [a + b for a, b in zip(added, _decimals(entry), strict=True)]
        for key, total, sum_of_rows in zip(SUMS, _decimals(self.totals), added, strict=True):
            if total != sum_of_rows:
                self.warnings.append(
                    f"Итого ({key}) {total} не равно сумме строк контрагентов {sum_of_rows}."
                )

    @property
    def totals_agree(self) -> bool:
        return self.totals is not None and not any(w.startswith("Итого (") for w in self.warnings)


def _decimals(sums: dict[str, Any]) -> list[Decimal]:
    return [Decimal(sums[key]) if sums.get(key) else _ZERO for key in SUMS]


def _confidence(title_row: int | None, header: dict[str, Any], reader: _TableReader) -> int:
    """How sure the layout match is: the title, the six columns, «Итого» and its agreement."""
    score = 40  # the three groups and their six Дебет/Кредит columns were found
    if title_row is not None:
        score += 25
    if header["account"] is not None:
        score += 5
    if header["period_start"] is not None:
        score += 5
    if reader.totals is not None:
        score += 10
    if reader.totals_agree:
        score += 10
    if reader.counterparties:
        score += 5
    balance_faults = sum("сальдо на конец" in w for w in reader.warnings)
    score -= min(20, 5 * balance_faults)
    return max(0, min(100, score))
