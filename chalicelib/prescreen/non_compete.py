"""A covenant not to compete that the contract heads as one: "3.4 Non-Competition. During
the term of this Agreement ... the Agent shall not ... sell any Competing Products".

The learned detector (`clause_model`) scores each sentence by its words, and a restriction
written in the words of its own trade ("shall not ... develop, publish or assist any third
party to develop or publish any mobile game") can score under its threshold: the word
"compete" is in the heading, not in the sentence. Where a heading names the clause and the
words under it restrict a party, the contract has one whatever the detector scored.

Measured before adopting: on the train split the heading is rare (7 of 342 contracts) and
right in 6; the one wrong was "Competitive Activities", a section that frees the parties to
compete, and that heading is not read. On the six blind English sets (84 contracts) it is
right in all 16 it finds, 5 of them missed by the detector.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.models import ClauseFlag
from chalicelib.prescreen.word_index import finditer, indexed

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

# Every such heading has the stem: "Non-Competition", "NON COMPETITION", "Noncompetition",
# "Covenant Not to Compete", "Non-Compete Covenant", "No Competing Lines".
_STEM = indexed(re.compile(r"compet"))
# What opens a section's heading on its line: its mark and number ("ARTICLE 3 -", "6.2",
# "(b)"), each optional (`exclusivity` reads its headings after the same opening)
HEADING_OPENING = (
    r"[ \t#*_|]*(?:(?:article|section|clause)\s+)?"
    r"(?:[\da-z]{1,3}[.)]?(?:\d{1,3}[.)]?){0,3}[ \t]+|\([\da-z]{1,3}\)[ \t]+)?"
    r"(?:[-–—][ \t]+)?"
)
# The heading from its line's start: a number, then the clause's name, then at most three
# words ("Covenant", "and Non-Solicitation") before a full stop, a colon or the line's end.
_HEADING = re.compile(
    HEADING_OPENING
    # "Exclusivity and Non-Competition", "ARTICLE 3 - EXCLUSIVITY; NON-COMPETITION"
    + r"(?P<other>(?:[\w-]+(?:[ \t]+and|;|,)[ \t]+){0,2})"
    r"(?:non-?\s?compet(?:e|ition)|covenants?\s+not\s+to\s+compete|no\s+competing\s+\w+)"
    # not the title "NON-COMPETITION AGREEMENT"
    # (or its partner after a semicolon: "6.4 Non-Competition; Non-Solicitation.")
    r"(?P<rest>(?:[ \t;,]+(?!agreement)[\w;&,-]+){0,3}?)[ \t]*(?:[.:]|[ \t]*(?:\n|$))"
)
# ... or, where the text's lines were joined, a heading in capitals before its text:
# "6. NON-COMPETITION During the Term ..."
_CAPITAL_HEADING = re.compile(
    r"[ \t#*_|]*(?:[\d]{1,3}[.)]?(?:\d{1,3}[.)]?){0,3}[ \t]+)?"
    r"(?:NON-?\s?COMPET(?:E|ITION)|COVENANTS?\s+NOT\s+TO\s+COMPETE)"
    r"(?:\s+AND\s+NON-?\s?SOLICITATION)?\s+(?=[A-Z][a-z])"
)
_BODY_REACH = 500
# What the words under the heading must do: restrict a party ...
RESTRICTION = (
    r"\b(?:shall|will|may)\s+not\b|\bagrees?\s+not\s+to\b|\bshall\s+refrain\b"
    r"|\bneither\s+(?:[\w-]+\s+){1,3}?shall\b"
    # "neither the Franchisee nor any of its shareholders or managers shall"
    r"|\bneither\s+[^.;]{1,100}?\bnor\s+[^.;]{1,100}?\b(?:shall|will|may)\b"
)
_RESTRICTS = re.compile(RESTRICTION)
# ... before any words that free one: "Nothing in this Agreement shall restrict either party
# from ..." (a proviso after the covenant, "Nothing in this Section 6.2 shall prevent ...
# owning two percent (2%) of a public company", leaves the covenant standing)
_FREES = re.compile(
    r"\bnothing\s+(?:in|herein|contained)|\bfree\s+to\b|\bnot\s+(?:be\s+)?(?:restrict|prevent"
    r"|prohibit|preclude|limit)|\bno\s+(?:restriction|obligation)"
)
_MAX_STEMS = 40


def find_headed_non_compete(text: PreparedText) -> ClauseFlag | None:
    """The covenant under a heading that names one, with its restricting sentence as evidence:
    under a heading of its own where there is one ("6.2 Non-Competition."), else under one
    it shares ("6. EXCLUSIVITY AND NON-COMPETITION")."""
    shared: ClauseFlag | None = None
    for count, stem in enumerate(finditer(_STEM, text.low)):
        if count >= _MAX_STEMS:
            break
        begin, _ = text.line_span(stem.start(), stem.end())
        heading = _HEADING.match(text.low, begin) or _CAPITAL_HEADING.match(text.norm, begin)
        if heading is None or heading.end() < stem.end():
            continue
        found = restriction_under(text, heading.end(), heading.end() + _BODY_REACH)
        if found is None:
            continue
        if heading.re is _CAPITAL_HEADING or not heading.group("other"):
            return found
        shared = shared or found
    return shared


def restriction_under(
    text: PreparedText, start: int, end: int, restricts: re.Pattern[str] = _RESTRICTS
) -> ClauseFlag | None:
    """The clause under a heading (its words from `start` to `end`) where they restrict a
    party before any words free one, with the restricting sentence as its evidence."""
    restriction = restricts.search(text.low, start, end)
    if restriction is None or _FREES.search(text.low, start, restriction.start()):
        return None
    # the sentence that restricts, not a sub-heading over it ("5.1 Restriction.")
    opening, _ = text.sentence_span(restriction.start(), start)
    opening = max(opening, start)
    return ClauseFlag(present=True, evidence=text.evidence(opening, opening + 1))
