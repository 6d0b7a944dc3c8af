"""Document status changes onto an EventBridge bus."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.services.status_events import EVENT_SOURCE, STATUS_CHANGED, status_event_detail

if TYPE_CHECKING:
    from mypy_boto3_events import EventBridgeClient

    from chalicelib.models import Document

logger = logging.getLogger(__name__)


class EventBridgeStatusEvents:
    """Puts one "Document Status Changed" event on the documents bus per change."""

    def __init__(self, bus_name: str, client: EventBridgeClient | None = None) -> None:
        self._bus = bus_name
        self._client: EventBridgeClient = client or boto3.client("events")

    def publish(self, document: Document) -> None:
        """Announce the document; a lost announcement is logged, never the step's failure.

        Progress messages are a courtesy: the document's record stays the truth, and the
        final status is announced again by the step that sets it.
        """
        entry = {
            "Source": EVENT_SOURCE,
            "DetailType": STATUS_CHANGED,
            "Detail": json.dumps(status_event_detail(document), ensure_ascii=False),
            "EventBusName": self._bus,
            "Resources": [],
        }
        try:
            answer = self._client.put_events(Entries=[entry])  # type: ignore[list-item]
        except (ClientError, BotoCoreError):
            logger.warning("status event not sent: %s", document.document_id, exc_info=True)
            return
        if answer.get("FailedEntryCount"):
            logger.warning("status event refused: %s %s", document.document_id, answer["Entries"])
