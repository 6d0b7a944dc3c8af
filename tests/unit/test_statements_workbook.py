"""Workbooks read into sheets, and hostile or broken files refused with our errors."""

from __future__ import annotations

import io
import zipfile
from typing import TYPE_CHECKING

import pytest
import xlsxwriter

from chalicelib.errors import (
    DocumentTooLargeError,
    DocumentTooLongError,
    DomainError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.statements import workbook
from chalicelib.statements.grid import Sheet
from chalicelib.statements.workbook import read_workbook
from tests.statement_fixtures.writers import FORMATS, FixtureSheet, write_workbook

if TYPE_CHECKING:
    from pathlib import Path

SHEETS = [
    FixtureSheet(
        "TDSheet",
        [
            ['ООО "Ромашка"', None, "  с пробелами  "],
            [],
            [1, 2.5, -3, 1234567.89, 0.1, None, "(1 234,50)"],
            ["Итого", 10**12],
        ],
        merges=[(0, 0, 0, 1)],
    ),
    FixtureSheet("Лист 2", [[None, None], [None, "сдвинуто"]]),
]


def _bytes(tmp_path: Path, sheets: list[FixtureSheet], fmt: str) -> bytes:
    path = tmp_path / f"book.{fmt}"
    write_workbook(path, sheets, fmt)
    return path.read_bytes()


@pytest.mark.parametrize("fmt", FORMATS)
def test_read_workbook_gives_typed_stripped_cells_in_every_format(tmp_path: Path, fmt: str) -> None:
    sheets = read_workbook(_bytes(tmp_path, SHEETS, fmt), fmt)

    assert sheets == [
        Sheet(
            "TDSheet",
            [
                ['ООО "Ромашка"', None, "с пробелами"],
                [],
                [1, 2.5, -3, 1234567.89, 0.1, None, "(1 234,50)"],
                ["Итого", 10**12],
            ],
        ),
        # Leading empty rows and columns are dropped; the origin keeps references true.
        Sheet("Лист 2", [["сдвинуто"]], origin=(1, 1)),
    ]
    assert sheets[1].ref(0, 0) == "B2"
    assert isinstance(sheets[0].rows[2][0], int)


def test_read_workbook_trusts_the_bytes_over_the_extension(tmp_path: Path) -> None:
    data = _bytes(tmp_path, SHEETS, "xls")

    assert read_workbook(data, "xlsx")[0].rows[0][0] == 'ООО "Ромашка"'


@pytest.mark.parametrize(
    ("data", "ext"),
    [(b"Just some text, not a workbook", "xlsx"), (b"%PDF-1.7\n", "xls"), (b"x", "csv")],
)
def test_read_workbook_refuses_files_that_are_not_workbooks(data: bytes, ext: str) -> None:
    with pytest.raises(UnsupportedFormatError):
        read_workbook(data, ext)


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_truncated_workbook_is_unreadable(tmp_path: Path, fmt: str) -> None:
    data = _bytes(tmp_path, SHEETS, fmt)

    with pytest.raises((UnreadableDocumentError, UnsupportedFormatError)):
        read_workbook(data[: len(data) // 2], fmt)


def test_a_workbook_with_a_damaged_part_is_unreadable(tmp_path: Path) -> None:
    data = _rewrite(_bytes(tmp_path, SHEETS, "xlsx"), "xl/worksheets/sheet1.xml", b"<worksheet><")

    with pytest.raises(UnreadableDocumentError):
        read_workbook(data, "xlsx")


def _rewrite(data: bytes, part: str, content: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            body = content if info.filename == part else source.read(info)
            target.writestr(info.filename, body, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def test_a_dtd_in_any_part_is_hostile(tmp_path: Path) -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa">]>'
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'
    )
    data = _rewrite(_bytes(tmp_path, SHEETS, "xlsx"), "xl/sharedStrings.xml", bomb)

    with pytest.raises(HostileDocumentError):
        read_workbook(data, "xlsx")


def _xlsx_with_cell(tmp_path: Path, row: int, column: int, sheets: int = 1) -> bytes:
    path = tmp_path / "far.xlsx"
    book = xlsxwriter.Workbook(str(path))
    for index in range(sheets):
        sheet = book.add_worksheet(f"S{index}")
        sheet.write_string(0, 0, "a")
        sheet.write_string(row, column, "b")
    book.close()
    return path.read_bytes()


def test_a_sheet_reaching_past_the_rows_bound_is_refused_before_calamine_reads_it(
    tmp_path: Path,
) -> None:
    with pytest.raises(DocumentTooLongError):
        read_workbook(_xlsx_with_cell(tmp_path, workbook.MAX_ROWS_PER_SHEET + 1, 0), "xlsx")


def test_a_stray_cell_in_excels_last_column_is_read_not_refused(tmp_path: Path) -> None:
    # One row as wide as Excel allows is 16 384 cells: the area bound, not the width, guards.
    [sheet] = read_workbook(_xlsx_with_cell(tmp_path, 0, 16_383), "xlsx")
    assert sheet.rows[0][0] == "a" and sheet.rows[0][-1] == "b"


def test_a_sheet_with_too_many_cells_is_too_large(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workbook, "MAX_CELLS_PER_SHEET", 100)

    with pytest.raises(DocumentTooLargeError):
        read_workbook(_xlsx_with_cell(tmp_path, 20, 20), "xlsx")


@pytest.mark.parametrize("fmt", ["xlsx", "xls"])
def test_a_workbook_with_too_many_sheets_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    monkeypatch.setattr(workbook, "MAX_SHEETS", 2)
    sheets = [FixtureSheet(f"S{i}", [["x"]]) for i in range(3)]

    with pytest.raises(DocumentTooLongError):
        read_workbook(_bytes(tmp_path, sheets, fmt), fmt)


# Apache POI's hostile spreadsheets (Apache-2.0), read from the shared corpus.
POI_FILES = {
    "poi_54764.xlsx": HostileDocumentError,  # entity expansion in a part
    "poi_54764-2.xlsx": HostileDocumentError,
    "poi_poc-xmlbomb.xlsx": HostileDocumentError,
    "poi_clusterfuzz-testcase-minimized-XLSX2CSVFuzzer-5025401116950528.xlsx": (
        UnreadableDocumentError
    ),
    "poi_password.xls": EncryptedDocumentError,
    "poi_protected_passtika.xlsb": EncryptedDocumentError,  # an OLE2 EncryptedPackage
    # The XXE sits in an XML map's schema location, which nothing here resolves: the
    # sheet itself is a plain table and reads as one (unit tests cannot open sockets).
    "poi_xxe_in_schema.xlsx": None,
}


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(POI_FILES))
def test_hostile_corpus_spreadsheets_end_in_our_errors(corpus: Path, name: str) -> None:
    path = corpus / "malformed" / name
    if not path.exists():
        pytest.skip(f"{name} is not in the corpus")
    expected = POI_FILES[name]
    ext = path.suffix[1:]

    if expected is None:
        assert read_workbook(path.read_bytes(), ext)[0].rows[0] == [
            "/Test/Test",
            "Column1",
            "Column2",
        ]
    else:
        with pytest.raises(expected):
            read_workbook(path.read_bytes(), ext)


@pytest.mark.corpus
def test_every_poi_spreadsheet_in_the_corpus_is_covered(corpus: Path) -> None:
    names = {p.name for p in (corpus / "malformed").glob("poi_*.xls*")}

    assert names <= set(POI_FILES)


@pytest.mark.corpus
def test_a_zip_bomb_named_as_a_workbook_is_hostile(corpus: Path) -> None:
    bombs = sorted((corpus / "malformed").glob("DANGER_zipbomb_*.zip"))
    if not bombs:
        pytest.skip("no zip bomb in the corpus")

    with pytest.raises(DomainError) as raised:
        read_workbook(bombs[0].read_bytes(), "xlsx")
    assert isinstance(raised.value, HostileDocumentError | DocumentTooLargeError)
