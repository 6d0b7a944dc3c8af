"""Documents of every kind uploaded at once through the local cloud's HTTP API all settle.

The same burst `make bench` times with a hundred (`tests/bench/throughput.py`), here with
twenty and no clock: every document ends as its kind must (the encrypted PDFs failed,
the rest done), each ran once, no handler raised, and the credits are exact.
"""

from __future__ import annotations

import pytest

from infra.localcloud import LocalCloud
from tests.bench.throughput import run_burst

pytestmark = pytest.mark.e2e
COUNT = 20


def test_twenty_mixed_uploads_at_once_all_settle_as_expected_with_exact_credits() -> None:
    cloud = LocalCloud(env_overrides={"SIGNUP_CREDITS": str(COUNT + 5)}).start_server(
        access_log=False
    )
    try:
        burst = run_burst(cloud, COUNT)
        figures = burst.figures()
        assert len(burst.expected) == COUNT, figures
        assert burst.unexpected == {}, figures
        assert sorted(burst.status.values()).count("failed") == COUNT // 10, figures
        assert burst.credits_before == COUNT + 5, figures
        assert burst.credits_after == burst.credits_before - (COUNT - COUNT // 10), figures
        assert burst.handler_errors == [], figures
        sfn = cloud.client("stepfunctions")
        runs = [
            e["name"]
            for page in sfn.get_paginator("list_executions").paginate(
                stateMachineArn=cloud.deployment.state_machine_arn
            )
            for e in page["executions"]
        ]
        # One run per document that got past Extract (the encrypted ones fail before it).
        done = sorted(doc for doc, status in burst.status.items() if status == "done")
        assert sorted(runs) == [f"{doc}-v1" for doc in done], figures
    finally:
        cloud.stop()
