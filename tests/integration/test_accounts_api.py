"""Accounts over the HTTP API on the local cloud: admins' users, blocks, mailed tokens
(moto's SES), the adapters' service tokens and usage per day."""

from __future__ import annotations

import io
import re
import time
from typing import TYPE_CHECKING, Any

import pytest

from infra.localcloud.apikeys import ApiKeyGate, install_usage_reporting, uninstall_usage_reporting
from infra.localcloud.mailbox import MailPrinter, SentMail, sent_mail
from tests.documents import make_pdf
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
PASSWORD = "correct horse 42"
SERVICE_TOKEN = "s" * 40
UPLOAD = {"filename": "contract.pdf", "content_type": "application/pdf", "size": 2048}
_TOKEN = re.compile(r"with this token: (\S+)")


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"AUTH_SERVICE_TOKEN": SERVICE_TOKEN}


@pytest.fixture
def local_cloud_parameters() -> dict[str, str]:
    # The local cloud leaves confirmation off for its demo; a deployment has it on.
    return {"EmailVerificationRequired": "true"}


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Iterator[Driver]:
    from app import app

    plan_id = local_cloud.deployment.environment["USAGE_PLAN_ID"]
    gate = ApiKeyGate(app, plan_id, client=local_cloud.client("apigateway"))
    install_usage_reporting(gate)
    yield Driver(local_cloud, gate)
    uninstall_usage_reporting(gate)


def _mails(driver: Driver, to: str) -> list[SentMail]:
    deployment = driver.cloud.deployment
    return [m for m in sent_mail(deployment.account_id, deployment.region) if to in m.to]


def _token_in(mail: SentMail) -> str:
    found = _TOKEN.search(mail.body)
    assert found, mail.body
    return found.group(1)


def _register(driver: Driver, email: str, password: str = PASSWORD) -> dict[str, Any]:
    """Register, then sign in; the token pair."""
    credentials = {"email": email, "password": password}
    assert driver.api("POST", "/v1/auth/register", credentials, anonymous=True)[0] == 202
    status, tokens = driver.api("POST", "/v1/auth/login", credentials, anonymous=True)
    assert status == 200, tokens
    return dict(tokens)


def _verify(driver: Driver, email: str) -> None:
    token = _token_in(_mails(driver, email)[-1])
    assert driver.api("POST", "/v1/auth/verify-email", {"token": token}, anonymous=True)[0] == 200


def _user_id(driver: Driver, token: str) -> str:
    return str(driver.api("GET", "/v1/me", token=token)[1]["user_id"])


# --- e-mail verification and password reset --------------------------------------------------


def test_registration_mails_a_token_that_confirms_the_address_once(driver: Driver) -> None:
    # GIVEN Anna registered and signed in: her mail came through SES
    anna = _register(driver, "Anna@Example.com")["access_token"]
    [mail] = _mails(driver, "anna@example.com")
    assert mail.sender == "no-reply@contract-check.local" and "Confirm" in mail.subject

    # WHEN she uploads before confirming, THEN she is told to confirm first, and may read
    refused = driver.api("POST", "/v1/documents", UPLOAD, token=anna)
    assert (refused[0], refused[1]["error"]["code"]) == (403, "EMAIL_NOT_VERIFIED")
    key = driver.api("POST", "/v1/keys", {"name": "ERP"}, token=anna)
    assert (key[0], key[1]["error"]["code"]) == (403, "EMAIL_NOT_VERIFIED")
    me = driver.api("GET", "/v1/me", token=anna)[1]
    assert me["email_verified"] is False
    assert driver.api("GET", "/v1/documents", token=anna)[0] == 200

    # WHEN she confirms with the mailed token, THEN she uploads; the token works once
    token = _token_in(mail)
    assert driver.api("POST", "/v1/auth/verify-email", {"token": token}) == (
        200,
        {"email_verified": True},
    )
    assert driver.api("POST", "/v1/documents", UPLOAD, token=anna)[0] == 201
    again = driver.api("POST", "/v1/auth/verify-email", {"token": token}, anonymous=True)
    assert (again[0], again[1]["error"]["code"]) == (400, "INVALID_TOKEN")


