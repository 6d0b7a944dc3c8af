"""What a caller may see of their documents: status views and reports."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib import api_views as views
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    InvalidRequestError,
)
from chalicelib.keys import (
    build_artifact_prefix,
    build_result_prefix,
    build_upload_prefix,
)
from chalicelib.models import Document, DocumentStatus
from chalicelib.report_html import render_report_html
from chalicelib.statements.deal import DealCheck, cross_check

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chalicelib.ports import Documents, ObjectStore


DEFAULT_PAGE = 20
MAX_PAGE = 100


@dataclass(frozen=True)
class ReportView:
    """A report (200), where the document is while it runs (202), or why it failed (409)."""

    http_status: int
    body: dict[str, Any]


def document_view(document: Document) -> dict[str, Any]:
    """The public JSON of a document: no tokens, no internal keys."""
    return views.Document.of(document).body()


class DocumentQueries:
    """Reads a caller's documents; others' documents do not exist for them."""

    def __init__(self, repo: Documents, store: ObjectStore) -> None:
        self._repo = repo
        self._store = store

    def deal(self, owner_id: str, deal_id: str) -> dict[str, Any]:
        """A deal's documents and, once its contract is done, the cross-check."""
        documents = self._repo.deal_documents(owner_id, deal_id)
        if not documents:
            raise DocumentNotFoundError("No such deal.")
        return self.deal_of(deal_id, documents)

    def deal_documents(self, deal_id: str, *, caller_id: str) -> list[Document]:
        """A deal's documents whoever owns it (the access layer then keeps what the caller
        may read): a deal bears the id of the document that opened it, and that document's
        owner holds them all. A deal made before deals were named so (a random id) is
        found through the alias the backfill gave it, or else among the caller's own
        documents only."""
        if not _plausible_id(deal_id):
            return []
        root = self._repo.get(deal_id)
        if root is not None and root.deal_id == deal_id:
            # A deleted root still names its deal's owner: the other files may be there.
            return self._repo.deal_documents(root.owner_id, deal_id)
        return self._repo.deal_documents(self._repo.deal_owner(deal_id) or caller_id, deal_id)

    def deal_of(self, deal_id: str, documents: list[Document]) -> dict[str, Any]:
        """The view of a deal made of `documents` (those of it the caller may read, at
        least one): the cross-check sets its contract against these statements only."""
        checked = None
        contract = next((d for d in documents if _is_finished_contract(d)), None)
        if contract is not None:
            deal = self._cross_check(contract, documents)
            if deal is not None:
                checked = views.CrossCheck(
                    contract_id=contract.document_id, **deal.as_json(), markdown=deal.markdown()
                )
        return views.Deal(
            deal_id=deal_id,
            documents=[views.Document.of(d) for d in documents],
            cross_check=checked,
        ).body()

    def _cross_check(
        self,
        contract: Document,
        members: list[Document] | None = None,
        report: dict[str, Any] | None = None,
    ) -> DealCheck | None:
        """The contract against the deal's recognised statements; None when none is done.

        `report` is the contract's report JSON when the caller has read it already.
        """
        if contract.deal_id is None:
            return None
        if members is None:
            members = self._repo.deal_documents(contract.owner_id, contract.deal_id)
        results = []
        for member in members:
            if member.pipeline != "statement" or member.status != DocumentStatus.DONE:
                continue
            key = member.ref.run_result_key
            if self._store.exists(key):
                results.append((member.filename, json.loads(self._store.get_text(key))))
        if not results:
            return None
        if report is None:
            report = json.loads(self._store.get_text(contract.ref.artifact_key("report.json")))
        text_key = contract.ref.artifact_key("text.md")
        # The text may be gone (its retention is shorter): the prescreen's facts remain.
        text = self._store.get_text(text_key) if self._store.exists(text_key) else ""
        return cross_check(report.get("prescreen") or {}, text, results)

    def list(
        self, owner_id: str, *, limit: int = DEFAULT_PAGE, cursor: str | None = None
    ) -> views.DocumentPage:
        """A page of the caller's documents, newest first, and the cursor of the next."""
        if not 1 <= limit <= MAX_PAGE:
            raise InvalidRequestError(f"limit must be between 1 and {MAX_PAGE}.")
        documents, next_cursor = self._repo.list_documents(owner_id, limit=limit, cursor=cursor)
        return views.DocumentPage(
            documents=[views.Document.of(d) for d in documents], next_cursor=next_cursor
        )

    def list_region(
        self, region: str, *, limit: int = DEFAULT_PAGE, cursor: str | None = None
    ) -> tuple[Sequence[Document], str | None]:
        """A page of a region's documents, newest first (the access layer checked the
        caller may read them), and the cursor of the next."""
        if not 1 <= limit <= MAX_PAGE:
            raise InvalidRequestError(f"limit must be between 1 and {MAX_PAGE}.")
        return self._repo.list_region_documents(region, limit=limit, cursor=cursor)

    def get(self, owner_id: str, document_id: str) -> Document:
        """The caller's document, or not found (also when it is someone else's)."""
        document = self.find(document_id)
        if document.owner_id != owner_id:
            raise DocumentNotFoundError
        return document

    def find(self, document_id: str) -> Document:
        """Any owner's document that was not deleted, or not found: the access layer
        (`chalicelib.access.documents`) decides who may see it."""
        document = self._repo.get(document_id) if _plausible_id(document_id) else None
        if document is None or document.deleted_at is not None:
            raise DocumentNotFoundError
        return document

    def prescreen_of(self, document: Document) -> dict[str, Any] | None:
        """Prescreen's facts for a document, when prescreen has run (any owner: reviewers)."""
        key = document.ref.artifact_key("prescreen.json")
        if not self._store.exists(key):
            return None
        parsed: dict[str, Any] = json.loads(self._store.get_text(key))
        return parsed

    def delete(self, owner_id: str, document_id: str) -> dict[str, Any]:
        """Remove a finished document's original and artifacts; keep its record for audit.

        The objects go first: should this stop halfway, the document is still there and
        deleting it again finishes the job.
        """
        return self.delete_found(self.get(owner_id, document_id))

    def delete_found(self, document: Document) -> dict[str, Any]:
        """`delete` of a document the caller may change (found and checked already)."""
        if not document.status.is_final:
            raise DocumentStateConflictError(
                "The document is still being processed; delete it once it is done or failed."
            )
        removed = sum(
            self._store.delete_prefix(prefix)
            for prefix in (
                build_upload_prefix(document.region, document.document_id, document.upload_area),
                build_artifact_prefix(document.region, document.document_id),
                build_result_prefix(document.document_id),
            )
        )
        deleted = self._repo.mark_deleted(document.document_id, objects_removed=removed)
        return views.DeletedDocument(
            document_id=deleted.document_id,
            deleted_at=deleted.deleted_at,
            objects_removed=removed,
        ).body()

    def report(self, owner_id: str, document_id: str) -> ReportView:
        """The report (Markdown, safe HTML and JSON) when done; otherwise the status and stage."""
        return self.report_of(self.get(owner_id, document_id))

    def report_of(
        self, document: Document, *, readable: Callable[[Document], bool] | None = None
    ) -> ReportView:
        """`report` of a document the caller may read (found and checked already); with
        `readable`, a contract's cross-check counts only the deal's statements it allows."""
        if document.status == DocumentStatus.FAILED and document.error is not None:
            error = views.ErrorDetail(code=document.error.code, message=document.error.message)
            failed = views.FailedReport(error=error, document=views.Document.of(document))
            return ReportView(http_status=409, body=failed.body())
        if document.status != DocumentStatus.DONE:
            return ReportView(http_status=202, body=document_view(document))
        markdown = self._store.get_text(document.ref.artifact_key("report.md"))
        report = json.loads(self._store.get_text(document.ref.artifact_key("report.json")))
        if document.deal_id is not None and report.get("kind") != "statement":
            # A contract in a deal: its report ends with the cross-check against the
            # statements of the deal done so far (read now, so a late statement counts).
            members = None
            if readable is not None:
                found = self._repo.deal_documents(document.owner_id, document.deal_id)
                members = [member for member in found if readable(member)]
            deal = self._cross_check(document, members, report=report)
            if deal is not None:
                markdown = markdown.rstrip() + "\n\n" + deal.markdown()
                report = {**report, "deal": {"deal_id": document.deal_id, **deal.as_json()}}
        return ReportView(
            http_status=200,
            body=views.ReportView(
                document=views.Document.of(document),
                markdown=markdown,
                # For the web page: sanitised, so it may be inserted as it is.
                html=render_report_html(markdown),
                report=report,
            ).body(),
        )


def _plausible_id(document_id: str) -> bool:
    return 6 <= len(document_id) <= 64 and all(c.isalnum() or c == "-" for c in document_id)


def _is_finished_contract(document: Document) -> bool:
    return document.status == DocumentStatus.DONE and document.pipeline not in (None, "statement")
