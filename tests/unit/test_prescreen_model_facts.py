"""Prescreen's model fallback: the model fills gaps, only with facts the text bears out."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from typing import Any

from chalicelib.errors import LlmTimeoutError
from chalicelib.llm.chat import ChatRequest, ChatResponse
from chalicelib.llm.schema import DOCUMENT_START, FACTS_SCHEMA
from chalicelib.models import Party, PrescreenResult
from chalicelib.prescreen import RoutingPolicy
from chalicelib.prescreen.model_facts import ask_model_for_facts, fill_gaps_when_unsure

TEXT = (
    "ДОГОВОР ПОСТАВКИ\n\nООО «Ромашка» и АО «Лютик» заключили договор 15.03.2024. Цена: "
    "2 500 000,00 рублей. Срок поставки до 30 июня 2024 года."
)


class _Model:
    provider = "fake"

    def __init__(self, answer: dict[str, Any] | str | Exception) -> None:
        self.answer = answer
        self.requests: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> ChatResponse:
        self.requests.append(request)
        if isinstance(self.answer, Exception):
            raise self.answer
        text = self.answer if isinstance(self.answer, str) else json.dumps(self.answer)
        return ChatResponse(text=text, model=request.model)


def _unsure(**changes: Any) -> PrescreenResult:
    base: dict[str, Any] = {"language": "ru", "confidence": 0.3, "route": "manual_review"}
    base.update(changes)
    return PrescreenResult.model_validate(base)


def _ask(model: _Model, result: PrescreenResult) -> PrescreenResult:
    return ask_model_for_facts(model, result, TEXT, model="m", max_chars=50, timeout_seconds=5)


def test_model_facts_fill_only_empty_fields_and_say_where_each_came_from() -> None:
    model = _Model(
        {
            "contract_type": "supply",
            "title": "ДОГОВОР ПОСТАВКИ",
            "parties": [{"name": "ООО «Ромашка»", "role": "Поставщик"}],
            "amount": "2500000.00",
            "currency": "RUB",
            "signed_on": "2024-03-15",
            "governing_law": "RU",
        }
    )
    rules_party = (Party(name="АО «Лютик»", role="Покупатель"),)

    merged = _ask(model, _unsure(parties=rules_party))

    assert merged.parties == rules_party  # the rules' reading is kept
    assert (merged.contract_type, merged.signed_on) == ("supply", date(2024, 3, 15))
    assert merged.amount is not None and merged.amount.amount == Decimal("2500000.00")
    assert merged.sources["parties"] == "rules"
    assert merged.sources["amount"] == merged.sources["signed_on"] == "model"


def test_model_facts_the_text_does_not_bear_out_are_dropped() -> None:
    model = _Model(
        {
            "contract_type": "spaceship",
            "parties": [{"name": "ООО «Вымысел»"}],
            "amount": "999.00",
            "currency": "RUB",
            "ends_on": "2031-01-01",
        }
    )

    merged = _ask(model, _unsure())

    assert (merged.contract_type, merged.parties, merged.amount, merged.ends_on) == (
        None,
        (),
        None,
        None,
    )


def test_model_is_asked_with_the_schema_and_the_capped_text() -> None:
    model = _Model({"parties": []})

    _ask(model, _unsure())

    request = model.requests[0]
    assert request.schema_name == FACTS_SCHEMA and request.json_schema is not None
    user = request.messages[-1].content
    assert user.startswith(DOCUMENT_START) and TEXT[:50] in user and TEXT[60:] not in user


def test_a_failing_or_rambling_model_leaves_the_rules_result_with_a_doubt() -> None:
    for answer in (LlmTimeoutError(), "not json at all", {"amount": "много"}):
        result = _unsure(title="Договор")

        merged = _ask(_Model(answer), result)

        assert merged.title == "Договор"
        assert merged.doubts[-1] == "The model asked to check the facts did not answer usably."


def test_model_is_asked_only_below_the_threshold_and_the_route_says_what_it_filled() -> None:
    answer = {"amount": "2500000.00", "currency": "RUB", "signed_on": "2024-03-15"}
    policy = RoutingPolicy(high_value_threshold=Decimal(1_000_000))
    sure, unsure = _unsure(confidence=0.9), _unsure(confidence=0.3)
    quiet, asked = _Model(answer), _Model(answer)

    kept = fill_gaps_when_unsure(quiet, sure, TEXT, policy=policy, below=0.5, **_KNOBS)
    filled = fill_gaps_when_unsure(asked, unsure, TEXT, policy=policy, below=0.5, **_KNOBS)

    assert kept is sure and not quiet.requests
    assert filled.route == "deep_analysis"  # the model's amount is a high one
    assert filled.confidence == 0.3  # the rules' confidence stands
    assert filled.route_reasons[-1] == "A language model filled in: amount, signed_on."


_KNOBS: dict[str, Any] = {"model": "m", "max_chars": 5000, "timeout_seconds": 5}
