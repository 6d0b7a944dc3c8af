"""What the provider adapters share: one POST with a whole-call deadline, and error mapping.

Every failure leaves here as a domain error (see `chalicelib.llm.chat`), so
no adapter, and nothing above them, handles an httpx exception or a status code.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import httpx

from chalicelib.errors import (
    LlmRateLimitedError,
    LlmRequestRejectedError,
    LlmTimeoutError,
    LlmUnavailableError,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

# Error codes that mean "slow down" or "out of quota" whatever the status says:
# OpenAI's `rate_limit_exceeded` / `insufficient_quota`, gRPC RESOURCE_EXHAUSTED (Yandex).
RATE_LIMIT_MARKERS = frozenset(
    {"rate_limit_exceeded", "insufficient_quota", "resource_exhausted", "quota_exceeded"}
)
# Providers can echo a whole prompt in an error; an operator needs the gist only.
_MAX_ERROR_CHARS = 500


@dataclass(frozen=True)
class HttpAnswer:
    """A successful (2xx) answer: its body as text, its content type and how long it took."""

    status: int
    content_type: str
    text: str
    latency_ms: float

    def json(self) -> Any:
        """The body as JSON, or `LlmUnavailableError` when the server sent something else."""
        return parse_json(self.text)

    def json_lines(self) -> list[Any]:
        """Every non-empty line of the body as JSON (NDJSON streams)."""
        return [parse_json(line) for line in self.text.splitlines() if line.strip()]


def default_client() -> httpx.Client:
    """A client for one provider; timeouts are set per request from the `ChatRequest`."""
    return httpx.Client(follow_redirects=False)


def post_json(
    client: httpx.Client,
    url: str,
    body: Mapping[str, Any],
    *,
    headers: Mapping[str, str],
    timeout_seconds: float,
    error_message: Callable[[Any], str | None],
) -> HttpAnswer:
    """POST `body` as JSON and read the whole answer before `timeout_seconds` have passed.

    httpx's own timeouts bound each read, not the call: a server that trickles a
    stream could hold a Lambda far past the request's timeout, so the deadline is
    checked between chunks too.
    """
    started = time.perf_counter()
    deadline = started + timeout_seconds
    try:
        with client.stream(
            "POST",
            url,
            json=dict(body),
            headers={"Accept": "application/json", **headers},
            timeout=httpx.Timeout(timeout_seconds),
        ) as response:
            raw = _read_before(response.iter_bytes(), deadline, timeout_seconds)
    except httpx.TimeoutException as exc:
        raise LlmTimeoutError(
            f"{url} did not answer within {timeout_seconds:g} s ({type(exc).__name__})"
        ) from exc
    except httpx.TransportError as exc:
        raise LlmUnavailableError(f"{url} could not be reached: {exc}") from exc
    latency_ms = (time.perf_counter() - started) * 1000
    text = raw.decode(response.encoding or "utf-8", errors="replace")
    if response.status_code >= 400:
        raise refusal_error(response.status_code, text, error_message)
    return HttpAnswer(
        status=response.status_code,
        content_type=response.headers.get("content-type", "").split(";")[0].strip().lower(),
        text=text,
        latency_ms=latency_ms,
    )


def refusal_error(
    status: int, text: str, error_message: Callable[[Any], str | None]
) -> LlmRateLimitedError | LlmTimeoutError | LlmUnavailableError | LlmRequestRejectedError:
    """The domain error for a 4xx or 5xx answer, carrying the provider's own message."""
    try:
        body: Any = json.loads(text)
    except ValueError:
        body = None
    message = (error_message(body) if body is not None else None) or text.strip()
    detail = f"HTTP {status}: {message[:_MAX_ERROR_CHARS]}"
    if status == 429 or _mentions_rate_limit(body):
        return LlmRateLimitedError(detail)
    if status == 408:
        return LlmTimeoutError(detail)
    if status >= 500:
        return LlmUnavailableError(detail)
    return LlmRequestRejectedError(detail)


def parse_json(text: str) -> Any:
    """JSON of a 2xx body; a body that is not JSON means a proxy or a broken server answered."""
    try:
        return json.loads(text)
    except ValueError as exc:
        raise LlmUnavailableError(
            f"the provider answered with a body that is not JSON: {exc}"
        ) from exc


def as_int(value: Any) -> int | None:
    """A token count as an int; providers send numbers or (Yandex) numeric strings."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def malformed(provider: str, what: str) -> LlmUnavailableError:
    """A 2xx answer without the fields the protocol promises: a server fault, so retryable."""
    return LlmUnavailableError(f"{provider} answered without {what}")


def _read_before(chunks: Iterable[bytes], deadline: float, timeout_seconds: float) -> bytes:
    parts: list[bytes] = []
    for chunk in chunks:
        parts.append(chunk)
        if time.perf_counter() > deadline:
            raise LlmTimeoutError(f"the answer took longer than {timeout_seconds:g} s to arrive")
    return b"".join(parts)


def _mentions_rate_limit(body: Any) -> bool:
    if not isinstance(body, dict):
        return False
    error = body.get("error")
    fields = error if isinstance(error, dict) else body
    values = [fields.get("code"), fields.get("type"), fields.get("status")]
    if fields.get("grpcCode") == 8:  # gRPC RESOURCE_EXHAUSTED: Yandex quotas
        return True
    return any(isinstance(v, str) and v.lower() in RATE_LIMIT_MARKERS for v in values)
