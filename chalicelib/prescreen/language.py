"""Which language a document is written in, by the share of Cyrillic letters."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.models import Language

_CYRILLIC = re.compile(r"[а-яё]+")
# Links are Latin whatever the language of the contract around them.
_LINK = re.compile(r"https?://\S+|www\.\S+")
_LATIN = re.compile(r"[a-z]+")
_SAMPLE = 20_000  # the first pages decide; a 300-page document need not be counted whole
_MIN_LETTERS = 40
# Russian contracts quote Latin names, e-mails and URLs; a third of Cyrillic letters
# is already a Russian document, while English ones carry almost none.
_RU_SHARE = 0.3
# Both scripts in force: a bilingual contract, where both rule sets should run.
_BILINGUAL_LOW, _BILINGUAL_HIGH = 0.2, 0.8


def detect_language(low: str) -> Language:
    """'ru' or 'en' by the script of the letters, 'unknown' when there are too few."""
    return language_of(*letter_counts(low))


def language_of(cyrillic: int, latin: int) -> Language:
    """'ru' or 'en' from counted Cyrillic and Latin letters."""
    if cyrillic + latin < _MIN_LETTERS:
        return "unknown"
    return "ru" if cyrillic / (cyrillic + latin) >= _RU_SHARE else "en"


def is_bilingual(cyrillic: int, latin: int) -> bool:
    """True when both Cyrillic and Latin text carry a real share of the letters."""
    if cyrillic + latin < _MIN_LETTERS:
        return False
    return _BILINGUAL_LOW <= cyrillic / (cyrillic + latin) <= _BILINGUAL_HIGH


def letter_counts(low: str) -> tuple[int, int]:
    """Cyrillic and Latin letters in the first pages, links left out."""
    sample = _LINK.sub(" ", low[:_SAMPLE])
    return sum(map(len, _CYRILLIC.findall(sample))), sum(map(len, _LATIN.findall(sample)))
