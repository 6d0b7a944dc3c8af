"""A locked-out sign-in's 429 says when to come back, in a `Retry-After` header."""

from __future__ import annotations

from typing import Any

from chalicelib.auth.errors import InvalidCredentialsError, TooManyAttemptsError
from chalicelib.http import error_headers, with_error_shape


def _answer(status: int, body: dict[str, Any], headers: dict[str, str]) -> Any:
    return status, body, headers


def test_auth_a_lockout_answers_429_with_retry_after_in_seconds() -> None:
    @with_error_shape(_answer)
    def login() -> None:
        raise TooManyAttemptsError(retry_after_seconds=42)

    status, body, headers = login()

    assert status == 429 and body["error"]["code"] == "TOO_MANY_ATTEMPTS"
    assert headers == {"Retry-After": "42"}


def test_auth_other_errors_and_a_lockout_without_a_wait_carry_no_retry_after() -> None:
    assert error_headers(InvalidCredentialsError()) == {}
    assert error_headers(TooManyAttemptsError()) == {}
    assert error_headers(ValueError("internal")) == {}
