"""Access and refresh tokens: HS256 only, kinds kept apart, expiry by the injected clock."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import jwt
import pytest

from chalicelib.auth.errors import InvalidTokenError, TokenExpiredError
from chalicelib.auth.tokens import Claims, TokenIssuer

SECRET = "unit-test-secret-" + "x" * 48  # not a real secret; 64 bytes so HS512 does not warn
OTHER_SECRET = "another-unit-test-secret-also-long-enough-!!"


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def issuer(clock: FakeClock) -> TokenIssuer:
    return TokenIssuer(SECRET, clock=clock)


def _b64(part: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(part).encode()).rstrip(b"=").decode()


def _payload(token: str) -> dict[str, object]:
    return dict(jwt.decode(token, options={"verify_signature": False}))


def test_tokens_issue_an_access_token_that_verifies_to_its_user_and_role(
    issuer: TokenIssuer,
) -> None:
    pair = issuer.issue("user-1", "reviewer")

    assert issuer.verify_access(pair.access_token) == Claims(user_id="user-1", role="reviewer")
    assert pair.expires_in == 900
    assert pair.token_type == "Bearer"


def test_tokens_carry_issuer_kind_expiry_and_a_unique_jti(issuer: TokenIssuer) -> None:
    pair = issuer.issue("user-1", "user")

    access, refresh = _payload(pair.access_token), _payload(pair.refresh_token)

    assert access["iss"] == refresh["iss"] == "contract-check"
    assert (access["typ"], refresh["typ"]) == ("access", "refresh")
    assert access["exp"] == int(datetime(2025, 3, 1, 12, 15, tzinfo=UTC).timestamp())
    assert refresh["exp"] == int(datetime(2025, 3, 31, 12, 0, tzinfo=UTC).timestamp())
    assert access["jti"] != refresh["jti"]
    assert jwt.get_unverified_header(pair.access_token)["alg"] == "HS256"


def test_tokens_verify_access_refuses_a_refresh_token(issuer: TokenIssuer) -> None:
    pair = issuer.issue("user-1", "user")

    with pytest.raises(InvalidTokenError):
        issuer.verify_access(pair.refresh_token)


def test_tokens_refresh_refuses_an_access_token(issuer: TokenIssuer) -> None:
    pair = issuer.issue("user-1", "user")

    with pytest.raises(InvalidTokenError):
        issuer.refresh(pair.access_token)


def test_tokens_access_token_expires_after_its_ttl(issuer: TokenIssuer, clock: FakeClock) -> None:
    pair = issuer.issue("user-1", "user")
    clock.advance(899)
    issuer.verify_access(pair.access_token)

    clock.advance(1)

    with pytest.raises(TokenExpiredError):
        issuer.verify_access(pair.access_token)


def test_tokens_refresh_gives_a_new_pair_and_a_new_jti(
    issuer: TokenIssuer, clock: FakeClock
) -> None:
    pair = issuer.issue("user-1", "admin")
    clock.advance(3600)  # the access token is long dead, the refresh token is not

    renewed = issuer.refresh(pair.refresh_token)

    assert issuer.verify_access(renewed.access_token) == Claims("user-1", "admin")
    assert _payload(renewed.refresh_token)["jti"] != _payload(pair.refresh_token)["jti"]


def test_tokens_verify_refresh_exposes_the_jti_for_revocation(issuer: TokenIssuer) -> None:
    pair = issuer.issue("user-1", "user")

    claims = issuer.verify_refresh(pair.refresh_token)

    assert claims.token_id == _payload(pair.refresh_token)["jti"]
    assert claims.expires_at == datetime(2025, 3, 31, 12, 0, tzinfo=UTC)


def test_tokens_refresh_token_expires_after_thirty_days(
    issuer: TokenIssuer, clock: FakeClock
) -> None:
    pair = issuer.issue("user-1", "user")
    clock.advance(30 * 24 * 3600)

    with pytest.raises(TokenExpiredError):
        issuer.refresh(pair.refresh_token)


def test_tokens_signed_with_another_secret_are_refused(clock: FakeClock) -> None:
    foreign = TokenIssuer(OTHER_SECRET, clock=clock).issue("user-1", "admin")

    with pytest.raises(InvalidTokenError):
        TokenIssuer(SECRET, clock=clock).verify_access(foreign.access_token)


def test_tokens_from_another_issuer_are_refused(clock: FakeClock) -> None:
    foreign = TokenIssuer(SECRET, issuer="someone-else", clock=clock).issue("user-1", "admin")

    with pytest.raises(InvalidTokenError):
        TokenIssuer(SECRET, clock=clock).verify_access(foreign.access_token)


def test_tokens_with_alg_none_are_refused(issuer: TokenIssuer, clock: FakeClock) -> None:
    payload = _payload(issuer.issue("user-1", "user").access_token)
    payload["role"] = "admin"
    unsigned = f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(payload)}."

    with pytest.raises(InvalidTokenError):
        issuer.verify_access(unsigned)


def test_tokens_with_another_hmac_algorithm_are_refused(issuer: TokenIssuer) -> None:
    payload = _payload(issuer.issue("user-1", "user").access_token)
    hs512 = jwt.encode(payload, SECRET, algorithm="HS512")

    with pytest.raises(InvalidTokenError):
        issuer.verify_access(hs512)


def test_tokens_with_a_tampered_payload_are_refused(issuer: TokenIssuer) -> None:
    header, _, signature = issuer.issue("user-1", "user").access_token.split(".")
    payload = _payload(issuer.issue("user-1", "user").access_token)
    payload["role"] = "admin"

    with pytest.raises(InvalidTokenError):
        issuer.verify_access(f"{header}.{_b64(payload)}.{signature}")


@pytest.mark.parametrize("missing", ["sub", "role", "typ", "exp", "jti", "iss"])
def test_tokens_missing_a_claim_are_refused(issuer: TokenIssuer, missing: str) -> None:
    payload = _payload(issuer.issue("user-1", "user").access_token)
    del payload[missing]

    with pytest.raises(InvalidTokenError):
        issuer.verify_access(jwt.encode(payload, SECRET, algorithm="HS256"))


def test_tokens_with_an_unknown_role_are_refused(issuer: TokenIssuer) -> None:
    payload = _payload(issuer.issue("user-1", "user").access_token)
    payload["role"] = "root"

    with pytest.raises(InvalidTokenError):
        issuer.verify_access(jwt.encode(payload, SECRET, algorithm="HS256"))


@pytest.mark.parametrize("garbage", ["", "abc", "a.b.c", "Bearer x.y.z"])
def test_tokens_that_are_not_jwts_are_refused(issuer: TokenIssuer, garbage: str) -> None:
    with pytest.raises(InvalidTokenError):
        issuer.verify_access(garbage)


def test_tokens_issue_refuses_an_unknown_role(issuer: TokenIssuer) -> None:
    with pytest.raises(ValueError, match="unknown role"):
        issuer.issue("user-1", "superuser")


def test_tokens_refuse_a_short_secret() -> None:
    with pytest.raises(ValueError, match="at least 32 bytes"):
        TokenIssuer("too-short")


def test_tokens_a_pair_carries_a_new_session_family_that_rotation_keeps(
    issuer: TokenIssuer,
) -> None:
    first, other = issuer.issue("user-1", "user"), issuer.issue("user-1", "user")
    family = issuer.verify_refresh(first.refresh_token).family_id

    rotated = issuer.issue("user-1", "user", family_id=family)

    assert _payload(first.access_token)["fam"] == _payload(first.refresh_token)["fam"] == family
    assert issuer.verify_refresh(rotated.refresh_token).family_id == family
    assert issuer.refresh(first.refresh_token) != rotated
    assert issuer.verify_refresh(issuer.refresh(first.refresh_token).refresh_token).family_id == (
        family
    )
    assert issuer.verify_refresh(other.refresh_token).family_id != family


def test_tokens_a_refresh_token_from_before_families_is_a_family_of_its_own(
    issuer: TokenIssuer,
) -> None:
    payload = _payload(issuer.issue("user-1", "user").refresh_token)
    del payload["fam"]

    claims = issuer.verify_refresh(jwt.encode(payload, SECRET, algorithm="HS256"))

    assert claims.family_id == payload["jti"]


def test_tokens_with_a_family_that_is_not_text_are_refused(issuer: TokenIssuer) -> None:
    payload = _payload(issuer.issue("user-1", "user").refresh_token)
    payload["fam"] = 42

    with pytest.raises(InvalidTokenError):
        issuer.verify_refresh(jwt.encode(payload, SECRET, algorithm="HS256"))
