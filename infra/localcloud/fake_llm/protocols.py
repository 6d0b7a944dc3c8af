"""The three providers' wire shapes: reading a request, writing an answer, error or stream.

`read_call` turns an Ollama, OpenAI-compatible or YandexGPT request body into one `Call`;
the `*_answer`, `*_lines` and `*_events` functions write the answer as that provider
sends it (token counts included), and `error_body` the error it sends with a status.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from chalicelib.llm.schema import DOCUMENT_START

Provider = Literal["ollama", "openai", "yandexgpt"]


@dataclass(frozen=True)
class Call:
    """What a request asks, whatever its protocol."""

    provider: Provider
    model: str
    model_names: frozenset[str]
    schema_title: str | None
    prompt: str
    prompt_chars: int
    stream: bool
    include_usage: bool


YANDEX_MODEL_VERSION = "23.10.2024"
PATHS: dict[str, Provider] = {
    "/api/chat": "ollama",
    "/v1/chat/completions": "openai",
    "/chat/completions": "openai",
    "/foundationModels/v1/completion": "yandexgpt",
}
_STREAM_PIECES = 4


# --- reading a request ---------------------------------------------------------


def read_call(provider: Provider, body: dict[str, Any], *, force_stream: bool = False) -> Call:
    """What a request of `provider` asks: model, schema, prompt and whether to stream."""
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    text_key = "text" if provider == "yandexgpt" else "content"
    texts = [str(m.get(text_key) or "") for m in messages]
    users = [str(m.get(text_key) or "") for m in messages if m.get("role") == "user"]
    model = str(body.get("model") or "")
    names = {model}
    schema: Any = None
    stream = force_stream
    include_usage = force_stream
    if provider == "ollama":
        schema = body.get("format")
        stream = stream or body.get("stream", True) is not False  # Ollama streams by default
    elif provider == "openai":
        format_ = _dict(body.get("response_format"))
        json_schema = _dict(format_.get("json_schema"))
        schema = json_schema.get("schema") or {"title": json_schema.get("name")}
        stream = stream or body.get("stream") is True
        include_usage = include_usage or bool(
            _dict(body.get("stream_options")).get("include_usage")
        )
    else:
        uri = str(body.get("modelUri") or "")
        model = uri.removeprefix("gpt://").partition("/")[2] or uri
        names = {uri, model, model.split("/")[0]}
        schema = _dict(body.get("jsonSchema")).get("schema")
        stream = stream or _dict(body.get("completionOptions")).get("stream") is True
    title = schema.get("title") if isinstance(schema, dict) else None
    return Call(
        provider=provider,
        model=model,
        model_names=frozenset(names),
        schema_title=title if isinstance(title, str) else None,
        # A repair request ends with the instructions; the document is in an earlier message.
        prompt=next(
            (u for u in reversed(users) if DOCUMENT_START in u), users[-1] if users else ""
        ),
        prompt_chars=sum(len(text) for text in texts),
        stream=bool(stream),
        include_usage=bool(include_usage),
    )


# --- answering in each provider's shape ---------------------------------------------


def ollama_answer(call: Call, text: str, usage: tuple[int, int]) -> dict[str, Any]:
    """A non-streamed /api/chat answer."""
    return {
        "model": call.model,
        "created_at": _now(),
        "message": {"role": "assistant", "content": text},
        "done_reason": "stop",
        "done": True,
        **_ollama_stats(usage),
    }


def ollama_lines(call: Call, text: str, usage: tuple[int, int]) -> list[bytes]:
    """A streamed /api/chat answer: NDJSON pieces, then a final `done: true` line with stats."""
    lines = [
        {
            "model": call.model,
            "created_at": _now(),
            "message": {"role": "assistant", "content": piece},
            "done": False,
        }
        for piece in _pieces(text)
    ]
    lines.append(
        {
            "model": call.model,
            "created_at": _now(),
            "message": {"role": "assistant", "content": ""},
            "done_reason": "stop",
            "done": True,
            **_ollama_stats(usage),
        }
    )
    return [json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in lines]


def openai_answer(call: Call, text: str, usage: tuple[int, int]) -> dict[str, Any]:
    """A `chat.completion` object."""
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": call.model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
        "usage": _openai_usage(usage),
        "system_fingerprint": "fp_fake",
    }


def openai_events(call: Call, text: str, usage: tuple[int, int]) -> list[bytes]:
    """`chat.completion.chunk` SSE events, an optional usage chunk, then `data: [DONE]`."""
    base = {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": call.model,
        "system_fingerprint": "fp_fake",
    }
    deltas: list[tuple[dict[str, Any], str | None]] = [({"role": "assistant", "content": ""}, None)]
    deltas += [({"content": piece}, None) for piece in _pieces(text)]
    deltas.append(({}, "stop"))
    chunks = [
        {**base, "choices": [{"index": 0, "delta": d, "logprobs": None, "finish_reason": f}]}
        for d, f in deltas
    ]
    if call.include_usage:
        chunks.append({**base, "choices": [], "usage": _openai_usage(usage)})
    events = [b"data: " + json.dumps(c, ensure_ascii=False).encode() + b"\n\n" for c in chunks]
    return [*events, b"data: [DONE]\n\n"]


def yandex_answer(text: str, usage: tuple[int, int], *, final: bool) -> dict[str, Any]:
    """A completion answer, wrapped in `result` as the REST gateway sends it."""
    status = "ALTERNATIVE_STATUS_FINAL" if final else "ALTERNATIVE_STATUS_PARTIAL"
    return {
        "result": {
            "alternatives": [{"message": {"role": "assistant", "text": text}, "status": status}],
            "usage": {
                "inputTextTokens": str(usage[0]),
                "completionTokens": str(usage[1]),
                "totalTokens": str(usage[0] + usage[1]),
            },
            "modelVersion": YANDEX_MODEL_VERSION,
        }
    }


def yandex_lines(text: str, usage: tuple[int, int]) -> list[bytes]:
    """A streamed completion: one JSON line per step, each holding all the text so far."""
    pieces = _pieces(text)
    lines = [
        yandex_answer("".join(pieces[: i + 1]), usage, final=i == len(pieces) - 1)
        for i in range(len(pieces))
    ]
    return [json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in lines]


def error_body(provider: Provider, status: int, model: str, quota: bool = False) -> dict[str, Any]:
    """The error body `provider` sends with `status`."""
    if provider == "ollama":
        return {"error": _OLLAMA_ERRORS.get(status, model or "error")}
    if provider == "openai":
        key = "quota" if quota else status
        message, type_, code = _OPENAI_ERRORS.get(key, (model, "invalid_request_error", None))
        return {
            "error": {
                "message": message.format(model=model),
                "type": type_,
                "param": None,
                "code": code,
            }
        }
    grpc_code, http_status, message = _YANDEX_ERRORS.get(status, (3, "Bad Request", model))
    return {
        "error": {
            "grpcCode": grpc_code,
            "httpCode": status,
            "message": message,
            "httpStatus": http_status,
        }
    }


_OLLAMA_ERRORS = {
    401: "unauthorized",
    429: "too many requests, please try again later",
    500: "llama runner process has terminated: exit status 2",
}
_OPENAI_ERRORS: dict[int | str, tuple[str, str, str | None]] = {
    401: (
        "Incorrect API key provided. You can find your API key at "
        "https://platform.openai.com/account/api-keys.",
        "invalid_request_error",
        "invalid_api_key",
    ),
    429: (
        "Rate limit reached for {model} on requests per min (RPM): Limit 3, Used 3, "
        "Requested 1. Please try again in 20s.",
        "requests",
        "rate_limit_exceeded",
    ),
    "quota": (
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
        "insufficient_quota",
    ),
    500: (
        "The server had an error while processing your request. Sorry about that!",
        "server_error",
        None,
    ),
}
_YANDEX_ERRORS = {
    401: (16, "Unauthorized", "Unknown api key"),
    429: (
        8,
        "Too Many Requests",
        "ai.textGenerationCompletionSessionsCount.count gauge quota limit exceed: "
        "allowed 1 requests",
    ),
    500: (13, "Internal Server Error", "Internal error"),
}


def _ollama_stats(usage: tuple[int, int]) -> dict[str, int]:
    return {
        "total_duration": 1_200_000_000,
        "load_duration": 20_000_000,
        "prompt_eval_count": usage[0],
        "prompt_eval_duration": 300_000_000,
        "eval_count": usage[1],
        "eval_duration": 880_000_000,
    }


def _openai_usage(usage: tuple[int, int]) -> dict[str, int]:
    return {
        "prompt_tokens": usage[0],
        "completion_tokens": usage[1],
        "total_tokens": usage[0] + usage[1],
    }


def _pieces(text: str) -> list[str]:
    size = max(1, -(-len(text) // _STREAM_PIECES))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _now() -> str:
    return datetime.now(UTC).isoformat()
