"""The webhook's front: Telegram's secret checked, each update taken once, handed to the bot.

This module imports no aiogram (its types take seconds to import): the webhook answers
Telegram at once, and the bot worker, invoked asynchronously, does the talking. A request
without the right `X-Telegram-Bot-Api-Secret-Token` is refused before anything reads its
body. An update that cannot be understood is logged and answered 200, so Telegram stops
sending it; one that could not be handed on is answered 500, so Telegram sends it again.
"""

from __future__ import annotations

import hmac
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib.errors import RetryableError

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from chalicelib.ports import UpdateLedger

logger = logging.getLogger(__name__)

SECRET_HEADER = "x-telegram-bot-api-secret-token"  # noqa: S105  # a header name
# Updates are small; an async Lambda payload may be at most 256 KB.
MAX_UPDATE_BYTES = 200 * 1024
# Kinds of update the bot handles: what setWebhook's allowed_updates asks for.
ALLOWED_UPDATES = ("message", "callback_query")


@dataclass(frozen=True)
class WebhookAnswer:
    """What the webhook answers Telegram."""

    status: int
    outcome: str

    @property
    def body(self) -> str:
        """The answer's JSON body."""
        return json.dumps({"ok": self.status == 200, "outcome": self.outcome})


class WebhookReceiver:
    """Checks, deduplicates and hands on Telegram's webhook requests."""

    def __init__(
        self, secret: str, ledger: UpdateLedger, hand_on: Callable[[dict[str, Any]], None]
    ) -> None:
        if not secret:
            raise ValueError("the webhook needs its secret token")
        self._secret = secret.encode()
        self._ledger = ledger
        self._hand_on = hand_on

    def receive(self, headers: Mapping[str, str], body: str | bytes) -> WebhookAnswer:
        """One webhook request."""
        given = next((v for k, v in headers.items() if k.lower() == SECRET_HEADER), "")
        if not hmac.compare_digest(given.encode(), self._secret):
            logger.warning("webhook request refused: wrong or missing secret token")
            return WebhookAnswer(401, "unauthorized")
        update = _parse(body)
        if update is None:
            return WebhookAnswer(200, "ignored")
        update_id: int = update["update_id"]
        try:
            if not self._ledger.claim_update(update_id):
                logger.info("update %s was delivered again; taken already", update_id)
                return WebhookAnswer(200, "duplicate")
        except RetryableError:
            logger.warning("update %s not claimed: storage unavailable", update_id, exc_info=True)
            return WebhookAnswer(500, "try again")
        try:
            self._hand_on(update)
        except Exception:
            logger.exception("update %s could not be handed to the bot", update_id)
            self._ledger.release_update(update_id)
            return WebhookAnswer(500, "try again")
        return WebhookAnswer(200, "accepted")


def _parse(body: str | bytes) -> dict[str, Any] | None:
    raw = body.encode() if isinstance(body, str) else body
    if len(raw) > MAX_UPDATE_BYTES:
        logger.warning("update of %d bytes ignored", len(raw))
        return None
    try:
        update = json.loads(raw)
    except (ValueError, RecursionError):
        logger.warning("webhook body is not JSON; ignored")
        return None
    update_id = update.get("update_id") if isinstance(update, dict) else None
    if isinstance(update_id, bool) or not isinstance(update_id, int) or update_id < 0:
        logger.warning("webhook body has no update_id; ignored")
        return None
    return update  # type: ignore[no-any-return]
