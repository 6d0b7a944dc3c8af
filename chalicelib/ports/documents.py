"""Ports of the documents: the table's narrow ports (users and credits, documents, the
review queue, deadlines), the bucket, status events, metrics and the workflow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from datetime import datetime

    from chalicelib.models import (
        Document,
        DocumentError,
        DocumentStatus,
        Pipeline,
        ReviewDecision,
        Route,
        UserProfile,
    )


@dataclass(frozen=True)
class ObjectInfo:
    """What storage knows about one stored object."""

    key: str
    size: int
    version_id: str | None
    content_type: str | None


@dataclass(frozen=True)
class PresignedPost:
    """A browser-ready form: POST `fields` plus the file to `url`."""

    url: str
    fields: dict[str, str]


@dataclass(frozen=True)
class Deadline:
    """A note to look at a document at a time, if it still has a status.

    `expire` fails a document still in that status (an upload that never came, a stuck
    extraction); `callback` tries a partner's callback again (round `attempt`); `import`
    fails a zip's import whose claim ran out (`document_id` is then the batch's id).
    """

    document_id: str
    expected_status: DocumentStatus
    due_at: datetime
    action: Literal["expire", "callback", "import"] = "expire"
    attempt: int = 0
    # The document version it was set for: a newer version's upload or run is not this
    # one's to expire (None: whatever version, as deadlines set before versions were).
    version: int | None = None


@dataclass(frozen=True)
class StatusChange:
    """What a status move may write beside the status: these fields and nothing else.

    A document held for review keeps its run's task token (`held`); a finished one gets
    its findings' counts and loses the token (`finished`). A field left None is left as
    it is on the record.
    """

    task_token: str | None = None
    findings_summary: dict[str, int] | None = None
    drop_task_token: bool = False

    @classmethod
    def held(cls, task_token: str) -> StatusChange:
        """Held for a person: the token that resumes the run."""
        return cls(task_token=task_token)

    @classmethod
    def finished(cls, findings_summary: dict[str, int]) -> StatusChange:
        """Done: the findings' counts, and no token left to resume."""
        return cls(findings_summary=findings_summary, drop_task_token=True)

    def attributes(self) -> dict[str, Any]:
        """The record's attributes this change writes; a None value removes one."""
        written: dict[str, Any] = {}
        if self.task_token is not None:
            written["task_token"] = self.task_token
        if self.findings_summary is not None:
            written["findings_summary"] = dict(self.findings_summary)
        if self.drop_task_token:
            written["task_token"] = None
        return written


class Users(Protocol):
    """Users' profiles and their credits."""

    def ensure_user(self, user_id: str, *, credits: int, region: str) -> UserProfile:
        """The user's profile, created with `credits` the first time."""
        ...

    def get_user(self, user_id: str) -> UserProfile | None:
        """The user's profile, if any."""
        ...


