"""Admission control: a bulk import cannot flood the steps every lane shares.

The lanes give each lane its own model and OCR slots, but some capacity is shared: the
Lambda functions' concurrency (Analyze's reservation, Extract's) and, locally, the CPU.
A batch of 500 whose runs all start at once keeps hundreds of executions retrying a
full semaphore, and every retry is a Lambda invocation that takes concurrency a
person's step needs. So a batch document's run is started only while fewer than
`BATCH_MAX_RUNNING` batch runs are active (a lease per run, `adapters.dynamo.admission`);
otherwise its run is parked in the lane's queue, the document shows "Queued behind
other batch documents", and the run is started when a batch run ends (Finalize, Record
Failure, On Run Failed, and Hold For Review, since a run waiting for a reviewer uses no
capacity), oldest first. The sweeper is the safety net: it frees the lease of a run
that ended without releasing it, and admits queued runs into free slots.

Only the batch lane is admitted: a person's and a partner's runs start at once, always.

Redrives too (`redrive_or_queue`): a failed batch run that an operator redrives through
the API (`POST /v1/admin/documents/{id}/redrive`) takes a running slot like a new run, or
waits in the same queue (by its document's age) and is redriven when a slot frees; its end
releases the slot as any run's does (the execution keeps its name). Without this, redriving
the failures of an outage would put every one of them back at once. A redrive made in the
Step Functions console cannot be held back (it is running before we hear of it): redrive
batch runs through the API.

Reading is deferred too: a batch upload that arrives while the lane is full is parked
before Extract reads it (`admit_upload`), with what locates the upload and the Extract
function that will read it. When its turn comes, that function is invoked again
asynchronously with the admitted upload (`{"admitted_upload": ...}`): it reads the file
and starts the run under the slot the admission took. So while a batch is uploaded,
its Extracts only claim and park (a few table writes), instead of every upload reading,
hashing and extracting at once on the capacity a person's Extract needs too.

Safety: a run is named after its document version, so starting it twice starts it once
(Step Functions refuses a second execution of one name); a queued run is admitted by
one transaction that takes a slot and deletes the queue item together, so two
releasers never start it twice, and its credit was reserved once at upload.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from chalicelib.errors import (
    DocumentStateConflictError,
    StorageUnavailableError,
    WorkflowUnavailableError,
)
from chalicelib.keys import build_execution_name
from chalicelib.lanes import BATCH_LANE
from chalicelib.models import DocumentStatus
from chalicelib.services.status_events import NoStatusEvents, count_status_change

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from chalicelib.adapters.dynamo.admission import DynamoRunAdmission
    from chalicelib.models import Document
    from chalicelib.ports import Documents, Metrics, StatusEvents, Workflow

logger = logging.getLogger(__name__)

# A lease younger than this may belong to a run being started right now (the slot is
# taken before StartExecution): the sweeper leaves it alone.
_START_GRACE_SECONDS = 300


class RunAdmission:
    """Starts a batch run now or queues it; starts the next queued run when one ends."""

    def __init__(
        self,
        *,
        slots: DynamoRunAdmission,
        repo: Documents,
        workflow_for: Callable[[str], Workflow],
        state_machine_arn: str = "",
        events: StatusEvents | None = None,
        metrics: Metrics | None = None,
        resume_upload: Callable[[str, Mapping[str, Any]], None] | None = None,
        redrive_run: Callable[[str], None] | None = None,
    ) -> None:
        self._slots = slots
        # Redrives a failed execution by its ARN: a parked redrive, once admitted.
        self._redrive_run = redrive_run
        # Invokes a function asynchronously (its name, its event): how an upload parked
        # unread reaches Extract again once admitted. None: uploads are read on arrival.
        self._resume_upload = resume_upload
        self._repo = repo
        # The state machine a queued run is started on travels with it: the functions that
        # release a slot (Finalize, Record Failure) cannot name the state machine that
        # names them without a circular reference in the template.
        self._workflow_for = workflow_for
        self._state_machine_arn = state_machine_arn
        self._events = events or NoStatusEvents()
        self._metrics = metrics

    def start_or_queue(
        self,
        document: Document,
        run_input: Mapping[str, Any],
        *,
        start: Callable[[], str],
    ) -> str | None:
        """`start()` now, or park the run when its lane is full; the run's ARN, or None."""
        owner = build_execution_name(document.document_id, document.version)
        if document.lane != BATCH_LANE:
            return start()
        if self._slots.take(owner):
            if document.queued_at is not None:  # a retried upload event of a queued run
                self._slots.mark_queued(document.document_id, document.version, queued=False)
            return start()
        payload = {
            "document_id": document.document_id,
            "version": document.version,
            "state_machine_arn": self._state_machine_arn,
            "input": dict(run_input),
        }
        self._slots.park(owner, _order(document), payload)
        self._slots.mark_queued(document.document_id, document.version, queued=True)
        logger.info("batch lane full: %s queued", owner)
        # A run that ended between our full look and our parking found no queue: look again.
        self.admit_queued()
        return None

    def admit_upload(
        self, document: Document, upload: Mapping[str, Any], *, function_arn: str
    ) -> bool:
        """Whether Extract may read this upload now; False: parked unread.

        Outside the batch lane, always. In it, only with one of the lane's running slots
        (the run then starts under that slot). Otherwise the upload is parked in the
        lane's queue with `function_arn` (the Extract function that will read it) and the
        document shows "Queued behind other batch documents". An upload already parked
        (a second delivery of its S3 event) stays where it is: its turn comes once.
        """
        if document.lane != BATCH_LANE or not function_arn or self._resume_upload is None:
            return True
        if document.queued_at is not None:
            logger.info("upload already queued: %s", document.document_id)
            return False
        owner = build_execution_name(document.document_id, document.version)
        if self._slots.take(owner):
            return True
        order = _order(document)
        payload = {
            "document_id": document.document_id,
            "version": document.version,
            "order": order,
            "resume": {"function": function_arn, "upload": dict(upload)},
        }
        self._slots.park(owner, order, payload)
        self._slots.mark_queued(document.document_id, document.version, queued=True)
        logger.info("batch lane full: %s queued unread", owner)
        # A run that ended between our full look and our parking found no queue: look again.
        self.admit_queued()
        return False

    def not_started(self, document: Document) -> None:
        """A batch document that ended before its run started (a bad file, a duplicate
        version, a resumed upload no longer wanted): its running slot, if it took one, goes
        to the next queued run, since no run will end to free it."""
        if document.lane == BATCH_LANE:
            self.run_ended(document.document_id, document.version)

    def waiting(self, document: Document) -> bool:
        """Whether the document's run is still in admission's hands: parked, or holding a
        running slot it took to start (the sweeper's question before calling it stuck)."""
        owner = build_execution_name(document.document_id, document.version)
        return self._slots.holds(owner) or self._slots.is_parked(owner, _order(document))

    def run_ended(self, document_id: str, version: int) -> int:
        """Free the run's lease (if it held one) and start queued runs into free slots."""
        owner = build_execution_name(document_id, version)
        if not self._slots.release(owner):
            return 0
        return self.admit_queued()

    def admit_queued(self) -> int:
        """Start queued runs while slots are free; how many were started."""
        started = 0
        while (run := self._slots.admit_next()) is not None:
            self._start(run.payload)
            started += 1
        return started

    def sweep(self, is_running: Callable[[str], bool], now: int) -> dict[str, int]:
        """Free the leases of runs that ended without releasing them, then admit."""
        freed = 0
        for holder in self._slots.holders():
            if now - holder.acquired_at < _START_GRACE_SECONDS or is_running(holder.owner):
                continue
            if self._slots.release(holder.owner):
                logger.warning("lease of an ended run freed: %s", holder.owner)
                freed += 1
        return {"leases_freed": freed, "admitted": self.admit_queued()}

    def redrive_or_queue(self, document: Document, *, redrive: Callable[[], None]) -> bool:
        """`redrive()` the document's failed run now, or park the redrive when its lane is
        full; True if redriven now. Outside the batch lane, always now. A redrive already
        waiting stays where it is (asked twice, it is made once)."""
        if document.lane != BATCH_LANE:
            redrive()
            return True
        owner = build_execution_name(document.document_id, document.version)
        order = _order(document)
        if self._slots.is_parked(owner, order):
            return False
        if self._slots.take(owner):
            try:
                redrive()
            except Exception:
                self._slots.release(owner)  # not redriven: no run holds the slot
                raise
            return True
        payload = {
            "document_id": document.document_id,
            "version": document.version,
            "order": order,
            "redrive": {"execution_arn": document.execution_arn},
        }
        self._slots.park(owner, order, payload)
        logger.info("batch lane full: redrive of %s queued", owner)
        # A run that ended between our full look and our parking found no queue: look again.
        self.admit_queued()
        return False

    def _redrive_admitted(self, payload: Mapping[str, Any]) -> None:
        """Make a parked redrive that now holds a slot. One that cannot be made any more
        (redriven meanwhile in the console, say) frees its slot; one Step Functions did not
        take goes back to its place in the queue, as a resumed upload does."""
        owner = build_execution_name(str(payload["document_id"]), int(payload["version"]))
        if self._redrive_run is None:
            raise RuntimeError("a redrive was parked but nothing can make it")
        try:
            self._redrive_run(str(payload["redrive"]["execution_arn"]))
        except DocumentStateConflictError:
            logger.warning("parked redrive no longer possible: %s", owner)
            self._slots.release(owner)
            return
        except (StorageUnavailableError, WorkflowUnavailableError):
            self._slots.park(owner, str(payload["order"]), dict(payload))
            self._slots.release(owner)
            raise
        logger.info("queued redrive made: %s", owner)

    def _start(self, payload: Mapping[str, Any]) -> None:
        if payload.get("redrive") is not None:
            self._redrive_admitted(payload)
            return
        document_id = str(payload["document_id"])
        version = int(payload["version"])
        resume = payload.get("resume")
        if resume is not None:
            self._resume(payload, resume)
            return
        run_input: dict[str, Any] = dict(payload["input"])
        self._slots.mark_queued(document_id, version, queued=False)
        name = build_execution_name(document_id, version)
        arn = self._workflow_for(str(payload["state_machine_arn"])).start(name, run_input)
        logger.info("queued run started: %s", name)
        pipeline = run_input.get("pipeline")
        self._repo.record_run(document_id, pipeline=pipeline, execution_arn=arn)
        if pipeline is None:
            return  # a scan whose pages the run OCRs: still extracting until they are joined
        # The run's first step may get there first.
        with contextlib.suppress(DocumentStateConflictError):
            moved = self._repo.transition(
                document_id,
                to=DocumentStatus.PRESCREENING,
                allowed_from=[DocumentStatus.EXTRACTING],
                version=version,
            )
            self._events.publish(moved)
            if self._metrics is not None:
                count_status_change(self._metrics, moved)

    def _resume(self, payload: Mapping[str, Any], resume: Mapping[str, Any]) -> None:
        """Hand an admitted upload back to Extract, which reads it and starts its run.

        The document stays queued (`queued_at`) until its run starts, so the sweeper keeps
        waiting for it. If Lambda does not take the event, the upload goes back to its
        place in the queue and its slot is freed: a later end, or the sweeper, admits it.
        """
        owner = build_execution_name(str(payload["document_id"]), int(payload["version"]))
        event = {
            "admitted_upload": {
                **resume["upload"],
                "document_id": payload["document_id"],
                "version": payload["version"],
            }
        }
        if self._resume_upload is None:
            raise RuntimeError("an upload was parked unread but nothing can resume it")
        try:
            self._resume_upload(str(resume["function"]), event)
        except (StorageUnavailableError, WorkflowUnavailableError):
            self._slots.park(owner, str(payload["order"]), dict(payload))
            self._slots.release(owner)
            raise
        logger.info("queued upload handed to Extract: %s", owner)


def _order(document: Document) -> str:
    """Where the run goes in the queue: by its document's creation, then its id."""
    return f"{document.created_at.isoformat()}#{document.document_id}"
