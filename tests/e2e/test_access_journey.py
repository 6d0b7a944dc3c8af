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


# --- a deal read beyond its owner (chalicelib/access/deals.py) ---------------------------------

DEAL_FILE = "Договор поставки № 7\n\nПоставщик обязуется поставить товар.\n".encode()


def test_a_reviewer_reads_a_deal_of_her_region_and_not_of_another(cloud: LocalCloud) -> None:
    admin = _admin(cloud)
    sonia, rosa = _person(cloud, "sonia@example.com"), _person(cloud, "rosa@example.com")
    sonia_id, rosa_id = _user_id(sonia), _user_id(rosa)
    for user_id, change in ((sonia_id, "region"), (rosa_id, "role")):
        body = {"region": "ru-spb"} if change == "region" else {"role": "reviewer"}
        changed = admin.call("PUT", f"/v1/admin/users/{user_id}/{change}", {**body, "reason": "x"})
        assert changed.status_code == 200, changed.text
    file = {"filename": "contract.txt", "content_type": "text/plain", "size": len(DEAL_FILE)}
    opened = sonia.call("POST", "/v1/deals", {"files": [file, file]})
    assert opened.status_code == 201, opened.text
    for ticket in opened.json()["documents"]:
        form = ticket["upload"]
        posted = httpx.post(form["url"], data=form["fields"], files={"file": ("c.txt", DEAL_FILE)})
        assert posted.status_code in (200, 201, 204), posted.text
        document_id = ticket["document"]["document_id"]
        sonia.poll(f"/v1/documents/{document_id}", {"done", "failed", "in_review"})
    path = f"/v1/deals/{opened.json()['deal_id']}"
    owners = sonia.call("GET", path)
    assert owners.status_code == 200, owners.text

    # Rosa reviews for ru-msk: the deal does not exist for her.
    assert rosa.call("GET", path).status_code == 404
    # Moved to ru-spb, she reads it as its owner does, and the audit says so.
    moved = admin.call(
        "PUT", f"/v1/admin/users/{rosa_id}/region", {"region": "ru-spb", "reason": "x"}
    )
    assert moved.status_code == 200, moved.text
    assert rosa.call("GET", path).json() == owners.json()
    audit = admin.call("GET", f"/v1/admin/audit?user_id={rosa_id}").json()["entries"]
    assert sorted(e["action"] for e in audit) == ["deal.read", "deal.read"]
