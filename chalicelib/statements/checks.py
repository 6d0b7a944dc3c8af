"""The control relations of the balance sheet (0710001) and the income statement (0710002).

Each relation is checked per column. A failed relation lands in `relations_failed`
(hard) or `soft_relations_failed` (soft): soft when the difference is one unit (the
rounding of thousands) or when a line the relation rests on is not in the form at all.
Sub-lines missing from the form count as zero: small companies leave out the lines
they have nothing on.

Signs: the forms print expenses (2120, 2210, 2220, 2330, 2350, 2410) and own shares
(1320) in parentheses, and most files store them as negative numbers; some store the
bare amounts. The relations are written in the forms' own words ("2100 = 2110 - 2120")
and every value is brought to that meaning first: see `_ExpenseSigns`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from chalicelib.statements.money import money_value

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

# A rounding difference in the document's units (thousands or millions of roubles).
_ROUNDING = Decimal(1)
_CENT = Decimal("0.01")


@dataclass(frozen=True)
class Relation:
    """`target = Σ sign × term`: `main` terms must be in the form, `optional` ones may be absent."""

    text: str
    target: str
    main: tuple[tuple[int, str], ...]
    optional: tuple[tuple[int, str], ...] = ()

    def terms(self) -> tuple[tuple[int, str], ...]:
        """Every term, main and optional, with its sign."""
        return self.main + self.optional


def _sub_lines(first: int, last: int) -> tuple[tuple[int, str], ...]:
    return tuple((1, str(code)) for code in range(first, last + 1, 10))


BALANCE_RELATIONS: tuple[Relation, ...] = (
    Relation("1100 = Σ(1110..1190)", "1100", (), _sub_lines(1110, 1190)),
    Relation("1200 = Σ(1210..1260)", "1200", (), _sub_lines(1210, 1260)),
    Relation("1300 = Σ(1310..1370)", "1300", (), _sub_lines(1310, 1370)),
    Relation("1400 = Σ(1410..1450)", "1400", (), _sub_lines(1410, 1450)),
    Relation("1500 = Σ(1510..1550)", "1500", (), _sub_lines(1510, 1550)),
    Relation("1600 = 1100 + 1200", "1600", ((1, "1100"), (1, "1200"))),
    Relation("1700 = 1300 + 1400 + 1500", "1700", ((1, "1300"), (1, "1400"), (1, "1500"))),
    Relation("1600 = 1700", "1600", ((1, "1700"),)),
)

INCOME_RELATIONS: tuple[Relation, ...] = (
    Relation("2100 = 2110 - 2120", "2100", (), ((1, "2110"), (-1, "2120"))),
    Relation("2200 = 2100 - 2210 - 2220", "2200", ((1, "2100"),), ((-1, "2210"), (-1, "2220"))),
    Relation(
        "2300 = 2200 + 2310 + 2320 - 2330 + 2340 - 2350",
        "2300",
        ((1, "2200"),),
        ((1, "2310"), (1, "2320"), (-1, "2330"), (1, "2340"), (-1, "2350")),
    ),
    Relation("2400 = 2300 - 2410 + 2460", "2400", ((1, "2300"),), ((-1, "2410"), (1, "2460"))),
)
# The simplified balance (small businesses) prints no section totals: 1300 is the whole
# capital beside 1350 and 1360, and the two sides add up straight to 1600 and 1700.
SIMPLIFIED_BALANCE_RELATIONS: tuple[Relation, ...] = (
    Relation(
        "1600 = Σ(1110..1190) + Σ(1210..1260)",
        "1600",
        (),
        _sub_lines(1110, 1190) + _sub_lines(1210, 1260),
    ),
    Relation(
        "1700 = 1300 + 1350 + 1360 + Σ(1410..1450) + Σ(1510..1550)",
        "1700",
        (),
        ((1, "1300"), (1, "1350"), (1, "1360"), *_sub_lines(1410, 1450), *_sub_lines(1510, 1550)),
    ),
    Relation("1600 = 1700", "1600", ((1, "1700"),)),
)
# Forms before 2020 print deferred tax apart: 2430 (liabilities) and 2450 (assets), each
# with its own sign; 2421 («в т.ч. постоянные налоговые обязательства») is never summed.
_INCOME_2400_OLD = Relation(
    "2400 = 2300 - 2410 + 2430 + 2450 + 2460",
    "2400",
    ((1, "2300"),),
    ((-1, "2410"), (1, "2430"), (1, "2450"), (1, "2460")),
)

# Lines that are always expenses: their sign in the file tells how the file stores expenses.
_PURE_EXPENSES = frozenset({"2120", "2210", "2220", "2330", "2350"})
# Lines the forms print in parentheses when they are expenses; 2410 may also be a tax income.
_EXPENSES = _PURE_EXPENSES | {"2410"}
# Lines that only ever reduce their section, whatever sign the file gives them.
_ALWAYS_DEDUCTED = frozenset({"1320"})


class _ExpenseSigns:
    """How a file stores expenses: negative as printed (in parentheses) or as bare amounts.

    Decided once per document from the lines that can only be expenses: any negative one
    means "as printed", any positive one (and no negative) means "bare amounts". With
    neither, the forms' own convention (as printed) stands. A relation subtracts an
    expense's amount: as printed, the amount is minus the cell (a positive 2410 is then a
    tax income and adds); as bare amounts, the cell itself.
    """

    def __init__(self, lines: Mapping[str, Sequence[Decimal | None]]) -> None:
        values = [v for code in _PURE_EXPENSES for v in lines.get(code, ()) if v]
        self.as_printed = any(v < 0 for v in values) or not values

    def meaning(self, code: str, value: Decimal) -> Decimal:
        """The cell's value in the relation's words: an expense's amount, others as they are."""
        if code in _ALWAYS_DEDUCTED:
            return -abs(value)
        if code in _EXPENSES and self.as_printed:
            return -value
        return value


