"""Quotes: check that a finding's quote is in the text (`chalicelib.sentences` cuts them).

Every finding quotes the contract. The quote check is the guard against a
provider (above all a language model) quoting words the document does not
hold. It compares after normalising what extraction and retyping change but a
reader would not: whitespace, quote marks, dashes, soft hyphens, letter case,
line-break hyphenation, Markdown emphasis and the page markers of a paged document
(a sentence a page break cuts is quoted whole, by a model and by prescreen alike).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.sentences import INVISIBLE, PAGE_MARKER

if TYPE_CHECKING:
    from collections.abc import Iterable

    from chalicelib.models import Finding

# A quote shorter than this proves nothing: "5." or "и" is in every contract.
MIN_QUOTE_CHARS = 4

Replacements = tuple[tuple[str, str], ...]

QUOTE_MARKS: Replacements = (
    *((mark, '"') for mark in "«»“”„‟″"),
    *((mark, "'") for mark in "‘’‚‛`´"),
    *((dash, "-") for dash in "‐‑‒–—―−⁃"),
    ("ё", "е"),
    ("Ё", "Е"),
)
_MATCH_REPLACEMENTS: Replacements = (
    *QUOTE_MARKS,
    *((char, "") for char in INVISIBLE),
    ("…", "..."),
    ("*", ""),  # Markdown emphasis: a model quotes the words, not the stars
)
_BREAK_HYPHEN = re.compile(r"-[ \t]{0,20}\r?\n\s{0,40}")
# After line-break hyphens are joined, a hyphen before a letter may be a real
# one ("блокчейн-платформах") or a syllable break ("догово-ра"): drop both, so
# the same words compare equal whichever way a page or a model wrote them.
_WORD_HYPHEN = re.compile(r"-(?=\w)")
_MD_ESCAPE = re.compile(r"\\(?=[^\w\s])")


def replace_all(text: str, replacements: Replacements) -> str:
    """Apply character replacements; on long texts many times faster than `str.translate`."""
    for old, new in replacements:
        if old in text:
            text = text.replace(old, new)
    return text


def _join_broken_word(match: re.Match[str]) -> str:
    """ "догово-\\nра" is one word; a dash that starts a bullet line ("образом:\\n- \\n") is not."""
    start = match.start()
    return "-" if start and match.string[start - 1].isalnum() else match.group()


def normalize_for_match(text: str) -> str:
    """The comparison form of a text: what the quote check compares."""
    text = PAGE_MARKER.sub(" ", text) if "<!--" in text else text
    text = replace_all(text, _MATCH_REPLACEMENTS)
    text = _BREAK_HYPHEN.sub(_join_broken_word, text)
    text = _WORD_HYPHEN.sub("", text)
    text = _MD_ESCAPE.sub("", text)
    # split/join collapses whitespace twice as fast as a regex on a long text.
    return " ".join(text.split()).casefold()


def verify_quotes(findings: Iterable[Finding], text: str) -> tuple[list[Finding], int]:
    """Keep the findings whose quote is in the text; return them and how many were dropped."""
    haystack = normalize_for_match(text)
    kept: list[Finding] = []
    dropped = 0
    for finding in findings:
        needle = normalize_for_match(finding.quote)
        if len(needle) >= MIN_QUOTE_CHARS and needle in haystack:
            kept.append(finding)
        else:
            dropped += 1
    return kept, dropped
