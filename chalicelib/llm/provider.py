"""The language-model analysis provider: a contract to findings through the chat port.

The document is cut into heading-aware chunks; each chunk is one conversation (system
prompt, chunk prompt) sent in parallel, at most `parallel_calls` at once, each request
holding one of the provider-wide call slots while it is in flight. A timeout or a 5xx
is retried here a few times with exponential backoff and jitter, then raised for the
state machine to retry later; a rate limit switches this analysis to the fallback
model; an answer that is not the schema's JSON goes back to the model with what was
wrong, a bounded number of times. The chunks' findings are merged, deduplicated,
ordered worst first and in document order, and their quotes checked against the
whole text: a quote the document does not hold is dropped and counted.
"""

from __future__ import annotations

import logging
import random
import re
import threading
import time
import uuid
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING

from pydantic import ValidationError

from chalicelib.analysis.checklist import CHECKLIST_IDS
from chalicelib.analysis.quotes import verify_quotes
from chalicelib.errors import (
    InvalidModelOutputError,
    LlmRateLimitedError,
    LlmTimeoutError,
    LlmUnavailableError,
)
from chalicelib.llm.chat import ChatMessage, ChatRequest
from chalicelib.llm.chunking import chunk_markdown
from chalicelib.llm.merge import merge_findings
from chalicelib.llm.prompts import (
    PROMPT_VERSION,
    PromptLanguage,
    chunk_prompt,
    prompt_language,
    repair_prompt,
    system_prompt,
)
from chalicelib.llm.schema import FINDINGS_SCHEMA, FindingsAnswer, findings_schema
from chalicelib.metrics import LLM_RATE_LIMITED, NoMetrics
from chalicelib.models import AnalysisResult, AnalysisUsage

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chalicelib.llm.chat import ChatClient, ChatResponse
    from chalicelib.llm.chunking import Chunk
    from chalicelib.llm.schema import ModelFinding
    from chalicelib.llm.slots import CallSlots
    from chalicelib.models import PrescreenResult
    from chalicelib.ports import Metrics
    from chalicelib.settings import Settings

logger = logging.getLogger(__name__)

