"""Prescreen's fallback: when its own reading is unsure, ask a language model for the facts.

The model only fills what the rules left empty, and only with what the text bears out:
a party's name must be in the document, an amount must be one the document writes in
figures, a date one it writes in any common form. Whatever survives is merged into
the heuristic result and `sources` records where each field came from. A model that
fails or answers nonsense leaves the heuristic result as it was, with a doubt saying
so: the fallback may help a reviewer, it must never stop a document.
"""

from __future__ import annotations

import logging
import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from chalicelib.analysis.quotes import normalize_for_match
from chalicelib.errors import DomainError
from chalicelib.llm.chat import ChatRequest
from chalicelib.llm.prompts import facts_messages, prompt_language
from chalicelib.llm.schema import FACTS_SCHEMA, FactsAnswer, facts_schema
from chalicelib.models import Money, Party
from chalicelib.prescreen.contract_type import KNOWN_KINDS
from chalicelib.prescreen.dates import find_dates
from chalicelib.prescreen.money import NUMBER_PATTERN, parse_number
from chalicelib.prescreen.routing import choose_route
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.llm.chat import ChatClient
    from chalicelib.models import PrescreenResult
    from chalicelib.prescreen.routing import RoutingPolicy

logger = logging.getLogger(__name__)

_FIGURES = re.compile(NUMBER_PATTERN)


def fill_gaps_when_unsure(
    client: ChatClient,
    result: PrescreenResult,
    markdown: str,
    *,
    policy: RoutingPolicy,
    below: float,
    model: str,
    max_chars: int,
    timeout_seconds: float,
) -> PrescreenResult:
    """Ask the model only when confidence is below `below`; route again on the merged facts.

    The confidence stays the rules' own: the model's facts are checked against the text,
    but nobody checked the model, so a held document stays held unless its facts (a
    high amount) send it elsewhere.
    """
    if result.confidence >= below:
        return result
    merged = ask_model_for_facts(
        client, result, markdown, model=model, max_chars=max_chars, timeout_seconds=timeout_seconds
    )
    route, reasons = choose_route(merged, policy)
    filled = sorted(field for field, source in merged.sources.items() if source == "model")
    if filled:
        reasons = (*reasons, f"A language model filled in: {', '.join(filled)}.")
    return merged.model_copy(update={"route": route, "route_reasons": reasons})


def ask_model_for_facts(
    client: ChatClient,
    result: PrescreenResult,
    markdown: str,
    *,
    model: str,
    max_chars: int,
    timeout_seconds: float,
) -> PrescreenResult:
    """The result with its empty fields filled from the model, where the text bears them out."""
    text = markdown[:max_chars]
    request = ChatRequest(
        messages=facts_messages(text, prompt_language(result, text)),
        model=model,
        json_schema=facts_schema(),
        schema_name=FACTS_SCHEMA,
        timeout_seconds=timeout_seconds,
    )
    try:
        answer = FactsAnswer.model_validate_json(client.complete(request).text)
    except (DomainError, ValidationError, ValueError) as exc:
        logger.warning("prescreen's model fallback gave nothing: %s", type(exc).__name__)
        doubt = "The model asked to check the facts did not answer usably."
        return result.model_copy(update={"doubts": (*result.doubts, doubt)})
    return merge_model_facts(result, answer, markdown)


def merge_model_facts(result: PrescreenResult, answer: FactsAnswer, text: str) -> PrescreenResult:
    """Fill the result's empty fields with the model's grounded facts; record each source."""
    grounded = _grounded(answer, text)
    update: dict[str, Any] = {}
    sources = dict(result.sources)
    for field, value in grounded.items():
        current = getattr(result, field)
        if value is None or current not in (None, (), ""):
            continue
        update[field] = value
        sources[field] = "model"
    for field in _FIELDS:
        if field not in sources and getattr(result, field) not in (None, (), ""):
            sources[field] = "rules"
    update["sources"] = sources
    return result.model_copy(update=update)


_FIELDS = (
    "contract_type",
    "title",
    "parties",
    "amount",
    "signed_on",
    "starts_on",
    "ends_on",
    "governing_law",
)


def _grounded(answer: FactsAnswer, text: str) -> dict[str, Any]:
    """The model's facts that the text bears out; the rest are None."""
    folded = normalize_for_match(text)
    parties = tuple(
        Party(name=p.name, role=p.role, inn=p.inn if p.inn and p.inn in text else None)
        for p in answer.parties
        if normalize_for_match(p.name) in folded
    )
    title = answer.title if answer.title and normalize_for_match(answer.title) in folded else None
    return {
        "contract_type": answer.contract_type if answer.contract_type in KNOWN_KINDS else None,
        "title": title,
        "parties": parties or None,
        "amount": _amount(answer, text),
        "signed_on": _date(answer.signed_on, text),
        "starts_on": _date(answer.starts_on, text),
        "ends_on": _date(answer.ends_on, text),
        "governing_law": answer.governing_law,
    }


def _amount(answer: FactsAnswer, text: str) -> Money | None:
    if answer.amount is None or answer.currency is None:
        return None
    try:
        wanted = Decimal(answer.amount)
    except InvalidOperation:
        return None
    # The prepared text has no no-break spaces between digit groups: one separator set fits.
    norm = prepare_text(text).norm
    written = {parse_number(found.group()) for found in _FIGURES.finditer(norm)}
    if wanted not in written:
        return None
    return Money(amount=wanted.quantize(Decimal("0.01")), currency=answer.currency)


def _date(value: str | None, text: str) -> date | None:
    if value is None:
        return None
    try:
        wanted = date.fromisoformat(value)
    except ValueError:
        return None
    low = prepare_text(text).low
    written = {found.value for found in find_dates(low)} | {
        found.value for found in find_dates(low, english=True)
    }
    return wanted if wanted in written else None
