"""Telegram Login Widget data, signed the way Telegram signs it, and what the check refuses."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from chalicelib.auth.errors import TelegramLoginExpiredError, TelegramLoginInvalidError
from chalicelib.auth.telegram import TelegramIdentity, data_check_string, verify_telegram_login

if TYPE_CHECKING:
    from collections.abc import Mapping

BOT_TOKEN = "123456:unit-test-bot-token"  # not a real token
NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def sign(fields: Mapping[str, object], bot_token: str = BOT_TOKEN) -> dict[str, object]:
    """Widget data as Telegram sends it, built independently of the code under test."""
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hashlib.sha256(bot_token.encode()).digest()
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return {**fields, "hash": digest}


def widget_data(**overrides: object) -> dict[str, object]:
    fields: dict[str, object] = {
        "id": 424242,
        "first_name": "Анна",
        "last_name": "Lee",
        "username": "annalee",
        "photo_url": "https://t.me/i/userpic/320/annalee.jpg",
        "auth_date": int((NOW - timedelta(minutes=5)).timestamp()),
    }
    fields.update(overrides)
    return sign(fields)


def test_telegram_valid_data_gives_the_identity() -> None:
    identity = verify_telegram_login(widget_data(), BOT_TOKEN, now=NOW)

    assert identity == TelegramIdentity(
        id=424242,
        first_name="Анна",
        last_name="Lee",
        username="annalee",
        photo_url="https://t.me/i/userpic/320/annalee.jpg",
        auth_date=NOW - timedelta(minutes=5),
    )


def test_telegram_data_check_string_is_sorted_lines_without_the_hash() -> None:
    data = {"username": "a", "id": 1, "auth_date": 2, "first_name": "B", "hash": "ff"}

    assert data_check_string(data) == "auth_date=2\nfirst_name=B\nid=1\nusername=a"


def test_telegram_string_values_as_a_redirect_sends_them_are_accepted() -> None:
    fields = {"id": "424242", "first_name": "Ann", "auth_date": str(int(NOW.timestamp()))}

    identity = verify_telegram_login(sign(fields), BOT_TOKEN, now=NOW)

    assert (identity.id, identity.username) == (424242, None)


def test_telegram_only_required_fields_are_enough() -> None:
    fields = {"id": 7, "first_name": "Ann", "auth_date": int(NOW.timestamp())}

    assert verify_telegram_login(sign(fields), BOT_TOKEN, now=NOW).id == 7


def test_telegram_unknown_signed_fields_take_part_in_the_check() -> None:
    data = widget_data(allows_write_to_pm="true")

    assert verify_telegram_login(data, BOT_TOKEN, now=NOW).id == 424242


def test_telegram_an_uppercase_hash_is_the_same_hash() -> None:
    data = widget_data()
    data["hash"] = str(data["hash"]).upper()

    assert verify_telegram_login(data, BOT_TOKEN, now=NOW).id == 424242


def test_telegram_a_changed_field_breaks_the_hash() -> None:
    data = widget_data()
    data["id"] = 1

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW)


def test_telegram_an_added_field_breaks_the_hash() -> None:
    data = widget_data()
    data["username"] = "someone_else"

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW)


def test_telegram_data_signed_for_another_bot_is_refused() -> None:
    fields = {"id": 7, "first_name": "Ann", "auth_date": int(NOW.timestamp())}

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(sign(fields, "999:another-bot"), BOT_TOKEN, now=NOW)


@pytest.mark.parametrize("bad_hash", [None, "", "zz", "0" * 63, 12345, "0" * 64])
def test_telegram_a_missing_or_malformed_hash_is_refused(bad_hash: object) -> None:
    data = widget_data()
    data["hash"] = bad_hash

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW)


def test_telegram_data_older_than_the_max_age_is_refused() -> None:
    data = widget_data(auth_date=int((NOW - timedelta(days=1, seconds=1)).timestamp()))

    with pytest.raises(TelegramLoginExpiredError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW)


def test_telegram_the_max_age_is_configurable() -> None:
    data = widget_data(auth_date=int((NOW - timedelta(minutes=10)).timestamp()))

    with pytest.raises(TelegramLoginExpiredError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW, max_age_seconds=300)


def test_telegram_a_little_clock_skew_into_the_future_is_tolerated() -> None:
    data = widget_data(auth_date=int((NOW + timedelta(seconds=30)).timestamp()))

    assert verify_telegram_login(data, BOT_TOKEN, now=NOW).id == 424242


def test_telegram_data_dated_well_into_the_future_is_refused() -> None:
    data = widget_data(auth_date=int((NOW + timedelta(minutes=5)).timestamp()))

    with pytest.raises(TelegramLoginExpiredError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW)


@pytest.mark.parametrize(
    ("field", "value"), [("id", -5), ("id", "abc"), ("id", True), ("auth_date", "yesterday")]
)
def test_telegram_signed_but_malformed_numbers_are_refused(field: str, value: object) -> None:
    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(widget_data(**{field: value}), BOT_TOKEN, now=NOW)


def test_telegram_a_nested_value_is_refused() -> None:
    data = widget_data()
    data["extra"] = {"nested": 1}

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(data, BOT_TOKEN, now=NOW)


def test_telegram_a_missing_first_name_is_refused() -> None:
    fields = {"id": 7, "auth_date": int(NOW.timestamp())}

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_login(sign(fields), BOT_TOKEN, now=NOW)


def test_telegram_an_empty_bot_token_is_a_configuration_error() -> None:
    with pytest.raises(ValueError, match="bot token"):
        verify_telegram_login(widget_data(), "", now=NOW)
