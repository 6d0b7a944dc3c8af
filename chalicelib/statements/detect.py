"""Whether a workbook holds a counterparty's accounting: cheap, before any recognition.

Extract decides the branch with it: a trial balance or a statement form goes to the
statements branch (recognise, check, report), anything else to the contract checklist.
It looks for the words every such document prints in its header, in the first rows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.statements.grid import Sheet

_HEADER_ROWS = 40
_MARKERS = re.compile(
    r"оборотно-сальдов\w*\s+ведомост"
    r"|бухгалтерск\w*\s+баланс"
    r"|отч[её]т\w*\s+о\s+(?:финансовых\s+результатах|прибылях\s+и\s+убытках)"
    r"|отч[её]т\w*\s+об\s+изменениях\s+капитала"
    r"|отч[её]т\w*\s+о\s+движении\s+денежных\s+средств"
    r"|по\s+окуд|\b0710\d{3}\b|\b0420\d{3}\b",
    re.IGNORECASE,
)
# A part of each of `_MARKERS`' alternatives, in lower case: none of them, no marker.
_MARKER_WORDS = ("ведомост", "баланс", "отч", "окуд", "0710", "0420")


def looks_like_accounting(sheets: list[Sheet]) -> bool:
    """True when a sheet's header names a trial balance or an accounting form."""
    for sheet in sheets:
        for row in sheet.rows[:_HEADER_ROWS]:
            for value in row:
                if isinstance(value, str) and _MARKERS.search(value):
                    return True
    return False


def mentions_accounting(text: str) -> bool:
    """True when a text (a PDF's first pages) names a trial balance or an accounting form.

    Every marker holds one of `_MARKER_WORDS`; a text with none of them (every English
    contract, most Russian ones) is answered by substring tests, without the regex's
    case-folding walk over every position.
    """
    lowered = text.lower()
    if not any(word in lowered for word in _MARKER_WORDS):
        return False
    return _MARKERS.search(text) is not None
