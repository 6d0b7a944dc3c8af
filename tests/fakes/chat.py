"""A scripted, in-process `ChatClient`: answers and errors per call, thread-safe, recorded."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chalicelib.llm.chat import ChatRequest, ChatResponse
from chalicelib.llm.schema import DOCUMENT_END, DOCUMENT_START

if TYPE_CHECKING:
    from collections.abc import Iterable

# What one call does: answer this text, return this response, raise this error, or ask
# a function of the request for one of those (to answer by chunk when calls run in parallel).
Step = str | ChatResponse | BaseException | Callable[[ChatRequest], str | ChatResponse]

INPUT_TOKENS = 100
OUTPUT_TOKENS = 20


def findings_json(*findings: dict[str, Any]) -> str:
    """A valid findings answer holding these findings."""
    return json.dumps({"findings": list(findings)}, ensure_ascii=False)


def finding(
    quote: str, *, item: str = "penalty", severity: str = "medium", title: str = "A risk"
) -> dict[str, Any]:
    """One finding of a model's answer, with filler wording."""
    return {
        "checklist_item": item,
        "title": title,
        "severity": severity,
        "quote": quote,
        "explanation": "Why it matters.",
        "recommendation": "What to change.",
    }


def document_of(request: ChatRequest) -> str:
    """The text between the document markers of the request's first user message."""
    user = next(message.content for message in request.messages if message.role == "user")
    start = user.index(DOCUMENT_START + "\n") + len(DOCUMENT_START) + 1
    return user[start : user.rindex("\n" + DOCUMENT_END)]


class ScriptedChatClient:
    """Plays `steps` in call order, then `default` for every further call; records requests."""

    def __init__(
        self,
        steps: Iterable[Step] = (),
        *,
        default: Step | None = None,
        delay: float = 0.0,
        provider: str = "fake",
    ) -> None:
        self.provider = provider
        self.requests: list[ChatRequest] = []
        self.max_concurrent = 0
        self._steps: deque[Step] = deque(steps)
        self._default = default
        self._delay = delay
        self._active = 0
        self._lock = threading.Lock()

    def complete(self, request: ChatRequest) -> ChatResponse:
        """The next scripted answer, or the next scripted error raised."""
        with self._lock:
            self.requests.append(request)
            self._active += 1
            self.max_concurrent = max(self.max_concurrent, self._active)
            step = self._steps.popleft() if self._steps else self._default
        try:
            if self._delay:
                time.sleep(self._delay)  # lets parallel calls overlap, so the cap is observable
            return self._play(step, request)
        finally:
            with self._lock:
                self._active -= 1

    @property
    def models(self) -> list[str]:
        """The model of every request, in call order."""
        return [request.model for request in self.requests]

    def _play(self, step: Step | None, request: ChatRequest) -> ChatResponse:
        if step is None:
            raise AssertionError("the script has no answer for this call")
        if isinstance(step, BaseException):
            raise step
        if callable(step):
            step = step(request)
        if isinstance(step, ChatResponse):
            return step
        return ChatResponse(
            text=step,
            model=request.model,
            input_tokens=INPUT_TOKENS,
            output_tokens=OUTPUT_TOKENS,
            latency_ms=5.0,
        )
