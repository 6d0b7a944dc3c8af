"""The access layer's items in the table (moto): conditional writes and the audit's pages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import boto3
import pytest

from chalicelib.access.principal import Grant
from chalicelib.access.records import AuditEntry, RoleDefinition
from chalicelib.adapters.dynamo.access import DynamoAccessStore
from chalicelib.errors import InvalidRequestError
from tests.integration.documents_table import REGION

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.integration
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def client(documents_table: str) -> DynamoDBClient:
    return boto3.client("dynamodb", region_name=REGION)


@pytest.fixture
def store(documents_table: str, client: DynamoDBClient) -> DynamoAccessStore:
    return DynamoAccessStore(documents_table, client)


def _entry(n: int, actor: str = "rita", document_id: str | None = "doc-a") -> AuditEntry:
    return AuditEntry(
        audit_id=f"a-{n:06d}",
        at=T0 + timedelta(seconds=n),
        actor=actor,
        action="document.read",
        document_id=document_id,
        owner_id="sofia",
    )


def test_put_role_refuses_a_stale_version_so_two_admins_cannot_overwrite_each_other(
    store: DynamoAccessStore,
) -> None:
    store.seed_role(RoleDefinition("user", frozenset({"document:read:own"})))
    first = RoleDefinition("user", frozenset({"document:read:region"}), version=1)
    second = RoleDefinition("user", frozenset(), version=1)

    assert store.put_role(first, expected_version=0, audit=_entry(1, "boss", None))
    assert not store.put_role(second, expected_version=0, audit=_entry(2, "eve", None))

    stored = store.get_role("user")
    assert stored is not None
    assert (stored.permissions, stored.version) == (frozenset({"document:read:region"}), 1)
    # The refused change left no audit entry: no record of what did not happen.
    everything, _ = store.list_audit(
        actor=None,
        document_id=None,
        since=T0,
        until=T0 + timedelta(hours=1),
        limit=10,
        cursor=None,
    )
    assert [e.actor for e in everything] == ["boss"]
    # A second seed never overwrites a changed role.
    store.seed_role(RoleDefinition("user", frozenset({"document:read:own"})))
    assert store.get_role("user") == stored


def test_a_grant_is_revoked_once_and_both_its_items_say_so(store: DynamoAccessStore) -> None:
    grant = Grant(
        grant_id="g-" + "1" * 32,
        user_id="rita",
        region="ru-spb",
        permission="document:read:region",
        expires_at=T0 + timedelta(hours=1),
        granted_by="boss",
        granted_at=T0,
    )
    store.add_grant(grant, _entry(1, "boss", None))

    assert store.revoke_grant(grant, at=T0, by="boss", audit=_entry(2, "boss", None))
    assert not store.revoke_grant(grant, at=T0, by="eve", audit=_entry(3, "eve", None))

    by_id = store.get_grant(grant.grant_id)
    (in_partition,) = store.user_grants("rita")
    assert by_id is not None
    assert by_id.revoked_by == in_partition.revoked_by == "boss"
    listed, _ = store.list_grants(None, limit=10, cursor=None)
    assert [g.grant_id for g in listed] == [grant.grant_id]


def test_list_audit_pages_through_a_filter_without_skipping_or_repeating(
    store: DynamoAccessStore,
) -> None:
    for n in range(1, 13):
        # Every third entry is about another document: the filter drops those.
        store.append_audit(_entry(n, document_id="doc-b" if n % 3 == 0 else "doc-a"))
    wanted = [f"a-{n:06d}" for n in range(12, 0, -1) if n % 3 != 0]

    for actor in ("rita", None):  # through GSI1, and through the log's partition
        seen, cursor = [], None
        while True:
            page, cursor = store.list_audit(
                actor=actor,
                document_id="doc-a",
                since=T0,
                until=T0 + timedelta(hours=1),
                limit=3,
                cursor=cursor,
            )
            assert len(page) <= 3
            seen += [e.audit_id for e in page]
            if cursor is None:
                break
        assert seen == wanted

    with pytest.raises(InvalidRequestError):
        store.list_audit(
            actor=None, document_id=None, since=T0, until=T0, limit=3, cursor="bm90LWEta2V5"
        )
