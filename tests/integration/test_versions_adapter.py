"""The versions adapter on a moto table as the template makes it: the counter's conditions,
the credit taken in the same transaction, the roll-back and its audit item."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import boto3
import pytest

from chalicelib.adapters.dynamo import DynamoDocuments, DynamoUsers
from chalicelib.adapters.dynamo.versions import DynamoVersions
from chalicelib.errors import DocumentStateConflictError, InsufficientCreditsError
from chalicelib.models import Document, DocumentStatus
from chalicelib.ports import Deadline
from chalicelib.versions.records import VERSION_FIELDS, RestoreAudit, VersionRecord
from tests.integration.documents_table import REGION

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.integration

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
S = DocumentStatus


@pytest.fixture
def client(documents_table: str) -> DynamoDBClient:
    return boto3.client("dynamodb", region_name=REGION)


@pytest.fixture
def documents(documents_table: str, client: DynamoDBClient) -> DynamoDocuments:
    users = DynamoUsers(documents_table, client)
    users.ensure_user("anna", credits=2, region="ru")
    return DynamoDocuments(documents_table, client)


@pytest.fixture
def versions(documents_table: str, client: DynamoDBClient) -> DynamoVersions:
    return DynamoVersions(documents_table, client)


def _done_document(documents: DynamoDocuments) -> Document:
    document = Document(
        document_id="doc-0001",
        owner_id="anna",
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
    documents.create_with_reservation(document, Deadline("doc-0001", S.AWAITING_UPLOAD, NOW))
    documents.record_pipeline("doc-0001", "contract")
    return documents.transition("doc-0001", to=S.DONE, allowed_from=[S.AWAITING_UPLOAD], version=1)


def _states(versions: DynamoVersions) -> list[tuple[int, bool, int | None]]:
    return [(v.version, v.is_current, v.replaced_by) for v in versions.list_versions("doc-0001")]


def _open(versions: DynamoVersions, current: Document, number: int, *, charge: bool = True) -> None:
    head: dict[str, Any] = dict.fromkeys(VERSION_FIELDS)
    head.update(
        version=number,
        latest_version=number,
        status=S.AWAITING_UPLOAD.value,
        filename="v.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=10,
        upload_expires_at=NOW.isoformat(),
        refunded=False,
        previous_version=current.version,
    )
    opened = VersionRecord(
        document_id=current.document_id,
        version=number,
        filename="v.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=10,
        created_at=NOW,
        status=S.AWAITING_UPLOAD.value,
        is_current=True,
    )
    versions.open_version(
        current,
        head=head,
        opened=opened,
        replaced=VersionRecord.of_current(current).replaced(number),
        charge=charge,
        deadline=Deadline(current.document_id, S.AWAITING_UPLOAD, NOW),
    )


def test_a_version_opened_from_a_stale_reading_is_refused(
    documents: DynamoDocuments, versions: DynamoVersions
) -> None:
    current = _done_document(documents)

    _open(versions, current, 2)
    with pytest.raises(DocumentStateConflictError):
        _open(versions, current, 2)  # the counter moved: this reading is stale
    with pytest.raises(DocumentStateConflictError):
        _open(versions, current, 3)  # whatever number it asks for

    document = documents.get("doc-0001")
    assert document is not None
    assert (document.version, document.latest_version, document.status) == (
        2,
        2,
        S.AWAITING_UPLOAD,
    )
    assert document.pipeline is None  # v1's run fields were cleared
    assert [
        (v.version, v.is_current, v.replaced_by) for v in versions.list_versions("doc-0001")
    ] == [
        (1, False, 2),
        (2, True, None),
    ]


def test_a_version_without_credit_changes_nothing(
    documents: DynamoDocuments, versions: DynamoVersions, client: DynamoDBClient
) -> None:
    current = _done_document(documents)
    _open(versions, current, 2)
    documents.transition("doc-0001", to=S.DONE, allowed_from=[S.AWAITING_UPLOAD], version=2)
    second = documents.get("doc-0001")
    assert second is not None

    with pytest.raises(InsufficientCreditsError):
        _open(versions, second, 3)

    assert versions.get_version("doc-0001", 3) is None
    document = documents.get("doc-0001")
    assert document is not None and document.version == 2


def test_a_roll_back_moves_the_record_and_writes_its_audit_item(
    documents: DynamoDocuments, versions: DynamoVersions
) -> None:
    current = _done_document(documents)
    _open(versions, current, 2, charge=False)
    documents.transition("doc-0001", to=S.DONE, allowed_from=[S.AWAITING_UPLOAD], version=2)
    second = documents.get("doc-0001")
    assert second is not None
    audit = RestoreAudit(document_id="doc-0001", actor="anna", at=NOW, from_version=2, to_version=1)
    head = {"version": 1, "status": S.DONE.value, "filename": "contract.pdf"}

    versions.restore_version(
        second, head=head, replaced=VersionRecord.of_current(second).replaced(1), audit=audit
    )
    with pytest.raises(DocumentStateConflictError):  # the same stale reading again
        versions.restore_version(
            second, head=head, replaced=VersionRecord.of_current(second).replaced(1), audit=audit
        )

    document = documents.get("doc-0001")
    assert document is not None
    assert (document.version, document.latest_version, document.filename) == (1, 2, "contract.pdf")
    assert [
        (v.version, v.is_current, v.replaced_by) for v in versions.list_versions("doc-0001")
    ] == [
        (1, True, None),
        (2, False, 1),
    ]
    assert versions.audit_log("doc-0001") == [audit]
    with pytest.raises(DocumentStateConflictError):  # a run of v2 may not move v1's record
        documents.transition("doc-0001", to=S.ANALYZING, allowed_from=[S.DONE], version=2)
