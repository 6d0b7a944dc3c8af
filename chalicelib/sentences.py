"""Sentences: where a sentence around a match begins and ends, and a slice made readable.

Shared by prescreen (evidence for a fact) and analysis (the quote of a finding), so
both cut the same sentence out of the same text.
"""

from __future__ import annotations

import re
from typing import NamedTuple

MAX_QUOTE_CHARS = 400
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
# What opens each page of a paged document's Markdown (`extract.markdown.page_marker`):
# layout, not words, for whatever reads the text's sentences and quotes.
PAGE_MARKER = re.compile(r"<!-- page \d+ -->")
_WHITESPACE = re.compile(r"\s+")


# --- cleaning a quote for display --------------------------------------------

_DISPLAY_BREAK_HYPHEN = re.compile(r"(?<=\w)-[ \t]{0,20}\r?\n\s{0,40}(?=\w)")
_EDGE_JUNK = " \t\r\n;,:|*#>-–—•"


def clean_quote(raw: str) -> str:
    """A slice of the text made readable: one line, no invisible characters, trimmed edges."""
    text = _DISPLAY_BREAK_HYPHEN.sub("-", raw)
    text = text.translate({ord(char): None for char in INVISIBLE})
    text = _WHITESPACE.sub(" ", text)
    return text.strip(_EDGE_JUNK)


# --- cutting a sentence ------------------------------------------------------

# Where one sentence ends and the next begins. A new line alone is not one:
# PDF text breaks lines inside sentences, and the Markdown made from a PDF may
# even put a blank line between every two lines. A line break is a boundary
# when a numbered clause, a bullet, a heading or a table row starts after it,
# when a heading in capitals ends before it, or (for a blank line) when the
# line before it ends a sentence.
_CLAUSE_START = r"(?:\d{1,3}(?:\.\d{1,3}){0,4}[.)]|\d{1,3}(?:\.\d{1,3}){1,4}|[а-яa-z]\))[ \t]"
_ITEM_START = r"(?:[-•*–—][ \t]|#|\||<!--|[IVX]{1,5}\.[ \t])"
_BLOCK_START = re.compile(r"[ \t]{0,8}(?:" + _CLAUSE_START + "|" + _ITEM_START + ")")
_SENTENCE_END = ".!?…:;"
_BOUNDARY = re.compile(
    r"(?P<blank>\n[ \t]{0,40}\n)"
    r"|(?P<clause>\n(?=[ \t]{0,8}" + _CLAUSE_START + "))"
    r"|(?P<item>\n(?=[ \t]{0,8}" + _ITEM_START + "))"
    r"|(?P<stop>[.!?…](?=[\"»”)\]]{0,2}\s))"
    r"|(?P<semicolon>;(?=[ \t]{0,8}\r?\n))"
    # A line break before a sentence-case line ends a heading if the line before is one.
    r"|(?P<heading>\n(?=[ \t]{0,8}[A-ZА-ЯЁ][^\W\d_A-ZА-ЯЁ]))"
)
_LINE_BEFORE = re.compile(r"[^\n]{0,80}$")
_HEADING_CHARS = 60
_NEXT_START = re.compile(r"[\"«»“”()\[\]\s]{0,8}(?P<first>\S)")
_CLOSERS = re.compile(r"[\"»”)\]]{0,2}")
_TOKEN_BEFORE = re.compile(r"(?P<token>[^\s(«\"“\[]{1,24})$")
_NUMBERING = re.compile(r"\d{1,4}(?:\.\d{1,4}){0,4}")
# "…до 31.12.2024 г. Покупатель…": after a year, "г." ends the sentence it closes.
_YEAR_BEFORE = re.compile(r"\d{4}\s{0,2}гг?$")
# Dots that end abbreviations, not sentences ("г. Москва", "п. 3.1.", "Inc. and").
_ABBREVIATION_WORDS = (
    "г гг ст п пп ч руб коп тыс млн млрд ул им д др пр см стр рис табл обл р корп кв пом "
    "эт тел факс напр т.е т.к т.ч и.о ген дир зам гл ред прим "
    "inc ltd co corp no nos mr mrs ms dr st sec art e.g i.e u.s vs jr sr "
    "l.l.c llc n.a s.a b.v approx para cl ex"
)
_ABBREVIATIONS = frozenset(_ABBREVIATION_WORDS.split())
_CLAUSE_BREAK = re.compile(r"[;:,](?=\s)|\s[-–—]\s|\n|\)\s")
_SPACE = re.compile(r"\s")


class _Boundary(NamedTuple):
    end: int  # where the sentence before it ends
    start: int  # where the sentence after it starts


