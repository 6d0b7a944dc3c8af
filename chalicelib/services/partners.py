"""Partner API keys: a signed-in person creates, lists and revokes them; partners call with one.

API Gateway holds the keys, enforces them and the usage plan, and counts usage; this
service keeps who owns which key, so a partner's request is charged to its owner (known
from the key id API Gateway puts in the request context, never from the body).
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Protocol

from chalicelib.adapters.key_registry import KeyRecord
from chalicelib.errors import (
    AuthenticationRequiredError,
    DocumentNotFoundError,
    InvalidRequestError,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import date, datetime

    from chalicelib.adapters.apikeys import CreatedKey, DailyUsage

_MAX_NAME = 64
USAGE_DAYS = 30


class KeyGateway(Protocol):
    """API Gateway's side of a key: create it on the plan, disable it, read its usage."""

    def create(self, owner_id: str, name: str) -> CreatedKey:
        """An enabled key on the partners' plan."""
        ...

    def disable(self, key_id: str) -> None:
        """Refuse the key from now on."""
        ...

    def usage(self, key_id: str, start: date, end: date) -> list[DailyUsage]:
        """Requests per day."""
        ...


class KeyRegistry(Protocol):
    """Who owns which key."""

    def add(self, record: KeyRecord) -> None:
        """Record a new key."""
        ...

    def get(self, key_id: str) -> KeyRecord | None:
        """A key's record."""
        ...

    def list(self, owner_id: str) -> list[KeyRecord]:
        """An owner's keys, newest first."""
        ...

    def disable(self, record: KeyRecord) -> None:
        """Mark a key revoked."""
        ...


def key_view(record: KeyRecord) -> dict[str, Any]:
    """A key as its owner sees it in lists: never its value."""
    return {
        "key_id": record.key_id,
        "name": record.name,
        "created_at": record.created_at.isoformat(),
        "enabled": record.enabled,
    }


class PartnerKeys:
    """Creates, lists and revokes keys, and tells whose a partner's key is."""

    def __init__(
        self, gateway: KeyGateway, registry: KeyRegistry, clock: Callable[[], datetime]
    ) -> None:
        self._gateway = gateway
        self._registry = registry
        self._clock = clock

    def create(self, owner_id: str, name: str) -> dict[str, Any]:
        """A new key; its value is in this answer and nowhere else, ever."""
        name = name.strip()
        if not 1 <= len(name) <= _MAX_NAME:
            raise InvalidRequestError(f"Give the key a name of 1 to {_MAX_NAME} characters.")
        created = self._gateway.create(owner_id, name)
        secret = secrets.token_urlsafe(32)
        record = KeyRecord(
            created.key_id, owner_id, name, created.created_at, enabled=True, callback_secret=secret
        )
        self._registry.add(record)
        return {**key_view(record), "api_key": created.value, "callback_secret": secret}

    def callback_secret(self, key_id: str) -> str | None:
        """The secret that signs callbacks for uploads made with this key."""
        record = self._registry.get(key_id)
        return record.callback_secret if record else None

    def list(self, owner_id: str) -> list[dict[str, Any]]:
        """The owner's keys, newest first, without their values."""
        return [key_view(record) for record in self._registry.list(owner_id)]

    def revoke(self, owner_id: str, key_id: str) -> dict[str, Any]:
        """Disable the owner's key at once; someone else's key does not exist for them."""
        record = self._registry.get(key_id)
        if record is None or record.owner_id != owner_id:
            raise DocumentNotFoundError("No such key.")
        self._gateway.disable(key_id)
        self._registry.disable(record)
        return key_view(KeyRecord(key_id, owner_id, record.name, record.created_at, enabled=False))

    def owner_of(self, key_id: str | None) -> str:
        """The owner a partner's request is made for, from API Gateway's key id."""
        record = self._registry.get(key_id) if key_id else None
        if record is None or not record.enabled:
            raise AuthenticationRequiredError("This API key is not valid.")
        return record.owner_id

    def usage(self, key_id: str) -> dict[str, Any]:
        """The key's requests per day over the last 30 days, from API Gateway."""
        today = self._clock().date()
        days = self._gateway.usage(key_id, today - timedelta(days=USAGE_DAYS - 1), today)
        return {
            "key_id": key_id,
            "days": [
                {"date": day.day.isoformat(), "used": day.used, "remaining": day.remaining}
                for day in days
            ],
            "total": sum(day.used for day in days),
        }
