"""The sweeper: releases reservations whose upload never came, fails stuck extractions and
interrupted zip imports, and tries again the partner callbacks that did not get through."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from chalicelib.errors import UploadExpiredError
from chalicelib.models import Document, DocumentError, DocumentStatus
from chalicelib.services.failures import FailureRecorder, document_error_from

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports import Deadlines, Documents
    from chalicelib.services.admission import RunAdmission
    from chalicelib.services.batch_import import ZipImportService
    from chalicelib.services.callbacks import CallbackDelivery

logger = logging.getLogger(__name__)

_STUCK = DocumentError(
    code="TIMEOUT",
    message="Reading the document did not finish. Your credit was returned; try again.",
    failure_class="infra",
)


class SweeperService:
    """Acts on due deadlines: each still-matching document is failed and refunded, and
    each due callback is tried again."""

    def __init__(
        self,
        repo: Documents,
        failures: FailureRecorder,
        clock: Callable[[], datetime],
        batch: int = 100,
        callbacks: CallbackDelivery | None = None,
        *,
        deadlines: Deadlines,
        admission: RunAdmission | None = None,
        run_is_active: Callable[[str], bool] | None = None,
        stuck_after_seconds: int = 1800,
        imports: ZipImportService | None = None,
    ) -> None:
        # Zips whose import stopped (its claim ran out): failed with what they made.
        self._imports = imports
        # The batch lane's admission: leases of runs that ended without releasing them are
        # freed, and queued runs started into free slots (by run name: is it running?).
        self._admission = admission
        self._run_is_active = run_is_active
        self._stuck_after = timedelta(seconds=stuck_after_seconds)
        self._repo = repo
        self._deadlines = deadlines
        self._failures = failures
        self._clock = clock
        self._batch = batch
        self._callbacks = callbacks

    def _queued(self, document: Document) -> bool:
        """A batch document whose run admission still holds: parked in the lane's queue,
        or admitted and being read (an upload parked unread stays queued until its run
        starts). One marked queued that admission no longer holds is stuck."""
        if document.queued_at is None or document.status != DocumentStatus.EXTRACTING:
            return False
        return self._admission is None or self._admission.waiting(document)

    def sweep(self) -> dict[str, Any]:
        """Handle every due deadline once."""
        released = stuck = callbacks = imports = 0
        for deadline in self._deadlines.due_deadlines(self._clock(), self._batch):
            if deadline.action == "import":
                if self._imports is not None and self._imports.expire_import(deadline.document_id):
                    imports += 1
                self._deadlines.remove_deadline(deadline)
                continue
            document = self._repo.get(deadline.document_id)
            if deadline.action == "callback":
                if document is not None and self._callbacks is not None:
                    self._callbacks.retry(document, deadline.attempt)
                    callbacks += 1
            elif document is not None and document.status == deadline.expected_status:
                if deadline.version not in (None, document.version):
                    # Set for a version another has replaced since: that one has its own.
                    self._deadlines.remove_deadline(deadline)
                    continue
                if self._queued(document):
                    # Waiting in the batch queue (read or not yet), not stuck: looked at later.
                    later = self._clock() + self._stuck_after
                    self._deadlines.add_deadline(replace(deadline, due_at=later))
                elif deadline.expected_status == DocumentStatus.AWAITING_UPLOAD:
                    # Nothing was processed: the reservation is released whatever the policy.
                    error = document_error_from(UploadExpiredError())
                    self._failures.record(document.document_id, error, force_refund=True)
                    released += 1
                else:
                    self._failures.record(document.document_id, _STUCK)
                    stuck += 1
            self._deadlines.remove_deadline(deadline)
        logger.info(
            "sweep: released=%s stuck=%s callbacks=%s imports=%s",
            released,
            stuck,
            callbacks,
            imports,
        )
        result: dict[str, Any] = {
            "released": released,
            "stuck": stuck,
            "callbacks": callbacks,
            "imports_interrupted": imports,
        }
        if self._admission is not None and self._run_is_active is not None:
            now = int(self._clock().timestamp())
            result["admission"] = self._admission.sweep(self._run_is_active, now)
        return result
