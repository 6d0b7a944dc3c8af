"""1C «Оборотно-сальдовая ведомость по счету …» sheets read into osvDocuments."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.prescreen.inn import is_valid_inn
from chalicelib.statements.grid import Sheet
from chalicelib.statements.osv import SUMS, parse_osv
from chalicelib.statements.workbook import read_workbook
from tests.conftest import FIXTURES_DIR
from tests.statement_fixtures import osv as fixtures

if TYPE_CHECKING:
    from chalicelib.statements.grid import CellValue

STATEMENTS = FIXTURES_DIR / "statements"
MONEY = re.compile(r"^-?\d+(\.\d{1,2})?$")
HEAD: list[list[CellValue]] = [
    ['ООО "Ромашка"'],
    ["Оборотно-сальдовая ведомость по счету 60 за 1 квартал 2025 г."],
    ["Выводимые данные: БУ (данные бухгалтерского учета)"],
]
GROUPS: list[CellValue] = [
    "Сальдо на начало периода",
    None,
    "Обороты за период",
    None,
    "Сальдо на конец периода",
    None,
]
SIDES: list[CellValue] = ["Дебет", "Кредит"] * 3


def _document(name: str) -> dict[str, Any]:
    path = STATEMENTS / name
    [sheet] = read_workbook(path.read_bytes(), path.suffix[1:])
    document = parse_osv(sheet)
    assert document is not None
    return document


def _sheet(rows: list[list[CellValue]]) -> Sheet:
    return Sheet("TDSheet", rows)


def _money(values: fixtures.Sums) -> dict[str, str | None]:
    return {
        key: (None if value == 0 else f"{value.normalize():f}")
        for key, value in zip(SUMS, values, strict=True)
    }


@pytest.mark.parametrize("name", ["osv_60_contracts.xlsx", "osv_60_contracts.xls"])
def test_osv_60_reads_header_counterparties_contracts_and_totals(name: str) -> None:
    document = _document(name)

    assert document["kind"] == "osv"
    assert document["header"] == {
        "title": "Оборотно-сальдовая ведомость по счету 60",
        "organization": 'ООО "Ромашка"',
        "account": "60",
        "period_text": "1 квартал 2025 г.",
        "period_start": "2025-01-01",
        "period_end": "2025-03-31",
        "is_from_year_start": True,
    }
    assert document["columns"] == {
        "counterparty": "Счет / Контрагенты / Договоры",
        "inn": "ИНН",
        "extra": ["КПП"],
    }
    assert document["locator"] == {"sheet": "TDSheet", "range": "A1:I18"}
    assert [row["counterparty"] for row in document["rows"]] == [
        'ООО "Альфа-Снаб"',
        'АО "Бета Логистик"',
        "ИП Гаврилов Сергей Петрович",
    ]
    alfa = document["rows"][0]
    assert alfa["inn"] == fixtures.ALFA_INN
    assert alfa["inn_valid"] is True
    assert alfa["extra"] == {"КПП": "770401001"}
    assert alfa["cell"] == "A10"
    assert alfa["turnover_credit"] == "246200.5"
    assert alfa["closing_credit"] == "125000"
    assert [c["contract"] for c in alfa["contracts"]] == [
        "Договор поставки № 15 от 10.01.2025",
        "Основной договор",
    ]
    assert alfa["contracts"][0]["cell"] == "A11"
    assert alfa["contracts"][0]["extra"] == {"КПП": None}
    assert alfa["contracts"][1]["opening_debit"] == "3500"
    assert document["rows"][2]["inn"] == fixtures.GAMMA_INN
    assert len(document["rows"][2]["contracts"]) == 2
    assert document["totals"] == _money(fixtures.OSV_60_TOTALS)
    assert document["warnings"] == []
    assert document["confidence"] == 100


def test_osv_60_is_the_same_document_in_every_format() -> None:
    documents = [
        _document(f"osv_60_contracts.{ext}")
        for ext in ("xlsx", "xls", "xlsb")
        if (STATEMENTS / f"osv_60_contracts.{ext}").exists()
    ]
    assert len(documents) >= 2
    assert all(document == documents[0] for document in documents)


def test_osv_62_without_extra_columns_has_no_inn_and_no_contracts() -> None:
    document = _document("osv_62.xlsx")

    assert document["columns"] == {"counterparty": "Счет / Контрагенты", "inn": None, "extra": []}
    assert document["header"]["period_end"] == "2024-09-30"
    rows = document["rows"]
    assert [row["contracts"] for row in rows] == [[], [], []]
    assert rows[0]["inn"] is None
    assert rows[0]["inn_valid"] is None
    assert rows[0]["extra"] == {}
    assert rows[2] | {"contracts": None} == {
        "counterparty": "Петров Иван Иванович",
        "inn": None,
        "inn_valid": None,
        **_money(fixtures.CUSTOMERS[2].sums),
        "extra": {},
        "cell": "A10",
        "contracts": None,
    }
    assert document["totals"] == _money(fixtures.OSV_62_TOTALS)


def test_osv_76_reads_a_month_range_not_starting_with_the_year() -> None:
    document = _document("osv_76_months.ods")

    header = document["header"]
    assert header["period_text"] == "Октябрь 2024 г. – Сентябрь 2025 г."
    assert (header["period_start"], header["period_end"]) == ("2024-10-01", "2025-09-30")
    assert header["is_from_year_start"] is False
    assert header["account"] == "76"
    assert [len(row["contracts"]) for row in document["rows"]] == [1, 1]


def test_a_bad_inn_check_digit_is_kept_as_printed_and_flagged() -> None:
    document = _document("osv_60_bad_inn.xlsx")

    first = document["rows"][0]
    assert first["inn"] == fixtures.BAD_INN
    assert first["inn_valid"] is False
    assert not is_valid_inn(fixtures.BAD_INN)
    assert document["rows"][1]["inn_valid"] is True
    assert any(w.startswith("B9:") and fixtures.BAD_INN in w for w in document["warnings"])
    assert document["header"]["account"] == "60.01"
    assert document["header"]["period_start"] == "2025-01-01"


def test_amounts_in_parentheses_are_negative() -> None:
    document = _document("osv_62_parentheses.xlsx")

    granit, omega = document["rows"]
    assert granit["opening_debit"] == "-1234.5"
    assert omega["closing_credit"] == "-250000"
    assert document["totals"]["opening_credit"] == "-250000"
    assert document["warnings"] == []


def test_every_amount_is_a_money_string_or_null() -> None:
    for name in fixtures.FIXTURES:
        if not (STATEMENTS / name).exists():
            continue
        document = _document(name)
        for row in [*document["rows"], *(c for r in document["rows"] for c in r["contracts"])]:
            assert all(row[key] is None or MONEY.match(row[key]) for key in SUMS)


def _table(extra_head: list[CellValue], rows: list[list[CellValue]]) -> Sheet:
    levels = ["Счет", "Контрагенты", "Договоры"]
    blanks: list[CellValue] = [None] * len(extra_head)
    return _sheet(
        [
            *HEAD,
            [levels[0], *extra_head, *GROUPS],
            [levels[1], *blanks, *SIDES],
            [levels[2]],
            *rows,
        ]
    )


def test_contracts_with_plain_names_are_told_by_their_sums_adding_up() -> None:
    sheet = _table(
        [],
        [
            ["Альфа", 100, None, 50, None, 150, None],
            ["Поставка оборудования", 60, None, None, None, 60, None],
            ["Монтаж", 40, None, 50, None, 90, None],
            ["Бета", None, 30, None, None, None, 30],
            ["Аренда склада", None, 30, None, None, None, 30],
            ["Итого", 100, 30, 50, None, 150, 30],
        ],
    )
    document = parse_osv(sheet)

    assert document is not None
    assert [(r["counterparty"], len(r["contracts"])) for r in document["rows"]] == [
        ("Альфа", 2),
        ("Бета", 1),
    ]
    assert document["warnings"] == []


def test_rows_without_inn_between_counterparties_are_their_contracts() -> None:
    sheet = _table(
        ["ИНН"],
        [
            ['ООО "Альфа"', "7707083893", 100, None, None, None, 100, None],
            ["Договор № 1", None, 100, None, None, None, 100, None],
            ["Гамма", "7736050003", None, None, 10, None, 10, None],
            ["Заказ 15", None, None, None, 10, None, 10, None],
            ["Итого", None, 100, None, 10, None, 110, None],
        ],
    )
    document = parse_osv(sheet)

    assert document is not None
    assert [r["counterparty"] for r in document["rows"]] == ['ООО "Альфа"', "Гамма"]
    assert document["rows"][1]["contracts"][0]["contract"] == "Заказ 15"


def test_contracts_in_a_column_of_their_own_keep_the_column_in_extra() -> None:
    sheet = _sheet(
        [
            *HEAD,
            ["Счет", "ИНН", "КПП", "Договоры", *GROUPS],
            ["Контрагенты", None, None, None, *SIDES],
            ['ООО "Альфа"', "7707083893", "770701001", None, 5, None, None, None, 5, None],
            [None, None, None, "Договор № 9", 5, None, None, None, 5, None],
            ["Итого", None, None, None, 5, None, None, None, 5, None],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert document["columns"]["extra"] == ["КПП", "Договоры"]
    [alfa] = document["rows"]
    assert alfa["extra"] == {"КПП": "770701001", "Договоры": None}
    [contract] = alfa["contracts"]
    assert contract["contract"] == "Договор № 9"
    assert contract["extra"] == {"КПП": None, "Договоры": "Договор № 9"}


def test_columns_without_a_header_are_kept_under_their_letter() -> None:
    sheet = _sheet(
        [
            *HEAD,
            ["Счет", None, *GROUPS],
            ["Контрагенты", None, *SIDES],
            ['ООО "Альфа"', "заметка", 1, None, None, None, 1, None],
            ["Итого", None, 1, None, None, None, 1, None],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert document["columns"]["extra"] == ["Колонка B"]
    assert document["rows"][0]["extra"] == {"Колонка B": "заметка"}


def test_an_inn_stored_as_a_number_gets_its_leading_zero_back() -> None:
    sheet = _sheet(
        [
            *HEAD,
            ["Счет", "ИНН", *GROUPS],
            ["Контрагенты", None, *SIDES],
            ['ООО "Уфа"', 274062111, 1, None, None, None, 1, None],
            ["Итого", None, 1, None, None, None, 1, None],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert document["rows"][0]["inn"] == "0274062111"
    assert document["rows"][0]["inn_valid"] is True


def test_totals_that_disagree_with_the_rows_are_warned_and_lower_the_confidence() -> None:
    sheet = _sheet(
        [
            *HEAD,
            ["Счет", *GROUPS],
            ["Контрагенты", *SIDES],
            ['ООО "Альфа"', 1, None, 2, None, 3, None],
            ["Итого", 1, None, 2, None, 4, None],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert any(w.startswith("Итого (closing_debit)") for w in document["warnings"])
    assert document["confidence"] < 100


def test_a_row_whose_closing_balance_does_not_follow_is_warned() -> None:
    sheet = _sheet(
        [
            *HEAD,
            ["Счет", *GROUPS],
            ["Контрагенты", *SIDES],
            ['ООО "Альфа"', 1, None, 2, None, 7, None],
            ["Итого", 1, None, 2, None, 7, None],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert any(w.startswith("A6:") and "сальдо на конец" in w for w in document["warnings"])


def test_text_that_is_not_an_amount_is_warned_not_invented() -> None:
    sheet = _sheet(
        [
            *HEAD,
            ["Счет", *GROUPS],
            ["Контрагенты", *SIDES],
            ['ООО "Альфа"', "н/д", None, None, None, None, None],
            ["Итого"],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert document["rows"][0]["opening_debit"] is None
    assert any(w.startswith("B6:") for w in document["warnings"])


def test_a_table_of_counterparties_without_the_title_is_read_with_less_confidence() -> None:
    sheet = _sheet(
        [
            ["Контрагенты", *GROUPS],
            [None, *SIDES],
            ['ООО "Альфа"', 1, None, None, None, 1, None],
            ["Итого", 1, None, None, None, 1, None],
        ]
    )
    document = parse_osv(sheet)

    assert document is not None
    assert document["header"]["title"] is None
    assert document["confidence"] <= 70


@pytest.mark.parametrize(
    "rows",
    [
        [],
        [["Бухгалтерский баланс"], ["Наименование показателя", "Код", "На 31 декабря 2024 г."]],
        [
            ["Оборотно-сальдовая ведомость за 2024 г."],
            ["Счет", None, *GROUPS],
            ["Код", "Наименование", *SIDES],
            ["01", "Основные средства", 1, None, None, None, 1, None],
        ],
        [["Оборотно-сальдовая ведомость по счету 60"], ["Счет", "Сальдо на начало периода"]],
    ],
    ids=["empty", "balance sheet", "osv by accounts", "no sum columns"],
)
def test_sheets_that_are_not_an_osv_by_account_give_none(rows: list[list[CellValue]]) -> None:
    assert parse_osv(_sheet(rows)) is None


def test_a_large_osv_reads_every_counterparty_and_agrees_with_its_totals() -> None:
    from tests.statement_fixtures.writers import FixtureSheet

    [fixture] = fixtures.large_osv(300)
    assert isinstance(fixture, FixtureSheet)
    rows: list[list[CellValue]] = [list(row) for row in fixture.rows]
    document = parse_osv(_sheet(rows))

    assert document is not None
    assert len(document["rows"]) == 300
    assert document["warnings"] == []
    assert all(row["inn_valid"] for row in document["rows"])