def test_local_up_prints_each_mail_once_with_its_token(driver: Driver) -> None:
    # What `contract-check local up` runs on its terminal, read here from a buffer.
    deployment = driver.cloud.deployment
    terminal = io.StringIO()
    printer = MailPrinter(lambda: sent_mail(deployment.account_id, deployment.region), terminal)

    _register(driver, "lena@example.com")
    assert printer.print_new() == 1
    assert printer.print_new() == 0

    shown = terminal.getvalue()
    assert "mail to lena@example.com" in shown and "subject: Confirm your e-mail address" in shown
    assert _token_in(_mails(driver, "lena@example.com")[0]) in shown


def test_registering_again_before_confirming_mails_a_new_token(driver: Driver) -> None:
    credentials = {"email": "tom@example.com", "password": PASSWORD}
    for _ in range(2):
        assert driver.api("POST", "/v1/auth/register", credentials, anonymous=True)[0] == 202

    first, second = _mails(driver, "tom@example.com")
    assert "Confirm" in second.subject and _token_in(first) != _token_in(second)
    answer = driver.api("POST", "/v1/auth/verify-email", {"token": _token_in(second)})
    assert answer[0] == 200


def test_a_taken_address_gets_a_notice_not_a_token(driver: Driver) -> None:
    _register(driver, "boris@example.com")
    _verify(driver, "boris@example.com")
    other = {"email": "BORIS@example.com", "password": "another horse 7"}

    assert driver.api("POST", "/v1/auth/register", other, anonymous=True)[0] == 202

    first, notice = _mails(driver, "boris@example.com")
    assert _TOKEN.search(first.body) and not _TOKEN.search(notice.body)
    # (A confirmed account: an unconfirmed one would get a new token, the test above.)
    assert "tried to register" in notice.subject


def test_password_reset_works_once_and_never_tells_which_emails_exist(driver: Driver) -> None:
    before_reset = _register(driver, "vera@example.com")
    time.sleep(1.05)  # tokens carry their issue time in whole seconds
    before = len(sent_mail(driver.cloud.deployment.account_id, driver.cloud.deployment.region))

    # An unknown e-mail and a malformed one get the same 202 as a known one, and no mail.
    for email in ("nobody@example.com", "not-an-email", "VERA@example.com"):
        answer = driver.api("POST", "/v1/auth/password-reset", {"email": email}, anonymous=True)
        assert answer == (202, {"status": "requested"})
    after = sent_mail(driver.cloud.deployment.account_id, driver.cloud.deployment.region)
    assert [m.to for m in after[before:]] == [("vera@example.com",)]
    token = _token_in(after[-1])

    # A weak password costs no token; a good one sets the password, once.
    new = "a new horse 99"
    weak = {"token": token, "new_password": "short"}
    assert driver.api("POST", "/v1/auth/password-reset/confirm", weak)[1]["error"]["code"] == (
        "WEAK_PASSWORD"
    )
    confirm = {"token": token, "new_password": new}
    assert driver.api("POST", "/v1/auth/password-reset/confirm", confirm, anonymous=True) == (
        200,
        {"password_reset": True},
    )
    reused = driver.api("POST", "/v1/auth/password-reset/confirm", confirm, anonymous=True)
    assert (reused[0], reused[1]["error"]["code"]) == (400, "INVALID_TOKEN")
    old = {"email": "vera@example.com", "password": PASSWORD}
    assert driver.api("POST", "/v1/auth/login", old, anonymous=True)[0] == 401
    fresh = {"email": "vera@example.com", "password": new}
    status, tokens = driver.api("POST", "/v1/auth/login", fresh, anonymous=True)
    assert status == 200
    # The mail proved the address: the account is confirmed too.
    assert driver.api("GET", "/v1/me", token=tokens["access_token"])[1]["email_verified"] is True
    # Every session from before the reset has ended: whoever knew the old password is out.
    ended = driver.api("GET", "/v1/me", token=before_reset["access_token"])
    refresh = {"refresh_token": before_reset["refresh_token"]}
    assert (ended[0], ended[1]["error"]["code"]) == (401, "INVALID_TOKEN")
    assert driver.api("POST", "/v1/auth/refresh", refresh)[0] == 401


