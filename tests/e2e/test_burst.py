"""A burst of uploads at once on the local cloud, with the template's reserved concurrency.

Sixty by default, six times what Extract and Analyze may run at once; `BURST_UPLOADS=200
pytest tests/e2e/test_burst.py` sends more (`make bench` measures a burst's throughput).

Extract's asynchronous events queue behind its reserved concurrency; a Step Functions
task over Analyze's is refused with Lambda's 429 and waits it out in its own retrier.
No document may fail for lack of capacity, none may run twice, and the credits add up.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.demo import SETTLED, DemoClient
from tests.documents import make_pdf

pytestmark = pytest.mark.e2e
BURST = int(os.environ.get("BURST_UPLOADS", "60"))


def _cloud(credits: int, parameters: dict[str, str] | None = None) -> LocalCloud:
    # Step Functions' retry waits at a twentieth of AWS's: the ~5 minutes a throttled
    # step may wait on AWS are ~15 s here.
    return LocalCloud(
        parameters=parameters,
        env_overrides={"SIGNUP_CREDITS": str(credits)},
        retry_wait_factor=0.05,
    ).start_server(access_log=False)


def _burst(cloud: LocalCloud, count: int) -> tuple[Counter[str], str]:
    """Upload `count` contracts at once as one user and wait for all; statuses and a summary.

    Also checks what holds whatever the statuses: one run per document, credits that add
    up, and no handler error.
    """
    assert cloud.api_url is not None
    client = DemoClient(cloud.api_url, user_id="burst-user", role="user")
    # A new connection per request: the local API server may close an idle kept-alive one
    # just as a loaded client reuses it, and a POST is not retried on a reset.
    http = httpx.Client(
        base_url=cloud.api_url,
        headers=client.headers,
        timeout=120,
        limits=httpx.Limits(max_keepalive_connections=0),
    )
    before = http.get("/v1/me").json()["credits_left"]
    pdf = make_pdf()

    def upload(number: int) -> str:
        name = f"contract-{number:03d}.pdf"
        ticket = http.post(
            "/v1/documents",
            json={"filename": name, "content_type": "application/pdf", "size": len(pdf)},
        )
        assert ticket.status_code == 201, ticket.text
        form = ticket.json()["upload"]
        sent = httpx.post(
            form["url"], data=form["fields"], files={"file": (name, pdf)}, timeout=300
        )
        assert sent.status_code in (200, 201, 204), sent.text
        return str(ticket.json()["document"]["document_id"])

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=32) as pool:
        ids = list(pool.map(upload, range(count)))
    uploaded = time.monotonic() - started

    def settled(document_id: str) -> dict[str, Any]:
        deadline = time.monotonic() + 600
        while True:
            document: dict[str, Any] = http.get(f"/v1/documents/{document_id}").json()
            if document.get("status") in SETTLED or time.monotonic() > deadline:
                return document
            time.sleep(0.5)

    documents = [settled(document_id) for document_id in ids]
    statuses = Counter(str(d["status"]) for d in documents)
    summary = (
        f"{count} uploads in {uploaded:.1f} s, settled in {time.monotonic() - started:.1f} s:"
        f" {dict(statuses)}; synchronous calls refused (429): {dict(Counter(cloud.throttles))};"
        f" failed: {[d.get('error') for d in documents if d['status'] != 'done']}"
    )
    assert http.get("/v1/me").json()["credits_left"] == before - statuses["done"], summary
    sfn = cloud.client("stepfunctions")
    names = [
        e["name"]
        for page in sfn.get_paginator("list_executions").paginate(
            stateMachineArn=cloud.deployment.state_machine_arn
        )
        for e in page["executions"]
    ]
    assert sorted(names) == sorted(f"{i}-v1" for i in ids), summary
    assert cloud.errors == [], summary
    http.close()
    client.close()
    return statuses, summary


# A burst through the whole pipeline takes minutes on a loaded machine (200 documents took
# 6 min with half the CPU taken by its host): more than the suite's 300 s guard. Each
# document still has its own 600 s deadline in `_burst`.
@pytest.mark.timeout(1200)
def test_a_burst_of_uploads_over_the_reserved_concurrency_fails_no_document() -> None:
    cloud = _cloud(BURST)
    try:
        # The template's defaults: what a stack deployed as written has.
        functions = cloud.deployment.functions
        assert functions["ExtractFunction"].reserved_concurrency == 10
        assert functions["AnalyzeFunction"].reserved_concurrency == 10
        assert BURST > 5 * 10, "a burst must overflow the reserved concurrency"
        statuses, summary = _burst(cloud, BURST)
        print(f"\n{summary}")
        assert statuses == {"done": BURST}, summary
    finally:
        cloud.stop()


def test_a_step_over_its_reserved_concurrency_is_throttled_waits_and_finishes() -> None:
    # Analyze squeezed to one at a time under ten runs at once: its tasks are refused with
    # Lambda's 429 (Lambda.TooManyRequestsException) and the state machine waits them out.
    cloud = _cloud(20, {"AnalyzeReservedConcurrency": "1"})
    try:
        statuses, summary = _burst(cloud, 20)
        print(f"\n{summary}")
        assert statuses == {"done": 20}, summary
        assert "AnalyzeFunction" in cloud.throttles, summary
    finally:
        cloud.stop()
