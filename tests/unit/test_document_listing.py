"""Listing a caller's documents: theirs only, newest first, a page at a time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.errors import InvalidRequestError
from chalicelib.models import Document, DocumentStatus
from chalicelib.services.documents import DocumentQueries
from tests.fakes.ports import FakeObjectStore, FakeRepository

START = datetime(2026, 1, 1, tzinfo=UTC)


def _document(number: int, owner: str) -> Document:
    created = START + timedelta(minutes=number)
    return Document(
        document_id=f"doc-{number}",
        owner_id=owner,
        region="ru",
        status=DocumentStatus.AWAITING_UPLOAD,
        filename=f"contract-{number}.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=100,
        created_at=created,
        updated_at=created,
        upload_expires_at=created + timedelta(minutes=15),
    )


@pytest.fixture
def queries() -> DocumentQueries:
    repo = FakeRepository()
    for number in range(5):
        document = _document(number, "anna" if number != 2 else "boris")
        repo.documents[document.document_id] = document
    return DocumentQueries(repo, FakeObjectStore())


def test_list_gives_only_the_callers_documents_newest_first_in_pages(
    queries: DocumentQueries,
) -> None:
    first = queries.list("anna", limit=3).body()
    second = queries.list("anna", limit=3, cursor=first["next_cursor"]).body()

    ids = [d["document_id"] for d in first["documents"] + second["documents"]]
    assert ids == ["doc-4", "doc-3", "doc-1", "doc-0"]
    assert second["next_cursor"] is None


@pytest.mark.parametrize("limit", [0, 101])
def test_list_refuses_a_page_size_out_of_range(queries: DocumentQueries, limit: int) -> None:
    with pytest.raises(InvalidRequestError):
        queries.list("anna", limit=limit)
