"""Ports of the authentication service: where credentials live and who the users are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from datetime import datetime

    from chalicelib.models import UserProfile


@dataclass(frozen=True)
class EmailCredential:
    """An e-mail sign-in: the (lower-case) e-mail, whose account it opens, and the password hash."""

    email: str
    user_id: str
    password_hash: str


@dataclass(frozen=True)
class FailedAttempts:
    """Failed sign-ins for one e-mail that still count, until `expires_at`."""

    count: int
    expires_at: datetime


class CredentialStore(Protocol):
    """E-mail credentials, Telegram links and failed-attempt counters.

    Identity links are unique: adding one that exists changes nothing and says
    so, even when two callers race, so one e-mail or Telegram id can never
    open two accounts. Failed attempts form a window that each failure
    extends to `now + window_seconds`; a window whose end has passed counts
    as none, whether or not storage has deleted it yet.
    """

    def get_email_credential(self, email: str) -> EmailCredential | None:
        """The credential for this e-mail, if any."""
        ...

    def add_email_credential(self, credential: EmailCredential) -> bool:
        """Store a new credential; False (and nothing changed) when the e-mail is taken."""
        ...

    def replace_password_hash(self, email: str, password_hash: str) -> None:
        """Swap the stored hash of an existing credential (a parameter upgrade)."""
        ...

    def get_telegram_link(self, telegram_id: int) -> str | None:
        """The user id this Telegram account is linked to, if any."""
        ...

    def add_telegram_link(self, telegram_id: int, user_id: str) -> str:
        """Link the Telegram account to `user_id` unless linked; the user id it is linked to."""
        ...

    def get_failed_attempts(self, email: str, now: datetime) -> FailedAttempts | None:
        """The failures that still count at `now`, or None."""
        ...

    def record_failed_attempt(
        self, email: str, now: datetime, window_seconds: int
    ) -> FailedAttempts:
        """Count one more failure and extend the window to `now + window_seconds`."""
        ...

    def clear_failed_attempts(self, email: str) -> None:
        """Forget the failures (after a successful sign-in)."""
        ...

    def spend_refresh_token(self, token_id: str, expires_at: datetime) -> bool:
        """Mark a refresh token used (kept until it would expire anyway); False if it was."""
        ...


class UserProfiles(Protocol):
    """Profiles of users; `chalicelib.services.users.UserService` is one."""

    def profile(self, user_id: str) -> UserProfile:
        """The user's profile, created with the sign-up credits the first time."""
        ...


class RoleStore(Protocol):
    """Where a user's role is set, with an audit record of who set it and why."""

    def set_role(self, user_id: str, role: str, *, reason: str, set_by: str) -> None:
        """Give an existing user a role."""
        ...
