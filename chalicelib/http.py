"""HTTP translation shared by the API routes: JSON bodies in, one error shape out."""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from chalicelib.errors import DomainError, InvalidRequestError

logger = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Any])
JSON_HEADERS: dict[str, str | list[str]] = {"Content-Type": "application/json"}


def error_body(code: str, message: str) -> dict[str, Any]:
    """`{"error": {"code", "message"}}`: the only error shape a caller ever sees."""
    return {"error": {"code": code, "message": message}}


def status_and_body(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The HTTP status and body for an exception; internals never leak."""
    if isinstance(exc, DomainError):
        return exc.http_status, error_body(exc.code, exc.message)
    logger.exception("unhandled error in an HTTP route")
    return 500, error_body("INTERNAL", "An internal error occurred. Try again later.")


def parse_json_object(raw: bytes | str | None) -> dict[str, Any]:
    """The request body as a JSON object, or a 400."""
    if not raw:
        raise InvalidRequestError("The request body must be a JSON object.")
    try:
        value = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidRequestError("The request body is not valid JSON.") from exc
    if not isinstance(value, dict):
        raise InvalidRequestError("The request body must be a JSON object.")
    return value


def with_error_shape(respond: Callable[[int, dict[str, Any]], Any]) -> Callable[[F], F]:
    """Wrap a route so every exception becomes `respond(status, error_body)`."""

    def decorate(view: F) -> F:
        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return view(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - the one place every error is shaped
                return respond(*status_and_body(exc))

        return wrapper  # type: ignore[return-value]

    return decorate


# Chalice answers some requests itself, before any route runs (`{"Code", "Message"}`).
_FRAMEWORK_CODES = {
    400: "BAD_REQUEST",
    405: "METHOD_NOT_ALLOWED",
    415: "UNSUPPORTED_MEDIA_TYPE",
}
_FRAMEWORK_MESSAGES = {
    405: "This method is not allowed on this path.",
    415: "Send the request body as application/json.",
}


def reshaped_framework_error(status: int, body: Any) -> dict[str, Any] | None:
    """Our error shape for an error the framework produced itself, or None if it is ours."""
    if not (isinstance(body, dict) and {"Code", "Message"} <= body.keys()):
        return None
    if status in _FRAMEWORK_CODES:
        message = _FRAMEWORK_MESSAGES.get(status, "The request is not valid.")
        return error_body(_FRAMEWORK_CODES[status], message)
    return error_body("INTERNAL", "An internal error occurred. Try again later.")
