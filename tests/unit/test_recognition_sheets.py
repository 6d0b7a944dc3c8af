"""A request's file checked against its file_type, and the external recognizer's pages as sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chalicelib.recognition.sheets import (
    UnexpectedFileError,
    check_file_kind,
    sheets_of_merged_pages,
)

FIXTURES = Path(__file__).parents[1] / "fixtures"


def test_a_workbook_is_any_workbook_and_a_picture_must_be_the_picture_it_says() -> None:
    xls = (FIXTURES / "statements/osv_60_contracts.xls").read_bytes()

    assert check_file_kind(xls, "XLSX") == "xls"  # an XLS saved as .xlsx is still a workbook
    assert check_file_kind(b"\x89PNG\r\n\x1a\n....", "PNG") == "png"
    with pytest.raises(UnexpectedFileError, match="says JPG, but the file is PNG"):
        check_file_kind(b"\x89PNG\r\n\x1a\n....", "JPG")
    with pytest.raises(UnexpectedFileError, match="says XLSX, but the file is PDF"):
        check_file_kind(b"%PDF-1.7\n", "XLSX")


def _merged(*contents: object) -> bytes:
    files = [{"name": f"p{i}.json", "content": content} for i, content in enumerate(contents)]
    return json.dumps({"task_id": "t", "job_id": "t", "file_id": "f", "files": files}).encode()


def test_merged_pages_become_one_sheet_per_page_named_as_pdf_pages_are() -> None:
    data = _merged(
        {"page": 1, "rows": [["Счёт", " 60 ", None], [1, 2.5, None, None]]},
        {"page": 2, "rows": []},
        {"page": 2, "rows": [[""]]},
    )

    sheets = sheets_of_merged_pages(data)

    assert [s.name for s in sheets] == ["Страница 1", "Страница 2", "Страница 2 (3)"]
    assert sheets[0].rows == [["Счёт", "60"], [1, 2.5]]
    assert sheets[2].rows == [[]]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"[]", "no `files` list"),
        (_merged({"rows": []}), "page number"),
        (_merged({"page": 0, "rows": []}), "page number"),
        (_merged({"page": True, "rows": []}), "page number"),
        (_merged({"page": 1}), "content.rows"),
        (_merged({"page": 1, "rows": ["a"]}), "not a list"),
        (_merged({"page": 1, "rows": [[{"x": 1}]]}), "not text, a number or null"),
        (_merged({"page": 1, "rows": [[True]]}), "not text, a number or null"),
    ],
)
def test_anything_but_the_shared_format_is_refused_with_what_is_wrong(
    data: bytes, problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        sheets_of_merged_pages(data)
