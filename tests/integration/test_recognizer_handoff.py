"""The hand-off to an external recognizer on the local cloud: the real state machine, the
real handlers, moto's S3, DynamoDB, Step Functions and EventBridge, and the fake recognizer
on the S3 share. Failures come from a botocore hook (storage) or the fake (junk, silence).
"""

from __future__ import annotations

import json
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import pytest
from botocore.exceptions import EndpointConnectionError

from tests.botocore_hooks import session_hook

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud
    from infra.localcloud.fake_recognizer import FakeRecognizer

pytestmark = pytest.mark.integration

MACHINE = "RecognizerHandoffStateMachine"
SHARE = "FileWorker/share/"
RESULTS = "FileWorker/results/"
PDF = b"%PDF-1.4 a scan\n"


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    # The publisher's pauses are real sleeps: none here.
    return {"EXTERNAL_RECOGNIZER_ENABLED": "true", "PUBLISH_RETRIES": "1"}


@pytest.fixture
def results_queue(local_cloud: LocalCloud) -> str:
    """An SQS queue that receives every `files.tabular_parsed` the hand-off publishes."""
    sqs, events = local_cloud.client("sqs"), local_cloud.client("events")
    url = sqs.create_queue(QueueName="handoff-results")["QueueUrl"]
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"][
        "QueueArn"
    ]
    bus = local_cloud.deployment.environment["RECOGNITION_BUS_NAME"]
    events.put_rule(
        Name="handoff-results",
        EventBusName=bus,
        EventPattern=json.dumps(
            {"source": ["contract-check.file-worker"], "detail-type": ["files.tabular_parsed"]}
        ),
    )
    events.put_targets(
        Rule="handoff-results", EventBusName=bus, Targets=[{"Id": "q", "Arn": arn}]
    )
    return str(url)


@pytest.fixture
def fake(local_cloud: LocalCloud) -> FakeRecognizer:
    from chalicelib.adapters.recognizer_s3_share import S3PrefixShare
    from infra.localcloud.fake_recognizer import FakeRecognizer

    share = S3PrefixShare(local_cloud.deployment.bucket, SHARE, local_cloud.client("s3"))
    return FakeRecognizer(share)


def _start(
    cloud: LocalCloud, marker: str = "", *, expires_in: float = 600, put_source: bool = True
) -> dict[str, Any]:
    job_id = str(uuid.uuid4())
    task_id = f"{job_id}{marker}"
    file_id = str(uuid.uuid4())
    key = f"results/{file_id}/{job_id}/source.PDF"
    if put_source:
        cloud.client("s3").put_object(Bucket=cloud.deployment.bucket, Key=key, Body=PDF)
    command = {
        "task_id": task_id,
        "file_id": file_id,
        "source_s3_key": key,
        "expires_at": (datetime.now(UTC) + timedelta(seconds=expires_in)).isoformat(),
    }
    cloud.client("stepfunctions").start_execution(
        stateMachineArn=cloud.deployment.state_machines[MACHINE],
        name=task_id,
        input=json.dumps({"command": command, "job_id": job_id}),
    )
    return {"command": command, "job_id": job_id, "task_id": task_id}


def _stage(cloud: LocalCloud, task_id: str, stage: str, timeout: float = 30.0) -> dict[str, Any]:
    """The task's record once it reaches `stage` (polled)."""
    from chalicelib.adapters.dynamo.recognizer_tasks import DynamoRecognizerTasks

    tasks = DynamoRecognizerTasks(cloud.deployment.environment["TABLE_NAME"], cloud.client("dynamodb"))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        task = tasks.get(task_id)
        if task is not None and task.stage == stage:
            return task.__dict__
        time.sleep(0.02)
    raise AssertionError(f"task {task_id} never reached {stage}: {tasks.get(task_id)}")


def _wait(cloud: LocalCloud, task_id: str, timeout: float = 60.0) -> dict[str, Any]:
    arn = cloud.execution_arn(task_id, MACHINE)
    execution = cloud.wait_for_execution(arn, timeout=timeout, deliver_events=False)
    return execution


def _published(cloud: LocalCloud, queue: str) -> list[dict[str, Any]]:
    sqs = cloud.client("sqs")
    found: list[dict[str, Any]] = []
    while True:
        messages = sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=10).get("Messages", [])
        if not messages:
            return found
        for message in messages:
            found.append(json.loads(message["Body"]))
            sqs.delete_message(QueueUrl=queue, ReceiptHandle=message["ReceiptHandle"])


def _share_keys(cloud: LocalCloud) -> list[str]:
    answer = cloud.client("s3").list_objects_v2(Bucket=cloud.deployment.bucket, Prefix=SHARE)
    return [item["Key"] for item in answer.get("Contents", [])]


def test_a_hand_off_the_fake_answers_is_merged_stored_cleaned_and_published(
    local_cloud: LocalCloud, fake: FakeRecognizer, results_queue: str
) -> None:
    run = _start(local_cloud)
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")
    assert _share_keys(local_cloud) == [f"{SHARE}Input/{task_id}.pdf"]

    fake.step()
    local_cloud.run_schedule("RecognizerPollerFunction")
    execution = _wait(local_cloud, task_id)

    assert execution["status"] == "SUCCEEDED"
    result = json.loads(execution["output"])
    key = f"{RESULTS}{task_id}.json"
    assert result["status"] == "ready"
    assert (result["result_s3_key"], result["error_code"]) == (key, None)
    merged = json.loads(
        local_cloud.client("s3").get_object(Bucket=local_cloud.deployment.bucket, Key=key)[
            "Body"
        ].read()
    )
    assert merged["task_id"] == task_id
    assert merged["job_id"] == run["job_id"]
    assert merged["file_id"] == run["command"]["file_id"]
    assert [f["name"] for f in merged["files"]] == ["page-1.json", "Page-2.json"]
    assert merged["files"][0]["content"]["page"] == 1
    assert _share_keys(local_cloud) == []
    [event] = _published(local_cloud, results_queue)
    assert event["source"] == "contract-check.file-worker"
    assert event["detail-type"] == "files.tabular_parsed"
    assert event["detail"] == result
    assert event["detail"]["msg_id"] == f"recognizer:{task_id}"
