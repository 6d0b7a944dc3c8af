"""The web page's routes and the Mini App sign-in, through chalice.test behind the local API
Gateway on the local cloud: the page, its files (an allow-list), its config, caching."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

import pytest

from chalicelib.models import CHECK_FACT_BELOW
from chalicelib.web.assets import ASSETS, PAGE, STATIC_DIR
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from chalice.test import HTTPResponse

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
BOT_TOKEN = "123456:telegram-bot-token-for-tests"  # not a real token
SERVICE_TOKEN = "s" * 40  # not a real token


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {
        "TELEGRAM_BOT_TOKEN": BOT_TOKEN,
        "TELEGRAM_BOT_USERNAME": "contract_check_bot",
        "AUTH_SERVICE_TOKEN": SERVICE_TOKEN,
    }


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    return Driver(local_cloud)


def _get(driver: Driver, path: str, headers: dict[str, str] | None = None) -> HTTPResponse:
    response: HTTPResponse = driver.client.http.get(path, headers=headers or {})
    return response


def _init_data(telegram_id: int, *, age_seconds: int = 60) -> str:
    fields = {
        "auth_date": str(int(time.time()) - age_seconds),
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps({"id": telegram_id, "first_name": "Анна", "language_code": "ru"}),
    }
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", BOT_TOKEN.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest}, quote_via=quote)


def test_the_page_is_html_with_a_strict_policy_and_no_sign_in(driver: Driver) -> None:
    page = _get(driver, "/")

    assert page.status_code == 200
    assert page.headers["Content-Type"] == "text/html; charset=utf-8"
    assert page.headers["Cache-Control"] == "no-cache"
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self' https://telegram.org;" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    html = page.body.decode()
    assert '<base href="/">' in html
    assert '<script type="module" src="web/app.js"></script>' in html
    assert '<meta name="viewport"' in html


def test_each_file_of_the_page_is_served_with_its_type_and_an_etag(driver: Driver) -> None:
    types = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
    for name in sorted(ASSETS):
        response = _get(driver, f"/web/{name}")
        assert response.status_code == 200, name
        expected = types.get(name[name.rfind(".") :], "image/svg+xml")
        assert response.headers["Content-Type"] == expected, name
        assert response.body.decode() == (STATIC_DIR / name).read_text(encoding="utf-8")
        assert re.fullmatch(r'"[0-9a-f]{32}"', response.headers["ETag"]), name
        assert "Content-Security-Policy" not in response.headers  # only the page runs code


def test_a_file_the_browser_has_is_a_304_without_a_body(driver: Driver) -> None:
    first = _get(driver, "/web/app.js")

    again = _get(driver, "/web/app.js", {"If-None-Match": first.headers["ETag"]})
    changed = _get(driver, "/web/app.js", {"If-None-Match": '"0123"'})

    assert again.status_code == 304 and again.body == b""
    assert changed.status_code == 200 and changed.body == first.body


@pytest.mark.parametrize(
    "name",
    [
        PAGE,  # the page is at /, not a file
        "app.py",
        "..%2Fapp.py",
        "..%2F..%2Fapp.py",
        "%2E%2E%2Fassets.py",
        "assets.py",
        "__init__.py",
        "APP.JS",
        "app.js.map",
    ],
)
def test_any_other_name_is_a_404_in_the_error_shape(driver: Driver, name: str) -> None:
    response = _get(driver, f"/web/{name}")

    assert response.status_code == 404
    assert json.loads(response.body)["error"]["code"] == "NOT_FOUND"


def test_the_config_tells_the_page_the_bot_and_the_file_types(driver: Driver) -> None:
    response = _get(driver, "/web/config.json")
    config: dict[str, Any] = json.loads(response.body)

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert config["telegram_bot_username"] == "contract_check_bot"
    assert config["telegram_enabled"] is True
    assert config["content_types"]["pdf"] == "application/pdf"
    assert config["content_types"]["txt"] == "text/plain"
    assert config["max_upload_bytes"] > 0
    assert config["check_fact_below"] == CHECK_FACT_BELOW  # as the report and the bot mark them


def test_the_mini_app_the_widget_and_the_bot_reach_one_user(driver: Driver) -> None:
    status, tokens = driver.api(
        "POST", "/v1/auth/telegram-webapp", {"init_data": _init_data(9001)}, anonymous=True
    )
    exchange = {"service_token": SERVICE_TOKEN, "telegram_id": 9001}
    bot_status, bot = driver.api("POST", "/v1/auth/service-token", exchange, anonymous=True)

    assert status == 200, tokens
    assert bot_status == 200, bot
    mini_app_me = driver.api("GET", "/v1/me", token=tokens["access_token"])[1]
    bot_me = driver.api("GET", "/v1/me", token=bot["access_token"])[1]
    assert mini_app_me["user_id"] == bot_me["user_id"]
    assert mini_app_me["role"] == "user"


def test_the_mini_app_sign_in_refuses_forged_stale_and_missing_data(driver: Driver) -> None:
    forged = _init_data(9002).replace("9002", "9003")
    stale = _init_data(9002, age_seconds=2 * 86400)

    bad = driver.api("POST", "/v1/auth/telegram-webapp", {"init_data": forged}, anonymous=True)
    old = driver.api("POST", "/v1/auth/telegram-webapp", {"init_data": stale}, anonymous=True)
    empty = driver.api("POST", "/v1/auth/telegram-webapp", {"init_data": ""}, anonymous=True)

    assert bad[0] == 401 and bad[1]["error"]["code"] == "INVALID_TELEGRAM_LOGIN"
    assert old[0] == 401 and old[1]["error"]["code"] == "TELEGRAM_LOGIN_EXPIRED"
    assert empty[0] == 400
