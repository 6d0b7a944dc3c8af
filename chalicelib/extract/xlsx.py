"""XLSX to Markdown: one table per sheet, streamed so a huge sheet cannot flood memory."""

from __future__ import annotations

import contextlib
import posixpath
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.errors import UnreadableDocumentError
from chalicelib.extract.docx import resolve_target
from chalicelib.extract.docx_styles import attr, child, local
from chalicelib.extract.markdown import markdown_table
from chalicelib.extract.ooxml import OoxmlPackage, iterparse_xml
from chalicelib.extract.reading import ReaderOutput

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from chalicelib.extract.reading import ReadContext

# Bounds on what one workbook turns into: the analysis reads statements, not data dumps.
MAX_ROWS_PER_SHEET = 2000
MAX_COLUMNS = 64
MAX_CELLS = 200_000
MAX_SHEETS = 100
# Empty but formatted rows cost parsing time without adding text: stop scanning after these.
MAX_SCANNED_ROWS = 50_000
_DEADLINE_EVERY_STRINGS = 10_000
_DEADLINE_EVERY_ROWS = 500
_CELL_REF = re.compile(r"^([A-Z]{1,3})\d*$")


@dataclass
class _Budget:
    """Cells left for the whole workbook."""

    cells: int = MAX_CELLS


def column_index(ref: str | None) -> int | None:
    """Zero-based column of a cell reference like "AB12"; None when absent or malformed."""
    match = _CELL_REF.match(ref or "")
    if not match:
        return None
    index = 0
    for letter in match.group(1):
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _number(raw: str) -> str:
    """A stored number as people write it: 1500 not 1500.0, no float noise."""
    try:
        value = float(raw)
    except ValueError:
        return raw
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.15g}"


def _inline_text(element: Element) -> str:
    """Text of a rich-text string item, without its phonetic (rPh) runs."""
    parts = []
    for item in element:
        tag = local(item.tag)
        if tag == "t":
            parts.append(item.text or "")
        elif tag == "r":
            parts.extend(t.text or "" for t in item if local(t.tag) == "t")
    return "".join(parts)


def _cell_value(cell: Element, shared: list[str]) -> str:
    kind = attr(cell, "t") or "n"
    if kind == "inlineStr":
        inline = child(cell, "is")
        return _inline_text(inline) if inline is not None else ""
    value = child(cell, "v")
    raw = (value.text or "") if value is not None else ""
    if kind == "s":
        index = int(raw) if raw.isdigit() else -1
        return shared[index] if 0 <= index < len(shared) else ""
    if kind == "b":
        return "TRUE" if raw == "1" else "FALSE"
    if kind == "n" and raw:
        return _number(raw)
    return raw


def _shared_strings(package: OoxmlPackage, part: str | None, ctx: ReadContext) -> list[str]:
    strings: list[str] = []
    if part is None:
        return strings
    for event, element in iterparse_xml(package.stream(part)):
        if event == "end" and local(element.tag) == "si":
            strings.append(_inline_text(element))
            element.clear()
            if len(strings) % _DEADLINE_EVERY_STRINGS == 0:
                ctx.check_deadline()
    return strings


def _sheet_rows(
    package: OoxmlPackage, part: str, shared: list[str], budget: _Budget, ctx: ReadContext
) -> tuple[list[list[str]], bool]:
    """Non-empty rows of a sheet (bounded) and whether any were cut."""
    rows: list[list[str]] = []
    cells: dict[int, str] = {}
    parent: Element | None = None
    cut = False
    scanned = 0
    for event, element in iterparse_xml(package.stream(part)):
        tag = local(element.tag)
        if event == "start":
            parent = element if tag == "sheetData" else parent
            continue
        if tag == "c":
            column = column_index(attr(element, "r"))
            column = len(cells) if column is None else column
            value = _cell_value(element, shared).strip()
            if value and column < MAX_COLUMNS:
                cells[column] = value
            cut = cut or (bool(value) and column >= MAX_COLUMNS)
        elif tag == "row":
            scanned += 1
            if cells:
                rows.append([cells.get(i, "") for i in range(max(cells) + 1)])
                budget.cells -= len(cells)
                cells = {}
            if parent is not None:
                # Drop finished rows so the parsed tree stays one row deep.
                with contextlib.suppress(ValueError):
                    parent.remove(element)
            if scanned % _DEADLINE_EVERY_ROWS == 0:
                ctx.check_deadline()
            full = len(rows) >= MAX_ROWS_PER_SHEET or scanned >= MAX_SCANNED_ROWS
            if full or budget.cells <= 0:
                return rows, True
    return rows, cut


def _drop_empty_columns(rows: list[list[str]]) -> list[list[str]]:
    """Forms leave whole columns empty for layout; they carry nothing in a table."""
    width = max((len(row) for row in rows), default=0)
    used = [i for i in range(width) if any(i < len(row) and row[i] for row in rows)]
    return [[row[i] if i < len(row) else "" for i in used] for row in rows]


def _relationships(package: OoxmlPackage, part: str) -> dict[str, tuple[str, str]]:
    """Relationship id -> (type suffix, part path) for a part."""
    folder, name = posixpath.split(part)
    rels_part = posixpath.join(folder, "_rels", f"{name}.rels")
    if rels_part not in package.names:
        return {}
    found = {}
    for rel in package.parse_xml(rels_part):
        kind = (attr(rel, "Type") or "").rsplit("/", 1)[-1]
        found[attr(rel, "Id") or ""] = (kind, resolve_target(folder, attr(rel, "Target") or ""))
    return found


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """An XLSX workbook as one Markdown table per sheet."""
    package = OoxmlPackage(data, ctx.limits)
    main = package.main_part() or "xl/workbook.xml"
    if main not in package.names:
        raise UnreadableDocumentError("The XLSX file has no workbook. Save it again in Excel.")
    rels = _relationships(package, main)
    shared_part = next((path for kind, path in rels.values() if kind == "sharedStrings"), None)
    shared = _shared_strings(package, shared_part if shared_part in package.names else None, ctx)
    sheets = child(package.parse_xml(main), "sheets")
    budget = _Budget()
    blocks: list[str] = []
    count = 0
    for sheet in list(sheets if sheets is not None else ())[:MAX_SHEETS]:
        _, part = rels.get(attr(sheet, "id") or "", ("", ""))
        if part not in package.names:
            continue
        count += 1
        name = attr(sheet, "name") or f"Sheet {count}"
        rows, cut = _sheet_rows(package, part, shared, budget, ctx)
        rows = _drop_empty_columns(rows)
        hidden = " (hidden)" if attr(sheet, "state") in ("hidden", "veryHidden") else ""
        blocks.append(f"## {name}{hidden}")
        blocks.append(markdown_table(rows) if rows else "_The sheet is empty._")
        if cut:
            ctx.warn(f"sheet {name!r} was too large; only part of it was read")
        if budget.cells <= 0:
            ctx.warn("the workbook was too large; later sheets were not read")
            break
    has_tables = any(block.startswith("|") for block in blocks)
    return ReaderOutput(
        # Sheet names alone are not content: an all-empty workbook has no text to screen.
        markdown="\n\n".join(blocks) if has_tables else "",
        pages=count,
        pipeline="tabular",
        has_tables=has_tables,
    )
