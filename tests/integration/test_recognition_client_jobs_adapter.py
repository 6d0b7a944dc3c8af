"""The recognition client's job records on moto's DynamoDB: each change is conditional, so a
message id is applied once, a republish is counted once, and only open jobs are listed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import boto3
import pytest

from chalicelib.adapters.dynamo.recognition_jobs import DynamoRecognitionJobs
from chalicelib.ports.recognition_client import JobChange, RecognitionJob
from tests.integration.documents_table import REGION

pytestmark = pytest.mark.integration

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
JOB_ID = "3b0a1f5e-8c2d-4e6f-a1b2-c3d4e5f60718"
FILE_ID = "9f8e7d6c-5b4a-4321-8fed-cba987654321"
ACK = f"ack:{JOB_ID}:1"


@pytest.fixture
def jobs(documents_table: str) -> DynamoRecognitionJobs:
    return DynamoRecognitionJobs(documents_table, boto3.client("dynamodb", region_name=REGION))


def _job(job_id: str = JOB_ID, due: datetime | None = T0 + timedelta(seconds=30)) -> RecognitionJob:
    request = {
        "msg_id": f"{job_id}:1",
        "schema_version": "1.0",
        "job_id": job_id,
        "file_id": FILE_ID,
        "pipeline": "image",
        "file_type": "PNG",
        "original_name": "платёжка.png",
        "s3": {"bucket": "docs-bucket", "key": f"recognition/{FILE_ID}/original.png"},
        "reply_deadline": "2026-12-01T12:15:00Z",
        "attempt": 1,
    }
    return RecognitionJob(
        job_id=job_id,
        file_id=FILE_ID,
        attempt=1,
        request=request,
        subject="files.img_uploaded",
        reply_deadline=T0 + timedelta(minutes=15),
        status="sent",
        created_at=T0,
        due_at=due,
        history=({"at": "2026-12-01T12:00:00.000000Z", "event": "submitted", "status": "sent"},),
    )


def _ack_change(at: datetime = T0) -> JobChange:
    return JobChange(
        from_statuses=frozenset({"sent", "acked"}),  # the status alone would let it in twice
        status="acked",
        event="ack",
        at=at,
        due_at=T0 + timedelta(minutes=15),
        msg_id=ACK,
        answer={"msg_id": ACK, "status": "processing", "metrics": {"seconds": 0.5}},
    )


def test_a_job_is_created_once_and_read_back_as_written(jobs: DynamoRecognitionJobs) -> None:
    job = _job()

    assert jobs.create(job)
    assert not jobs.create(job)
    assert jobs.get(JOB_ID) == job
    assert jobs.get("00000000-0000-4000-8000-000000000000") is None


def test_a_message_id_is_applied_once_whatever_the_status_allows(
    jobs: DynamoRecognitionJobs,
) -> None:
    jobs.create(_job())

    assert jobs.change(JOB_ID, _ack_change())
    assert not jobs.change(JOB_ID, _ack_change(T0 + timedelta(seconds=1)))

    job = jobs.get(JOB_ID)
    assert job is not None
    assert job.seen_msg_ids == {ACK}
    assert job.answers == ({"msg_id": ACK, "status": "processing", "metrics": {"seconds": 0.5}},)
    assert [entry["event"] for entry in job.history] == ["submitted", "ack"]


def test_a_republish_is_counted_once_by_overlapping_sweeps(jobs: DynamoRecognitionJobs) -> None:
    jobs.create(_job())
    republish = JobChange(
        from_statuses=frozenset({"sent"}),
        status="sent",
        event="republish",
        at=T0 + timedelta(seconds=31),
        due_at=T0 + timedelta(seconds=61),
        republished_from=0,
    )

    assert jobs.change(JOB_ID, republish)
    assert not jobs.change(JOB_ID, republish)  # the other sweep read the same job

    job = jobs.get(JOB_ID)
    assert job is not None
    assert (job.republished, job.due_at) == (1, T0 + timedelta(seconds=61))


def test_only_open_jobs_that_are_due_are_listed_earliest_first(
    jobs: DynamoRecognitionJobs,
) -> None:
    later = "4c1b2a3d-0000-4000-8000-000000000002"
    closed = "4c1b2a3d-0000-4000-8000-000000000003"
    jobs.create(_job(later, due=T0 + timedelta(seconds=40)))
    jobs.create(_job(due=T0 + timedelta(seconds=30)))
    jobs.create(_job(closed, due=T0 + timedelta(seconds=20)))
    jobs.change(
        closed,
        JobChange(
            from_statuses=frozenset({"sent"}),
            status="dlq",
            event="no_ack",
            at=T0,
            due_at=None,
            fields={"error": {"code": "NO_ACK", "message": "No ack."}},
        ),
    )

    assert [j.job_id for j in jobs.due(T0 + timedelta(seconds=29), 10)] == []
    assert [j.job_id for j in jobs.due(T0 + timedelta(seconds=30), 10)] == [JOB_ID]
    assert [j.job_id for j in jobs.due(T0 + timedelta(minutes=1), 10)] == [JOB_ID, later]
    ended = jobs.get(closed)
    assert ended is not None
    assert (ended.status, ended.due_at, ended.error) == (
        "dlq",
        None,
        {"code": "NO_ACK", "message": "No ack."},
    )
