"""The recognition client's rules on in-memory ports (the local cloud's tests run the real
table, bus and functions): what it refuses to send, the outbox when the bus is down, and
answers it cannot apply."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import InvalidRequestError
from chalicelib.recognition import envelopes
from chalicelib.recognition.client import RecognitionClient, file_type_of, pipeline_of
from infra.localcloud.recognitions_cli import submit_and_follow
from tests.fakes.ports import FakeObjectStore
from tests.fakes.recognition import FakeBus, FakeRecognitionJobs

if TYPE_CHECKING:
    from pathlib import Path

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
JOB_ID = "5e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b"
FILE_ID = "0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f"
SERVICE = envelopes.Service("recognition", "1.0")


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def jobs() -> FakeRecognitionJobs:
    return FakeRecognitionJobs()


@pytest.fixture
def bus() -> FakeBus:
    return FakeBus()


@pytest.fixture
def client(jobs: FakeRecognitionJobs, bus: FakeBus, clock: Clock) -> RecognitionClient:
    return RecognitionClient(jobs, bus, clock, new_id=lambda: JOB_ID)


def _submit(client: RecognitionClient, **overrides: object) -> None:
    arguments: dict[str, object] = {
        "file_id": FILE_ID,
        "pipeline": "image",
        "file_type": "JPG",
        "original_name": "скан последней страницы.jpg",
        "bucket": "contract-check-local-docs",
        "key": f"recognition/{FILE_ID}/original.jpg",
    } | overrides
    client.submit(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "file_type", "pipeline"),
    [
        ("ОСВ 60.xls", "XLS", "tabular"),
        ("book.XLSX", "XLSX", "tabular"),
        ("book.xlsb", "XLSB", "tabular"),
        ("scan.pdf", "PDF", "tabular"),
        ("photo.jpeg", "JPG", "image"),
        ("order.png", "PNG", "image"),
    ],
)
def test_file_types_and_their_default_pipelines(name: str, file_type: str, pipeline: str) -> None:
    assert file_type_of(name) == file_type
    assert pipeline_of(file_type) == pipeline


def test_a_file_recognition_does_not_take_is_refused() -> None:
    with pytest.raises(InvalidRequestError, match=r"letter\.docx"):
        file_type_of("letter.docx")


def test_a_request_its_own_schema_refuses_is_never_recorded_nor_sent(
    client: RecognitionClient, jobs: FakeRecognitionJobs, bus: FakeBus
) -> None:
    with pytest.raises(InvalidRequestError, match="request"):
        _submit(client, pipeline="tabular")  # a picture to the tabular pipeline
    with pytest.raises(InvalidRequestError, match="deadline"):
        _submit(client, reply_deadline=T0 - timedelta(seconds=1))
    with pytest.raises(InvalidRequestError, match="pipeline"):
        _submit(client, pipeline="audio")

    assert (jobs.jobs, bus.published) == ({}, [])


def test_a_request_the_bus_did_not_take_stays_in_the_outbox_for_the_sweep(
    client: RecognitionClient, jobs: FakeRecognitionJobs, bus: FakeBus, clock: Clock
) -> None:
    bus.down = True
    _submit(client, reply_seconds=600)
    assert jobs.jobs[JOB_ID].status == "sent"
    assert jobs.jobs[JOB_ID].reply_deadline == T0 + timedelta(seconds=600)
    assert bus.published == []

    bus.down = False
    clock.now = T0 + timedelta(seconds=30)
    assert client.sweep()["republished"] == 1

    [(subject, detail)] = bus.published
    assert (subject, detail) == ("files.img_uploaded", jobs.jobs[JOB_ID].request)
    assert detail["msg_id"] == f"{JOB_ID}:1"


def test_an_answer_whose_msg_id_does_not_fit_its_status_is_dropped(
    client: RecognitionClient, jobs: FakeRecognitionJobs, clock: Clock
) -> None:
    _submit(client)
    job = jobs.jobs[JOB_ID]
    request = envelopes.read_request(job.subject, job.request)
    assert isinstance(request, envelopes.Request)
    ack = envelopes.ack(request, SERVICE, clock())
    as_other_job = {**ack, "msg_id": f"ack:{FILE_ID}:1"}

    outcome = client.on_answer(as_other_job)

    assert (outcome.outcome, jobs.jobs[JOB_ID]) == ("invalid", job)
    assert client.on_answer(ack).outcome == "applied"
    assert client.on_answer(ack).outcome == "duplicate"
    assert client.on_answer("not an object").outcome == "invalid"


def test_a_needs_check_result_keeps_its_file_and_its_msg_id_applies_once(
    client: RecognitionClient, jobs: FakeRecognitionJobs, clock: Clock
) -> None:
    _submit(client)
    result = envelopes.result(
        JOB_ID,
        FILE_ID,
        1,
        service=SERVICE,
        now=clock(),
        bucket="contract-check-local-docs",
        key=f"results/{FILE_ID}/{JOB_ID}/result.json",
        result_schema_version="1.2",
        needs_check=True,
    )

    assert client.on_answer(result).status == "needs_check"
    # An error under the same id (a service that changed its mind) is the same message.
    again = envelopes.error(
        JOB_ID, FILE_ID, 1, envelopes.ErrorCode.UNKNOWN_ERROR, "?", service=SERVICE, now=clock()
    )
    assert client.on_answer(again).outcome == "duplicate"

    job = jobs.jobs[JOB_ID]
    assert job.result_s3 == {
        "bucket": "contract-check-local-docs",
        "key": result["result_s3"]["key"],
    }
    assert job.result_schema_version == "1.2"
    assert job.due_at is None


def test_the_cli_refuses_a_file_recognition_does_not_take(
    client: RecognitionClient, jobs: FakeRecognitionJobs, bus: FakeBus, tmp_path: Path
) -> None:
    letter = tmp_path / "letter.docx"
    letter.write_bytes(b"PK\x03\x04")
    store = FakeObjectStore()

    code = submit_and_follow(client, store, "docs", letter, stdout=io.StringIO())

    assert code == 2
    assert (store.objects, jobs.jobs, bus.published) == ({}, {}, [])
