"""Prescreen: facts, risky clauses, a confidence and a route for one document's Markdown text.

Each field has its own module of precompiled patterns that a Russian or English
contract lawyer would recognise. For English contracts, clause detectors learned
from CUAD's spans (`clause_model`, a small weights file) decide the liability cap and
four more clauses (anti-assignment, non-compete, exclusivity, uncapped liability):
measured on the train split, they beat the rules there, or there are no rules (a
non-compete under a heading that names it is also found by a rule, `non_compete`).
Termination for convenience and liquidated damages are the rules' verdicts with a
learned assist (`clause_model`'s "assists"): termination is also flagged where the rules
find nothing and a detector is right nine times in ten out of fold, and a fee or a
"penalty" the rules find counts only where its sentence states a sum or a detector finds
the clause somewhere in the contract. Every clause flag quotes the sentence that proves
it, verbatim from the input.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chalicelib.language import is_bilingual, language_of, letter_counts
from chalicelib.models import ClauseFlag, Language, PrescreenResult
from chalicelib.prescreen.calibration import RULE_MARGIN, fact_confidence
from chalicelib.prescreen.clause_model import (
    ClauseFinding,
    find_clause_sentences,
    shipped_detectors,
)
from chalicelib.prescreen.clauses import CLAUSES, find_clauses
from chalicelib.prescreen.confidence import Doubt, doubt_product, find_doubts, gravest_first
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.contract_type import CONTRACT_WORDS, classify_contract, find_title
from chalicelib.prescreen.exclusivity import find_headed_exclusivity
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.money import find_total_amount
from chalicelib.prescreen.non_compete import find_headed_non_compete
from chalicelib.prescreen.pages import seam_pages
from chalicelib.prescreen.parties import find_parties_ru
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.routing import RoutingPolicy, choose_route
from chalicelib.prescreen.stated_cap import find_stated_cap
from chalicelib.prescreen.tabular import read_statement
from chalicelib.prescreen.text import PreparedText, prepare_text

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["RoutingPolicy", "Screening", "prescreen_document", "screen_text"]

_PIPELINES = frozenset({"contract", "image", "tabular"})
# Beside the words a contract names itself by (`CONTRACT_WORDS`), the documents a deal is also
# made of, counted with `str.count` (as alternatives of that pattern they made its scan five
# times slower)
_DEAL_DOCUMENTS = (
    "order form",
    "statement of work",
    "terms of service",
    "addendum",
    " lease ",
    "memorandum of understanding",
    "this mou",
    "letter of intent",
    # Australian and English deeds call themselves so throughout ("the parties to this deed")
    "this deed",
)
_CONTRACT_WORDS_REACH = 20_000
# Below this (about half a page) a text cannot show that a clause is missing,
# only that one is there.
_JUDGEABLE_CHARS = 1000


@dataclass(frozen=True)
class Screening:
    """A prescreen result and what its confidence was worked out from."""

    result: PrescreenResult
    doubts: tuple[Doubt, ...] = ()
    # The learned detectors' log-odds above their thresholds, by fact.
    margins: dict[str, float] = field(default_factory=dict)
    # The facts a rule found where a learned detector also judges (their margin is the
    # rule's, `RULE_MARGIN`): the calibration reads these as they are, not out of fold.
    ruled: frozenset[str] = frozenset()


def prescreen_document(
    markdown: str, *, pipeline: str, language_hint: str = "unknown", policy: RoutingPolicy
) -> PrescreenResult:
    """Facts, clause flags, confidence and route for the Markdown text of one document."""
    return screen_text(
        markdown, pipeline=pipeline, language_hint=language_hint, policy=policy
    ).result


def screen_text(
    markdown: str, *, pipeline: str, language_hint: str = "unknown", policy: RoutingPolicy
) -> Screening:
    """`prescreen_document`, keeping the doubts and margins its confidence came from."""
    if pipeline not in _PIPELINES:
        raise ValueError(f"unknown pipeline {pipeline!r}; expected one of {sorted(_PIPELINES)}")
    # A statement's pages are its own tables; a contract's sentences run over page breaks,
    # and its first page's marker, blanked, is no reason for the rules' reaches from the
    # top ("a date in the first 400 characters") to fall short of a PDF's preamble.
    seamed = markdown if pipeline == "tabular" else seam_pages(markdown).lstrip()
    text = prepare_text(seamed, fix_lookalikes=pipeline == "image")
    counts = letter_counts(text.low)
    detected = language_of(*counts)
    hint = language_hint.lower()
    language: Language = "ru" if hint == "ru" else "en" if hint == "en" else detected
    margins: dict[str, float] = {}
    ruled: frozenset[str] = frozenset()
    if pipeline == "tabular":
        draft = _statement_draft(text, language)
    else:
        # Unsure, bilingual, or a hint the letters contradict: both rule sets run.
        both = language == "unknown" or language != detected or is_bilingual(*counts)
        draft, margins, ruled = _contract_draft(
            text, language, ("ru", "en") if both else (language,)
        )
    doubts = find_doubts(draft, text, pipeline)
    facts = fact_confidence(draft, doubts, margins) if pipeline != "tabular" else {}
    # The expected share of the facts that are right; the doubts alone where no model is,
    # and no more than the doubts allow for a text that may be no contract at all: no
    # title line and clauses that could not be judged (a letter, a payment order), since
    # the calibration was fitted on contracts, not on those. A short text titled as a
    # contract (a joint filing agreement of a page) keeps its facts' mean: the calibration
    # knows short contracts (`short_text` and `clauses_unjudged` are among its features),
    # whose blank facts are mostly right, and routing holds it for a person anyway.
    confidence = doubt_product(doubts)
    if facts:
        mean = round(sum(facts.values()) / len(facts), 3)
        unjudged = any(d.code == "clauses_unjudged" for d in doubts)
        confidence = min(mean, confidence) if unjudged and not draft.title else mean
    scored = draft.model_copy(
        update={
            "confidence": confidence,
            "fact_confidence": facts,
            "doubts": gravest_first(doubts),
        }
    )
    route, reasons = choose_route(scored, policy)
    result = scored.model_copy(update={"route": route, "route_reasons": reasons})
    return Screening(result, tuple(doubts), margins, ruled)


def _contract_draft(
    text: PreparedText, language: Language, languages: tuple[str, ...]
) -> tuple[PrescreenResult, dict[str, float], frozenset[str]]:
    parties = find_parties_ru(text) if "ru" in languages else ()
    if "en" in languages and not parties:
        parties = find_parties_en(text)
    title = find_title(text, russian=language == "ru")
    dates = find_contract_dates(text, english="en" in languages)
    contract_words = len(CONTRACT_WORDS.findall(text.low, 0, _CONTRACT_WORDS_REACH)) + sum(
        text.low.count(name, 0, _CONTRACT_WORDS_REACH) for name in _DEAL_DOCUMENTS
    )
    can_judge = contract_words >= 2 and len(text.norm.strip()) >= _JUDGEABLE_CHARS
    findings = (
        find_clause_sentences(text.raw, low=text.raw_low) if "en" in languages and can_judge else {}
    )
    learned = _learned_clauses(findings)
    margins = _margins(findings) if language == "en" else {}
    # A covenant under a heading that names it is one, whatever the detector scored its
    # sentence (`non_compete`, `exclusivity`), and so is a ceiling on liability stated in so
    # many words (`stated_cap`)
    ruled: set[str] = set()
    for clause, find_ruled in _RULED_CLAUSES if findings else ():
        flag = find_ruled(text)
        if flag is None:
            continue
        fact = fact_of(clause)
        ruled.add(fact)
        if not (current := learned.get(clause)) or not current.present:
            learned[clause] = flag
        margins[fact] = max(margins.get(fact, 0.0), RULE_MARGIN)
    # Where the learned detector decides the liability cap (`_cap`), the rules' reading of
    # it would be thrown away: its rules are not run (a millisecond on 30 pages).
    wanted = tuple(
        c for c in CLAUSES if c != "liability_cap" or not _cap_is_learned(learned, language)
    )
    # A payment order or a letter is no contract: its "пени по НДФЛ" is not a clause.
    clauses = (
        find_clauses(text, languages, can_judge=can_judge, clauses=wanted)
        if contract_words
        else dict.fromkeys(CLAUSES)
    )
    draft = PrescreenResult(
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
        liability_cap=_cap(clauses.get("liability_cap"), learned, language),
        auto_renewal=clauses["auto_renewal"],
        renewal_option=(
            find_renewal_option(text, can_judge=can_judge)
            if "en" in languages and contract_words
            else None
        ),
        anti_assignment=learned.get("anti_assignment"),
        non_compete=learned.get("non_compete"),
        exclusivity=learned.get("exclusivity"),
        uncapped_liability=learned.get("uncapped_liability"),
        governing_law=find_governing_law(text, languages),
        confidence=0.0,
        route="manual_review",
    )
    return draft, margins, frozenset(ruled)


# The learned clauses a rule also finds: under a heading that names them, or stated outright.
_RULED_CLAUSES: tuple[tuple[str, Callable[[PreparedText], ClauseFlag | None]], ...] = (
    ("non_compete", find_headed_non_compete),
    ("exclusivity", find_headed_exclusivity),
    ("cap_on_liability", find_stated_cap),
)


def _learned_clauses(findings: dict[str, ClauseFinding]) -> dict[str, ClauseFlag]:
    """The learned detectors' verdicts, each with its best sentence as the evidence."""
    # The detectors read the caller's own text, as they were trained on; the quote's
    # whitespace is folded onto one line, as the rules' quotes are.
    return {
        name: ClauseFlag(
            present=found.present,
            evidence=" ".join(found.evidence.split()) if found.present and found.evidence else None,
        )
        for name, found in findings.items()
    }


# The result's name for a learned detector's clause, where it differs.
_FACT_OF = {"cap_on_liability": "liability_cap"}


def fact_of(detector: str) -> str:
    """The result's fact a learned detector decides."""
    return _FACT_OF.get(detector, detector)


def log_odds(p: float) -> float:
    """log(p / (1 − p)), kept finite at 0 and 1."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def _margins(findings: dict[str, ClauseFinding]) -> dict[str, float]:
    """Each learned verdict's log-odds above (or below) its detector's threshold."""
    detectors = shipped_detectors()
    return {
        fact_of(name): round(log_odds(found.probability) - log_odds(detectors[name].threshold), 4)
        for name, found in findings.items()
        if name in detectors
    }


def _cap(
    rules: ClauseFlag | None, learned: dict[str, ClauseFlag], language: Language
) -> ClauseFlag | None:
    """The liability cap: the learned detector for English (it wins on train), else the rules."""
    if _cap_is_learned(learned, language):
        return learned["cap_on_liability"]
    return rules


def _cap_is_learned(learned: dict[str, ClauseFlag], language: Language) -> bool:
    """Whether the learned detector, not the rules, decides the liability cap."""
    return language == "en" and "cap_on_liability" in learned


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
