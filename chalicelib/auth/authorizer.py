"""The bearer check API Gateway runs before a person's route (a Lambda TOKEN authorizer).

API Gateway reads the `Authorization` header, calls the authorizer with it and caches
the answer per token for a short while. A request without the header is refused by
API Gateway itself; a token that is not a valid access token is refused here by raising
`Unauthorized`, whose message must be exactly "Unauthorized": that is the one exception
API Gateway turns into a 401 (any other becomes a 500). Both 401s reach the caller in our
error shape through the API's UNAUTHORIZED gateway response (infra/template.yaml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.errors import DomainError

if TYPE_CHECKING:
    from chalicelib.auth.tokens import Claims, TokenIssuer

UNAUTHORIZED = "Unauthorized"


class Unauthorized(Exception):  # noqa: N818 - API Gateway's own word for it
    """Raised by the authorizer for a missing, malformed, forged or expired access token."""

    def __init__(self) -> None:
        super().__init__(UNAUTHORIZED)


def bearer_claims(header: str | None, issuer: TokenIssuer) -> Claims:
    """The claims of the access token in an `Authorization: Bearer <token>` header."""
    scheme, _, token = (header or "").strip().partition(" ")
    token = token.strip()
    # A JWT is ASCII; anything else (a lone surrogate, say) is no token, not our failure.
    if scheme.lower() != "bearer" or not token or not token.isascii():
        raise Unauthorized
    try:
        return issuer.verify_access(token)
    except DomainError:
        # Which check failed stays here: the caller learns only that it must sign in.
        raise Unauthorized from None
