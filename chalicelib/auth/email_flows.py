"""E-mail verification on registration, and password reset by e-mail.

Both mail a one-time token: 256 random bits, kept in the table by its sha256 only, with
an expiry (the table's TTL attribute, and checked on use: TTL lags), and consumed by one
conditional delete, so it works once.

- Registration: a new e-mail account gets a verification mail and is marked
  `email_verified = false`; a taken e-mail gets a mail to its owner saying somebody tried
  to register it (so the answer, and the work behind it, are the same for both, and the
  owner learns of it), or, while that account is unconfirmed, a new verification mail:
  registering again is how one asks for it. Until the address is confirmed, the account
  may sign in, read its profile, documents and reports, but not upload (web, API or bot:
  the upload service checks) nor create partner keys, when EMAIL_VERIFICATION_REQUIRED is
  on (the template's default on AWS; the local cloud leaves it off so its demo and web
  page need no mail).
- Password reset: `request_password_reset` answers the same whether the e-mail has an
  account or not (the route always says 202); only an account's address gets a mail, and
  at most `MAX_UNASKED_MAILS` of these (and of the notices) an hour.
  Confirming sets the new password (the policy applies, checked before the token is
  spent), clears the sign-in lockout, confirms the address too (the mail proved it), and
  ends every session alive then: whoever knew the old password may hold one.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

from chalicelib.auth.errors import InvalidEmailError, InvalidOneTimeTokenError
from chalicelib.auth.passwords import PasswordHasher, check_password_policy
from chalicelib.auth.service import normalize_email
from chalicelib.ports.accounts_admin import OneTimeGrant

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports import CredentialStore, UserProfiles
    from chalicelib.ports.accounts_admin import AccountFlags, Mailer, OneTimeTokens, TokenPurpose

DEFAULT_VERIFY_TTL_SECONDS = 24 * 3600
DEFAULT_RESET_TTL_SECONDS = 3600
# Mails nobody signed in asked for (resets, notices of a taken address): this many per
# address per window, so the routes cannot flood somebody's inbox.
MAX_UNASKED_MAILS = 3
UNASKED_MAIL_WINDOW_SECONDS = 3600
MAX_TOKEN_CHARS = 128


def token_hash(token: str) -> str:
    """What the table keeps of a mailed token."""
    return hashlib.sha256(token.encode()).hexdigest()


class AccountMail:
    """Mails verification and reset tokens, and redeems them."""

    def __init__(
        self,
        credentials: CredentialStore,
        users: UserProfiles,
        flags: AccountFlags,
        tokens: OneTimeTokens,
        mailer: Mailer,
        *,
        clock: Callable[[], datetime],
        passwords: PasswordHasher | None = None,
        verify_ttl_seconds: int = DEFAULT_VERIFY_TTL_SECONDS,
        reset_ttl_seconds: int = DEFAULT_RESET_TTL_SECONDS,
    ) -> None:
        self._credentials = credentials
        self._users = users
        self._flags = flags
        self._tokens = tokens
        self._mailer = mailer
        self._clock = clock
        self._passwords = passwords or PasswordHasher()
        self._ttl: dict[TokenPurpose, int] = {
            "verify_email": verify_ttl_seconds,
            "password_reset": reset_ttl_seconds,
        }

    # --- registration ------------------------------------------------------------------

    def registered(self, user_id: str, email: str, *, new: bool) -> None:
        """After a registration: a verification mail for a new account, a notice to the
        owner of a taken address."""
        if not new:
            if not self._may_mail(email):
                return
            existing = self._credentials.get_email_credential(email)
            if existing and self._users.profile(existing.user_id).email_verified is False:
                # Not confirmed yet (the first mail was lost, or never came): registering
                # again is how a new verification mail is asked for. It goes to the address
                # itself, so it tells nobody else anything.
                self._send_verification(existing.user_id, email)
                return
            self._mailer.send(
                email,
                "Somebody tried to register your address",
                "Somebody (maybe you) tried to register a Contract-check account with this "
                "address, which has one already. Nothing changed. If you forgot your "
                "password, ask for a new one: POST /v1/auth/password-reset.",
            )
            return
        self._users.profile(user_id)  # the profile, with the sign-up credits
        self._flags.mark_email_unverified(user_id, email)
        self._send_verification(user_id, email)

    def _send_verification(self, user_id: str, email: str) -> None:
        token = self._issue("verify_email", user_id, email)
        self._mailer.send(
            email,
            "Confirm your e-mail address",
            "Welcome to Contract-check. Confirm this address to upload documents:\n\n"
            + self._instructions("verify-email", token, "verify_email")
            + "\nIf you did not register, ignore this mail.",
        )

    def verify_email(self, token: str) -> str:
        """Confirm the address a verification token was mailed to; the user's id."""
        grant = self._consume(token, "verify_email")
        self._flags.mark_email_verified(grant.user_id)
        return grant.user_id

    # --- password reset ----------------------------------------------------------------

    def request_password_reset(self, email: str) -> None:
        """Mail a reset token if the e-mail has an account; say nothing either way."""
        try:
            normalized = normalize_email(email)
        except InvalidEmailError:
            return  # no account can have it
        credential = self._credentials.get_email_credential(normalized)
        if credential is None or not self._may_mail(normalized):
            return
        token = self._issue("password_reset", credential.user_id, normalized)
        self._mailer.send(
            normalized,
            "Reset your password",
            "Somebody (maybe you) asked to reset the password of your Contract-check "
            "account. To choose a new one:\n\n"
            + self._instructions("password-reset/confirm", token, "password_reset")
            + "\nIf it was not you, ignore this mail: your password stays as it is.",
        )

    def confirm_password_reset(self, token: str, new_password: str) -> None:
        """Set a new password with a reset token (once)."""
        # The policy is checked before the token is spent, so a weak password costs no
        # token; that it is not the e-mail is only known after (a rare refusal, then a
        # new mail is needed).
        check_password_policy(new_password)
        grant = self._consume(token, "password_reset")
        check_password_policy(new_password, email=grant.email)
        self._credentials.replace_password_hash(grant.email, self._passwords.hash(new_password))
        self._credentials.clear_login_attempts(grant.email)
        self._flags.mark_email_verified(grant.user_id)
        # Whoever held the old password may hold a session too: every session alive now ends.
        self._flags.end_sessions(grant.user_id, math.floor(self._clock().timestamp()))

    # --- shared ------------------------------------------------------------------------

    def _may_mail(self, email: str) -> bool:
        return self._tokens.reserve_mail(
            email,
            self._clock(),
            limit=MAX_UNASKED_MAILS,
            window_seconds=UNASKED_MAIL_WINDOW_SECONDS,
        )

    def _issue(self, purpose: TokenPurpose, user_id: str, email: str) -> str:
        token = secrets.token_urlsafe(32)
        expires_at = self._clock() + timedelta(seconds=self._ttl[purpose])
        grant = OneTimeGrant(purpose=purpose, user_id=user_id, email=email)
        self._tokens.add(token_hash(token), grant, expires_at=expires_at)
        return token

    def _consume(self, token: str, purpose: TokenPurpose) -> OneTimeGrant:
        if not token or len(token) > MAX_TOKEN_CHARS:
            raise InvalidOneTimeTokenError
        grant = self._tokens.consume(token_hash(token), purpose, self._clock())
        if grant is None:
            raise InvalidOneTimeTokenError
        return grant

    def _instructions(self, route: str, token: str, purpose: TokenPurpose) -> str:
        # The token and the call that spends it; the web page has no form for it yet.
        hours = max(1, self._ttl[purpose] // 3600)
        return (
            f"Send POST /v1/auth/{route} with this token: {token}\n\n"
            f"It works once, for {hours} hour{'s' if hours > 1 else ''}.\n"
        )
