"""Recognition envelopes: how a request is read, and that every answer matches its schema."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from chalicelib import contracts
from chalicelib.contracts import ResultContractViolationError
from chalicelib.recognition import envelopes as env

EXAMPLES = Path(contracts.__file__).parent / "examples"
NOW = datetime(2026, 12, 1, 21, 40, tzinfo=UTC)
SERVICE = env.Service("contract-check-recognition", "0.1.0")


def _request(name: str = "tabular.json") -> dict[str, Any]:
    return json.loads((EXAMPLES / "recognitionRequest-v1.0" / name).read_text("utf-8"))


def test_a_valid_request_is_read_with_its_ids_and_deadline_in_utc() -> None:
    request = env.read_request(env.TABULAR_UPLOADED, _request())
    assert isinstance(request, env.Request)
    assert request.msg_id == f"{request.job_id}:1"
    assert request.reply_deadline == datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
    assert (request.bucket, request.key) == ("accounting-core-inbox", "inbox/2025/osv-60.xlsx")


def test_a_later_minor_version_is_accepted_and_its_unknown_fields_ignored() -> None:
    request = env.read_request(env.IMG_UPLOADED, _request("image-later-minor.json"))
    assert isinstance(request, env.Request)
    assert (request.schema_version, request.attempt, request.pipeline) == ("1.3", 2, "image")


@pytest.mark.parametrize("version", ["2.0", "0.9", "10.1"])
def test_another_major_version_is_refused_with_schema_mismatch(version: str) -> None:
    detail = _request() | {"schema_version": version}
    refused = env.read_request(env.TABULAR_UPLOADED, detail)
    assert isinstance(refused, env.Refused)
    assert "1.x" in refused.message
    answer = env.refusal(refused, SERVICE, NOW)
    env.check_answer(answer)
    assert answer["error"]["code"] == "SCHEMA_MISMATCH"
    assert answer["msg_id"] == f"result:{detail['job_id']}:1"


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"file_type": "DOCX"}, "$.file_type"),
        ({"file_type": "PNG"}, "$.file_type"),  # a picture is never tabular
        ({"attempt": 0}, "$.attempt"),
        ({"reply_deadline": "2026-12-01T22:00:00+03:00"}, "$.reply_deadline"),
        ({"s3": {"bucket": "inbox"}}, "$.s3"),
        ({"msg_id": "5b1d6a2e-8c1f-4e0a-9d8e-2f6c1b7a9e01:7"}, "msg_id"),
    ],
)
def test_a_request_failing_its_schema_but_naming_its_job_is_refused(
    change: dict[str, Any], fragment: str
) -> None:
    refused = env.read_request(env.TABULAR_UPLOADED, _request() | change)
    assert isinstance(refused, env.Refused)
    assert fragment in refused.message


def test_a_request_under_the_other_pipelines_subject_is_refused() -> None:
    refused = env.read_request(env.IMG_UPLOADED, _request())
    assert isinstance(refused, env.Refused)
    assert "files.tabular_uploaded" in refused.message


@pytest.mark.parametrize(
    "detail",
    [
        "not an object",
        {"file_id": "0e6f3c55-2a4b-4c8d-b1e2-7a9d0c3f5e12"},
        {"job_id": "job-1", "file_id": "0e6f3c55-2a4b-4c8d-b1e2-7a9d0c3f5e12"},
        {"job_id": "5b1d6a2e-8c1f-4e0a-9d8e-2f6c1b7a9e01", "file_id": 7},
    ],
)
def test_a_request_without_valid_job_and_file_ids_is_unanswerable(detail: object) -> None:
    assert isinstance(env.read_request(env.TABULAR_UPLOADED, detail), env.Unanswerable)


def test_the_ack_and_the_results_match_the_result_schema_and_carry_their_ids() -> None:
    request = env.read_request(env.TABULAR_UPLOADED, _request())
    assert isinstance(request, env.Request)
    ack = env.ack(request, SERVICE, NOW)
    env.check_answer(ack)
    assert (ack["msg_id"], ack["status"]) == (f"ack:{request.job_id}:1", "processing")
    done = env.result(
        request.job_id,
        request.file_id,
        1,
        service=SERVICE,
        now=NOW,
        bucket="docs",
        key="results/x/y/result.json",
        result_schema_version="1.2",
        needs_check=True,
        metrics={"seconds": 1.5},
    )
    env.check_answer(done)
    assert done["status"] == "needs_check"
    failed = env.error(
        request.job_id, request.file_id, 1, env.ErrorCode.TIMEOUT, "late", service=SERVICE, now=NOW
    )
    env.check_answer(failed)


def test_the_result_schema_refuses_what_the_contract_forbids() -> None:
    done = json.loads((EXAMPLES / "recognitionResult-v1.0" / "done.json").read_text("utf-8"))
    for broken in (
        done | {"group_schema": {}},
        {key: value for key, value in done.items() if key != "result_s3"},
        done | {"error": {"code": "TIMEOUT", "message": "late"}},
        done | {"msg_id": done["msg_id"].replace("result:", "ack:")},
        done | {"status": "error", "error": {"code": "OOPS", "message": "?"}},
    ):
        with pytest.raises(ResultContractViolationError):
            env.check_answer(copy.deepcopy(broken))