def sentence_bounds(
    text: str, match_start: int, match_end: int, max_chars: int = MAX_QUOTE_CHARS
) -> tuple[int, int]:
    """Where the sentence (or clause, when the sentence is long) around a match starts and ends."""
    lo = max(0, match_start - max_chars)
    hi = min(len(text), match_end + max_chars)
    boundaries = _sentence_boundaries(text, lo, hi)
    left = max((b.start for b in boundaries if b.start <= match_start), default=lo)
    right = min((b.end for b in boundaries if b.end >= match_end), default=hi)
    if right - left > max_chars:
        left, right = _narrow(text, (left, right), (match_start, match_end), max_chars)
    return left, right


def find_sentence(
    text: str, match_start: int, match_end: int, max_chars: int = MAX_QUOTE_CHARS
) -> str:
    """The sentence (or clause, when the sentence is long) around a match, as a readable quote."""
    left, right = sentence_bounds(text, match_start, match_end, max_chars)
    return clean_quote(text[left:right])


def _sentence_boundaries(text: str, lo: int, hi: int) -> list[_Boundary]:
    found: list[_Boundary] = []
    for match in _BOUNDARY.finditer(text, lo, hi):
        kind = match.lastgroup
        if kind == "stop":
            if _ends_sentence(text, match.start(), hi):
                closers = _CLOSERS.match(text, match.end(), hi)
                end = closers.end() if closers else match.end()
                found.append(_Boundary(end, end))
        elif kind == "semicolon":
            found.append(_Boundary(match.end(), match.end()))
        elif kind == "blank" and not _paragraph_ends(text, match.start(), match.end()):
            continue
        elif kind != "heading" or _after_heading(text, match.start()):
            found.append(_Boundary(match.start(), match.end()))
    return found


def _paragraph_ends(text: str, start: int, end: int) -> bool:
    """True when a blank line ends a sentence rather than a line of a page."""
    before = text[max(0, start - 8) : start].rstrip()
    if not before or before[-1] in _SENTENCE_END or _BLOCK_START.match(text, end):
        return True
    line = _LINE_BEFORE.search(text, max(0, start - 80), start)
    previous = line.group().lstrip() if line else ""
    return previous.startswith(("#", "|", "<!--")) or _after_heading(text, start)


def _after_heading(text: str, newline: int) -> bool:
    """True when the line ending here is a short heading in capitals ("3. ОТВЕТСТВЕННОСТЬ").

    The next line starts in sentence case (the pattern checked that), so the
    lines of a paragraph typed in capitals do not count as headings.
    """
    line = _LINE_BEFORE.search(text, max(0, newline - 80), newline)
    heading = line.group().strip() if line else ""
    letters = sum(char.isalpha() for char in heading)
    return len(heading) <= _HEADING_CHARS and letters >= 3 and heading.isupper()


def _ends_sentence(text: str, dot: int, hi: int) -> bool:
    """True when the mark at `dot` ends a sentence: a capital follows, no abbreviation precedes."""
    after = _NEXT_START.match(text, dot + 1, min(hi, dot + 12))
    if after is None:
        return True
    first = after.group("first")
    if not (first.isupper() or first.isdigit()):
        return False
    return text[dot] != "." or not _is_abbreviation(text, dot)


def _is_abbreviation(text: str, dot: int) -> bool:
    """True when the word before a dot is an abbreviation, a clause number or an initial."""
    if _YEAR_BEFORE.search(text, max(0, dot - 8), dot):
        return False
    before = _TOKEN_BEFORE.search(text, max(0, dot - 24), dot)
    if before is None:
        return False
    token = before.group("token").rstrip(".").casefold()
    # A lone letter before a dot is an initial ("С. М. Ильясов") or a list mark.
    single_letter = len(token) == 1 and token.isalpha()
    return token in _ABBREVIATIONS or bool(_NUMBERING.fullmatch(token)) or single_letter


def _narrow(
    text: str, sentence: tuple[int, int], match: tuple[int, int], max_chars: int
) -> tuple[int, int]:
    """Cut a long sentence to clause boundaries (or words) that keep the match inside."""
    left, right = sentence
    match_start, match_end = match
    earliest = max(left, match_start - max_chars // 2, match_end - max_chars)
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(text, earliest, match_start)]
    new_left = breaks[0] if breaks else _word_start(text, earliest, match_start)
    latest = min(right, new_left + max_chars)
    ends = [m.start() + 1 for m in _CLAUSE_BREAK.finditer(text, match_end, latest)]
    new_right = ends[-1] if ends else _word_end(text, match_end, latest)
    return new_left, new_right


def _word_start(text: str, lo: int, limit: int) -> int:
    if lo == 0 or text[lo - 1].isspace():
        return lo
    space = _SPACE.search(text, lo, limit)
    return space.end() if space else lo


def _word_end(text: str, limit: int, hi: int) -> int:
    if hi >= len(text) or text[hi].isspace():
        return hi
    last = hi
    while last > limit and not text[last - 1].isspace():
        last -= 1
    return last if last > limit else hi
