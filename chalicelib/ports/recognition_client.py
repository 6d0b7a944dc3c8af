"""Ports of the recognition client: the jobs it sent (its outbox) and the bus it sends on.

A job is one request this system sent to a recognition service, and what became of it:

    sent ──ack──▶ acked ──result──▶ done | needs_check | error
      │  └─────────result─────────▶ done | needs_check | error   (a result without its ack)
      ├─ no ack after every republish ─▶ dlq      (error NO_ACK)
      └─ reply_deadline passed ────────▶ timeout  (from sent or acked: a lost result)

The record is also the outbox: it holds the request exactly as published, so a republish
sends the very same envelope (the same `msg_id`) and the service deduplicates it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from datetime import datetime

JobStatus = Literal["sent", "acked", "done", "needs_check", "error", "dlq", "timeout"]
# Still waiting for an answer: the sweep looks at these (and only these).
OPEN_STATUSES: frozenset[JobStatus] = frozenset({"sent", "acked"})


@dataclass(frozen=True)
class RecognitionJob:
    """One request we sent, the answers that moved it, and where it stands."""

    job_id: str
    file_id: str
    attempt: int
    request: dict[str, Any]  # the request envelope as published (msg_id included)
    subject: str  # the detail-type it went under
    reply_deadline: datetime
    status: JobStatus
    created_at: datetime
    # When the sweep should look next while the job is open (an ack's wait, or the deadline).
    due_at: datetime | None
    republished: int = 0
    seen_msg_ids: frozenset[str] = frozenset()
    answers: tuple[dict[str, Any], ...] = ()  # each answer that changed the job, as received
    history: tuple[dict[str, Any], ...] = ()  # each change: at, event, status, msg_id
    result_s3: dict[str, str] | None = None
    result_schema_version: str | None = None
    error: dict[str, str] | None = None

    @property
    def msg_id(self) -> str:
        """The request's message id, `<job_id>:<attempt>`."""
        return str(self.request["msg_id"])

    @property
    def is_open(self) -> bool:
        """Whether the job still waits for an answer."""
        return self.status in OPEN_STATUSES


@dataclass(frozen=True)
class JobChange:
    """One conditional change of a job: applied only while the job is in `from_statuses`,
    only once for `msg_id` (an answer's id), and, with `republished_from`, only if the job
    was republished exactly that many times (two sweeps cannot both count one republish)."""

    from_statuses: frozenset[JobStatus]
    status: JobStatus
    event: str  # what moved it: ack, result, republish, no_ack, reply_deadline
    at: datetime
    due_at: datetime | None  # the next look while open; None takes the job off the sweep
    msg_id: str | None = None
    answer: dict[str, Any] | None = None
    republished_from: int | None = None
    fields: dict[str, Any] = field(default_factory=dict)  # result_s3, error, …
    # A request sent again with this change: named in the history, not counted as seen.
    published_msg_id: str | None = None


class RecognitionJobs(Protocol):
    """The client's job records (its outbox), changed only by conditional writes."""

    def create(self, job: RecognitionJob) -> bool:
        """Record a new job; False when its job_id exists already."""
        ...

    def get(self, job_id: str) -> RecognitionJob | None:
        """A job, read consistently; None when there is none."""
        ...

    def change(self, job_id: str, change: JobChange) -> bool:
        """Apply `change` if its conditions hold; False (nothing written) when one does not."""
        ...

    def due(self, now: datetime, limit: int) -> list[RecognitionJob]:
        """Open jobs whose `due_at` is at or before `now`, the earliest first."""
        ...


class EnvelopeSink(Protocol):
    """Where envelopes are published (`chalicelib.recognition.publisher.EnvelopePublisher`)."""

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        """Publish one envelope (retried under its msg_id); False when every try failed."""
        ...
