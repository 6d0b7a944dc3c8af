"""1C:Бухгалтерия 8.3 «Оборотно-сальдовая ведомость по счету …» sheets, our own data.

The layout follows what БП 3.0 saves to Excel: the organisation on the first line, the
title with the period ("… по счету 60 за 1 квартал 2025 г."), the «Выводимые данные»
line, a header of two or three lines (Счет / Контрагенты / Договоры; the three balance
groups merged over Дебет and Кредит; additional fields such as ИНН and КПП in their own
columns, merged down), the account's and its subaccounts' rows, the counterparties with
their contracts under them, and «Итого». The sheet is named "TDSheet" as 1C names it.
Amounts are roubles with kopecks; every counterparty row is the sum of its contracts and
«Итого» the sum of the counterparties.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from tests.statement_fixtures.writers import FixtureCell, FixtureSheet, Merge, write_workbook

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

SHEET_NAME = "TDSheet"
ORGANIZATION = 'ООО "Ромашка"'
_GROUPS = ("Сальдо на начало периода", "Обороты за период", "Сальдо на конец периода")
_WEIGHTS_10 = (2, 4, 10, 3, 5, 9, 4, 6, 8)
_WEIGHTS_11 = (7, 2, 4, 10, 3, 5, 9, 4, 6, 8)
_WEIGHTS_12 = (3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)
Sums = tuple[Decimal, Decimal, Decimal, Decimal, Decimal, Decimal]


def inn10(first_nine: str) -> str:
    """An organisation's ИНН: nine digits and their check digit."""
    check = sum(int(d) * w for d, w in zip(first_nine, _WEIGHTS_10, strict=True)) % 11 % 10
    return f"{first_nine}{check}"


def inn12(first_ten: str) -> str:
    """A person's ИНН: ten digits and their two check digits."""
    eleventh = sum(int(d) * w for d, w in zip(first_ten, _WEIGHTS_11, strict=True)) % 11 % 10
    digits = f"{first_ten}{eleventh}"
    twelfth = sum(int(d) * w for d, w in zip(digits, _WEIGHTS_12, strict=True)) % 11 % 10
    return f"{digits}{twelfth}"


def sums(*values: str | int | Decimal) -> Sums:
    """Six amounts: opening Дт/Кт, turnover Дт/Кт, closing Дт/Кт (0 is printed empty)."""
    a, b, c, d, e, f = (Decimal(str(v)) for v in values)
    return a, b, c, d, e, f


@dataclass
class Contract:
    """A contract row under its counterparty."""

    name: str
    sums: Sums


@dataclass
class Counterparty:
    """A counterparty row; its sums are its contracts' when it has any."""

    name: str
    inn: str | None
    extra: list[FixtureCell] = field(default_factory=list)
    contracts: list[Contract] = field(default_factory=list)
    own_sums: Sums | None = None

    @property
    def sums(self) -> Sums:
        """The row's six amounts."""
        if self.own_sums is not None:
            return self.own_sums
        return _add(c.sums for c in self.contracts)


def _add(rows: Iterable[Sums]) -> Sums:
    total = [Decimal(0)] * 6
    for row in rows:
        total = [t + v for t, v in zip(total, row, strict=True)]
    a, b, c, d, e, f = total
    return a, b, c, d, e, f


# ОСВ 60, 1 квартал 2025: suppliers with their contracts, ИНН and КПП as additional fields.
ALFA_INN = inn10("770412345")
BETA_INN = inn10("500312876")
GAMMA_INN = inn12("7810456789")
SUPPLIERS = [
    Counterparty(
        'ООО "Альфа-Снаб"',
        ALFA_INN,
        ["770401001"],
        [
            Contract(
                "Договор поставки № 15 от 10.01.2025",
                sums(0, 0, "120000.50", "245000.50", 0, "125000.00"),
            ),
            Contract("Основной договор", sums("3500.00", 0, 0, "1200.00", "2300.00", 0)),
        ],
    ),
    Counterparty(
        'АО "Бета Логистик"',
        BETA_INN,
        ["500301001"],
        [Contract("№ 7-Л от 01.02.2025", sums(0, "18400.00", "18400.00", "36800.00", 0, "36800"))],
    ),
    Counterparty(
        "ИП Гаврилов Сергей Петрович",
        GAMMA_INN,
        [None],
        [
            Contract("Договор оказания услуг № 3", sums(0, 0, "9999.99", "9999.99", 0, 0)),
            Contract("Без договора", sums("150.00", 0, 0, 0, "150.00", 0)),
        ],
    ),
]
OSV_60_TOTALS = _add(c.sums for c in SUPPLIERS)

