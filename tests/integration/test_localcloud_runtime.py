"""The running local cloud on a stub project: the interceptor, async retries, status events."""

from __future__ import annotations

import json
import os
import time
from typing import TYPE_CHECKING, Any

import boto3
import pytest

from infra.localcloud import LocalCloud
from tests.integration import localcloud_handlers as stubs
from tests.integration.stub_project import STUB_HANDLERS

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.integration


def _start(cloud: LocalCloud, name: str, payload: dict[str, Any]) -> str:
    sfn = cloud.client("stepfunctions")
    arn: str = sfn.start_execution(
        stateMachineArn=cloud.deployment.state_machine_arn, name=name, input=json.dumps(payload)
    )["executionArn"]
    return arn


def test_an_upload_runs_extract_with_a_lambda_context_and_the_pipeline(
    stub_cloud: LocalCloud,
) -> None:
    d = stub_cloud.deployment

    stub_cloud.client("s3").put_object(Bucket=d.bucket, Key="uploads/ru/doc-ok/v1/a.pdf", Body=b"%")
    execution = stub_cloud.wait_for_execution("doc-ok", timeout=10)

    assert execution["status"] == "SUCCEEDED"
    assert stub_cloud.errors == []
    _, context = stubs.CALLS["extract"][0]
    extract = d.functions["ExtractFunction"]
    assert context.function_name == extract.name
    assert context.invoked_function_arn == extract.arn
    assert context.memory_limit_in_mb == 2048
    assert 0 < context.get_remaining_time_in_millis() <= 300_000
    assert context.aws_request_id
    assert [name for name in ("analyze", "finalize") if stubs.CALLS[name]] == [
        "analyze",
        "finalize",
    ]


def test_an_object_outside_the_uploads_prefix_runs_nothing(stub_cloud: LocalCloud) -> None:
    stub_cloud.client("s3").put_object(
        Bucket=stub_cloud.deployment.bucket, Key="artifacts/ru/doc/v1/text.md", Body=b"x"
    )

    assert stubs.CALLS["extract"] == []


def test_a_handler_exception_is_lambdas_error_payload_and_is_recorded(
    stub_cloud: LocalCloud,
) -> None:
    result = stub_cloud.invoke("PrescreenFunction", {"fail": "terminal"})

    assert result.errored
    assert set(result.payload) >= {"errorMessage", "errorType", "stackTrace"}
    assert result.payload["errorType"] == "UnreadableDocumentError"
    assert result.payload["errorMessage"] == "no text"
    assert all(isinstance(line, str) for line in result.payload["stackTrace"])
    assert "localcloud_handlers.py" in "".join(result.payload["stackTrace"])
    assert [(e.logical_id, e.error_type) for e in stub_cloud.errors] == [
        ("PrescreenFunction", "UnreadableDocumentError")
    ]


def test_an_unserializable_result_is_a_marshal_error(stub_cloud: LocalCloud) -> None:
    stub_cloud.register_handler("FinalizeFunction", stubs.not_serializable)

    result = stub_cloud.invoke("FinalizeFunction", {})

    assert result.errored
    assert result.payload["errorType"] == "Runtime.MarshalError"


def test_the_state_machine_retries_and_catches_errors_by_class_name(
    stub_cloud: LocalCloud,
) -> None:
    retried = _start(stub_cloud, "retried", {"fail": "retryable"})
    caught = _start(stub_cloud, "caught", {"fail": "terminal"})

    assert stub_cloud.wait_for_execution(retried, timeout=10)["status"] == "SUCCEEDED"
    assert len(stubs.CALLS["prescreen"]) >= 3
    failed = stub_cloud.wait_for_execution(caught, timeout=10)
    assert failed["status"] == "FAILED"
    assert failed["error"] == "DocumentFailed"
    recorded, _ = stubs.CALLS["record_failure"][0]
    assert recorded["error"]["Error"] == "UnreadableDocumentError"


