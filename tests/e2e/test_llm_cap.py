"""Twenty documents at once through the state machine, with model calls capped at three.

They are a person's uploads, so their runs are in the `high` lane, whose semaphore
(`llm-ollama-high`) is the one capped at three here (LANE_LLM_CALLS); the provider's
cap is split between the lanes otherwise (chalicelib/lanes.py).

The local cloud's server runs each execution in its own thread, as Step Functions runs
executions side by side; the Analyze Lambda takes a slot of the DynamoDB semaphore
around every model call, and when all three are taken it raises the retryable
LlmCapacityExhaustedError, so the state machine waits and tries again. The fake Ollama
counts how many calls it ever had in flight at once.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.demo import DemoClient
from tests.documents import make_pdf

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from infra.localcloud.fake_llm import FakeLlmServer

pytestmark = pytest.mark.e2e
DOCUMENTS, CAP = 20, 3


@pytest.fixture(scope="module")
def cloud(fake_llm: FakeLlmServer) -> Iterator[LocalCloud]:
    env = {
        "SIGNUP_CREDITS": str(DOCUMENTS),
        "LLM_PROVIDER": "ollama",
        "OLLAMA_HOST": fake_llm.url,
        "LLM_MAX_CONCURRENT_CALLS": str(CAP),
        "LANE_LLM_CALLS": json.dumps({"high": CAP}),
        # No polling for a slot inside the step: a full lane goes to the state machine's
        # Retry at once, the path this test is about.
        "LANE_SLOT_WAIT_SECONDS": json.dumps(
            dict.fromkeys(("high", "default", "batch", "system"), 0)
        ),
        "LLM_PARALLEL_CALLS": "2",
    }
    # Retry waits scaled down: a wait of 2 s becomes 20 ms, so slots turn over quickly.
    running = LocalCloud(env_overrides=env, retry_wait_factor=0.01).start_server(access_log=False)
    yield running
    running.stop()


def test_twenty_parallel_executions_never_exceed_the_cap_of_three(
    cloud: LocalCloud, fake_llm: FakeLlmServer, tmp_path: Path
) -> None:
    assert cloud.api_url is not None
    fake_llm.delay_next(times=1000, seconds=0.3)  # each call takes a while, so calls overlap
    paths = []
    for number in range(DOCUMENTS):
        path = tmp_path / f"contract-{number}.pdf"
        path.write_bytes(make_pdf())
        paths.append(path)

    api = DemoClient(cloud.api_url, timeout_seconds=300)
    try:
        with ThreadPoolExecutor(max_workers=DOCUMENTS) as pool:
            outcomes = list(pool.map(api.submit, paths))
    finally:
        api.close()

    calls = [r for r in fake_llm.requests if r.path == "/api/chat"]
    waits = [e for e in cloud.errors if e.error_type == "LlmCapacityExhaustedError"]
    print(
        f"\n{DOCUMENTS} executions, cap {CAP}: {len(calls)} model calls, at most "
        f"{fake_llm.max_in_flight} in flight, {len(waits)} times told to wait for a slot"
    )
    assert [o.status for o in outcomes] == ["done"] * DOCUMENTS
    assert 1 < fake_llm.max_in_flight <= CAP
    assert waits  # the cap was reached, and the state machine waited its turn
    assert {e.error_type for e in cloud.errors} <= {"LlmCapacityExhaustedError"}
