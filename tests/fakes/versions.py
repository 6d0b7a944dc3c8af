"""An in-memory fake of the versions port, over the fake repository's documents, with the
same conditions as the DynamoDB transactions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.errors import DocumentStateConflictError, InsufficientCreditsError
from chalicelib.models import Document

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from chalicelib.ports import Deadline
    from chalicelib.versions.records import RestoreAudit, VersionRecord
    from tests.fakes.ports import FakeRepository


class FakeVersions:
    """Version items in a dict; the record moves in the fake repository's documents."""

    def __init__(self, repo: FakeRepository) -> None:
        self.repo = repo
        self.items: dict[tuple[str, int], VersionRecord] = {}
        self.audits: list[RestoreAudit] = []
        # Runs once before the next open_version checks its condition: a racing request.
        self.before_next_open: Callable[[], None] | None = None

    def list_versions(self, document_id: str) -> list[VersionRecord]:
        return [self.items[key] for key in sorted(self.items) if key[0] == document_id]

    def get_version(self, document_id: str, version: int) -> VersionRecord | None:
        return self.items.get((document_id, version))

    def audit_log(self, document_id: str) -> list[RestoreAudit]:
        return [a for a in self.audits if a.document_id == document_id]

    def open_version(
        self,
        current: Document,
        *,
        head: Mapping[str, Any],
        opened: VersionRecord,
        replaced: VersionRecord,
        charge: bool,
        deadline: Deadline,
    ) -> None:
        if self.before_next_open is not None:
            racer, self.before_next_open = self.before_next_open, None
            racer()
        doc = self.repo.documents.get(current.document_id)
        if (
            doc is None
            or doc.deleted_at is not None
            or (doc.version, doc.status, doc.latest_version)
            != (current.version, current.status, current.latest_version)
            or (current.document_id, opened.version) in self.items
        ):
            raise DocumentStateConflictError
        if charge:
            user = self.repo.users[doc.owner_id]
            if user.credits_left <= 0:
                raise InsufficientCreditsError
            user.credits_left -= 1
        self._apply(doc, head)
        self.items[(doc.document_id, opened.version)] = opened
        self.items[(doc.document_id, replaced.version)] = replaced
        self.repo.deadlines.append(deadline)

    def restore_version(
        self,
        current: Document,
        *,
        head: Mapping[str, Any],
        replaced: VersionRecord,
        audit: RestoreAudit,
    ) -> None:
        doc = self.repo.documents.get(current.document_id)
        target = self.items.get((current.document_id, audit.to_version))
        if doc is None or doc.version != current.version or not doc.status.is_final:
            raise DocumentStateConflictError
        if target is None:
            raise DocumentStateConflictError
        self._apply(doc, head)
        self.items[(doc.document_id, replaced.version)] = replaced
        self.items[(doc.document_id, target.version)] = target.model_copy(
            update={"is_current": True, "replaced_by": None}
        )
        self.audits.append(audit)

    def record_arrival(self, document_id: str, version: int, *, sha256: str) -> None:
        doc = self.repo.documents.get(document_id)
        if doc is not None and doc.version == version:
            self.repo.update(document_id, {"sha256": sha256})

    def _apply(self, doc: Document, head: Mapping[str, Any]) -> None:
        self.repo.documents[doc.document_id] = Document.model_validate(
            {**doc.model_dump(mode="json"), **head}
        )
