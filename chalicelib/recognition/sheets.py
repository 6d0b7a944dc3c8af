"""A recognition request's file, or the external recognizer's pages, as sheets to recognise.

The file is checked against the request's `file_type` by its bytes (the sniffing Extract
does), then read by Extract's readers: a workbook's cells, a PDF's or a scan's statement pages
laid out as a grid. The external recognizer's merged result (`{task_id, job_id, file_id,
files: [{name, content: {page, rows}}]}`) becomes one sheet per page, as a PDF's pages do.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from chalicelib.errors import EncryptedDocumentError
from chalicelib.extract.limits import MIB, ExtractLimits
from chalicelib.extract.sniff import sniff_format
from chalicelib.statements.grid import Sheet

if TYPE_CHECKING:
    from chalicelib.models import Extraction
    from chalicelib.statements.grid import CellValue

_WORKBOOK_KINDS = frozenset({"xls", "xlsx", "xlsb", "ods"})
# The real formats (by the bytes) a request's `file_type` may be: any workbook for a
# workbook (an XLS saved as .xlsx is still the workbook the sender meant).
ACCEPTED_KINDS = {
    "XLS": _WORKBOOK_KINDS,
    "XLSX": _WORKBOOK_KINDS,
    "XLSB": _WORKBOOK_KINDS,
    "PDF": frozenset({"pdf"}),
    "PNG": frozenset({"png"}),
    "JPG": frozenset({"jpeg"}),
}
# The result file's `file.format` of each file_type, when the bytes were not read here.
FILE_KINDS = {
    "XLS": "xls",
    "XLSX": "xlsx",
    "XLSB": "xlsb",
    "PDF": "pdf",
    "PNG": "png",
    "JPG": "jpeg",
}
# Bounds on the external recognizer's merged result: pages of cells, not data dumps.
MERGED_MAX_BYTES = 50 * MIB
MAX_PAGES = 500
MAX_CELLS = 4_000_000
_SNIFF_LIMITS = ExtractLimits(
    max_bytes=200 * MIB,
    max_pages=MAX_PAGES,
    max_ocr_pages=0,
    timeout_seconds=0,
    ocr_page_timeout_seconds=0,
)
_ENCRYPTED_MESSAGE = "The file is protected by a password. Remove it and send the file again."


class UnexpectedFileError(ValueError):
    """The file's bytes are not what the request's `file_type` says (INVALID_FORMAT)."""


def check_file_kind(data: bytes, file_type: str) -> str:
    """The file's real format when it is what `file_type` says; UnexpectedFileError if not.

    A password-protected file is EncryptedDocumentError (unreadable, whatever its type), and
    a ZIP package failing the package checks is the checks' own error.
    """
    kind = sniff_format(data, _SNIFF_LIMITS)
    if kind == "encrypted":
        raise EncryptedDocumentError(_ENCRYPTED_MESSAGE)
    if kind not in ACCEPTED_KINDS[file_type]:
        said = file_type
        raise UnexpectedFileError(f"The request says {said}, but the file is {_described(kind)}.")
    return kind


def _described(kind: str) -> str:
    return {"binary": "not a document we know", "txt": "plain text"}.get(kind, kind.upper())


def sheets_of_extraction(extraction: Extraction) -> list[Sheet]:
    """A read file's sheets: a workbook's cells, or its statement pages; else its text pages."""
    if extraction.sheets:
        return [
            Sheet(name=sheet.name, rows=[list(row) for row in sheet.rows], origin=sheet.origin)
            for sheet in extraction.sheets
        ]
    # Nothing Extract took for a statement: its pages all the same, so that recognition
    # says what the file is not (NOT_ACCOUNTING) rather than nothing.
    from chalicelib.statements.text_grid import sheets_from_markdown  # noqa: PLC0415

    return sheets_from_markdown(extraction.markdown)


def sheets_of_merged_pages(data: bytes) -> list[Sheet]:
    """The external recognizer's merged result as one sheet per page ("Страница N").

    ValueError (with what is wrong) for anything but the shared format.
    """
    merged = json.loads(data)
    if not isinstance(merged, dict) or not isinstance(merged.get("files"), list):
        raise ValueError("no `files` list")
    files = merged["files"]
    if len(files) > MAX_PAGES:
        raise ValueError(f"more than {MAX_PAGES} pages")
    sheets: list[Sheet] = []
    cells = 0
    for number, item in enumerate(files, start=1):
        content = item.get("content") if isinstance(item, dict) else None
        if not isinstance(content, dict) or not isinstance(content.get("rows"), list):
            raise ValueError(f"file {number} has no `content.rows`")
        page = content.get("page")
        if not isinstance(page, int) or isinstance(page, bool) or page < 1:
            raise ValueError(f"file {number} has no page number ≥ 1")
        rows = [_row(raw, number) for raw in content["rows"]]
        cells += sum(map(len, rows))
        if cells > MAX_CELLS:
            raise ValueError(f"more than {MAX_CELLS} cells")
        name = f"Страница {page}"
        if any(sheet.name == name for sheet in sheets):  # names cite cells: keep them apart
            name = f"{name} ({number})"
        sheets.append(Sheet(name=name, rows=rows))
    return sheets


def _row(raw: Any, number: int) -> list[CellValue]:
    if not isinstance(raw, list):
        raise ValueError(f"file {number} has a row that is not a list")
    row: list[CellValue] = []
    for cell in raw:
        if isinstance(cell, str):
            row.append(cell.strip() or None)
        elif cell is None or (isinstance(cell, int | float) and not isinstance(cell, bool)):
            row.append(cell)
        else:
            raise ValueError(f"file {number} has a cell that is not text, a number or null")
    while row and row[-1] is None:
        row.pop()
    return row
