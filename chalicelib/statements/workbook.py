"""XLSX, XLS, XLSB and ODS workbooks read with python-calamine into `Sheet`s, bounded.

Calamine parses in Rust and holds each sheet as a dense range, so nothing reaches it
unchecked: a ZIP-based file (XLSX, XLSB, ODS) first passes the package checks of
`chalicelib.extract.ooxml` (entry count, sizes, compression ratio, overlapping members)
and a scan for DTDs (which real Office files never carry); an XLSX sheet's cell
references are scanned for its extent before calamine builds the range; an OLE2 file is
told apart (an encrypted package, an XLS workbook) by its streams. Every failure ends as
one of the domain errors with a message for the person who sent the file.
"""

from __future__ import annotations

import datetime as dt
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import python_calamine as calamine

from chalicelib.errors import (
    DocumentTooLargeError,
    DocumentTooLongError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.extract.limits import MIB, ExtractLimits
from chalicelib.extract.ooxml import DAMAGED_MESSAGE, OoxmlPackage
from chalicelib.extract.sniff import sniff_format
from chalicelib.statements.grid import CellValue, Sheet

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

WORKBOOK_FORMATS = frozenset({"xlsx", "xls", "xlsb", "ods"})
# Bounds on one workbook: a counterparty's statements and trial balances, not data dumps.
# A 1C trial balance of a large company has a few thousand counterparty rows.
MAX_SHEETS = 50
MAX_ROWS_PER_SHEET = 50_000
# Excel's own column limit: a stray far cell is no reason to refuse; the area below is.
MAX_COLUMNS = 16_384
# Calamine holds a sheet as rows x columns cells whatever is filled: the extent is bounded.
MAX_CELLS_PER_SHEET = 2_000_000
MAX_CELLS = 4_000_000
MAX_UNPACKED_BYTES = 100 * MIB
# A DOCTYPE must come before the root element; an XML prolog longer than this is not Office's.
_PROLOG_BYTES = 64 * 1024
_ROOT_ELEMENT = re.compile(rb"<[A-Za-z_]")
_XLSX_ROW = re.compile(rb'<(?:\w+:)?row\b[^>]*?\br="(\d{1,9})"')
_XLSX_CELL = re.compile(rb'<(?:\w+:)?c\b[^>]*?\br="([A-Z]{1,4})(\d{1,9})"')
_LARGEST_SAFE_INT = 2**53

_ENCRYPTED_MESSAGE = (
    "The workbook is protected by a password. Remove the password and send it again."
)
_NOT_A_WORKBOOK_MESSAGE = (
    "The file is not an Excel or OpenDocument workbook, whatever its name says. "
    "Save it as XLSX and send it again."
)
_HOSTILE_XML_MESSAGE = (
    "The workbook contains XML entity declarations (an XML bomb or an external reference), "
    "which real spreadsheets never have, so we do not open it."
)
_TOO_MANY_SHEETS_MESSAGE = (
    f"The workbook has more than {MAX_SHEETS} sheets. Send only the sheets with the statements."
)
_TOO_LONG_MESSAGE = (
    f"A sheet has more than {MAX_ROWS_PER_SHEET} rows or {MAX_COLUMNS} columns. "
    "Send the statement itself, not a data export."
)
_TOO_LARGE_MESSAGE = (
    "The workbook holds more cells than we read. Delete the sheets you do not need and send "
    "it again."
)

_DEFAULT_LIMITS = ExtractLimits(
    max_bytes=MAX_UNPACKED_BYTES,
    max_pages=MAX_SHEETS,
    max_ocr_pages=0,
    timeout_seconds=0,
    ocr_page_timeout_seconds=0,
    max_unpacked_bytes=MAX_UNPACKED_BYTES,
)


def read_workbook(data: bytes, ext: str, *, limits: ExtractLimits | None = None) -> list[Sheet]:
    """The worksheets of an XLSX, XLS, XLSB or ODS file as `Sheet`s, refusing unsafe files.

    `ext` is the format the caller expects; the bytes decide (an XLS saved as ".xlsx" is
    read as XLS). Raises UnreadableDocumentError, EncryptedDocumentError,
    HostileDocumentError, UnsupportedFormatError, DocumentTooLargeError or
    DocumentTooLongError.
    """
    limits = limits or _DEFAULT_LIMITS
    if ext not in WORKBOOK_FORMATS:
        raise UnsupportedFormatError(_NOT_A_WORKBOOK_MESSAGE)
    real_format = _check_container(data, limits)
    return _read_with_calamine(data, real_format)


def _check_container(data: bytes, limits: ExtractLimits) -> str:
    """The workbook's real format, once its container passed the safety checks."""
    kind = sniff_format(data, limits)  # runs the ooxml package checks on any ZIP
    if kind == "encrypted":
        # An OLE2 "EncryptedPackage": an XLSX or XLSB saved with a password.
        raise EncryptedDocumentError(_ENCRYPTED_MESSAGE)
    if kind not in WORKBOOK_FORMATS:
        raise UnsupportedFormatError(_NOT_A_WORKBOOK_MESSAGE)
    if kind in {"xlsx", "xlsb", "ods"}:
        package = OoxmlPackage(data, limits)
        _refuse_dtds(package)
        if kind == "xlsx":
            _check_xlsx_extent(package)
    return kind


def _refuse_dtds(package: OoxmlPackage) -> None:
    """HostileDocumentError when an XML part declares a DTD: entity bombs and XXE start so."""
    for name in sorted(package.names):
        if not name.endswith((".xml", ".rels", ".vml")):
            continue
        prolog = package.stream(name).read(_PROLOG_BYTES)
        root = _ROOT_ELEMENT.search(prolog)
        head = prolog[: root.start()] if root else prolog
        if b"<!DOCTYPE" in head.upper() or b"<!ENTITY" in head.upper():
            raise HostileDocumentError(_HOSTILE_XML_MESSAGE)


def _check_xlsx_extent(package: OoxmlPackage) -> None:
    """Refuse sheets whose cell references reach past the bounds before calamine fills them."""
    sheets = [n for n in package.names if n.startswith("xl/worksheets/") and n.endswith(".xml")]
    if len(sheets) > MAX_SHEETS:
        raise DocumentTooLongError(_TOO_MANY_SHEETS_MESSAGE)
    total = 0
    for name in sheets:
        xml = package.read(name, limit=MAX_UNPACKED_BYTES)
        last_row = max((int(m) for m in _XLSX_ROW.findall(xml)), default=0)
        last_column = 0
        for letters, row in _XLSX_CELL.findall(xml):
            last_row = max(last_row, int(row))
            last_column = max(last_column, _column_number(letters))
        _check_extent(last_row, last_column)
        total += last_row * last_column
        if total > MAX_CELLS:
            raise DocumentTooLargeError(_TOO_LARGE_MESSAGE)


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - ord("A") + 1
    return number


def _check_extent(rows: int, columns: int) -> None:
    if rows > MAX_ROWS_PER_SHEET or columns > MAX_COLUMNS:
        raise DocumentTooLongError(_TOO_LONG_MESSAGE)
    if rows * columns > MAX_CELLS_PER_SHEET:
        raise DocumentTooLargeError(_TOO_LARGE_MESSAGE)


def _read_with_calamine(data: bytes, real_format: str) -> list[Sheet]:
    # Calamine picks its parser by the file name's extension; from bytes it only guesses,
    # and a failed guess hides why the file failed (a password, a broken ZIP).
    with tempfile.TemporaryDirectory(prefix="workbook-") as folder:
        path = Path(folder) / f"workbook.{real_format}"
        path.write_bytes(data)
        try:
            with calamine.CalamineWorkbook.from_path(path) as workbook:
                return list(_sheets(workbook))
        except calamine.PasswordError as exc:
            raise EncryptedDocumentError(_ENCRYPTED_MESSAGE) from exc
        except BaseException as exc:
            if _is_parser_failure(exc):
                raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc
            raise


def _is_parser_failure(exc: BaseException) -> bool:
    """A failure of calamine on a bad file: its errors, or a Rust panic (a BaseException)."""
    if isinstance(exc, calamine.CalamineError | ValueError | OSError | IndexError):
        return True
    # pyo3 turns a Rust panic into PanicException, a BaseException outside any module we
    # can import: a corrupt file must not take the worker down with it.
    return type(exc).__name__ == "PanicException"


def _sheets(workbook: calamine.CalamineWorkbook) -> Iterator[Sheet]:
    meta_by_name = {meta.name: meta for meta in workbook.sheets_metadata}
    worksheets = [
        meta.name
        for meta in workbook.sheets_metadata
        if meta.typ == calamine.SheetTypeEnum.WorkSheet
    ]
    if len(worksheets) > MAX_SHEETS:
        raise DocumentTooLongError(_TOO_MANY_SHEETS_MESSAGE)
    cells = 0
    for name in worksheets:
        sheet = workbook.get_sheet_by_name(name)
        _check_extent(sheet.height, sheet.width)
        cells += sheet.height * sheet.width
        if cells > MAX_CELLS:
            raise DocumentTooLargeError(_TOO_LARGE_MESSAGE)
        rows = [_row(raw) for raw in sheet.to_python(skip_empty_area=True)]
        yield Sheet(
            name=name,
            rows=rows,
            origin=sheet.start or (0, 0),
            hidden=meta_by_name[name].visible != calamine.SheetVisibleEnum.Visible,
        )


def _row(raw: Sequence[object]) -> list[CellValue]:
    """Cells as the recognisers want them, with the row's trailing empty cells dropped."""
    row = [_cell(value) for value in raw]
    while row and row[-1] is None:
        row.pop()
    return row


def _cell(value: object) -> CellValue:
    """Text stripped ("" is None), whole floats as int, dates kept, times as text."""
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, bool | int | dt.date):  # datetime is a date
        return value
    if isinstance(value, float):
        if value.is_integer() and abs(value) < _LARGEST_SAFE_INT:
            return int(value)
        return value
    if isinstance(value, dt.time | dt.timedelta):
        return str(value)
    return None
