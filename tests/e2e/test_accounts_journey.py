"""An account's journey over HTTP on the local cloud (moto's server, the API on a port):
a person registers and confirms the mailed token, read from moto's SES as `local up`
prints it; forgets the password and resets it; an admin finds them, blocks them (their
token and partner key are refused at once), sees the day's usage, and a bot's own service
token is revoked while the configured one keeps working."""

from __future__ import annotations

import io
import re
import time
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.mailbox import MailPrinter, sent_mail

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e
PASSWORD = "correct horse 42"
SERVICE_TOKEN = "b" * 40
UPLOAD = {"filename": "contract.pdf", "content_type": "application/pdf", "size": 2048}
_TOKEN = re.compile(r"with this token: (\S+)")


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(
        parameters={"EmailVerificationRequired": "true"},
        env_overrides={"AUTH_SERVICE_TOKEN": SERVICE_TOKEN},
    ).start_server(access_log=False)
    yield running
    running.stop()


def _call(cloud: LocalCloud, method: str, path: str, **kwargs: Any) -> httpx.Response:
    return httpx.request(method, f"{cloud.api_url}{path}", timeout=60, **kwargs)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_an_account_from_registration_to_a_block(cloud: LocalCloud) -> None:
    terminal = io.StringIO()
    deployment = cloud.deployment
    printer = MailPrinter(lambda: sent_mail(deployment.account_id, deployment.region), terminal)
    anna = {"email": "anna.e2e@example.com", "password": PASSWORD}

    # She registers; the confirmation mail is on the local cloud's terminal.
    assert _call(cloud, "POST", "/v1/auth/register", json=anna).status_code == 202
    assert printer.print_new() == 1
    token = _TOKEN.search(terminal.getvalue())
    assert token is not None
    access = _call(cloud, "POST", "/v1/auth/login", json=anna).json()["access_token"]
    waits = _call(cloud, "POST", "/v1/documents", json=UPLOAD, headers=_bearer(access))
    assert waits.status_code == 403 and waits.json()["error"]["code"] == "EMAIL_NOT_VERIFIED"
    confirmed = _call(cloud, "POST", "/v1/auth/verify-email", json={"token": token.group(1)})
    assert confirmed.status_code == 200
    created = _call(cloud, "POST", "/v1/documents", json=UPLOAD, headers=_bearer(access))
    assert created.status_code == 201, created.text

    # She forgets her password and sets a new one with the mailed token.
    time.sleep(1.05)  # tokens carry their issue time in whole seconds
    reset = _call(cloud, "POST", "/v1/auth/password-reset", json={"email": anna["email"]})
    assert reset.status_code == 202 and printer.print_new() == 1
    reset_token = _TOKEN.findall(terminal.getvalue())[-1]
    new = {"token": reset_token, "new_password": "a new horse 77"}
    assert _call(cloud, "POST", "/v1/auth/password-reset/confirm", json=new).status_code == 200
    assert _call(cloud, "GET", "/v1/me", headers=_bearer(access)).status_code == 401
    anna["password"] = "a new horse 77"
    access = _call(cloud, "POST", "/v1/auth/login", json=anna).json()["access_token"]
    key = _call(cloud, "POST", "/v1/keys", json={"name": "ERP"}, headers=_bearer(access)).json()
    partner = {"x-api-key": key["api_key"]}
    assert _call(cloud, "GET", "/v1/b2b/usage", headers=partner).status_code == 200

    # An admin finds her by e-mail, with her document and credits, and blocks her.
    admin = _bearer(_call(cloud, "POST", "/v1/auth/dev", json={}).json()["access_token"])
    found = _call(cloud, "GET", "/v1/admin/users", params={"email": anna["email"]}, headers=admin)
    [user] = found.json()["users"]
    assert user["documents_count"] == 1 and user["email_verified"] is True
    blocked = _call(
        cloud,
        "POST",
        f"/v1/admin/users/{user['user_id']}/block",
        json={"reason": "disputed payments"},
        headers=admin,
    )
    assert blocked.status_code == 200
    me = _call(cloud, "GET", "/v1/me", headers=_bearer(access))
    assert me.status_code == 403 and me.json()["error"]["code"] == "ACCOUNT_BLOCKED"
    assert _call(cloud, "GET", "/v1/b2b/usage", headers=partner).status_code == 403

    # The day's usage shows her document, and her as active.
    usage = _call(cloud, "GET", "/v1/admin/usage", params={"days": 1}, headers=admin).json()
    assert usage["days"][0]["documents_created"] >= 1 and usage["days"][0]["active_users"] >= 1


def test_a_bots_own_token_is_revoked_while_the_configured_one_keeps_working(
    cloud: LocalCloud,
) -> None:
    admin = _bearer(_call(cloud, "POST", "/v1/auth/dev", json={}).json()["access_token"])
    made = _call(
        cloud,
        "POST",
        "/v1/admin/service-tokens",
        json={"name": "staging bot", "adapter": "telegram"},
        headers=admin,
    ).json()

    def exchange(token: str) -> int:
        body = {"service_token": token, "telegram_id": 31337}
        return _call(cloud, "POST", "/v1/auth/service-token", json=body).status_code

    assert exchange(made["service_token"]) == 200
    revoked = _call(
        cloud, "POST", f"/v1/admin/service-tokens/{made['token_id']}/revoke", headers=admin
    )
    assert revoked.status_code == 200
    assert exchange(made["service_token"]) == 401
    assert exchange(SERVICE_TOKEN) == 200
