"""Workbooks of plain cells written as XLSX, XLS, XLSB or ODS, for fixtures.

A fixture is a list of `FixtureSheet`s: a name, rows of cells (text, numbers or
nothing) and merged ranges. XLSX and XLS go through xlsxwriter and xlwt; XLSB and ODS,
which no installed writer supports, are assembled here by hand:

- XLSB ([MS-XLSB]) is an OPC ZIP like XLSX whose parts are BIFF12 record streams: each
  record is a type and a size, both 7-bit variable-length integers, then its payload.
  The workbook part lists the sheets (BrtBundleSh); each sheet part holds rows
  (BrtRowHdr) of cells, numbers as BrtCellReal and text as BrtCellIsst pointing into the
  shared strings part; the styles part carries the one cell format every cell uses.
- ODS (ODF 1.2) is a ZIP whose first entry is the uncompressed `mimetype`, a manifest and
  `content.xml` with one `table:table` per sheet; merges are spans on the first cell and
  covered cells after it.
"""

from __future__ import annotations

import datetime as dt
import io
import struct
import zipfile
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

import xlsxwriter
import xlwt

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from pathlib import Path

FixtureCell = str | int | float | None
# A merged range: zero-based (first row, first column, last row, last column), inclusive.
Merge = tuple[int, int, int, int]
FORMATS = ("xlsx", "xls", "xlsb", "ods")
# Fixed document time: the same sheets give the same bytes, so regenerating changes nothing.
_FIXED_TIME = dt.datetime(2025, 4, 1, 9, 0, 0)
_FIXED_DATE = (2025, 4, 1, 9, 0, 0)


@dataclass
class FixtureSheet:
    """One sheet to write: its name, its rows (ragged allowed) and its merged ranges."""

    name: str
    rows: list[list[FixtureCell]]
    merges: list[Merge] = field(default_factory=list)

    def cell(self, row: int, column: int) -> FixtureCell:
        """The value at (row, column), None outside the rows."""
        if row < len(self.rows) and column < len(self.rows[row]):
            return self.rows[row][column]
        return None

    def cells(self) -> Iterator[tuple[int, int, str | int | float]]:
        """(row, column, value) of every non-empty cell outside the merges' first cells."""
        starts = {(m[0], m[1]) for m in self.merges}
        for r, row in enumerate(self.rows):
            for c, value in enumerate(row):
                if value is not None and (r, c) not in starts:
                    yield r, c, value


def write_workbook(path: Path, sheets: Sequence[FixtureSheet], fmt: str) -> None:
    """Write `sheets` to `path` as `fmt` (one of FORMATS); a merge shows its first cell's value."""
    if fmt == "xlsx":
        _write_xlsx(path, sheets)
    elif fmt == "xls":
        _write_xls(path, sheets)
    elif fmt == "xlsb":
        path.write_bytes(write_xlsb(sheets))
    elif fmt == "ods":
        path.write_bytes(write_ods(sheets))
    else:
        raise ValueError(f"unknown workbook format {fmt!r}: expected one of {FORMATS}")


def _write_xlsx(path: Path, sheets: Sequence[FixtureSheet]) -> None:
    workbook = xlsxwriter.Workbook(str(path), {"in_memory": True})
    workbook.set_properties({"created": _FIXED_TIME})
    for sheet in sheets:
        worksheet = workbook.add_worksheet(sheet.name)
        for r, c, value in sheet.cells():
            if isinstance(value, str):
                # write_string: a cell reading "=A1" or "1 234" stays the text it is.
                worksheet.write_string(r, c, value)
            else:
                worksheet.write_number(r, c, value)
        for merge in sheet.merges:
            first = sheet.cell(merge[0], merge[1])
            worksheet.merge_range(*merge, "" if first is None else first)
    workbook.close()


def _write_xls(path: Path, sheets: Sequence[FixtureSheet]) -> None:
    workbook = xlwt.Workbook(encoding="utf-8")
    for sheet in sheets:
        worksheet = workbook.add_sheet(sheet.name)
        for r, c, value in sheet.cells():
            worksheet.write(r, c, value)
        for first_row, first_col, last_row, last_col in sheet.merges:
            first = sheet.cell(first_row, first_col)
            worksheet.write_merge(first_row, last_row, first_col, last_col, first)
    workbook.save(str(path))


# --- XLSB -------------------------------------------------------------------------

# Record types of [MS-XLSB] 2.3.2 used here.
BRT_ROW_HDR = 0
BRT_CELL_REAL = 5
BRT_CELL_ISST = 7
BRT_SST_ITEM = 19
BRT_XF = 47
BRT_BEGIN_SHEET = 129
BRT_END_SHEET = 130
BRT_BEGIN_BOOK = 131
BRT_END_BOOK = 132
BRT_BEGIN_SHEET_DATA = 145
BRT_END_SHEET_DATA = 146
BRT_BEGIN_BUNDLE_SHS = 143
BRT_END_BUNDLE_SHS = 144
BRT_WS_DIM = 148
BRT_BUNDLE_SH = 156
BRT_BEGIN_SST = 159
BRT_END_SST = 160
BRT_MERGE_CELL = 176
BRT_BEGIN_MERGE_CELLS = 177
BRT_END_MERGE_CELLS = 178
BRT_BEGIN_STYLE_SHEET = 278
BRT_END_STYLE_SHEET = 279
BRT_BEGIN_CELL_XFS = 617
BRT_END_CELL_XFS = 618

