"""`contract-check local status`: runs in flight, failed runs and queue depths of a cloud."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.localcloud.status import read_status, render_status

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration


def test_local_status_counts_failed_runs_and_the_dead_letter_queue(local_cloud: LocalCloud) -> None:
    deployment = local_cloud.deployment
    # GIVEN a run that failed (a document that does not exist) and one lost upload
    sfn = local_cloud.client("stepfunctions")
    sfn.start_execution(
        stateMachineArn=deployment.state_machine_arn,
        name="ghost-v1",
        input='{"document_id": "ghost", "version": 1, "region": "ru", "pipeline": "contract"}',
    )
    local_cloud.wait_for_execution("ghost-v1")
    dlq = deployment.queues["ExtractDeadLetterQueue"]
    local_cloud.client("sqs").send_message(QueueUrl=dlq, MessageBody="{}")
    # WHEN an operator asks
    status = read_status(deployment.state_machine_arn, deployment.queues)
    # THEN both show, and read as a person would
    assert status["running"] == []
    assert status["failed_total"] == 1 and status["failed"][0]["name"] == "ghost-v1"
    assert status["failed"][0]["error"]
    assert status["queues"]["ExtractDeadLetterQueue"] == 1
    shown = render_status(status)
    assert "failed runs: 1" in shown and "ExtractDeadLetterQueue: 1" in shown
