"""On Run Failed: a run that ended FAILED, TIMED_OUT or ABORTED compensates its document."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib.keys import DocumentRef
from chalicelib.models import DocumentError, DocumentStatus
from chalicelib.services.failures import FailureRecorder, document_error_from_name

if TYPE_CHECKING:
    from chalicelib.ports import Documents
    from chalicelib.reruns import RerunLedger

logger = logging.getLogger(__name__)

_BY_STATUS: dict[str, DocumentError] = {
    "TIMED_OUT": DocumentError(
        code="TIMEOUT", message="Processing took longer than allowed.", failure_class="infra"
    ),
    "ABORTED": DocumentError(
        code="ABORTED", message="Processing was stopped by an operator.", failure_class="infra"
    ),
}


@dataclass(frozen=True)
class RunStatusChange:
    """The parts of an execution status change event we act on."""

    execution_arn: str
    status: str
    input: str | None
    error: str | None
    cause: str | None


class RunFailureService:
    """Marks the document of a failed run failed and refunds, once."""

    def __init__(
        self, repo: Documents, failures: FailureRecorder, reruns: RerunLedger | None = None
    ) -> None:
        self._repo = repo
        self._failures = failures
        # A re-analysis's failure is recorded on its own record (`chalicelib.reruns`).
        self._reruns = reruns

    def handle(self, change: RunStatusChange) -> dict[str, Any]:
        """Compensate the document of a run that did not succeed."""
        document_id = _document_id(change.input)
        if document_id is None:
            logger.warning("run without a document id: %s", change.execution_arn)
            return {"outcome": "ignored"}
        rerun = _rerun_ref(change.input)
        if rerun is not None:
            # A re-analysis never touches its document: not its status, not its credit.
            if self._reruns is None:
                return {"outcome": "ignored", "document_id": document_id}
            error = _BY_STATUS.get(change.status) or document_error_from_name(change.error or "")
            recorded = self._reruns.failed(rerun, error)
            return {
                "outcome": "rerun_failed" if recorded else "ignored",
                "document_id": document_id,
                "rerun": rerun.rerun,
                "refunded": False,
            }
        document = self._repo.get(document_id)
        if document is None or document.status == DocumentStatus.DONE:
            return {"outcome": "ignored", "document_id": document_id}
        if _version(change.input) not in (None, document.version):
            # The run of a version that is no longer current: the current one is not its.
            return {"outcome": "ignored", "document_id": document_id}
        if document.status == DocumentStatus.FAILED and document.error is not None:
            # Record Failure already chose the user-facing error; only make the refund sure.
            error = document.error
        elif change.status in _BY_STATUS:
            error = _BY_STATUS[change.status]
        else:
            # Retries ran out on a transient error: that is our side failing, not the file.
            # Its class stays (storage, llm_quota, ...); a user's error that got here uncaught
            # is ours all the same.
            error = document_error_from_name(change.error or "")
            if error.failure_class == "user":
                error = error.model_copy(update={"failure_class": "infra"})
        refunded = self._failures.record(document_id, error)
        return {"outcome": "failed", "document_id": document_id, "refunded": refunded}


def _document_id(raw_input: str | None) -> str | None:
    try:
        payload = json.loads(raw_input or "")
    except ValueError:
        return None
    value = payload.get("document_id") if isinstance(payload, dict) else None
    return str(value) if value else None


def _rerun_ref(raw_input: str | None) -> DocumentRef | None:
    """The re-analysis a run is (`rerun` > 0 in its input); None for a version's own run."""
    try:
        payload = json.loads(raw_input or "")
        ref = DocumentRef(
            str(payload["document_id"]),
            int(payload["version"]),
            str(payload["region"]),
            int(payload.get("rerun") or 0),
        )
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    return ref if ref.rerun > 0 else None


def _version(raw_input: str | None) -> int | None:
    """The document version a run read, from its input; None for a run without one."""
    try:
        payload = json.loads(raw_input or "")
    except ValueError:
        return None
    value = payload.get("version") if isinstance(payload, dict) else None
    return value if isinstance(value, int) else None