# A repair request stays compact: the first errors say enough, and a runaway answer
# need not be sent back whole to be fixed.
MAX_ERRORS_IN_REPAIR = 8
MAX_ANSWER_IN_REPAIR = 6000
# Backoff stays well inside a Lambda's time: the state machine does the long waits.
MAX_BACKOFF_SECONDS = 20.0
_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n(.*?)\n?```$", re.DOTALL)


class _Run:
    """One analysis's shared state across its worker threads: the model in use, the figures."""

    def __init__(self, model: str) -> None:
        self.model = model
        self.id = uuid.uuid4().hex[:12]
        self.fallback_used = False
        self.calls = 0
        self.repairs = 0
        self.input_tokens = 0
        self.output_tokens = 0
        self.models: dict[str, None] = {}  # an ordered set: the order models first answered
        self._lock = threading.Lock()

    def count_call(self) -> None:
        with self._lock:
            self.calls += 1

    def count_repair(self) -> None:
        with self._lock:
            self.repairs += 1

    def record_answer(self, model: str, response: ChatResponse) -> None:
        with self._lock:
            self.models.setdefault(model)
            self.input_tokens += response.input_tokens or 0
            self.output_tokens += response.output_tokens or 0

    def fall_back(self, failed_model: str, fallback: str | None) -> bool:
        """Switch this and later calls to the fallback; False when there is none left to try."""
        with self._lock:
            if fallback is None or failed_model == fallback:
                return False
            self.model = fallback
            self.fallback_used = True
            return True

    def usage(self, *, chunks: int, latency_ms: float) -> AnalysisUsage:
        with self._lock:
            return AnalysisUsage(
                calls=self.calls,
                chunks=chunks,
                input_tokens=self.input_tokens,
                output_tokens=self.output_tokens,
                latency_ms=latency_ms,
                models=tuple(self.models),
                fallback_used=self.fallback_used,
                repairs=self.repairs,
                prompt_version=PROMPT_VERSION,
            )


class LlmProvider:
    """Finds the checklist's risks in a contract with a language model behind `ChatClient`."""

    def __init__(
        self,
        client: ChatClient,
        *,
        model: str,
        fallback_model: str | None = None,
        slots: CallSlots,
        chunk_chars: int = 12_000,
        overlap_chars: int = 400,
        max_chunks: int = 40,
        parallel_calls: int = 4,
        max_repairs: int = 2,
        retries: int = 2,
        timeout_seconds: float = 60.0,
        max_output_tokens: int = 2048,
        temperature: float = 0.0,
        backoff_seconds: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        metrics: Metrics | None = None,
    ) -> None:
        if not model:
            raise ValueError("LlmProvider needs a model name")
        if parallel_calls < 1 or max_repairs < 0 or retries < 0:
            raise ValueError(
                "parallel_calls must be positive; max_repairs and retries not negative"
            )
        self.name = client.provider
        self._client = client
        self._model = model
        # Falling back to the model that was just rate-limited would only fail again.
        self._fallback_model = (
            fallback_model if fallback_model and fallback_model != model else None
        )
        self._slots = slots
        self._chunking = {
            "chunk_chars": chunk_chars,
            "overlap_chars": overlap_chars,
            "max_chunks": max_chunks,
        }
        self._parallel_calls = parallel_calls
        self._max_repairs = max_repairs
        self._retries = retries
        self._timeout_seconds = timeout_seconds
        self._max_output_tokens = max_output_tokens
        self._temperature = temperature
        self._backoff_seconds = backoff_seconds
        self._sleep = sleep
        self._clock = clock
        self._metrics = metrics or NoMetrics()
        self._schema = findings_schema()

    @classmethod
    def from_settings(
        cls,
        client: ChatClient,
        settings: Settings,
        *,
        slots: CallSlots,
        model: str | None = None,
        metrics: Metrics | None = None,
    ) -> LlmProvider:
        """A provider with the `llm_*` settings; `model` overrides an empty `llm_model`."""
        return cls(
            client,
            model=settings.llm_model or model or "",
            fallback_model=settings.llm_fallback_model or None,
            slots=slots,
            chunk_chars=settings.llm_chunk_chars,
            overlap_chars=settings.llm_chunk_overlap_chars,
            max_chunks=settings.llm_max_chunks,
            parallel_calls=settings.llm_parallel_calls,
            max_repairs=settings.llm_max_repairs,
            retries=settings.llm_retries,
            timeout_seconds=settings.llm_timeout_seconds,
            max_output_tokens=settings.llm_max_output_tokens,
            temperature=settings.llm_temperature,
            metrics=metrics,
        )

    def analyze(self, markdown: str, prescreen: PrescreenResult) -> AnalysisResult:
        """Findings of every chunk, merged, worst first, each quote checked against the text."""
        started = self._clock()
        chunks = chunk_markdown(markdown, **self._chunking)
        _warn_if_truncated(markdown, chunks)
        language = prompt_language(prescreen, markdown)
        run = _Run(self._model)
        prompts = [chunk_prompt(chunk, len(chunks), prescreen, language) for chunk in chunks]
        answers = self._analyze_chunks(run, system_prompt(language), prompts, language)
        kept, dropped = verify_quotes(merge_findings(answers, markdown), markdown)
        usage = run.usage(chunks=len(chunks), latency_ms=(self._clock() - started) * 1000)
        logger.info(
            "llm analysis done: provider=%s model=%s chunks=%d calls=%d repairs=%d "
            "findings=%d dropped_quotes=%d input_tokens=%d output_tokens=%d latency_ms=%.0f",
            self.name,
            run.model,
            usage.chunks,
            usage.calls,
            usage.repairs,
            len(kept),
            dropped,
            usage.input_tokens,
            usage.output_tokens,
            usage.latency_ms,
        )
        return AnalysisResult(
            provider=self.name,
            model=run.model,
            findings=tuple(kept),
            dropped_quotes=dropped,
            checked_items=CHECKLIST_IDS,
            usage=usage,
        )

    def _analyze_chunks(
        self, run: _Run, system: str, prompts: Sequence[str], language: PromptLanguage
    ) -> list[list[ModelFinding]]:
        """Every chunk's findings, in chunk order; the first failure cancels what has not begun."""
        if not prompts:
            return []
        pool = ThreadPoolExecutor(
            max_workers=min(self._parallel_calls, len(prompts)), thread_name_prefix="llm-chunk"
        )
        try:
            futures = [
                pool.submit(self._analyze_chunk, run, index, system, prompt, language)
                for index, prompt in enumerate(prompts)
            ]
            wait(futures, return_when=FIRST_EXCEPTION)
            for future in futures:
                error = future.exception() if future.done() and not future.cancelled() else None
                if error is not None:
                    raise error
            return [future.result() for future in futures]
        finally:
            # Chunks not yet begun are cancelled; those in flight finish and release their slot.
            pool.shutdown(wait=True, cancel_futures=True)

    def _analyze_chunk(
        self, run: _Run, index: int, system: str, prompt: str, language: PromptLanguage
    ) -> list[ModelFinding]:
        """One chunk's validated findings, after at most `max_repairs` repair rounds."""
        conversation = (ChatMessage("system", system), ChatMessage("user", prompt))
        messages: tuple[ChatMessage, ...] = conversation
        repairs = 0
        while True:
            response = self._call(run, index, messages)
            try:
                answer = FindingsAnswer.model_validate_json(_unfenced(response.text))
            except ValidationError as exc:
                errors = compact_errors(exc)
                if repairs >= self._max_repairs:
                    logger.warning(
                        "llm answer invalid after %d repairs: chunk=%d errors=%s",
                        repairs,
                        index,
                        errors,
                    )
                    raise InvalidModelOutputError from exc
                repairs += 1
                run.count_repair()
                logger.info(
                    "llm answer invalid: chunk=%d repair=%d errors=%d", index, repairs, len(errors)
                )
                # Only the last answer goes back: earlier rounds would only lengthen the prompt.
                messages = (
                    *conversation,
                    ChatMessage("assistant", response.text[:MAX_ANSWER_IN_REPAIR]),
                    ChatMessage("user", repair_prompt(errors, language)),
                )
                continue
            return list(answer.findings)

    def _call(self, run: _Run, index: int, messages: tuple[ChatMessage, ...]) -> ChatResponse:
        """One answer: timeouts and 5xx retried with backoff, a rate limit sent to the fallback."""
        retries = 0
        while True:
            model = run.model
            try:
                return self._send(run, index, self._request(messages, model), retries)
            except LlmRateLimitedError:
                # Counted either way: switched to the fallback here, or retried by the run.
                self._metrics.count(LLM_RATE_LIMITED)
                if not run.fall_back(model, self._fallback_model):
                    raise
                logger.warning(
                    "llm rate-limited: chunk=%d model=%s; falling back to %s",
                    index,
                    model,
                    self._fallback_model,
                )
            except (LlmTimeoutError, LlmUnavailableError) as exc:
                if retries >= self._retries:
                    raise
                delay = self._backoff(retries)
                retries += 1
                logger.warning(
                    "llm call failed: chunk=%d model=%s error=%s; retry %d/%d in %.1fs",
                    index,
                    model,
                    type(exc).__name__,
                    retries,
                    self._retries,
                    delay,
                )
                self._sleep(delay)

    def _send(self, run: _Run, index: int, request: ChatRequest, retries: int) -> ChatResponse:
        """One request under a call slot, held while it is in flight, not while backing off."""
        with self._slots.hold(f"analysis-{run.id}:chunk-{index}"):
            run.count_call()
            started = self._clock()
            response = self._client.complete(request)
            elapsed_ms = (self._clock() - started) * 1000
        run.record_answer(request.model, response)
        logger.info(
            "llm call: chunk=%d model=%s retries=%d input_tokens=%s output_tokens=%s "
            "latency_ms=%.0f",
            index,
            request.model,
            retries,
            response.input_tokens,
            response.output_tokens,
            response.latency_ms or elapsed_ms,
        )
        return response

    def _request(self, messages: tuple[ChatMessage, ...], model: str) -> ChatRequest:
        return ChatRequest(
            messages=messages,
            model=model,
            json_schema=self._schema,
            schema_name=FINDINGS_SCHEMA,
            temperature=self._temperature,
            max_output_tokens=self._max_output_tokens,
            timeout_seconds=self._timeout_seconds,
        )

    def _backoff(self, attempt: int) -> float:
        """Exponential delay plus up to half again of jitter, so chunks do not retry in step."""
        delay = min(MAX_BACKOFF_SECONDS, self._backoff_seconds * 2.0**attempt)
        return delay + random.uniform(0, delay / 2)  # noqa: S311 - jitter, not a secret


def compact_errors(exc: ValidationError) -> list[str]:
    """A validation failure as a few `where: what` lines, without the input echoed back."""
    errors = exc.errors(include_url=False, include_input=False)
    lines = [
        f"{'.'.join(str(part) for part in error['loc']) or '(answer)'}: {error['msg']}"
        for error in errors[:MAX_ERRORS_IN_REPAIR]
    ]
    if len(errors) > MAX_ERRORS_IN_REPAIR:
        lines.append(f"... and {len(errors) - MAX_ERRORS_IN_REPAIR} more errors")
    return lines


def _unfenced(text: str) -> str:
    """The answer without a Markdown code fence, which models add despite being told not to."""
    text = text.strip()
    fenced = _FENCE.match(text)
    return fenced.group(1) if fenced else text


def _warn_if_truncated(markdown: str, chunks: Sequence[Chunk]) -> None:
    covered = chunks[-1].end if chunks else 0
    if covered < len(markdown.rstrip()):
        logger.warning(
            "document longer than the chunk cap: analysed %d of %d characters",
            covered,
            len(markdown),
        )