# ОСВ 62, 9 месяцев 2024: customers, no additional fields and no contracts.
CUSTOMERS = [
    Counterparty('ООО "Гранит"', None, own_sums=sums("50000", 0, "300000", "280000", "70000", 0)),
    Counterparty('ПАО "Омега"', None, own_sums=sums(0, "12000", "48000", "36000", 0, 0)),
    Counterparty("Петров Иван Иванович", None, own_sums=sums(0, 0, "1500.75", 0, "1500.75", 0)),
]
OSV_62_TOTALS = _add(c.sums for c in CUSTOMERS)

# ОСВ 76, October 2024 to September 2025 (a period not starting with the year).
OTHERS = [
    Counterparty(
        'ООО "Ремонт-Сервис"',
        inn10("662301234"),
        contracts=[
            Contract("Договор подряда № 44 от 01.10.2024", sums(0, 0, "64000", "64000", 0, 0))
        ],
    ),
    Counterparty(
        'САО "Надёжное страхование"',
        inn10("771005432"),
        contracts=[Contract("Полис № 001-2024", sums("12000", 0, 0, "12000", 0, 0))],
    ),
]


def _header(
    extra_labels: list[str], levels: list[str]
) -> tuple[list[list[FixtureCell]], list[Merge]]:
    """The header lines from row 4 (zero-based): names, extra fields, three merged groups."""
    first_sum = 1 + len(extra_labels)
    top: list[FixtureCell] = [levels[0], *extra_labels]
    sides: list[FixtureCell] = [levels[1], *([None] * len(extra_labels))]
    for group in _GROUPS:
        top += [group, None]
        sides += ["Дебет", "Кредит"]
    more: list[list[FixtureCell]] = [[level] for level in levels[2:]]
    lines = [top, sides, *more]
    merges: list[Merge] = [(4, first_sum + 2 * g, 4, first_sum + 2 * g + 1) for g in range(3)]
    merges += [(4, 1 + i, 3 + len(levels), 1 + i) for i in range(len(extra_labels))]
    return lines, merges


def _amounts(values: Sums, *, parentheses: bool = False) -> list[FixtureCell]:
    """1C leaves zero amounts empty; other amounts are numbers (or printed text)."""
    cells: list[FixtureCell] = []
    for value in values:
        if value == 0:
            cells.append(None)
        elif parentheses and value < 0:
            text = f"{-value:,.2f}".replace(",", "\u00a0").replace(".", ",")
            cells.append(f"({text})")
        else:
            cells.append(int(value) if value == value.to_integral() else float(value))
    return cells


@dataclass
class OsvSpec:
    """What one ОСВ sheet shows."""

    account: str
    title_period: str | None
    period_line: str | None
    counterparties: list[Counterparty]
    extra_labels: list[str] = field(default_factory=list)
    with_inn: bool = False
    subaccounts: list[str] = field(default_factory=list)
    parentheses: bool = False


def osv_sheet(spec: OsvSpec) -> FixtureSheet:
    """One ОСВ sheet to 1C's layout."""
    labels = (["ИНН"] if spec.with_inn else []) + spec.extra_labels
    has_contracts = any(c.contracts for c in spec.counterparties)
    levels = ["Счет", "Контрагенты"] + (["Договоры"] if has_contracts else [])
    title = f"Оборотно-сальдовая ведомость по счету {spec.account}"
    if spec.title_period:
        title += f" за {spec.title_period}"
    rows: list[list[FixtureCell]] = [[ORGANIZATION], [title]]
    rows.append([f"Период: {spec.period_line}"] if spec.period_line else [])
    rows.append(["Выводимые данные: БУ (данные бухгалтерского учета)"])
    header, merges = _header(labels, levels)
    rows += header
    blank = [None] * len(labels)
    totals = _add(c.sums for c in spec.counterparties)
    parentheses = spec.parentheses
    rows.append([spec.account, *blank, *_amounts(totals, parentheses=parentheses)])
    for subaccount in spec.subaccounts:
        rows.append([subaccount, *blank, *_amounts(totals, parentheses=parentheses)])
    for party in spec.counterparties:
        fields: list[FixtureCell] = [party.inn] if spec.with_inn else []
        fields += party.extra
        fields += [None] * (len(labels) - len(fields))
        rows.append([party.name, *fields, *_amounts(party.sums, parentheses=parentheses)])
        for contract in party.contracts:
            # ИНН and КПП belong to the counterparty: 1C leaves them empty on its contracts.
            amounts = _amounts(contract.sums, parentheses=parentheses)
            rows.append([contract.name, *blank, *amounts])
    rows.append(["Итого", *blank, *_amounts(totals, parentheses=parentheses)])
    return FixtureSheet(SHEET_NAME, rows, merges)


