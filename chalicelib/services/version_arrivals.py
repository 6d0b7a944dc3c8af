"""Versions on Extract's side, and the roll-back write every caller shares.

When a version's file arrives, Extract hashes it here (`VersionArrivals`): the SHA-256 goes on
the record, and a file identical to another version's ends that version before it runs (the
README's "Versions" says why its credit is returned); the version it replaced is then made
current again with the same roll-back write (`restore_version`) a person's roll-back uses.
Kept apart from `chalicelib.services.versions` so that Extract's cold start imports only this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.errors import DocumentStateConflictError
from chalicelib.models import DocumentStatus
from chalicelib.versions.records import SUPERSEDED, VERSION_FIELDS, RestoreAudit, VersionRecord

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.models import Document
    from chalicelib.ports import Documents
    from chalicelib.ports.versions import Versions

S = DocumentStatus
SYSTEM_ACTOR = "system"


class VersionArrivals:
    """What Extract does with a version's file when it arrives: hash it, and end a
    duplicate of an existing version before it runs."""

    def __init__(self, versions: Versions, repo: Documents, clock: Callable[[], datetime]) -> None:
        self._versions = versions
        self._repo = repo
        self._clock = clock

    def arrived(self, document: Document, sha256: str) -> int | None:
        """Record the file's SHA-256; the version it duplicates, if any."""
        self._versions.record_arrival(document.document_id, document.version, sha256=sha256)
        if document.latest_version is None:
            return None  # the first version: nothing to duplicate
        for record in self._versions.list_versions(document.document_id):
            if (
                record.version != document.version
                and record.sha256 == sha256
                and record.status != SUPERSEDED
                and record.duplicate_of is None
            ):
                return record.version
        return None

    def revert(self, document: Document, duplicate_of: int) -> None:
        """After the duplicate failed: the version it replaced is current again, if done."""
        current = self._repo.get(document.document_id)
        if current is None or current.version != document.version:
            return
        previous = current.previous_version
        target = self._versions.get_version(document.document_id, previous) if previous else None
        if target is None or target.status != S.DONE.value:
            return  # nothing finished to go back to: the failed duplicate stays current
        item = self._versions.get_version(document.document_id, current.version)
        replaced = VersionRecord.of_current(
            current, created_at=item.created_at if item is not None else current.created_at
        )
        replaced = with_item(replaced, item).model_copy(update={"duplicate_of": duplicate_of})
        try:
            restore_version(
                self._versions,
                current,
                target,
                replaced=replaced,
                actor=SYSTEM_ACTOR,
                at=self._clock(),
                reason=f"v{current.version} is identical to v{duplicate_of}",
            )
        except DocumentStateConflictError:
            return  # someone moved the document meanwhile: theirs stands


def restore_version(
    versions: Versions,
    current: Document,
    target: VersionRecord,
    *,
    replaced: VersionRecord,
    actor: str,
    at: datetime,
    reason: str,
) -> RestoreAudit:
    """Make `target` current again in one transaction, with its audit item."""
    head: dict[str, Any] = dict.fromkeys(VERSION_FIELDS)
    head.pop("upload_expires_at")  # required on the record; meaningless once uploaded
    head.update(
        version=target.version,
        status=target.status,
        filename=target.filename,
        content_type=target.content_type,
        ext=target.ext,
        declared_size=target.declared_size,
        pipeline=target.pipeline,
        real_size=target.real_size,
        route=target.route,
        confidence=target.confidence,
        findings_summary=target.findings_summary,
        error=target.error.model_dump(mode="json") if target.error else None,
        refunded=target.refunded,
        sha256=target.sha256,
        declared_sha256=target.declared_sha256,
        uploaded_by=target.uploaded_by,
        change_note=target.change_note,
        previous_version=target.previous_version,
        callback_attempts=0,
    )
    audit = RestoreAudit(
        document_id=current.document_id,
        actor=actor,
        at=at,
        from_version=current.version,
        to_version=target.version,
        reason=reason,
    )
    versions.restore_version(
        current, head=head, replaced=replaced.replaced(target.version), audit=audit
    )
    return audit


def with_item(record: VersionRecord, item: VersionRecord | None) -> VersionRecord:
    """The current version's record, keeping what only its item knows."""
    if item is None:
        return record
    return record.model_copy(update={"duplicate_of": item.duplicate_of})
