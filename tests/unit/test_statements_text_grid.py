"""Statements in a PDF or a scan: Extract's Markdown back into sheets the readers know."""

from __future__ import annotations

import pytest

from chalicelib.statements.text_grid import _amounts, recognised_statements, sheets_from_markdown

RULED = """<!-- page 1 -->

Бухгалтерский баланс

Форма по ОКУД 0710001

Организация ООО "Ладья" по ОКПО 12345678

Идентификационный номер налогоплательщика ИНН 7725123450

Единица измерения: в тыс. рублей по ОКЕИ 384

| Пояснения | Наименование показателя | Код | На 31 декабря 2024 г. | На 31 декабря 2023 г. |
|---|---|---|---|---|
|  | Запасы | 1210 | 500 | 400 |
|  | Денежные средства | 1250 | 100 | 50 |
|  | Итого по разделу II | 1200 | 600 | 450 |
|  | БАЛАНС | 1600 | 600 | 450 |
"""

SCANNED = (
    "Отчет о финансовых результатах за Январь - Декабрь 2024 г.\n\n"
    "Форма по ОКУД 0710002\n\n"
    "Единица измерения: в тыс. рублей по ОКЕИ 384\n\n"
    "Наименование показателя Код За 2024 г. За 2023 г. Выручка 2110 48 620 44 310 "
    "Себестоимость продаж 2120 (36 870) (33 540) Валовая прибыль (убыток) 2100 11 750 10 770 "
    "Прочие доходы 2340 420 1020 Чистая прибыль (убыток) 2400 1990 2 098"
)


def test_a_ruled_table_becomes_rows_of_cells_and_the_header_its_labelled_boxes() -> None:
    [sheet] = sheets_from_markdown(RULED)
    assert sheet.name == "Страница 1"
    assert ["Организация", 'ООО "Ладья"', "по ОКПО", "12345678"] in sheet.rows
    assert [None, "Запасы", "1210", "500", "400"] in sheet.rows


def test_a_balance_in_a_pdf_is_recognised_with_its_requisites_and_checked() -> None:
    _, [balance] = recognised_statements(RULED)
    assert (balance["document_type"], balance["inn"], balance["units"]) == (
        "BALANCE",
        "7725123450",
        "thousand_rub",
    )
    assert [line["code"] for line in balance["lines"]] == ["1210", "1250", "1200", "1600"]
    assert balance["lines"][0]["cell"] == "C7"  # the page's seventh line, the code column


def test_a_scans_running_text_is_cut_back_into_form_lines() -> None:
    _, [income] = recognised_statements(SCANNED)
    lines = {line["code"]: line["values"] for line in income["lines"]}
    assert lines["2110"] == ["48620", "44310"]
    assert lines["2120"] == ["-36870", "-33540"]
    assert lines["2340"] == ["420", "1020"]  # a 4-digit amount is one amount
    assert lines["2400"] == ["1990", "2098"]
    assert [column["date"] for column in income["columns"]] == ["2024-12-31", "2023-12-31"]


@pytest.mark.parametrize(
    ("values", "columns", "expected"),
    [
        ("48 620 44 310", 2, ["48 620", "44 310"]),
        ("120 150 180", 3, ["120", "150", "180"]),  # three small amounts, not one large
        ("120 150 180", 1, ["120 150 180"]),
        ("2 485 2770", 2, ["2 485", "2770"]),
        ("(36 870) (33 540)", 2, ["(36 870)", "(33 540)"]),
        ("- -", 2, ["-", "-"]),
    ],
)
def test_digits_are_grouped_into_as_many_amounts_as_the_form_has_columns(
    values: str, columns: int, expected: list[str]
) -> None:
    assert _amounts(values, columns) == expected


def test_a_contract_that_names_a_balance_holds_no_form_and_stays_a_contract() -> None:
    text = (
        "6.2. Заемщик ежеквартально представляет Займодавцу бухгалтерский баланс и отчет о "
        "финансовых результатах (формы 0710001 и 0710002) в течение 30 дней. Сумма займа "
        "1 000 000 рублей."
    )
    _, found = recognised_statements(text)
    assert found == []
