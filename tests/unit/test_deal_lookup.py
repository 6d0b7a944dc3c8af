"""Finding a deal by its id alone: through the document that opened it, else the caller's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chalicelib.models import Document, DocumentStatus
from chalicelib.services.documents import DocumentQueries
from tests.fakes.ports import FakeObjectStore, FakeRepository

START = datetime(2026, 1, 1, tzinfo=UTC)


def _document(document_id: str, owner: str, deal_id: str) -> Document:
    return Document(
        document_id=document_id,
        owner_id=owner,
        region="ru-spb",
        status=DocumentStatus.DONE,
        filename=f"{document_id}.txt",
        content_type="text/plain",
        ext="txt",
        declared_size=100,
        created_at=START,
        updated_at=START,
        upload_expires_at=START + timedelta(minutes=15),
        deal_id=deal_id,
    )


def _queries(*documents: Document) -> DocumentQueries:
    repo = FakeRepository()
    for document in documents:
        repo.documents[document.document_id] = document
    return DocumentQueries(repo, FakeObjectStore())


def test_a_deal_is_found_through_its_opening_document_whoever_asks() -> None:
    queries = _queries(
        _document("deal-root", "sofia", "deal-root"), _document("statement", "sofia", "deal-root")
    )

    found = queries.deal_documents("deal-root", caller_id="rolf")

    assert [d.document_id for d in found] == ["deal-root", "statement"]


def test_a_deal_with_an_older_random_id_is_found_among_the_callers_own_documents_only() -> None:
    legacy = "7f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f"
    queries = _queries(_document("contract", "sofia", legacy), _document("osv", "sofia", legacy))

    assert [d.document_id for d in queries.deal_documents(legacy, caller_id="sofia")] == [
        "contract",
        "osv",
    ]
    assert queries.deal_documents(legacy, caller_id="rolf") == []


def test_a_document_that_is_not_the_deals_opener_names_no_owner() -> None:
    # A document of another deal whose id happens to be asked for: no deal of that id.
    queries = _queries(_document("contract", "sofia", "other-deal"))

    assert queries.deal_documents("contract", caller_id="rolf") == []


def test_a_deal_with_an_older_random_id_and_an_alias_is_found_whoever_asks() -> None:
    legacy = "7f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f"
    repo = FakeRepository()
    for document in (_document("contract", "sofia", legacy), _document("osv", "sofia", legacy)):
        repo.documents[document.document_id] = document
    repo.deal_aliases[legacy] = "sofia"  # written by the backfill

    found = DocumentQueries(repo, FakeObjectStore()).deal_documents(legacy, caller_id="rolf")

    assert [d.document_id for d in found] == ["contract", "osv"]
