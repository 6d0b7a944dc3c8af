"""Whether a passage stands in a contract's recitals: what happened before the contract.

Recitals open with "WHEREAS, ..." or stand as lettered paragraphs under a heading
("RECITALS", "BACKGROUND", "WHEREAS:"), and run until the words that open the agreement
itself ("NOW, THEREFORE", "the parties agree as follows", the first numbered clause). An
amendment's recitals tell the agreement it changes: its dates, its end, a renewal option
the amendment then deletes. What they tell is not what this document sets.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_RECITAL = re.compile(r"[\W\d]*whereas\b")
_RECITALS_HEADING = re.compile(
    r"(?:^|\n)[ \t#*_]*(?:[a-z\d]{1,3}[.)][ \t]+)?(?:recitals|background|preliminary\s+statements?"
    r"|witnesseth|whereas)[ \t*_]*[:.]?[ \t*_]*(?=\n|$)|\bwitnesseth\b"
)
_HEADING_WORDS = ("recitals", "background", "preliminary", "witnesseth", "whereas")
_RECITALS_END = re.compile(
    r"now,?\s+therefore|agree[sd]?\s+as\s+follows|(?:is|are)\s+hereby\s+agreed"
    # English drafting's "AGREED TERMS", "IT IS AGREED", "OPERATIVE PROVISIONS", or the first
    # numbered clause
    r"|agreed\s+terms|it\s+is\s+agreed|operative\s+provisions"
    r"|\n[ \t]*(?:article\s+|section\s+)?1\.?[ \t]"
    # ... or the first article's heading on a line of its own, or the first clause numbered
    # "1.1" ("ARTICLE 1" over "DEFINITIONS", "1.1 "Contract Price" means")
    r"|\n[ \t]*article\s+(?:1|i|one)[ \t]*\n|\n[ \t]*1\.1\.?[ \t]"
)
_RECITALS_REACH = 2500


def in_recital(text: PreparedText, start: int, end: int) -> bool:
    """Whether the span stands in a recital ("WHEREAS, ...", or a lettered paragraph under
    "RECITALS": "B. Effective October 1, 2004, Bank converted ...")."""
    begin, _ = text.sentence_span(start, end)
    if _RECITAL.match(text.low, begin) is not None:
        return True
    lead = max(0, start - _RECITALS_REACH)
    # every heading holds one of its words: where none stands in the reach (most dates of a
    # contract), the pattern, whose alternatives open at every line, is not stepped through it
    if not any(text.low.find(word, lead, start) != -1 for word in _HEADING_WORDS):
        return False
    headings = list(_RECITALS_HEADING.finditer(text.low, lead, start))
    return bool(headings) and not _RECITALS_END.search(text.low, headings[-1].end(), start)
