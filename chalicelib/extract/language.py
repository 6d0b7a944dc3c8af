"""The language of extracted text, told by its script and a few function words."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.models import Language

_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_ENGLISH_FUNCTION_WORDS = frozenset(
    ("the", "of", "and", "to", "in", "or", "a", "by", "for", "with", "shall", "be", "is")
)
# Enough letters for the share to mean something (a title alone can mislead).
MIN_LETTERS = 20
# A Russian contract carries Latin e-mails, URLs and company names: a majority decides.
MIN_SCRIPT_SHARE = 0.5
# English prose spends about a quarter of its words on these; German or French far less.
MIN_ENGLISH_FUNCTION_SHARE = 0.08


def detect_language(text: str) -> Language:
    """ "ru" when Cyrillic letters dominate, "en" for English prose, else "unknown"."""
    words = _WORD.findall(text)
    # Letters only, so the ASCII ones are Latin; counted in C, not a loop per character.
    letters_only = "".join(words)
    cyrillic = len(_CYRILLIC.findall(letters_only))
    latin = len(letters_only.encode("ascii", "ignore"))
    letters = cyrillic + latin
    if letters < MIN_LETTERS:
        return "unknown"
    if cyrillic / letters >= MIN_SCRIPT_SHARE:
        return "ru"
    if latin / letters >= MIN_SCRIPT_SHARE:
        function_words = sum(map(_ENGLISH_FUNCTION_WORDS.__contains__, map(str.lower, words)))
        if function_words / len(words) >= MIN_ENGLISH_FUNCTION_SHARE:
            return "en"
    return "unknown"
