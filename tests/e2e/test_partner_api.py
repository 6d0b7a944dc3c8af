"""A partner's journey over HTTP on the local cloud: a person issues a key, the partner
uploads and reads with it, usage is counted, and a revoked key is refused at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx
import pytest

from infra.localcloud import LocalCloud
from tests.documents import make_pdf

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(env_overrides={"SIGNUP_CREDITS": "5"}).start_server(access_log=False)
    yield running
    running.stop()


def _call(cloud: LocalCloud, method: str, path: str, **kwargs: Any) -> httpx.Response:
    return httpx.request(method, f"{cloud.api_url}{path}", timeout=60, **kwargs)


def test_a_partner_uploads_with_a_key_and_a_revoked_key_is_refused(cloud: LocalCloud) -> None:
    person = _call(
        cloud,
        "POST",
        "/v1/auth/register",
        json={"email": "partner-owner@example.com", "password": "correct horse 42"},
    ).json()["access_token"]
    bearer = {"Authorization": f"Bearer {person}"}
    created = _call(cloud, "POST", "/v1/keys", json={"name": "ERP"}, headers=bearer)
    assert created.status_code == 201, created.text
    key = {"x-api-key": created.json()["api_key"]}

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

    assert _call(cloud, "GET", "/v1/b2b/documents/x", headers={}).json() == {"message": "Forbidden"}
    usage = _call(cloud, "GET", "/v1/b2b/usage", headers=key)
    assert usage.status_code == 200 and usage.json()["total"] >= 2  # counted by the plan
    revoked = _call(cloud, "POST", f"/v1/keys/{listed[0]['key_id']}/revoke", headers=bearer)
    assert revoked.status_code == 200 and revoked.json()["enabled"] is False
    assert _call(cloud, "GET", f"/v1/b2b/documents/{doc_id}", headers=key).status_code == 403
