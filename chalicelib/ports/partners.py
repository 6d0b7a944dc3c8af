"""Ports of the partner API: API Gateway's keys, who owns them, and the callbacks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import date, datetime

    from chalicelib.models import Document
    from chalicelib.ports.documents import Deadline


# Where a partner's callback stands: the values of `Document.callback_status`.
CallbackStatus = Literal["delivered", "retrying", "failed"]


@dataclass(frozen=True)
class CreatedKey:
    """A new API key: its value is shown to the partner once and never stored by us."""

    key_id: str
    value: str
    created_at: datetime


@dataclass(frozen=True)
class DailyUsage:
    """Requests a key made on one day (UTC) and what its quota had left after them."""

    day: date
    used: int
    remaining: int


@dataclass(frozen=True)
class KeyRecord:
    """A partner key as its owner sees it: no value, just what it is and whether it works."""

    key_id: str
    owner_id: str
    name: str
    created_at: datetime
    enabled: bool
    callback_secret: str | None = None  # signs callbacks; the partner saw it once
    revoked_at: datetime | None = None


class KeyGateway(Protocol):
    """API Gateway's side of a key: create it on the plan, delete it, read its usage."""

    def create(self, owner_id: str, name: str) -> CreatedKey:
        """An enabled key on the partners' plan."""
        ...

    def delete(self, key_id: str) -> None:
        """Refuse the key from now on and free its place on the account; gone is done."""
        ...

    def usage(self, key_id: str, start: date, end: date) -> list[DailyUsage]:
        """Requests per day."""
        ...


class KeyRegistry(Protocol):
    """Who owns which key, and how many working keys each owner holds."""

    def reserve(self, owner_id: str, limit: int) -> bool:
        """Count one more active key for the owner, atomically, unless they hold `limit`."""
        ...

    def release(self, owner_id: str) -> None:
        """Give back a reserved slot whose key was never made."""
        ...

    def add(self, record: KeyRecord) -> None:
        """Record a new key."""
        ...

    def get(self, key_id: str) -> KeyRecord | None:
        """A key's record."""
        ...

    def list(self, owner_id: str) -> list[KeyRecord]:
        """An owner's keys, newest first."""
        ...

    def revoke(self, record: KeyRecord, at: datetime) -> bool:
        """Mark a key revoked and give its slot back, once; False if it was revoked already."""
        ...


class WebhookPoster(Protocol):
    """Sends one POST; the HTTP status, or raises OSError-like errors when it cannot."""

    def post(self, url: str, addresses: Sequence[str], body: bytes, headers: dict[str, str]) -> int:
        """POST `body` to `url`, connected to the first of `addresses` (checked ones) that
        answers, with `url`'s host as the Host and for TLS; never a new lookup of it."""
        ...


class CallbackRecords(Protocol):
    """Where a callback's progress is kept: on the document, and as a sweeper deadline."""

    def record_callback(
        self, document_id: str, *, status: CallbackStatus, attempts: int
    ) -> Document:
        """Record where the document's callback stands after round `attempts`."""
        ...

    def add_deadline(self, deadline: Deadline) -> None:
        """Ask the sweeper to look again at `deadline.due_at`."""
        ...
