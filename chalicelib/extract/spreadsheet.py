"""Spreadsheets (XLSX, XLS, XLSB, ODS) to Markdown and a grid of cells.

The cells are read by python-calamine in `chalicelib.statements.workbook`, bounded, and
only after a zip-based workbook passed the package checks every Office file passes (its
directory, sizes and ratios) and each XML part's prolog was found free of a DTD (the
start of entity bombs and external references).

A workbook that holds a counterparty's accounting (a 1C trial balance or the ФНС forms)
goes to the statements branch; any other is a table for the contract checklist.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from chalicelib.extract.markdown import markdown_table
from chalicelib.extract.reading import ReaderOutput
from chalicelib.statements.detect import looks_like_accounting
from chalicelib.statements.grid import grid_of
from chalicelib.statements.workbook import read_workbook

if TYPE_CHECKING:
    from chalicelib.extract.reading import ReadContext
    from chalicelib.statements.grid import CellValue, Sheet


# The text a workbook turns into is for reading and the contract checklist, not a data
# dump: a sheet's first rows and columns; recognition works on every cell regardless.
MAX_MARKDOWN_ROWS = 2000
MAX_MARKDOWN_COLUMNS = 64


def cell_text(value: CellValue) -> str:
    """A cell as people read it: 1500 not 1500.0, dates as dd.mm.yyyy, no line breaks."""
    if value is None or isinstance(value, bool):
        return {None: "", True: "TRUE", False: "FALSE"}[value]
    if isinstance(value, float):
        whole = value.is_integer() and abs(value) < 1e15
        return str(int(value)) if whole else f"{value:.10g}"
    if isinstance(value, dt.date):  # a datetime is a date too
        moment = isinstance(value, dt.datetime) and value.time() != dt.time()
        return value.strftime("%d.%m.%Y %H:%M" if moment else "%d.%m.%Y")
    return " ".join(str(value).split())


def _markdown(sheet: Sheet, ctx: ReadContext) -> str:
    """The sheet as a Markdown table: its non-empty rows and used columns, bounded."""
    rows = [[cell_text(value) for value in row] for row in sheet.rows]
    rows = [row for row in rows if any(row)]
    if len(rows) > MAX_MARKDOWN_ROWS:
        ctx.warn(f"sheet {sheet.name!r} was too large; only part of it was read")
        rows = rows[:MAX_MARKDOWN_ROWS]
    width = max((len(row) for row in rows), default=0)
    used = [i for i in range(width) if any(i < len(row) and row[i] for row in rows)]
    if len(used) > MAX_MARKDOWN_COLUMNS:
        ctx.warn(f"sheet {sheet.name!r} has more columns than we read; the rest were left out")
        used = used[:MAX_MARKDOWN_COLUMNS]
    rows = [[row[i] if i < len(row) else "" for i in used] for row in rows]
    return markdown_table(rows) if rows else "_The sheet is empty._"


def read_sheets(data: bytes, kind: str, ctx: ReadContext) -> list[Sheet]:
    """The workbook's sheets, after the checks a zip-based one must pass (in `read_workbook`)."""
    ctx.check_deadline()
    sheets = read_workbook(data, kind, limits=ctx.limits)
    ctx.check_deadline()
    return sheets


def read_as(kind: str, data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A workbook of format `kind` as one Markdown table per sheet, with its cells."""
    sheets = read_sheets(data, kind, ctx)
    blocks: list[str] = []
    for sheet in sheets:
        blocks.append(f"## {sheet.name}{' (hidden)' if sheet.hidden else ''}")
        blocks.append(_markdown(sheet, ctx))
    has_tables = any(block.startswith("|") for block in blocks)
    grid = grid_of(sheets)
    return ReaderOutput(
        # Sheet names alone are not content: an all-empty workbook has no text to screen.
        markdown="\n\n".join(blocks) if has_tables else "",
        pages=len(sheets),
        pipeline="statement" if looks_like_accounting(sheets) else "tabular",
        has_tables=has_tables,
        sheets=grid,
    )


def read_xlsx(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """An XLSX workbook."""
    return read_as("xlsx", data, ctx)


def read_xls(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """An Excel 97-2003 workbook (BIFF8), as 1C saves «Лист Excel 97»."""
    return read_as("xls", data, ctx)


def read_xlsb(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A binary Excel workbook."""
    return read_as("xlsb", data, ctx)


def read_ods(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """An OpenDocument spreadsheet."""
    return read_as("ods", data, ctx)
