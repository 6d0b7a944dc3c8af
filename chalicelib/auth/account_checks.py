"""The account checks every signed-in route and partner call makes: blocked, and verified.

Why every route reads the user's record: API Gateway caches the bearer authorizer's
answer for 60 s per token, and an access token lives 15 minutes, so neither the token nor
the authorizer can learn of a block in time. The routes read the record already for roles
(`chalicelib.auth.roles`); this is the same one consistent GetItem, and a block takes
effect on the very next call, whatever the caches hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.auth.errors import AccountBlockedError, EmailNotVerifiedError, InvalidTokenError

if TYPE_CHECKING:
    from chalicelib.auth.roles import UserRecords
    from chalicelib.models import UserProfile


def refuse_blocked(profile: UserProfile | None, *, issued_at: int | None = None) -> None:
    """Raise `AccountBlockedError` when an admin blocked this user, and `InvalidTokenError`
    for a token `issued_at` before the user's sessions were ended (a block, a reset)."""
    if profile is None:
        return
    if profile.blocked:
        raise AccountBlockedError
    ended = profile.sessions_valid_after
    if issued_at is not None and ended is not None and issued_at < ended:
        raise InvalidTokenError("This session has ended. Sign in again.")


def refuse_blocked_user(
    users: UserRecords, user_id: str, *, issued_at: int | None = None
) -> UserProfile | None:
    """The user's profile (one consistent read), unless they are blocked or the token was
    issued before their sessions ended; None for a user with no profile yet."""
    profile = users.get_user(user_id)
    refuse_blocked(profile, issued_at=issued_at)
    return profile


def refuse_unverified(profile: UserProfile | None, *, required: bool) -> None:
    """Raise `EmailNotVerifiedError` for an e-mail account not confirmed yet, when
    confirmation is `required` (EMAIL_VERIFICATION_REQUIRED)."""
    if required and profile is not None and profile.email_verified is False:
        raise EmailNotVerifiedError