# --- admins: users, search, blocks -----------------------------------------------------------


def test_admins_list_and_search_users_with_documents_and_credits(driver: Driver) -> None:
    gleb = _register(driver, "gleb@example.com")["access_token"]
    _verify(driver, "gleb@example.com")
    assert driver.api("POST", "/v1/documents", UPLOAD, token=gleb)[0] == 201
    gleb_id = _user_id(driver, gleb)
    driver.sign_in("rita", "reviewer")
    exchange = {"service_token": SERVICE_TOKEN, "telegram_id": 4242}
    bot = driver.api("POST", "/v1/auth/service-token", exchange, anonymous=True)[1]
    telegram_user = _user_id(driver, bot["access_token"])

    status, by_email = driver.api("GET", "/v1/admin/users?email=GLEB@example.com")
    by_telegram = driver.api("GET", "/v1/admin/users?telegram_id=4242")[1]
    reviewers = driver.api("GET", "/v1/admin/users?role=reviewer")[1]
    in_ru = driver.api("GET", "/v1/admin/users?region=ru")[1]
    elsewhere = driver.api("GET", "/v1/admin/users?region=kz")[1]
    nobody = driver.api("GET", "/v1/admin/users?email=none@example.com")[1]

    assert status == 200
    [found] = by_email["users"]
    assert found["user_id"] == gleb_id and found["email"] == "gleb@example.com"
    assert found["documents_count"] == 1 and found["credits_left"] == 9
    assert found["email_verified"] is True and found["blocked"] is False
    assert [u["user_id"] for u in by_telegram["users"]] == [telegram_user]
    assert [u["user_id"] for u in reviewers["users"]] == ["rita"]
    assert {gleb_id, telegram_user, "rita"} <= {u["user_id"] for u in in_ru["users"]}
    assert elsewhere["users"] == [] and nobody["users"] == []

    # Pages of one, newest first, follow each other to the end without repeats.
    seen: list[str] = []
    cursor = ""
    while True:
        page = driver.api("GET", f"/v1/admin/users?limit=1{cursor}")[1]
        seen += [u["user_id"] for u in page["users"]]
        if not page["next_cursor"]:
            break
        cursor = f"&cursor={page['next_cursor']}"
    assert len(seen) == len(set(seen)) == len(in_ru["users"])
    forged = driver.api("GET", "/v1/admin/users?cursor=bm90IGEgY3Vyc29y")
    assert forged[0] == 400
    user = driver.sign_in("plain", "user")
    assert driver.api("GET", "/v1/admin/users", token=user)[0] == 403


