"""Partner API keys: a signed-in person creates, lists and revokes them; partners call with one.

API Gateway holds the keys, enforces them and the usage plan, and counts usage; this
service keeps who owns which key, so a partner's request is charged to its owner (known
from the key id API Gateway puts in the request context, never from the body).

An AWS account holds 10,000 API keys per region at most (a fixed quota), so a person may
hold `max_keys_per_user` active keys: a slot is reserved atomically before API Gateway
makes a key (two creates at once cannot both take the last one), and given back if the key
is not made. A revoked key is deleted from API Gateway (refused at once, and no
longer counted against the account), while its record stays, revoked, for audit.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from chalicelib import api_views as views
from chalicelib.errors import (
    AuthenticationRequiredError,
    DocumentNotFoundError,
    InvalidRequestError,
    RequestError,
    StorageUnavailableError,
)
from chalicelib.ports import KeyGateway, KeyRecord, KeyRegistry

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime


logger = logging.getLogger(__name__)
_MAX_NAME = 64
USAGE_DAYS = 30
DEFAULT_MAX_KEYS_PER_USER = 5


class KeyLimitReachedError(RequestError):
    """The person already holds as many active partner keys as one account may."""

    code = "KEY_LIMIT_REACHED"
    http_status = 409
    default_message = "You hold as many active keys as an account may: revoke one first."


def key_view(record: KeyRecord) -> dict[str, Any]:
    """A key as its owner sees it in lists: never its value."""
    return _key(record).body()


def _key(record: KeyRecord) -> views.Key:
    return views.Key(
        key_id=record.key_id,
        name=record.name,
        created_at=record.created_at,
        enabled=record.enabled,
    )


class PartnerKeys:
    """Creates, lists and revokes keys, and tells whose a partner's key is."""

    def __init__(
        self,
        gateway: KeyGateway,
        registry: KeyRegistry,
        clock: Callable[[], datetime],
        *,
        max_keys_per_user: int = DEFAULT_MAX_KEYS_PER_USER,
    ) -> None:
        self._gateway = gateway
        self._registry = registry
        self._clock = clock
        self._max_keys = max_keys_per_user

    def create(self, owner_id: str, name: str) -> dict[str, Any]:
        """A new key; its value is in this answer and nowhere else, ever."""
        name = name.strip()
        if not 1 <= len(name) <= _MAX_NAME:
            raise InvalidRequestError(f"Give the key a name of 1 to {_MAX_NAME} characters.")
        if not self._registry.reserve(owner_id, self._max_keys):
            raise KeyLimitReachedError(
                f"You hold {self._max_keys} active keys, the most an account may: "
                "revoke one you no longer use, then create this one."
            )
        try:
            created = self._gateway.create(owner_id, name)
        except Exception:
            self._registry.release(owner_id)
            raise
        secret = secrets.token_urlsafe(32)
        record = KeyRecord(
            created.key_id, owner_id, name, created.created_at, enabled=True, callback_secret=secret
        )
        try:
            self._registry.add(record)
        except Exception:
            # Unrecorded, the key could never be revoked: it goes, and its slot with it.
            with contextlib.suppress(StorageUnavailableError, RequestError):
                self._gateway.delete(created.key_id)
                self._registry.release(owner_id)
            raise
        fields = _key(record).model_dump()
        return views.NewKey(**fields, api_key=created.value, callback_secret=secret).body()

    def callback_secret(self, key_id: str) -> str | None:
        """The secret that signs callbacks for uploads made with this key."""
        record = self._registry.get(key_id)
        return record.callback_secret if record else None

    def list(self, owner_id: str) -> list[dict[str, Any]]:
        """The owner's keys, newest first, without their values."""
        return [key_view(record) for record in self._registry.list(owner_id)]

    def revoke(self, owner_id: str, key_id: str) -> dict[str, Any]:
        """Delete the owner's key from API Gateway at once, keep its record as revoked, and
        free its slot; someone else's key does not exist for them. Revoking again is fine."""
        record = self._registry.get(key_id)
        if record is None or record.owner_id != owner_id:
            raise DocumentNotFoundError("No such key.")
        if record.enabled:
            # API Gateway first: the slot is only given back for a key that is really gone,
            # and a failure here leaves the key revocable by trying again.
            self._gateway.delete(key_id)
            if not self._registry.revoke(record, self._clock()):
                logger.info("key revoked by another call at once: key=%s", key_id)
        return key_view(replace(record, enabled=False))

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
        return views.Usage(
            key_id=key_id,
            days=[
                views.UsageDay(date=day.day, used=day.used, remaining=day.remaining) for day in days
            ],
            total=sum(day.used for day in days),
        ).body()
