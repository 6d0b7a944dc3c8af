"""Documents as a principal may see and change them: every read and write checked here.

The routes of people (`/v1/documents/...`, `/v1/reviews`) call this instead of the
owner-only `DocumentQueries` methods; the bot and the partners' routes, which only ever
act for the owner, keep those. A document out of reach is not found (404), exactly as
one that does not exist; every read by someone other than the owner is audited, with the
grant that allowed it, if one did.
"""

from __future__ import annotations

import mimetypes
from datetime import timedelta
from typing import TYPE_CHECKING, Any, get_args

from chalicelib import api_views as views
from chalicelib.access.deals import read_deal
from chalicelib.access.disposition import content_disposition
from chalicelib.errors import DocumentNotFoundError
from chalicelib.keys import ArtifactName
from chalicelib.services.documents import document_view

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.access.principal import Principal
    from chalicelib.access.service import AccessService
    from chalicelib.models import Document
    from chalicelib.ports.access import ObjectDownloads
    from chalicelib.services.documents import DocumentQueries, ReportView
    from chalicelib.services.review import Decision, ReviewService
    from chalicelib.services.uploads import UploadRequest, UploadService, UploadTicket

READ = "document:read"
WRITE = "document:write"
DECIDE = "review:decide"
ARTIFACT_NAMES: tuple[str, ...] = get_args(ArtifactName)
DEFAULT_DOWNLOAD_SECONDS = 300
_CONTENT_TYPES = {".md": "text/markdown; charset=utf-8", ".json": "application/json"}


