"""Signing in over the HTTP API on the local cloud: e-mail and password, tokens, isolation."""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import TYPE_CHECKING

import pytest

from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
PASSWORD = "correct horse 42"


BOT_TOKEN = "123456:telegram-bot-token-for-tests"
SERVICE_TOKEN = "s" * 40


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {
        "AUTH_MAX_LOGIN_ATTEMPTS": "3",
        "TELEGRAM_BOT_TOKEN": BOT_TOKEN,
        "AUTH_SERVICE_TOKEN": SERVICE_TOKEN,
    }


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    return Driver(local_cloud)


def _register(driver: Driver, email: str) -> str:
    status, body = driver.api("POST", "/v1/auth/register", {"email": email, "password": PASSWORD})
    assert status == 201, body
    return str(body["access_token"])


def test_a_person_registers_signs_in_and_sees_only_their_documents(driver: Driver) -> None:
    anna = _register(driver, "Anna@Example.com")
    status, login = driver.api(
        "POST", "/v1/auth/login", {"email": "anna@example.com", "password": PASSWORD}
    )
    assert status == 200 and login["token_type"] == "Bearer"
    boris = _register(driver, "boris@example.com")

    status, created = driver.api(
        "POST",
        "/v1/documents",
        {"filename": "a.pdf", "content_type": "application/pdf", "size": 10},
        token=login["access_token"],
    )
    assert status == 201, created
    doc_id = created["document"]["document_id"]

    assert driver.api("GET", f"/v1/documents/{doc_id}", token=anna)[0] == 200
    assert driver.api("GET", f"/v1/documents/{doc_id}", token=boris)[0] == 404
    assert driver.api("GET", "/v1/documents", token=boris)[1]["documents"] == []
    me = driver.api("GET", "/v1/me", token=boris)[1]
    assert me["role"] == "user" and me["credits_left"] > 0


def test_refresh_gives_a_new_pair_and_an_access_token_is_no_refresh_token(
    driver: Driver,
) -> None:
    status, pair = driver.api(
        "POST", "/v1/auth/register", {"email": "vera@example.com", "password": PASSWORD}
    )
    assert status == 201

    status, fresh = driver.api("POST", "/v1/auth/refresh", {"refresh_token": pair["refresh_token"]})
    wrong, body = driver.api("POST", "/v1/auth/refresh", {"refresh_token": pair["access_token"]})

    assert status == 200 and fresh["access_token"]
    assert wrong == 401 and body["error"]["code"] == "INVALID_TOKEN"
    # Rotation: the old refresh token is spent; the new one signs out, and is spent too.
    reused = driver.api("POST", "/v1/auth/refresh", {"refresh_token": pair["refresh_token"]})
    out = driver.api("POST", "/v1/auth/logout", {"refresh_token": fresh["refresh_token"]})
    after = driver.api("POST", "/v1/auth/refresh", {"refresh_token": fresh["refresh_token"]})
    assert reused[0] == 401 and reused[1]["error"]["code"] == "INVALID_TOKEN"
    assert out == (200, {"signed_out": True})
    assert after[0] == 401


def test_wrong_passwords_are_limited_and_bad_tokens_refused(driver: Driver) -> None:
    _register(driver, "gleb@example.com")
    wrong = {"email": "gleb@example.com", "password": "not the password 1"}

    statuses = [driver.api("POST", "/v1/auth/login", wrong)[0] for _ in range(4)]
    right = driver.api(
        "POST", "/v1/auth/login", {"email": "gleb@example.com", "password": PASSWORD}
    )

    assert statuses == [401, 401, 401, 429]
    assert right[0] == 429 and right[1]["error"]["code"] == "TOO_MANY_ATTEMPTS"
    status, body = driver.api("GET", "/v1/me", token="not-a-jwt")
    assert status == 401 and set(body) == {"error"}


def test_a_taken_email_and_a_weak_password_are_refused(driver: Driver) -> None:
    _register(driver, "dina@example.com")

    taken = driver.api(
        "POST", "/v1/auth/register", {"email": "dina@example.com", "password": PASSWORD}
    )
    weak = driver.api(
        "POST", "/v1/auth/register", {"email": "egor@example.com", "password": "short"}
    )

    assert (taken[0], taken[1]["error"]["code"]) == (409, "ACCOUNT_EXISTS")
    assert (weak[0], weak[1]["error"]["code"]) == (400, "WEAK_PASSWORD")


def _widget_data(telegram_id: int, *, age_seconds: int = 60) -> dict[str, object]:
    """What Telegram's Login Widget hands the page, signed as Telegram signs it."""
    fields: dict[str, object] = {
        "id": telegram_id,
        "first_name": "Ann",
        "auth_date": int(time.time()) - age_seconds,
    }
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hashlib.sha256(BOT_TOKEN.encode()).digest()
    return {**fields, "hash": hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()}


def test_telegram_login_and_the_bots_exchange_reach_one_user(driver: Driver) -> None:
    status, widget = driver.api("POST", "/v1/auth/telegram", _widget_data(777), anonymous=True)
    exchange = {"service_token": SERVICE_TOKEN, "telegram_id": 777}
    status_bot, bot = driver.api("POST", "/v1/auth/service-token", exchange, anonymous=True)

    assert status == 200 and status_bot == 200
    me = driver.api("GET", "/v1/me", token=widget["access_token"])[1]
    assert driver.api("GET", "/v1/me", token=bot["access_token"])[1]["user_id"] == me["user_id"]


def test_telegram_login_refuses_forged_and_stale_data(driver: Driver) -> None:
    forged = {**_widget_data(778), "first_name": "Mallory"}
    stale = _widget_data(778, age_seconds=2 * 86400)

    bad = driver.api("POST", "/v1/auth/telegram", forged, anonymous=True)
    old = driver.api("POST", "/v1/auth/telegram", stale, anonymous=True)

    assert (bad[0], bad[1]["error"]["code"]) == (401, "INVALID_TELEGRAM_LOGIN")
    assert (old[0], old[1]["error"]["code"]) == (401, "TELEGRAM_LOGIN_EXPIRED")


def test_the_service_token_exchange_refuses_a_wrong_token_and_odd_ids(driver: Driver) -> None:
    wrong = {"service_token": "x" * 40, "telegram_id": 777}
    odd = {"service_token": SERVICE_TOKEN, "telegram_id": "777"}

    assert driver.api("POST", "/v1/auth/service-token", wrong, anonymous=True)[0] == 401
    assert driver.api("POST", "/v1/auth/service-token", odd, anonymous=True)[0] == 400