def _money(amount: Decimal) -> str:
    rounded = amount.quantize(_CENT)
    if rounded == 0:
        return "0"
    text = f"{rounded:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _line_table(
    lines: Iterable[Mapping[str, Any]],
) -> tuple[dict[str, list[Decimal | None]], list[str]]:
    """Each code's values (its first printing) and the codes printed twice with other values."""
    table: dict[str, list[Decimal | None]] = {}
    duplicates: list[str] = []
    for line in lines:
        code = str(line.get("code") or "")
        if not code:
            continue
        values = [money_value(v) for v in line.get("values") or ()]
        if code not in table:
            table[code] = values
        elif table[code] != values and code not in duplicates:
            duplicates.append(code)
    return table, sorted(duplicates)


def _income_relations(codes: Iterable[str]) -> tuple[Relation, ...]:
    present = set(codes)
    if present & {"2430", "2450"}:
        return (*INCOME_RELATIONS[:-1], _INCOME_2400_OLD)
    return INCOME_RELATIONS


def _check_relation(
    relation: Relation,
    table: Mapping[str, Sequence[Decimal | None]],
    column: int,
    signs: _ExpenseSigns,
) -> dict[str, Any] | None:
    """The failure of one relation in one column with its hardness, or None when it holds."""
    if relation.target not in table:
        return None  # the form does not print the total: nothing to check
    involved = [relation.target, *(code for _, code in relation.terms())]
    cells = [_cell(table, code, column) for code in involved]
    if all(cell is None for cell in cells):
        return None  # an empty column (a company's first year): nothing printed
    actual = signs.meaning(relation.target, cells[0] or Decimal(0))
    expected = Decimal(0)
    for sign, code in relation.terms():
        expected += sign * signs.meaning(code, _cell(table, code, column) or Decimal(0))
    difference = abs(expected - actual)
    if difference == 0:
        return None
    missing_main = any(code not in table for _, code in relation.main)
    return {
        "column_index": column,
        "relation": relation.text,
        "expected": _money(expected),
        "actual": _money(actual),
        "soft": missing_main or difference <= _ROUNDING,
    }


def _cell(table: Mapping[str, Sequence[Decimal | None]], code: str, column: int) -> Decimal | None:
    values = table.get(code, ())
    return values[column] if column < len(values) else None


def check_statement(document: Mapping[str, Any]) -> dict[str, Any]:
    """The `checks` of a statementDocument: its form's relations per column, and duplicate codes."""
    table, duplicates = _line_table(document.get("lines") or ())
    kind = document.get("document_type")
    relations: tuple[Relation, ...] = ()
    if kind == "BALANCE":
        simplified = not {"1100", "1200"} & table.keys()
        relations = SIMPLIFIED_BALANCE_RELATIONS if simplified else BALANCE_RELATIONS
    elif kind == "INCOME":
        relations = _income_relations(table)
    signs = _ExpenseSigns(table)
    hard: list[dict[str, Any]] = []
    soft: list[dict[str, Any]] = []
    for column in range(len(document.get("columns") or ())):
        for relation in relations:
            failure = _check_relation(relation, table, column, signs)
            if failure is None:
                continue
            (soft if failure.pop("soft") else hard).append(failure)
    return {
        "relations_failed": hard,
        "soft_relations_failed": soft,
        "duplicate_line_codes": duplicates,
    }
