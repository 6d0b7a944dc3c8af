"""Partner callbacks: when a document ends, POST its outcome to the partner, signed.

The partner gives `callback_url` with the upload; the key they upload with carries a
signing secret, shown once when the key was made. Every callback carries
`X-Contract-Check-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, so
the partner can check it came from us and is fresh, and `X-Contract-Check-Delivery`,
the same on every try of one outcome, so a partner can drop a repeat.

Delivery is tried twice when the document ends (`CallbackSender`); if the partner is not
reachable, the sweeper tries again after 5 minutes, 15 minutes, 1, 4 and 12 hours
(`CallbackDelivery`, through the table's deadlines: no try depends on a Lambda staying
alive). A partner whose endpoint is down never fails the document: `callback_status`
(`retrying`, `delivered`, `failed`) and the rounds tried are on the document instead.

The URL must be https and its host must resolve to public addresses only, checked when
it is given and again before each delivery (the name could be pointed elsewhere in
between). The local cloud allows http and private addresses, so tests can listen on
127.0.0.1; nowhere else does.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import socket
import time
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal, Protocol
from urllib.parse import urlsplit

from chalicelib.errors import InvalidRequestError
from chalicelib.ports import Deadline

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from datetime import datetime

    from chalicelib.models import Document

logger = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Contract-Check-Signature"
EVENT_HEADER = "X-Contract-Check-Event"
DELIVERY_HEADER = "X-Contract-Check-Delivery"
# The waits before each later round, from the sweeper (which runs every 15 minutes, so a
# wait ends at its first pass after): about 18 hours in all before a callback is given up.
RETRY_DELAYS = (
    timedelta(minutes=5),
    timedelta(minutes=15),
    timedelta(hours=1),
    timedelta(hours=4),
    timedelta(hours=12),
)
Outcome = Literal["delivered", "unreachable", "failed"]
_MAX_URL = 2000


def check_callback_url(
    url: str,
    *,
    allow_private: bool,
    resolve: Callable[[str], list[str]] | None = None,
) -> str:
    """The URL when a partner may be called there; `InvalidRequestError` otherwise."""
    parts = urlsplit(url.strip())
    schemes = ("https", "http") if allow_private else ("https",)
    if len(url) > _MAX_URL or parts.scheme not in schemes or not parts.hostname:
        raise InvalidRequestError("callback_url must be an https URL.")
    if parts.username or parts.password:
        raise InvalidRequestError("callback_url must not carry credentials.")
    if not allow_private:
        addresses = (resolve or _resolve)(parts.hostname)
        if not addresses or not all(ipaddress.ip_address(a).is_global for a in addresses):
            raise InvalidRequestError("callback_url must point to a public address.")
    return url.strip()


def _resolve(host: str) -> list[str]:
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise InvalidRequestError("callback_url's host does not resolve.") from exc
    return sorted({str(info[4][0]) for info in infos})


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The signature header's value for a body sent at `timestamp`."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


class WebhookPoster(Protocol):
    """Sends one POST; the HTTP status, or raises OSError-like errors when it cannot."""

    def post(self, url: str, body: bytes, headers: dict[str, str]) -> int:
        """POST `body` to `url`; the response's status code."""
        ...


class CallbackSender:
    """Delivers a finished document's outcome to the partner who asked for it."""

    def __init__(
        self,
        poster: WebhookPoster,
        secret_of: Callable[[str], str | None],
        clock: Callable[[], datetime],
        *,
        allow_private: bool = False,
        attempts: int = 2,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self._poster = poster
        self._secret_of = secret_of
        self._clock = clock
        self._allow_private = allow_private
        self._attempts = attempts
        self._sleep = sleep or time.sleep

    def notify(self, document: Document) -> Outcome | None:
        """Try to deliver the outcome, when a callback was asked for.

        `delivered`; `unreachable` when no try got through (worth trying later); `failed`
        when no try ever can (the key that asked for it is gone, and its secret with it).
        """
        if not document.callback_url or not document.callback_key_id:
            return None
        secret = self._secret_of(document.callback_key_id)
        if secret is None:
            return "failed"
        body = json.dumps(_payload(document), ensure_ascii=False, sort_keys=True).encode()
        for attempt in range(self._attempts):
            if attempt:
                self._sleep(2.0 ** (attempt - 1))
            if self._deliver(document.callback_url, secret, body, document):
                return "delivered"
        logger.warning("callback not delivered: document=%s", document.document_id)
        return "unreachable"

    def _deliver(self, url: str, secret: str, body: bytes, document: Document) -> bool:
        try:
            check_callback_url(url, allow_private=self._allow_private)
        except InvalidRequestError:
            return False  # the name now points somewhere we must not call
        timestamp = int(self._clock().timestamp())
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(secret, timestamp, body),
            EVENT_HEADER: f"document.{document.status.value}",
            DELIVERY_HEADER: f"{document.document_id}-v{document.version}-{document.status.value}",
        }
        try:
            status = self._poster.post(url, body, headers)
        except OSError:
            return False
        return 200 <= status < 300


def _payload(document: Document) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "document_id": document.document_id,
        "status": document.status.value,
        "route": document.route,
        "findings": document.findings_summary,
    }
    if document.error is not None:
        payload["error"] = {"code": document.error.code, "message": document.error.message}
    return payload


class CallbackRecords(Protocol):
    """Where a callback's progress is kept: on the document, and as a sweeper deadline."""

    def update(self, document_id: str, fields: Mapping[str, Any]) -> Document:
        """Set fields of the document."""
        ...

    def add_deadline(self, deadline: Deadline) -> None:
        """Ask the sweeper to look again at `deadline.due_at`."""
        ...


class CallbackDelivery:
    """A finished document's callback: tried at once, then again later from the sweeper."""

    def __init__(
        self,
        sender: CallbackSender,
        records: CallbackRecords,
        clock: Callable[[], datetime],
        delays: tuple[timedelta, ...] = RETRY_DELAYS,
    ) -> None:
        self._sender = sender
        self._records = records
        self._clock = clock
        self._delays = delays

    def deliver(self, document: Document) -> str | None:
        """The first round, when the document ends; the callback status it leaves."""
        return self._round(document, 1)

    def retry(self, document: Document, attempt: int) -> str | None:
        """A later round, from the sweeper; a callback already settled is left alone."""
        if document.callback_status in ("delivered", "failed"):
            return document.callback_status
        return self._round(document, attempt)

    def _round(self, document: Document, attempt: int) -> str | None:
        outcome = self._sender.notify(document)
        if outcome is None:
            return None
        status: str = outcome
        if outcome == "unreachable":
            status = "failed"
            if attempt <= len(self._delays):
                # The deadline first: if the status write is lost, the sweeper still comes.
                due = self._clock() + self._delays[attempt - 1]
                self._records.add_deadline(
                    Deadline(
                        document.document_id,
                        document.status,
                        due,
                        action="callback",
                        attempt=attempt + 1,
                    )
                )
                status = "retrying"
        self._records.update(
            document.document_id, {"callback_status": status, "callback_attempts": attempt}
        )
        return status
