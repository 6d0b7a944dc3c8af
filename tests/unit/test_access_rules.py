"""Regions, permissions and how a principal's check decides: no table, no clock but ours."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.access.cache import TtlCache, cache_key
from chalicelib.access.disposition import ascii_fallback, content_disposition
from chalicelib.access.permissions import DEFAULT_ROLES, PERMISSIONS, holds
from chalicelib.access.principal import Grant, Principal
from chalicelib.access.regions import covers, is_region, province_of
from chalicelib.keys import build_upload_key, parse_upload_key

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Doc:
    owner_id: str
    region: str


def _principal(role: str, region: str = "ru-msk", *grants: Grant) -> Principal:
    return Principal("me", role, region, DEFAULT_ROLES[role], grants)


def _grant(region: str, *, hours: float = 1, permission: str = "document:read:region") -> Grant:
    return Grant(
        grant_id="g-1",
        user_id="me",
        region=region,
        permission=permission,
        expires_at=NOW + timedelta(hours=hours),
        granted_by="boss",
        granted_at=NOW - timedelta(hours=1),
    )


# --- regions


@pytest.mark.parametrize(
    ("scope", "region", "expected"),
    [
        ("ru-msk", "ru-msk", True),
        ("ru-msk", "ru-spb", False),
        ("ru", "ru-msk", True),  # a province covers its cities
        ("ru", "ru", True),
        ("ru-msk", "ru", False),  # a city does not cover its province's own documents
        ("ru", "rus-msk", False),  # a prefix of letters is not a province
        ("kz", "ru-msk", False),
    ],
)
def test_covers_a_province_covers_its_cities_and_a_city_only_itself(
    scope: str, region: str, expected: bool
) -> None:
    assert covers(scope, region) is expected


@pytest.mark.parametrize("name", ["ru", "ru-msk", "kz-ala", "ru-spb2"])
def test_is_region_accepts_provinces_and_cities(name: str) -> None:
    assert is_region(name)
    assert province_of(name) == name.split("-", maxsplit=1)[0]


@pytest.mark.parametrize("name", ["RU-MSK", "ru_msk", "ru-", "r", "ru-msk-x", "ру-мск", "ru/msk"])
def test_is_region_refuses_what_is_not_ascii_lowercase_province_city(name: str) -> None:
    assert not is_region(name)


def test_upload_keys_carry_city_regions_and_old_province_keys_still_parse() -> None:
    new = build_upload_key("ru-msk", "3f2c1a7e-aaaa", 2, "pdf")
    parsed = parse_upload_key(new)
    assert parsed is not None
    assert (parsed.region, parsed.document_id, parsed.version) == ("ru-msk", "3f2c1a7e-aaaa", 2)
    old = parse_upload_key("uploads/ru/3f2c1a7e-aaaa/v1/original.pdf")
    assert old is not None
    assert old.region == "ru"
    assert parse_upload_key("uploads/RU-msk/3f2c1a7e-aaaa/v1/original.pdf") is None


# --- permissions and roles


def test_holds_a_wider_scope_implies_the_narrower_and_admin_star_every_admin_permission() -> None:
    assert holds(frozenset({"document:read:all"}), "document:read:own")
    assert holds(frozenset({"document:read:all"}), "document:read:region")
    assert not holds(frozenset({"document:read:own"}), "document:read:region")
    assert holds(frozenset({"admin:*"}), "admin:grants")
    assert not holds(frozenset({"admin:audit"}), "admin:grants")
    assert not holds(frozenset({"admin:*"}), "document:read:own")


def test_every_built_in_role_holds_only_known_permissions() -> None:
    for permissions in DEFAULT_ROLES.values():
        assert permissions <= set(PERMISSIONS)


# The scope matrix: role × (whose document, where) → may read, may write, may decide.
MINE = Doc("me", "ru-msk")
NEIGHBOUR = Doc("other", "ru-msk")  # someone else's, in my city
AWAY = Doc("other", "ru-spb")  # someone else's, in another city


@pytest.mark.parametrize(
    ("role", "document", "read", "write", "decide"),
    [
        ("user", MINE, True, True, False),
        ("user", NEIGHBOUR, False, False, False),
        ("user", AWAY, False, False, False),
        ("reviewer", MINE, True, True, True),
        ("reviewer", NEIGHBOUR, True, False, True),
        ("reviewer", AWAY, False, False, False),
        ("regional_admin", NEIGHBOUR, True, True, True),
        ("regional_admin", AWAY, False, False, False),
        ("admin", AWAY, True, False, True),  # admin's region is ru-msk: writes stay regional
    ],
)
def test_decide_follows_the_scope_matrix(
    role: str, document: Doc, read: bool, write: bool, decide: bool
) -> None:
    principal = _principal(role)
    assert principal.decide("document:read", document, NOW).allowed is read
    assert principal.decide("document:write", document, NOW).allowed is write
    assert principal.decide("review:decide", document, NOW).allowed is decide


def test_decide_a_province_reviewer_reaches_every_city_of_the_province() -> None:
    principal = _principal("reviewer", "ru")
    assert principal.decide("document:read", AWAY, NOW).allowed
    assert not principal.decide("document:read", Doc("other", "kz-ala"), NOW).allowed


# --- grants


def test_decide_a_live_grant_opens_its_region_and_is_named_in_the_decision() -> None:
    principal = _principal("reviewer", "ru-msk", _grant("ru-spb"))
    decision = principal.decide("document:read", AWAY, NOW)
    assert (decision.allowed, decision.grant_id) == (True, "g-1")
    # The role's own reach needs no grant: none is named.
    assert principal.decide("document:read", NEIGHBOUR, NOW).grant_id is None
    # A read grant does not let one write or decide there.
    assert not principal.decide("document:write", AWAY, NOW).allowed
    assert not principal.decide("review:decide", AWAY, NOW).allowed


def test_decide_a_grant_expires_by_itself_at_its_time() -> None:
    principal = _principal("user", "ru-msk", _grant("ru-spb", hours=1))
    assert principal.decide("document:read", AWAY, NOW + timedelta(minutes=59)).allowed
    assert not principal.decide("document:read", AWAY, NOW + timedelta(hours=1)).allowed


def test_decide_a_revoked_grant_counts_for_nothing() -> None:
    revoked = Grant(**{**_grant("ru-spb").__dict__, "revoked_at": NOW - timedelta(seconds=1)})
    principal = _principal("user", "ru-msk", revoked)
    assert not principal.decide("document:read", AWAY, NOW).allowed


def test_decide_a_province_grant_covers_the_provinces_cities() -> None:
    principal = _principal("user", "kz-ala", _grant("ru"))
    assert principal.decide("document:read", AWAY, NOW).allowed


def test_may_ever_a_decide_grant_gives_a_user_the_review_queue() -> None:
    user = _principal("user")
    assert not user.may_ever("review:decide", NOW)
    granted = _principal("user", "ru-msk", _grant("ru-spb", permission="review:decide:region"))
    assert granted.may_ever("review:decide", NOW)
    assert not granted.may_ever("review:decide", NOW + timedelta(hours=2))


# --- the cache


def test_cache_key_names_app_region_domain_type_and_id() -> None:
    assert cache_key("ru-msk", "access", "role", "reviewer") == (
        "contract-check:ru-msk:access:role:reviewer"
    )
    with pytest.raises(ValueError, match="no ':'"):
        cache_key("ru:msk", "access", "role", "reviewer")
    with pytest.raises(ValueError, match="non-empty"):
        cache_key("", "access", "role", "reviewer")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_ttl_cache_serves_a_value_until_its_ttl_then_loads_again() -> None:
    clock, loads = Clock(), []
    cache: TtlCache[int] = TtlCache(30, clock=clock)

    def load() -> int:
        loads.append(clock.now)
        return len(loads)

    assert cache.get_or_load("k", load) == 1
    clock.now = 29.9
    assert cache.get_or_load("k", load) == 1
    clock.now = 30.0
    assert cache.get_or_load("k", load) == 2
    assert loads == [0.0, 30.0]


def test_ttl_cache_invalidation_forgets_at_once() -> None:
    cache: TtlCache[str] = TtlCache(30, clock=Clock())
    cache.get_or_load("contract-check:ru-msk:access:grants:anna", lambda: "old")
    cache.get_or_load("contract-check:ru-spb:access:grants:boris", lambda: "kept")
    cache.invalidate_where(lambda key: key.endswith(":grants:anna"))
    assert cache.get_or_load("contract-check:ru-msk:access:grants:anna", lambda: "new") == "new"
    assert "contract-check:ru-spb:access:grants:boris" in cache
    cache.invalidate("contract-check:ru-spb:access:grants:boris")
    assert "contract-check:ru-spb:access:grants:boris" not in cache


def test_ttl_cache_stays_bounded() -> None:
    cache: TtlCache[int] = TtlCache(30, max_entries=4, clock=Clock())
    for i in range(10):
        cache.get_or_load(f"k{i}", lambda i=i: i)  # type: ignore[misc]
    assert len(cache) <= 4
    assert "k9" in cache


# --- Content-Disposition


def test_content_disposition_carries_a_cyrillic_name_in_utf8_and_an_ascii_fallback() -> None:
    header = content_disposition("Договор поставки №5.pdf")
    assert header.startswith('attachment; filename="')
    fallback = header.split('filename="', 1)[1].split('"', 1)[0]
    assert fallback.isascii()
    assert fallback.endswith(".pdf")
    assert header.endswith(
        "filename*=UTF-8''%D0%94%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80%20%D0%BF%D0%BE%D1%81%D1%82"
        "%D0%B0%D0%B2%D0%BA%D0%B8%20%E2%84%965.pdf"
    )


def test_content_disposition_cannot_be_split_or_given_parameters_by_a_name() -> None:
    header = content_disposition('evil"; filename=x.exe\r\nSet-Cookie: a=b.pdf')
    assert "\r" not in header
    assert "\n" not in header
    assert header.count('"') == 2  # only the fallback's own quotes
    assert header.count(";") == 2  # attachment; filename=...; filename*=...
    assert "filename*=UTF-8''evil%22%3B%20filename%3Dx.exe" in header


def test_ascii_fallback_keeps_latin_letters_without_accents() -> None:
    assert ascii_fallback("Café résumé.docx") == "Cafe resume.docx"
    assert ascii_fallback("   ") == "download"
