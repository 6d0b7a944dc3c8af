"""One English clause read in a text long enough for its absence to count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.prescreen import RoutingPolicy, screen_text
from chalicelib.prescreen.clauses import RULES, ClauseRule, find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag, PrescreenResult
    from chalicelib.prescreen.contract_dates import ContractDates

PADDING = "\nThe remaining terms of this agreement are set out below without any reservation." * 30


def screen_english(text: str) -> PrescreenResult:
    """The whole prescreen of an English contract's text, with the default routing policy."""
    return screen_text(text, pipeline="contract", language_hint="en", policy=RoutingPolicy()).result


def english_flag(sentence: str, clause: str) -> ClauseFlag | None:
    """The rules' flag of `clause` for a contract of this sentence and neutral padding."""
    return find_clauses(prepare_text(sentence + PADDING), ("en",), can_judge=True)[clause]


def none_read(clause: str, *sentences: str) -> bool:
    """Whether the rules flag `clause` in none of the sentences, each read alone."""
    return all(
        flag is None or not flag.present
        for flag in (english_flag(sentence, clause) for sentence in sentences)
    )


# Neutral paragraphs a contract's head and sections are set between (the blind rounds' tests)
BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 40


def clause_present(text: str, clause: str) -> bool:
    """Whether the rules flag `clause` in an English contract's text."""
    flag = find_clauses(prepare_text(text), ("en",), can_judge=True)[clause]
    return flag is not None and flag.present


def section_flagged(head: str, section: str, clause: str) -> bool:
    """Whether the rules flag `clause` in a contract of its head, the section between bodies."""
    return clause_present(head + BODY + "\n\n" + section + BODY, clause)


def option_offered(text: str) -> bool | None:
    """Whether the screen reads a side's option to renew or extend in an English contract."""
    flag = screen_english(text).renewal_option
    return None if flag is None else flag.present


def english_dates(text: str) -> ContractDates:
    """The signing, start and end dates the screen reads in an English contract's text."""
    return find_contract_dates(prepare_text(text), english=True)


def agreed_sum_readers(sentence: str) -> list[ClauseRule]:
    """The English rules for an agreed sum whose trigger stands in `sentence` (lower case).
    (The rules read a sum's name only where the assisting detector finds the clause in the
    document, so the tests that use this ask the rules directly.)"""
    return [
        rule
        for rule in RULES
        if rule.clause == "penalty"
        and rule.language == "en"
        and any(trigger.search(sentence) for trigger in rule.triggers)
    ]


def accepts(rule: ClauseRule, sentence: str) -> bool:
    """Whether `rule` takes `sentence` as proof: what it needs is there, nothing turns it away."""
    return all(needed.search(sentence) for needed in rule.requires) and not (
        rule.rejects is not None and rule.rejects.search(sentence)
    )
