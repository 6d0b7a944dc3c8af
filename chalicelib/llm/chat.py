"""The chat port: one request to a language model, one answer, in provider-neutral terms.

Adapters translate this to each provider's HTTP protocol and translate its failures
to domain errors, so nothing above them knows a status code:

- 429, or a quota or rate-limit body           → `LlmRateLimitedError` (retryable)
- no answer within the request's timeout        → `LlmTimeoutError` (retryable)
- 5xx, or the server cannot be reached          → `LlmUnavailableError` (retryable)
- any other refusal (401, 403, 404 model, 400)  → `LlmRequestRejectedError` (terminal)

An answer that arrives but is not the JSON asked for is no error here: validating it
is the caller's job (the repair loop).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class ChatMessage:
    """One message of the conversation."""

    role: Role
    content: str


@dataclass(frozen=True)
class ChatRequest:
    """What to ask a model: the conversation, the model, and the JSON schema to answer in."""

    messages: tuple[ChatMessage, ...]
    model: str
    json_schema: dict[str, Any] | None = None
    schema_name: str = "answer"
    temperature: float = 0.0
    max_output_tokens: int = 2048
    timeout_seconds: float = 60.0


@dataclass(frozen=True)
class ChatResponse:
    """The model's answer as text, with what it cost."""

    text: str
    model: str
    input_tokens: int | None = None
    output_tokens: int | None = None
    latency_ms: float = 0.0


class ChatClient(Protocol):
    """A language model behind one provider's HTTP API."""

    provider: str

    def complete(self, request: ChatRequest) -> ChatResponse:
        """Send one request and return the answer, or raise the domain error for its failure."""
        ...
