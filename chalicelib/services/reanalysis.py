"""Re-analysis of finished documents under today's configuration: a `system` batch.

`POST /v1/admin/reanalysis` (permission `admin:runs`) names documents, or finds them by a
filter: one owner's, or one region's (GSI2; a province with all its cities), done ones
created in a time range, the oldest `MAX_REANALYSIS_DOCUMENTS`, those out of the caller's
reach left out without a word. Each one the caller may read, done, a contract (not a
counterparty's statements) and whose text is still stored gets a re-analysis of its
current version (`chalicelib.reruns`): a run that starts at Prescreen over the stored text
and facts, in the `system` lane (its own semaphores), writing under `v{n}/r{k}/`. The rest
are listed as skipped, with why; a document out of the caller's reach is "not_found", as
one that does not exist.

The request is one batch (`kind` reanalysis, lane system), read back through
`GET /v1/batches/{id}`. A client token makes the request idempotent: the batch's id is
derived from the caller and the token, so the same request again answers the same batch
and starts nothing new, except a rerun the first request recorded but did not get to
start (it died half-way), which it starts now. Without a token every request is a new
batch.

Reruns are started by this request, one StartExecution each (the API's 29 s allow a few
hundred): the steps then queue for the system lane's slots in their Retry, as a bulk
import's do.
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from chalicelib.access.documents import READ
from chalicelib.access.regions import is_region
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    InvalidRequestError,
)
from chalicelib.http import error_body
from chalicelib.keys import DocumentRef, parse_run_name
from chalicelib.lanes import SYSTEM_LANE
from chalicelib.models import SEVERITY_ORDER, Batch, DocumentStatus
from chalicelib.reruns import Rerun
from chalicelib.services.documents import ReportView, document_view

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from chalicelib.access.principal import Principal
    from chalicelib.access.service import AccessService
    from chalicelib.models import Document
    from chalicelib.ports import Documents, ObjectStore, Workflow
    from chalicelib.reruns import RerunRecords
    from chalicelib.services.batches import Batches

# What one request may name: each is a few reads, a counter, a record and a StartExecution.
MAX_REANALYSIS_DOCUMENTS = 500
# How many documents a request checks and starts at once (I/O: a thread each).
PARALLEL_CALLS = 16
T = TypeVar("T")
# The batch id of a request with a client token: the same caller and token, the same batch.
_TOKEN_NAMESPACE = uuid.UUID("6f1d8a52-3c0e-4a8e-9a57-0e0f2b7c5d11")
_SKIP_SEPARATOR = ": "


@dataclass(frozen=True)
class OwnerFilter:
    """One user's done documents created in [since, until] (either end open)."""

    owner_id: str
    since: datetime | None = None
    until: datetime | None = None


@dataclass(frozen=True)
class RegionFilter:
    """A region's done documents (a province: every city's) created in [since, until]."""

    region: str
    since: datetime | None = None
    until: datetime | None = None


@dataclass(frozen=True)
class Skipped:
    """A named document that gets no re-analysis, and why."""

    document_id: str
    reason: str

    def stored(self) -> str:
        """As a batch's `skipped` keeps it."""
        return f"{self.document_id}{_SKIP_SEPARATOR}{self.reason}"


def rerun_report_path(rerun: Rerun) -> str:
    """Where a re-analysis's report is read."""
    return f"/v1/documents/{rerun.document_id}/versions/{rerun.version}/reruns/{rerun.rerun}/report"


def rerun_view(rerun: Rerun) -> dict[str, Any]:
    """A re-analysis as the API shows it."""
    return {
        "document_id": rerun.document_id,
        "version": rerun.version,
        "rerun": rerun.rerun,
        "execution_name": rerun.name,
        "batch_id": rerun.batch_id,
        "lane": SYSTEM_LANE,
        "status": rerun.status,
        "created_at": rerun.created_at.isoformat(),
        "finished_at": rerun.finished_at.isoformat() if rerun.finished_at else None,
        "route": rerun.route,
        "findings": rerun.findings_summary,
        "changed": rerun.changed,
        "config": rerun.config,
        "error": rerun.error.model_dump() if rerun.error else None,
        "report": rerun_report_path(rerun),
    }


