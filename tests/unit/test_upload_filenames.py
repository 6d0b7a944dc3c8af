"""Filenames are shown to people (the web page, the bot, reviewers): characters that show
nothing but can reorder or break what is shown are removed before the name is judged and
stored (issue 11, point 9)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chalicelib.errors import InvalidRequestError, UploadTypeNotSupportedError
from chalicelib.services.uploads import (
    UploadRequest,
    UploadService,
    clean_filename,
    validate_upload,
)
from chalicelib.services.users import UserService
from tests.fakes.ports import FakeObjectStore, FakeRepository

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PDF = "application/pdf"


def _uploads() -> UploadService:
    repo = FakeRepository()
    return UploadService(
        repo=repo,
        store=FakeObjectStore(),
        users=UserService(repo, signup_credits=5, region="ru"),
        max_upload_bytes=10_000,
        url_ttl_seconds=900,
        grace_seconds=600,
        clock=lambda: NOW,
    )


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("invoice\u202efdp.pdf", "invoicefdp.pdf"),  # RIGHT-TO-LEFT OVERRIDE
        ("\u202dleft\u202c.pdf", "left.pdf"),  # LEFT-TO-RIGHT OVERRIDE, POP DIRECTIONAL
        ("a\u202a\u202bb.pdf", "ab.pdf"),  # embeddings
        ("\u2066x\u2067y\u2068z\u2069.pdf", "xyz.pdf"),  # isolates
        ("\u200fחוזה\u200e.pdf", "חוזה.pdf"),  # RLM and LRM
        ("عقد\u061c.pdf", "عقد.pdf"),  # ARABIC LETTER MARK
        ("a\u2028b\u2029c.pdf", "abc.pdf"),  # line and paragraph separators
        ("con\ttract\x1b[31m.pdf", "contract[31m.pdf"),  # a tab and a terminal escape
        ("two\nlines\r.pdf", "twolines.pdf"),
        ("nul\x00\x7f\x85\x9b.pdf", "nul.pdf"),  # NUL, DEL and C1 controls
        ("  Договор поставки.pdf  ", "Договор поставки.pdf"),
        ("emoji 👩\u200d💻.pdf", "emoji 👩\u200d💻.pdf"),  # a joiner is part of the glyph
    ],
)
def test_the_stored_filename_has_no_control_or_direction_characters(sent: str, kept: str) -> None:
    ticket = _uploads().request_upload("alice", UploadRequest(sent, PDF, 100))

    assert ticket.document.filename == kept
    assert clean_filename(sent) == kept


def test_the_type_is_judged_on_the_name_people_see() -> None:
    # "report\u202eexe.pdf" would look like "reportfdp.exe"; what counts is what is left.
    assert validate_upload(UploadRequest("report\u202eexe.pdf", PDF, 5), max_bytes=10) == (
        "pdf",
        PDF,
    )
    with pytest.raises(UploadTypeNotSupportedError):
        validate_upload(UploadRequest("contract\u202efdp.exe", "application/pdf", 5), max_bytes=10)


@pytest.mark.parametrize("sent", ["\u202e\u200f\x00", "   ", "\u2066\u2069", "\ud800"])
def test_a_name_of_nothing_visible_is_refused(sent: str) -> None:
    with pytest.raises(InvalidRequestError, match="filename"):
        validate_upload(UploadRequest(sent, PDF, 5), max_bytes=10)


def test_a_lone_surrogate_never_reaches_the_repository() -> None:
    # The bot builds requests from Telegram's JSON, where "\ud800" may arrive as an escape.
    ticket = _uploads().request_upload("alice", UploadRequest("scan\udfff.pdf", PDF, 100))

    assert ticket.document.filename == "scan.pdf"
    ticket.document.filename.encode("utf-8")  # storable


def test_a_name_over_255_characters_is_refused_after_cleaning() -> None:
    fits = "\u202e" * 50 + "a" * 251 + ".pdf"
    assert validate_upload(UploadRequest(fits, PDF, 5), max_bytes=10) == ("pdf", PDF)
    with pytest.raises(InvalidRequestError, match="255"):
        validate_upload(UploadRequest("a" * 252 + ".pdf", PDF, 5), max_bytes=10)
