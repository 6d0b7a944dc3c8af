"""HTTP translation shared by the API routes: JSON bodies in, one error shape out.

A request body is read once, by `parse_body`: at most 64 KiB of UTF-8, nested at most 16
deep, no repeated key, no NaN or Infinity, no number too large for a float or longer than
32 digits, no lone surrogate (`"\\ud800"` is valid JSON but not text, and DynamoDB cannot
store it); then the route's pydantic model (`chalicelib.api_models`). Whatever fails is a
400 whose message names the field; nothing malformed reaches a service.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from chalicelib import api_views as views
from chalicelib.errors import DomainError, InvalidRequestError

logger = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Any])
ModelT = TypeVar("ModelT", bound=BaseModel)
JSON_HEADERS: dict[str, str | list[str]] = {"Content-Type": "application/json"}
MAX_BODY_BYTES = 64 * 1024
MAX_BODY_DEPTH = 16
MAX_NUMBER_DIGITS = 32


def error_body(code: str, message: str) -> dict[str, Any]:
    """`{"error": {"code", "message"}}`: the only error shape a caller ever sees."""
    return views.Error(error=views.ErrorDetail(code=code, message=message)).body()


def status_and_body(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The HTTP status and body for an exception; internals never leak."""
    if isinstance(exc, DomainError):
        return exc.http_status, error_body(exc.code, exc.message)
    logger.exception("unhandled error in an HTTP route")
    return 500, error_body("INTERNAL", "An internal error occurred. Try again later.")


def error_headers(exc: BaseException) -> dict[str, str]:
    """Headers an error's answer carries beside its body: `Retry-After` (seconds) when the
    error says when to come back (a locked-out sign-in)."""
    retry_after = getattr(exc, "retry_after_seconds", None)
    if isinstance(exc, DomainError) and isinstance(retry_after, int) and retry_after > 0:
        return {"Retry-After": str(retry_after)}
    return {}


def parse_body(raw: bytes | str | None, model: type[ModelT], *, optional: bool = False) -> ModelT:
    """The request body as `model`, or a 400 naming what is wrong; no body is `{}` when the
    body is `optional`."""
    value = {} if optional and not raw else parse_json_object(raw)
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise InvalidRequestError(validation_message(exc)) from exc


def parse_query(params: Mapping[str, str] | None, model: type[ModelT]) -> ModelT:
    """The query string as `model`, or a 400 naming the parameter."""
    try:
        return model.model_validate(dict(params or {}))
    except ValidationError as exc:
        raise InvalidRequestError(validation_message(exc)) from exc


def parse_json_object(raw: bytes | str | None) -> dict[str, Any]:
    """The request body as a JSON object within the limits above, or a 400."""
    if not raw:
        raise InvalidRequestError("The request body must be a JSON object.")
    if len(raw) > MAX_BODY_BYTES:
        raise InvalidRequestError(f"The request body is over {MAX_BODY_BYTES // 1024} KiB.")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise InvalidRequestError("The request body is not UTF-8 text.") from exc
    if _nesting_depth(text) > MAX_BODY_DEPTH:
        raise InvalidRequestError(f"The request body nests deeper than {MAX_BODY_DEPTH} levels.")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_object_without_repeats,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
            parse_int=_bounded_int,
        )
    except RecursionError as exc:  # the depth check should have stopped it: a backstop
        raise InvalidRequestError("The request body nests too deep.") from exc
    except ValueError as exc:
        raise InvalidRequestError("The request body is not valid JSON.") from exc
    if not isinstance(value, dict):
        raise InvalidRequestError("The request body must be a JSON object.")
    if "\\u" in text:  # a lone surrogate can only come from an escape
        _refuse_lone_surrogates(value)
    return value


def validation_message(exc: ValidationError) -> str:
    """What is wrong with a body or query string, one sentence per field (three at most)."""
    problems: dict[str, list[str]] = {}
    for error in exc.errors(include_url=False, include_input=False):
        if error["type"] == "none_required":
            continue  # an optional field's other half: "or leave it out" goes without saying
        # The bodies are flat: the first step of the location is the field (the later
        # steps of a union's errors name its members: each says what one would take).
        field = _shown(str(error["loc"][0])) if error["loc"] else "the request"
        if error["type"] == "missing":
            problem = "missing"
        elif error["type"] == "extra_forbidden":
            problem = "not a field of this request"
        else:
            problem = error["msg"].removeprefix("Value error, ")
        problems.setdefault(field, []).append(problem)
    sentences = [
        f"{field}: {', or '.join(dict.fromkeys(found))}." for field, found in problems.items()
    ]
    return " ".join(sentences[:3])


# A JSON string, escapes and all (the unrolled form: linear, no backtracking).
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _nesting_depth(text: str) -> int:
    """How deep arrays and objects nest, brackets inside strings not counted."""
    if text.count("[") + text.count("{") <= MAX_BODY_DEPTH:
        return 0  # cannot be deeper: the usual body stops here
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


class _UnusableNumber:
    """A number JSON allows but no field can take: the object holding it names the field."""

    def __init__(self, why: str) -> None:
        self.why = why


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice, or a number that overflows, is refused by name."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InvalidRequestError(f"The request body gives {_shown(key)} twice.")
            seen.add(key)
    for key, item in pairs:
        if unusable := _unusable_in(item):
            raise InvalidRequestError(f"{_shown(key)}: the number {unusable.why}.")
    return value


def _unusable_in(value: Any) -> _UnusableNumber | None:
    """An unusable number in a value (or in the arrays it nests; objects check their own)."""
    if isinstance(value, _UnusableNumber):
        return value
    if isinstance(value, list):
        return next(filter(None, map(_unusable_in, value)), None)
    return None


def _refuse_constant(name: str) -> Any:
    raise InvalidRequestError(f"The request body holds {name}, which JSON does not allow.")


def _finite_float(text: str) -> float | _UnusableNumber:
    number = float(text)  # 1e400 is valid JSON, and infinity as a float
    return number if math.isfinite(number) else _UnusableNumber("is too large")


def _bounded_int(text: str) -> int | _UnusableNumber:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:  # before int(): no work on 4000 digits
        return _UnusableNumber(f"has more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def _refuse_lone_surrogates(value: dict[str, Any]) -> None:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidRequestError(
            "The request body holds a lone surrogate (such as \\ud800): that is not text."
        ) from exc


def _shown(name: str) -> str:
    """A field name as a message may quote it: short and printable."""
    shown = name if len(name) <= 64 else f"{name[:64]}…"
    return shown if shown.isprintable() else repr(shown)


def with_error_shape(
    respond: Callable[[int, dict[str, Any], dict[str, str]], Any],
) -> Callable[[F], F]:
    """Wrap a route so every exception becomes `respond(status, error_body, headers)`."""

    def decorate(view: F) -> F:
        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return view(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - the one place every error is shaped
                return respond(*status_and_body(exc), error_headers(exc))

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
