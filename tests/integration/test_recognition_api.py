"""POST /v1/recognitions and GET /v1/recognitions/{job_id} on the local cloud: a partner's
request, with its key, onto the recognition bus by the envelope's own rules, answered by the
real Recognition function, and read back by that partner only."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from infra.localcloud.apikeys import ApiKeyGate, install_usage_reporting, uninstall_usage_reporting
from tests.integration.pipeline_driver import Driver
from tests.integration.test_recognition_service import BusTap, Recognition

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
FIXTURES = Path(__file__).parents[1] / "fixtures"


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Iterator[Driver]:
    from app import app

    plan_id = local_cloud.deployment.environment["USAGE_PLAN_ID"]
    gate = ApiKeyGate(app, plan_id, client=local_cloud.client("apigateway"))
    install_usage_reporting(gate)
    yield Driver(local_cloud, gate)
    uninstall_usage_reporting(gate)
    assert local_cloud.errors == []


@pytest.fixture
def recognition(driver: Driver) -> Recognition:
    return Recognition(driver.cloud, BusTap())


def _key(driver: Driver, owner: str) -> dict[str, str]:
    status, created = driver.api("POST", "/v1/keys", {"name": "core"}, token=driver.sign_in(owner))
    assert status == 201, created
    return {"x-api-key": created["api_key"]}


def _post(driver: Driver, key: dict[str, str], body: dict[str, Any]) -> tuple[int, Any]:
    return driver.api("POST", "/v1/recognitions", body, anonymous=True, headers=key)


def test_a_partner_sends_a_request_over_http_and_reads_its_answers_back(
    driver: Driver, recognition: Recognition
) -> None:
    key, other = _key(driver, "core-owner"), _key(driver, "someone-else")
    recognition.put_file("in/osv.xlsx", (FIXTURES / "statements/osv_62.xlsx").read_bytes())
    body = recognition.request(key="in/osv.xlsx")
    job_id = body["job_id"]

    status, accepted = _post(driver, key, body)
    answers = recognition.answers(job_id)
    read = driver.api("GET", f"/v1/recognitions/{job_id}", anonymous=True, headers=key)

    assert (status, accepted) == (202, {"msg_id": f"{job_id}:1", "job_id": job_id})
    assert [a["status"] for a in answers] == ["processing", "done"]
    assert read[0] == 200
    assert read[1]["status"] == "done" and read[1]["file_id"] == body["file_id"]
    assert read[1]["answers"] == answers
    assert read[1]["result_s3"] == answers[1]["result_s3"]
    # Another partner neither reads the job nor takes its id.
    assert driver.api("GET", f"/v1/recognitions/{job_id}", anonymous=True, headers=other)[0] == 404
    taken = _post(driver, other, body)
    assert taken[0] == 409 and taken[1]["error"]["code"] == "CONFLICT"
    # The same partner sending it again (a lost answer): accepted, re-acked, not redone.
    assert _post(driver, key, body)[0] == 202
    again = recognition.answers(job_id)
    assert [a["msg_id"] for a in again[2:]] == [f"ack:{job_id}:1", f"result:{job_id}:1"]


# Each with what the service would answer it with (one cloud for all: they never reach it).
REFUSED = [
    ({"schema_version": "2.0"}, "SCHEMA_MISMATCH"),
    ({"file_type": "DOCX"}, "SCHEMA_MISMATCH"),
    ({"pipeline": "image"}, "SCHEMA_MISMATCH"),  # a workbook on the image pipeline
    ({"pipeline": "audio"}, "SCHEMA_MISMATCH"),
    ({"msg_id": "x"}, "SCHEMA_MISMATCH"),
    ({"job_id": "not-a-uuid"}, "BAD_REQUEST"),  # names no job: nothing could answer it
]


def test_a_request_the_service_would_refuse_is_a_400_and_never_reaches_the_bus(
    driver: Driver, recognition: Recognition
) -> None:
    key = _key(driver, "core-owner")
    for changes, code in REFUSED:
        body = {**recognition.request(key="in/osv.xlsx"), **changes}

        status, answer = _post(driver, key, body)

        assert status == 400 and answer["error"]["code"] == code, (changes, answer)
    # Our bucket holds other people's documents: a request reaches only its inbox there.
    body = recognition.request(key="uploads/ru-msk/someone/v1/original.xlsx")
    body["s3"] = {"bucket": driver.cloud.deployment.bucket, "key": body["s3"]["key"]}
    status, answer = _post(driver, key, body)
    assert status == 400 and "recognition/" in answer["error"]["message"]
    recognition.answers("none")
    assert recognition.seen == []  # nothing was put on the bus, so nothing was answered
    # A job nobody sent, or an id that is no job's.
    unknown = "00000000-0000-4000-8000-000000000000"
    assert driver.api("GET", f"/v1/recognitions/{unknown}", anonymous=True, headers=key)[0] == 404
    assert driver.api("GET", "/v1/recognitions/nope", anonymous=True, headers=key)[0] == 404
