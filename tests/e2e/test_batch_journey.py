"""A bulk import beside a person's upload, over HTTP against the served local cloud.

The importer sends twenty files with `POST /v1/batches`; while their runs queue for the
batch lane's single model slot, a person uploads a contract through `POST /v1/documents`.
The person's run takes its slot in the high lane (no timing is asserted here: the figure
is `python -m tests.bench.lanes`), the batch finishes with its summary, and the model
never had more calls in flight than the lanes' caps together.
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import pytest

from infra.localcloud import LocalCloud
from tests.bench.lanes import CONTRACT, Api

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud.fake_llm import FakeLlmServer

pytestmark = pytest.mark.e2e
DOCUMENTS = 20


@pytest.fixture(scope="module")
def cloud(fake_llm: FakeLlmServer) -> Iterator[LocalCloud]:
    env = {
        "SIGNUP_CREDITS": str(DOCUMENTS + 5),
        "LLM_PROVIDER": "openai",
        "OPENAI_BASE_URL": fake_llm.openai_base_url,
        "LLM_MODEL": "fake-model",
        # One slot a lane: the batch queues behind its own single slot.
        "LLM_MAX_CONCURRENT_CALLS": "4",
    }
    running = LocalCloud(env_overrides=env, retry_wait_factor=0.01).start_server(access_log=False)
    yield running
    running.stop()


def test_a_person_uploads_while_a_batch_runs_and_both_finish(
    cloud: LocalCloud, fake_llm: FakeLlmServer
) -> None:
    assert cloud.api_url is not None
    fake_llm.delay_next(times=1000, seconds=0.2)
    data = CONTRACT.read_bytes()
    importer, person = Api(cloud.api_url, "importer"), Api(cloud.api_url, "person")
    file = {"filename": "contract.txt", "content_type": "text/plain", "size": len(data)}
    created = importer.http.post("/v1/batches", json={"files": [file] * DOCUMENTS})
    assert created.status_code == 201, created.text
    batch = created.json()

    with ThreadPoolExecutor(max_workers=4) as pool:
        sent = [pool.submit(importer.send, ticket, data) for ticket in batch["documents"]]
        person.person_upload(data)  # asserts the high lane and waits for the run to settle
        batch_ids = [future.result() for future in sent]

    deadline = time.monotonic() + 300
    while True:
        status = importer.http.get(f"/v1/batches/{batch['batch_id']}").json()
        if status["final"] or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    mine = person.http.get("/v1/documents").json()["documents"]
    sfn = cloud.client("stepfunctions")
    lanes = {
        json.loads(
            sfn.describe_execution(executionArn=cloud.execution_arn(f"{doc_id}-v1"))["input"]
        )["lane"]
        for doc_id in batch_ids
    }
    importer.close()
    person.close()

    assert [d["status"] for d in mine] == ["done"]
    assert mine[0]["lane"] == "high"
    assert status["final"] is True, status["counts"]
    assert status["summary"]["done"] == DOCUMENTS
    assert status["summary"]["credits_spent"] == DOCUMENTS
    assert lanes == {"batch"}
    # The lanes' caps together (one slot each) bound the model's calls in flight.
    assert fake_llm.max_in_flight <= 4
    assert {e.error_type for e in cloud.errors} <= {"LlmCapacityExhaustedError"}
