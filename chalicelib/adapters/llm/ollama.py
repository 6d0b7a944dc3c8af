"""The Ollama adapter: POST {host}/api/chat, local or Ollama Cloud (https://ollama.com)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.adapters.llm.http import (
    as_int,
    default_client,
    malformed,
    post_json,
)
from chalicelib.errors import LlmUnavailableError
from chalicelib.llm.chat import ChatRequest, ChatResponse

if TYPE_CHECKING:
    import httpx

    from chalicelib.adapters.llm.http import HttpAnswer


class OllamaChatClient:
    """A model served by Ollama; `format` carries the JSON schema (structured outputs)."""

    provider = "ollama"

    def __init__(self, host: str, api_key: str = "", client: httpx.Client | None = None) -> None:
        self._url = host.rstrip("/") + "/api/chat"
        self._api_key = api_key
        self._client = client or default_client()

    def complete(self, request: ChatRequest) -> ChatResponse:
        """Ask once, without streaming, and return the answer with its token counts."""
        answer = post_json(
            self._client,
            self._url,
            chat_body(request),
            headers=self._headers(),
            timeout_seconds=request.timeout_seconds,
            error_message=error_message,
        )
        return read_answer(answer, request)

    def _headers(self) -> dict[str, str]:
        # Local Ollama needs no key; Ollama Cloud takes its API key as a bearer token.
        return {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}


def chat_body(request: ChatRequest) -> dict[str, Any]:
    """The /api/chat request body of a `ChatRequest`."""
    body: dict[str, Any] = {
        "model": request.model,
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        # Ollama streams unless told not to: one JSON object is simpler to read and to bound.
        "stream": False,
        "options": {
            "temperature": request.temperature,
            "num_predict": request.max_output_tokens,
        },
    }
    if request.json_schema is not None:
        body["format"] = request.json_schema
    return body


def read_answer(answer: HttpAnswer, request: ChatRequest) -> ChatResponse:
    """The answer of one object, or of an NDJSON stream a server sent although asked not to."""
    parts: list[str] = []
    final: dict[str, Any] = {}
    for line in answer.json_lines():
        if not isinstance(line, dict):
            raise malformed("ollama", "a JSON object")
        if "error" in line:  # Ollama reports a failure mid-stream as an error line
            raise LlmUnavailableError(f"ollama failed while answering: {line['error']}")
        message = line.get("message")
        if isinstance(message, dict) and isinstance(message.get("content"), str):
            parts.append(message["content"])
        final = line
        if line.get("done") is True:
            break
    if not final or final.get("done") is not True:
        raise malformed("ollama", "a final line with done: true")
    return ChatResponse(
        text="".join(parts),
        model=str(final.get("model") or request.model),
        input_tokens=as_int(final.get("prompt_eval_count")),
        output_tokens=as_int(final.get("eval_count")),
        latency_ms=answer.latency_ms,
    )


def error_message(body: Any) -> str | None:
    """Ollama's error text: `{"error": "..."}`."""
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return str(body["error"])
    return None
