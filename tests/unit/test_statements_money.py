"""Amounts and periods as Russian accounting statements print them."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

import pytest

from chalicelib.statements.money import parse_money, parse_period

if TYPE_CHECKING:
    from chalicelib.statements.grid import CellValue

MONEY = re.compile(r"^-?\d+(\.\d{1,2})?$")


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("(1 234,5)", "-1234.5"),
        ("1 234 567", "1234567"),
        ("1\u00a0234\u00a0567,89", "1234567.89"),
        ("1\u202f234,00", "1234"),
        ("-15 000,10", "-15000.1"),
        ("\u221215 000", "-15000"),
        ("1234.56", "1234.56"),
        ("1.234.567", "1234567"),
        ("1,234,567.5", "1234567.5"),
        ("1.234.567,5", "1234567.5"),
        ("0,00", "0"),
        ("(0)", "0"),
        ("12 345 руб.", "12345"),
        ("  42  ", "42"),
        (1234.0, "1234"),
        (1234.5, "1234.5"),
        (-0.5, "-0.5"),
        (0.1 + 0.2, "0.3"),
        (1234.567, "1234.57"),
        (1234.005, "1234.01"),
        (-7, "-7"),
        (0, "0"),
        (10**15, "1000000000000000"),
    ],
)
def test_parse_money_reads_amounts_as_statements_print_them(cell: CellValue, expected: str) -> None:
    assert parse_money(cell) == expected
    assert MONEY.match(expected)


@pytest.mark.parametrize(
    "cell",
    ["", "   ", "-", "—", "–", "--", None, True, dt.date(2025, 1, 1), "Итого", "12a", "1,2,3.4.5"],
)
def test_parse_money_gives_none_for_cells_without_an_amount(cell: CellValue) -> None:
    assert parse_money(cell) is None


@pytest.mark.parametrize("cell", [float("nan"), float("inf"), float("-inf")])
def test_parse_money_gives_none_for_floats_that_are_not_numbers(cell: float) -> None:
    assert parse_money(cell) is None


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("1 квартал 2025 г.", dt.date(2025, 1, 1), dt.date(2025, 3, 31)),
        ("4 квартал 2024 г.", dt.date(2024, 10, 1), dt.date(2024, 12, 31)),
        ("III квартал 2024 г.", dt.date(2024, 7, 1), dt.date(2024, 9, 30)),
        ("2 кв. 2025", dt.date(2025, 4, 1), dt.date(2025, 6, 30)),
        ("1 полугодие 2025 г.", dt.date(2025, 1, 1), dt.date(2025, 6, 30)),
        ("9 месяцев 2024 г.", dt.date(2024, 1, 1), dt.date(2024, 9, 30)),
        ("2024 г.", dt.date(2024, 1, 1), dt.date(2024, 12, 31)),
        ("за 2023 год", dt.date(2023, 1, 1), dt.date(2023, 12, 31)),
        ("Январь 2025 г.", dt.date(2025, 1, 1), dt.date(2025, 1, 31)),
        ("Февраль 2024 г.", dt.date(2024, 2, 1), dt.date(2024, 2, 29)),
        ("Май 2025 г.", dt.date(2025, 5, 1), dt.date(2025, 5, 31)),
        ("Январь 2025 г. - Март 2025 г.", dt.date(2025, 1, 1), dt.date(2025, 3, 31)),
        ("Октябрь 2024 г. – Сентябрь 2025 г.", dt.date(2024, 10, 1), dt.date(2025, 9, 30)),
        ("за январь - декабрь 2024 г.", dt.date(2024, 1, 1), dt.date(2024, 12, 31)),
        ("за октябрь - март 2025 г.", dt.date(2024, 10, 1), dt.date(2025, 3, 31)),
        ("01.01.2025 - 31.03.2025", dt.date(2025, 1, 1), dt.date(2025, 3, 31)),
        ("Период: с 01.04.2025 по 15.05.2025", dt.date(2025, 4, 1), dt.date(2025, 5, 15)),
        ("на 31 декабря 2024 г.", dt.date(2024, 12, 31), dt.date(2024, 12, 31)),
        ("1 квартал 2025 г. - 2 квартал 2025 г.", dt.date(2025, 1, 1), dt.date(2025, 6, 30)),
    ],
)
def test_parse_period_reads_russian_period_texts(text: str, start: dt.date, end: dt.date) -> None:
    assert parse_period(text) == (start, end)


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "Оборотно-сальдовая ведомость",
        "31.02.2025",
        "Март 2025 г. - Январь 2025 г.",
        "май",
    ],
)
def test_parse_period_gives_nothing_when_no_period_is_named(text: str | None) -> None:
    assert parse_period(text) == (None, None)
