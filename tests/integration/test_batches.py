"""Bulk imports on the local cloud: POST /v1/batches, the uploads, GET /v1/batches/{id}."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT
from tests.integration.pipeline_driver import Ticket

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "5", "BATCH_MAX_FILES": "4"}


def _file(name: str, data: bytes = CONTRACT) -> dict[str, Any]:
    return {"filename": name, "content_type": "text/plain", "size": len(data)}


def _create(driver: Driver, files: list[dict[str, Any]]) -> tuple[int, Any]:
    return driver.api("POST", "/v1/batches", {"files": files})


def test_a_batch_runs_each_file_in_the_batch_lane_and_summarises_when_all_are_final(
    driver: Driver,
) -> None:
    # GIVEN three files, one of them not a contract at all
    status, body = _create(driver, [_file("a.txt"), _file("b.txt"), _file("empty.txt", b" ")])
    assert status == 201, body
    batch_id = body["batch_id"]
    assert body["lane"] == "batch"
    assert driver.credits() == 2  # a credit each, reserved at once

    status, pending = driver.api("GET", f"/v1/batches/{batch_id}")
    assert status == 200, pending
    assert (pending["counts"]["awaiting_upload"], pending["final"], pending["summary"]) == (
        3,
        False,
        None,
    )

    # WHEN every file is uploaded and its run ends
    payloads = [CONTRACT, CONTRACT, b" "]
    for ticket, data in zip(body["documents"], payloads, strict=True):
        document = ticket["document"]
        assert (document["lane"], document["batch_id"]) == ("batch", batch_id)
        driver.upload(
            Ticket(document["document_id"], ticket["upload"]["url"], ticket["upload"]["fields"]),
            data,
        )
        driver.wait(document["document_id"])

    # THEN the batch counts them and sums them up, the failed one refunded
    status, done = driver.api("GET", f"/v1/batches/{batch_id}")
    assert status == 200, done
    assert done["final"] is True
    assert (done["counts"]["done"], done["counts"]["failed"]) == (2, 1)
    summary = done["summary"]
    assert (summary["done"], summary["failed"], summary["credits_spent"]) == (2, 1, 2)
    assert summary["failures"][0]["filename"] == "empty.txt"
    assert sum(summary["findings"].values()) > 0
    assert driver.credits() == 3
    # Every run of the batch went in the batch lane.
    sfn = driver.cloud.client("stepfunctions")
    for document in done["documents"][:2]:
        arn = driver.cloud.execution_arn(f"{document['document_id']}-v1")
        assert json.loads(sfn.describe_execution(executionArn=arn)["input"])["lane"] == "batch"


def test_a_batch_the_credits_do_not_cover_reserves_nothing(driver: Driver) -> None:
    status, body = _create(driver, [_file(f"{n}.txt") for n in range(4)])
    assert status == 201, body  # 4 of the 5 credits
    status, body = _create(driver, [_file("x.txt"), _file("y.txt")])

    assert status == 402, body
    assert driver.credits() == 1


def test_a_batch_with_one_bad_file_or_too_many_files_is_refused_whole(driver: Driver) -> None:
    bad = {"filename": "virus.exe", "content_type": "application/octet-stream", "size": 10}
    status, body = _create(driver, [_file("a.txt"), bad])
    assert status == 415, body
    status, body = _create(driver, [_file(f"{n}.txt") for n in range(5)])  # BATCH_MAX_FILES=4
    assert status == 400, body
    assert driver.credits() == 5


def test_another_users_batch_is_not_found(driver: Driver) -> None:
    status, body = _create(driver, [_file("a.txt")])
    assert status == 201, body
    stranger = driver.sign_in(user_id="someone-else")

    status, answer = driver.api("GET", f"/v1/batches/{body['batch_id']}", token=stranger)
    assert status == 404, answer
    status, answer = driver.api("GET", "/v1/batches/not a batch", token=stranger)
    assert status == 404, answer
