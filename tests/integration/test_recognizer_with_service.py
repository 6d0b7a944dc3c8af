"""Both sides of the image pipeline on the local cloud: a request on the recognition bus, our
recognition service's ack, the real hand-off (RecognizerHandoffStateMachine) to the fake
recognizer on the S3 share, the poller, the hand-off's `files.tabular_parsed` from the file
worker, and the service's result made of the recognizer's pages."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.adapters.recognizer_s3_share import S3PrefixShare
from chalicelib.statements.workbook import read_workbook
from infra.localcloud.fake_recognizer import FakeRecognizer
from tests.integration.test_recognition_service import BusTap, Recognition
from tests.integration.test_recognizer_handoff import (  # noqa: F401 - a fixture
    _stage,
    results_queue,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).parents[1] / "fixtures"
MACHINE = "RecognizerHandoffStateMachine"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    # The machine's ARN comes from the template (the Recognition function's environment).
    return {"EXTERNAL_RECOGNIZER_ENABLED": "true"}


@pytest.fixture
def recognition(local_cloud: LocalCloud) -> Iterator[Recognition]:
    yield Recognition(local_cloud, BusTap())
    assert local_cloud.errors == []


def _trial_balance_pages() -> dict[str, dict[str, Any]]:
    """A trial balance's cells as the recognizer's one page."""
    [sheet] = read_workbook((FIXTURES / "statements/osv_62.xlsx").read_bytes(), "xlsx")
    rows = [
        [value.isoformat() if isinstance(value, dt.date) else value for value in row]
        for row in sheet.rows
    ]
    return {"page-001.json": {"page": 1, "rows": rows}}


def test_an_image_request_goes_through_the_hand_off_and_is_answered_from_its_pages(
    recognition: Recognition,
    local_cloud: LocalCloud,
    results_queue: str,  # noqa: F811
) -> None:
    recognition.put_file("in/scan.png", PNG)
    request = recognition.request(key="in/scan.png", pipeline="image", file_type="PNG")
    recognition.send(request, subject="files.img_uploaded")
    job_id = request["job_id"]
    [ack] = recognition.answers(job_id)
    assert ack["status"] == "processing"

    share = S3PrefixShare(
        local_cloud.deployment.bucket, "FileWorker/share/", local_cloud.client("s3")
    )
    fake = FakeRecognizer(share, pages=_trial_balance_pages())
    _stage(local_cloud, job_id, "waiting_for_result")  # sent, and the run waits
    fake.step()
    assert fake.answered == [(job_id, "answer")]
    local_cloud.run_schedule("RecognizerPollerFunction")
    handoff = local_cloud.wait_for_execution(
        local_cloud.execution_arn(job_id, MACHINE), deliver_events=False
    )

    assert json.loads(handoff["output"])["status"] == "ready"
    [ack_again, result] = recognition.answers(job_id)
    assert ack_again == ack
    assert result["status"] in ("done", "needs_check"), result
    assert result["msg_id"] == f"result:{job_id}:1"
    assert recognition.result_file(result)["documents"]
