"""The common shape of a spreadsheet, whatever it was read from."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from chalicelib.models import GridCell, GridSheet

# What one cell holds once read: text, a number, a date, a truth value, or nothing.
CellValue = str | int | float | bool | dt.date | dt.datetime | None


def column_letters(index: int) -> str:
    """The column's letters for a zero-based index: 0 → "A", 27 → "AB"."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def cell_ref(row: int, column: int) -> str:
    """An A1 reference for zero-based `row` and `column`: (0, 0) → "A1"."""
    return f"{column_letters(column)}{row + 1}"


@dataclass(frozen=True)
class Sheet:
    """One sheet: its name and its rows, each a list of cells (ragged rows allowed).

    `origin` is the zero-based (row, column) of `rows[0][0]` in the real sheet, so
    references cite the cells people see in Excel even when leading empty rows or
    columns were dropped by the reader.
    """

    name: str
    rows: list[list[CellValue]] = field(default_factory=list)
    origin: tuple[int, int] = (0, 0)
    hidden: bool = False  # hidden in the workbook: read all the same, and said so

    def ref(self, row: int, column: int) -> str:
        """The A1 reference of `rows[row][column]` in the real sheet."""
        return cell_ref(self.origin[0] + row, self.origin[1] + column)

    def range_ref(self, first: tuple[int, int], last: tuple[int, int]) -> str:
        """An A1 range of two (row, column) positions of `rows`: "A1:F20"."""
        return f"{self.ref(*first)}:{self.ref(*last)}"


def grid_cell(value: CellValue) -> GridCell:
    """A cell for the wire: dates as ISO text, everything else as it is."""
    if isinstance(value, dt.date):  # datetime included
        return value.isoformat()
    return value


def grid_of(sheets: list[Sheet]) -> tuple[GridSheet, ...]:
    """Sheets as Extract hands them on (`sheets.json`)."""
    return tuple(
        GridSheet(
            name=sheet.name,
            origin=sheet.origin,
            rows=tuple(tuple(grid_cell(value) for value in row) for row in sheet.rows),
        )
        for sheet in sheets
    )
