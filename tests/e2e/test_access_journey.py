"""Two regions and a grant that expires, over HTTP against the served local cloud.

Sofia works in St Petersburg, Rita reviews for Moscow. Sofia's letter is held for review;
Rita cannot see it until an admin lends her reading in ru-spb for a few seconds, and then
cannot again: the grant ends by itself, checked against the clock at every request.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import httpx
import pytest

from infra.localcloud import LocalCloud
from tests.e2e.test_journeys import HELD, Caller, _admin, _person

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e
GRANT_SECONDS = 3


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(retry_wait_factor=0.001).start_server(access_log=False)
    yield running
    running.stop()


def _user_id(caller: Caller) -> str:
    return str(caller.call("GET", "/v1/me").json()["user_id"])


def test_a_reviewer_reads_another_region_only_while_her_grant_lasts(cloud: LocalCloud) -> None:
    admin = _admin(cloud)
    sofia, rita = _person(cloud, "sofia@example.com"), _person(cloud, "rita@example.com")
    sofia_id, rita_id = _user_id(sofia), _user_id(rita)
    moved = admin.call(
        "PUT", f"/v1/admin/users/{sofia_id}/region", {"region": "ru-spb", "reason": "branch"}
    )
    promoted = admin.call(
        "PUT", f"/v1/admin/users/{rita_id}/role", {"role": "reviewer", "reason": "legal"}
    )
    assert (moved.status_code, promoted.status_code) == (200, 200)

    doc_id = sofia.upload("/v1/documents", "письмо.pdf", HELD)
    document = sofia.poll(f"/v1/documents/{doc_id}", {"in_review", "done", "failed"})
    assert (document["status"], document["region"]) == ("in_review", "ru-spb")

    # Rita (ru-msk): the document does not exist for her, nor is it in her queue.
    assert rita.call("GET", f"/v1/documents/{doc_id}").status_code == 404
    assert rita.call("GET", f"/v1/documents/{doc_id}/original").status_code == 404
    queue = rita.call("GET", "/v1/reviews").json()["reviews"]
    assert doc_id not in [item["document_id"] for item in queue]

    until = datetime.now(UTC) + timedelta(seconds=GRANT_SECONDS)
    granted = admin.call(
        "POST",
        "/v1/admin/grants",
        {
            "user_id": rita_id,
            "region": "ru-spb",
            "permission": "document:read:region",
            "expires_at": until.isoformat(),
            "reason": "second opinion",
        },
    )
    assert granted.status_code == 201, granted.text
    grant_id = granted.json()["grant_id"]

    # While it lasts: the document, and the original through a short-lived presigned GET.
    assert rita.call("GET", f"/v1/documents/{doc_id}").status_code == 200
    link = rita.call("GET", f"/v1/documents/{doc_id}/original").json()
    original = httpx.get(link["url"], timeout=60)
    assert original.status_code == 200
    assert original.content == HELD
    assert (
        "filename*=UTF-8''%D0%BF%D0%B8%D1%81%D1%8C%D0%BC%D0%BE.pdf"
        in (original.headers["content-disposition"])
    )

    # WHEN the grant's time has passed (nobody revoked it)
    time.sleep(max(0.0, (until - datetime.now(UTC)).total_seconds()) + 0.5)

    # THEN it is out of her reach again, and the audit says what she read under the grant
    assert rita.call("GET", f"/v1/documents/{doc_id}").status_code == 404
    assert rita.call("GET", f"/v1/documents/{doc_id}/original").status_code == 404
    audit = admin.call("GET", f"/v1/admin/audit?user_id={rita_id}&document_id={doc_id}")
    entries = audit.json()["entries"]
    assert [(e["action"], e["grant_id"]) for e in entries] == [
        ("original.download", grant_id),
        ("document.read", grant_id),
    ]
    # Sofia's own reads are never audited; and the grant lists as no longer live.
    assert sofia.call("GET", f"/v1/documents/{doc_id}").status_code == 200
    sofia_audit = admin.call("GET", f"/v1/admin/audit?user_id={sofia_id}").json()["entries"]
    assert sofia_audit == []
    grants = admin.call("GET", f"/v1/admin/grants?user_id={rita_id}").json()["grants"]
    assert [(g["grant_id"], g["live"]) for g in grants] == [(grant_id, False)]