class GovernedDocuments:
    """Document reads, writes, downloads and reviews behind the access checks."""

    def __init__(
        self,
        access: AccessService,
        queries: DocumentQueries,
        store: ObjectDownloads,
        clock: Callable[[], datetime],
        *,
        download_ttl_seconds: int = DEFAULT_DOWNLOAD_SECONDS,
        reviews: Callable[[], ReviewService] | None = None,
        uploads: Callable[[], UploadService] | None = None,
    ) -> None:
        self._access = access
        self._queries = queries
        self._store = store
        self._clock = clock
        self._ttl = download_ttl_seconds
        # Built on first use: the review service needs the state machine's ARN, which a
        # function that only reads documents may not have.
        self._reviews = reviews
        self._uploads = uploads

    def _readable(self, principal: Principal, document_id: str, what: str) -> Document:
        document = self._queries.find(document_id)
        decision = self._access.require_document(principal, READ, document)
        self._access.record_read(principal, what, document, decision)
        return document

    def readable(self, principal: Principal, document_id: str, what: str) -> Document:
        """A document the principal may read, the read audited as `what` (a rerun's list
        or report: `chalicelib.services.reanalysis` answers for it)."""
        return self._readable(principal, document_id, what)

    def list_region(
        self,
        principal: Principal,
        region: str | None,
        *,
        limit: int,
        cursor: str | None = None,
    ) -> dict[str, Any]:
        """A page of a region's documents (the caller's own region when none is named), for
        whoever may read every document there; the page is audited (who, which region, under
        which grant, how many documents), as a read of each would be."""
        region = region or principal.region
        decision = self._access.require_region(principal, READ, region)
        documents, next_cursor = self._queries.list_region(region, limit=limit, cursor=cursor)
        self._access.record(
            principal,
            "documents.list",
            target=region,
            grant_id=decision.grant_id,
            detail={"region": region, "role": principal.role, "documents": len(documents)},
        )
        return views.DocumentPage(
            documents=[views.Document.of(d) for d in documents], next_cursor=next_cursor
        ).body()

    def get(self, principal: Principal, document_id: str) -> dict[str, Any]:
        """A document's status view."""
        return document_view(self._readable(principal, document_id, "document.read"))

    def report(self, principal: Principal, document_id: str) -> ReportView:
        """A document's report (or its stage, or why it failed); a contract's cross-check
        with its deal's statements counts only those the caller may read too."""
        document = self._readable(principal, document_id, "report.read")
        return self._queries.report_of(
            document, readable=lambda member: self._access.decide(principal, READ, member).allowed
        )

    def delete(self, principal: Principal, document_id: str) -> dict[str, Any]:
        """Remove a finished document's files: `document:write` over it."""
        document = self._queries.find(document_id)
        decision = self._access.require_document(principal, WRITE, document)
        deleted = self._queries.delete_found(document)
        # Someone else's document (a regional admin's tidying): on the record, as reads are.
        self._access.record_read(principal, "document.delete", document, decision)
        return deleted

    def owner_to_read(self, principal: Principal, document_id: str, what: str) -> str:
        """The owner of a document the principal may read, the read audited as `what`: the
        versions service then answers as for the owner."""
        return self._readable(principal, document_id, what).owner_id

    def owner_to_write(self, principal: Principal, document_id: str, what: str) -> str:
        """The owner of a document the principal may change (`document:write`); the change
        (`what`, e.g. a roll-back) is audited whoever makes it."""
        document = self._queries.find(document_id)
        self._access.require_document(principal, WRITE, document)
        self._access.record(
            principal, what, document_id=document.document_id, owner_id=document.owner_id
        )
        return document.owner_id

    def attach(
        self, principal: Principal, document_id: str, request: UploadRequest
    ) -> UploadTicket:
        """Another file of the deal this document opens: `document:write` over it.

        The deal and its credits are the owner's, so only the owner attaches (the upload
        service refuses anyone else as not found, as this check does).
        """
        document = self._queries.find(document_id)
        self._access.require_document(principal, WRITE, document)
        if self._uploads is None:
            raise RuntimeError("GovernedDocuments was built without uploads")
        return self._uploads().attach(principal.user_id, document.document_id, request)

    def deal(self, principal: Principal, deal_id: str) -> dict[str, Any]:
        """A deal's documents the caller may read, and the cross-check over them
        (`chalicelib.access.deals`); none of them: not found, as a missing deal."""
        return read_deal(self._access, self._queries, principal, deal_id, action=READ)

    def download(
        self, principal: Principal, document_id: str, artifact: str | None = None
    ) -> dict[str, Any]:
        """A presigned GET of the original (`artifact` None) or of one known artifact.

        The check and the audit come first; the URL lives `download_ttl_seconds` and makes
        S3 answer with the original file name (RFC 6266) whatever the object key is.
        """
        if artifact is not None and artifact not in ARTIFACT_NAMES:
            raise DocumentNotFoundError("No such artifact.")
        document = self._queries.find(document_id)
        decision = self._access.require_document(principal, READ, document)
        if artifact is None:
            key = document.ref.upload_key(document.ext)
            filename, content_type = document.filename, document.content_type
        else:
            key = document.ref.artifact_key(artifact)  # type: ignore[arg-type]
            filename = f"{_stem(document.filename)}.{artifact}"
            content_type = _artifact_type(artifact)
        if not self._store.exists(key):
            raise DocumentNotFoundError(
                "No such artifact." if artifact else "The original is no longer kept."
            )
        what = "original.download" if artifact is None else "artifact.download"
        self._access.record_read(principal, what, document, decision, target=artifact)
        expires_at = self._clock() + timedelta(seconds=self._ttl)
        url = self._store.presigned_get(
            key,
            expires_in=self._ttl,
            content_disposition=content_disposition(filename),
            content_type=content_type,
        )
        return {
            "document_id": document.document_id,
            "version": document.version,
            "name": artifact or "original",
            "filename": filename,
            "url": url,
            "expires_at": expires_at.isoformat(),
        }

    # --- reviews

    def review_queue(self, principal: Principal) -> list[Document]:
        """Held documents the caller may decide, oldest hold first (403 with no such right)."""
        self._access.require_action(principal, DECIDE)
        return [
            document
            for document in self._review_service().queue()
            if self._access.decide(principal, DECIDE, document).allowed
        ]

    def decide_review(
        self, principal: Principal, document_id: str, decision: Decision, *, comment: str = ""
    ) -> Document:
        """Decide a held document of the caller's reach (403 with no right at all, 404 out of
        reach)."""
        self._access.require_action(principal, DECIDE)
        document = self._queries.find(document_id)
        self._access.require_document(principal, DECIDE, document)
        return self._review_service().decide(
            document.document_id, decision, reviewer=principal.user_id, comment=comment
        )

    def _review_service(self) -> ReviewService:
        if self._reviews is None:
            raise RuntimeError("GovernedDocuments was built without reviews")
        return self._reviews()


def _stem(filename: str) -> str:
    stem, dot, _ = filename.rpartition(".")
    return stem if dot and stem else filename


def _artifact_type(name: str) -> str:
    suffix = name[name.rfind(".") :]
    return _CONTENT_TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
