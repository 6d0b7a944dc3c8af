"""Admins' account service on fakes: searches, blocks with the keys, usage per day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chalicelib.errors import DocumentNotFoundError, InvalidRequestError
from chalicelib.models import UserProfile
from chalicelib.ports.accounts_admin import DailyTotals
from chalicelib.ports.partners import KeyRecord
from chalicelib.services.accounts import AccountAdmin
from tests.fakes.accounts import FakeDirectory, FakeKeys, FakeUsage

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)


def _key(key_id: str, owner: str, *, enabled: bool = True) -> KeyRecord:
    return KeyRecord(key_id, owner, "ERP", NOW, enabled=enabled)


def _admin(
    directory: FakeDirectory, keys: FakeKeys | None = None, usage: FakeUsage | None = None
) -> AccountAdmin:
    keys = keys or FakeKeys([])
    return AccountAdmin(directory, keys, keys, usage or FakeUsage(), lambda: NOW)


@pytest.fixture
def directory() -> FakeDirectory:
    found = FakeDirectory()
    found.add(UserProfile(user_id="anna", credits_left=3, region="ru-msk"), email="a@x.io")
    found.add(UserProfile(user_id="olga", credits_left=0, region="kz-ala", role="reviewer"))
    found.telegram[77] = "olga"
    found.documents["anna"] = 4
    return found


def test_search_by_email_is_case_blind_and_by_both_ids_must_agree(
    directory: FakeDirectory,
) -> None:
    admin = _admin(directory)

    [anna] = admin.search(email="A@X.io").body()["users"]
    both = admin.search(email="a@x.io", telegram_id=77).body()["users"]
    odd = admin.search(email="not an email").body()["users"]
    wrong_region = admin.search(email="a@x.io", region="kz").body()["users"]

    assert anna["user_id"] == "anna" and anna["documents_count"] == 4
    assert anna["credits_left"] == 3 and anna["email"] == "a@x.io"
    assert both == [] and odd == [] and wrong_region == []
    assert [u["user_id"] for u in admin.search(telegram_id=77).body()["users"]] == ["olga"]
    with pytest.raises(InvalidRequestError):
        admin.search(limit=0)


def test_a_block_disables_the_users_live_keys_and_an_unblock_enables_them(
    directory: FakeDirectory,
) -> None:
    keys = FakeKeys(
        [_key("k1", "anna"), _key("k2", "anna", enabled=False), _key("k3", "anna")],
        gone=frozenset({"k3"}),  # deleted from API Gateway already: nothing to switch
    )
    admin = _admin(directory, keys)

    assert admin.block("anna", reason=" fraud ", by="root").body()["changed"] is True
    assert keys.enabled == {"k1": False, "k2": True, "k3": True}  # a revoked key is left
    assert admin.block("anna", reason="again", by="root").body()["changed"] is False
    assert admin.unblock("anna", reason="ok", by="root").body()["changed"] is True
    assert keys.enabled["k1"] is True
    history = admin.get("anna").body()["block_history"]
    assert [(h["action"], h["reason"], h["by"]) for h in history] == [
        ("unblock", "ok", "root"),
        ("block", "fraud", "root"),
    ]


def test_blocks_need_a_reason_another_admin_and_a_user(directory: FakeDirectory) -> None:
    admin = _admin(directory)

    with pytest.raises(InvalidRequestError):
        admin.block("anna", reason="  ", by="root")
    with pytest.raises(InvalidRequestError):
        admin.block("root", reason="oops", by="root")
    with pytest.raises(DocumentNotFoundError):
        admin.block("ghost", reason="x", by="root")


def test_usage_lists_each_day_oldest_first_with_totals(directory: FakeDirectory) -> None:
    today = NOW.date()
    usage = FakeUsage(
        {today: DailyTotals(day=today, documents_created=5, credits_spent=5, active_users=2)}
    )

    answer = _admin(directory, usage=usage).usage(3).body()

    assert [d["date"] for d in answer["days"]] == ["2026-11-29", "2026-11-30", "2026-12-01"]
    assert answer["days"][-1]["documents_created"] == 5 and answer["days"][0]["active_users"] == 0
    assert answer["totals"]["credits_spent"] == 5 and "active_users" not in answer["totals"]
    with pytest.raises(InvalidRequestError):
        _admin(directory).usage(0)
