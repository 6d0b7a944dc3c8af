"""HS256 JWTs: a short-lived access token and a long-lived refresh token per sign-in.

Both carry `iss`, `sub` (the user id), `role`, `typ` (`access` or `refresh`),
`iat`, `exp`, a random `jti` and `fam`, the session's family. Only HS256 is
accepted, so `alg: none` and algorithm-confusion tokens fail. `typ` keeps the
two kinds apart: a refresh token is never an access token and the other way
round.

A sign-in starts a family; each refresh issues the next pair in the same
family. The refresh token's `jti` is what is spent when it is used, and the
family is what is revoked when a spent one comes back (reuse: someone else
holds a copy) or the session signs out. A refresh token from before families
has no `fam`: it is a family of its own (its `jti`).

Expiry is checked against the injected clock rather than PyJWT's wall clock,
so tests (and a caller with a skewed clock) see one notion of "now".
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal, get_args

import jwt

from chalicelib.auth.errors import InvalidTokenError, TokenExpiredError

if TYPE_CHECKING:
    from collections.abc import Callable

Role = Literal["user", "reviewer", "regional_admin", "admin"]
ROLES: frozenset[str] = frozenset(get_args(Role))
TokenKind = Literal["access", "refresh"]

ALGORITHM = "HS256"
DEFAULT_ISSUER = "contract-check"
DEFAULT_ACCESS_TTL_SECONDS = 900
DEFAULT_REFRESH_TTL_SECONDS = 30 * 24 * 3600
# RFC 7518 §3.2: an HS256 key must be at least as long as the hash output (32 bytes).
MIN_SECRET_BYTES = 32
_REQUIRED_CLAIMS = ["iss", "sub", "role", "typ", "iat", "exp", "jti"]
_ARTICLE: dict[str, str] = {"access": "an", "refresh": "a"}


@dataclass(frozen=True)
class TokenPair:
    """What a successful sign-in returns: both tokens and the access token's lifetime."""

    access_token: str
    refresh_token: str
    expires_in: int
    token_type: str = "Bearer"  # noqa: S105 - the OAuth 2 token type, not a secret


@dataclass(frozen=True)
class Claims:
    """Who an access token speaks for."""

    user_id: str
    role: Role
    # When it was issued (epoch seconds): a session ended by a block or a password reset
    # refuses tokens issued before (chalicelib.auth.account_checks). Not part of equality.
    issued_at: int = field(default=0, compare=False)


