"""A partner's journey over HTTP on the local cloud: a person issues a key, the partner
uploads and reads with it, usage is counted, and a revoked key is refused at once."""

from __future__ import annotations

import hashlib
import hmac
import http.server
import json
import threading
import time
from typing import TYPE_CHECKING, Any, ClassVar

import httpx
import pytest

from infra.localcloud import LocalCloud
from tests.documents import make_pdf

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e
PDF = make_pdf()


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    # Undelivered callbacks are due again at once (a retry round runs when the test runs
    # the sweeper's schedule, instead of after minutes).
    running = LocalCloud(
        env_overrides={"SIGNUP_CREDITS": "5", "CALLBACK_RETRY_SECONDS": "[0, 0]"}
    ).start_server(access_log=False)
    yield running
    running.stop()


def _call(cloud: LocalCloud, method: str, path: str, **kwargs: Any) -> httpx.Response:
    return httpx.request(method, f"{cloud.api_url}{path}", timeout=60, **kwargs)


def _person_with_key(cloud: LocalCloud, email: str) -> tuple[dict[str, str], dict[str, Any]]:
    """A registered person's bearer header, and the partner key they created (shown once)."""
    credentials = {"email": email, "password": "correct horse 42"}
    registered = _call(cloud, "POST", "/v1/auth/register", json=credentials)
    assert registered.status_code == 202, registered.text
    token = _call(cloud, "POST", "/v1/auth/login", json=credentials).json()["access_token"]
    bearer = {"Authorization": f"Bearer {token}"}
    created = _call(cloud, "POST", "/v1/keys", json={"name": "ERP"}, headers=bearer)
    assert created.status_code == 201, created.text
    return bearer, dict(created.json())


def test_a_partner_uploads_with_a_key_and_a_revoked_key_is_refused(cloud: LocalCloud) -> None:
    bearer, created = _person_with_key(cloud, "partner-owner@example.com")
    key = {"x-api-key": created["api_key"]}

    ticket = _call(
        cloud,
        "POST",
        "/v1/b2b/documents",
        json={"filename": "contract.pdf", "content_type": "application/pdf", "size": 2000},
        headers=key,
    )
    assert ticket.status_code == 201, ticket.text
    upload = ticket.json()["upload"]
    files = {"file": ("contract.pdf", make_pdf())}
    posted = httpx.post(upload["url"], data=upload["fields"], files=files, timeout=60)
    assert posted.status_code in (200, 201, 204)
    doc_id = ticket.json()["document"]["document_id"]

    assert _call(cloud, "GET", f"/v1/b2b/documents/{doc_id}", headers=key).status_code == 200
    # The document is the key owner's: the person sees it too, and nobody else's key does.
    assert _call(cloud, "GET", f"/v1/documents/{doc_id}", headers=bearer).status_code == 200
    listed = _call(cloud, "GET", "/v1/keys", headers=bearer).json()["keys"]
    assert [k["name"] for k in listed] == ["ERP"] and "api_key" not in listed[0]

    no_key = _call(cloud, "GET", "/v1/b2b/documents/x", headers={})
    assert (no_key.status_code, no_key.json()["error"]["code"]) == (403, "INVALID_API_KEY")
    usage = _call(cloud, "GET", "/v1/b2b/usage", headers=key)
    assert usage.status_code == 200 and usage.json()["total"] >= 2  # counted by the plan
    revoked = _call(cloud, "POST", f"/v1/keys/{listed[0]['key_id']}/revoke", headers=bearer)
    assert revoked.status_code == 200 and revoked.json()["enabled"] is False
    assert _call(cloud, "GET", f"/v1/b2b/documents/{doc_id}", headers=key).status_code == 403


class _Receiver(http.server.BaseHTTPRequestHandler):
    """A partner's endpoint: records each callback; answers 503 to the first `refuse`."""

    received: ClassVar[list[tuple[dict[str, str], bytes]]] = []
    refuse: ClassVar[int] = 0

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", "0"))
        self.received.append((dict(self.headers.items()), self.rfile.read(length)))
        self.send_response(503 if len(self.received) <= self.refuse else 204)
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        return None


@pytest.fixture
def receiver() -> Iterator[str]:
    """A partner's endpoint on localhost, with nothing received yet; its URL."""
    _Receiver.received, _Receiver.refuse = [], 0
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()


def _partner_upload(cloud: LocalCloud, email: str, hook: str) -> tuple[str, dict[str, Any]]:
    """A partner's upload with a callback, run to its end; the document id and the new key."""
    _, created = _person_with_key(cloud, email)
    body = {
        "filename": "contract.pdf",
        "content_type": "application/pdf",
        "size": len(PDF),
        "callback_url": hook,
    }
    key = {"x-api-key": created["api_key"]}
    ticket = _call(cloud, "POST", "/v1/b2b/documents", json=body, headers=key).json()
    upload = ticket["upload"]
    httpx.post(upload["url"], data=upload["fields"], files={"file": ("c.pdf", PDF)}, timeout=60)
    doc_id = str(ticket["document"]["document_id"])
    cloud.wait_for_execution(f"{doc_id}-v1")
    return doc_id, created


def test_a_partner_gets_a_signed_callback_when_its_document_is_done(
    cloud: LocalCloud, receiver: str
) -> None:
    doc_id, created = _partner_upload(cloud, "hooks@example.com", receiver)
    deadline = time.monotonic() + 10
    while not _Receiver.received and time.monotonic() < deadline:
        time.sleep(0.05)

    headers, body = _Receiver.received[-1]
    timestamp = headers["X-Contract-Check-Signature"].split(",")[0].removeprefix("t=")
    expected = hmac.new(
        created["callback_secret"].encode(), f"{timestamp}.".encode() + body, hashlib.sha256
    ).hexdigest()
    assert headers["X-Contract-Check-Signature"] == f"t={timestamp},v1={expected}"
    assert headers["X-Contract-Check-Event"] == "document.done"
    assert json.loads(body)["document_id"] == doc_id and json.loads(body)["status"] == "done"
    key = {"x-api-key": created["api_key"]}
    document = _call(cloud, "GET", f"/v1/b2b/documents/{doc_id}", headers=key).json()
    assert document["status"] == "done"
    assert document["callback"] == {"status": "delivered", "attempts": 1}


def test_a_callback_the_partner_could_not_take_is_delivered_by_a_later_round(
    cloud: LocalCloud, receiver: str
) -> None:
    _Receiver.refuse = 2  # down for the whole first round
    doc_id, created = _partner_upload(cloud, "flaky-hooks@example.com", receiver)
    key = {"x-api-key": created["api_key"]}
    waiting = _call(cloud, "GET", f"/v1/b2b/documents/{doc_id}", headers=key).json()

    swept = cloud.run_schedule("SweeperFunction").payload

    assert waiting["status"] == "done"
    assert waiting["callback"] == {"status": "retrying", "attempts": 1}
    assert swept["callbacks"] == 1
    document = _call(cloud, "GET", f"/v1/b2b/documents/{doc_id}", headers=key).json()
    assert document["callback"] == {"status": "delivered", "attempts": 2}
    deliveries = [headers["X-Contract-Check-Delivery"] for headers, _ in _Receiver.received]
    assert deliveries == [f"{doc_id}-v1-done"] * 3  # two refused, one taken; one delivery id
