"""The YandexGPT adapter: POST {base_url}/foundationModels/v1/completion (synchronous mode)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from chalicelib.adapters.llm.http import (
    as_int,
    default_client,
    malformed,
    post_json,
)
from chalicelib.llm.chat import ChatRequest, ChatResponse

if TYPE_CHECKING:
    import httpx

    from chalicelib.adapters.llm.http import HttpAnswer

YandexAuth = Literal["api_key", "iam_token"]
DEFAULT_BASE_URL = "https://llm.api.cloud.yandex.net"


class YandexGptChatClient:
    """A YandexGPT model in one folder; the schema goes in `jsonSchema.schema`."""

    provider = "yandexgpt"

    def __init__(
        self,
        folder_id: str,
        api_key: str,
        base_url: str = DEFAULT_BASE_URL,
        client: httpx.Client | None = None,
        *,
        auth: YandexAuth = "api_key",
    ) -> None:
        self._url = base_url.rstrip("/") + "/foundationModels/v1/completion"
        self._folder_id = folder_id
        self._api_key = api_key
        self._auth = auth
        self._client = client or default_client()

    def complete(self, request: ChatRequest) -> ChatResponse:
        """Ask once and return the first alternative with its token counts."""
        answer = post_json(
            self._client,
            self._url,
            completion_body(request, self._folder_id),
            headers=self._headers(),
            timeout_seconds=request.timeout_seconds,
            error_message=error_message,
        )
        return read_answer(answer, request)

    def _headers(self) -> dict[str, str]:
        scheme = "Api-Key" if self._auth == "api_key" else "Bearer"
        headers = {"Authorization": f"{scheme} {self._api_key}"}
        if self._folder_id:
            # A user's IAM token spans folders: the folder to bill must be named.
            headers["x-folder-id"] = self._folder_id
        return headers


def model_uri(model: str, folder_id: str) -> str:
    """`gpt://<folder>/<model>` for a model name such as `yandexgpt/latest` or `yandexgpt-lite`."""
    if model.startswith(("gpt://", "ds://")):
        return model
    return f"gpt://{folder_id}/{model.strip('/')}"


def completion_body(request: ChatRequest, folder_id: str) -> dict[str, Any]:
    """The completion request body of a `ChatRequest`."""
    body: dict[str, Any] = {
        "modelUri": model_uri(request.model, folder_id),
        "completionOptions": {
            "stream": False,
            # The API takes a temperature in [0, 1]; our setting allows up to 2.
            "temperature": min(max(request.temperature, 0.0), 1.0),
            # int64 fields travel as strings in Yandex's REST (protobuf JSON) mapping.
            "maxTokens": str(request.max_output_tokens),
        },
        "messages": [{"role": m.role, "text": m.content} for m in request.messages],
    }
    if request.json_schema is not None:
        body["jsonSchema"] = {"schema": request.json_schema}
    return body


def read_answer(answer: HttpAnswer, request: ChatRequest) -> ChatResponse:
    """The first alternative; a streamed body's last line holds the whole text."""
    lines = answer.json_lines()
    if not lines or not isinstance(lines[-1], dict):
        raise malformed("yandexgpt", "a JSON object")
    # The REST gateway wraps the answer in `result`; the API reference shows it bare.
    result = lines[-1].get("result", lines[-1])
    alternatives = result.get("alternatives") if isinstance(result, dict) else None
    if not isinstance(alternatives, list) or not alternatives:
        raise malformed("yandexgpt", "alternatives")
    message = alternatives[0].get("message") if isinstance(alternatives[0], dict) else None
    text = message.get("text") if isinstance(message, dict) else None
    usage = result.get("usage") if isinstance(result.get("usage"), dict) else {}
    version = result.get("modelVersion")
    return ChatResponse(
        text=text if isinstance(text, str) else "",
        # The answer names no model, only its version: the name asked for, pinned to it.
        model=f"{request.model}@{version}" if version else request.model,
        input_tokens=as_int(usage.get("inputTextTokens")),
        output_tokens=as_int(usage.get("completionTokens")),
        latency_ms=answer.latency_ms,
    )


def error_message(body: Any) -> str | None:
    """Yandex's error text: `{"error": {"grpcCode", "httpCode", "message", "httpStatus"}}`."""
    if not isinstance(body, dict):
        return None
    error = body.get("error", body)  # some gateways answer `{"code", "message", "details"}`
    if not isinstance(error, dict):
        return error if isinstance(error, str) else None
    message = error.get("message")
    return str(message) if message else None
