"""The recognizer's answer: when a task's output folder holds a complete batch, and the
merged file made of it.

Each `Output/<task_id>/*.json` is one page of cells, `{"page": <int ≥ 1>, "rows": [[<string |
number | null>, ...], ...]}`. The recognizer writes a batch at once; a file still being
written is named `*.tmp` (renamed when done) or is still empty, and while any is there the
batch is not complete. Files of other kinds are not ours and are ignored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from chalicelib.ports.recognizer import ShareEntry

PAGE_SUFFIX = ".json"
PARTIAL_SUFFIX = ".tmp"


class InvalidRecognizerPageError(ValueError):
    """A page the recognizer wrote is not JSON of the agreed shape (invalid_source_json)."""


@dataclass(frozen=True)
class Batch:
    """What a look at the output folder found: the pages, or why it is not complete yet."""

    pages: tuple[str, ...]
    waiting_for: str | None  # None: complete

    @property
    def complete(self) -> bool:
        """Whether the pages can be read and merged."""
        return self.waiting_for is None


def batch_of(entries: Sequence[ShareEntry]) -> Batch:
    """The batch in a listing of `Output/<task_id>/`: complete when it holds a page and
    nothing is still being written."""
    pages = tuple(e.name for e in entries if e.name.lower().endswith(PAGE_SUFFIX))
    if any(e.name.lower().endswith(PARTIAL_SUFFIX) for e in entries):
        return Batch(pages, "a file is still being written (.tmp)")
    if any(e.size == 0 for e in entries if e.name in pages):
        return Batch(pages, "a page is still empty")
    if not pages:
        return Batch(pages, "no page yet")
    return Batch(pages, None)


def _is_cell(value: object) -> bool:
    return value is None or (isinstance(value, (str, int, float)) and not isinstance(value, bool))


def parse_page(name: str, data: bytes) -> dict[str, Any]:
    """One page's JSON, checked against the agreed shape."""
    try:
        page = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidRecognizerPageError(f"{name} is not JSON: {exc}") from exc
    if not isinstance(page, dict):
        raise InvalidRecognizerPageError(f"{name} is not a JSON object")
    number = page.get("page")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise InvalidRecognizerPageError(f"{name}: `page` is not a whole number of 1 or more")
    rows = page.get("rows")
    if not isinstance(rows, list) or not all(
        isinstance(row, list) and all(_is_cell(cell) for cell in row) for row in rows
    ):
        raise InvalidRecognizerPageError(
            f"{name}: `rows` is not a list of rows of strings, numbers and nulls"
        )
    return page


def merge_pages(
    task_id: str, job_id: str, file_id: str, pages: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """The merged file: every page under its file name, names in case-insensitive order."""
    names = sorted(pages, key=lambda name: (name.casefold(), name))
    return {
        "task_id": task_id,
        "job_id": job_id,
        "file_id": file_id,
        "files": [{"name": name, "content": pages[name]} for name in names],
    }
