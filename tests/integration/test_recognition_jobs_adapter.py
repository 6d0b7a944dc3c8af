"""The recognition job store on moto's DynamoDB: every change once, under its condition."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.adapters.dynamo.recognition import DynamoRecognitionJobs
from chalicelib.ports.recognition import RecognitionJob

pytestmark = pytest.mark.integration
JOB_ID = "6f1c2a52-3b7e-4c1d-9a0e-2f4b5c6d7e8f"


def _job(**changes: object) -> RecognitionJob:
    values: dict[str, object] = {
        "job_id": JOB_ID,
        "file_id": "0b7e1d2c-3a4f-4e5d-8c9b-1a2b3c4d5e6f",
        "attempt": 1,
        "pipeline": "tabular",
        "file_type": "XLSX",
        "original_name": "osv.xlsx",
        "source_bucket": "core-files",
        "source_key": "in/osv.xlsx",
        "reply_deadline": "2026-12-01T12:00:00Z",
        **changes,
    }
    return RecognitionJob(**values)  # type: ignore[arg-type]


def test_a_job_is_claimed_once_moves_forward_once_and_keeps_each_answer_once(
    documents_table: str,
) -> None:
    jobs = DynamoRecognitionJobs(documents_table)
    ack = {"msg_id": f"ack:{JOB_ID}:1", "status": "processing", "metrics": {"ratio": 0.5}}
    result = {"msg_id": f"result:{JOB_ID}:1", "status": "done"}

    assert jobs.claim(_job()) is True
    assert jobs.claim(_job(attempt=2)) is False  # the second request does not take it over
    assert jobs.record_answer(JOB_ID, ack) is True
    assert jobs.record_answer(JOB_ID, {**ack, "status": "changed"}) is False
    assert jobs.move(JOB_ID, allowed_from=["processing"], to="done", result=result) is True
    assert jobs.move(JOB_ID, allowed_from=["processing"], to="error", result={}) is False

    stored = jobs.get(JOB_ID)
    assert stored is not None
    assert (stored.attempt, stored.state, stored.result) == (1, "done", result)
    assert stored.answers == {ack["msg_id"]: ack}  # the first copy, floats as they went
    assert jobs.get("00000000-0000-4000-8000-000000000000") is None


def test_a_job_sent_over_http_belongs_to_its_partner(documents_table: str) -> None:
    jobs = DynamoRecognitionJobs(documents_table)

    assert jobs.partner_of(JOB_ID) is None
    assert jobs.bind_partner(JOB_ID, "core-owner") is True
    assert jobs.bind_partner(JOB_ID, "core-owner") is True  # the same partner sending again
    assert jobs.bind_partner(JOB_ID, "someone-else") is False
    assert jobs.partner_of(JOB_ID) == "core-owner"


def test_a_claim_is_listed_as_stale_only_after_its_lease_and_only_while_processing(
    documents_table: str,
) -> None:
    jobs = DynamoRecognitionJobs(documents_table)
    lease = datetime(2026, 12, 1, 12, 6, tzinfo=UTC)
    other = "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a"
    assert jobs.claim(_job(lease_until=lease))
    assert jobs.claim(_job(job_id=other, lease_until=lease + timedelta(minutes=1)))

    assert jobs.stale(lease - timedelta(seconds=1), limit=10) == []
    [stale] = jobs.stale(lease + timedelta(seconds=1), limit=10)
    assert (stale.job_id, stale.lease_until) == (JOB_ID, lease)
    later = lease + timedelta(minutes=2)
    assert [job.job_id for job in jobs.stale(later, limit=10)] == [JOB_ID, other]  # oldest first

    assert jobs.move(JOB_ID, allowed_from=["processing"], to="error", result={"status": "error"})
    assert [job.job_id for job in jobs.stale(later, limit=10)] == [other]  # an answered job left
