"""Judging whether a text layer is real text or glyph garbage that needs OCR."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

# Control characters and the like split words, as garbled layers use \x03 for a space.
_TOKEN = re.compile(r"[^\s\x00-\x1f\x7f]+")
# The control characters that are not whitespace: without them, str.split() (which splits
# on what regex \s matches) gives the same tokens as _TOKEN, three times faster.
_NON_SPACE_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x7f]")
_EDGE_PUNCTUATION = ".,;:!?()[]{}«»\"'“”„‘’-–—…*•·/"
_LETTER = re.compile(r"[^\W\d_]")
_LATIN = re.compile("[A-Za-z\u00c0-\u024f]")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_VOWEL = re.compile("[aeiouyäöüéèàâêîôûáíóúаеёиоуыэюя]", re.IGNORECASE)
# Inside a real word: letters, digits, hyphens, apostrophes, dots and slashes only.
_ODD_INSIDE = re.compile(r"[^\w\-'’./]|_")
_CASE_BREAK = re.compile(r"[a-zа-яё][A-ZА-ЯЁ]")
# Control characters (not whitespace), C1 controls, private-use glyphs and U+FFFD: what a
# font without a Unicode map leaves in a text layer.
_BAD_CHARS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\ue000-\uf8ff\ufffd]")
# A page's first few thousand characters tell garbage from text as well as all of it.
MAX_JUDGED_CHARS = 2500

# Below this many judged letters the verdict would be noise (a page number, a stamp).
MIN_LETTERS_TO_JUDGE = 40
# Real text, even maths-heavy lecture notes, keeps half its letters in plausible words;
# glyph-mapped garbage of a Cyrillic font keeps almost none.
MIN_PLAUSIBLE_SHARE = 0.35
MAX_BAD_CHAR_SHARE = 0.10


# Words repeat ("the", "of", "договора"): judging each distinct token once halves the cost.
@lru_cache(maxsize=16384)
def _word_verdict(token: str) -> tuple[int, bool] | None:
    """(letters, plausible) for one token, or None when the token says nothing."""
    word = token.strip(_EDGE_PUNCTUATION)
    if word.isalpha():  # the usual case: nothing odd inside, every character a letter
        letters = len(word)
    elif "://" in word or "@" in word or word.startswith("www."):
        return None
    else:
        letters = len(_LETTER.findall(word))
    if letters < 2:
        return None
    latin = _LATIN.search(word) is not None
    cyrillic = _CYRILLIC.search(word) is not None
    if not (latin or cyrillic):
        return None
    if (latin and cyrillic) or _ODD_INSIDE.search(word) or _CASE_BREAK.search(word):
        return letters, False
    if letters < 4:
        return letters, True
    vowels = len(_VOWEL.findall(word))
    return letters, 0 < vowels <= 0.85 * letters


def plausible_share(text: str) -> float | None:
    """Share of letters that sit in plausible words; None when there is too little to judge."""
    good = bad = 0
    # Each distinct token judged once, weighted by how often it occurs.
    tokens = _TOKEN.findall(text) if _NON_SPACE_CONTROL.search(text) else text.split()
    for token, occurrences in Counter(tokens).items():
        verdict = _word_verdict(token)
        if verdict is None:
            continue
        count, plausible = verdict
        if plausible:
            good += count * occurrences
        else:
            bad += count * occurrences
    if good + bad < MIN_LETTERS_TO_JUDGE:
        return None
    return good / (good + bad)


def bad_char_share(text: str) -> float:
    """Share of visible characters that are control, private-use or replacement characters."""
    bad = len(_BAD_CHARS.findall(text))
    if not bad:  # the usual case: no need to count the visible characters
        return 0.0
    # str.split() splits on exactly the characters that regex \s matches (str.isspace).
    visible = len("".join(text.split()))
    return bad / visible if visible else 0.0


def is_garbage(text: str) -> bool:
    """True when a text layer is too broken to use, so the page should be recognised by OCR."""
    text = text[:MAX_JUDGED_CHARS]
    if bad_char_share(text) > MAX_BAD_CHAR_SHARE:
        return True
    share = plausible_share(text)
    return share is not None and share < MIN_PLAUSIBLE_SHARE
