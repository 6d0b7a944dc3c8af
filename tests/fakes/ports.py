"""In-memory fakes of the ports, for unit tests of the services."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from chalicelib.access.regions import covers
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    DocumentTooLargeError,
    InsufficientCreditsError,
    StoredObjectMissingError,
)
from chalicelib.models import Document, DocumentError, DocumentStatus, UserProfile
from chalicelib.ports import Deadline, ObjectInfo, PresignedPost

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from chalicelib.models import Pipeline, ReviewDecision, Route
    from chalicelib.ports import CallbackStatus, StatusChange


class FakeRepository:
    """Keeps users, documents and deadlines in dicts, with the same conditions as DynamoDB."""

    def __init__(self) -> None:
        self.users: dict[str, UserProfile] = {}
        self.documents: dict[str, Document] = {}
        self.deadlines: list[Deadline] = []
        self.review_queue: set[str] = set()
        self.role_changes: list[tuple[str, str, str, str]] = []
        self.deal_aliases: dict[str, str] = {}  # deals named before their first document

    def ensure_user(self, user_id: str, *, credits: int, region: str) -> UserProfile:
        return self.users.setdefault(
            user_id, UserProfile(user_id=user_id, credits_left=credits, region=region)
        )

    def get_user(self, user_id: str) -> UserProfile | None:
        return self.users.get(user_id)

    def set_role(self, user_id: str, role: str, *, reason: str, set_by: str) -> None:
        if user_id not in self.users:
            raise DocumentNotFoundError("No such user.")
        self.users[user_id] = self.users[user_id].model_copy(update={"role": role})
        self.role_changes.append((user_id, role, reason, set_by))

    def create_with_reservation(self, document: Document, deadline: Deadline) -> None:
        user = self.users.get(document.owner_id)
        if user is None or user.credits_left <= 0:
            raise InsufficientCreditsError
        user.credits_left -= 1
        self.documents[document.document_id] = document
        self.deadlines.append(deadline)

    def get(self, document_id: str) -> Document | None:
        return self.documents.get(document_id)

    def enqueue_review(self, document_id: str) -> None:
        self.review_queue.add(document_id)

    def dequeue_review(self, document_id: str) -> None:
        self.review_queue.discard(document_id)

    def list_reviews(self, limit: int) -> list[Document]:
        held = [
            self.documents[doc_id]
            for doc_id in self.review_queue
            if doc_id in self.documents
            and self.documents[doc_id].status == DocumentStatus.IN_REVIEW
        ]
        return sorted(held, key=lambda document: document.updated_at)[:limit]

    def mark_deleted(self, document_id: str, *, objects_removed: int) -> Document:
        document = self.documents.get(document_id)
        if document is None or document.deleted_at is not None or not document.status.is_final:
            raise DocumentStateConflictError
        deleted = document.model_copy(update={"deleted_at": datetime.now(UTC)})
        self.documents[document_id] = deleted
        return deleted

    def list_documents(
        self, owner_id: str, *, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        mine = sorted(
            (d for d in self.documents.values() if d.owner_id == owner_id and not d.deleted_at),
            key=lambda d: (d.created_at, d.document_id),
            reverse=True,
        )
        start = int(cursor) if cursor else 0
        page = mine[start : start + limit]
        return page, str(start + limit) if start + limit < len(mine) else None

    def list_region_documents(
        self, region: str, *, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        reached = sorted(
            (d for d in self.documents.values() if covers(region, d.region) and not d.deleted_at),
            key=lambda d: (d.created_at, d.document_id),
            reverse=True,
        )
        start = int(cursor) if cursor else 0
        page = reached[start : start + limit]
        return page, str(start + limit) if start + limit < len(reached) else None

    def deal_owner(self, deal_id: str) -> str | None:
        return self.deal_aliases.get(deal_id)

    def deal_documents(self, owner_id: str, deal_id: str) -> list[Document]:
        return sorted(
            (
                d
                for d in self.documents.values()
                if d.owner_id == owner_id and d.deal_id == deal_id and not d.deleted_at
            ),
            key=lambda d: (d.created_at, d.document_id),
        )

    def claim_upload(
        self,
        document_id: str,
        *,
        allowed_from: Iterable[DocumentStatus],
        source_version: str,
        size: int,
    ) -> Document:
        document = self.documents.get(document_id)
        if document is None or document.status not in set(allowed_from):
            raise DocumentStateConflictError
        if (
            document.status != DocumentStatus.AWAITING_UPLOAD
            and document.source_version_id != source_version
        ):
            raise DocumentStateConflictError
        return self.update(
            document_id,
            {
                "status": DocumentStatus.EXTRACTING,
                "source_version_id": source_version,
                "real_size": size,
            },
        )

    def transition(
        self,
        document_id: str,
        *,
        to: DocumentStatus,
        allowed_from: Iterable[DocumentStatus],
        change: StatusChange | None = None,
        version: int | None = None,
    ) -> Document:
        document = self.documents.get(document_id)
        if document is None or document.status not in set(allowed_from):
            raise DocumentStateConflictError
        if version is not None and document.version != version:
            raise DocumentStateConflictError
        attributes = change.attributes() if change is not None else {}
        return self.update(document_id, {"status": to, **attributes})

    def record_review(self, document_id: str, review: ReviewDecision) -> Document:
        held = DocumentStatus.IN_REVIEW
        document = self.documents.get(document_id)
        if document is None or document.status != held:
            raise DocumentStateConflictError
        return self.update(document_id, {"status": held, "review": review.model_dump()})

    def record_routing(self, document_id: str, *, route: Route, confidence: float) -> Document:
        return self.update(document_id, {"route": route, "confidence": confidence})

    def record_run(
        self, document_id: str, *, pipeline: Pipeline | None, execution_arn: str
    ) -> Document:
        fields: dict[str, Any] = {"execution_arn": execution_arn}
        if pipeline is not None:
            fields["pipeline"] = pipeline
        return self.update(document_id, fields)

    def record_pipeline(self, document_id: str, pipeline: Pipeline) -> Document:
        return self.update(document_id, {"pipeline": pipeline})

    def attach_to_deal(self, document_id: str, deal_id: str) -> Document:
        return self.update(document_id, {"deal_id": deal_id})

    def record_callback(
        self, document_id: str, *, status: CallbackStatus, attempts: int
    ) -> Document:
        return self.update(document_id, {"callback_status": status, "callback_attempts": attempts})

    def update(self, document_id: str, fields: Mapping[str, Any]) -> Document:
        """Set fields as they are: the typed writes above go through here, and tests use
        it to put a document where they need it."""
        document = self.documents.get(document_id)
        if document is None:
            raise DocumentStateConflictError
        data = json.loads(document.model_dump_json())
        data.update(json.loads(json.dumps(dict(fields), default=str)))
        updated = Document.model_validate(data)
        self.documents[document_id] = updated
        return updated

    def fail_and_refund(self, document_id: str, error: DocumentError) -> bool:
        return self._fail(document_id, error, refund=True)

    def fail_without_refund(self, document_id: str, error: DocumentError) -> None:
        self._fail(document_id, error, refund=False)

    def _fail(self, document_id: str, error: DocumentError, *, refund: bool) -> bool:
        document = self.documents.get(document_id)
        if document is None:
            raise DocumentNotFoundError
        if document.status == DocumentStatus.DONE:
            return False
        refund_now = refund and not document.refunded
        fields: dict[str, Any] = {
            "status": DocumentStatus.FAILED,
            "error": error.model_dump(),
            "task_token": None,
        }
        if refund_now:
            fields["refunded"] = True
            self.users[document.owner_id].credits_left += 1
        self.update(document_id, fields)
        return refund_now

    def add_deadline(self, deadline: Deadline) -> None:
        self.deadlines.append(deadline)

    def due_deadlines(self, now: datetime, limit: int) -> list[Deadline]:
        return sorted((d for d in self.deadlines if d.due_at <= now), key=lambda d: d.due_at)[
            :limit
        ]

    def remove_deadline(self, deadline: Deadline) -> None:
        self.deadlines.remove(deadline)


class FakeObjectStore:
    """A bucket in a dict."""

    def __init__(self) -> None:
        self.objects: dict[str, bytes] = {}
        self.text_tagged: set[str] = set()

    def head(self, key: str, version_id: str | None = None) -> ObjectInfo:
        if key not in self.objects:
            raise StoredObjectMissingError
        return ObjectInfo(key=key, size=len(self.objects[key]), version_id=None, content_type=None)

    def get_bytes(self, key: str, *, version_id: str | None = None, max_bytes: int) -> bytes:
        data = self.head(key) and self.objects[key]
        if len(data) > max_bytes:
            raise DocumentTooLargeError
        return data

    def get_text(self, key: str) -> str:
        self.head(key)
        return self.objects[key].decode("utf-8")

    def put_text(self, key: str, text: str, *, content_type: str, expires_with_text: bool) -> None:
        self.objects[key] = text.encode("utf-8")
        if expires_with_text:
            self.text_tagged.add(key)

    def exists(self, key: str) -> bool:
        return key in self.objects

    def delete_prefix(self, prefix: str) -> int:
        doomed = [key for key in self.objects if key.startswith(prefix)]
        for key in doomed:
            del self.objects[key]
        return len(doomed)

    def presigned_post(
        self, key: str, *, content_type: str, max_size: int, expires_in: int
    ) -> PresignedPost:
        return PresignedPost(
            url="https://bucket.example/", fields={"key": key, "Content-Type": content_type}
        )

    def put_bytes(self, key: str, data: bytes, *, content_type: str) -> None:
        self.objects[key] = data


class FakeStatusEvents:
    """Records every announced status, in order."""

    def __init__(self) -> None:
        self.published: list[tuple[str, str]] = []

    def publish(self, document: Document) -> None:
        self.published.append((document.document_id, document.status.value))


class FakeWorkflow:
    """Records started runs and task successes."""

    def __init__(self) -> None:
        self.runs: dict[str, Mapping[str, Any]] = {}
        self.successes: list[tuple[str, Mapping[str, Any]]] = []

    def start(self, name: str, payload: Mapping[str, Any]) -> str:
        self.runs.setdefault(name, payload)
        return f"arn:aws:states:us-east-1:123456789012:execution:pipeline:{name}"

    def send_task_success(self, token: str, output: Mapping[str, Any]) -> None:
        self.successes.append((token, output))
