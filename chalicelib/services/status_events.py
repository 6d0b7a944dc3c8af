"""A document's status change as an event: its one wire shape, and the publisher for none.

Each step that moves a document (Extract, the pipeline's steps, failures) announces the
document as it now stands. The event carries what a channel needs to tell its person
without reading the table again: status, stage, route, the findings count, the error,
and where the person is (the Telegram chat and its progress message).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.metrics import DOCUMENT_STATUS_CHANGED
from chalicelib.models import DocumentStatus

if TYPE_CHECKING:
    from chalicelib.models import Document
    from chalicelib.ports import Metrics

EVENT_SOURCE = "contract-check"
STATUS_CHANGED = "Document Status Changed"


def status_event_detail(document: Document) -> dict[str, Any]:
    """The detail of a "Document Status Changed" event."""
    telegram = None
    if document.telegram_chat_id is not None:
        telegram = {
            "chat_id": document.telegram_chat_id,
            "message_id": document.telegram_message_id,
        }
    error = None
    if document.error is not None:
        error = {"code": document.error.code, "message": document.error.message}
    return {
        "document_id": document.document_id,
        "version": document.version,
        "owner_id": document.owner_id,
        "filename": document.filename,
        "status": document.status.value,
        "stage": document.stage,
        "route": document.route,
        "findings": document.findings_summary,
        "error": error,
        "refunded": document.refunded,
        "telegram": telegram,
    }


class NoStatusEvents:
    """Where no event bus is configured: status changes are not announced."""

    def publish(self, document: Document) -> None:
        """Nothing to do."""


def count_status_change(metrics: Metrics, document: Document) -> None:
    """Count the status the document just moved to; a failure by its class, a report by its
    route.

    Called where a status really changes, not from `publish`: an announcement may repeat
    (Prescreen announces again what Extract announced, a retried step, On Run Failed after
    Record Failure), and a count must not.
    """
    breakdown: dict[str, str] = {}
    if document.status == DocumentStatus.FAILED and document.error is not None:
        breakdown["FailureClass"] = document.error.failure_class
    elif document.status == DocumentStatus.DONE and document.route is not None:
        breakdown["Route"] = document.route
    metrics.count(DOCUMENT_STATUS_CHANGED, breakdown=breakdown, Status=document.status.value)