def osv_60() -> list[FixtureSheet]:
    """ОСВ 60 for 1 квартал 2025: ИНН and КПП columns, contracts under each supplier."""
    spec = OsvSpec(
        "60", "1 квартал 2025 г.", None, SUPPLIERS, ["КПП"], with_inn=True, subaccounts=["60.01"]
    )
    return [osv_sheet(spec)]


def osv_62() -> list[FixtureSheet]:
    """ОСВ 62 for 9 месяцев 2024: no additional fields, no contracts."""
    return [osv_sheet(OsvSpec("62", "9 месяцев 2024 г.", None, CUSTOMERS))]


def osv_76_months() -> list[FixtureSheet]:
    """ОСВ 76 for Октябрь 2024 – Сентябрь 2025, the period on its own «Период:» line."""
    spec = OsvSpec("76", None, "Октябрь 2024 г. – Сентябрь 2025 г.", OTHERS, with_inn=True)
    return [osv_sheet(spec)]


BAD_INN = ALFA_INN[:9] + str((int(ALFA_INN[9]) + 1) % 10)


def osv_60_bad_inn() -> list[FixtureSheet]:
    """ОСВ 60 whose first supplier's ИНН has a wrong check digit."""
    suppliers = [
        Counterparty(SUPPLIERS[0].name, BAD_INN, SUPPLIERS[0].extra, SUPPLIERS[0].contracts),
        *SUPPLIERS[1:],
    ]
    spec = OsvSpec(
        "60.01", "Январь 2025 г. - Март 2025 г.", None, suppliers, ["КПП"], with_inn=True
    )
    return [osv_sheet(spec)]


# Advances paid that exceed the debt print as negative credit balances in some exports.
NEGATIVE_CUSTOMERS = [
    Counterparty('ООО "Гранит"', None, own_sums=sums("-1234.5", 0, "1234.5", 0, 0, 0)),
    Counterparty('ПАО "Омега"', None, own_sums=sums(0, "-250000", 0, 0, 0, "-250000")),
]


def osv_62_parentheses() -> list[FixtureSheet]:
    """ОСВ 62 with negative amounts printed as text in parentheses: "(1 234,50)"."""
    spec = OsvSpec("62", "2024 г.", None, NEGATIVE_CUSTOMERS, parentheses=True)
    return [osv_sheet(spec)]


def large_osv(rows: int) -> list[FixtureSheet]:
    """ОСВ 62 with `rows` counterparties (ИНН column, no contracts), for the benchmark."""
    parties = [
        Counterparty(
            f'ООО "Покупатель {i:05d}"',
            inn10(f"77{i:07d}"),
            own_sums=sums(
                i * 10, 0, i * 100 + Decimal("0.25"), i * 90, i * 20 + Decimal("0.25"), 0
            ),
        )
        for i in range(1, rows + 1)
    ]
    return [osv_sheet(OsvSpec("62", "2024 г.", None, parties, with_inn=True))]


FIXTURES = {
    "osv_60_contracts.xlsx": osv_60,
    "osv_60_contracts.xls": osv_60,
    "osv_60_contracts.xlsb": osv_60,
    "osv_62.xlsx": osv_62,
    "osv_76_months.ods": osv_76_months,
    "osv_60_bad_inn.xlsx": osv_60_bad_inn,
    "osv_62_parentheses.xlsx": osv_62_parentheses,
}


def build(out_dir: Path) -> None:
    """Write every ОСВ fixture into `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, make in FIXTURES.items():
        write_workbook(out_dir / name, make(), name.rsplit(".", 1)[1])
