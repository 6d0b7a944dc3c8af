"""The bearer authorizer: what API Gateway gets back for good and bad tokens."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

import app
from chalicelib.auth.authorizer import UNAUTHORIZED, Unauthorized, bearer_claims
from chalicelib.auth.tokens import TokenIssuer
from chalicelib.wiring import reset_cold_start

if TYPE_CHECKING:
    from collections.abc import Iterator

SECRET = "s" * 40
ISSUED_AT = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
METHOD_ARN = "arn:aws:execute-api:us-east-1:123456789012:abc123/api/GET/v1/me"


def _issuer(now: datetime = ISSUED_AT) -> TokenIssuer:
    return TokenIssuer(SECRET, clock=lambda: now)


def test_an_access_token_yields_its_user_and_role() -> None:
    pair = _issuer().issue("anna", "reviewer")

    claims = bearer_claims(f"Bearer {pair.access_token}", _issuer())

    assert (claims.user_id, claims.role) == ("anna", "reviewer")


def test_the_scheme_is_case_insensitive_and_spaces_are_forgiven() -> None:
    pair = _issuer().issue("anna", "user")

    assert bearer_claims(f"  bearer   {pair.access_token} ", _issuer()).user_id == "anna"


@pytest.mark.parametrize(
    "header",
    [None, "", "Bearer", "Bearer   ", "Basic dXNlcjpwYXNz", "Token abc", "not-a-jwt",
     "Bearer abc\ud800.def.ghi", "Bearer токен.токен.токен"],
)  # fmt: skip
def test_a_missing_or_foreign_header_is_unauthorized(header: str | None) -> None:
    with pytest.raises(Unauthorized) as raised:
        bearer_claims(header, _issuer())
    # API Gateway turns exactly this message into a 401; any other would be a 500.
    assert str(raised.value) == UNAUTHORIZED


def test_forged_expired_and_refresh_tokens_are_unauthorized() -> None:
    forged = TokenIssuer("f" * 40, clock=lambda: ISSUED_AT).issue("anna", "admin")
    pair = _issuer().issue("anna", "user")
    later = _issuer(ISSUED_AT + timedelta(hours=2))

    for header, issuer in [
        (f"Bearer {forged.access_token}", _issuer()),
        (f"Bearer {pair.access_token}", later),
        (f"Bearer {pair.refresh_token}", _issuer()),
    ]:
        with pytest.raises(Unauthorized):
            bearer_claims(header, issuer)


@pytest.fixture
def configured(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The app's settings with a token secret, forgotten again afterwards."""
    for name, value in {
        "AUTH_TOKEN_SECRET": SECRET,
        "TABLE_NAME": "documents",
        "BUCKET_NAME": "docs",
    }.items():
        monkeypatch.setenv(name, value)
    reset_cold_start()
    yield
    reset_cold_start()


@pytest.mark.usefixtures("configured")
def test_the_app_authorizer_allows_every_route_with_the_role_in_its_context() -> None:
    issuer = TokenIssuer(SECRET)
    token = issuer.issue("anna", "reviewer").access_token
    event = {"type": "TOKEN", "authorizationToken": f"Bearer {token}", "methodArn": METHOD_ARN}

    answer = app.bearer_token(event, {})

    assert answer["principalId"] == "anna"
    # The token's issue time too: a session ended by a block or a password reset refuses
    # the tokens issued before (issue 14).
    issued_at = str(issuer.verify_access(token).issued_at)
    assert answer["context"] == {"role": "reviewer", "issued_at": issued_at}
    [statement] = answer["policyDocument"]["Statement"]
    assert statement["Effect"] == "Allow"
    # Every route: API Gateway reuses the cached answer for the token's other calls.
    assert statement["Resource"] == ["arn:aws:execute-api:us-east-1:123456789012:abc123/api/*/*"]
    with pytest.raises(Unauthorized):
        app.bearer_token({**event, "authorizationToken": "Bearer nope"}, {})
