"""What the table keeps about each version of a document, and about each roll-back.

The document's record (`DOC#{id}`/`META`) carries its *current* version and that
version's run, as it always has: every step of the pipeline reads and writes it, guarded
by the version it runs for. Each version also has an item of its own,
`DOC#{id}`/`VERSION#{n:04d}`: written when it is asked for (who, when, the change note,
a declared SHA-256), and given a snapshot of its run (status, route, findings, error,
refund, the file's SHA-256 and size) when another version takes its place. A version's
live state is therefore the record's while it is current, its item's after; the listing
joins the two. Roll-backs leave an audit item, `DOC#{id}`/`AUDIT#{at}#{n}`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chalicelib.models import Document, DocumentError, Pipeline, Route

# A version replaced before its file arrived: it never ran.
SUPERSEDED = "superseded"
VERSION_SK_PREFIX = "VERSION#"
AUDIT_SK_PREFIX = "AUDIT#"

# The fields of the document's record that describe its current version's file and run:
# what a version's snapshot keeps, what a new version clears, what a roll-back restores.
VERSION_FIELDS: tuple[str, ...] = (
    "filename",
    "content_type",
    "ext",
    "declared_size",
    "upload_expires_at",
    "status",
    "pipeline",
    "source_version_id",
    "real_size",
    "execution_arn",
    "route",
    "confidence",
    "findings_summary",
    "error",
    "refunded",
    "review",
    "task_token",
    "sha256",
    "declared_sha256",
    "uploaded_by",
    "change_note",
    "previous_version",
    "correlation_id",
    "telegram_message_id",
    "callback_status",
    "callback_attempts",
)


def version_sk(version: int) -> str:
    """`VERSION#0002`: sorts by number."""
    return f"{VERSION_SK_PREFIX}{version:04d}"


class VersionRecord(BaseModel):
    """One version of a document: its file, who sent it and why, and how its run ended."""

    model_config = ConfigDict(extra="ignore")

    document_id: str
    version: int = Field(ge=1)
    filename: str
    content_type: str
    ext: str
    declared_size: int = Field(ge=0)
    created_at: datetime
    uploaded_by: str | None = None
    change_note: str | None = None
    declared_sha256: str | None = None
    sha256: str | None = None
    real_size: int | None = None
    status: str
    pipeline: Pipeline | None = None
    route: Route | None = None
    confidence: float | None = None
    findings_summary: dict[str, int] | None = None
    error: DocumentError | None = None
    refunded: bool = False
    is_current: bool = False
    replaced_by: int | None = None
    previous_version: int | None = None
    duplicate_of: int | None = None

    @classmethod
    def of_current(cls, document: Document, *, created_at: datetime | None = None) -> VersionRecord:
        """The current version as the document's record now describes it."""
        return cls(
            document_id=document.document_id,
            version=document.version,
            filename=document.filename,
            content_type=document.content_type,
            ext=document.ext,
            declared_size=document.declared_size,
            created_at=created_at or document.created_at,
            uploaded_by=document.uploaded_by or document.owner_id,
            change_note=document.change_note,
            declared_sha256=document.declared_sha256,
            sha256=document.sha256,
            real_size=document.real_size,
            status=document.status.value,
            pipeline=document.pipeline,
            route=document.route,
            confidence=document.confidence,
            findings_summary=document.findings_summary,
            error=document.error,
            refunded=document.refunded,
            is_current=True,
            previous_version=document.previous_version,
        )

    def replaced(self, by: int, *, superseded: bool = False) -> VersionRecord:
        """This version once `by` took its place (`superseded`: before its file came)."""
        update: dict[str, Any] = {"is_current": False, "replaced_by": by}
        if superseded:
            update["status"] = SUPERSEDED
        return self.model_copy(update=update)


class RestoreAudit(BaseModel):
    """A roll-back: who made which version current again, when, and from which."""

    model_config = ConfigDict(extra="ignore")

    document_id: str
    action: Literal["restore"] = "restore"
    actor: str
    at: datetime
    from_version: int
    to_version: int
    reason: str = ""