def test_a_failed_run_delivers_a_status_change_event_to_its_rules_target(
    stub_cloud: LocalCloud,
) -> None:
    arn = _start(stub_cloud, "doc-given-up", {"route": "fail"})

    stub_cloud.wait_for_execution(arn, timeout=10)

    [(event, context)] = stubs.CALLS["on_run_failed"]
    assert context.function_name == stub_cloud.deployment.function_names["OnRunFailedFunction"]
    assert {k: event[k] for k in ("version", "detail-type", "source", "region", "resources")} == {
        "version": "0",
        "detail-type": "Step Functions Execution Status Change",
        "source": "aws.states",
        "region": "us-east-1",
        "resources": [arn],
    }
    assert event["account"] == stub_cloud.deployment.account_id
    detail = event["detail"]
    assert detail["executionArn"] == arn
    assert detail["stateMachineArn"] == stub_cloud.deployment.state_machine_arn
    assert (detail["name"], detail["status"], detail["error"]) == (
        "doc-given-up",
        "FAILED",
        "GivenUp",
    )
    assert detail["cause"] == "the input said so"
    assert json.loads(detail["input"]) == {"route": "fail"}
    assert isinstance(detail["startDate"], int)
    assert isinstance(detail["stopDate"], int)
    assert stub_cloud.deliver_status_events() == []  # each change is delivered once


def test_a_successful_run_matches_no_failure_rule(stub_cloud: LocalCloud) -> None:
    stub_cloud.wait_for_execution(_start(stub_cloud, "fine", {}), timeout=10)

    assert stubs.CALLS["on_run_failed"] == []


def test_a_task_token_reaches_the_handler_and_resumes_the_run(stub_cloud: LocalCloud) -> None:
    arn = _start(stub_cloud, "held", {"route": "review"})
    sfn = stub_cloud.client("stepfunctions")
    # The hold step's handler is called with the token; the run then waits for it.
    deadline = time.monotonic() + 30
    while not stubs.CALLS["hold"] and time.monotonic() < deadline:
        time.sleep(0.02)
    assert sfn.describe_execution(executionArn=arn)["status"] == "RUNNING"

    [(event, _)] = stubs.CALLS["hold"]
    sfn.send_task_success(taskToken=event["task_token"], output=json.dumps({"decision": "approve"}))

    assert stub_cloud.wait_for_execution(arn, timeout=10)["status"] == "SUCCEEDED"


def test_a_failing_upload_is_retried_then_sent_to_the_dead_letter_queue(
    stub_cloud: LocalCloud,
) -> None:
    d = stub_cloud.deployment

    stub_cloud.client("s3").put_object(Bucket=d.bucket, Key="uploads/ru/broken/v1/a.pdf", Body=b"")

    assert len(stubs.CALLS["extract"]) == 3  # the first try and MaximumRetryAttempts: 2
    assert {e.error_type for e in stub_cloud.errors} == {"UnreadableDocumentError"}
    assert d.dlq_url is not None
    messages = stub_cloud.client("sqs").receive_message(QueueUrl=d.dlq_url)["Messages"]
    record = json.loads(messages[0]["Body"])
    assert record["requestContext"]["condition"] == "RetriesExhausted"
    assert record["requestContext"]["approximateInvokeCount"] == 3
    assert record["requestContext"]["functionArn"].startswith(d.functions["ExtractFunction"].arn)
    assert record["responsePayload"]["errorType"] == "UnreadableDocumentError"
    assert record["requestPayload"]["Records"][0]["eventSource"] == "aws:s3"


def test_run_schedule_sends_a_scheduled_event_to_the_sweeper(stub_cloud: LocalCloud) -> None:
    result = stub_cloud.run_schedule("SweeperFunction")

    assert not result.errored
    event = result.payload
    assert (event["source"], event["detail-type"], event["detail"]) == (
        "aws.events",
        "Scheduled Event",
        {},
    )
    assert event["resources"][0].startswith("arn:aws:events:us-east-1:")


def test_server_mode_serves_moto_over_http_and_restores_the_environment(
    stub_project: Path,
) -> None:
    cloud = LocalCloud(stub_project, handlers=STUB_HANDLERS, retry_wait_factor=0.001)

    with cloud.start_server(port=0, api_port=None):
        assert cloud.endpoint_url is not None
        assert os.environ["AWS_ENDPOINT_URL"] == cloud.endpoint_url
        s3 = boto3.client("s3", endpoint_url=cloud.endpoint_url, region_name="us-east-1")
        s3.put_object(Bucket=cloud.deployment.bucket, Key="uploads/ru/doc-http/v1/a.pdf", Body=b"%")
        assert cloud.wait_for_execution("doc-http", timeout=10)["status"] == "SUCCEEDED"
        assert cloud.errors == []

    assert os.environ.get("AWS_ENDPOINT_URL") != cloud.endpoint_url
