"""Envelopes onto the recognition bus, retried under the same message id.

An envelope is published with 1 + `retries` tries (`PUBLISH_RETRIES`, default 3), each with
the very same detail, so a try that did reach the bus but whose answer was lost makes at most a
duplicate that consumers drop by its `msg_id`. After the last try fails the error is logged and
`publish` answers False: the caller decides (a recognition job stays where it was, for the
sender's republish to find), never a crash of the handler that would make EventBridge run the
whole request again.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.recognition.envelopes import MSG_ID_FIELD

if TYPE_CHECKING:
    from collections.abc import Callable

    from mypy_boto3_events import EventBridgeClient

logger = logging.getLogger(__name__)

DEFAULT_PUBLISH_RETRIES = 3
# Pause before the n-th retry: 0.2 s, 0.4 s, 0.8 s… (at most MAX_PAUSE): a bus that refuses
# for a moment (throttling) gets room, and a handler never waits long on one that is down.
FIRST_PAUSE_SECONDS = 0.2
MAX_PAUSE_SECONDS = 2.0


class EnvelopePublisher:
    """Puts one envelope on the bus per call, as one PutEvents entry."""

    def __init__(
        self,
        client: EventBridgeClient,
        bus_name: str,
        source: str,
        *,
        retries: int = DEFAULT_PUBLISH_RETRIES,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._client = client
        self._bus = bus_name
        self._source = source
        self._retries = max(retries, 0)
        self._sleep = sleep

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        """Publish `detail` under `detail_type`; False (logged) when every try failed."""
        msg_id = detail.get(MSG_ID_FIELD)
        entry: dict[str, Any] = {
            "Source": self._source,
            "DetailType": detail_type,
            "Detail": json.dumps(detail, ensure_ascii=False, sort_keys=True),
            "EventBusName": self._bus,
        }
        tries = 1 + self._retries
        for number in range(1, tries + 1):
            if number > 1:
                self._sleep(min(FIRST_PAUSE_SECONDS * 2 ** (number - 2), MAX_PAUSE_SECONDS))
            problem = self._try(entry)
            if problem is None:
                if number > 1:
                    logger.info("published %s on try %d of %d", msg_id, number, tries)
                return True
            logger.warning(
                "publish of %s failed (try %d of %d): %s", msg_id, number, tries, problem
            )
        logger.error(
            "envelope not published after %d tries: msg_id=%s detail-type=%s bus=%s",
            tries,
            msg_id,
            detail_type,
            self._bus,
        )
        return False

    def _try(self, entry: dict[str, Any]) -> str | None:
        """None when the bus took the entry, else what went wrong."""
        try:
            answer = self._client.put_events(Entries=[entry])  # type: ignore[list-item]
        except (ClientError, BotoCoreError) as exc:
            return f"{type(exc).__name__}: {exc}"
        if answer.get("FailedEntryCount"):
            failed = answer.get("Entries") or [{}]
            return f"refused: {failed[0].get('ErrorCode')} {failed[0].get('ErrorMessage')}"
        return None