class ReanalysisService:
    """Starts re-analyses as a system batch, and tells how they went."""

    def __init__(
        self,
        *,
        access: AccessService,
        repo: Documents,
        batches: Batches,
        reruns: RerunRecords,
        store: ObjectStore,
        workflow: Callable[[], Workflow],
        clock: Callable[[], datetime],
        max_documents: int = MAX_REANALYSIS_DOCUMENTS,
        workers: int = PARALLEL_CALLS,
    ) -> None:
        self._workers = workers
        self._access = access
        self._repo = repo
        self._batches = batches
        self._reruns = reruns
        self._store = store
        # Built on first use: reading a batch needs no state machine.
        self._workflow = workflow
        self._clock = clock
        self._max = max_documents

    # --- starting ---------------------------------------------------------------------

    def request(
        self,
        principal: Principal,
        document_ids: Sequence[str] | None,
        client_token: str | None,
        *,
        owner_filter: OwnerFilter | None = None,
        region_filter: RegionFilter | None = None,
    ) -> dict[str, Any]:
        """A system batch re-analysing each eligible document (named, or found by a
        filter: one owner's, or one region's); its id and what it holds."""
        self._access.require(principal, "admin:runs")
        if region_filter is not None and not is_region(region_filter.region):
            raise InvalidRequestError("region must look like `ru` or `ru-msk`.")
        wanted = list(dict.fromkeys(document_ids or ()))
        found_by = owner_filter or region_filter
        if found_by is None and not 1 <= len(wanted) <= self._max:
            raise InvalidRequestError(f"Name 1 to {self._max} documents to re-analyse.")
        batch_id = _batch_id(principal.user_id, client_token)
        existing = self._batches.get_batch(batch_id)
        if existing is not None:
            return self._repeat(existing)
        if found_by is None:
            found: list[Document | None] = self._in_parallel(self._repo.get, wanted)
        else:
            found = list(self._filtered(owner_filter, region_filter))
            wanted = [d.document_id for d in found if d is not None]
        reruns, skipped = self._plan(principal, wanted, found, batch_id)
        if found_by is not None:
            # Found, not named: one out of reach is left out without a word.
            skipped = [entry for entry in skipped if entry.reason != "not_found"]
        batch = Batch(
            batch_id=batch_id,
            owner_id=principal.user_id,
            created_at=self._clock(),
            lane=SYSTEM_LANE,
            kind="reanalysis",
            region=principal.region,
            document_ids=tuple(r.document_id for r in reruns),
            reruns=tuple(r.name for r in reruns),
            skipped=tuple(s.stored() for s in skipped),
        )
        try:
            self._batches.create_batch(batch)
        except DocumentStateConflictError:
            # The same token at the same moment: the other request's batch stands (the
            # numbers drawn here are skipped, which is harmless).
            stored = self._batches.get_batch(batch_id)
            if stored is None:
                raise
            return self._repeat(stored)
        self._access.record(
            principal,
            "reanalysis.request",
            target=batch_id,
            detail={
                "reruns": len(reruns),
                "skipped": len(skipped),
                **({"region": region_filter.region} if region_filter else {}),
            },
        )
        self._in_parallel(self._start, reruns)
        return _request_view(batch, reruns, created=True)

    def _filtered(
        self, owner_filter: OwnerFilter | None, region_filter: RegionFilter | None
    ) -> list[Document]:
        """The oldest done documents a filter finds, at most `max_documents`; the caller's
        reach is decided on each afterwards (`_plan`), as for named ones."""
        if owner_filter is not None:
            return self._reruns.done_documents_of(
                owner_filter.owner_id, owner_filter.since, owner_filter.until, self._max
            )
        if region_filter is None:
            return []
        return self._reruns.done_documents_in(
            region_filter.region, region_filter.since, region_filter.until, self._max
        )

    def _plan(
        self,
        principal: Principal,
        document_ids: Sequence[str],
        documents: Sequence[Document | None],
        batch_id: str,
    ) -> tuple[list[Rerun], list[Skipped]]:
        now = self._clock()

        def plan_one(document_id: str, document: Document | None) -> Rerun | Skipped:
            reason = self._ineligible(principal, document)
            if reason is not None or document is None:
                return Skipped(document_id, reason or "not_found")
            return Rerun(
                document_id=document_id,
                version=document.version,
                region=document.region,
                rerun=self._reruns.next_rerun_number(document_id),
                owner_id=document.owner_id,
                batch_id=batch_id,
                created_at=now,
            )

        planned = self._in_parallel(plan_one, document_ids, documents)
        reruns = [p for p in planned if isinstance(p, Rerun)]
        return reruns, [p for p in planned if isinstance(p, Skipped)]

    def _in_parallel(self, work: Callable[..., T], *columns: Sequence[Any]) -> list[T]:
        """`work` over the rows, a few at once, in order. Each row is a few reads and writes
        of the table and the bucket and a StartExecution: one after another, 500 would
        outlast the API's 29 s. An error is raised here after the others ended; the same
        request with its client token then starts what this one did not."""
        with ThreadPoolExecutor(max_workers=self._workers) as pool:
            return list(pool.map(work, *columns))

    def _ineligible(self, principal: Principal, document: Document | None) -> str | None:
        """Why a document gets no re-analysis; None when it gets one."""
        if document is None or not self._access.decide(principal, READ, document).allowed:
            return "not_found"  # never a hint that it exists
        if document.status != DocumentStatus.DONE:
            return "not_done"
        if document.pipeline == "statement":
            return "statement"  # its report is the recognition's, with no prescreen to redo
        ref = document.ref
        if not (
            self._store.exists(ref.artifact_key("text.md"))
            and self._store.exists(ref.artifact_key("facts.json"))
        ):
            return "text_expired"
        return None

    def _start(self, rerun: Rerun) -> None:
        """Record it (once) and start its run (once: the execution name is its own)."""
        self._reruns.put_rerun(rerun)
        run_input = {
            "document_id": rerun.document_id,
            "version": rerun.version,
            "region": rerun.region,
            # The batch's logs and its runs' share one id.
            "correlation_id": f"reanalysis-{rerun.batch_id}",
            "ocr_fanout": False,
            "lane": SYSTEM_LANE,
            "rerun": rerun.rerun,
        }
        arn = self._workflow().start(rerun.name, run_input)
        self._reruns.record_rerun_start(rerun.ref, arn)

    def _repeat(self, batch: Batch) -> dict[str, Any]:
        """The same request again: its batch, with any rerun it did not get to start."""
        if batch.kind != "reanalysis":
            raise DocumentStateConflictError("That client token named another batch.")
        recorded = {r.name: r for r in self._reruns.reruns_by_name(batch.reruns)}
        reruns: list[Rerun] = []
        for name in batch.reruns:
            rerun = recorded.get(name) or self._rebuilt(batch, name)
            if rerun is not None:
                reruns.append(rerun)
        self._in_parallel(self._start, [r for r in reruns if r.execution_arn is None])
        return _request_view(batch, reruns, created=False)

    def _rebuilt(self, batch: Batch, name: str) -> Rerun | None:
        """A rerun its batch names but whose record was never written."""
        parsed = parse_run_name(name)
        document = self._repo.get(parsed[0]) if parsed else None
        if parsed is None or document is None:
            return None
        return Rerun(
            document_id=parsed[0],
            version=parsed[1],
            region=document.region,
            rerun=parsed[2],
            owner_id=document.owner_id,
            batch_id=batch.batch_id,
            created_at=batch.created_at,
        )

    # --- reading ----------------------------------------------------------------------

    def batch_status(self, batch: Batch) -> dict[str, Any]:
        """A reanalysis batch as `GET /v1/batches/{id}` shows it: its reruns by status and,
        once every one ended, a summary (no credit is ever spent or refunded)."""
        reruns = self._reruns.reruns_by_name(batch.reruns)
        counts = Counter(r.status for r in reruns)
        final = len(reruns) == len(batch.reruns) and all(r.status != "running" for r in reruns)
        documents = {d.document_id: d for d in self._batches.batch_documents(batch.document_ids)}
        return {
            "batch_id": batch.batch_id,
            "lane": batch.lane,
            "kind": batch.kind,
            "state": batch.state,
            "created_at": batch.created_at.isoformat(),
            "total": len(batch.reruns),
            "counts": {
                "running": counts.get("running", 0) + len(batch.reruns) - len(reruns),
                "done": counts.get("done", 0),
                "failed": counts.get("failed", 0),
            },
            "final": final,
            "documents": [document_view(d) for d in documents.values()],
            "reruns": [rerun_view(r) for r in reruns],
            "summary": _summary(reruns, documents) if final else None,
            "skipped": list(batch.skipped),
        }

    def list_reruns(self, document: Document, version: int) -> dict[str, Any]:
        """A version's re-analyses, oldest first (the caller's reach checked before)."""
        reruns = self._reruns.list_reruns(document.document_id, version)
        return {
            "document_id": document.document_id,
            "version": version,
            "reruns": [rerun_view(r) for r in reruns],
        }

    def rerun_report(self, document: Document, version: int, number: int) -> ReportView:
        """A re-analysis's report: 200 once done, 202 while it runs, 409 if it failed."""
        rerun = self._reruns.get_rerun(document.document_id, version, number)
        if rerun is None:
            raise DocumentNotFoundError(f"v{version} has no re-analysis r{number}.")
        shown = rerun_view(rerun)
        if rerun.status == "running":
            return ReportView(http_status=202, body={"rerun": shown})
        if rerun.status == "failed":
            error = rerun.error
            code, message = (error.code, error.message) if error else ("INTERNAL", "It failed.")
            return ReportView(http_status=409, body={**error_body(code, message), "rerun": shown})
        ref = DocumentRef(document.document_id, version, rerun.region, number)
        body = {
            "rerun": shown,
            "markdown": self._store.get_text(ref.artifact_key("report.md")),
            "report": _json(self._store.get_text(ref.artifact_key("report.json"))),
        }
        return ReportView(http_status=200, body=body)