_MS = "application/vnd.ms-excel"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    f'<Default Extension="bin" ContentType="{_MS}.sheet.binary.macroEnabled.main"/>'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    "{sheets}"
    f'<Override PartName="/xl/styles.bin" ContentType="{_MS}.styles"/>'
    f'<Override PartName="/xl/sharedStrings.bin" ContentType="{_MS}.sharedStrings"/>'
    "</Types>"
)
_SHEET_TYPE = f'<Override PartName="/xl/worksheets/sheet{{n}}.bin" ContentType="{_MS}.worksheet"/>'
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{_REL_NS}/officeDocument" Target="xl/workbook.bin"/>'
    "</Relationships>"
)


def write_xlsb(sheets: Sequence[FixtureSheet]) -> bytes:
    """The bytes of an XLSB workbook holding `sheets`."""
    strings: dict[str, int] = {}
    sheet_parts = [_xlsb_sheet(sheet, strings) for sheet in sheets]
    parts = {
        "[Content_Types].xml": _CONTENT_TYPES.format(
            sheets="".join(_SHEET_TYPE.format(n=n) for n in range(1, len(sheets) + 1))
        ).encode(),
        "_rels/.rels": _ROOT_RELS.encode(),
        "xl/workbook.bin": _xlsb_workbook(sheets),
        "xl/_rels/workbook.bin.rels": _workbook_rels(len(sheets)).encode(),
        "xl/styles.bin": _styles(),
        "xl/sharedStrings.bin": _shared_strings(strings),
    }
    for n, part in enumerate(sheet_parts, 1):
        parts[f"xl/worksheets/sheet{n}.bin"] = part
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, date_time=_FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            package.writestr(info, data)
    return buffer.getvalue()


