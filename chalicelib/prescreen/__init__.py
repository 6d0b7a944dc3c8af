"""Prescreen: facts, risky clauses, a confidence and a route for one document's Markdown text.

Each field has its own module of precompiled patterns that a Russian or English
contract lawyer would recognise. For English contracts, clause detectors learned
from CUAD's spans (`clause_model`, a small weights file) decide the liability cap and
four more clauses (anti-assignment, non-compete, exclusivity, uncapped liability):
measured on the train split, they beat the rules there, or there are no rules.
Termination for convenience and liquidated damages stay with the rules, which beat
the models there. Every clause flag quotes the sentence that proves it, verbatim
from the input.
"""

from __future__ import annotations

import re

from chalicelib.models import ClauseFlag, Language, PrescreenResult
from chalicelib.prescreen.clause_model import find_clause_sentences
from chalicelib.prescreen.clauses import CLAUSES, find_clauses
from chalicelib.prescreen.confidence import score_confidence
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.contract_type import classify_contract, find_title
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.language import is_bilingual, language_of, letter_counts
from chalicelib.prescreen.money import find_total_amount
from chalicelib.prescreen.parties import find_parties_ru
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.routing import RoutingPolicy, choose_route
from chalicelib.prescreen.tabular import read_statement
from chalicelib.prescreen.text import PreparedText, prepare_text

__all__ = ["RoutingPolicy", "prescreen_document"]

_PIPELINES = frozenset({"contract", "image", "tabular"})
_CONTRACT_WORDS = re.compile(r"договор|контракт|соглашени|оферт|agreement|contract")
# Below this (about half a page) a text cannot show that a clause is missing,
# only that one is there.
_JUDGEABLE_CHARS = 1000


def prescreen_document(
    markdown: str, *, pipeline: str, language_hint: str = "unknown", policy: RoutingPolicy
) -> PrescreenResult:
    """Facts, clause flags, confidence and route for the Markdown text of one document."""
    if pipeline not in _PIPELINES:
        raise ValueError(f"unknown pipeline {pipeline!r}; expected one of {sorted(_PIPELINES)}")
    text = prepare_text(markdown, fix_lookalikes=pipeline == "image")
    counts = letter_counts(text.low)
    detected = language_of(*counts)
    hint = language_hint.lower()
    language: Language = "ru" if hint == "ru" else "en" if hint == "en" else detected
    if pipeline == "tabular":
        draft = _statement_draft(text, language)
    else:
        # Unsure, bilingual, or a hint the letters contradict: both rule sets run.
        both = language == "unknown" or language != detected or is_bilingual(*counts)
        draft = _contract_draft(text, language, ("ru", "en") if both else (language,))
    confidence, doubts = score_confidence(draft, text, pipeline)
    scored = draft.model_copy(update={"confidence": confidence, "doubts": doubts})
    route, reasons = choose_route(scored, policy)
    return scored.model_copy(update={"route": route, "route_reasons": reasons})


def _contract_draft(
    text: PreparedText, language: Language, languages: tuple[str, ...]
) -> PrescreenResult:
    parties = find_parties_ru(text) if "ru" in languages else ()
    if "en" in languages and not parties:
        parties = find_parties_en(text)
    title = find_title(text)
    dates = find_contract_dates(text, english="en" in languages)
    contract_words = len(_CONTRACT_WORDS.findall(text.low, 0, 20_000))
    can_judge = contract_words >= 2 and len(text.norm.strip()) >= _JUDGEABLE_CHARS
    # A payment order or a letter is no contract: its "пени по НДФЛ" is not a clause.
    clauses = (
        find_clauses(text, languages, can_judge=can_judge)
        if contract_words
        else dict.fromkeys(CLAUSES)
    )
    learned = _learned_clauses(text) if "en" in languages and can_judge else {}
    return PrescreenResult(
        language=language,
        contract_type=classify_contract(text, title, parties),
        title=title,
        parties=parties,
        amount=find_total_amount(text, languages),
        signed_on=dates.signed_on,
        starts_on=dates.starts_on,
        ends_on=dates.ends_on,
        penalty=clauses["penalty"],
        unilateral_termination=clauses["unilateral_termination"],
        dispute_forum=clauses["dispute_forum"],
        liability_cap=_cap(clauses["liability_cap"], learned, language),
        auto_renewal=clauses["auto_renewal"],
        anti_assignment=learned.get("anti_assignment"),
        non_compete=learned.get("non_compete"),
        exclusivity=learned.get("exclusivity"),
        uncapped_liability=learned.get("uncapped_liability"),
        governing_law=find_governing_law(text, languages),
        confidence=0.0,
        route="manual_review",
    )


def _learned_clauses(text: PreparedText) -> dict[str, ClauseFlag]:
    """The learned detectors' verdicts, each with its best sentence as the evidence."""
    # The caller's own text, as the detectors were trained on; the quote's whitespace is
    # folded onto one line, as the rules' quotes are.
    return {
        name: ClauseFlag(
            present=found.present,
            evidence=" ".join(found.evidence.split()) if found.present and found.evidence else None,
        )
        for name, found in find_clause_sentences(text.raw).items()
    }


def _cap(
    rules: ClauseFlag | None, learned: dict[str, ClauseFlag], language: Language
) -> ClauseFlag | None:
    """The liability cap: the learned detector for English (it wins on train), else the rules."""
    if language == "en" and "cap_on_liability" in learned:
        return learned["cap_on_liability"]
    return rules


def _statement_draft(text: PreparedText, language: Language) -> PrescreenResult:
    facts = read_statement(text)
    return PrescreenResult(
        language=language,
        # A sheet that names no statement (balance sheet, P&L, trial balance) is not one.
        contract_type="accounting_statement" if facts.title else None,
        title=facts.title,
        parties=facts.parties,
        signed_on=facts.signed_on,
        starts_on=facts.starts_on,
        ends_on=facts.ends_on,
        confidence=0.0,
        route="manual_review",
    )
