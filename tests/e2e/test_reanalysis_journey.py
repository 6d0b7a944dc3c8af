"""A re-analysis over HTTP against the served local cloud.

Anna's contract is screened. An admin re-analyses it as a system batch (twice, with the
same client token: one rerun); the batch ends with its summary; Anna reads the rerun and
its report beside her untouched original, and her credits did not move. Anna herself may
not ask for a re-analysis.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from infra.localcloud import LocalCloud
from tests.bench.lanes import CONTRACT, Api

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(retry_wait_factor=0.01).start_server(access_log=False)
    yield running
    running.stop()


def _admin(base_url: str) -> httpx.Client:
    http = httpx.Client(base_url=base_url, timeout=300)
    token = http.post("/v1/auth/dev", json={"user_id": "root", "role": "admin"})
    token.raise_for_status()
    http.headers["Authorization"] = f"Bearer {token.json()['access_token']}"
    return http


def _until_final(http: httpx.Client, path: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        batch: dict[str, Any] = http.get(path).json()
        if batch["final"]:
            return batch
        time.sleep(0.2)
    raise TimeoutError(f"{path} did not end")


def test_an_admin_reanalyses_a_persons_contract_and_nothing_of_theirs_changes(
    cloud: LocalCloud,
) -> None:
    assert cloud.api_url is not None
    anna, admin = Api(cloud.api_url, "anna"), _admin(cloud.api_url)
    data = CONTRACT.read_bytes()
    ticket = anna.http.post(
        "/v1/documents",
        json={"filename": "contract.txt", "content_type": "text/plain", "size": len(data)},
    ).json()
    document_id = anna.send(ticket, data)
    assert anna.settle(document_id) == "done"
    credits = anna.http.get("/v1/me").json()["credits_left"]
    original = anna.http.get(f"/v1/documents/{document_id}/report").json()["markdown"]

    body = {"document_ids": [document_id], "client_token": "journey"}
    first = admin.post("/v1/admin/reanalysis", json=body)
    again = admin.post("/v1/admin/reanalysis", json=body)
    refused = anna.http.post("/v1/admin/reanalysis", json={"document_ids": [document_id]})

    assert (first.status_code, again.status_code, refused.status_code) == (202, 202, 403)
    assert first.json()["batch_id"] == again.json()["batch_id"]
    batch = _until_final(admin, first.json()["status"])
    assert (batch["lane"], batch["summary"]["done"], batch["total"]) == ("system", 1, 1)
    reruns = anna.http.get(f"/v1/documents/{document_id}/versions/1/reruns").json()["reruns"]
    assert [(r["rerun"], r["status"]) for r in reruns] == [(1, "done")]
    report = anna.http.get(reruns[0]["report"])
    assert report.status_code == 200 and report.json()["report"]["rerun"] == 1
    assert anna.http.get(f"/v1/documents/{document_id}/report").json()["markdown"] == original
    assert anna.http.get("/v1/me").json()["credits_left"] == credits
    assert anna.http.get(f"/v1/documents/{document_id}").json()["status"] == "done"
    anna.close()
    admin.close()
