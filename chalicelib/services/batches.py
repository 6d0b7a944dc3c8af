"""Bulk imports: many files at once, one document each, every run in the `batch` lane.

`POST /v1/batches` checks every file and the caller's credits before reserving anything
(as a deal does), then reserves a credit and hands out a presigned POST per file, each
document marked with the batch and put in the `batch` lane: its runs share the batch
lane's semaphores and never take a person's capacity. The batch's record keeps its
documents' ids; `GET /v1/batches/{id}` counts them by status and, once every one is
final, adds a summary report (routes, findings by severity, failures with their codes,
credits spent and refunded).

A reservation that fails half-way (the credits spent by another request meanwhile)
leaves the documents reserved so far without a batch record: they are never uploaded,
expire, and the sweeper returns their credits, as for any upload never sent.
"""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from chalicelib import api_views as views
from chalicelib.errors import DocumentNotFoundError, InvalidRequestError
from chalicelib.lanes import BATCH_LANE
from chalicelib.models import SEVERITY_ORDER, Batch, DocumentStatus

# What one request may carry (BATCH_MAX_FILES may lower it): 500 presigned POSTs are
# about 1 MB of answer, and reserving them about as many conditional writes.
MAX_BATCH_FILES = 500

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from chalicelib.models import Document
    from chalicelib.services.uploads import UploadRequest, UploadService, UploadTicket


class Batches(Protocol):
    """Where batches are kept (`adapters.dynamo.batches`)."""

    def create_batch(self, batch: Batch) -> None:
        """Store a new batch (never over an existing one)."""
        ...

    def get_batch(self, batch_id: str) -> Batch | None:
        """The batch, if there is one."""
        ...

    def batch_documents(self, document_ids: Sequence[str]) -> list[Document]:
        """The batch's documents by id."""
        ...


class BatchService:
    """Creates bulk imports and tells how far they are."""

    def __init__(
        self,
        *,
        batches: Batches,
        uploads: UploadService,
        max_files: int,
        clock: Callable[[], datetime],
        reanalysis: Callable[[Batch], dict[str, Any]] | None = None,
    ) -> None:
        # A reanalysis batch's status is its reruns' (chalicelib.services.reanalysis).
        self._reanalysis = reanalysis
        self._batches = batches
        self._uploads = uploads
        self._max_files = max_files
        self._clock = clock

    def create(
        self, user_id: str, requests: Sequence[UploadRequest]
    ) -> tuple[Batch, list[UploadTicket]]:
        """Every file checked, the credits counted, then a credit and a form each."""
        if not 1 <= len(requests) <= self._max_files:
            raise InvalidRequestError(f"A batch has 1 to {self._max_files} files.")
        self._uploads.check_files(user_id, requests, of="batch")
        batch_id = str(uuid.uuid4())
        tickets = [
            self._uploads.request_upload(
                user_id, replace(request, lane=BATCH_LANE, batch_id=batch_id)
            )
            for request in requests
        ]
        batch = Batch(
            batch_id=batch_id,
            owner_id=user_id,
            created_at=self._clock(),
            document_ids=tuple(t.document.document_id for t in tickets),
        )
        self._batches.create_batch(batch)
        return batch, tickets

    def status(self, user_id: str, batch_id: str) -> views.Batch:
        """Counts by status, the documents, and the summary once every one is final."""
        batch = self._batches.get_batch(batch_id)
        if batch is None or batch.owner_id != user_id:
            raise DocumentNotFoundError("No such batch.")
        if batch.kind == "reanalysis" and self._reanalysis is not None:
            # The reruns' own answer (chalicelib.services.reanalysis), held to the view.
            return views.Batch.model_validate(self._reanalysis(batch))
        documents = self._batches.batch_documents(batch.document_ids)
        counts = Counter(d.status.value for d in documents)
        # A zip's batch is final once opened and its documents are, or once it failed.
        opened = batch.state == "open" and len(documents) == len(batch.document_ids)
        final = batch.state == "failed" or (opened and all(d.status.is_final for d in documents))
        error = batch.error
        return views.Batch(
            batch_id=batch.batch_id,
            lane=batch.lane,
            kind=batch.kind,
            state=batch.state,
            created_at=batch.created_at,
            total=len(batch.document_ids),
            counts={status.value: counts.get(status.value, 0) for status in DocumentStatus},
            final=final,
            documents=[views.Document.of(d) for d in documents],
            summary=batch_summary(documents) if final else None,
            skipped=list(batch.skipped),
            error=views.ErrorDetail(code=error.code, message=error.message) if error else None,
        )


def batch_summary(documents: Sequence[Document]) -> views.BatchSummary:
    """What a finished batch came to: outcomes, routes, findings, failures and credits."""
    findings = dict.fromkeys(SEVERITY_ORDER, 0)
    for document in documents:
        for severity, count in (document.findings_summary or {}).items():
            findings[severity] = findings.get(severity, 0) + count
    failures = [
        views.BatchFailure(
            document_id=d.document_id,
            filename=d.filename,
            code=d.error.code if d.error else "UNKNOWN",
            message=d.error.message if d.error else "",
        )
        for d in documents
        if d.status == DocumentStatus.FAILED
    ]
    refunded = sum(d.refunded for d in documents)
    return views.BatchSummary(
        done=sum(d.status == DocumentStatus.DONE for d in documents),
        failed=len(failures),
        routes=dict(Counter(d.route for d in documents if d.route)),
        findings=findings,
        documents_with_high_findings=sum(
            bool((d.findings_summary or {}).get("high")) for d in documents
        ),
        failures=failures,
        credits_spent=len(documents) - refunded,
        credits_refunded=refunded,
    )
