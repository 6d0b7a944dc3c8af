"""Ports of recognition as a service: the job store, the request's file, the hand-off.

A recognition job is keyed by the request's `job_id`. Its record is claimed once (the first
valid request of the job wins; every later one is re-acked), moves forward only (processing →
handed_off → done/error), and keeps every answer published for it, each once per message id:
what a republished request is answered with again, and what `GET /v1/recognitions/{job_id}`
shows a partner without a bus subscription.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from collections.abc import Collection
    from datetime import datetime

# Where a job stands. `handed_off`: the external recognizer has its file (image pipeline).
JobState = Literal["processing", "handed_off", "done", "error"]
FINISHED_STATES: frozenset[JobState] = frozenset({"done", "error"})


@dataclass(frozen=True)
class RecognitionJob:
    """One job as claimed by its first valid request, and what became of it."""

    job_id: str
    file_id: str
    attempt: int  # of the request that claimed it: the result's message id carries it
    pipeline: str
    file_type: str
    original_name: str
    source_bucket: str
    source_key: str
    reply_deadline: str
    state: JobState = "processing"
    created_at: str = ""
    # Until when the claim's worker may still be at it (a Lambda that was killed leaves its
    # job in `processing`; past this instant the sweep answers it). None: no lease.
    lease_until: datetime | None = None
    # The final answer (result or error envelope), stored before it is published.
    result: dict[str, Any] | None = None
    # Every answer published for the job, by message id (acks, the result).
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)


class RecognitionJobs(Protocol):
    """The job store: every change is a conditional write, so racing requests agree."""

    def claim(self, job: RecognitionJob) -> bool:
        """Create the job's record; False when the job already has one."""
        ...

    def get(self, job_id: str) -> RecognitionJob | None:
        """The job's record (read consistently), or None."""
        ...

    def stale(self, now: datetime, limit: int) -> list[RecognitionJob]:
        """Jobs still `processing` whose lease ended before `now`, the oldest lease first."""
        ...

    def move(
        self,
        job_id: str,
        *,
        allowed_from: Collection[JobState],
        to: JobState,
        result: dict[str, Any] | None = None,
    ) -> bool:
        """Move the job (storing its final answer); False when it was not in `allowed_from`."""
        ...

    def record_answer(self, job_id: str, answer: dict[str, Any]) -> bool:
        """Keep one published answer under its `msg_id`; False when that id is already kept."""
        ...

    def bind_partner(self, job_id: str, partner_id: str) -> bool:
        """Note which partner sent the job over HTTP; False when another partner holds it."""
        ...

    def partner_of(self, job_id: str) -> str | None:
        """The partner that sent the job over HTTP, if one did."""
        ...


class SourceFiles(Protocol):
    """The request's file, in whatever bucket the sender put it."""

    def read(self, bucket: str, key: str, *, max_bytes: int) -> bytes:
        """The object's bytes: StoredObjectMissingError, StorageUnavailableError or
        DocumentTooLargeError when it cannot be had."""
        ...


class RecognizerHandoff(Protocol):
    """Starts the hand-off of one file to the external recognizer (one task per job)."""

    def start(self, command: dict[str, str], job_id: str) -> None:
        """Start the task `command["task_id"]`; a task already started is no error."""
        ...
