"""Request errors of sign-up, sign-in and tokens: each names one thing the caller got wrong.

They live here, not in `chalicelib.errors`, because only the HTTP API raises
them; they are `RequestError`s, so the API's one error table maps them and
the state machine never sees them.
"""

from __future__ import annotations

from chalicelib.errors import RequestError


class InvalidCredentialsError(RequestError):
    """The e-mail and password (or the service token) do not match an account."""

    code = "INVALID_CREDENTIALS"
    http_status = 401
    default_message = "The e-mail or the password is wrong."


class TooManyAttemptsError(RequestError):
    """Too many failed sign-ins for this e-mail: wait until the lockout passes."""

    code = "TOO_MANY_ATTEMPTS"
    http_status = 429
    default_message = "Too many failed attempts. Try again later."

    def __init__(self, message: str | None = None, *, retry_after_seconds: int = 0) -> None:
        super().__init__(message)
        # The answer's `Retry-After` header (chalicelib.http.error_headers); the body never
        # needs it.
        self.retry_after_seconds = retry_after_seconds


class InvalidEmailError(RequestError):
    """The e-mail address does not have the shape of one."""

    code = "INVALID_EMAIL"
    http_status = 400
    default_message = "The e-mail address is not valid."


class WeakPasswordError(RequestError):
    """The password does not meet the password policy."""

    code = "WEAK_PASSWORD"
    http_status = 400
    default_message = (
        "The password must have at least 10 characters and mix letters with digits or symbols."
    )


class TokenExpiredError(RequestError):
    """The access or refresh token was valid once but has expired."""

    code = "TOKEN_EXPIRED"
    http_status = 401
    default_message = "The session has expired. Sign in again."


class InvalidTokenError(RequestError):
    """The token is malformed, forged, of the wrong kind, or from another issuer."""

    code = "INVALID_TOKEN"
    http_status = 401
    default_message = "The token is not valid."


class TelegramLoginInvalidError(RequestError):
    """The Telegram Login data is incomplete or its hash does not match our bot's token."""

    code = "INVALID_TELEGRAM_LOGIN"
    http_status = 401
    default_message = "The Telegram login could not be verified."


class TelegramLoginExpiredError(RequestError):
    """The Telegram Login data is too old (or dated in the future)."""

    code = "TELEGRAM_LOGIN_EXPIRED"
    http_status = 401
    default_message = "The Telegram login is too old. Log in with Telegram again."


class AuthMethodDisabledError(RequestError):
    """This way of signing in is not configured on this deployment."""

    code = "AUTH_METHOD_DISABLED"
    http_status = 403
    default_message = "This way of signing in is not enabled."


# --- accounts (chalicelib.auth.email_flows, chalicelib.services.accounts) -----------------


class AccountBlockedError(RequestError):
    """An admin blocked this account: none of its tokens, keys or sign-ins work."""

    code = "ACCOUNT_BLOCKED"
    http_status = 403
    default_message = "This account is blocked. Contact the service's administrator."


class EmailNotVerifiedError(RequestError):
    """The account's e-mail address is not confirmed yet: uploads and keys wait for it."""

    code = "EMAIL_NOT_VERIFIED"
    http_status = 403
    default_message = "Confirm your e-mail address first: follow the link in the mail we sent you."


class InvalidOneTimeTokenError(RequestError):
    """A mailed token is unknown, expired, or used already."""

    code = "INVALID_TOKEN"
    http_status = 400
    default_message = "This link is not valid any more. Ask for a new one."
