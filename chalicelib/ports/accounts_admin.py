"""Ports of account administration: the admins' directory of users and their blocks, the
one-time tokens mailed to people, the adapters' service tokens, usage per day, and mail.

Kept apart from `chalicelib.ports.accounts` (sign-in's own ports) so that sign-in's cold
start and fakes stay as they are; the services of `chalicelib.services.accounts`,
`chalicelib.auth.email_flows` and `chalicelib.auth.service_tokens` depend on these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from datetime import date, datetime

    from chalicelib.models import UserProfile
    from chalicelib.ports.partners import KeyRecord

# What a mailed one-time token is for: confirming an address, or setting a new password.
TokenPurpose = Literal["verify_email", "password_reset"]


@dataclass(frozen=True)
class UserRecord:
    """A user as an admin sees them: the profile, and what only admins are shown."""

    profile: UserProfile
    created_at: str | None = None
    email: str | None = None
    blocked_at: str | None = None
    blocked_by: str | None = None
    blocked_reason: str | None = None


@dataclass(frozen=True)
class BlockChange:
    """One block or unblock of a user: who, when, why (the audit record)."""

    user_id: str
    action: Literal["block", "unblock"]
    reason: str
    by: str
    at: str


class AccountDirectory(Protocol):
    """The users an admin may list, search, block and unblock."""

    def user_record(self, user_id: str) -> UserRecord | None:
        """One user's record (a consistent read), if there is one."""
        ...

    def list_users(
        self, *, region: str | None, role: str | None, limit: int, cursor: str | None
    ) -> tuple[list[UserRecord], str | None]:
        """Users newest first, of a region (its cities too) and a role when given; a cursor."""
        ...

    def user_for_email(self, email: str) -> str | None:
        """The user an e-mail signs in, if any."""
        ...

    def user_for_telegram(self, telegram_id: int) -> str | None:
        """The user a Telegram account is linked to, if any."""
        ...

    def count_documents(self, user_id: str) -> int:
        """How many documents the user holds (deleted ones not counted)."""
        ...

    def set_blocked(self, change: BlockChange) -> bool:
        """Block or unblock with the audit record, in one transaction; False when the user
        was in that state already (nothing is written then). `DocumentNotFoundError` for
        no such user."""
        ...

    def block_history(self, user_id: str) -> list[BlockChange]:
        """The user's blocks and unblocks, newest first."""
        ...


class AccountFlags(Protocol):
    """What the e-mail flows note on a profile."""

    def mark_email_unverified(self, user_id: str, email: str) -> None:
        """A new e-mail account: its address is to be confirmed (and is shown to admins)."""
        ...

    def mark_email_verified(self, user_id: str) -> None:
        """The address is confirmed."""
        ...

    def end_sessions(self, user_id: str, before: int) -> None:
        """Refuse the user's tokens issued before `before` (epoch seconds)."""
        ...


class OwnedKeys(Protocol):
    """An owner's partner keys (`DynamoKeyRegistry` is one)."""

    def list(self, owner_id: str) -> list[KeyRecord]:
        """The owner's keys, newest first."""
        ...


class KeySwitch(Protocol):
    """API Gateway's switch of a key (`ApiGatewayKeys` is one): refused at once when off."""

    def disable(self, key_id: str) -> None:
        """API Gateway refuses the key from now on (it stays, for an unblock)."""
        ...

    def enable(self, key_id: str) -> None:
        """The key works again."""
        ...


@dataclass(frozen=True)
class OneTimeGrant:
    """What a consumed one-time token stood for."""

    purpose: TokenPurpose
    user_id: str
    email: str


class OneTimeTokens(Protocol):
    """Mailed tokens, kept by their sha256 only, each consumed at most once."""

    def add(self, token_hash: str, grant: OneTimeGrant, *, expires_at: datetime) -> None:
        """Keep a new token's hash until `expires_at`."""
        ...

    def reserve_mail(self, email: str, now: datetime, *, limit: int, window_seconds: int) -> bool:
        """Count one more unasked-for mail to `email` unless `limit` went in its window
        (one atomic write); False: send nothing."""
        ...

    def consume(self, token_hash: str, purpose: TokenPurpose, now: datetime) -> OneTimeGrant | None:
        """Spend a live token of this purpose (one conditional delete); None when there is
        none: unknown, expired, of another purpose, or spent already."""
        ...


@dataclass(frozen=True)
class ServiceTokenRecord:
    """An adapter's service token, as admins see it (never its value)."""

    token_id: str
    name: str
    adapter: str
    created_at: str
    created_by: str
    revoked_at: str | None = None
    revoked_by: str | None = None
    last_used_at: str | None = None
    uses: int = 0


class ServiceTokenStore(Protocol):
    """The adapters' service tokens, by id, with their secret's sha256."""

    def add(self, record: ServiceTokenRecord, secret_hash: str) -> None:
        """Keep a new token."""
        ...

    def list(self) -> list[ServiceTokenRecord]:
        """Every token, newest first."""
        ...

    def revoke(self, token_id: str, *, at: str, by: str) -> ServiceTokenRecord | None:
        """Refuse the token from now on; the record as it stands, None for no such token."""
        ...

    def use(self, token_id: str, secret_hash: str, at: str) -> ServiceTokenRecord | None:
        """Count one use of a live token whose secret has this hash (one conditional
        write: a revoked or unknown token, or a wrong secret, changes nothing); None then."""
        ...

    def record_bootstrap_use(self, adapter: str, at: str) -> None:
        """Count one use of the configured (bootstrap) token of `adapter`."""
        ...


@dataclass(frozen=True)
class DailyTotals:
    """What happened on one day (UTC)."""

    day: date
    documents_created: int = 0
    documents_done: int = 0
    documents_failed: int = 0
    credits_spent: int = 0
    credits_refunded: int = 0
    active_users: int = 0


class UsageStatistics(Protocol):
    """Usage per day, as the table counts it."""

    def daily_totals(self, days: list[date]) -> list[DailyTotals]:
        """Each day's totals, in the order asked; a day without activity is all zeros."""
        ...


class Mailer(Protocol):
    """Sends one plain-text mail (SES on AWS, moto's SES locally)."""

    def send(self, to: str, subject: str, text: str) -> None:
        """Send it, or raise a `RetryableError` when the mail service does not take it."""
        ...
