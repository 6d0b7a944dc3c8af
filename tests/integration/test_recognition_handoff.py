"""The image pipeline with the external recognizer on, on the local cloud: the request's file
copied into our bucket, the hand-off started (a stand-in state machine of the test's: the real
one is built beside this), and the recognizer's result, put on the bus as the hand-off puts it,
turned into the job's answer."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.contracts import validate_result
from chalicelib.keys import build_recognition_source_key, build_result_key
from chalicelib.recognition.envelopes import SOURCE_FILE_WORKER
from chalicelib.statements.workbook import read_workbook
from tests.integration.test_recognition_service import BusTap, Recognition

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).parents[1] / "fixtures"
HANDOFF_NAME = "RecognizerHandoffStateMachine-test"
HANDOFF_ARN = f"arn:aws:states:us-east-1:123456789012:stateMachine:{HANDOFF_NAME}"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64  # a picture's signature is what is checked here


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {
        "EXTERNAL_RECOGNIZER_ENABLED": "true",
        "RECOGNIZER_HANDOFF_STATE_MACHINE_ARN": HANDOFF_ARN,
    }


@pytest.fixture
def bus_tap(local_cloud: LocalCloud) -> Iterator[BusTap]:
    yield BusTap()


@pytest.fixture
def recognition(bus_tap: BusTap, local_cloud: LocalCloud) -> Iterator[Recognition]:
    assert local_cloud.deployment.account_id == "123456789012"
    local_cloud.client("stepfunctions").create_state_machine(
        name=HANDOFF_NAME,
        definition=json.dumps(
            {"StartAt": "Wait", "States": {"Wait": {"Type": "Pass", "End": True}}}
        ),
        roleArn="arn:aws:iam::123456789012:role/handoff",
    )
    yield Recognition(local_cloud, bus_tap)
    assert local_cloud.errors == []


def _cell(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


def _merged(task_id: str, file_id: str) -> dict[str, Any]:
    """The external recognizer's pages of a trial balance, merged as the hand-off merges them."""
    [sheet] = read_workbook((FIXTURES / "statements/osv_62.xlsx").read_bytes(), "xlsx")
    rows = [[_cell(value) for value in row] for row in sheet.rows]
    return {
        "task_id": task_id,
        "job_id": task_id,
        "file_id": file_id,
        "files": [{"name": "page-001.json", "content": {"page": 1, "rows": rows}}],
    }


def _recognizer_result(
    recognition: Recognition, request: dict[str, Any], status: str, **fields: Any
) -> None:
    task_id = request["job_id"]
    detail = {
        "msg_id": f"recognizer:{task_id}",
        "task_id": task_id,
        "file_id": request["file_id"],
        "status": status,
        "result_s3_key": None,
        "error_code": None,
        "finished_at": "2026-12-01T12:00:00Z",
        **fields,
    }
    recognition.events.put_events(
        Entries=[
            {
                "Source": SOURCE_FILE_WORKER,
                "DetailType": "files.tabular_parsed",
                "Detail": json.dumps(detail),
                "EventBusName": recognition.bus,
            }
        ]
    )


def _image_request(recognition: Recognition) -> dict[str, Any]:
    recognition.put_file("in/scan.png", PNG)
    request = recognition.request(key="in/scan.png", pipeline="image", file_type="PNG")
    recognition.send(request, subject="files.img_uploaded")
    return request


def test_an_image_is_copied_handed_off_and_answered_from_the_recognizers_pages(
    recognition: Recognition,
) -> None:
    cloud = recognition.cloud
    request = _image_request(recognition)
    job_id, file_id = request["job_id"], request["file_id"]

    [ack] = recognition.answers(job_id)  # acked; no result until the recognizer answers
    assert ack["status"] == "processing"
    source_key = build_recognition_source_key(file_id, job_id, "png")
    copied = recognition.s3.get_object(Bucket=cloud.deployment.bucket, Key=source_key)
    assert copied["Body"].read() == PNG
    sfn = cloud.client("stepfunctions")
    [execution] = sfn.list_executions(stateMachineArn=HANDOFF_ARN)["executions"]
    assert execution["name"] == job_id
    started = json.loads(sfn.describe_execution(executionArn=execution["executionArn"])["input"])
    assert started == {
        "command": {
            "task_id": job_id,
            "file_id": file_id,
            "source_s3_key": source_key,
            "expires_at": request["reply_deadline"],
        },
        "job_id": job_id,
    }

    merged_key = f"FileWorker/results/{job_id}.json"
    recognition.put_file(
        merged_key, json.dumps(_merged(job_id, file_id)).encode(), cloud.deployment.bucket
    )
    _recognizer_result(recognition, request, "ready", result_s3_key=merged_key)
    # The same result again (EventBridge delivers at least once): nothing more is published.
    _recognizer_result(recognition, request, "ready", result_s3_key=merged_key)

    answers = recognition.answers(job_id)
    assert [a["msg_id"] for a in answers] == [f"ack:{job_id}:1", f"result:{job_id}:1"]
    done = answers[1]
    assert (done["status"], done["raw_s3_key"]) == ("done", merged_key)
    assert done["result_s3"]["key"] == build_result_key(file_id, job_id)
    result = recognition.result_file(done)
    validate_result(result)
    assert result["file"]["format"] == "png"
    assert result["documents"][0]["kind"] == "osv"


FAILED = [
    ("timeout", "deadline_exceeded", "TIMEOUT"),
    ("error", "source_not_found", "FILE_READ_ERROR"),
    ("error", "invalid_source_json", "RECOGNITION_FAILED"),
    ("error", "storage_unavailable", "UNKNOWN_ERROR"),
]


def test_a_recognizer_that_failed_gives_the_contracts_error(recognition: Recognition) -> None:
    requests = [_image_request(recognition) for _ in FAILED]
    for request in requests:
        recognition.answers(request["job_id"])

    for request, (status, error_code, _) in zip(requests, FAILED, strict=True):
        _recognizer_result(recognition, request, status, error_code=error_code)

    for request, (_, error_code, expected) in zip(requests, FAILED, strict=True):
        [_, failed] = recognition.answers(request["job_id"])
        assert (failed["status"], failed["error"]["code"]) == ("error", expected), error_code