class Documents(Protocol):
    """Documents' records, with conditional writes only; a credit is reserved with the
    record and refunded with its failure, in the same transaction."""

    def create_with_reservation(self, document: Document, deadline: Deadline) -> None:
        """In one transaction: take a credit (`credits_left > 0`) and create the document."""
        ...

    def get(self, document_id: str) -> Document | None:
        """The document, if it exists."""
        ...

    def mark_deleted(self, document_id: str, *, objects_removed: int) -> Document:
        """Keep a finished document's record for audit, out of its owner's list and reach."""
        ...

    def list_documents(
        self, owner_id: str, *, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        """The owner's documents, newest first, a page at a time; the next page's cursor."""
        ...

    def list_region_documents(
        self, region: str, *, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        """A region's documents (a province's: all its cities'), newest first, a page at a
        time (possibly short while a cursor remains); the next page's cursor."""
        ...

    def deal_documents(self, owner_id: str, deal_id: str) -> list[Document]:
        """The owner's documents of one deal (not deleted), oldest first."""
        ...

    def deal_owner(self, deal_id: str) -> str | None:
        """The owner of a deal named before deals bore their first document's id (its
        alias, written by the backfill); None for any other id."""
        ...

    def claim_upload(
        self,
        document_id: str,
        *,
        allowed_from: Iterable[DocumentStatus],
        source_version: str,
        size: int,
    ) -> Document:
        """Move the document to extracting for this upload, recording its version and size.

        Only from one of `allowed_from`, and only while it awaits its upload or is already
        extracting this same upload (a retried event): another upload may not take it over.
        """
        ...

    def transition(
        self,
        document_id: str,
        *,
        to: DocumentStatus,
        allowed_from: Iterable[DocumentStatus],
        change: StatusChange | None = None,
        version: int | None = None,
    ) -> Document:
        """Move the document to `to` if its status is one of `allowed_from` (and, given a
        `version`, only while that is its current version: an older version's run never
        writes over the current one's status)."""
        ...

    def record_review(self, document_id: str, review: ReviewDecision) -> Document:
        """Record a reviewer's decision on a document still held for review."""
        ...

    def record_routing(self, document_id: str, *, route: Route, confidence: float) -> Document:
        """Record the route prescreen chose and how sure it was."""
        ...

    def record_run(
        self, document_id: str, *, pipeline: Pipeline | None, execution_arn: str
    ) -> Document:
        """Record the run that carries the document, and the pipeline it goes down when
        that is known already (a long scan's is known once its pages are joined)."""
        ...

    def record_pipeline(self, document_id: str, pipeline: Pipeline) -> Document:
        """Record the pipeline the document goes down (a long scan's, after the join)."""
        ...

    def attach_to_deal(self, document_id: str, deal_id: str) -> Document:
        """Make the document part of a deal (the deal a document opens bears its id)."""
        ...

    def fail_and_refund(self, document_id: str, error: DocumentError) -> bool:
        """Mark the document failed (never a done one) and give its credit back, once.

        The refund and the failure are one transaction; True when a credit went back now,
        False when it had been refunded already or the document was done.
        """
        ...

    def fail_without_refund(self, document_id: str, error: DocumentError) -> None:
        """Mark the document failed (never a done one); its credit stays spent."""
        ...


class ReviewQueue(Protocol):
    """The documents held for a person's decision."""

    def enqueue_review(self, document_id: str) -> None:
        """Put a held document on the reviewers' queue."""
        ...

    def dequeue_review(self, document_id: str) -> None:
        """Take a document off the reviewers' queue (gone already is fine)."""
        ...

    def list_reviews(self, limit: int) -> list[Document]:
        """The documents on the reviewers' queue still held, oldest first."""
        ...


class Deadlines(Protocol):
    """Notes to the sweeper to look at a document later."""

    def add_deadline(self, deadline: Deadline) -> None:
        """Ask the sweeper to look at a document later."""
        ...

    def due_deadlines(self, now: datetime, limit: int) -> list[Deadline]:
        """Deadlines due at `now`, oldest first."""
        ...

    def remove_deadline(self, deadline: Deadline) -> None:
        """Forget a deadline the sweeper has handled."""
        ...


class DocumentRepository(Users, Documents, ReviewQueue, Deadlines, Protocol):
    """The table's four ports together: what its one DynamoDB adapter implements. A
    service depends on the narrow ports it uses, never on this."""


class ObjectStore(Protocol):
    """The documents bucket."""

    def head(self, key: str, version_id: str | None = None) -> ObjectInfo:
        """Size, version and type of an object."""
        ...

    def get_bytes(self, key: str, *, version_id: str | None = None, max_bytes: int) -> bytes:
        """An object's bytes, refusing more than `max_bytes`."""
        ...

    def get_text(self, key: str) -> str:
        """A UTF-8 object as text."""
        ...

    def put_text(self, key: str, text: str, *, content_type: str, expires_with_text: bool) -> None:
        """Store a UTF-8 artifact; `expires_with_text` tags it for the text retention rule."""
        ...

    def exists(self, key: str) -> bool:
        """True when the object exists."""
        ...

    def delete_prefix(self, prefix: str) -> int:
        """Delete every object (and every version of it) under a prefix; how many went."""
        ...

    def presigned_post(
        self, key: str, *, content_type: str, max_size: int, expires_in: int
    ) -> PresignedPost:
        """A form bound to this key, a content-length range and the content type."""
        ...

    def put_bytes(self, key: str, data: bytes, *, content_type: str) -> None:
        """Store an object as it is (a server-side upload)."""
        ...


class StatusEvents(Protocol):
    """Where a document's status changes are announced (the bot's progress hangs off them)."""

    def publish(self, document: Document) -> None:
        """Announce the document as it now stands; never fails the caller."""
        ...


class Metrics(Protocol):
    """Operational counts: CloudWatch metrics on AWS (namespace `ContractCheck`).

    Each call is one data point of metric `name` under `dimensions` (none is fine). With
    `breakdown`, the same point is also counted under `dimensions` plus `breakdown`, so a
    total (failed documents) and its split (by failure class) are both plain metrics that
    an alarm can watch without metric math. Counting never fails the caller.
    """

    def count(
        self,
        name: str,
        value: float = 1,
        *,
        unit: str = "Count",
        breakdown: Mapping[str, str] | None = None,
        **dimensions: str,
    ) -> None:
        """Add `value` to metric `name`."""
        ...


class Workflow(Protocol):
    """The document pipeline's state machine."""

    def start(self, name: str, payload: Mapping[str, Any]) -> str:
        """Start a run named `name` once; a second call returns the same run's ARN."""
        ...

    def send_task_success(self, token: str, output: Mapping[str, Any]) -> None:
        """Resume a run waiting on `token`."""
        ...
