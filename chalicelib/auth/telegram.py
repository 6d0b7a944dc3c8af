"""Verification of Telegram Login Widget data, as https://core.telegram.org/widgets/login says.

The widget hands the browser `id`, `first_name`, `last_name`, `username`,
`photo_url`, `auth_date` and `hash`. Telegram's check:

    data_check_string = every received field but `hash`, as `key=value`,
                        sorted by key, joined by "\\n"
    secret_key        = SHA256(bot_token)
    valid             = hex(HMAC_SHA256(data_check_string, secret_key)) == hash

Every received field goes into the string, including ones this code does not
know, because Telegram signs all it sends. `auth_date` is then checked so old
(replayed) data is refused.

A Mini App (https://core.telegram.org/bots/webapps, "Validating data received via
the Mini App") gets `Telegram.WebApp.initData` instead: a query string whose `user`
field is JSON. Its check differs in the key and in what is signed:

    data_check_string = every field but `hash`, URL-decoded, as `key=value`,
                        sorted by key, joined by "\n" (`signature`, the Ed25519
                        signature for third parties, is one of those fields)
    secret_key        = HMAC_SHA256(key="WebAppData", msg=bot_token)
    valid             = hex(HMAC_SHA256(key=secret_key, msg=data_check_string)) == hash

Both give the same Telegram user id, so the widget, the Mini App and the bot reach
one account.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

from chalicelib.auth.errors import TelegramLoginExpiredError, TelegramLoginInvalidError

if TYPE_CHECKING:
    from collections.abc import Mapping

DEFAULT_MAX_AGE_SECONDS = 24 * 3600
# Our clock and Telegram's may disagree a little; more than this is not skew.
DEFAULT_MAX_FUTURE_SKEW_SECONDS = 60
_HASH = re.compile(r"^[0-9a-f]{64}$")
_INTEGER = re.compile(r"^[0-9]{1,20}$")


@dataclass(frozen=True)
class TelegramIdentity:
    """The Telegram user the widget vouched for."""

    id: int
    first_name: str
    auth_date: datetime
    last_name: str | None = None
    username: str | None = None
    photo_url: str | None = None
    language_code: str | None = None  # the Mini App's `user` has it; the widget does not


def data_check_string(data: Mapping[str, object]) -> str:
    """Telegram's data-check-string: sorted `key=value` lines of every field but `hash`."""
    lines = []
    for key in sorted(data):
        value = data[key]
        # A JSON client may send an absent optional field as null; Telegram never signs one.
        if key == "hash" or value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise TelegramLoginInvalidError(f"The Telegram login field {key!r} is not a scalar.")
        lines.append(f"{key}={value}")
    return "\n".join(lines)


def telegram_login_hash(data: Mapping[str, object], bot_token: str) -> str:
    """The hex HMAC-SHA256 Telegram puts in `hash` for this data and bot token."""
    secret_key = hashlib.sha256(bot_token.encode("utf-8")).digest()
    message = data_check_string(data).encode("utf-8")
    return hmac.new(secret_key, message, hashlib.sha256).hexdigest()


def verify_telegram_login(
    data: Mapping[str, object],
    bot_token: str,
    *,
    now: datetime,
    max_age_seconds: int = DEFAULT_MAX_AGE_SECONDS,
    max_future_skew_seconds: int = DEFAULT_MAX_FUTURE_SKEW_SECONDS,
) -> TelegramIdentity:
    """The identity in widget data signed for `bot_token`, or a Telegram login error."""
    if not bot_token:
        raise ValueError("a bot token is required to verify Telegram logins")
    received = data.get("hash")
    if not isinstance(received, str) or not _HASH.fullmatch(received.lower()):
        raise TelegramLoginInvalidError
    expected = telegram_login_hash(data, bot_token)
    # Constant time, so the hash cannot be guessed byte by byte from response times.
    if not hmac.compare_digest(expected, received.lower()):
        raise TelegramLoginInvalidError
    # Only signed data is parsed past this point.
    auth_date = _fresh_auth_date(data, now, max_age_seconds, max_future_skew_seconds)
    return _identity(data, auth_date, "The Telegram login has no first name.")


# Telegram's initData is well under 4 KB; anything far larger is not from Telegram.
MAX_INIT_DATA_CHARS = 16_384
WEBAPP_KEY = b"WebAppData"


