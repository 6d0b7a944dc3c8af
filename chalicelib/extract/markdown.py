"""Markdown building blocks shared by the readers: tables and page markers."""

from __future__ import annotations

import re

from chalicelib.sentences import PAGE_MARKER

__all__ = ["PAGE_MARKER", "markdown_table", "page_marker", "table_cell"]

_CELL_BREAKS = re.compile(r"\s*\n\s*")


def page_marker(number: int) -> str:
    """The comment that opens page `number` (1-based) in a paged document's Markdown."""
    return f"<!-- page {number} -->"


def table_cell(text: str) -> str:
    """A cell's text on one line with its pipes escaped."""
    return _CELL_BREAKS.sub(" <br> ", text.strip()).replace("|", "\\|")


def markdown_table(rows: list[list[str]]) -> str:
    """Rows as a GitHub-flavoured Markdown table; the first row is the header."""
    width = max((len(row) for row in rows), default=0)
    if width == 0:
        return ""
    lines = []
    for index, row in enumerate(rows):
        cells = [table_cell(cell) for cell in row] + [""] * (width - len(row))
        lines.append("| " + " | ".join(cells) + " |")
        if index == 0:
            lines.append("|" + "---|" * width)
    return "\n".join(lines)
