"""Versions of a document: a new version's upload, the list, an older version's report,
comparing two, and rolling back.

Rules (README, "Versions"):
- A new version is `v{n+1}` of the same document, numbered by the record's counter in one
  conditional transaction (`Versions.open_version`): requests at once get distinct numbers.
- One run per document at a time. While the current version is running (extracting to in
  review) a new version is refused, 409 `VERSION_IN_PROGRESS`: its run finishes pinned to
  its version, and the next version is asked for once it has. While the current version
  still awaits its file, a new version replaces it at once: the older one ends
  `superseded` (it never ran) and its reserved credit carries over to the new one, so
  two uploads asked for at once give v2 and v3, one credit spent on the one that runs.
  Otherwise a new version takes a credit, as a new document does, and a failed one is
  refunded by the same policy.
- A file identical to an existing version (same SHA-256) is no new version: refused at
  once when the request declares its SHA-256 (409 `DUPLICATE_VERSION`); found on arrival,
  the version fails as `DUPLICATE_VERSION` without a run, its credit is returned (nothing
  was processed, as for an upload that never came) and the version it replaced is current
  again (`chalicelib.services.version_arrivals`).
- A roll-back makes a finished older version current again without copying any object
  (its keys carry its number), and leaves an audit item.

Who may do what is checked in one place, `VersionService._owned`: the owner, as
`DocumentQueries.get` decides (a document outside the caller's reach is 404).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib import api_views as views
from chalicelib.analysis.report import render_changes
from chalicelib.errors import (
    DocumentStateConflictError,
    DuplicateVersionError,
    InvalidRequestError,
    VersionInProgressError,
    VersionNotFoundError,
)
from chalicelib.keys import DocumentRef
from chalicelib.models import Document, DocumentStatus
from chalicelib.report_html import render_report_html
from chalicelib.services.documents import ReportView
from chalicelib.services.uploads import check_sent_size
from chalicelib.services.version_arrivals import restore_version, with_item
from chalicelib.versions.compare import VersionSnapshot, compare_versions
from chalicelib.versions.records import VERSION_FIELDS, VersionRecord
from chalicelib.versions.reports import read_report_json

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports import ObjectStore
    from chalicelib.ports.versions import Versions
    from chalicelib.services.documents import DocumentQueries
    from chalicelib.services.uploads import (
        UploadOpening,
        UploadRequest,
        UploadService,
        UploadTicket,
    )
    from chalicelib.versions.compare import VersionChanges

S = DocumentStatus
_RUNNING = frozenset({S.EXTRACTING, S.PRESCREENING, S.ANALYZING, S.IN_REVIEW})
# Requests racing for the next number each retry this often; more racers than this at
# once on one document are refused (409) rather than spun on.
_OPEN_ATTEMPTS = 8


@dataclass(frozen=True)
class VersionRequest:
    """A new version's file, as the client declares it, and why it changed."""

    upload: UploadRequest
    change_note: str | None = None
    sha256: str | None = None


def version_report_path(document_id: str, version: int) -> str:
    """Where a version's report is read."""
    return f"/v1/documents/{document_id}/versions/{version}/report"


