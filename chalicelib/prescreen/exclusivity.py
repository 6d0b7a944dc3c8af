"""Exclusive dealing that the contract heads as such: "3.2 Exclusive Supply. During the term
of this Agreement, Buyer shall not purchase capacity or energy ... from any person other than
Seller".

The learned detector (`clause_model`) scores a sentence by its own words, and a commitment to
deal only with the other side is often written without them: "shall not purchase Product ...
from any person other than the Supplier", "shall not license ... to any Competing Grocer". The
word is in the heading. Where a heading names exclusivity and the first paragraph under it
restricts a party, the contract has the clause whatever the detector scored its sentences
(`non_compete` reads a non-compete's heading the same way).

Measured before adopting (session 40), against the code before it: it turns 140 contracts
of the earlier blind English sets from no to yes, every one labelled yes, and none the other
way (a heading "All fees are exclusive of taxes" is no such heading, and is not read).
On train it turns 9 of 342 contracts to yes, right in 4 by CUAD's labels; the 5 others are
sponsorship, endorsement and research restraints under a heading "Exclusivity" ("Talent will
not endorse ... on behalf of any other ..."), which CUAD's annotators counted as non-competes
and not as exclusivity, although its own definition of exclusivity (a prohibition on dealing
with third parties) covers them. Reading the non-compete's restraints under the heading
(`non_compete.RESTRICTION`, "neither Party shall ...") then turned four joint development
agreements of those sets and a code-share agreement of a later one to yes, all labelled yes,
and no CUAD answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.prescreen.non_compete import HEADING_OPENING, RESTRICTION, restriction_under
from chalicelib.prescreen.word_index import finditer, indexed

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag
    from chalicelib.prescreen.text import PreparedText

_STEM = indexed(re.compile(r"exclusiv"))
# The heading from its line's start: a number, at most two words before the name ("Category
# Exclusivity", "Supplier Exclusivity"), the name, and at most three after it ("Exclusive
# Supply", "Exclusive Relationship", "Exclusivity and Non-Competition") before a full stop, a
# colon or the line's end.
_HEADING = re.compile(
    HEADING_OPENING + r"(?P<before>(?:[\w-]+[ \t]+){0,2}?)"
    r"exclusiv(?:e|ity)"
    r"(?P<after>(?:[ \t;,&]+[\w-]+){0,3}?)[ \t]*(?:[.:]|[ \t]*(?:\n|$))"
)
# Headings that name something else exclusive: a remedy, a court, a warranty, what a price
# leaves out, what one side owns; or deny it ("No Exclusivity").
_NOT_DEALING = re.compile(
    r"\b(?:no|not|non)\b|remed|jurisdiction|venue|forum|court|warrant|\btax|propert|owner"
)
# The words under the heading must restrict a party, or bind it to the other ("shall purchase
# ... exclusively from", "shall be Customer's sole and exclusive provider")
# (a non-compete's restraints, `non_compete.RESTRICTION`, and "must not")
_RESTRICTS = re.compile(
    RESTRICTION + r"|\bmust\s+not\b"
    r"|\bexclusively\s+(?:from|to|through|with)\b|\bsole\s+and\s+exclusive\b"
    r"|\b(?:shall|will)\s+be\s+(?:the\s+)?[\w'’]+\s+exclusive\b"
)
# A heading's words of four letters or more, each capitalised in a heading
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")
# The first paragraph under the heading (to its first blank line) and no further: a contents
# page's "2. Supply and exclusivity" has only more headings under it.
_PARAGRAPH_END = re.compile(r"\S\s*?\n[ \t]*\n")
_BODY_REACH = 600
_MAX_STEMS = 40


def find_headed_exclusivity(text: PreparedText) -> ClauseFlag | None:
    """Exclusive dealing under a heading that names it, with the restricting sentence as
    evidence."""
    for count, stem in enumerate(finditer(_STEM, text.low)):
        if count >= _MAX_STEMS:
            break
        begin, _ = text.line_span(stem.start(), stem.end())
        heading = _HEADING.match(text.low, begin)
        if heading is None or heading.end() < stem.end():
            continue
        if _NOT_DEALING.search(heading.group("before") + heading.group("after")):
            continue
        # a heading's words are capitalised ("Exclusive Supply", "CATEGORY EXCLUSIVITY"), a
        # wrapped line of a paragraph's are not ("exclusive distributor of the")
        named = text.norm[heading.start("before") : heading.end("after")]
        if any(word[:1].islower() for word in _LONG_WORD.findall(named)):
            continue
        start = heading.end()
        reach = min(len(text.low), start + _BODY_REACH)
        # (the paragraph opens past the blank lines under a heading on its own line)
        body = text.low[start:reach]
        opening = start + len(body) - len(body.lstrip())
        paragraph = _PARAGRAPH_END.search(text.low, opening, reach)
        end = paragraph.start() + 1 if paragraph is not None else reach
        found = restriction_under(text, start, end, _RESTRICTS)
        if found is not None:
            return found
    return None
