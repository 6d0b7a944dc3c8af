"""The state machine's steps: prescreen, analyse, hold for review, finalize, record failure."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from chalicelib.analysis.report import render_json, render_markdown, summarize_findings
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    SchemaMismatchError,
)
from chalicelib.metrics import (
    LLM_CALLS,
    LLM_FALLBACKS,
    LLM_INPUT_TOKENS,
    LLM_OUTPUT_TOKENS,
    NoMetrics,
)
from chalicelib.models import (
    DISCLAIMER_EN,
    DISCLAIMER_RU,
    AnalysisResult,
    Document,
    DocumentStatus,
    ExtractedFacts,
    PrescreenResult,
    Report,
)
from chalicelib.ports import StatusChange
from chalicelib.prescreen import RoutingPolicy, prescreen_document
from chalicelib.run_config import read_run_config
from chalicelib.services.failures import (
    FailureRecorder,
    document_error_from_name,
    review_timeout_error,
)
from chalicelib.services.status_events import NoStatusEvents, count_status_change
from chalicelib.versions.compare import VersionSnapshot, compare_versions
from chalicelib.versions.reports import read_report_json

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.analysis.port import AnalysisProvider
    from chalicelib.keys import ArtifactName, DocumentRef
    from chalicelib.ports import Documents, Metrics, ObjectStore, ReviewQueue, StatusEvents
    from chalicelib.reruns import RerunLedger

    # Prescreen's model fallback: the result and the text in, the result with gaps filled.
    FactsFallback = Callable[[PrescreenResult, str], PrescreenResult]

logger = logging.getLogger(__name__)

S = DocumentStatus
ACCOUNTING_STATEMENT = "accounting_statement"
_RUNNING = (S.EXTRACTING, S.PRESCREENING, S.ANALYZING, S.IN_REVIEW)
# A redriven run may find its document already marked failed by On Run Failed.
_RESUMABLE = (*_RUNNING, S.FAILED)


class PipelineSteps:
    """One method per Task state of the document pipeline."""

    def __init__(
        self,
        *,
        repo: Documents,
        reviews: ReviewQueue,
        store: ObjectStore,
        failures: FailureRecorder,
        routing: RoutingPolicy,
        provider: AnalysisProvider,
        clock: Callable[[], datetime],
        facts_fallback: FactsFallback | None = None,
        on_finished: Callable[[Document], None] | None = None,
        events: StatusEvents | None = None,
        metrics: Metrics | None = None,
        reruns: RerunLedger | None = None,
    ) -> None:
        self._repo = repo
        # A re-analysis (ref.rerun > 0) records its progress here instead of moving its
        # document: `chalicelib.reruns`.
        self._reruns = reruns
        self._reviews = reviews
        self._events = events or NoStatusEvents()
        self._metrics = metrics or NoMetrics()
        self._store = store
        self._failures = failures
        self._routing = routing
        self._provider = provider
        self._clock = clock
        self._facts_fallback = facts_fallback
        self._on_finished = on_finished

    def prescreen(self, ref: DocumentRef) -> dict[str, Any]:
        """Read the text, find the facts and decide the route."""
        if ref.rerun:
            self._rerun_ledger().started(ref)
        else:
            self._move(ref, S.PRESCREENING)
        facts = self._facts(ref)
        markdown = self._store.get_text(ref.artifact_key("text.md"))
        result = prescreen_document(
            markdown, pipeline=facts.pipeline, language_hint=facts.language, policy=self._routing
        )
        if self._facts_fallback is not None and facts.pipeline != "tabular":
            result = self._facts_fallback(result, markdown)
        if facts.pipeline == "tabular" and result.contract_type != ACCOUNTING_STATEMENT:
            raise SchemaMismatchError(
                "The spreadsheet is not a balance sheet, income statement or trial balance "
                "we recognise. Send the counterparty's accounting statements as XLSX."
            )
        self._put_json(ref, "prescreen.json", result.model_dump_json(indent=2))
        confidence = round(result.confidence, 3)
        if not ref.rerun:  # a re-analysis's route is in its own prescreen.json and report
            self._repo.record_routing(ref.document_id, route=result.route, confidence=confidence)
        return {"route": result.route, "confidence": confidence}

    def analyze(self, ref: DocumentRef) -> dict[str, Any]:
        """Check the contract against the checklist with the configured provider."""
        if not ref.rerun:
            self._move(ref, S.ANALYZING)
        markdown = self._store.get_text(ref.artifact_key("text.md"))
        result = self._provider.analyze(markdown, self._prescreen(ref))
        self._count_usage(result)
        self._put_json(ref, "analysis.json", result.model_dump_json(indent=2))
        return {"provider": result.provider, "findings": summarize_findings(result)}

    def hold_for_review(self, ref: DocumentRef, task_token: str) -> dict[str, Any]:
        """Park the document for a reviewer with the token that resumes the run."""
        # Queued first: once the document says in_review, a reviewer's list has it. (A queue
        # item whose document never moved is skipped by the list, which checks the status.)
        self._reviews.enqueue_review(ref.document_id)
        self._move(ref, S.IN_REVIEW, StatusChange.held(task_token))
        return {"held": True}

    def finalize(self, ref: DocumentRef) -> dict[str, Any]:
        """Write the report in Markdown and JSON and mark the document done."""
        document = self._document(ref)
        prescreen = self._prescreen(ref)
        analysis = None
        if self._store.exists(ref.artifact_key("analysis.json")):
            analysis = AnalysisResult.model_validate_json(
                self._store.get_text(ref.artifact_key("analysis.json"))
            )
        report = Report(
            document_id=ref.document_id,
            version=ref.version,
            filename=document.filename,
            generated_at=self._clock(),
            route=prescreen.route,
            facts=self._facts(ref),
            prescreen=prescreen,
            analysis=analysis,
            # A re-analysis is never reviewed: the reviewer's decision was its version's run's.
            review=None if ref.rerun else document.review,
            disclaimer=DISCLAIMER_RU if prescreen.language == "ru" else DISCLAIMER_EN,
            config=read_run_config(self._store, ref),
            rerun=ref.rerun or None,
        )
        report = report.model_copy(update={"changes": self._changes(document, ref, report)})
        self._store.put_text(
            ref.artifact_key("report.md"),
            render_markdown(report),
            content_type="text/markdown",
            expires_with_text=False,
        )
        self._put_json(ref, "report.json", render_json(report))
        summary = summarize_findings(analysis)
        if ref.rerun:
            # The document stays as it is (done); nobody is called back for a system run.
            changed = None if report.changes is None else not _unchanged(report.changes)
            self._rerun_ledger().finished(
                ref, route=prescreen.route, findings=summary, changed=changed
            )
            return {"status": S.DONE.value, "findings": summary, "rerun": ref.rerun}
        self._move(ref, S.DONE, StatusChange.finished(summary))
        if self._on_finished is not None:
            # A partner's callback, if one was asked for: the document as it now stands,
            # derived rather than read again.
            done = document.model_copy(update={"status": S.DONE, "findings_summary": summary})
            self._on_finished(done)
        return {"status": S.DONE.value, "findings": summary}

    def record_failure(self, ref: DocumentRef, error_name: str, cause: str) -> dict[str, Any]:
        """A terminal error was caught: mark the document failed and refund per policy."""
        if ref.rerun:
            # A re-analysis's failure is its own: the document stays done, no credit moves.
            error = document_error_from_name(error_name, message=user_message_from_cause(cause))
            self._rerun_ledger().failed(ref, error)
            return {"status": S.FAILED.value, "code": error.code, "refunded": False}
        if self._document(ref).version != ref.version:
            # A run of a version that is no longer current (a redrive of an old one): its
            # failure is not the current version's.
            logger.info("failure of a replaced version's run ignored: v%s", ref.version)
            return {"status": S.FAILED.value, "code": "VERSION_REPLACED", "refunded": False}
        if error_name == "States.Timeout" and self._document(ref).status == S.IN_REVIEW:
            error = review_timeout_error()
        else:
            error = document_error_from_name(error_name, message=user_message_from_cause(cause))
        refunded = self._failures.record(ref.document_id, error)
        return {"status": S.FAILED.value, "code": error.code, "refunded": refunded}

    def move(
        self, ref: DocumentRef, to: DocumentStatus, change: StatusChange | None = None
    ) -> None:
        """Move the run's document to `to` (announced and counted once), as a step does."""
        self._move(ref, to, change)

    def document(self, ref: DocumentRef) -> Document:
        """The run's document; DocumentNotFoundError if it is gone."""
        return self._document(ref)

    def finished(self, document: Document) -> None:
        """Tell whoever waits for the document's end (a partner's callback)."""
        if self._on_finished is not None:
            self._on_finished(document)

    # --- helpers ------------------------------------------------------------

    def _rerun_ledger(self) -> RerunLedger:
        if self._reruns is None:
            raise RuntimeError("a re-analysis reached steps built without a rerun ledger")
        return self._reruns

    def _document(self, ref: DocumentRef) -> Document:
        document = self._repo.get(ref.document_id)
        if document is None:
            raise DocumentNotFoundError(f"Document {ref.document_id} does not exist.")
        return document

    def _move(
        self, ref: DocumentRef, to: DocumentStatus, change: StatusChange | None = None
    ) -> None:
        # Read first, to count only a real change: Prescreen finds the document where
        # Extract put it, and a retried step finds it where its first try did.
        before = self._repo.get(ref.document_id)
        try:
            moved = self._repo.transition(
                ref.document_id,
                to=to,
                allowed_from=(*_RESUMABLE, to),
                change=change,
                version=ref.version,
            )
        except DocumentStateConflictError:
            document = self._document(ref)
            if document.status != to or document.version != ref.version:
                # Also a run of a version that is no longer current: it never writes over
                # the current version's status.
                raise
            return
        self._events.publish(moved)
        if before is None or before.status != to:
            count_status_change(self._metrics, moved)

    def _changes(
        self, document: Document, ref: DocumentRef, report: Report
    ) -> dict[str, Any] | None:
        """A newer version's changes since the version it replaced (or, when that one has
        no report, the newest older one that has); a re-analysis's, since its version's
        own run."""
        if ref.rerun:
            return self._changes_since_original(ref, report)
        if ref.version == 1:
            return None
        candidates = [document.previous_version] if document.previous_version else []
        candidates += range(ref.version - 1, 0, -1)
        for number in candidates:
            base = read_report_json(self._store, replace(ref, version=number))
            old = VersionSnapshot.from_report(base) if base is not None else None
            if old is not None:
                new = VersionSnapshot(
                    version=ref.version,
                    prescreen=report.prescreen,
                    findings=report.analysis.findings if report.analysis else (),
                )
                return compare_versions(old, new).model_dump(mode="json")
        return None

    def _changes_since_original(self, ref: DocumentRef, report: Report) -> dict[str, Any] | None:
        base = read_report_json(self._store, ref.original)
        old = VersionSnapshot.from_report(base) if base is not None else None
        if old is None:
            return None
        new = VersionSnapshot(
            version=ref.version,
            prescreen=report.prescreen,
            findings=report.analysis.findings if report.analysis else (),
        )
        return compare_versions(old, new).model_dump(mode="json")

    def _count_usage(self, result: AnalysisResult) -> None:
        """What a model-backed analysis cost; the rule engine asks no model."""
        usage = result.usage
        if usage is None:
            return
        self._metrics.count(LLM_CALLS, usage.calls)
        self._metrics.count(LLM_INPUT_TOKENS, usage.input_tokens)
        self._metrics.count(LLM_OUTPUT_TOKENS, usage.output_tokens)
        # 0 as well as 1: the metric's average is the share of analyses that fell back.
        self._metrics.count(LLM_FALLBACKS, 1 if usage.fallback_used else 0)

    def _facts(self, ref: DocumentRef) -> ExtractedFacts:
        return ExtractedFacts.model_validate_json(
            self._store.get_text(ref.artifact_key("facts.json"))
        )

    def _prescreen(self, ref: DocumentRef) -> PrescreenResult:
        return PrescreenResult.model_validate_json(
            self._store.get_text(ref.artifact_key("prescreen.json"))
        )

    def _put_json(self, ref: DocumentRef, name: ArtifactName, body: str) -> None:
        self._store.put_text(
            ref.artifact_key(name), body, content_type="application/json", expires_with_text=False
        )


def _unchanged(changes: dict[str, Any]) -> bool:
    """Whether a comparison (as `VersionChanges` dumps it) found nothing changed."""
    return not (changes.get("facts") or changes.get("parties") or changes.get("findings"))


def user_message_from_cause(cause: str) -> str | None:
    """The errorMessage inside a Lambda error's Cause, which is a JSON string."""
    try:
        parsed = json.loads(cause)
    except (TypeError, ValueError):
        return None
    message = parsed.get("errorMessage") if isinstance(parsed, dict) else None
    return str(message) if message else None
