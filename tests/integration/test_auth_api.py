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


def _tokens(driver: Driver, email: str) -> dict[str, str]:
    """Register the e-mail, then sign in with it: registering answers no tokens."""
    credentials = {"email": email, "password": PASSWORD}
    status, body = driver.api("POST", "/v1/auth/register", credentials, anonymous=True)
    assert (status, body) == (202, {"status": "registered"})
    status, tokens = driver.api("POST", "/v1/auth/login", credentials, anonymous=True)
    assert status == 200, tokens
    return dict(tokens)


def _register(driver: Driver, email: str) -> str:
    return _tokens(driver, email)["access_token"]


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
    pair = _tokens(driver, "vera@example.com")

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


def test_register_answers_a_taken_email_exactly_as_a_new_one(driver: Driver) -> None:
    # GIVEN Dina has an account
    dina = _register(driver, "dina@example.com")

    # WHEN somebody registers her e-mail (with another password), and a new e-mail
    taken = driver.api(
        "POST",
        "/v1/auth/register",
        {"email": "DINA@example.com", "password": "another horse 7"},
        anonymous=True,
    )
    new = driver.api(
        "POST",
        "/v1/auth/register",
        {"email": "egor@example.com", "password": PASSWORD},
        anonymous=True,
    )

    # THEN both answers are the same, neither carries tokens, and Dina's account is hers
    assert taken == new == (202, {"status": "registered"})
    again = driver.api(
        "POST",
        "/v1/auth/login",
        {"email": "dina@example.com", "password": PASSWORD},
        anonymous=True,
    )
    assert again[0] == 200
    me = driver.api("GET", "/v1/me", token=again[1]["access_token"])[1]["user_id"]
    assert me == driver.api("GET", "/v1/me", token=dina)[1]["user_id"]


def test_a_weak_password_and_a_malformed_email_are_refused_at_registration(
    driver: Driver,
) -> None:
    weak = driver.api(
        "POST", "/v1/auth/register", {"email": "egor@example.com", "password": "short"}
    )
    odd = driver.api("POST", "/v1/auth/register", {"email": "egor", "password": PASSWORD})

    assert (weak[0], weak[1]["error"]["code"]) == (400, "WEAK_PASSWORD")
    assert (odd[0], odd[1]["error"]["code"]) == (400, "INVALID_EMAIL")


def test_a_reused_refresh_token_ends_the_whole_session(driver: Driver) -> None:
    # GIVEN a session refreshed once, and another session of the same person
    first = _tokens(driver, "zoya@example.com")
    status, second = driver.api(
        "POST", "/v1/auth/refresh", {"refresh_token": first["refresh_token"]}
    )
    assert status == 200
    other = driver.api(
        "POST",
        "/v1/auth/login",
        {"email": "zoya@example.com", "password": PASSWORD},
        anonymous=True,
    )[1]

    # WHEN the spent refresh token is presented again
    reused = driver.api("POST", "/v1/auth/refresh", {"refresh_token": first["refresh_token"]})

    # THEN it is refused, and so is the session's newest one; the other session goes on
    live = driver.api("POST", "/v1/auth/refresh", {"refresh_token": second["refresh_token"]})
    assert (reused[0], reused[1]["error"]["code"]) == (401, "INVALID_TOKEN")
    assert (live[0], live[1]["error"]["code"]) == (401, "INVALID_TOKEN")
    assert (
        driver.api("POST", "/v1/auth/refresh", {"refresh_token": other["refresh_token"]})[0] == 200
    )


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
