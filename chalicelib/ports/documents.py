"""Ports of the documents: the table's narrow ports (users and credits, documents, the
review queue, deadlines), the bucket, status events, metrics and the workflow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from datetime import datetime

    from chalicelib.models import Document, DocumentError, DocumentStatus, UserProfile


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
    extraction); `callback` tries a partner's callback again (round `attempt`).
    """

    document_id: str
    expected_status: DocumentStatus
    due_at: datetime
    action: Literal["expire", "callback"] = "expire"
    attempt: int = 0


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

    def deal_documents(self, owner_id: str, deal_id: str) -> list[Document]:
        """The owner's documents of one deal (not deleted), oldest first."""
        ...

    def transition(
        self,
        document_id: str,
        *,
        to: DocumentStatus,
        allowed_from: Iterable[DocumentStatus],
        fields: Mapping[str, Any] | None = None,
        expected_source_version: str | None = None,
    ) -> Document:
        """Move the document to `to` if its status is one of `allowed_from`."""
        ...

    def update(self, document_id: str, fields: Mapping[str, Any]) -> Document:
        """Set fields of an existing document."""
        ...

    def fail(self, document_id: str, error: DocumentError, *, refund: bool) -> bool:
        """Mark the document failed (never a done one); refund once if asked; True if refunded."""
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
