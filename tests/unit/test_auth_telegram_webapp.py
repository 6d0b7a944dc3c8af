"""Telegram Mini App initData, signed the way Telegram signs it, and what the check refuses."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from itertools import count
from urllib.parse import quote, urlencode

import pytest

from chalicelib.auth.errors import (
    AuthMethodDisabledError,
    TelegramLoginExpiredError,
    TelegramLoginInvalidError,
)
from chalicelib.auth.passwords import PasswordHasher, ScryptParams
from chalicelib.auth.service import AuthService
from chalicelib.auth.telegram import parse_init_data, verify_telegram_webapp
from chalicelib.auth.tokens import TokenIssuer
from chalicelib.services.users import UserService
from tests.fakes.credentials import FakeCredentialStore
from tests.fakes.ports import FakeRepository

BOT_TOKEN = "123456:unit-test-bot-token"  # not a real token
SERVICE_TOKEN = "unit-test-service-token"  # not a real token
NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
USER = {
    "id": 424242,
    "first_name": "Анна",
    "last_name": "Lee",
    "username": "annalee",
    "language_code": "ru",
    "allows_write_to_pm": True,
}

# The example in the README of telegram-mini-apps/init-data-golang: initData a real client
# made (with the newer `signature` field), and the demo bot token it was signed with, which
# that README publishes. Telegram's own bytes, not ones this test made up.
PUBLISHED_INIT_DATA = (
    "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F"
    "%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code"
    "%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url"
    "%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih"
    "13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private"
    "&auth_date=1733509682&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_"
    "RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73"
)
PUBLISHED_BOT_TOKEN = "7342037359:" + "AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4"  # the README's demo


def sign(fields: dict[str, str], bot_token: str = BOT_TOKEN) -> str:
    """initData as a Telegram client sends it, built independently of the code under test."""
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest}, quote_via=quote)


def init_data(*, user: object = USER, auth_date: datetime | None = None, **extra: str) -> str:
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "auth_date": str(int((auth_date or NOW - timedelta(minutes=5)).timestamp())),
        "signature": "c2lnbmVkLWJ5LXRlbGVncmFt",  # the Ed25519 one: part of the HMAC's string
        **extra,
    }
    if user is not None:
        fields["user"] = json.dumps(user, ensure_ascii=False, separators=(",", ":"))
    return sign(fields)


def test_telegram_webapp_valid_data_gives_the_user() -> None:
    identity = verify_telegram_webapp(init_data(), BOT_TOKEN, now=NOW)

    assert (identity.id, identity.first_name, identity.last_name) == (424242, "Анна", "Lee")
    assert (identity.username, identity.language_code) == ("annalee", "ru")
    assert identity.auth_date == NOW - timedelta(minutes=5)


def test_telegram_webapp_data_a_real_client_signed_is_accepted() -> None:
    signed_at = datetime.fromtimestamp(1733509682, UTC)

    identity = verify_telegram_webapp(
        PUBLISHED_INIT_DATA, PUBLISHED_BOT_TOKEN, now=signed_at + timedelta(minutes=1)
    )

    assert (identity.id, identity.username) == (279058397, "vdkfrost")
    assert identity.first_name == "Vladislav + - ? /"  # JSON's "\\/" is "/"


def test_telegram_webapp_the_signature_field_is_part_of_the_signed_string() -> None:
    data = init_data().replace("signature=c2ln", "signature=ZZZZ")

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(data, BOT_TOKEN, now=NOW)


def test_telegram_webapp_a_changed_user_breaks_the_hash() -> None:
    forged = init_data().replace("424242", "1")

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(forged, BOT_TOKEN, now=NOW)


def test_telegram_webapp_an_added_field_breaks_the_hash() -> None:
    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(init_data() + "&start_param=admin", BOT_TOKEN, now=NOW)


def test_telegram_webapp_data_signed_like_the_login_widget_is_refused() -> None:
    # The widget's key (SHA256 of the token) must not open the Mini App's door.
    fields = {"auth_date": str(int(NOW.timestamp())), "user": json.dumps(USER)}
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    widget_key = hashlib.sha256(BOT_TOKEN.encode()).digest()
    digest = hmac.new(widget_key, check.encode(), hashlib.sha256).hexdigest()

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(urlencode({**fields, "hash": digest}), BOT_TOKEN, now=NOW)


def test_telegram_webapp_data_for_another_bot_is_refused() -> None:
    fields = {"auth_date": str(int(NOW.timestamp())), "user": json.dumps(USER)}

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(sign(fields, "999:another-bot"), BOT_TOKEN, now=NOW)


@pytest.mark.parametrize("hash_part", ["", "&hash=", "&hash=zz", "&hash=" + "0" * 64])
def test_telegram_webapp_a_missing_or_wrong_hash_is_refused(hash_part: str) -> None:
    unsigned = init_data().rsplit("&hash=", 1)[0] + hash_part

    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(unsigned, BOT_TOKEN, now=NOW)


def test_telegram_webapp_stale_data_is_refused() -> None:
    data = init_data(auth_date=NOW - timedelta(days=1, seconds=1))

    with pytest.raises(TelegramLoginExpiredError):
        verify_telegram_webapp(data, BOT_TOKEN, now=NOW)


def test_telegram_webapp_data_dated_in_the_future_is_refused() -> None:
    data = init_data(auth_date=NOW + timedelta(minutes=5))

    with pytest.raises(TelegramLoginExpiredError):
        verify_telegram_webapp(data, BOT_TOKEN, now=NOW)


def test_telegram_webapp_the_max_age_is_configurable() -> None:
    data = init_data(auth_date=NOW - timedelta(minutes=10))

    with pytest.raises(TelegramLoginExpiredError):
        verify_telegram_webapp(data, BOT_TOKEN, now=NOW, max_age_seconds=300)


def test_telegram_webapp_signed_data_without_a_user_is_refused() -> None:
    with pytest.raises(TelegramLoginInvalidError, match="no user"):
        verify_telegram_webapp(init_data(user=None), BOT_TOKEN, now=NOW)


@pytest.mark.parametrize(
    "user",
    [
        ["not", "an", "object"],
        {"first_name": "Ann"},
        {"id": True, "first_name": "Ann"},
        {"id": -3, "first_name": "Ann"},
        {"id": 7},
    ],
)
def test_telegram_webapp_a_signed_but_malformed_user_is_refused(user: object) -> None:
    with pytest.raises(TelegramLoginInvalidError):
        verify_telegram_webapp(init_data(user=user), BOT_TOKEN, now=NOW)


def test_telegram_webapp_a_user_that_is_not_json_is_refused() -> None:
    fields = {"auth_date": str(int(NOW.timestamp())), "user": "{not json"}

    with pytest.raises(TelegramLoginInvalidError, match="not JSON"):
        verify_telegram_webapp(sign(fields), BOT_TOKEN, now=NOW)


@pytest.mark.parametrize("raw", ["", "a=1&a=2", "no-equals-sign", "x" * 20_000])
def test_telegram_webapp_malformed_query_strings_are_refused(raw: str) -> None:
    with pytest.raises(TelegramLoginInvalidError):
        parse_init_data(raw)


def test_telegram_webapp_a_repeated_field_is_refused_even_when_one_copy_is_signed() -> None:
    data = init_data() + "&auth_date=1"

    with pytest.raises(TelegramLoginInvalidError, match="repeats"):
        verify_telegram_webapp(data, BOT_TOKEN, now=NOW)


def test_telegram_webapp_an_empty_bot_token_is_a_configuration_error() -> None:
    with pytest.raises(ValueError, match="bot token"):
        verify_telegram_webapp(init_data(), "", now=NOW)


# --- the service: one Telegram account, one user, whichever door ------------------


def _service(bot_token: str = BOT_TOKEN) -> tuple[AuthService, TokenIssuer]:
    ids = count(1)
    tokens = TokenIssuer("unit-test-token-secret-" + "x" * 16, clock=lambda: NOW)
    service = AuthService(
        FakeCredentialStore(),
        UserService(FakeRepository(), signup_credits=3, region="ru"),
        tokens,
        lambda: NOW,
        passwords=PasswordHasher(ScryptParams(n=2**10, r=8, p=1)),
        telegram_bot_token=bot_token,
        service_token=SERVICE_TOKEN,
        new_user_id=lambda: f"user-{next(ids)}",
    )
    return service, tokens


def test_service_webapp_the_mini_app_user_is_the_bots_and_the_widgets_user() -> None:
    service, tokens = _service()
    widget_fields: dict[str, object] = {
        "id": 424242,
        "first_name": "Анна",
        "auth_date": int(NOW.timestamp()),
    }
    widget_check = "\n".join(f"{key}={widget_fields[key]}" for key in sorted(widget_fields))
    widget_key = hashlib.sha256(BOT_TOKEN.encode()).digest()
    widget_hash = hmac.new(widget_key, widget_check.encode(), hashlib.sha256).hexdigest()

    mini_app = tokens.verify_access(service.telegram_webapp_login(init_data()).access_token)
    widget = tokens.verify_access(
        service.telegram_login({**widget_fields, "hash": widget_hash}).access_token
    )
    bot = tokens.verify_access(service.exchange_service_token(SERVICE_TOKEN, 424242).access_token)
    someone_else = tokens.verify_access(
        service.telegram_webapp_login(init_data(user={**USER, "id": 77})).access_token
    )

    assert mini_app.user_id == widget.user_id == bot.user_id == "user-1"
    assert mini_app.role == "user"
    assert someone_else.user_id == "user-2"


def test_service_webapp_login_is_off_without_a_bot_token() -> None:
    service, _ = _service(bot_token="")

    assert service.telegram_enabled is False
    with pytest.raises(AuthMethodDisabledError):
        service.telegram_webapp_login(init_data())


def test_service_webapp_a_forged_login_creates_nobody() -> None:
    service, _ = _service()
    forged = init_data().replace("424242", "1")

    with pytest.raises(TelegramLoginInvalidError):
        service.telegram_webapp_login(forged)
    assert service.telegram_enabled is True