class VersionService:
    """Opens, lists, compares and restores the versions of a caller's documents.

    A new version's upload is a new document's but for its reservation: `uploads` checks
    the request, times its form, counts the credit and hands out the form (or takes the
    bot's bytes), with the same limits and keys; this service only numbers the version and
    reserves it (`Versions.open_version`).
    """

    def __init__(
        self,
        *,
        versions: Versions,
        store: ObjectStore,
        queries: DocumentQueries,
        uploads: UploadService,
        clock: Callable[[], datetime],
    ) -> None:
        self._versions = versions
        self._store = store
        self._queries = queries
        self._uploads = uploads
        self._clock = clock

    def _owned(self, caller_id: str, document_id: str) -> Document:
        """The caller's document, or 404: the one access check of every version route."""
        return self._queries.get(caller_id, document_id)

    # --- a new version ------------------------------------------------------------------

    def request_version(
        self, caller_id: str, document_id: str, request: VersionRequest
    ) -> UploadTicket:
        """Open `v{n+1}` and return the presigned POST for its file."""
        # Checked before anything is read (a bad file is 400, whoever asks), and timed once:
        # a request that loses the race for a number keeps its times on the next try.
        opening = self._uploads.open(request.upload)
        declared = request.sha256.lower() if request.sha256 else None
        document = self._owned(caller_id, document_id)
        self._uploads.check_uploader(caller_id)
        if declared is not None:
            duplicate = self._version_with_sha(document, declared)
            if duplicate is not None:
                raise DuplicateVersionError(
                    f"This file is identical to v{duplicate} (same SHA-256): no new version "
                    "was made and no credit was taken."
                )
        for _ in range(_OPEN_ATTEMPTS):
            opened = self._try_open(
                document, caller_id=caller_id, request=request, opening=opening, declared=declared
            )
            if opened is not None:
                return opened
            document = self._owned(caller_id, document_id)
        raise DocumentStateConflictError("Too many versions were asked for at once; try again.")

    def _try_open(
        self,
        current: Document,
        *,
        caller_id: str,
        request: VersionRequest,
        opening: UploadOpening,
        declared: str | None,
    ) -> UploadTicket | None:
        """One attempt at the next number; None when another request took it first."""
        if current.status in _RUNNING:
            raise VersionInProgressError
        # A version still waiting for its file is replaced at once, keeping its credit.
        superseding = current.status == S.AWAITING_UPLOAD
        number = (current.latest_version or current.version) + 1
        previous = current.previous_version if superseding else current.version
        head: dict[str, Any] = dict.fromkeys(VERSION_FIELDS)
        head.update(
            version=number,
            latest_version=number,
            status=S.AWAITING_UPLOAD.value,
            filename=opening.filename,
            content_type=opening.content_type,
            ext=opening.ext,
            declared_size=opening.size,
            upload_expires_at=opening.expires_at.isoformat(),
            refunded=False,
            callback_attempts=0,
            uploaded_by=caller_id,
            change_note=request.change_note or None,
            declared_sha256=declared,
            previous_version=previous,
            correlation_id=opening.correlation_id,
        )
        if request.upload.telegram_chat_id is not None:  # sent to the bot: progress goes there
            head["telegram_chat_id"] = request.upload.telegram_chat_id
            head["telegram_message_id"] = request.upload.telegram_message_id
        opened = VersionRecord(
            document_id=current.document_id,
            version=number,
            filename=opening.filename,
            content_type=opening.content_type,
            ext=opening.ext,
            declared_size=opening.size,
            created_at=opening.at,
            uploaded_by=caller_id,
            change_note=head["change_note"],
            declared_sha256=declared,
            status=S.AWAITING_UPLOAD.value,
            is_current=True,
            previous_version=previous,
        )
        replaced = self._current_record(current).replaced(number, superseded=superseding)
        deadline = opening.deadline(current.document_id, number)
        try:
            self._versions.open_version(
                current,
                head=head,
                opened=opened,
                replaced=replaced,
                charge=not superseding,
                deadline=deadline,
            )
        except DocumentStateConflictError:
            return None
        document = Document.model_validate({**current.model_dump(mode="json"), **head})
        # A superseded version's credit carried over: none was taken for this one.
        return self._uploads.issue(document, charged=not superseding)

    def upload_version_bytes(
        self, caller_id: str, document_id: str, request: VersionRequest, data: bytes
    ) -> Document:
        """A server-side upload of a new version (the bot's): the same checks, credit and
        key as the presigned POST; the object's arrival starts its run."""
        check_sent_size(request.upload, data)
        document = self.request_version(caller_id, document_id, request).document
        self._uploads.put_original(document, data)
        return document

    def _current_record(self, document: Document) -> VersionRecord:
        """The current version as its record stands, with its item's own time if any."""
        item = self._versions.get_version(document.document_id, document.version)
        created_at = item.created_at if item is not None else document.created_at
        return with_item(VersionRecord.of_current(document, created_at=created_at), item)

    def _records(self, document: Document) -> dict[int, VersionRecord]:
        """Every version by number: the items, with the current one as its record says."""
        records = {r.version: r for r in self._versions.list_versions(document.document_id)}
        item = records.get(document.version)
        created_at = item.created_at if item is not None else document.created_at
        current = VersionRecord.of_current(document, created_at=created_at)
        records[document.version] = with_item(current, item)
        return dict(sorted(records.items()))

    def _version_with_sha(self, document: Document, sha256: str) -> int | None:
        """The version whose arrived file has this SHA-256, if any."""
        for record in self._records(document).values():
            if record.sha256 == sha256 and record.duplicate_of is None:
                return record.version
        return None

    # --- reading --------------------------------------------------------------------------

    def list_versions(self, caller_id: str, document_id: str) -> views.VersionList:
        """Every version with its status, its file and its report's path once done."""
        document = self._owned(caller_id, document_id)
        listed = [
            views.VersionView.of(
                record,
                report=version_report_path(document.document_id, record.version)
                if record.status == S.DONE.value
                else None,
            )
            for record in self._records(document).values()
        ]
        return views.VersionList(
            document_id=document.document_id,
            current_version=document.version,
            latest_version=document.latest_version or document.version,
            versions=listed,
            restores=[views.Restore.of(a) for a in self._versions.audit_log(document.document_id)],
        )

    def version_report(self, caller_id: str, document_id: str, version: int) -> ReportView:
        """One version's report: 200 once done, 202 while the current one runs, else 409."""
        document = self._owned(caller_id, document_id)
        if version == document.version:
            return self._queries.report(caller_id, document_id)
        record = self._record(document, version)
        if record.status == S.DONE.value:
            ref = DocumentRef(document.document_id, version, document.region)
            markdown = self._store.get_text(ref.artifact_key("report.md"))
            report = json.loads(self._store.get_text(ref.artifact_key("report.json")))
            done = views.VersionReport(
                document=views.Document.of(document),
                version=views.ReportedVersion.of(record),
                markdown=markdown,
                html=render_report_html(markdown),
                report=report,
            )
            return ReportView(http_status=200, body=done.body())
        if record.error is not None:
            error = views.ErrorDetail(code=record.error.code, message=record.error.message)
        else:
            error = views.ErrorDetail(
                code="NO_REPORT",
                message=f"v{version} was replaced before its file arrived: it has no report.",
            )
        failed = views.FailedVersionReport(
            error=error,
            document=views.Document.of(document),
            version=views.ReportedVersion.of(record),
        )
        return ReportView(http_status=409, body=failed.body())

    def compare(
        self, caller_id: str, document_id: str, from_version: int, to_version: int
    ) -> views.VersionComparison:
        """What changed from one finished version to another."""
        document = self._owned(caller_id, document_id)
        if from_version == to_version:
            raise InvalidRequestError("from and to must name two different versions.")
        old = self._snapshot(document, from_version)
        new = self._snapshot(document, to_version)
        changes = compare_versions(old, new)
        return changes_view(document.document_id, changes)

    def _record(self, document: Document, version: int) -> VersionRecord:
        record = self._records(document).get(version)
        if record is None:
            raise VersionNotFoundError(f"The document has no v{version}.")
        return record

    def _snapshot(self, document: Document, version: int) -> VersionSnapshot:
        record = self._record(document, version)
        if record.status != S.DONE.value:
            raise DocumentStateConflictError(
                f"v{version} has no report to compare (it is {record.status})."
            )
        report = read_report_json(
            self._store, DocumentRef(document.document_id, version, document.region)
        )
        if report is None:
            raise DocumentStateConflictError(f"v{version}'s report is no longer stored.")
        snapshot = VersionSnapshot.from_report(report)
        if snapshot is None:
            raise DocumentStateConflictError(
                f"v{version}'s report is not a contract's: only contracts' facts and findings "
                "are compared."
            )
        return snapshot

    # --- rolling back -----------------------------------------------------------------------

    def restore(
        self,
        caller_id: str,
        document_id: str,
        version: int,
        *,
        reason: str = "",
        actor: str | None = None,
    ) -> views.VersionRestore:
        """Make a finished older version current again; audited with `actor` (who asked:
        the owner, or someone the access checks let change the owner's document)."""
        document = self._owned(caller_id, document_id)
        if version == document.version:
            raise DocumentStateConflictError(f"v{version} is the current version already.")
        if not document.status.is_final:
            raise VersionInProgressError(
                "The current version is still being processed; roll back once it is done."
            )
        target = self._record(document, version)
        if target.status != S.DONE.value:
            raise DocumentStateConflictError(
                f"Only a version with a report can be made current again; v{version} is "
                f"{target.status}."
            )
        audit = restore_version(
            self._versions,
            document,
            target,
            replaced=self._current_record(document),
            actor=actor or caller_id,
            at=self._clock(),
            reason=reason,
        )
        restored = self._owned(caller_id, document_id)
        return views.VersionRestore(
            document=views.Document.of(restored), restore=views.Restore.of(audit)
        )


def changes_view(document_id: str, changes: VersionChanges) -> views.VersionComparison:
    """The public view of a comparison, with its Markdown. Its facts, parties and findings
    are the comparison's own records as JSON (`chalicelib.versions.compare`)."""
    return views.VersionComparison(
        document_id=document_id,
        **changes.model_dump(mode="json"),
        unchanged=changes.unchanged,
        markdown=render_changes(changes),
    )