def _varint(value: int) -> bytes:
    """7 bits a byte, low first, the high bit saying another byte follows."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _record(kind: int, payload: bytes = b"") -> bytes:
    # The type is at most two bytes: 7 bits of each, so encoded like the size.
    return _varint(kind) + _varint(len(payload)) + payload


def _wide(text: str) -> bytes:
    """XLWideString: a 32-bit count of UTF-16 code units, then the UTF-16LE text."""
    encoded = text.encode("utf-16-le")
    return struct.pack("<I", len(encoded) // 2) + encoded


def _xlsb_workbook(sheets: Sequence[FixtureSheet]) -> bytes:
    records = [_record(BRT_BEGIN_BOOK), _record(BRT_BEGIN_BUNDLE_SHS)]
    for n, sheet in enumerate(sheets, 1):
        # hsState (visible), iTabID, strRelID, strName.
        payload = struct.pack("<II", 0, n) + _wide(f"rId{n}") + _wide(sheet.name)
        records.append(_record(BRT_BUNDLE_SH, payload))
    records += [_record(BRT_END_BUNDLE_SHS), _record(BRT_END_BOOK)]
    return b"".join(records)


def _workbook_rels(count: int) -> str:
    rels = [
        f'<Relationship Id="rId{n}" Type="{_REL_NS}/worksheet" Target="worksheets/sheet{n}.bin"/>'
        for n in range(1, count + 1)
    ]
    rels.append(f'<Relationship Id="rId{count + 1}" Type="{_REL_NS}/styles" Target="styles.bin"/>')
    rels.append(
        f'<Relationship Id="rId{count + 2}" Type="{_REL_NS}/sharedStrings" '
        'Target="sharedStrings.bin"/>'
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f"{''.join(rels)}</Relationships>"
    )


def _styles() -> bytes:
    # One BrtXF: ixfeParent 0xFFFF (a cell format), iFmt 0 (General), font 0, fill 0,
    # border 0, then rotation, indent and flags all zero.
    xf = struct.pack("<HHHHHBBI", 0xFFFF, 0, 0, 0, 0, 0, 0, 0)
    return b"".join(
        [
            _record(BRT_BEGIN_STYLE_SHEET),
            _record(BRT_BEGIN_CELL_XFS, struct.pack("<I", 1)),
            _record(BRT_XF, xf),
            _record(BRT_END_CELL_XFS),
            _record(BRT_END_STYLE_SHEET),
        ]
    )


def _shared_strings(strings: dict[str, int]) -> bytes:
    records = [_record(BRT_BEGIN_SST, struct.pack("<II", len(strings), len(strings)))]
    # BrtSSTItem is a RichStr: a flags byte (no runs, no phonetics), then the text.
    records += [_record(BRT_SST_ITEM, b"\x00" + _wide(text)) for text in strings]
    records.append(_record(BRT_END_SST))
    return b"".join(records)


def _xlsb_sheet(sheet: FixtureSheet, strings: dict[str, int]) -> bytes:
    cells = [
        (r, c, v) for r, row in enumerate(sheet.rows) for c, v in enumerate(row) if v is not None
    ]
    last_row = max((r for r, _, _ in cells), default=0)
    last_column = max((c for _, c, _ in cells), default=0)
    records = [
        _record(BRT_BEGIN_SHEET),
        _record(BRT_WS_DIM, struct.pack("<IIII", 0, last_row, 0, last_column)),
        _record(BRT_BEGIN_SHEET_DATA),
    ]
    current_row = -1
    for r, c, value in cells:
        if r != current_row:
            # rw, ixfe, miyRw (15 pt in twips), three bytes of flags, no column spans.
            records.append(_record(BRT_ROW_HDR, struct.pack("<IIH3sI", r, 0, 300, b"\0\0\0", 0)))
            current_row = r
        # Every cell opens with its column and a 24-bit style index plus 8 bits of flags.
        head = struct.pack("<II", c, 0)
        if isinstance(value, str):
            index = strings.setdefault(value, len(strings))
            records.append(_record(BRT_CELL_ISST, head + struct.pack("<I", index)))
        else:
            records.append(_record(BRT_CELL_REAL, head + struct.pack("<d", float(value))))
    records.append(_record(BRT_END_SHEET_DATA))
    if sheet.merges:
        records.append(_record(BRT_BEGIN_MERGE_CELLS, struct.pack("<I", len(sheet.merges))))
        for first_row, first_col, last_row_, last_col in sheet.merges:
            payload = struct.pack("<IIII", first_row, last_row_, first_col, last_col)
            records.append(_record(BRT_MERGE_CELL, payload))
        records.append(_record(BRT_END_MERGE_CELLS))
    records.append(_record(BRT_END_SHEET))
    return b"".join(records)


# --- ODS --------------------------------------------------------------------------

ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"'
)
_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
    'manifest:version="1.2">'
    '<manifest:file-entry manifest:full-path="/" manifest:version="1.2" '
    f'manifest:media-type="{ODS_MIMETYPE.decode()}"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)


def write_ods(sheets: Sequence[FixtureSheet]) -> bytes:
    """The bytes of an ODS workbook holding `sheets`."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        _add_ods_part(package, "mimetype", ODS_MIMETYPE, zipfile.ZIP_STORED)
        _add_ods_part(package, "META-INF/manifest.xml", _MANIFEST.encode(), zipfile.ZIP_DEFLATED)
        _add_ods_part(package, "content.xml", _ods_content(sheets).encode(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _add_ods_part(package: zipfile.ZipFile, name: str, data: bytes, method: int) -> None:
    info = zipfile.ZipInfo(name, date_time=_FIXED_DATE)
    info.compress_type = method
    package.writestr(info, data)


def _ods_content(sheets: Sequence[FixtureSheet]) -> str:
    tables = "".join(_ods_table(sheet) for sheet in sheets)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<office:document-content {_NAMESPACES}><office:body><office:spreadsheet>"
        f"{tables}</office:spreadsheet></office:body></office:document-content>"
    )


def _ods_table(sheet: FixtureSheet) -> str:
    spans = {(m[0], m[1]): (m[2] - m[0] + 1, m[3] - m[1] + 1) for m in sheet.merges}
    covered = {
        (r, c)
        for first_row, first_col, last_row, last_col in sheet.merges
        for r in range(first_row, last_row + 1)
        for c in range(first_col, last_col + 1)
        if (r, c) != (first_row, first_col)
    }
    width = max([len(row) for row in sheet.rows] + [m[3] + 1 for m in sheet.merges], default=0)
    rows = []
    for r, row in enumerate(sheet.rows):
        cells = []
        for c in range(width):
            if (r, c) in covered:
                cells.append("<table:covered-table-cell/>")
                continue
            value = row[c] if c < len(row) else None
            rows_spanned, columns_spanned = spans.get((r, c), (1, 1))
            span = ""
            if (rows_spanned, columns_spanned) != (1, 1):
                span = (
                    f' table:number-rows-spanned="{rows_spanned}"'
                    f' table:number-columns-spanned="{columns_spanned}"'
                )
            cells.append(_ods_cell(value, span))
        rows.append(f"<table:table-row>{''.join(cells)}</table:table-row>")
    return f"<table:table table:name={quoteattr(sheet.name)}>{''.join(rows)}</table:table>"


def _ods_cell(value: FixtureCell, span: str) -> str:
    if value is None:
        return f"<table:table-cell{span}/>"
    if isinstance(value, str):
        return (
            f'<table:table-cell{span} office:value-type="string">'
            f"<text:p>{escape(value)}</text:p></table:table-cell>"
        )
    return (
        f'<table:table-cell{span} office:value-type="float" office:value="{value!r}">'
        f"<text:p>{value!r}</text:p></table:table-cell>"
    )