def test_a_block_refuses_every_token_and_key_at_once_and_is_audited(driver: Driver) -> None:
    # GIVEN Ivan signed in, with a refresh token, a partner key, and a Telegram link
    pair = _register(driver, "ivan@example.com")
    _verify(driver, "ivan@example.com")
    ivan = pair["access_token"]
    ivan_id = _user_id(driver, ivan)
    status, key = driver.api("POST", "/v1/keys", {"name": "ERP"}, token=ivan)
    assert status == 201
    partner = {"x-api-key": key["api_key"]}
    assert driver.api("GET", "/v1/b2b/usage", anonymous=True, headers=partner)[0] == 200
    # Tokens carry their issue time in whole seconds: his are from a second before the block.
    time.sleep(1.05)

    # WHEN an admin blocks him, with a reason
    status, blocked = driver.api(
        "POST", f"/v1/admin/users/{ivan_id}/block", {"reason": "chargeback fraud"}
    )
    assert (status, blocked) == (200, {"user_id": ivan_id, "blocked": True, "changed": True})

    # THEN the access token issued before the block is refused on the very next call
    me = driver.api("GET", "/v1/me", token=ivan)
    upload = driver.api("POST", "/v1/documents", UPLOAD, token=ivan)
    assert (me[0], me[1]["error"]["code"]) == (403, "ACCOUNT_BLOCKED")
    assert upload[1]["error"]["code"] == "ACCOUNT_BLOCKED"
    # and so are his refresh token, a new sign-in, and his partner key (API Gateway too)
    refresh = driver.api("POST", "/v1/auth/refresh", {"refresh_token": pair["refresh_token"]})
    login = driver.api(
        "POST", "/v1/auth/login", {"email": "ivan@example.com", "password": PASSWORD}
    )
    b2b = driver.api("GET", "/v1/b2b/usage", anonymous=True, headers=partner)
    assert refresh[1]["error"]["code"] == login[1]["error"]["code"] == "ACCOUNT_BLOCKED"
    assert b2b[0] == 403
    apigateway = driver.cloud.client("apigateway")
    assert apigateway.get_api_key(apiKey=key["key_id"])["enabled"] is False

    # AND the admin sees who blocked him, when and why
    detail = driver.api("GET", f"/v1/admin/users/{ivan_id}")[1]
    assert detail["blocked"] is True and detail["blocked_reason"] == "chargeback fraud"
    assert detail["blocked_by"] == "dev-user"
    assert [h["action"] for h in detail["block_history"]] == ["block"]

    # WHEN he is unblocked, THEN he signs in again (the sessions the block ended stay
    # ended: whoever was using them may not have been him), his key works again, and both
    # changes are kept
    again = driver.api("POST", f"/v1/admin/users/{ivan_id}/block", {"reason": "twice"})
    assert again[1]["changed"] is False
    lifted = driver.api("POST", f"/v1/admin/users/{ivan_id}/unblock", {"reason": "refunded"})
    assert lifted == (200, {"user_id": ivan_id, "blocked": False, "changed": True})
    old = driver.api("GET", "/v1/me", token=ivan)
    stale = driver.api("POST", "/v1/auth/refresh", {"refresh_token": pair["refresh_token"]})
    assert (old[0], old[1]["error"]["code"]) == (401, "INVALID_TOKEN")
    assert stale[0] == 401
    fresh = driver.api(
        "POST", "/v1/auth/login", {"email": "ivan@example.com", "password": PASSWORD}
    )[1]
    assert driver.api("GET", "/v1/me", token=fresh["access_token"])[0] == 200
    assert driver.api("GET", "/v1/b2b/usage", anonymous=True, headers=partner)[0] == 200
    assert apigateway.get_api_key(apiKey=key["key_id"])["enabled"] is True
    history = driver.api("GET", f"/v1/admin/users/{ivan_id}")[1]["block_history"]
    assert [(h["action"], h["reason"]) for h in history] == [
        ("unblock", "refunded"),
        ("block", "chargeback fraud"),
    ]


def test_a_blocked_telegram_user_gets_no_tokens_from_the_bots_exchange(driver: Driver) -> None:
    exchange = {"service_token": SERVICE_TOKEN, "telegram_id": 5151}
    bot = driver.api("POST", "/v1/auth/service-token", exchange, anonymous=True)[1]
    user_id = _user_id(driver, bot["access_token"])

    driver.api("POST", f"/v1/admin/users/{user_id}/block", {"reason": "spam"})

    refused = driver.api("POST", "/v1/auth/service-token", exchange, anonymous=True)
    assert (refused[0], refused[1]["error"]["code"]) == (403, "ACCOUNT_BLOCKED")


def test_blocks_need_an_admin_a_reason_and_a_user(driver: Driver) -> None:
    user = driver.sign_in("mallory", "user")
    driver.sign_in("target", "user")

    assert driver.api("POST", "/v1/admin/users/target/block", {"reason": "x"}, token=user)[0] == 403
    assert driver.api("POST", "/v1/admin/users/target/block", {"reason": ""})[0] == 400
    assert driver.api("POST", "/v1/admin/users/ghost/block", {"reason": "x"})[0] == 404
    assert driver.api("POST", "/v1/admin/users/dev-user/block", {"reason": "x"})[0] == 400
    assert driver.api("GET", "/v1/admin/users/ghost")[0] == 404


