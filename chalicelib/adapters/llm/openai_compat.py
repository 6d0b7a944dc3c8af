"""The OpenAI-compatible adapter: POST {base_url}/chat/completions (OpenAI, vLLM, llama.cpp...)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from chalicelib.adapters.llm.http import (
    as_int,
    default_client,
    malformed,
    parse_json,
    post_json,
)
from chalicelib.llm.chat import ChatRequest, ChatResponse

if TYPE_CHECKING:
    import httpx

    from chalicelib.adapters.llm.http import HttpAnswer

# OpenAI: the schema's name "must be a-z, A-Z, 0-9, or contain underscores and dashes,
# with a maximum length of 64".
_NAME_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]")
_SSE_DONE = "[DONE]"


class OpenAICompatibleChatClient:
    """A model behind an OpenAI-style chat completions API; the schema goes in `response_format`."""

    provider = "openai"

    def __init__(
        self,
        base_url: str,
        api_key: str = "",
        client: httpx.Client | None = None,
        *,
        strict_schema: bool = True,
    ) -> None:
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._strict = strict_schema
        self._client = client or default_client()

    def complete(self, request: ChatRequest) -> ChatResponse:
        """Ask once and return the first choice, from a JSON body or an SSE stream."""
        answer = post_json(
            self._client,
            self._url,
            chat_body(request, strict=self._strict),
            headers=self._headers(),
            timeout_seconds=request.timeout_seconds,
            error_message=error_message,
        )
        if answer.content_type == "text/event-stream":
            return read_stream(answer, request)
        return read_answer(answer, request)

    def _headers(self) -> dict[str, str]:
        # A local server often needs no key; sending an empty bearer would be refused.
        return {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}


def chat_body(request: ChatRequest, *, strict: bool = True) -> dict[str, Any]:
    """The /chat/completions request body of a `ChatRequest`."""
    body: dict[str, Any] = {
        "model": request.model,
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        "temperature": request.temperature,
        # `max_tokens`, not `max_completion_tokens`: the compatible servers know only this one.
        "max_tokens": request.max_output_tokens,
        "stream": False,
    }
    if request.json_schema is not None:
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {
                "name": schema_name(request),
                "schema": request.json_schema,
                "strict": strict,
            },
        }
    return body


def schema_name(request: ChatRequest) -> str:
    """The schema's title (else the request's schema name), cut to OpenAI's name rules."""
    title = (request.json_schema or {}).get("title")
    name = title if isinstance(title, str) and title else request.schema_name
    return _NAME_UNSAFE.sub("_", name)[:64] or "answer"


def read_answer(answer: HttpAnswer, request: ChatRequest) -> ChatResponse:
    """The first choice of a `chat.completion` object."""
    body = answer.json()
    choices = body.get("choices") if isinstance(body, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise malformed("openai", "choices")
    message = choices[0].get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, str):
        # A refusal or a tool call is an answer of another kind: the repair loop sees "".
        content = ""
    usage = body.get("usage") if isinstance(body.get("usage"), dict) else {}
    return ChatResponse(
        text=content,
        model=str(body.get("model") or request.model),
        input_tokens=as_int(usage.get("prompt_tokens")),
        output_tokens=as_int(usage.get("completion_tokens")),
        latency_ms=answer.latency_ms,
    )


def read_stream(answer: HttpAnswer, request: ChatRequest) -> ChatResponse:
    """The deltas of a `chat.completion.chunk` SSE stream, joined, up to `data: [DONE]`."""
    parts: list[str] = []
    model = request.model
    usage: dict[str, Any] = {}
    for line in answer.text.splitlines():
        if not line.startswith("data:"):
            continue  # SSE comments, `event:` and blank separators
        data = line.removeprefix("data:").strip()
        if data == _SSE_DONE:
            break
        chunk = parse_json(data)
        if not isinstance(chunk, dict):
            continue
        if isinstance(chunk.get("error"), dict):
            raise malformed("openai", f"an error mid-stream: {error_message(chunk)}")
        model = str(chunk.get("model") or model)
        if isinstance(chunk.get("usage"), dict):
            usage = chunk["usage"]
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") if isinstance(choice, dict) else None
            if isinstance(delta, dict) and isinstance(delta.get("content"), str):
                parts.append(delta["content"])
    return ChatResponse(
        text="".join(parts),
        model=model,
        input_tokens=as_int(usage.get("prompt_tokens")),
        output_tokens=as_int(usage.get("completion_tokens")),
        latency_ms=answer.latency_ms,
    )


def error_message(body: Any) -> str | None:
    """OpenAI's error text: `{"error": {"message", "type", "param", "code"}}`."""
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return error if isinstance(error, str) else None
    code = error.get("code") or error.get("type")
    message = str(error.get("message") or "")
    return f"{message} ({code})" if code else message
