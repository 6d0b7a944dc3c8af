"""The language-model provider against a scripted chat client: calls, failures, merging, usage."""

from __future__ import annotations

import itertools
import logging
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.analysis.checklist import CHECKLIST_IDS
from chalicelib.errors import (
    InvalidModelOutputError,
    LlmCapacityExhaustedError,
    LlmRateLimitedError,
    LlmRequestRejectedError,
    LlmTimeoutError,
    LlmUnavailableError,
)
from chalicelib.llm.chat import ChatRequest, ChatResponse
from chalicelib.llm.chunking import chunk_markdown
from chalicelib.llm.prompts import PROMPT_VERSION
from chalicelib.llm.provider import LlmProvider
from chalicelib.llm.schema import FINDINGS_SCHEMA, findings_schema
from chalicelib.llm.slots import LocalSlots
from chalicelib.models import PrescreenResult
from tests.fakes.chat import (
    INPUT_TOKENS,
    OUTPUT_TOKENS,
    ScriptedChatClient,
    document_of,
    finding,
    findings_json,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.analysis.port import AnalysisProvider

PREPAYMENT = "2.1. Покупатель вносит предоплату в размере 100% цены договора."
LATE_DELIVERY = "3.1. За просрочку поставки Поставщик уплачивает пени в размере 0,5%"
LATE_DELIVERY_FULL = LATE_DELIVERY + " за каждый день просрочки."
FINE = "3.2. Покупатель уплачивает штраф в размере 10% цены."
FORUM = "4.1. Споры рассматриваются в Арбитражном суде г. Москвы."

CONTRACT = f"""# ДОГОВОР ПОСТАВКИ № 7

## 1. Предмет договора

1.1. Поставщик передаёт Покупателю товар по спецификации.

## 2. Оплата

{PREPAYMENT}

## 3. Ответственность сторон

{LATE_DELIVERY_FULL}
{FINE}

## 4. Споры

{FORUM}
"""
CHUNKING = {"chunk_chars": 160, "overlap_chars": 60, "max_chunks": 10}
CHUNKS = chunk_markdown(CONTRACT, **CHUNKING)

# What the model "sees": a finding for every one of these sentences the chunk holds.
# The overlap repeats some sentences in two chunks, so duplicates arrive on purpose.
ANSWERS = {
    PREPAYMENT: [finding(PREPAYMENT, item="payment_terms", severity="high")],
    LATE_DELIVERY_FULL: [
        finding(LATE_DELIVERY, severity="medium"),
        finding(LATE_DELIVERY_FULL, severity="high"),
    ],
    FINE: [finding(FINE, severity="low"), finding(" ".join(FINE.split()).upper(), severity="low")],
    FORUM: [finding(FORUM, item="dispute_forum", severity="info")],
}


def answer_by_text(request: ChatRequest) -> str:
    """The findings of the sentences the request's chunk holds, like a diligent model."""
    document = document_of(request)
    found = [item for sentence, items in ANSWERS.items() if sentence in document for item in items]
    return findings_json(*found)


def empty_answer(request: ChatRequest) -> str:
    """No risk found."""
    return findings_json()


def _prescreen(language: str = "ru") -> PrescreenResult:
    return PrescreenResult(language=language, confidence=0.5, route="deep_analysis")


class Sleeps(list[float]):
    """The backoff sleeps asked for, instead of sleeping."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def _provider(
    client: ScriptedChatClient,
    *,
    slots: LocalSlots | None = None,
    sleep: Callable[[float], None] | None = None,
    **knobs: Any,
) -> LlmProvider:
    settings: dict[str, Any] = {
        "model": "primary",
        "fallback_model": None,
        "parallel_calls": 4,
        "max_repairs": 2,
        "retries": 2,
        **CHUNKING,
        **knobs,
    }
    return LlmProvider(
        client, slots=slots or LocalSlots(8), sleep=Sleeps() if sleep is None else sleep, **settings
    )


def test_llm_provider_implements_the_analysis_port() -> None:
    provider: AnalysisProvider = _provider(ScriptedChatClient(provider="ollama"))

    assert provider.name == "ollama"


def test_llm_provider_merges_dedupes_and_orders_findings_of_several_chunks() -> None:
    assert len(CHUNKS) >= 3
    client = ScriptedChatClient(default=answer_by_text)

    result = _provider(client).analyze(CONTRACT, _prescreen())

    assert [(f.checklist_item, f.severity, f.quote) for f in result.findings] == [
        ("payment_terms", "high", PREPAYMENT),
        ("penalty", "high", LATE_DELIVERY_FULL),
        ("penalty", "low", FINE),
        ("dispute_forum", "info", FORUM),
    ]
    assert result.dropped_quotes == 0
    assert result.provider == "fake"
    assert result.model == "primary"
    assert result.checked_items == CHECKLIST_IDS


def test_llm_provider_sends_each_chunk_between_the_markers_with_the_schema() -> None:
    client = ScriptedChatClient(default=empty_answer)

    _provider(client, timeout_seconds=12.5, max_output_tokens=999, temperature=0.2).analyze(
        CONTRACT, _prescreen()
    )

    assert sorted(document_of(request) for request in client.requests) == sorted(
        chunk.text for chunk in CHUNKS
    )
    request = client.requests[0]
    assert (request.model, request.schema_name) == ("primary", FINDINGS_SCHEMA)
    assert request.json_schema == findings_schema()
    assert (request.timeout_seconds, request.max_output_tokens, request.temperature) == (
        12.5,
        999,
        0.2,
    )
    assert [message.role for message in request.messages] == ["system", "user"]


def test_llm_provider_usage_figures_add_up() -> None:
    ticks = itertools.count()
    client = ScriptedChatClient(default=answer_by_text)

    result = _provider(client, parallel_calls=1, clock=lambda: float(next(ticks))).analyze(
        CONTRACT, _prescreen()
    )

    usage = result.usage
    assert usage is not None
    calls = len(CHUNKS)
    assert (usage.calls, usage.chunks, usage.repairs) == (calls, calls, 0)
    assert (usage.input_tokens, usage.output_tokens) == (
        calls * INPUT_TOKENS,
        calls * OUTPUT_TOKENS,
    )
    # The clock ticks once at the start, twice per call and once at the end.
    assert usage.latency_ms == (2 * calls + 1) * 1000
    assert usage.models == ("primary",)
    assert usage.fallback_used is False
    assert usage.prompt_version == PROMPT_VERSION


def test_llm_provider_switches_to_the_fallback_model_on_a_rate_limit() -> None:
    client = ScriptedChatClient([LlmRateLimitedError()], default=answer_by_text)

    result = _provider(client, fallback_model="backup", parallel_calls=1).analyze(
        CONTRACT, _prescreen()
    )

    assert client.models == ["primary"] + ["backup"] * len(CHUNKS)
    assert result.model == "backup"
    assert result.usage is not None
    assert result.usage.fallback_used is True
    assert result.usage.models == ("backup",)
    assert result.usage.calls == len(CHUNKS) + 1
    assert len(result.findings) == 4


def test_llm_provider_raises_a_rate_limit_without_a_fallback() -> None:
    client = ScriptedChatClient(default=LlmRateLimitedError())

    with pytest.raises(LlmRateLimitedError):
        _provider(client).analyze(CONTRACT, _prescreen())

    assert set(client.models) == {"primary"}


def test_llm_provider_raises_a_rate_limit_of_the_fallback_too() -> None:
    client = ScriptedChatClient(default=LlmRateLimitedError())

    with pytest.raises(LlmRateLimitedError):
        _provider(client, fallback_model="backup", chunk_chars=10_000).analyze(
            CONTRACT, _prescreen()
        )

    assert client.models == ["primary", "backup"]


def test_llm_provider_retries_5xx_with_exponential_backoff() -> None:
    sleeps = Sleeps()
    client = ScriptedChatClient(
        [LlmUnavailableError(), LlmUnavailableError()], default=answer_by_text
    )

    result = _provider(client, sleep=sleeps, chunk_chars=10_000, backoff_seconds=1.0).analyze(
        CONTRACT, _prescreen()
    )

    assert len(result.findings) == 4
    assert len(sleeps) == 2
    assert 1.0 <= sleeps[0] <= 1.5
    assert 2.0 <= sleeps[1] <= 3.0
    assert result.usage is not None
    assert result.usage.calls == 3


def test_llm_provider_raises_a_timeout_beyond_its_retries() -> None:
    sleeps = Sleeps()
    client = ScriptedChatClient(default=LlmTimeoutError())

    with pytest.raises(LlmTimeoutError):
        _provider(client, sleep=sleeps, retries=2, chunk_chars=10_000).analyze(
            CONTRACT, _prescreen()
        )

    assert len(client.requests) == 3
    assert len(sleeps) == 2


def test_llm_provider_never_retries_a_rejected_request() -> None:
    sleeps = Sleeps()
    client = ScriptedChatClient(default=LlmRequestRejectedError())

    with pytest.raises(LlmRequestRejectedError):
        _provider(client, sleep=sleeps, chunk_chars=10_000).analyze(CONTRACT, _prescreen())

    assert len(client.requests) == 1
    assert sleeps == []


def test_llm_provider_repairs_invalid_json_with_the_errors() -> None:
    client = ScriptedChatClient(['{"findings": [', answer_by_text])

    result = _provider(client, chunk_chars=10_000).analyze(CONTRACT, _prescreen())

    assert len(result.findings) == 4
    assert result.usage is not None
    assert (result.usage.calls, result.usage.repairs) == (2, 1)
    repair = client.requests[1].messages
    assert [message.role for message in repair] == ["system", "user", "assistant", "user"]
    assert repair[2].content == '{"findings": ['
    assert "Invalid JSON" in repair[3].content
    assert "не прошёл проверку" in repair[3].content


def test_llm_provider_repairs_an_answer_outside_the_schema() -> None:
    wrong = findings_json(finding(PREPAYMENT, item="prepayment", severity="critical"))
    client = ScriptedChatClient([wrong, answer_by_text])

    _provider(client, chunk_chars=10_000).analyze(CONTRACT, _prescreen("en"))

    repair = client.requests[1].messages[-1].content
    assert "findings.0.checklist_item:" in repair
    assert "findings.0.severity:" in repair
    assert "failed validation" in repair


def test_llm_provider_accepts_an_answer_in_a_code_fence() -> None:
    client = ScriptedChatClient(default=lambda r: f"```json\n{answer_by_text(r)}\n```")

    result = _provider(client, chunk_chars=10_000).analyze(CONTRACT, _prescreen())

    assert len(result.findings) == 4
    assert result.usage is not None
    assert result.usage.repairs == 0


def test_llm_provider_gives_up_after_max_repairs() -> None:
    client = ScriptedChatClient(default="I found no risks, the contract is fine.")

    with pytest.raises(InvalidModelOutputError):
        _provider(client, max_repairs=2, chunk_chars=10_000).analyze(CONTRACT, _prescreen())

    assert len(client.requests) == 3


def test_llm_provider_drops_and_counts_a_hallucinated_quote() -> None:
    invented = "5.1. Покупатель выплачивает штраф в размере 300% цены договора."
    client = ScriptedChatClient(
        default=findings_json(
            finding(invented, severity="high"), finding(FORUM, item="dispute_forum")
        )
    )

    result = _provider(client, chunk_chars=10_000).analyze(CONTRACT, _prescreen())

    assert [f.quote for f in result.findings] == [FORUM]
    assert result.dropped_quotes == 1


def test_llm_provider_respects_the_parallel_cap() -> None:
    slots = LocalSlots(3)
    client = ScriptedChatClient(default=empty_answer, delay=0.05)
    text = "\n\n".join(f"## {n}. Раздел\n\nТекст раздела номер {n}." for n in range(1, 10))

    result = _provider(
        client, slots=slots, parallel_calls=3, chunk_chars=40, overlap_chars=0
    ).analyze(text, _prescreen())

    assert result.usage is not None
    assert result.usage.chunks == 9
    assert client.max_concurrent == 3
    assert slots.peak == 3
    assert slots.in_use == 0


def test_llm_provider_holds_a_slot_during_each_call() -> None:
    slots = LocalSlots(2)
    held: list[int] = []

    def answer(request: ChatRequest) -> str:
        held.append(slots.in_use)
        return findings_json()

    _provider(ScriptedChatClient(default=answer), slots=slots, chunk_chars=10_000).analyze(
        CONTRACT, _prescreen()
    )

    assert held == [1]
    assert slots.in_use == 0


def test_llm_provider_releases_slots_when_calls_raise() -> None:
    slots = LocalSlots(2)
    client = ScriptedChatClient(default=LlmTimeoutError())

    with pytest.raises(LlmTimeoutError):
        _provider(client, slots=slots, parallel_calls=2).analyze(CONTRACT, _prescreen())

    assert slots.peak >= 1
    assert slots.in_use == 0


def test_llm_provider_raises_when_every_slot_is_taken() -> None:
    slots = LocalSlots(1)
    slots.acquire("someone else")
    client = ScriptedChatClient(default=empty_answer)

    with pytest.raises(LlmCapacityExhaustedError):
        _provider(client, slots=slots, chunk_chars=10_000).analyze(CONTRACT, _prescreen())

    assert client.requests == []


@pytest.mark.parametrize(
    ("language", "text", "system_starts"),
    [
        ("ru", CONTRACT, "Ты — опытный юрист"),
        ("en", "AGREEMENT\n\n1. Fees. Client shall pay all fees in advance.", "You are"),
        ("unknown", CONTRACT, "Ты — опытный юрист"),
    ],
)
def test_llm_provider_prompts_in_the_documents_language(
    language: str, text: str, system_starts: str
) -> None:
    client = ScriptedChatClient(default=empty_answer)

    _provider(client, chunk_chars=10_000).analyze(text, _prescreen(language))

    assert client.requests[0].messages[0].content.startswith(system_starts)


def test_llm_provider_makes_no_call_for_an_empty_document() -> None:
    client = ScriptedChatClient()

    result = _provider(client).analyze("  \n", _prescreen())

    assert result.findings == ()
    assert result.usage is not None
    assert (result.usage.calls, result.usage.chunks) == (0, 0)


def test_llm_provider_logs_calls_without_the_documents_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = ScriptedChatClient(
        [LlmUnavailableError(), ChatResponse(text=findings_json(), model="primary")],
        default=answer_by_text,
    )

    with caplog.at_level(logging.INFO, logger="chalicelib.llm.provider"):
        _provider(client).analyze(CONTRACT, _prescreen())

    assert "llm call: chunk=" in caplog.text
    assert "model=primary" in caplog.text
    assert "LlmUnavailableError" in caplog.text
    assert "Покупатель" not in caplog.text


def test_llm_provider_needs_a_model() -> None:
    with pytest.raises(ValueError, match="model"):
        _provider(ScriptedChatClient(), model="")
