"""Partner keys: a capped number of active keys per person, and revoked keys deleted from
API Gateway while their record stays for audit."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest

from chalicelib.errors import StorageUnavailableError
from chalicelib.services.partners import KeyLimitReachedError, PartnerKeys
from tests.fakes.partner_keys import FakeKeyGateway, FakeKeyRegistry

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _keys(limit: int = 3) -> tuple[PartnerKeys, FakeKeyGateway, FakeKeyRegistry]:
    gateway, registry = FakeKeyGateway(), FakeKeyRegistry()
    return PartnerKeys(gateway, registry, lambda: NOW, max_keys_per_user=limit), gateway, registry


def test_partner_keys_past_the_cap_are_refused_with_409_and_nothing_is_made() -> None:
    keys, gateway, _ = _keys(limit=2)
    keys.create("anna", "ERP")
    keys.create("anna", "CRM")

    with pytest.raises(KeyLimitReachedError, match="2 active keys") as refused:
        keys.create("anna", "one too many")

    assert refused.value.http_status == 409 and refused.value.code == "KEY_LIMIT_REACHED"
    assert len(gateway.keys) == 2  # API Gateway's quota was not touched
    assert keys.create("boris", "ERP")["enabled"] is True  # the cap is per person


def test_partner_keys_a_revoked_key_frees_its_slot() -> None:
    keys, _, _ = _keys(limit=1)
    first = keys.create("anna", "ERP")

    keys.revoke("anna", first["key_id"])

    assert keys.create("anna", "ERP again")["enabled"] is True


def test_partner_keys_revoking_deletes_the_key_from_api_gateway_and_keeps_the_record() -> None:
    keys, gateway, registry = _keys()
    created = keys.create("anna", "ERP")

    revoked = keys.revoke("anna", created["key_id"])

    assert revoked["enabled"] is False
    assert gateway.deleted == [created["key_id"]] and created["key_id"] not in gateway.keys
    record = registry.get(created["key_id"])
    assert record is not None and record.enabled is False and record.revoked_at == NOW
    assert [k["key_id"] for k in keys.list("anna")] == [created["key_id"]]


def test_partner_keys_revoking_twice_frees_one_slot_and_answers_the_same() -> None:
    keys, gateway, registry = _keys(limit=2)
    created = keys.create("anna", "ERP")
    keys.create("anna", "CRM")

    keys.revoke("anna", created["key_id"])
    again = keys.revoke("anna", created["key_id"])  # e.g. a retry after a lost answer

    assert again["enabled"] is False
    assert registry.active["anna"] == 1
    assert gateway.deleted == [created["key_id"]]


def test_partner_keys_a_failed_create_on_api_gateway_gives_the_slot_back() -> None:
    keys, gateway, registry = _keys(limit=1)
    gateway.fail_next_create = StorageUnavailableError()

    with pytest.raises(StorageUnavailableError):
        keys.create("anna", "ERP")

    assert registry.active["anna"] == 0
    assert keys.create("anna", "ERP")["enabled"] is True


def test_partner_keys_a_failed_record_deletes_the_new_key_and_gives_the_slot_back() -> None:
    keys, gateway, registry = _keys(limit=1)
    registry.fail_next_add = StorageUnavailableError()

    with pytest.raises(StorageUnavailableError):
        keys.create("anna", "ERP")

    assert gateway.keys == {} and gateway.deleted == ["key1"]
    assert registry.active["anna"] == 0


def test_partner_keys_creates_at_once_never_pass_the_cap() -> None:
    keys, gateway, _ = _keys(limit=3)
    start = threading.Barrier(12)
    outcomes: list[str] = []

    def create() -> None:
        start.wait()
        try:
            keys.create("anna", "ERP")
            outcomes.append("made")
        except KeyLimitReachedError:
            outcomes.append("refused")

    threads = [threading.Thread(target=create) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["made"] * 3 + ["refused"] * 9
    assert len(gateway.keys) == 3


def test_partner_keys_a_failed_delete_on_api_gateway_leaves_the_key_revocable() -> None:
    keys, gateway, registry = _keys(limit=1)
    created = keys.create("anna", "ERP")

    def down(_key_id: str) -> None:
        raise StorageUnavailableError

    gateway.delete = down  # type: ignore[method-assign]
    with pytest.raises(StorageUnavailableError):
        keys.revoke("anna", created["key_id"])

    record = registry.get(created["key_id"])
    assert record is not None and record.enabled is True  # still counted: still on the account
    assert registry.active["anna"] == 1
