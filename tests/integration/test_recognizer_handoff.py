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

from chalicelib.keys import build_recognition_source_key
from tests.botocore_hooks import session_hook
from tests.integration.pipeline_driver import Driver

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
    # Two failed polls are retried, the third ends the task.
    return {
        "EXTERNAL_RECOGNIZER_ENABLED": "true",
        "PUBLISH_RETRIES": "1",
        "RECOGNIZER_STORAGE_RETRIES": "2",
    }


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
    events.put_targets(Rule="handoff-results", EventBusName=bus, Targets=[{"Id": "q", "Arn": arn}])
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
    key = build_recognition_source_key(file_id, job_id, "PDF")
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

    tasks = DynamoRecognizerTasks(
        cloud.deployment.environment["TABLE_NAME"], cloud.client("dynamodb")
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        task = tasks.get(task_id)
        if task is not None and task.stage == stage:
            return task.__dict__
        time.sleep(0.02)
    raise AssertionError(f"task {task_id} never reached {stage}: {tasks.get(task_id)}")


def _wait(cloud: LocalCloud, task_id: str, timeout: float = 60.0) -> dict[str, Any]:
    arn = cloud.execution_arn(task_id, MACHINE)
    return cloud.wait_for_execution(arn, timeout=timeout, deliver_events=False)


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
        local_cloud.client("s3")
        .get_object(Bucket=local_cloud.deployment.bucket, Key=key)["Body"]
        .read()
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


def _finished(cloud: LocalCloud, task_id: str) -> Any:
    from chalicelib.adapters.dynamo.recognizer_tasks import DynamoRecognizerTasks

    table = cloud.deployment.environment["TABLE_NAME"]
    return DynamoRecognizerTasks(table, cloud.client("dynamodb")).get(task_id)


def test_a_recognizer_that_never_answers_times_out_at_expires_at_and_the_share_is_cleaned(
    local_cloud: LocalCloud, fake: FakeRecognizer, results_queue: str
) -> None:
    run = _start(local_cloud, "-never", expires_in=2)
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")
    fake.step()
    local_cloud.run_schedule("RecognizerPollerFunction")  # nothing there: still waiting

    execution = _wait(local_cloud, task_id)

    # Step Functions' own timeout of the wait (TimeoutSecondsPath from expires_at).
    assert execution["status"] == "SUCCEEDED"
    history = local_cloud.client("stepfunctions").get_execution_history(
        executionArn=execution["executionArn"]
    )["events"]
    assert "TaskTimedOut" in {event["type"] for event in history}
    result = json.loads(execution["output"])
    assert (result["status"], result["error_code"], result["result_s3_key"]) == (
        "timeout",
        "deadline_exceeded",
        None,
    )
    assert fake.answered == [(task_id, "never")]
    assert _share_keys(local_cloud) == []
    [event] = _published(local_cloud, results_queue)
    assert event["detail"] == result
    assert _finished(local_cloud, task_id).status == "timeout"


def test_a_partial_batch_keeps_the_task_waiting_until_it_is_complete(
    local_cloud: LocalCloud, fake: FakeRecognizer, results_queue: str
) -> None:
    run = _start(local_cloud, "-partial")
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")

    fake.step()  # the pages as .tmp: still being written
    assert all(k.endswith(".tmp") for k in _share_keys(local_cloud) if "/Output/" in k)
    poll = local_cloud.run_schedule("RecognizerPollerFunction")
    assert poll.payload == {"resumed": 0, "waiting": 1}
    assert _stage(local_cloud, task_id, "waiting_for_result")["last_error"] is None

    fake.step()  # renamed: the batch is complete
    poll = local_cloud.run_schedule("RecognizerPollerFunction")
    assert poll.payload == {"resumed": 1, "waiting": 0}
    execution = _wait(local_cloud, task_id)

    result = json.loads(execution["output"])
    assert result["status"] == "ready"
    merged = json.loads(
        local_cloud.client("s3")
        .get_object(Bucket=local_cloud.deployment.bucket, Key=result["result_s3_key"])["Body"]
        .read()
    )
    assert [f["name"] for f in merged["files"]] == ["page-1.json", "Page-2.json"]


def test_an_empty_output_folder_and_an_empty_page_mean_still_waiting(
    local_cloud: LocalCloud, results_queue: str
) -> None:
    run = _start(local_cloud)
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")
    s3, bucket = local_cloud.client("s3"), local_cloud.deployment.bucket
    s3.put_object(Bucket=bucket, Key=f"{SHARE}Output/{task_id}/page-1.json", Body=b"")

    poll = local_cloud.run_schedule("RecognizerPollerFunction")

    assert poll.payload == {"resumed": 0, "waiting": 1}
    sfn = local_cloud.client("stepfunctions")
    arn = local_cloud.execution_arn(task_id, MACHINE)
    assert sfn.describe_execution(executionArn=arn)["status"] == "RUNNING"
    sfn.stop_execution(executionArn=arn)


def test_junk_json_ends_the_hand_off_as_invalid_source_json(
    local_cloud: LocalCloud, fake: FakeRecognizer, results_queue: str
) -> None:
    run = _start(local_cloud, "-junk")
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")
    fake.step()

    local_cloud.run_schedule("RecognizerPollerFunction")
    execution = _wait(local_cloud, task_id)

    result = json.loads(execution["output"])
    assert (result["status"], result["error_code"], result["result_s3_key"]) == (
        "error",
        "invalid_source_json",
        None,
    )
    task = _finished(local_cloud, task_id)
    assert task.status == "error"
    assert task.last_error.type == "InvalidRecognizerPageError"
    assert task.last_error.stage == "merging_result"
    assert _share_keys(local_cloud) == []
    [event] = _published(local_cloud, results_queue)
    assert event["detail"]["error_code"] == "invalid_source_json"


def test_a_missing_source_ends_the_hand_off_as_source_not_found(
    local_cloud: LocalCloud, results_queue: str
) -> None:
    run = _start(local_cloud, put_source=False)

    execution = _wait(local_cloud, run["task_id"])

    result = json.loads(execution["output"])
    assert (result["status"], result["error_code"]) == ("error", "source_not_found")
    [event] = _published(local_cloud, results_queue)
    assert event["detail"] == result


def test_an_invalid_command_fails_the_run_and_publishes_nothing(
    local_cloud: LocalCloud, results_queue: str
) -> None:
    sfn = local_cloud.client("stepfunctions")
    command = {"task_id": "t-1", "file_id": "f", "source_s3_key": "k", "extra": 1}
    sfn.start_execution(
        stateMachineArn=local_cloud.deployment.state_machines[MACHINE],
        name="t-1",
        input=json.dumps({"command": command, "job_id": "j"}),
    )

    execution = _wait(local_cloud, "t-1")

    assert execution["status"] == "FAILED"
    assert execution["error"] == "InvalidRecognizerCommandError"
    assert _published(local_cloud, results_queue) == []
    assert local_cloud.errors  # the handler refused it, as it should


class ShareOutage:
    """The S3 share stops answering one kind of call (a botocore hook, not our code)."""

    def __init__(self, operation: str, prefix: str) -> None:
        self.event = f"before-parameter-build.s3.{operation}"
        self.prefix = prefix
        self.active = False
        self.refused = 0

    def __call__(self, params: dict[str, Any], **_: Any) -> None:
        where = str(params.get("Key") or params.get("Prefix") or "")
        if self.active and where.startswith(self.prefix):
            self.refused += 1
            raise EndpointConnectionError(endpoint_url="https://s3.amazonaws.com")


def _outage(operation: str, prefix: str) -> Iterator[ShareOutage]:
    """Clients copy the session's hooks when they are made: the handlers' are made again."""
    from chalicelib.wiring import reset_cold_start

    outage = ShareOutage(operation, prefix)
    with session_hook(outage.event, outage, f"share-outage-{operation}"):
        reset_cold_start()
        yield outage


@pytest.fixture
def listing_outage(local_cloud: LocalCloud) -> Iterator[ShareOutage]:
    """Listing the share's Output/ fails while `active`."""
    yield from _outage("ListObjectsV2", f"{SHARE}Output/")


@pytest.fixture
def sending_outage(local_cloud: LocalCloud) -> Iterator[ShareOutage]:
    """Writing the share's Input/ fails while `active`."""
    yield from _outage("PutObject", f"{SHARE}Input/")


def test_storage_failing_then_recovering_is_retried_and_the_last_error_is_kept(
    listing_outage: ShareOutage,
    local_cloud: LocalCloud,
    fake: FakeRecognizer,
    results_queue: str,
) -> None:
    run = _start(local_cloud)
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")
    fake.step()
    listing_outage.active = True

    poll = local_cloud.run_schedule("RecognizerPollerFunction")

    assert poll.payload == {"resumed": 0, "waiting": 1}
    task = _stage(local_cloud, task_id, "retrying_storage")
    assert task["last_error"].stage == "discovering_result"
    assert task["last_error"].type == "RecognizerShareUnavailableError"
    assert task["storage_failures"] == 1

    driver = Driver(local_cloud)
    status, view = driver.api("GET", "/v1/recognizer/tasks/active")
    assert status == 200, view
    [listed] = view["tasks"]
    assert (listed["task_id"], listed["stage"]) == (task_id, "retrying_storage")
    assert listed["file_id"] == run["command"]["file_id"]
    assert listed["source_s3_key"] == run["command"]["source_s3_key"]
    assert set(listed["last_error"]) == {"stage", "type", "message", "location", "occurred_at"}
    assert listed["last_error"]["stage"] == "discovering_result"
    assert listed["last_error"]["location"].startswith("recognizer_s3_share.py:")

    listing_outage.active = False
    local_cloud.run_schedule("RecognizerPollerFunction")
    execution = _wait(local_cloud, task_id)

    assert json.loads(execution["output"])["status"] == "ready"
    finished = _finished(local_cloud, task_id)
    assert finished.last_error.stage == "discovering_result"  # kept across the attempts
    assert finished.status == "ready"
    assert driver.api("GET", "/v1/recognizer/tasks/active") == (200, {"tasks": []})


def test_storage_that_keeps_failing_ends_the_hand_off_as_storage_unavailable(
    listing_outage: ShareOutage,
    local_cloud: LocalCloud,
    fake: FakeRecognizer,
    results_queue: str,
) -> None:
    run = _start(local_cloud)
    task_id = run["task_id"]
    _stage(local_cloud, task_id, "waiting_for_result")
    listing_outage.active = True

    polls = [local_cloud.run_schedule("RecognizerPollerFunction").payload for _ in range(3)]
    execution = _wait(local_cloud, task_id)

    assert polls == [{"resumed": 0, "waiting": 1}] * 2 + [{"resumed": 1, "waiting": 0}]
    result = json.loads(execution["output"])
    assert (result["status"], result["error_code"]) == ("error", "storage_unavailable")
    assert _finished(local_cloud, task_id).storage_failures == 3


def test_a_share_that_refuses_the_source_is_retried_then_storage_unavailable(
    sending_outage: ShareOutage, local_cloud: LocalCloud, results_queue: str
) -> None:
    sending_outage.active = True
    run = _start(local_cloud)

    execution = _wait(local_cloud, run["task_id"])

    assert sending_outage.refused == 4  # the first try and the state's three retries
    result = json.loads(execution["output"])
    assert (result["status"], result["error_code"]) == ("error", "storage_unavailable")
    task = _finished(local_cloud, run["task_id"])
    assert (task.last_error.stage, task.last_error.type) == (
        "sending_to_smb",
        "RecognizerShareUnavailableError",
    )


def test_the_active_tasks_are_for_operators_only(local_cloud: LocalCloud) -> None:
    run = _start(local_cloud)
    _stage(local_cloud, run["task_id"], "waiting_for_result")
    driver = Driver(local_cloud)

    status, view = driver.api("GET", "/v1/recognizer/tasks/active")
    user = driver.sign_in("someone", "user")
    refused, error = driver.api("GET", "/v1/recognizer/tasks/active", token=user)

    assert status == 200
    assert [(t["task_id"], t["stage"], t["last_error"]) for t in view["tasks"]] == [
        (run["task_id"], "waiting_for_result", None)
    ]
    assert refused == 403, error
    local_cloud.client("stepfunctions").stop_execution(
        executionArn=local_cloud.execution_arn(run["task_id"], MACHINE)
    )


def test_the_healthcheck_is_200_then_503_when_the_bus_or_the_share_is_gone(
    local_cloud: LocalCloud,
) -> None:
    driver = Driver(local_cloud)

    assert driver.api("GET", "/v1/recognizer/healthcheck", anonymous=True) == (
        200,
        {"status": "ok"},
    )
    local_cloud.client("events").delete_event_bus(
        Name=local_cloud.deployment.environment["RECOGNITION_BUS_NAME"]
    )
    status, body = driver.api("GET", "/v1/recognizer/healthcheck", anonymous=True)
    assert status == 503
    assert body["status"] == "unavailable"
    assert body["checks"]["bus"].startswith("unreachable")
    assert body["checks"]["share"] == "ok"


def test_the_healthcheck_is_503_when_the_share_does_not_answer(local_cloud: LocalCloud) -> None:
    outage = ShareOutage("ListObjectsV2", SHARE)
    outage.active = True
    with session_hook(outage.event, outage, "share-probe-outage"):
        from chalicelib.wiring import reset_cold_start

        reset_cold_start()
        status, body = Driver(local_cloud).api("GET", "/v1/recognizer/healthcheck", anonymous=True)

    assert status == 503
    assert body["checks"] == {
        "share": "unreachable (RecognizerShareUnavailableError)",
        "bus": "ok",
    }


def test_local_ups_recognizer_answers_and_polls_by_itself(
    local_cloud: LocalCloud, results_queue: str
) -> None:
    from infra.localcloud.fake_recognizer import LocalRecognizer

    recognizer = LocalRecognizer(local_cloud, delay_seconds=0, poll_seconds=0.2).start()
    try:
        run = _start(local_cloud)
        execution = _wait(local_cloud, run["task_id"])
    finally:
        recognizer.stop()

    assert json.loads(execution["output"])["status"] == "ready"
    assert recognizer.fake.answered == [(run["task_id"], "answer")]
