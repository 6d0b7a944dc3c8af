"""In-memory fakes of the recognition client's ports, with the adapter's conditions."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datetime import datetime

    from chalicelib.ports.recognition_client import JobChange, RecognitionJob


class FakeRecognitionJobs:
    """Jobs in a dict; a change applies only under the conditions DynamoDB checks."""

    def __init__(self) -> None:
        self.jobs: dict[str, RecognitionJob] = {}

    def create(self, job: RecognitionJob) -> bool:
        if job.job_id in self.jobs:
            return False
        self.jobs[job.job_id] = job
        return True

    def get(self, job_id: str) -> RecognitionJob | None:
        return self.jobs.get(job_id)

    def change(self, job_id: str, change: JobChange) -> bool:
        job = self.jobs.get(job_id)
        if job is None or job.status not in change.from_statuses:
            return False
        if change.msg_id is not None and change.msg_id in job.seen_msg_ids:
            return False
        if change.republished_from is not None and job.republished != change.republished_from:
            return False
        entry: dict[str, Any] = {"event": change.event, "status": change.status}
        if change.msg_id or change.published_msg_id:
            entry["msg_id"] = change.msg_id or change.published_msg_id
        self.jobs[job_id] = replace(
            job,
            status=change.status,
            due_at=change.due_at,
            republished=job.republished + (change.republished_from is not None),
            seen_msg_ids=job.seen_msg_ids | ({change.msg_id} if change.msg_id else set()),
            answers=job.answers + ((change.answer,) if change.answer else ()),
            history=(*job.history, entry),
            **change.fields,
        )
        return True

    def due(self, now: datetime, limit: int) -> list[RecognitionJob]:
        open_jobs = [j for j in self.jobs.values() if j.due_at is not None and j.due_at <= now]
        return sorted(open_jobs, key=lambda j: (j.due_at, j.job_id))[:limit]


class FakeBus:
    """Records what is published; `down` makes every publish fail (after its retries)."""

    def __init__(self) -> None:
        self.published: list[tuple[str, dict[str, Any]]] = []
        self.down = False

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        if self.down:
            return False
        self.published.append((detail_type, detail))
        return True
