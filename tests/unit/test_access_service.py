"""The access service over a fake store: what it reads, what it caches, what it audits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.access.service import AccessService, grants_cache_key, role_cache_key
from chalicelib.errors import DocumentNotFoundError, DocumentStateConflictError, ForbiddenError
from chalicelib.models import UserProfile
from tests.fakes.access import FakeAccessStore

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Doc:
    document_id: str
    owner_id: str
    region: str


class Users:
    def __init__(self) -> None:
        self.profiles: dict[str, UserProfile] = {}

    def add(self, user_id: str, role: str = "user", region: str = "ru-msk") -> None:
        self.profiles[user_id] = UserProfile.model_validate(
            {"user_id": user_id, "credits_left": 1, "role": role, "region": region}
        )

    def get_user(self, user_id: str) -> UserProfile | None:
        return self.profiles.get(user_id)


class Ticker:
    """A monotonic clock for the cache, moved by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def users() -> Users:
    users = Users()
    users.add("boss", "admin")
    users.add("rita", "reviewer")
    users.add("sofia", "user", "ru-spb")
    return users


def _service(store: FakeAccessStore, users: Users, ticker: Ticker) -> AccessService:
    return AccessService(
        store, users, lambda: NOW, default_region="ru-msk", cache_ttl=30, cache_clock=ticker
    )


def test_cache_keys_follow_app_region_domain_type_id() -> None:
    assert role_cache_key("reviewer") == "contract-check:global:access:role:reviewer"
    assert grants_cache_key("ru-msk", "rita") == "contract-check:ru-msk:access:grants:rita"


def test_principal_reads_the_record_every_time_but_roles_and_grants_once_per_ttl(
    users: Users,
) -> None:
    store, ticker = FakeAccessStore(), Ticker()
    access = _service(store, users, ticker)

    for _ in range(3):
        access.principal("rita")
    assert (store.reads["role"], store.reads["grants"]) == (2, 1)  # the seed's read-back
    # A demotion is in the record: it holds at once, whatever the cache holds.
    users.add("rita", "user")
    assert not access.principal("rita").holds("review:decide:region")
    ticker.now = 31
    access.principal("rita")
    assert store.reads["grants"] == 2
    # Seeded in the table at first use, so an admin can change it there.
    assert set(store.roles) == {"reviewer", "user"}


def test_a_grant_given_here_counts_at_once_and_another_process_sees_it_within_the_ttl(
    users: Users,
) -> None:
    store, ticker = FakeAccessStore(), Ticker()
    here, there = _service(store, users, ticker), _service(store, users, ticker)
    away = Doc("d-1", "sofia", "ru-spb")
    for access in (here, there):
        assert not access.decide(access.principal("rita"), "document:read", away).allowed

    grant = here.create_grant(
        here.principal("boss"),
        user_id="rita",
        region="ru-spb",
        permission="document:read:region",
        expires_at=NOW + timedelta(hours=1),
    )

    assert here.decide(here.principal("rita"), "document:read", away).grant_id == grant["grant_id"]
    # The other process keeps its cached answer until its entry's time is up, no longer.
    assert not there.decide(there.principal("rita"), "document:read", away).allowed
    ticker.now = 30
    assert there.decide(there.principal("rita"), "document:read", away).allowed

    here.revoke_grant(here.principal("boss"), grant["grant_id"])
    assert not here.decide(here.principal("rita"), "document:read", away).allowed
    with pytest.raises(DocumentStateConflictError):
        here.revoke_grant(here.principal("boss"), grant["grant_id"])
    assert [e.action for e in store.audit] == ["grant.create", "grant.revoke"]


def test_a_role_change_here_is_seen_at_once_and_audited(users: Users) -> None:
    store, ticker = FakeAccessStore(), Ticker()
    access = _service(store, users, ticker)
    sofia = access.principal("sofia")
    assert not sofia.holds("document:read:region")

    changed = access.set_role_permissions(
        access.principal("boss"),
        "user",
        ["document:read:region", "document:read:own", "document:write:own"],
        reason="branches share",
    )

    assert changed["version"] == 1
    assert access.principal("sofia").holds("document:read:region")
    entry = store.audit[-1]
    assert (entry.action, entry.target, entry.actor) == ("role.update", "user", "boss")
    assert entry.detail["before"] == ["document:read:own", "document:write:own"]


def test_admin_changes_need_their_permission(users: Users) -> None:
    access = _service(FakeAccessStore(), users, Ticker())
    rita = access.principal("rita")
    with pytest.raises(ForbiddenError):
        access.list_roles(rita)
    with pytest.raises(ForbiddenError):
        access.audit(rita)
    with pytest.raises(ForbiddenError):
        access.set_user_region(rita, "sofia", "ru-msk", reason="x")


def test_reads_by_others_are_audited_with_their_grant_and_the_owners_are_not(
    users: Users,
) -> None:
    store = FakeAccessStore()
    access = _service(store, users, Ticker())
    document = Doc("d-1", "sofia", "ru-spb")
    boss, sofia = access.principal("boss"), access.principal("sofia")

    access.record_read(
        sofia, "report.read", document, access.decide(sofia, "document:read", document)
    )
    access.record_read(
        boss, "report.read", document, access.decide(boss, "document:read", document)
    )

    assert [(e.actor, e.action, e.owner_id, e.grant_id) for e in store.audit] == [
        ("boss", "report.read", "sofia", None)
    ]
    with pytest.raises(DocumentNotFoundError):
        access.require_document(access.principal("rita"), "document:read", document)
    # Other parts audit their own actions in the same log.
    access.record(boss, "version.rollback", document_id="d-1", owner_id="sofia", target="v1")
    assert (store.audit[-1].action, store.audit[-1].target) == ("version.rollback", "v1")