# --- service tokens per adapter ----------------------------------------------------------------


def test_a_revoked_service_token_is_refused_while_another_still_works(driver: Driver) -> None:
    # GIVEN two adapters' tokens, each shown once
    status, bot = driver.api(
        "POST", "/v1/admin/service-tokens", {"name": "bot", "adapter": "telegram"}
    )
    partner = driver.api(
        "POST", "/v1/admin/service-tokens", {"name": "ACME sync", "adapter": "partner-acme"}
    )[1]
    assert status == 201 and bot["service_token"].startswith("cct_")

    def exchange(token: str) -> tuple[int, Any]:
        body = {"service_token": token, "telegram_id": 9001}
        return driver.api("POST", "/v1/auth/service-token", body, anonymous=True)

    assert exchange(bot["service_token"])[0] == 200
    assert exchange(partner["service_token"])[0] == 200

    # WHEN one is revoked
    revoked = driver.api("POST", f"/v1/admin/service-tokens/{bot['token_id']}/revoke")
    assert revoked[0] == 200 and revoked[1]["revoked"] is True

    # THEN it is refused, the other and the configured (bootstrap) one still work
    refused = exchange(bot["service_token"])
    assert (refused[0], refused[1]["error"]["code"]) == (401, "INVALID_CREDENTIALS")
    assert exchange(partner["service_token"])[0] == 200
    assert exchange(SERVICE_TOKEN)[0] == 200
    # A token with a right id and a wrong secret is refused too.
    forged = partner["service_token"][:-4] + "AAAA"
    assert exchange(forged)[0] == 401

    listed = driver.api("GET", "/v1/admin/service-tokens")[1]["service_tokens"]
    by_id = {t["token_id"]: t for t in listed}
    assert "service_token" not in by_id[partner["token_id"]]
    assert by_id[partner["token_id"]]["uses"] == 2
    assert by_id[partner["token_id"]]["adapter"] == "partner-acme"
    assert by_id[bot["token_id"]]["uses"] == 1 and by_id[bot["token_id"]]["revoked_by"]
    assert driver.api("POST", "/v1/admin/service-tokens/0123456789abcdef/revoke")[0] == 404
    user = driver.sign_in("plain", "user")
    assert driver.api("GET", "/v1/admin/service-tokens", token=user)[0] == 403


# --- usage per day -------------------------------------------------------------------------------


def test_usage_counts_documents_credits_and_active_users_per_day(driver: Driver) -> None:
    # GIVEN two users: one uploads four files (one is analysed to the end, one is broken
    # and fails, two are never sent), the other one
    for _ in range(2):
        driver.request_upload("contract.pdf", 10)
    done = driver.submit("Договор поставки.pdf", make_pdf())
    assert driver.document(done)["status"] == "done"
    broken = driver.submit("broken.pdf", b"%PDF-1.4 not really a pdf")
    assert driver.document(broken)["status"] == "failed"
    other = driver.sign_in("olga", "user")
    assert driver.api("POST", "/v1/documents", UPLOAD, token=other)[0] == 201

    status, usage = driver.api("GET", "/v1/admin/usage?days=7")

    assert status == 200 and len(usage["days"]) == 7
    today = usage["days"][-1]
    assert today["documents_created"] == 5 and today["credits_spent"] == 5
    assert today["documents_done"] == 1
    assert today["documents_failed"] == 1 and today["credits_refunded"] == 1
    assert today["active_users"] == 2
    assert usage["totals"]["documents_created"] == 5
    assert all(day["documents_created"] == 0 for day in usage["days"][:-1])
    assert driver.api("GET", "/v1/admin/usage?days=0")[0] == 400