def parse_init_data(init_data: str) -> dict[str, str]:
    """A Mini App's initData as its URL-decoded fields; a repeated or malformed field is refused."""
    if not init_data or len(init_data) > MAX_INIT_DATA_CHARS:
        raise TelegramLoginInvalidError("The Mini App data is empty or too long.")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as exc:
        raise TelegramLoginInvalidError("The Mini App data is not a query string.") from exc
    fields = dict(pairs)
    if len(fields) != len(pairs):
        # Which copy was signed would be ambiguous: Telegram never repeats a field.
        raise TelegramLoginInvalidError("The Mini App data repeats a field.")
    return fields


def telegram_webapp_hash(fields: Mapping[str, str], bot_token: str) -> str:
    """The hex HMAC-SHA256 Telegram puts in a Mini App's `hash` for these fields and bot token."""
    secret_key = hmac.new(WEBAPP_KEY, bot_token.encode("utf-8"), hashlib.sha256).digest()
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")
    return hmac.new(secret_key, check.encode("utf-8"), hashlib.sha256).hexdigest()


def verify_telegram_webapp(
    init_data: str,
    bot_token: str,
    *,
    now: datetime,
    max_age_seconds: int = DEFAULT_MAX_AGE_SECONDS,
    max_future_skew_seconds: int = DEFAULT_MAX_FUTURE_SKEW_SECONDS,
) -> TelegramIdentity:
    """The user of Mini App initData signed for `bot_token`, or a Telegram login error."""
    if not bot_token:
        raise ValueError("a bot token is required to verify Telegram Mini App data")
    fields = parse_init_data(init_data)
    received = fields.get("hash", "").lower()
    if not _HASH.fullmatch(received):
        raise TelegramLoginInvalidError
    if not hmac.compare_digest(telegram_webapp_hash(fields, bot_token), received):
        raise TelegramLoginInvalidError
    # Only signed data is parsed past this point.
    auth_date = _fresh_auth_date(fields, now, max_age_seconds, max_future_skew_seconds)
    user = _webapp_user(fields.get("user"))
    return _identity(user, auth_date, "The Mini App user has no first name.")


def _fresh_auth_date(
    data: Mapping[str, object], now: datetime, max_age_seconds: int, max_future_skew_seconds: int
) -> datetime:
    """The signed `auth_date`, refused when it is too old (a replay) or from the future."""
    auth_timestamp = _positive_int(data, "auth_date")
    age = now.timestamp() - auth_timestamp
    if age > max_age_seconds or age < -max_future_skew_seconds:
        raise TelegramLoginExpiredError
    return datetime.fromtimestamp(auth_timestamp, UTC)


def _identity(user: Mapping[str, object], auth_date: datetime, no_name: str) -> TelegramIdentity:
    """The Telegram user in signed fields (the widget's own, or the Mini App's `user`)."""
    first_name = user.get("first_name")
    if not isinstance(first_name, str):
        raise TelegramLoginInvalidError(no_name)
    return TelegramIdentity(
        id=_positive_int(user, "id"),
        first_name=first_name,
        auth_date=auth_date,
        last_name=_optional_str(user, "last_name"),
        username=_optional_str(user, "username"),
        photo_url=_optional_str(user, "photo_url"),
        language_code=_optional_str(user, "language_code"),
    )


def _webapp_user(raw: str | None) -> dict[str, object]:
    """The signed `user` field: a JSON object (a Mini App opened without one has no user)."""
    if raw is None:
        raise TelegramLoginInvalidError("The Mini App data has no user.")
    try:
        user = json.loads(raw)
    except ValueError as exc:
        raise TelegramLoginInvalidError("The Mini App user is not JSON.") from exc
    if not isinstance(user, dict):
        raise TelegramLoginInvalidError("The Mini App user is not a JSON object.")
    return user


def _positive_int(data: Mapping[str, object], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool):
        raise TelegramLoginInvalidError(f"The Telegram login field {key!r} is not a number.")
    if isinstance(value, str) and _INTEGER.fullmatch(value):
        value = int(value)
    if not isinstance(value, int) or value <= 0:
        raise TelegramLoginInvalidError(f"The Telegram login field {key!r} is not a number.")
    return value


def _optional_str(data: Mapping[str, object], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) else None
