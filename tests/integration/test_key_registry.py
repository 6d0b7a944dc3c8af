"""The key registry on moto: who owns which key, and each owner's count of active keys,
kept by conditional writes so that no two creates at once pass the cap."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import boto3
import pytest

from chalicelib.adapters.key_registry import DynamoKeyRegistry
from chalicelib.ports import KeyRecord
from infra.localcloud import moto_patches
from tests.integration.documents_table import REGION

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.integration
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def registry(documents_table: str) -> Iterator[DynamoKeyRegistry]:
    # DynamoDB applies each conditional write atomically; moto does once serialized.
    moto_patches.serialize_dynamodb_writes()
    yield DynamoKeyRegistry(documents_table, client=boto3.client("dynamodb", region_name=REGION))
    moto_patches.restore_dynamodb_writes()


def _record(key_id: str, owner: str = "anna", minutes: int = 0) -> KeyRecord:
    return KeyRecord(key_id, owner, "ERP", NOW + timedelta(minutes=minutes), enabled=True)


def test_key_registry_reserves_slots_up_to_the_limit_and_no_further(
    registry: DynamoKeyRegistry,
) -> None:
    assert [registry.reserve("anna", 2) for _ in range(3)] == [True, True, False]
    assert registry.reserve("boris", 2) is True  # per owner

    registry.release("anna")

    assert registry.reserve("anna", 2) is True
    assert registry.reserve("anna", 2) is False


def test_key_registry_reservations_at_once_never_pass_the_limit(
    registry: DynamoKeyRegistry,
) -> None:
    start = threading.Barrier(10)
    granted: list[bool] = []

    def reserve() -> None:
        start.wait()
        granted.append(registry.reserve("anna", 3))

    threads = [threading.Thread(target=reserve) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert granted.count(True) == 3 and granted.count(False) == 7


def test_key_registry_revoke_marks_both_items_frees_one_slot_and_keeps_the_record(
    registry: DynamoKeyRegistry,
) -> None:
    assert registry.reserve("anna", 1)
    registry.add(_record("k1"))

    assert registry.revoke(_record("k1"), NOW + timedelta(hours=1)) is True
    assert registry.revoke(_record("k1"), NOW + timedelta(hours=2)) is False  # once only

    looked_up = registry.get("k1")
    assert looked_up is not None and looked_up.enabled is False
    assert looked_up.revoked_at == NOW + timedelta(hours=1)
    assert [(r.key_id, r.enabled) for r in registry.list("anna")] == [("k1", False)]
    assert registry.reserve("anna", 1) is True  # the slot came back, once
    assert registry.reserve("anna", 1) is False


def test_key_registry_counts_the_keys_made_before_the_cap_was_kept(
    registry: DynamoKeyRegistry,
) -> None:
    # GIVEN an owner with two active keys and a revoked one, recorded with no count at all
    for minutes, key_id in enumerate(("old1", "old2")):
        registry.add(_record(key_id, minutes=minutes))
    registry.add(KeyRecord("old3", "anna", "ERP", NOW, enabled=False))

    # THEN the count starts from the two that work
    assert registry.reserve("anna", 3) is True
    assert registry.reserve("anna", 3) is False