def _batch_id(user_id: str, client_token: str | None) -> str:
    if client_token is None:
        return str(uuid.uuid4())
    return str(uuid.uuid5(_TOKEN_NAMESPACE, f"reanalysis\n{user_id}\n{client_token}"))


def _request_view(batch: Batch, reruns: Sequence[Rerun], *, created: bool) -> dict[str, Any]:
    skipped = []
    for entry in batch.skipped:
        document_id, _, reason = entry.partition(_SKIP_SEPARATOR)
        skipped.append({"document_id": document_id, "reason": reason})
    return {
        "batch_id": batch.batch_id,
        "lane": batch.lane,
        "created": created,
        "status": f"/v1/batches/{batch.batch_id}",
        "reruns": [
            {
                "document_id": r.document_id,
                "version": r.version,
                "rerun": r.rerun,
                "execution_name": r.name,
                "report": rerun_report_path(r),
            }
            for r in reruns
        ],
        "skipped": skipped,
    }


def _summary(reruns: Sequence[Rerun], documents: dict[str, Document]) -> dict[str, Any]:
    findings = dict.fromkeys(SEVERITY_ORDER, 0)
    for rerun in reruns:
        for severity, count in (rerun.findings_summary or {}).items():
            findings[severity] = findings.get(severity, 0) + count
    failures = [
        {
            "document_id": r.document_id,
            "filename": documents[r.document_id].filename if r.document_id in documents else "",
            "version": r.version,
            "rerun": r.rerun,
            "code": r.error.code if r.error else "UNKNOWN",
            "message": r.error.message if r.error else "",
        }
        for r in reruns
        if r.status == "failed"
    ]
    return {
        "done": sum(r.status == "done" for r in reruns),
        "failed": len(failures),
        "routes": dict(Counter(r.route for r in reruns if r.route)),
        "findings": findings,
        "documents_with_high_findings": sum(
            bool((r.findings_summary or {}).get("high")) for r in reruns
        ),
        "failures": failures,
        "changed": sum(bool(r.changed) for r in reruns),
        # System runs are free: nothing was charged, so nothing is returned.
        "credits_spent": 0,
        "credits_refunded": 0,
    }


def _json(text: str) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(text)
    return parsed
