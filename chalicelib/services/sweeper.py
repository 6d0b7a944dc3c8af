"""The sweeper: releases reservations whose upload never came, fails stuck extractions."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from chalicelib.errors import UploadExpiredError
from chalicelib.models import DocumentError, DocumentStatus
from chalicelib.services.failures import FailureRecorder, document_error_from

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports import DocumentRepository

logger = logging.getLogger(__name__)

_STUCK = DocumentError(
    code="TIMEOUT",
    message="Reading the document did not finish. Your credit was returned; try again.",
    failure_class="infra",
)


class SweeperService:
    """Acts on due deadlines: each still-matching document is failed and refunded."""

    def __init__(
        self,
        repo: DocumentRepository,
        failures: FailureRecorder,
        clock: Callable[[], datetime],
        batch: int = 100,
    ) -> None:
        self._repo = repo
        self._failures = failures
        self._clock = clock
        self._batch = batch

    def sweep(self) -> dict[str, Any]:
        """Handle every due deadline once."""
        released = stuck = 0
        for deadline in self._repo.due_deadlines(self._clock(), self._batch):
            document = self._repo.get(deadline.document_id)
            if document is not None and document.status == deadline.expected_status:
                if deadline.expected_status == DocumentStatus.AWAITING_UPLOAD:
                    # Nothing was processed: the reservation is released whatever the policy.
                    error = document_error_from(UploadExpiredError())
                    self._failures.record(document.document_id, error, force_refund=True)
                    released += 1
                else:
                    self._failures.record(document.document_id, _STUCK)
                    stuck += 1
            self._repo.remove_deadline(deadline)
        logger.info("sweep: released=%s stuck=%s", released, stuck)
        return {"released": released, "stuck": stuck}
