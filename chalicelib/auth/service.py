"""Sign-up and sign-in of people: e-mail and password, Telegram Login and Mini App, the bot's
token exchange.

The local cloud adds one more, `development_sign_in`: any user and role, no secret.

Every way in ends the same: a user id, its profile (created with the sign-up
credits the first time), and a token pair carrying the profile's role.

E-mail sign-in is rate limited per e-mail: each attempt reserves its place
in the e-mail's window with one atomic write BEFORE the password is checked,
so however many requests arrive at once, at most `max_attempts` passwords
are checked until `lockout_seconds` have passed since the last of them; the
others get `TooManyAttemptsError` without a check. A success clears the
count. Unknown e-mails count and cost the same as wrong passwords, so neither
timing nor the lockout tells which e-mails have accounts. Anyone can lock an
e-mail out for `lockout_seconds` this way: that is the price of slowing
password guessing, and it does not grow.

Registration does not tell either: a taken e-mail gets the answer a new one
gets, after the same work (one hash, one conditional write), and neither gets
tokens; signing in is how an account's tokens come. (Without a mail to the
address, the only proof of owning it, whoever registers a new e-mail can then
sign in to it, so a determined prober still learns which e-mails were free,
one new account per probe; nobody learns it from the answer.)

Refresh tokens rotate within a family (one per sign-in): each works once, and
one presented again means two parties hold the session, so the whole family
is revoked; signing out revokes it too.

Accounts (issue 14): a blocked user gets no tokens by any way in, nor by a
refresh (`chalicelib.auth.account_checks`). With mail configured, registration
mails either way (`chalicelib.auth.email_flows`): a verification token to a new
account, a notice to a taken address's owner. The bots' exchange takes any live
service token of an adapter (`chalicelib.auth.service_tokens`).
"""

from __future__ import annotations

import hmac
import math
import re
import uuid
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

from chalicelib.auth.account_checks import refuse_blocked
from chalicelib.auth.errors import (
    AuthMethodDisabledError,
    InvalidCredentialsError,
    InvalidEmailError,
    InvalidTokenError,
    TokenExpiredError,
    TooManyAttemptsError,
)
from chalicelib.auth.passwords import PasswordHasher, check_password_policy
from chalicelib.auth.telegram import (
    DEFAULT_MAX_AGE_SECONDS,
    verify_telegram_login,
    verify_telegram_webapp,
)
from chalicelib.auth.tokens import ROLES
from chalicelib.errors import InvalidRequestError
from chalicelib.ports import EmailCredential

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from datetime import datetime

    from chalicelib.auth.tokens import TokenIssuer, TokenPair
    from chalicelib.ports import CredentialStore, RoleStore, UserProfiles


class ServiceTokenCheck(Protocol):
    """The adapters' service tokens (`chalicelib.auth.service_tokens.ServiceTokens`)."""

    def authenticate(self, presented: str) -> str:
        """The adapter a live token belongs to; `InvalidCredentialsError` otherwise."""
        ...


class RegistrationMail(Protocol):
    """Mail after a registration (`chalicelib.auth.email_flows.AccountMail`)."""

    def registered(self, user_id: str, email: str, *, new: bool) -> None:
        """A verification mail to a new account, a notice to a taken address's owner."""
        ...


# RFC 5321 caps a path at 254 characters; the shape check is deliberately loose
# (one @, no spaces, a dot in the domain): only a confirmation mail proves an address.
MAX_EMAIL_LENGTH = 254
_EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+$")
_DEV_USER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def normalize_email(email: str) -> str:
    """The e-mail as we key it: trimmed and lower case, or `InvalidEmailError`."""
    normalized = email.strip().lower()
    if len(normalized) > MAX_EMAIL_LENGTH or not _EMAIL.fullmatch(normalized):
        raise InvalidEmailError
    return normalized


def _new_user_id() -> str:
    return uuid.uuid4().hex


def user_for_telegram(
    credentials: CredentialStore, telegram_id: int, new_user_id: Callable[[], str] = _new_user_id
) -> str:
    """The one user of a Telegram account (the widget's, the Mini App's and the bot's),
    created on first sight."""
    linked = credentials.get_telegram_link(telegram_id)
    if linked is not None:
        return linked
    # Two first logins may race; the store keeps one link and tells both callers its user.
    return credentials.add_telegram_link(telegram_id, new_user_id())


