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
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

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
    auth_timestamp = _positive_int(data, "auth_date")
    age = now.timestamp() - auth_timestamp
    if age > max_age_seconds or age < -max_future_skew_seconds:
        raise TelegramLoginExpiredError
    first_name = data.get("first_name")
    if not isinstance(first_name, str):
        raise TelegramLoginInvalidError("The Telegram login has no first name.")
    return TelegramIdentity(
        id=_positive_int(data, "id"),
        first_name=first_name,
        auth_date=datetime.fromtimestamp(auth_timestamp, UTC),
        last_name=_optional_str(data, "last_name"),
        username=_optional_str(data, "username"),
        photo_url=_optional_str(data, "photo_url"),
    )


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
