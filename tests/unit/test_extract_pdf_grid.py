"""Ruled tables built from a page's rules and spans, without PyMuPDF's find_tables."""

from __future__ import annotations

import pymupdf

from chalicelib.extract import extract_document, pdf_layout
from chalicelib.extract.pdf_grid import grid_tables
from tests.limits import UNIT_LIMITS as LIMITS

CELL = 'style="border: 1px solid black; padding: 4px"'


def _page(html: str) -> pymupdf.Page:
    document = pymupdf.open()
    page = document.new_page()
    page.insert_htmlbox(pymupdf.Rect(50, 50, 545, 790), html)
    return page


def _rows(html: str) -> list[list[str]]:
    page = _page(html)
    tables = grid_tables(page.get_cdrawings(), page.get_text("dict"))
    assert len(tables) == 1
    return tables[0].rows


def _find_tables_rows(html: str) -> list[list[str]]:
    """What PyMuPDF's own (slow) table finder reads, merged slots as ""."""
    found = _page(html).find_tables().tables
    assert len(found) == 1
    return [[cell or "" for cell in row] for row in found[0].extract()]


def test_cells_hold_their_text_and_a_wrapped_cell_keeps_its_lines() -> None:
    long_text = "Поставка молока по графику, согласованному сторонами в приложении 2"
    html = (
        f'<table style="border-collapse: collapse; width: 300px">'
        f"<tr><td {CELL}>Товар</td><td {CELL}>Условия</td></tr>"
        f"<tr><td {CELL}>Молоко</td><td {CELL}>{long_text}</td></tr></table>"
    )
    rows = _rows(html)
    assert rows[0] == ["Товар", "Условия"]
    assert rows[1][0] == "Молоко"
    assert "\n" in rows[1][1]  # the wrapped cell's lines stay apart (<br> in Markdown)
    assert " ".join(rows[1][1].split()) == long_text
    assert rows == _find_tables_rows(html)


def test_cells_merged_across_columns_or_rows_leave_empty_slots_as_find_tables_does() -> None:
    html = (
        f'<table style="border-collapse: collapse">'
        f"<tr><td {CELL} colspan=2>Итого</td><td {CELL} rowspan=2>150 руб.</td></tr>"
        f"<tr><td {CELL}>Молоко</td><td {CELL}>2 л</td></tr>"
        f"<tr><td {CELL}>Хлеб</td><td {CELL}>1 шт.</td><td {CELL}>50 руб.</td></tr></table>"
    )
    rows = _rows(html)
    assert rows == [
        ["Итого", "", "150 руб."],
        ["Молоко", "2 л", ""],
        ["Хлеб", "1 шт.", "50 руб."],
    ]
    assert rows == _find_tables_rows(html)


def test_two_separate_grids_are_two_tables_and_lone_rules_none() -> None:
    table = (
        f'<table style="border-collapse: collapse">'
        f"<tr><td {CELL}>A{{n}}</td><td {CELL}>B</td></tr>"
        f"<tr><td {CELL}>C</td><td {CELL}>D</td></tr></table>"
    )
    page = _page(table.format(n=1) + "<p>Между таблицами.</p><hr>" + table.format(n=2) + "<hr><hr>")
    layout = page.get_text("dict")
    tables = pdf_layout.page_tables(pdf_layout.drawings(page), layout)
    assert [table.markdown.splitlines()[0] for table in tables] == ["| A1 | B |", "| A2 | B |"]
    assert tables[0].bbox[3] < tables[1].bbox[1]


def test_a_table_on_a_rotated_page_is_read_once_in_its_place() -> None:
    # find_tables read a /Rotate 90 page's grid turned, and left its text as paragraphs too.
    html = (
        "<p>До таблицы идёт обычный текст договора.</p>"
        f'<table style="border-collapse: collapse">'
        f"<tr><td {CELL}>Товар</td><td {CELL}>Цена</td></tr>"
        f"<tr><td {CELL}>Молоко</td><td {CELL}>100 руб.</td></tr></table>"
        "<p>После таблицы.</p>"
    )
    document = pymupdf.open()
    page = document.new_page()
    page.insert_htmlbox(pymupdf.Rect(50, 50, 545, 790), html)
    page.set_rotation(90)
    markdown = extract_document(document.tobytes(), declared_ext="pdf", limits=LIMITS).markdown
    assert markdown.split("\n\n")[1:] == [
        "До таблицы идёт обычный текст договора.",
        "| Товар | Цена |\n|---|---|\n| Молоко | 100 руб. |",
        "После таблицы.",
    ]


def test_a_page_whose_paths_run_one_way_only_skips_the_drawings_and_a_grid_does_not() -> None:
    flags = pymupdf.TEXTFLAGS_DICT | pymupdf.TEXT_COLLECT_VECTORS
    ruled = f'<table style="border-collapse: collapse"><tr><td {CELL}>A</td></tr></table>'
    underlined = "<p>Signed by the Supplier</p><hr><p>and by the Buyer</p><hr>"
    assert pdf_layout.may_be_ruled(_page(ruled).get_text("dict", flags=flags))
    assert not pdf_layout.may_be_ruled(_page(underlined).get_text("dict", flags=flags))
    # Without the vectors in the layout there is nothing to judge by: no grid is assumed.
    assert not pdf_layout.may_be_ruled(_page(ruled).get_text("dict"))