class AuthService:
    """Registers and signs in people, and hands out the API's tokens."""

    def __init__(
        self,
        credentials: CredentialStore,
        users: UserProfiles,
        tokens: TokenIssuer,
        clock: Callable[[], datetime],
        *,
        passwords: PasswordHasher | None = None,
        max_attempts: int = 5,
        lockout_seconds: int = 900,
        telegram_bot_token: str = "",
        telegram_login_max_age_seconds: int = DEFAULT_MAX_AGE_SECONDS,
        service_token: str = "",
        new_user_id: Callable[[], str] = _new_user_id,
        development_roles: RoleStore | None = None,
        service_tokens: ServiceTokenCheck | None = None,
        account_mail: RegistrationMail | None = None,
    ) -> None:
        if max_attempts < 1 or lockout_seconds < 1:
            raise ValueError("max_attempts and lockout_seconds must be positive")
        self._credentials = credentials
        self._users = users
        self._tokens = tokens
        self._clock = clock
        self._passwords = passwords or PasswordHasher()
        self._max_attempts = max_attempts
        self._lockout_seconds = lockout_seconds
        self._telegram_bot_token = telegram_bot_token
        self._telegram_max_age = telegram_login_max_age_seconds
        self._service_token = service_token
        self._new_user_id = new_user_id
        # Set only on the local cloud (AUTH_MODE=dev): sign-in as anyone, with no secret.
        self._development_roles = development_roles
        # Accounts (issue 14): the adapters' own service tokens (the configured one stays
        # the Telegram adapter's), and the mails of registration; None keeps the old ways.
        self._service_tokens = service_tokens
        self._account_mail = account_mail

    # --- e-mail and password -----------------------------------------------

    def register(self, email: str, password: str) -> None:
        """Create an account for a new e-mail; a taken one is left as it is, and the caller
        cannot tell which happened (neither gets tokens: sign in next)."""
        normalized = normalize_email(email)
        check_password_policy(password, email=normalized)
        credential = EmailCredential(
            email=normalized,
            user_id=self._new_user_id(),
            password_hash=self._passwords.hash(password),
        )
        # The conditional write decides: of two registrations racing for one e-mail, one wins,
        # and the other changes nothing. Both did the same work, so both take as long.
        new = self._credentials.add_email_credential(credential)
        if self._account_mail is not None:
            # A verification mail to a new account, a notice to a taken address's owner:
            # a mail either way, so the answer still tells nothing.
            self._account_mail.registered(credential.user_id, normalized, new=new)

    def login(self, email: str, password: str) -> TokenPair:
        """Sign in with e-mail and password, within the attempt limit."""
        try:
            normalized = normalize_email(email)
        except InvalidEmailError as exc:
            # No account can have this e-mail: say "wrong credentials", not "bad request".
            raise InvalidCredentialsError from exc
        now = self._clock()
        # The place is taken before the check: a check never runs unless it was counted first.
        reservation = self._credentials.reserve_login_attempt(
            normalized, now, limit=self._max_attempts, window_seconds=self._lockout_seconds
        )
        if not reservation.granted:
            wait = math.ceil((reservation.attempts.expires_at - now).total_seconds())
            raise TooManyAttemptsError(retry_after_seconds=max(wait, 1))
        credential = self._credentials.get_email_credential(normalized)
        if credential is None:
            self._passwords.verify_dummy(password)
            raise InvalidCredentialsError
        if not self._passwords.verify(password, credential.password_hash):
            raise InvalidCredentialsError
        self._credentials.clear_login_attempts(normalized)
        if self._passwords.needs_rehash(credential.password_hash):
            self._credentials.replace_password_hash(normalized, self._passwords.hash(password))
        return self._sign_in(credential.user_id)

    # --- Telegram -------------------------------------------------------------

    def telegram_login(self, widget_data: Mapping[str, object]) -> TokenPair:
        """Sign in with Telegram Login Widget data; the first login creates the user."""
        if not self._telegram_bot_token:
            raise AuthMethodDisabledError("Telegram login is not enabled.")
        identity = verify_telegram_login(
            widget_data,
            self._telegram_bot_token,
            now=self._clock(),
            max_age_seconds=self._telegram_max_age,
        )
        return self._sign_in(self._user_for_telegram(identity.id))

    def telegram_webapp_login(self, init_data: str) -> TokenPair:
        """Sign in with a Mini App's initData: the same user as the widget's and the bot's."""
        if not self._telegram_bot_token:
            raise AuthMethodDisabledError("Telegram login is not enabled.")
        identity = verify_telegram_webapp(
            init_data,
            self._telegram_bot_token,
            now=self._clock(),
            max_age_seconds=self._telegram_max_age,
        )
        return self._sign_in(self._user_for_telegram(identity.id))

    @property
    def telegram_enabled(self) -> bool:
        """Whether Telegram sign-in (the Login Widget, the Mini App) is configured."""
        return bool(self._telegram_bot_token)

    def exchange_service_token(self, service_token: str, telegram_id: int) -> TokenPair:
        """Tokens for the user of a Telegram id the bot has verified, for the bot's own calls.

        With per-adapter tokens (`chalicelib.auth.service_tokens`), any live one is taken
        and its use recorded; without, the one configured token as before.
        """
        if self._service_tokens is not None:
            self._service_tokens.authenticate(service_token)
        elif not self._service_token:
            # An unset token must never match an empty one.
            raise AuthMethodDisabledError("The service token exchange is not enabled.")
        elif not hmac.compare_digest(service_token.encode(), self._service_token.encode()):
            raise InvalidCredentialsError("The service token is not valid.")
        if isinstance(telegram_id, bool) or not isinstance(telegram_id, int) or telegram_id <= 0:
            raise InvalidRequestError("The Telegram id must be a positive integer.")
        return self._sign_in(self._user_for_telegram(telegram_id))

    # --- the local cloud ----------------------------------------------------------

    def development_sign_in(self, user_id: str, role: str) -> TokenPair:
        """Tokens for any user and role, without a secret: the local cloud's sign-in only."""
        if self._development_roles is None:
            raise AuthMethodDisabledError("Development sign-in is only on the local cloud.")
        if not _DEV_USER_ID.fullmatch(user_id) or role not in ROLES:
            raise InvalidRequestError(
                "Send user_id (letters, digits, - and _) and role: user, reviewer, "
                "regional_admin or admin."
            )
        profile = self._users.profile(user_id)
        refuse_blocked(profile)
        if profile.role != role:
            self._development_roles.set_role(
                user_id, role, reason="development sign-in", set_by="local-cloud"
            )
        return self._tokens.issue(user_id, role)

    # --- tokens ----------------------------------------------------------------

    def refresh(self, refresh_token: str) -> TokenPair:
        """A new pair in the same family for a valid refresh token, with the user's current role.

        Each refresh token works once (rotation). One presented again means somebody else
        holds a copy (a thief who refreshed first, or the victim after a thief): which of
        the two is at the keyboard cannot be told, so the whole family is revoked and both
        must sign in again.
        """
        claims = self._tokens.verify_refresh(refresh_token)
        if self._credentials.is_refresh_family_revoked(claims.family_id):
            raise InvalidTokenError("This session has ended. Sign in again.")
        if not self._credentials.spend_refresh_token(claims.token_id, claims.expires_at):
            self._revoke_family(claims.family_id)
            raise InvalidTokenError("This refresh token was used already. Sign in again.")
        # The role is read again so a promotion or demotion lands at the next refresh, and
        # a blocked account's sessions stop here.
        profile = self._users.profile(claims.user_id)
        refuse_blocked(profile, issued_at=claims.issued_at)
        return self._tokens.issue(claims.user_id, profile.role, family_id=claims.family_id)

    def sign_out(self, refresh_token: str) -> None:
        """End a session: no refresh token of its family works any more (its access tokens
        run out within their lifetime)."""
        try:
            claims = self._tokens.verify_refresh(refresh_token)
        except TokenExpiredError:
            return  # an expired session is over already
        self._credentials.spend_refresh_token(claims.token_id, claims.expires_at)
        self._revoke_family(claims.family_id)

    # --- shared -----------------------------------------------------------------

    def _user_for_telegram(self, telegram_id: int) -> str:
        return user_for_telegram(self._credentials, telegram_id, self._new_user_id)

    def _sign_in(self, user_id: str) -> TokenPair:
        profile = self._users.profile(user_id)
        refuse_blocked(profile)  # every way in: password, Telegram, the bot's exchange
        return self._tokens.issue(user_id, profile.role)

    def _revoke_family(self, family_id: str) -> None:
        # Kept until every token of the family has expired: the newest one was issued no
        # later than now (a refresh racing with this one may issue one a moment after, hence
        # the margin), and lives the refresh lifetime.
        until = self._clock() + timedelta(seconds=self._tokens.refresh_ttl_seconds + 3600)
        self._credentials.revoke_refresh_family(family_id, until)
