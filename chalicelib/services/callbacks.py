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

The URL must be https, with a well-formed host and a port from 1 to 65535, and its host
must resolve to public addresses only (`chalicelib.public_addresses`), checked when it is
given and again before each try (the name could be pointed elsewhere in between). Each try
looks the name up once, checks every address, and connects to those addresses and no
others (`CallbackTarget`): a name that answers a public address to the check and 127.0.0.1
to the connection (DNS rebinding) never reaches 127.0.0.1. The local cloud allows http and
private addresses, so tests can listen on 127.0.0.1; nowhere else does.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import re
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from chalicelib.errors import InvalidRequestError
from chalicelib.metrics import CALLBACK_DELIVERIES, NoMetrics
from chalicelib.ports import CallbackRecords, CallbackStatus, Deadline, WebhookPoster
from chalicelib.public_addresses import is_public_address

if TYPE_CHECKING:
    from datetime import datetime

    from chalicelib.models import Document
    from chalicelib.ports import Metrics

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
Resolver = Callable[[str], list[str]]
_MAX_URL = 2000
_MAX_HOST = 253
# A DNS name's label (after IDNA): letters, digits, hyphens (and underscores, which some
# names have), neither starting nor ending with a hyphen. The last one starts with a
# letter: `2130706433` or `127.1` are IPv4 addresses in disguise, not names.
_LABEL = re.compile(r"[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?")
_TOP_LABEL = re.compile(r"[a-z][a-z0-9-]{0,62}")
_PORT_MESSAGE = "callback_url's port must be a number from 1 to 65535."


@dataclass(frozen=True)
class CallbackTarget:
    """A callback URL and the addresses its host had when it was checked: the only ones
    a delivery may connect to."""

    url: str
    addresses: tuple[str, ...]


def check_callback_url(
    url: str,
    *,
    allow_private: bool,
    resolve: Resolver | None = None,
) -> str:
    """The URL when a partner may be called there; `InvalidRequestError` otherwise."""
    if allow_private:  # the local cloud: any address, so the name need not resolve yet
        _callback_host(url, allow_private=True)
        return url.strip()
    return callback_target(url, allow_private=False, resolve=resolve).url


def callback_target(
    url: str,
    *,
    allow_private: bool,
    resolve: Resolver | None = None,
) -> CallbackTarget:
    """Where one try delivers: the host looked up once and every address checked (public
    ones only, unless `allow_private`); `InvalidRequestError` when any is refused."""
    host = _callback_host(url, allow_private=allow_private)
    addresses = _addresses(host, resolve or resolve_host)
    if not allow_private and not all(is_public_address(a) for a in addresses):
        raise InvalidRequestError("callback_url must point to a public address.")
    return CallbackTarget(url.strip(), tuple(addresses))


def resolve_host(host: str) -> list[str]:
    """The addresses `host` resolves to, in the system's order of preference."""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as exc:
        raise InvalidRequestError("callback_url's host does not resolve.") from exc
    families = (socket.AF_INET, socket.AF_INET6)
    return list(dict.fromkeys(str(info[4][0]) for info in infos if info[0] in families))


def _addresses(host: str, resolve: Resolver) -> list[str]:
    try:
        return [str(ipaddress.ip_address(host))]  # an address needs no lookup
    except ValueError:
        pass
    addresses = resolve(host)
    if not addresses:
        raise InvalidRequestError("callback_url's host does not resolve.")
    return addresses


def _callback_host(url: str, *, allow_private: bool) -> str:
    """The host of a well-formed callback URL; `InvalidRequestError` for anything else."""
    text = url.strip()
    # urlsplit drops tabs and newlines silently: the URL we keep must be the URL we checked.
    if not text or len(text) > _MAX_URL or any(c.isspace() or not c.isprintable() for c in text):
        raise InvalidRequestError("callback_url must be an https URL.")
    try:
        parts = urlsplit(text)
    except ValueError as exc:  # e.g. an unclosed [IPv6 address
        raise InvalidRequestError("callback_url is not a valid URL.") from exc
    schemes = ("https", "http") if allow_private else ("https",)
    if parts.scheme not in schemes or not parts.hostname:
        raise InvalidRequestError("callback_url must be an https URL.")
    if "@" in parts.netloc:
        raise InvalidRequestError("callback_url must not carry credentials.")
    try:
        port = parts.port
    except ValueError as exc:
        raise InvalidRequestError(_PORT_MESSAGE) from exc
    if port is not None and not 1 <= port <= 65535:
        raise InvalidRequestError(_PORT_MESSAGE)
    bracketed = parts.netloc.startswith("[")
    if bracketed or _is_ipv4(parts.hostname):
        return _address_host(parts.hostname, ipv6=bracketed)
    return _dns_name(parts.hostname)


def _is_ipv4(host: str) -> bool:
    try:
        ipaddress.IPv4Address(host)
    except ValueError:
        return False
    return True


def _address_host(host: str, *, ipv6: bool) -> str:
    try:
        (ipaddress.IPv6Address if ipv6 else ipaddress.IPv4Address)(host)
    except ValueError as exc:
        raise InvalidRequestError("callback_url's host is not a valid address.") from exc
    return host


def _dns_name(host: str) -> str:
    try:
        ascii_name = host.encode("idna").decode("ascii")
    except UnicodeError as exc:  # an empty or overlong label, or not a valid IDNA name
        raise InvalidRequestError("callback_url's host is not a valid name.") from exc
    labels = ascii_name.removesuffix(".").split(".")
    if (
        len(ascii_name) > _MAX_HOST
        or not all(_LABEL.fullmatch(label) for label in labels)
        or not _TOP_LABEL.fullmatch(labels[-1])
    ):
        raise InvalidRequestError("callback_url's host is not a valid name.")
    return host


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The signature header's value for a body sent at `timestamp`."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


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
        resolve: Resolver | None = None,
    ) -> None:
        self._poster = poster
        self._secret_of = secret_of
        self._clock = clock
        self._allow_private = allow_private
        self._attempts = attempts
        self._sleep = sleep or time.sleep
        self._resolve = resolve or resolve_host

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
            target = callback_target(url, allow_private=self._allow_private, resolve=self._resolve)
        except InvalidRequestError:
            return False  # the name now points somewhere we must not call
        timestamp = int(self._clock().timestamp())
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(secret, timestamp, body),
            EVENT_HEADER: f"document.{document.status.value}",
            DELIVERY_HEADER: f"{document.ref.execution_name}-{document.status.value}",
        }
        try:
            status = self._poster.post(target.url, target.addresses, body, headers)
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


class CallbackDelivery:
    """A finished document's callback: tried at once, then again later from the sweeper."""

    def __init__(
        self,
        sender: CallbackSender,
        records: CallbackRecords,
        clock: Callable[[], datetime],
        delays: tuple[timedelta, ...] = RETRY_DELAYS,
        *,
        metrics: Metrics | None = None,
    ) -> None:
        self._sender = sender
        self._records = records
        self._clock = clock
        self._delays = delays
        self._metrics = metrics or NoMetrics()

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
        # Unreachable is tried again while rounds remain, and else failed, as refused is.
        status: CallbackStatus = "delivered" if outcome == "delivered" else "failed"
        if outcome == "unreachable" and attempt <= len(self._delays):
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
        self._records.record_callback(document.document_id, status=status, attempts=attempt)
        self._metrics.count(CALLBACK_DELIVERIES, Outcome=status)
        return status