@dataclass(frozen=True)
class RefreshClaims:
    """Who a refresh token speaks for, its id (spent once) and its session's family."""

    user_id: str
    role: Role
    token_id: str
    expires_at: datetime
    family_id: str
    issued_at: int = field(default=0, compare=False)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class TokenIssuer:
    """Issues and verifies the API's access and refresh tokens with one HS256 secret."""

    def __init__(
        self,
        secret: str,
        *,
        access_ttl_seconds: int = DEFAULT_ACCESS_TTL_SECONDS,
        refresh_ttl_seconds: int = DEFAULT_REFRESH_TTL_SECONDS,
        issuer: str = DEFAULT_ISSUER,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        if len(secret.encode()) < MIN_SECRET_BYTES:
            raise ValueError(f"the token secret must be at least {MIN_SECRET_BYTES} bytes long")
        if access_ttl_seconds < 1 or refresh_ttl_seconds < access_ttl_seconds:
            raise ValueError("token lifetimes must be positive, refresh at least as long as access")
        self._secret = secret
        self._access_ttl = access_ttl_seconds
        self._refresh_ttl = refresh_ttl_seconds
        self._issuer = issuer
        self._clock = clock

    @property
    def refresh_ttl_seconds(self) -> int:
        """How long a refresh token lives: the longest any token of a family outlives its last
        refresh."""
        return self._refresh_ttl

    def issue(self, user_id: str, role: str, *, family_id: str | None = None) -> TokenPair:
        """A fresh access and refresh token for `user_id` with `role`, in `family_id` (a
        refresh) or in a new family (a sign-in)."""
        if not user_id:
            raise ValueError("user_id must not be empty")
        checked_role = _checked_role(role)
        family = family_id or uuid.uuid4().hex
        now = int(self._clock().timestamp())
        return TokenPair(
            access_token=self._encode(user_id, checked_role, family, kind="access", now=now),
            refresh_token=self._encode(user_id, checked_role, family, kind="refresh", now=now),
            expires_in=self._access_ttl,
        )

    def verify_access(self, token: str) -> Claims:
        """The claims of a valid access token; expired, forged or refresh tokens are refused."""
        payload = self._decode(token, "access")
        return Claims(user_id=payload["sub"], role=payload["role"], issued_at=_issued_at(payload))

    def verify_refresh(self, token: str) -> RefreshClaims:
        """The claims of a valid refresh token; expired, forged or access tokens are refused."""
        payload = self._decode(token, "refresh")
        return RefreshClaims(
            user_id=payload["sub"],
            role=payload["role"],
            token_id=payload["jti"],
            expires_at=datetime.fromtimestamp(payload["exp"], UTC),
            family_id=payload.get("fam") or payload["jti"],
            issued_at=_issued_at(payload),
        )

    def refresh(self, refresh_token: str) -> TokenPair:
        """A new pair in the same family for the holder of a valid refresh token, with the
        role it carried (no reuse check: that needs storage, `AuthService.refresh` has it)."""
        claims = self.verify_refresh(refresh_token)
        return self.issue(claims.user_id, claims.role, family_id=claims.family_id)

    def _encode(self, user_id: str, role: Role, family: str, *, kind: TokenKind, now: int) -> str:
        ttl = self._access_ttl if kind == "access" else self._refresh_ttl
        payload = {
            "iss": self._issuer,
            "sub": user_id,
            "role": role,
            "typ": kind,
            "iat": now,
            "exp": now + ttl,
            "jti": uuid.uuid4().hex,
            "fam": family,
        }
        return jwt.encode(payload, self._secret, algorithm=ALGORITHM)

    def _decode(self, token: str, kind: TokenKind) -> dict[str, Any]:
        try:
            payload: dict[str, Any] = jwt.decode(
                token,
                self._secret,
                algorithms=[ALGORITHM],
                issuer=self._issuer,
                # Time claims are checked below against our clock, not PyJWT's.
                options={
                    "require": _REQUIRED_CLAIMS,
                    "verify_exp": False,
                    "verify_iat": False,
                    "verify_nbf": False,
                },
            )
        except jwt.InvalidTokenError as exc:
            raise InvalidTokenError from exc
        if payload.get("typ") != kind:
            raise InvalidTokenError(f"This is not {_ARTICLE[kind]} {kind} token.")
        if not isinstance(payload.get("sub"), str) or not payload["sub"]:
            raise InvalidTokenError
        if payload.get("role") not in ROLES or not isinstance(payload.get("jti"), str):
            raise InvalidTokenError
        if not isinstance(payload.get("fam", ""), str):
            raise InvalidTokenError
        expires_at = payload.get("exp")
        if not isinstance(expires_at, int) or isinstance(expires_at, bool):
            raise InvalidTokenError
        if self._clock().timestamp() >= expires_at:
            raise TokenExpiredError
        return payload


def _issued_at(payload: dict[str, Any]) -> int:
    """The token's `iat` in whole seconds (0 for one that does not say: never refused)."""
    issued = payload.get("iat")
    if isinstance(issued, bool) or not isinstance(issued, int | float):
        return 0
    return int(issued)


def _checked_role(role: str) -> Role:
    if role == "user":
        return "user"
    if role == "reviewer":
        return "reviewer"
    if role == "regional_admin":
        return "regional_admin"
    if role == "admin":
        return "admin"
    raise ValueError(f"unknown role {role!r}; expected one of {sorted(ROLES)}")
