"""A statement form printed to PDF: its header as text lines, its table ruled, as 1C prints.

The text layer is what PyMuPDF extracts; the ruled table is what `find_tables` reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pymupdf

if TYPE_CHECKING:
    from pathlib import Path

    from tests.statement_fixtures.writers import FixtureSheet

_FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)
_PAGE = pymupdf.paper_rect("a4")
_MARGIN = 36
_ROW = 11
_SIZE = 5.5


def _font() -> pymupdf.Font:
    for path in _FONT_FILES:
        try:
            return pymupdf.Font(fontfile=path)
        except RuntimeError:
            continue
    return pymupdf.Font("cyrillic")  # PyMuPDF's own: a Cyrillic CJK-free fallback


def _table_start(rows: list[list[object]]) -> int:
    return next(i for i, row in enumerate(rows) if "Код" in [str(c) for c in row if c])


def render_form(sheet: FixtureSheet, path: Path) -> None:
    """`sheet` (a forms fixture) as a one-page PDF: header lines, then the ruled table."""
    rows: list[list[object]] = [list(row) for row in sheet.rows]
    start = _table_start(rows)
    end = start + 1
    while end < len(rows) and any(c not in (None, "") for c in rows[end]) and len(rows[end]) > 2:
        end += 1
    font = _font()
    document = pymupdf.open()
    page = document.new_page(width=_PAGE.width, height=_PAGE.height)
    writer = pymupdf.TextWriter(page.rect)
    y = _MARGIN
    for row in rows[:start]:
        text = "  ".join(str(c) for c in row if c not in (None, ""))
        if text:
            writer.append((_MARGIN, y), text, font=font, fontsize=_SIZE)
        y += _ROW
    widths = [20, 240, 28, 78, 78, 78]  # 522 points: A4 less its margins
    table = rows[start:end]
    columns = max(len(row) for row in table)
    xs = [_MARGIN]
    for width in widths[:columns]:
        xs.append(xs[-1] + width)
    top = y
    for row in table:
        for index, value in enumerate(row[:columns]):
            if value not in (None, ""):
                writer.append((xs[index] + 2, y + _ROW - 4), str(value), font=font, fontsize=_SIZE)
        y += _ROW
    writer.write_text(page)
    shape = page.new_shape()
    for line in range(len(table) + 1):
        shape.draw_line((xs[0], top + line * _ROW), (xs[-1], top + line * _ROW))
    for x in xs:
        shape.draw_line((x, top), (x, top + len(table) * _ROW))
    shape.finish(width=0.5, color=(0, 0, 0))
    shape.commit()
    document.subset_fonts()  # the glyphs used, not the whole font: a small fixture
    document.save(path, garbage=4, deflate=True)
