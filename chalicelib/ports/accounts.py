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
class LoginAttempts:
    """Password checks counted for one e-mail in its current window, which ends at `expires_at`."""

    count: int
    expires_at: datetime


@dataclass(frozen=True)
class AttemptReservation:
    """The store's answer to "may one more password be checked?": `granted` or not, and the
    window as it stands (with this attempt when granted)."""

    granted: bool
    attempts: LoginAttempts


class CredentialStore(Protocol):
    """E-mail credentials, Telegram links, login-attempt counters and refresh-token state.

    Identity links are unique: adding one that exists changes nothing and says
    so, even when two callers race, so one e-mail or Telegram id can never
    open two accounts.

    Login attempts are reserved before a password is checked, atomically: of
    any number of callers racing, at most `limit` get a place in a window.
    Each granted place extends the window to `now + window_seconds`; a window
    whose end has passed counts as none, whether or not storage has deleted
    it yet.
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

    def reserve_login_attempt(
        self, email: str, now: datetime, *, limit: int, window_seconds: int
    ) -> AttemptReservation:
        """Count one more attempt unless `limit` are counted in the live window (one atomic
        write); a new window when the old one has ended."""
        ...

    def clear_login_attempts(self, email: str) -> None:
        """Forget the attempts (after a successful sign-in)."""
        ...

    def spend_refresh_token(self, token_id: str, expires_at: datetime) -> bool:
        """Mark a refresh token used (kept until it would expire anyway); False if it was."""
        ...

    def revoke_refresh_family(self, family_id: str, until: datetime) -> None:
        """Refuse every refresh token of a session's family from now on (kept until `until`,
        when the last of them has expired)."""
        ...

    def is_refresh_family_revoked(self, family_id: str) -> bool:
        """Whether the family's refresh tokens are refused."""
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
