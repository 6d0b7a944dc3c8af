"""Each kind of caller's whole journey over HTTP, against the served local cloud (what
`contract-check local up` runs): moto's server, the API behind the local API Gateway
(bearer authorizer, partner keys and the usage plan), and the analysis through a
local fake of Ollama's HTTP API, which the operator's journey breaks and mends.

Nobody here uses the development sign-in except to create the first admin, as a
deployment's operator would by hand: people register, the admin makes a reviewer.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from infra.localcloud import LocalCloud
from tests.documents import RU_SUPPLY_CONTRACT_HTML, make_pdf

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud.fake_llm import FakeLlmServer

pytestmark = pytest.mark.e2e

CONTRACT = make_pdf()
HELD = make_pdf("<h1>Письмо</h1><p>Просим рассмотреть приложенные материалы.</p>")
PASSWORD = "correct horse 42"
# A partner may make 4 requests a month: enough to upload and read, then the plan says no.
PLAN = {"PartnerMonthlyQuota": "4", "PartnerRateLimit": "50", "PartnerBurstLimit": "50"}


@pytest.fixture(scope="module")
def cloud(fake_llm: FakeLlmServer) -> Iterator[LocalCloud]:
    running = LocalCloud(
        parameters=PLAN,
        env_overrides={
            "SIGNUP_CREDITS": "5",
            "LLM_PROVIDER": "ollama",
            "OLLAMA_HOST": fake_llm.url,
            "LLM_MODEL": "qwen2.5:7b",
            "LLM_TIMEOUT_SECONDS": "5",
            "LLM_RETRIES": "0",
        },
        retry_wait_factor=0.001,
    ).start_server(access_log=False)
    yield running
    running.stop()


class Caller:
    """One HTTP client of the API, with whatever credentials it holds."""

    def __init__(self, cloud: LocalCloud, headers: dict[str, str] | None = None) -> None:
        self.cloud = cloud
        self.headers = headers or {}

    def call(self, method: str, path: str, body: Any = None) -> httpx.Response:
        return httpx.request(
            method, f"{self.cloud.api_url}{path}", json=body, headers=self.headers, timeout=60
        )

    def upload(self, path: str, filename: str, data: bytes, **extra: Any) -> str:
        """Request a presigned POST, upload through it; the document id."""
        body = {"filename": filename, "content_type": "application/pdf", "size": len(data)}
        ticket = self.call("POST", path, {**body, **extra})
        assert ticket.status_code == 201, ticket.text
        form = ticket.json()["upload"]
        posted = httpx.post(
            form["url"], data=form["fields"], files={"file": (filename, data)}, timeout=60
        )
        assert posted.status_code in (200, 201, 204), posted.text
        return str(ticket.json()["document"]["document_id"])

    def poll(self, path: str, until: set[str], timeout: float = 120) -> dict[str, Any]:
        """GET the document until its status is one of `until`."""
        deadline = time.monotonic() + timeout
        while True:
            document: dict[str, Any] = self.call("GET", path).json()
            if document["status"] in until or time.monotonic() > deadline:
                return document
            time.sleep(0.2)


def _person(cloud: LocalCloud, email: str) -> Caller:
    """Register by e-mail and password, then sign in as a returning person does."""
    anonymous = Caller(cloud)
    registered = anonymous.call("POST", "/v1/auth/register", {"email": email, "password": PASSWORD})
    assert registered.status_code == 202, registered.text
    assert registered.json() == {"status": "registered"}  # no tokens: those come from signing in
    login = anonymous.call("POST", "/v1/auth/login", {"email": email, "password": PASSWORD})
    assert login.status_code == 200, login.text
    return Caller(cloud, {"Authorization": f"Bearer {login.json()['access_token']}"})


def _admin(cloud: LocalCloud) -> Caller:
    """The first admin: on AWS an operator sets the role by hand; here the local sign-in."""
    tokens = Caller(cloud).call("POST", "/v1/auth/dev", {"user_id": "ops-1", "role": "admin"})
    assert tokens.status_code == 200, tokens.text
    return Caller(cloud, {"Authorization": f"Bearer {tokens.json()['access_token']}"})


def test_a_person_signs_in_uploads_polls_and_reads_the_report(cloud: LocalCloud) -> None:
    nobody = Caller(cloud)
    assert nobody.call("GET", "/v1/me").status_code == 401  # API Gateway's authorizer
    anna = _person(cloud, "anna@example.com")
    assert anna.call("GET", "/v1/me").json()["credits_left"] == 5

    doc_id = anna.upload("/v1/documents", "supply.pdf", CONTRACT)
    document = anna.poll(f"/v1/documents/{doc_id}", {"done", "failed", "in_review"})
    report = anna.call("GET", f"/v1/documents/{doc_id}/report")

    assert document["status"] == "done", document
    assert report.status_code == 200 and report.json()["markdown"]
    assert anna.call("GET", "/v1/me").json()["credits_left"] == 4
    listed = anna.call("GET", "/v1/documents").json()["documents"]
    assert [d["document_id"] for d in listed] == [doc_id]
    # Another person never learns the document exists.
    boris = _person(cloud, "boris@example.com")
    assert boris.call("GET", f"/v1/documents/{doc_id}").status_code == 404
    assert boris.call("GET", f"/v1/documents/{doc_id}/report").status_code == 404


def test_a_partner_uploads_with_a_key_hits_the_quota_and_is_revoked(cloud: LocalCloud) -> None:
    owner = _person(cloud, "erp-owner@example.com")
    created = owner.call("POST", "/v1/keys", {"name": "ERP"})
    assert created.status_code == 201, created.text
    key_id, raw_key = created.json()["key_id"], created.json()["api_key"]
    partner = Caller(cloud, {"x-api-key": raw_key})

    doc_id = partner.upload("/v1/b2b/documents", "supply.pdf", CONTRACT)  # request 1
    cloud.wait_for_execution(f"{doc_id}-v1")
    document = partner.call("GET", f"/v1/b2b/documents/{doc_id}").json()  # 2
    report = partner.call("GET", f"/v1/b2b/documents/{doc_id}/report")  # 3
    usage = partner.call("GET", "/v1/b2b/usage")  # 4: the month's quota is spent
    over = partner.call("GET", f"/v1/b2b/documents/{doc_id}")

    assert document["status"] == "done" and report.status_code == 200
    assert usage.status_code == 200 and usage.json()["total"] == 4
    assert over.status_code == 429
    assert over.json()["error"]["code"] == "QUOTA_EXCEEDED"
    # The key's owner sees the partner's document, charged to them.
    assert owner.call("GET", f"/v1/documents/{doc_id}").status_code == 200
    assert owner.call("GET", "/v1/me").json()["credits_left"] == 4

    revoked = owner.call("POST", f"/v1/keys/{key_id}/revoke")
    refused = partner.call("GET", f"/v1/b2b/documents/{doc_id}")

    assert revoked.status_code == 200 and revoked.json()["enabled"] is False
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "INVALID_API_KEY"


def test_a_reviewer_decides_a_held_document_and_the_execution_continues(
    cloud: LocalCloud,
) -> None:
    author = _person(cloud, "author@example.com")
    doc_id = author.upload("/v1/documents", "letter.pdf", HELD)
    held = author.poll(f"/v1/documents/{doc_id}", {"in_review", "done", "failed"})
    assert held["status"] == "in_review", held

    vera = _person(cloud, "vera@example.com")
    vera_id = vera.call("GET", "/v1/me").json()["user_id"]
    assert vera.call("GET", "/v1/reviews").status_code == 403  # not a reviewer yet
    made = _admin(cloud).call(
        "PUT", f"/v1/admin/users/{vera_id}/role", {"role": "reviewer", "reason": "legal team"}
    )
    assert made.status_code == 200, made.text
    # The role reaches her tokens at the next sign-in (or refresh).
    login = Caller(cloud).call(
        "POST", "/v1/auth/login", {"email": "vera@example.com", "password": PASSWORD}
    )
    reviewer = Caller(cloud, {"Authorization": f"Bearer {login.json()['access_token']}"})

    queue = reviewer.call("GET", "/v1/reviews").json()["reviews"]
    decided = reviewer.call(
        "POST", f"/v1/reviews/{doc_id}", {"decision": "approve", "comment": "Можно"}
    )

    assert doc_id in {item["document_id"] for item in queue}
    assert decided.status_code == 200, decided.text
    assert cloud.wait_for_execution(f"{doc_id}-v1")["status"] == "SUCCEEDED"
    report = author.call("GET", f"/v1/documents/{doc_id}/report").json()
    assert report["document"]["status"] == "done"
    assert report["report"]["review"] == {
        **report["report"]["review"],
        "decision": "approve",
        "reviewer": vera_id,
    }


def test_an_operator_lists_a_failed_run_and_redrives_it_once_the_model_is_back(
    cloud: LocalCloud, fake_llm: FakeLlmServer
) -> None:
    author = _person(cloud, "outage@example.com")
    fake_llm.fail_next_with_500(times=1000)  # the model provider is down
    try:
        doc_id = author.upload("/v1/documents", "supply.pdf", CONTRACT)
        failed = author.poll(f"/v1/documents/{doc_id}", {"failed", "done"})
    finally:
        fake_llm.reset()  # ... and back
    assert failed["status"] == "failed", failed
    assert author.call("GET", "/v1/me").json()["credits_left"] == 5  # refunded

    admin = _admin(cloud)
    assert author.call("GET", "/v1/admin/runs?status=FAILED").status_code == 403
    runs = admin.call("GET", "/v1/admin/runs?status=FAILED")
    assert runs.status_code == 200, runs.text
    run = next(r for r in runs.json()["runs"] if r["document_id"] == doc_id)
    assert run["error"] == "LlmUnavailableError" and run["cause"]

    redriven = admin.call("POST", f"/v1/admin/documents/{doc_id}/redrive")
    assert redriven.status_code == 202, redriven.text
    assert cloud.wait_for_execution(redriven.json()["execution_arn"])["status"] == "SUCCEEDED"

    document = author.call("GET", f"/v1/documents/{doc_id}").json()
    assert document["status"] == "done"
    assert author.call("GET", f"/v1/documents/{doc_id}/report").status_code == 200
    assert admin.call("POST", f"/v1/admin/documents/{doc_id}/redrive").status_code == 409
    cloud.errors.clear()  # the outage's errors were expected


def test_a_person_uploads_a_new_version_compares_it_and_rolls_back(cloud: LocalCloud) -> None:
    vera = _person(cloud, "vera@example.com")
    doc_id = vera.upload("/v1/documents", "supply.pdf", CONTRACT)
    assert vera.poll(f"/v1/documents/{doc_id}", {"done", "failed"})["status"] == "done"
    changed = make_pdf(RU_SUPPLY_CONTRACT_HTML.replace("2 500 000,00", "3 000 000,00"))

    vera.upload(
        f"/v1/documents/{doc_id}/versions", "supply-v2.pdf", changed, change_note="New price"
    )
    cloud.wait_for_execution(f"{doc_id}-v2")
    second = vera.poll(f"/v1/documents/{doc_id}", {"done", "failed"})
    report = vera.call("GET", f"/v1/documents/{doc_id}/report").json()
    diff = vera.call("GET", f"/v1/documents/{doc_id}/versions/compare?from=1&to=2").json()
    older = vera.call("GET", f"/v1/documents/{doc_id}/versions/1/report").json()

    assert (second["version"], second["status"]) == (2, "done")
    assert "## Changes since v1" in report["markdown"]
    assert [(c["before"], c["after"]) for c in diff["facts"] if c["field"] == "amount"] == [
        ("2500000.00 RUB", "3000000.00 RUB")
    ]
    assert older["report"]["version"] == 1

    restored = vera.call("POST", f"/v1/documents/{doc_id}/versions/1/restore", {"reason": "typo"})
    listing = vera.call("GET", f"/v1/documents/{doc_id}/versions").json()

    assert restored.status_code == 200, restored.text
    assert vera.call("GET", f"/v1/documents/{doc_id}").json()["version"] == 1
    assert [(v["version"], v["is_current"]) for v in listing["versions"]] == [(1, True), (2, False)]
    assert [(r["from_version"], r["to_version"], r["reason"]) for r in listing["restores"]] == [
        (2, 1, "typo")
    ]
    # Someone else never learns it has versions.
    assert (
        _person(cloud, "vlad@example.com")
        .call("GET", f"/v1/documents/{doc_id}/versions")
        .status_code
        == 404
    )
