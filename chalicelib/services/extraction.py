"""Extract: turn an arrived upload into text and facts, then start its run."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from chalicelib.errors import DocumentStateConflictError, DocumentTooLargeError, TerminalError
from chalicelib.keys import DocumentRef, parse_upload_key
from chalicelib.metrics import OCR_PAGES, PAGES_EXTRACTED, NoMetrics
from chalicelib.models import Document, DocumentError, DocumentStatus, Extraction
from chalicelib.ports import (
    Deadline,
    Deadlines,
    Documents,
    Metrics,
    ObjectStore,
    StatusEvents,
    Workflow,
)
from chalicelib.services.failures import FailureRecorder, document_error_from
from chalicelib.services.status_events import NoStatusEvents, count_status_change

if TYPE_CHECKING:
    from chalicelib.run_config import RunConfigRecorder
    from chalicelib.services.admission import RunAdmission
    from chalicelib.services.version_arrivals import VersionArrivals

logger = logging.getLogger(__name__)

Extractor = Callable[[bytes, str], Extraction]
_PROCESSABLE = (DocumentStatus.AWAITING_UPLOAD, DocumentStatus.EXTRACTING)
# A version in one of these has its run: it holds its running slot until the run ends.
_STARTED = (
    DocumentStatus.PRESCREENING,
    DocumentStatus.ANALYZING,
    DocumentStatus.IN_REVIEW,
    DocumentStatus.DONE,
)


@dataclass(frozen=True)
class UploadEvent:
    """One object that arrived in the bucket."""

    bucket: str
    key: str
    size: int
    version_id: str | None
    etag: str | None

    @property
    def source_version(self) -> str:
        """What identifies this upload among re-uploads to the same key."""
        return self.version_id or f"etag:{self.etag or 'none'}"


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


class ExtractionService:
    """Reads an upload once, writes `text.md` and `facts.json`, starts the pipeline."""

    def __init__(
        self,
        *,
        repo: Documents,
        deadlines: Deadlines,
        store: ObjectStore,
        workflow: Workflow,
        failures: FailureRecorder,
        extractor: Extractor,
        max_upload_bytes: int,
        stuck_after_seconds: int,
        review_timeout_seconds: int,
        clock: Callable[[], datetime],
        events: StatusEvents | None = None,
        metrics: Metrics | None = None,
        correlate: Callable[[str], None] | None = None,
        arrivals: VersionArrivals | None = None,
        run_configs: RunConfigRecorder | None = None,
        admission: RunAdmission | None = None,
    ) -> None:
        # Starts a batch document's run only while its lane has a running slot free, else
        # queues it (chalicelib/services/admission.py); none: every run starts at once.
        self._admission = admission
        self._repo = repo
        # Hashes each file and ends a new version identical to an older one.
        self._arrivals = arrivals
        # Stores the configuration each run starts with (config.json); none in unit tests.
        self._run_configs = run_configs
        self._deadlines = deadlines
        self._events = events or NoStatusEvents()
        self._metrics = metrics or NoMetrics()
        # Told each claimed document's correlation id: the logs that follow carry it.
        self._correlate = correlate
        self._store = store
        self._workflow = workflow
        self._failures = failures
        self._extractor = extractor
        self._max_bytes = max_upload_bytes
        self._stuck_after = timedelta(seconds=stuck_after_seconds)
        self._review_timeout = review_timeout_seconds
        self._clock = clock

    def handle_upload(self, event: UploadEvent, *, function_arn: str = "") -> dict[str, Any]:
        """Process one arrived upload; duplicates and strangers are ignored.

        `function_arn` is the Extract function handling it: a batch upload that finds its
        lane full is parked unread, and that function reads it once it is admitted
        (`resume_admitted`). Without it every upload is read on arrival.
        """
        document = self._claim(event)
        if document is None:
            return {"outcome": "ignored", "key": event.key}
        if self._admission is not None and not self._admission.admit_upload(
            document, asdict(event), function_arn=function_arn
        ):
            return {"outcome": "queued", "document_id": document.document_id}
        return self._process(document, event)

    def resume_admitted(self, event: UploadEvent, document_id: str, version: int) -> dict[str, Any]:
        """A batch upload parked unread whose turn came: read it and start its run now,
        under the running slot its admission took.

        Only while that very upload of that version still waits to be read; otherwise
        (the document failed or was replaced meanwhile) the slot goes to the next queued
        run, and a run already started (a second delivery of this event) is left alone.
        """
        document = self._repo.get(document_id)
        if document is not None and self._correlate is not None:
            self._correlate(correlation_id_of(document))
        if (
            document is not None
            and document.version == version
            and document.status == DocumentStatus.EXTRACTING
            and document.source_version_id == event.source_version
        ):
            logger.info("reading the admitted upload: %s", document_id)
            return self._process(document, event)
        started = (
            document is not None and document.version == version and document.status in _STARTED
        )
        if not started and self._admission is not None:
            self._admission.run_ended(document_id, version)
        logger.info("admitted upload no longer waits to be read: %s", document_id)
        return {"outcome": "ignored", "document_id": document_id}

    def _process(self, document: Document, event: UploadEvent) -> dict[str, Any]:
        """Read the claimed upload, extract it and start (or queue) its run."""
        try:
            data = self._read(document, event)
            duplicate = self._duplicate_of(document, data)
            if duplicate is not None:
                return self._end_duplicate(document, duplicate)
            extraction = self._extractor(data, document.ext)
        except TerminalError as exc:
            logger.info("extract failed: %s %s", document.document_id, type(exc).__name__)
            refunded = self._failures.record(document.document_id, document_error_from(exc))
            if self._admission is not None:
                self._admission.not_started(document)
            return {
                "outcome": "failed",
                "document_id": document.document_id,
                "code": exc.code,
                "refunded": refunded,
            }
        if extraction.page_plan is None:  # else the join step counts, once the pages are read
            count_pages(self._metrics, extraction)
        arn = self._start_run(document, extraction, event)
        if arn is None:
            return {"outcome": "queued", "document_id": document.document_id}
        return {"outcome": "started", "document_id": document.document_id, "execution_arn": arn}

    def _claim(self, event: UploadEvent) -> Document | None:
        parsed = parse_upload_key(event.key)
        if parsed is None:
            logger.warning("ignoring an object outside the upload layout: %s", event.key)
            return None
        document = self._repo.get(parsed.document_id)
        # The whole key must be the document's: an object put at its id under the other area
        # (batch-uploads/ for a person's document, or the reverse) is not its upload.
        if document is None or (document.ref, document.ext, document.upload_area) != (
            parsed.ref,
            parsed.ext,
            parsed.area,
        ):
            logger.warning("ignoring an upload with no matching reservation: %s", event.key)
            return None
        if self._correlate is not None:
            self._correlate(correlation_id_of(document))
        if document.status not in _PROCESSABLE:
            logger.info("duplicate upload event ignored: %s", document.document_id)
            return None
        try:
            claimed = self._repo.claim_upload(
                document.document_id,
                allowed_from=_PROCESSABLE,
                source_version=event.source_version,
                size=event.size,
            )
        except DocumentStateConflictError:
            logger.info("upload already claimed by another event: %s", document.document_id)
            return None
        self._deadlines.add_deadline(
            Deadline(
                document_id=claimed.document_id,
                expected_status=DocumentStatus.EXTRACTING,
                due_at=self._clock() + self._stuck_after,
                version=claimed.version,
            )
        )
        self._events.publish(claimed)
        if document.status != DocumentStatus.EXTRACTING:  # not a re-upload mid-extraction
            count_status_change(self._metrics, claimed)
        return claimed

    def _duplicate_of(self, document: Document, data: bytes) -> int | None:
        """Hash the file on the record; the version it is identical to, if any."""
        if self._arrivals is None:
            return None
        return self._arrivals.arrived(document, hashlib.sha256(data).hexdigest())

    def _end_duplicate(self, document: Document, duplicate_of: int) -> dict[str, Any]:
        """A version identical to another: no run; its credit is returned whatever the
        policy (nothing was processed, as for an upload that never came), and the version
        it replaced is current again."""
        error = DocumentError(
            code="DUPLICATE_VERSION",
            message=f"The file is identical to v{duplicate_of}: no new version was made, and "
            "your credit was returned.",
            failure_class="user",
        )
        refunded = self._failures.record(document.document_id, error, force_refund=True)
        if self._admission is not None:
            self._admission.not_started(document)
        if self._arrivals is not None:
            self._arrivals.revert(document, duplicate_of)
        logger.info("v%s is a duplicate of v%s", document.version, duplicate_of)
        return {
            "outcome": "duplicate",
            "document_id": document.document_id,
            "duplicate_of": duplicate_of,
            "refunded": refunded,
        }

    def _read(self, document: Document, event: UploadEvent) -> bytes:
        limit = min(document.declared_size, self._max_bytes)
        if event.size > self._max_bytes:
            raise DocumentTooLargeError(
                f"The file is {_mib(event.size)}; the limit is {_mib(self._max_bytes)}."
            )
        if event.size > document.declared_size:
            raise DocumentTooLargeError(
                f"The file is {event.size} bytes, more than the {document.declared_size} "
                "bytes declared when the upload was requested."
            )
        return self._store.get_bytes(event.key, version_id=event.version_id, max_bytes=limit)

    def _start_run(
        self, document: Document, extraction: Extraction, event: UploadEvent
    ) -> str | None:
        ref = document.ref
        plan = extraction.page_plan
        run_input: dict[str, Any] = {
            "document_id": document.document_id,
            "version": document.version,
            "region": document.region,
            # Every step's logs carry it: the upload request's, or the document's id.
            "correlation_id": correlation_id_of(document),
            # Read by Hold For Review's TimeoutSecondsPath.
            "review_timeout_seconds": self._review_timeout,
            # Read by the first Choice: whether the run OCRs pages (always set, so the
            # Choice never looks for a field that is not there).
            "ocr_fanout": plan is not None,
            # Whose capacity the steps use: each lane has its own semaphores.
            "lane": document.lane,
            # The version's own run, not a re-analysis (those carry their number k >= 1):
            # always set, for the first Choice and every step's Parameters.
            "rerun": 0,
        }
        if plan is None:
            write_extraction(self._store, ref, extraction)
            run_input["pipeline"] = extraction.facts.pipeline
        else:
            # The scanned pages are OCRed by the run, one Map iteration each, from this
            # very upload; the join step then writes text.md and facts.json.
            located = plan.model_copy(
                update={"source_key": event.key, "source_version_id": event.version_id}
            )
            self._store.put_text(
                ref.artifact_key("ocr-plan.json"),
                located.model_dump_json(),
                content_type="application/json",
                expires_with_text=True,
            )
            run_input["ocr_pages"] = list(plan.ocr_pages)
            logger.info("%d pages left to the run's OCR", len(plan.ocr_pages))
        if self._run_configs is not None:
            self._run_configs.record(document)
        if self._admission is None:
            arn = self._workflow.start(ref.execution_name, run_input)
        else:
            queued_or_arn = self._admission.start_or_queue(
                document,
                run_input,
                start=lambda: self._workflow.start(ref.execution_name, run_input),
            )
            if queued_or_arn is None:
                return None  # queued: started, and moved on, when a batch run ends
            arn = queued_or_arn
        if plan is not None:
            # Still extracting until its pages are read: the join step sets the pipeline,
            # and the run's first step moves it on.
            self._repo.record_run(document.document_id, pipeline=None, execution_arn=arn)
            return arn
        self._repo.record_run(
            document.document_id, pipeline=extraction.facts.pipeline, execution_arn=arn
        )
        # The run's first step may get there first.
        with contextlib.suppress(DocumentStateConflictError):
            moved = self._repo.transition(
                document.document_id,
                to=DocumentStatus.PRESCREENING,
                allowed_from=[DocumentStatus.EXTRACTING],
                version=document.version,
            )
            self._events.publish(moved)
            count_status_change(self._metrics, moved)
        return arn


def correlation_id_of(document: Document) -> str:
    """The id a document's logs are correlated by: its upload request's, else its own."""
    return document.correlation_id or document.document_id


def write_extraction(store: ObjectStore, ref: DocumentRef, extraction: Extraction) -> None:
    """`text.md`, `facts.json` and (for a spreadsheet or a statement) `sheets.json`."""
    store.put_text(
        ref.artifact_key("text.md"),
        extraction.markdown,
        content_type="text/markdown",
        expires_with_text=True,
    )
    store.put_text(
        ref.artifact_key("facts.json"),
        extraction.facts.model_dump_json(indent=2),
        content_type="application/json",
        expires_with_text=True,
    )
    if extraction.sheets:
        # The cells as read, for the statements branch: recognition works on the grid.
        store.put_text(
            ref.artifact_key("sheets.json"),
            json.dumps(
                [sheet.model_dump(mode="json") for sheet in extraction.sheets],
                ensure_ascii=False,
            ),
            content_type="application/json",
            expires_with_text=True,
        )


def count_pages(metrics: Metrics, extraction: Extraction) -> None:
    """The pages read and the pages OCRed, for the dashboards."""
    metrics.count(PAGES_EXTRACTED, extraction.facts.pages)
    metrics.count(OCR_PAGES, extraction.facts.ocr_pages)
