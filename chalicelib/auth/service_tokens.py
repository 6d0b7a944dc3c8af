"""Service tokens per adapter: the Telegram bot, partner systems, each its own token.

An admin creates one (`name`, `adapter`); its value, `cct_{token_id}_{secret}`, is in
that answer and nowhere else: the table keeps the secret's sha256 only (the secret is 256
random bits, so a plain hash is as strong as a slow one would be). Each token is revoked
on its own; the exchange (`POST /v1/auth/service-token`) takes any live one and records
which token, and so which adapter, used it.

The configured token (AUTH_SERVICE_TOKEN / its parameter, what the bot and the local cloud
use today) stays valid as the `telegram` adapter's bootstrap token: it is revoked by
changing the setting, and its uses are counted too.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from typing import TYPE_CHECKING, Any

from chalicelib.auth.errors import InvalidCredentialsError
from chalicelib.errors import DocumentNotFoundError, InvalidRequestError
from chalicelib.ports.accounts_admin import ServiceTokenRecord

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from datetime import datetime

    from chalicelib.ports.accounts_admin import ServiceTokenStore

logger = logging.getLogger(__name__)
TOKEN_PREFIX = "cct"  # noqa: S105 - the tokens' visible prefix, not a secret
BOOTSTRAP_ADAPTER = "telegram"
ADAPTER_PATTERN = r"^[a-z][a-z0-9-]{1,31}$"
_TOKEN = re.compile(r"^cct_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")
_MAX_NAME = 64


def secret_hash(secret: str) -> str:
    """What the table keeps of a secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def token_view(record: ServiceTokenRecord) -> dict[str, Any]:
    """A token as admins see it: never its value."""
    return {
        "token_id": record.token_id,
        "name": record.name,
        "adapter": record.adapter,
        "created_at": record.created_at,
        "created_by": record.created_by,
        "revoked": record.revoked_at is not None,
        "revoked_at": record.revoked_at,
        "revoked_by": record.revoked_by,
        "last_used_at": record.last_used_at,
        "uses": record.uses,
    }


class ServiceTokens:
    """Creates, lists and revokes the adapters' tokens, and tells whose a token is."""

    def __init__(
        self,
        store: ServiceTokenStore,
        clock: Callable[[], datetime],
        *,
        bootstrap: Mapping[str, str] | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        # adapter -> the configured secret (empty: none); an empty one never matches.
        self._bootstrap = {adapter: token for adapter, token in (bootstrap or {}).items() if token}

    def create(self, name: str, adapter: str, *, created_by: str) -> dict[str, Any]:
        """A new token for `adapter`; its value is in this answer only."""
        name = name.strip()
        if not 1 <= len(name) <= _MAX_NAME:
            raise InvalidRequestError(f"Give the token a name of 1 to {_MAX_NAME} characters.")
        if not re.fullmatch(ADAPTER_PATTERN, adapter):
            raise InvalidRequestError(
                "adapter: 2 to 32 lower-case letters, digits and -, starting with a letter."
            )
        token_id, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
        record = ServiceTokenRecord(
            token_id=token_id,
            name=name,
            adapter=adapter,
            created_at=self._clock().isoformat(),
            created_by=created_by,
        )
        self._store.add(record, secret_hash(secret))
        return {**token_view(record), "service_token": f"{TOKEN_PREFIX}_{token_id}_{secret}"}

    def list(self) -> list[dict[str, Any]]:
        """Every token, newest first, without values."""
        return [token_view(record) for record in self._store.list()]

    def revoke(self, token_id: str, *, revoked_by: str) -> dict[str, Any]:
        """Refuse the token from now on; revoking again is fine."""
        record = self._store.revoke(token_id, at=self._clock().isoformat(), by=revoked_by)
        if record is None:
            raise DocumentNotFoundError("No such service token.")
        return token_view(record)

    @property
    def enabled(self) -> bool:
        """Always: tokens can be created by an admin at any time."""
        return True

    def authenticate(self, presented: str) -> str:
        """The adapter a live token belongs to, its use recorded; `InvalidCredentialsError`
        for anything else."""
        for adapter, configured in self._bootstrap.items():
            if hmac.compare_digest(presented.encode(), configured.encode()):
                self._store.record_bootstrap_use(adapter, self._clock().isoformat())
                logger.info("service token used: adapter=%s token=configured", adapter)
                return adapter
        match = _TOKEN.fullmatch(presented)
        if match is None:
            raise InvalidCredentialsError("The service token is not valid.")
        token_id, secret = match.groups()
        record = self._store.use(token_id, secret_hash(secret), self._clock().isoformat())
        if record is None:
            raise InvalidCredentialsError("The service token is not valid.")
        logger.info("service token used: adapter=%s token=%s", record.adapter, token_id)
        return record.adapter
