"""The table's four adapters, each on its own, over one moto table as the template makes it.

Each adapter is built from the table's name and one client, as the wiring's union is; the
writes that cross ports (a credit taken with a new document, a refund with its failure)
must hold as single transactions whichever adapter makes them.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import boto3
import pytest

from chalicelib.adapters.dynamo import (
    DynamoDeadlines,
    DynamoDocumentRepository,
    DynamoDocuments,
    DynamoReviewQueue,
    DynamoUsers,
)
from chalicelib.errors import DocumentStateConflictError, InsufficientCreditsError
from chalicelib.models import Document, DocumentError, DocumentStatus, ReviewDecision
from chalicelib.ports import Deadline, StatusChange
from tests.integration.documents_table import REGION

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.integration

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
S = DocumentStatus
BROKEN = DocumentError(code="UNREADABLE", message="Broken.", failure_class="user")
OURS = DocumentError(code="STORAGE", message="Ours.", failure_class="storage")


@pytest.fixture
def client(documents_table: str) -> DynamoDBClient:
    return boto3.client("dynamodb", region_name=REGION)


@pytest.fixture
def users(documents_table: str, client: DynamoDBClient) -> DynamoUsers:
    return DynamoUsers(documents_table, client)


@pytest.fixture
def documents(documents_table: str, client: DynamoDBClient) -> DynamoDocuments:
    return DynamoDocuments(documents_table, client)


def _document(document_id: str, owner_id: str = "anna") -> Document:
    return Document(
        document_id=document_id,
        owner_id=owner_id,
        region="ru",
        status=S.AWAITING_UPLOAD,
        filename="contract.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=1000,
        created_at=NOW,
        updated_at=NOW,
        upload_expires_at=NOW + timedelta(minutes=15),
    )


def _reserve(documents: DynamoDocuments, document_id: str) -> Deadline:
    deadline = Deadline(document_id, S.AWAITING_UPLOAD, NOW + timedelta(minutes=15))
    documents.create_with_reservation(_document(document_id), deadline)
    return deadline


def test_a_document_takes_a_credit_and_leaves_a_deadline_in_one_transaction(
    documents_table: str, client: DynamoDBClient, users: DynamoUsers, documents: DynamoDocuments
) -> None:
    users.ensure_user("anna", credits=1, region="ru")
    deadline = _reserve(documents, "d1")

    with pytest.raises(InsufficientCreditsError):
        _reserve(documents, "d2")

    profile = users.get_user("anna")
    assert profile is not None and profile.credits_left == 0
    assert documents.get("d2") is None
    due = DynamoDeadlines(documents_table, client).due_deadlines(NOW + timedelta(hours=1), 10)
    assert due == [deadline]


def test_an_upload_is_claimed_once_and_only_retried_with_its_own_version(
    users: DynamoUsers, documents: DynamoDocuments
) -> None:
    users.ensure_user("anna", credits=1, region="ru")
    _reserve(documents, "d1")
    allowed = [S.AWAITING_UPLOAD, S.EXTRACTING]

    claimed = documents.claim_upload("d1", allowed_from=allowed, source_version="v1", size=900)
    retried = documents.claim_upload("d1", allowed_from=allowed, source_version="v1", size=900)
    with pytest.raises(DocumentStateConflictError):
        documents.claim_upload("d1", allowed_from=allowed, source_version="v2", size=500)

    assert (claimed.status, claimed.source_version_id, claimed.real_size) == (
        S.EXTRACTING,
        "v1",
        900,
    )
    assert retried.real_size == 900
    stored = documents.get("d1")
    assert stored is not None and stored.source_version_id == "v1"


def test_status_changes_write_only_their_typed_fields(
    users: DynamoUsers, documents: DynamoDocuments
) -> None:
    users.ensure_user("anna", credits=1, region="ru")
    _reserve(documents, "d1")
    documents.claim_upload("d1", allowed_from=[S.AWAITING_UPLOAD], source_version="v", size=1)
    documents.record_run("d1", pipeline="contract", execution_arn="arn:run")
    documents.record_routing("d1", route="manual_review", confidence=0.734)
    documents.attach_to_deal("d1", "deal-1")

    held = documents.transition(
        "d1", to=S.IN_REVIEW, allowed_from=[S.EXTRACTING], change=StatusChange.held("tok")
    )
    review = ReviewDecision(decision="approve", reviewer="olga", decided_at=NOW)
    reviewed = documents.record_review("d1", review)
    done = documents.transition(
        "d1",
        to=S.DONE,
        allowed_from=[S.IN_REVIEW],
        change=StatusChange.finished({"high": 1, "medium": 0, "low": 2, "info": 0}),
    )

    assert held.task_token == "tok"
    assert reviewed.review == review and reviewed.task_token == "tok"
    assert done.status == S.DONE and done.task_token is None
    assert done.findings_summary == {"high": 1, "medium": 0, "low": 2, "info": 0}
    assert (done.pipeline, done.execution_arn, done.deal_id) == ("contract", "arn:run", "deal-1")
    assert (done.route, done.confidence) == ("manual_review", 0.734)
    with pytest.raises(DocumentStateConflictError):
        documents.record_review("d1", review)  # no longer held
    with pytest.raises(DocumentStateConflictError):
        documents.transition("d1", to=S.ANALYZING, allowed_from=[S.PRESCREENING])


def test_a_refund_goes_back_once_and_never_for_a_done_document(
    users: DynamoUsers, documents: DynamoDocuments
) -> None:
    users.ensure_user("anna", credits=3, region="ru")
    for document_id in ("refunded", "kept", "done"):
        _reserve(documents, document_id)
    documents.transition(
        "done", to=S.DONE, allowed_from=[S.AWAITING_UPLOAD], change=StatusChange.finished({})
    )

    first = documents.fail_and_refund("refunded", OURS)
    second = documents.fail_and_refund("refunded", OURS)
    documents.fail_without_refund("kept", BROKEN)
    on_done = documents.fail_and_refund("done", OURS)

    assert (first, second, on_done) == (True, False, False)
    profile = users.get_user("anna")
    assert profile is not None and profile.credits_left == 1
    refunded, kept, done = (documents.get(i) for i in ("refunded", "kept", "done"))
    assert refunded is not None and refunded.status == S.FAILED and refunded.refunded
    assert kept is not None and kept.status == S.FAILED and not kept.refunded
    assert kept.error == BROKEN
    assert done is not None and done.status == S.DONE and done.error is None


def test_callback_progress_is_recorded_on_the_document(
    users: DynamoUsers, documents: DynamoDocuments
) -> None:
    users.ensure_user("anna", credits=1, region="ru")
    _reserve(documents, "d1")

    recorded = documents.record_callback("d1", status="retrying", attempts=2)

    assert (recorded.callback_status, recorded.callback_attempts) == ("retrying", 2)


def test_the_review_queue_lists_only_documents_still_held(
    documents_table: str, client: DynamoDBClient, users: DynamoUsers, documents: DynamoDocuments
) -> None:
    queue = DynamoReviewQueue(documents_table, client)
    users.ensure_user("anna", credits=2, region="ru")
    for document_id in ("held", "gone"):
        _reserve(documents, document_id)
        queue.enqueue_review(document_id)
    documents.transition(
        "held", to=S.IN_REVIEW, allowed_from=[S.AWAITING_UPLOAD], change=StatusChange.held("t")
    )

    assert [d.document_id for d in queue.list_reviews(10)] == ["held"]
    queue.dequeue_review("held")
    queue.dequeue_review("held")  # gone already is fine
    assert queue.list_reviews(10) == []


def test_the_operators_ledger_sits_with_the_users(
    documents_table: str, client: DynamoDBClient, users: DynamoUsers
) -> None:
    users.ensure_user("anna", credits=0, region="ru")

    balance = users.grant_credits("anna", 5, reason="pilot", granted_by="boss")
    users.set_role("anna", "reviewer", reason="joined", set_by="boss")

    profile = DynamoDocumentRepository(documents_table, client).get_user("anna")
    assert balance == 5
    assert profile is not None and (profile.credits_left, profile.role) == (5, "reviewer")


def test_a_regions_list_reads_its_province_filters_a_city_and_backfills_older_documents(
    documents_table: str, client: DynamoDBClient, users: DynamoUsers, documents: DynamoDocuments
) -> None:
    users.ensure_user("anna", credits=5, region="ru")
    for number, region in enumerate(("ru-msk", "ru-spb", "ru", "kz-ala"), start=1):
        doc = _document(f"d{number}").model_copy(
            update={"region": region, "created_at": NOW + timedelta(minutes=number)}
        )
        deadline = Deadline(doc.document_id, S.AWAITING_UPLOAD, NOW + timedelta(minutes=15))
        documents.create_with_reservation(doc, deadline)

    def listed(region: str) -> list[str]:
        return [d.document_id for d in documents.list_region_documents(region, limit=10)[0]]

    assert listed("ru") == ["d3", "d2", "d1"]  # the province: every city, newest first
    assert listed("ru-spb") == ["d2"]
    assert listed("kz") == ["d4"]
    # GIVEN a document written before GSI2 existed (its keys taken away)
    client.update_item(
        TableName=documents_table,
        Key={"PK": {"S": "DOC#d1"}, "SK": {"S": "META"}},
        UpdateExpression="REMOVE GSI2PK, GSI2SK",
    )
    assert listed("ru-msk") == []
    # WHEN the backfill runs (twice: the second finds nothing to do)
    assert documents.index_unlisted_documents() == 1
    assert documents.index_unlisted_documents() == 0
    # THEN it is listed again
    assert listed("ru-msk") == ["d1"]
