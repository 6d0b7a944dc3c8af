"""The ФНС forms read off sheets: 1C and ФНС-service layouts, one- and two-sheet balances."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.contracts import validate_against
from chalicelib.statements.forms import parse_forms
from chalicelib.statements.grid import CellValue, Sheet
from chalicelib.statements.workbook import read_workbook
from tests.conftest import FIXTURES_DIR
from tests.statement_fixtures import forms as fixtures

if TYPE_CHECKING:
    from pathlib import Path

STATEMENTS = FIXTURES_DIR / "statements"


def _parse_file(name: str) -> list[dict[str, Any]]:
    path = STATEMENTS / name
    if not path.is_file():
        pytest.skip(f"{name} not generated yet: run `python -m tests.statement_fixtures`")
    return parse_forms(read_workbook(path.read_bytes(), path.suffix.lstrip(".")))


def _values(document: dict[str, Any], code: str) -> list[str | None]:
    return next(line["values"] for line in document["lines"] if line["code"] == code)


def _form(title: str, okud: CellValue, lines: list[list[CellValue]]) -> list[list[CellValue]]:
    """A small form: title, ОКУД, units and a table with two date columns."""
    return [
        [title],
        ["на 31 декабря 2024 г."],
        [None, None, "Форма по ОКУД", okud],
        ["Единица измерения: в тыс. рублей"],
        ["Наименование показателя", "Код", "На 31.12.2024", "На 31.12.2023"],
        *lines,
    ]


_SMALL_BALANCE: list[list[CellValue]] = [
    ["Основные средства", "1150", "500", "400"],
    ["Итого по разделу I", "1100", "500", "400"],
    ["Денежные средства", "1250", "500", "400"],
    ["Итого по разделу II", "1200", "500", "400"],
    ["БАЛАНС", "1600", "1000", "800"],
    ["Нераспределенная прибыль", "1370", "1000", "800"],
    ["Итого по разделу III", "1300", "1000", "800"],
    ["БАЛАНС", "1700", "1000", "800"],
]


@pytest.mark.parametrize("fmt", ["xlsx", "xls", "xlsb"])
def test_parse_forms_reads_a_1c_balance_with_its_requisites(fmt: str) -> None:
    (balance,) = _parse_file(f"form_balance_1c.{fmt}")

    assert balance["kind"] == "statement"
    assert balance["document_type"] == "BALANCE"
    assert balance["form_code"] == balance["okud"] == "0710001"
    assert balance["organization"] == fixtures.ORGANIZATION
    assert (balance["inn"], balance["inn_valid"]) == (fixtures.INN, True)
    assert balance["period"] == {
        "text": "на 31 декабря 2024 г.",
        "start": "2024-01-01",
        "end": "2024-12-31",
    }
    assert (balance["units"], balance["units_text"]) == ("thousand_rub", "в тыс. рублей")
    assert balance["locator"] == [{"sheet": "TDSheet", "range": "A1:H58"}]
    assert [c["date"] for c in balance["columns"]] == ["2024-12-31", "2023-12-31", "2022-12-31"]
    assert balance["lines"][0] == {
        "code": "1110",
        "name": "Нематериальные активы",
        "values": ["120", "150", "180"],
        "cell": "C18",
    }
    assert len(balance["lines"]) == 33
    assert balance["checks"]["relations_failed"] == []
    assert balance["warnings"] == []


def test_parse_forms_reads_dashes_and_empty_cells_as_no_amount() -> None:
    (balance,) = _parse_file("form_balance_1c.xlsx")

    assert _values(balance, "1120") == [None, None, None]
    assert _values(balance, "1240") == ["500", None, "300"]


def test_parse_forms_joins_a_balance_printed_over_two_sheets_into_one_document() -> None:
    (balance,) = _parse_file("form_balance_fns_two_sheets.xlsx")

    assert [part["sheet"] for part in balance["locator"]] == ["Стр.2 Актив", "Стр.3 Пассив"]
    codes = [line["code"] for line in balance["lines"]]
    assert codes.index("1600") < codes.index("1310") < codes.index("1700")
    assert balance["inn"] == fixtures.INN  # read from one digit per box
    assert balance["checks"] == {
        "relations_failed": [],
        "soft_relations_failed": [],
        "duplicate_line_codes": [],
    }


def test_parse_forms_dates_the_tax_service_columns_told_relative_to_the_report_date() -> None:
    (balance,) = _parse_file("form_balance_fns_two_sheets.xlsx")

    assert [c["date"] for c in balance["columns"]] == ["2024-12-31", "2023-12-31", "2022-12-31"]
    assert balance["columns"][1]["label"] == "На 31 декабря предыдущего года"


def test_parse_forms_takes_units_from_the_okei_code_when_the_text_names_both() -> None:
    (balance,) = _parse_file("form_balance_fns_two_sheets.xlsx")

    assert (balance["units"], balance["units_text"]) == ("thousand_rub", None)


def test_parse_forms_reads_expenses_in_parentheses_as_negative_amounts() -> None:
    (income,) = _parse_file("form_income_1c.xlsx")

    assert income["document_type"] == "INCOME"
    assert income["form_code"] == "0710002"
    assert income["period"]["start"] == "2024-01-01"
    assert [c["date"] for c in income["columns"]] == ["2024-12-31", "2023-12-31"]
    assert _values(income, "2120") == ["-36870", "-33540"]
    assert _values(income, "2400") == ["1990", "2098"]
    assert income["checks"]["relations_failed"] == []
    assert income["checks"]["soft_relations_failed"] == []


def test_parse_forms_reports_a_balance_whose_sides_differ_and_keeps_a_bad_inn_flagged() -> None:
    (balance,) = _parse_file("form_balance_broken.xlsx")

    assert balance["checks"]["relations_failed"] == [
        {"column_index": 0, "relation": "1600 = 1700", "expected": "25680", "actual": "25620"}
    ]
    assert (balance["inn"], balance["inn_valid"]) == (fixtures.INN_BAD, False)
    assert any(fixtures.INN_BAD in warning for warning in balance["warnings"])


def test_parse_forms_finds_the_balance_the_income_statement_and_the_notes_of_a_year() -> None:
    documents = _parse_file("form_full_year.xlsx")

    assert [d["document_type"] for d in documents] == ["BALANCE", "INCOME", "DISCLOSURE"]
    notes = documents[2]
    assert "columns" not in notes
    assert "lines" not in notes
    assert "checks" not in notes
    assert notes["period"]["end"] == "2024-12-31"
    assert notes["locator"] == [{"sheet": "Пояснения", "range": "A1:B10"}]


def test_parse_forms_reads_a_simplified_balance_in_roubles() -> None:
    (balance,) = _parse_file("form_balance_roubles.xlsx")

    assert (balance["units"], balance["units_text"]) == ("rub", "в руб.")
    assert balance["inn"] == fixtures.INN_SMALL
    assert _values(balance, "1600") == ["2977175", "2717780", None]
    assert balance["checks"]["relations_failed"] == []
    assert balance["checks"]["soft_relations_failed"] == []


def test_parse_forms_cuts_a_sheet_at_each_form_title() -> None:
    income_lines: list[list[CellValue]] = [
        ["Выручка", "2110", "(100)", "90"],
        ["Себестоимость продаж", "2120", "(60)", "(50)"],
    ]
    rows = [
        *_form("Бухгалтерский баланс", "0710001", _SMALL_BALANCE),
        [],
        *_form("Отчет о финансовых результатах", "0710002", income_lines),
    ]

    documents = parse_forms([Sheet("Отчетность", rows)])

    assert [d["document_type"] for d in documents] == ["BALANCE", "INCOME"]
    assert [d["locator"][0]["range"] for d in documents] == ["A1:D13", "A15:D21"]
    assert [line["code"] for line in documents[1]["lines"]] == ["2110", "2120"]


def test_parse_forms_reads_a_form_code_that_lost_its_leading_zero() -> None:
    sheet = Sheet("Баланс", _form("Бухгалтерский баланс", 710001.0, _SMALL_BALANCE))

    (balance,) = parse_forms([sheet])

    assert balance["form_code"] == "0710001"


def test_parse_forms_reads_millions_and_a_numeric_inn_that_lost_its_leading_zero() -> None:
    rows = _form("Бухгалтерский баланс", "0710001", _SMALL_BALANCE)
    rows[3] = ["Единица измерения: в млн. рублей"]
    rows.insert(1, ["ИНН", None, 247001159.0])

    (balance,) = parse_forms([Sheet("Баланс", rows)])

    assert balance["units"] == "million_rub"
    assert (balance["inn"], balance["inn_valid"]) == ("0247001159", True)


def test_parse_forms_keeps_two_balances_with_the_same_codes_apart() -> None:
    sheets = [
        Sheet("2024", _form("Бухгалтерский баланс", "0710001", _SMALL_BALANCE)),
        Sheet("2023", _form("Бухгалтерский баланс", "0710001", _SMALL_BALANCE)),
    ]

    documents = parse_forms(sheets)

    assert [d["locator"][0]["sheet"] for d in documents] == ["2024", "2023"]


def test_parse_forms_calls_a_bank_of_russia_form_other_without_lines() -> None:
    rows = _form("Отчет о финансовых результатах", "0420002", _SMALL_BALANCE)

    (document,) = parse_forms([Sheet("0420002", rows)])

    assert document["document_type"] == "OTHER"
    assert document["form_code"] == "0420002"
    assert "lines" not in document
    assert "checks" not in document


@pytest.mark.parametrize(
    "rows",
    [
        [],
        [["Оборотно-сальдовая ведомость по счету 60"], ["Счет", "Сальдо на начало периода"]],
        [["Код", "Наименование"], ["1234", "Товар"], ["5678", "Услуга"]],
    ],
)
def test_parse_forms_finds_nothing_in_sheets_that_hold_no_form(rows: list[list[CellValue]]) -> None:
    assert parse_forms([Sheet("Лист1", rows)]) == []


@pytest.mark.corpus
def test_parse_forms_calls_the_bank_of_russia_workbooks_other(corpus: Path) -> None:
    workbooks = sorted((corpus / "ru_accounting").glob("*.xlsx"))
    assert workbooks

    for path in workbooks:
        documents = parse_forms(read_workbook(path.read_bytes(), "xlsx"))

        assert {d["document_type"] for d in documents} <= {"OTHER"}, path.name


@pytest.mark.parametrize(
    ("inn_row", "inn"),
    [
        (["ИНН/КПП 7736303529/773601001"], "7736303529"),
        (["ИНН", "7736303529", "КПП", "773601001"], "7736303529"),
        (["ИНН", "КПП", "773601001"], None),  # a КПП text is not an ИНН that lost a zero
    ],
)
def test_parse_forms_reads_the_inn_where_forms_print_it(
    inn_row: list[CellValue], inn: str | None
) -> None:
    rows = _form("Бухгалтерский баланс", "0710001", _SMALL_BALANCE)
    rows.insert(1, inn_row)

    (balance,) = parse_forms([Sheet("Баланс", rows)])

    assert balance["inn"] == inn


def test_forms_fixtures_stay_small() -> None:
    present = [STATEMENTS / name for name in fixtures.FIXTURES if (STATEMENTS / name).is_file()]
    assert present

    assert [p.name for p in present if p.stat().st_size >= 30 * 1024] == []


@pytest.mark.parametrize("name", sorted(fixtures.FIXTURES))
def test_parse_forms_documents_satisfy_the_statement_contract(name: str) -> None:
    documents = _parse_file(name)
    assert documents

    for document in documents:
        validate_against("statementDocument", document)
