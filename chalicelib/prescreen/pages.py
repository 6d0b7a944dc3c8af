"""Page breaks read through: a sentence a PDF's page break cuts is one sentence again.

A paged document's Markdown opens each page with a marker (`<!-- page 3 -->`), and a
page of a contract mostly ends inside a sentence: "governed by the laws of" on one page,
"the State of New York" on the next, and between them the page's furniture, a running
footer ("Source: ACME INC., 10-K, 3/1/2019"), a page number. Prescreen's rules and
detectors read sentence by sentence, and a blank line or a marker ends a sentence, so a
clause cut by a page break was read as two halves that each say less.

`seam_pages` blanks out, character for character, every marker, the furniture around
every page break (lines that stand at the edge of more than one page, and bare page
numbers), and where the text before a break ends inside a sentence, the break itself, line
breaks included: the two halves then read as one sentence, and every offset into the text
stays valid.

A filing's exhibit as plain text (EDGAR's, as CUAD's contracts are) has no markers: there
the filing's stamp that closes every page ("Source: ACME INC., 8-K, 8/15/2019", after the
page's number) marks the breaks instead, or else the page numbers alone, on lines of their
own ("- 12 -"), wherever two pages or more close so.
"""

from __future__ import annotations

import re
from collections import Counter

from chalicelib.sentences import PAGE_MARKER

# A bare page number, as a footer or a header writes it: "12", "- 12 -", "Page 3 of 12".
_PAGE_NUMBER = re.compile(r"[\s\-–—]*(?:page\s*)?#+(?:\s*(?:of|/)\s*#+)?[\s\-–—]*")
_DIGITS = re.compile(r"\d+")
_EDGE_LINES = 2  # lines looked at at each end of a page for furniture
_MIN_REPEATS = 2  # a line at the edge of this many pages is furniture, not text
_MAX_FURNITURE = 120  # characters: longer lines are text
_MIN_LINE = 30  # a shorter line before a break is a heading or a label, not a cut sentence
# What opens a new block rather than going on with a sentence: a heading, a table row, a
# marker, a bullet, a numbered clause ("5.", "5.1", "(a)"). A line before a break that is a
# heading or a table row is not a cut sentence either.
_NEW_BLOCK = re.compile(
    r"(?:#|\||<!--|[-•*–—]\s|\d{1,3}(?:\.\d{1,3})*\.?\)?\s|\([a-z0-9]{1,4}\)\s)"
)


def seam_pages(markdown: str) -> str:
    """The Markdown with page furniture blanked out and mid-sentence page breaks closed,
    the same length as it was."""
    markers = list(PAGE_MARKER.finditer(markdown))
    if not markers:
        return _seam_unmarked(markdown)
    furniture = _furniture(markdown, markers) if len(markers) > 1 else set()
    # What becomes of each character, a byte each (a list of a long Russian text's
    # characters would be an object each): _KEEP_LINES blanks all but line breaks, _JOIN all.
    plan = bytearray(len(markdown))
    # a marker is no text: the first page's too ("<!-- page 1 -->" before the title)
    for marker in markers:
        _blank(plan, marker.start(), marker.end(), _KEEP_LINES)
    _seam_breaks(
        markdown, plan, [(marker.start(), marker.end()) for marker in markers[1:]], furniture
    )
    # the last page's furniture, after its text
    _blank(plan, _body_end_before(markdown, len(markdown), furniture), len(markdown), _KEEP_LINES)
    return _planned(markdown, plan)


# A filing's text without page markers (an EDGAR exhibit as text, as CUAD's contracts are):
# each page closes with its number and the filing's stamp, "Source: ACME INC., 8-K,
# 8/15/2019", on lines of their own.
_FILING_STAMP = re.compile(r"^[ \t]*Source:[^\n]{3,120},[ \t]*\d{1,2}/\d{1,2}/\d{4}[ \t]*$", re.M)


# ... or with its number alone, on a line of its own between blank lines: "12", "- 12 -",
# "Page 3" (the line is the pattern's group; opening with the line break itself, the pattern
# is tried only at line breaks: a look-behind there made the scan seven times slower)
_NUMBER_LINE = re.compile(
    r"\n[ \t]*\n([ \t]*(?:[-–—][ \t]*)?(?:[Pp][Aa][Gg][Ee][ \t]*)?\d{1,3}(?:[ \t]*[-–—])?[ \t]*\n)"
    r"(?=[ \t]*\n)"
)


def _seam_unmarked(text: str) -> str:
    """`seam_pages` for a text whose pages close with a filing's stamp or a bare page number
    instead of a marker, wherever two pages or more close so."""
    stamps = list(_FILING_STAMP.finditer(text)) if "Source:" in text else []
    breaks = [found.span() for found in stamps]
    if len(breaks) < _MIN_REPEATS:
        breaks = [found.span(1) for found in _NUMBER_LINE.finditer(text)]
    if len(breaks) < _MIN_REPEATS:
        return text
    furniture = {_key(text[begin:finish]) for begin, finish in breaks}
    plan = bytearray(len(text))
    _seam_breaks(text, plan, breaks, furniture)
    return _planned(text, plan)


def _seam_breaks(
    markdown: str, plan: bytearray, breaks: list[tuple[int, int]], furniture: set[str]
) -> None:
    """Plans each break's furniture blanked, and the break joined where it cuts a sentence."""
    for begin, finish in breaks:
        start = _body_end_before(markdown, begin, furniture)
        end = _body_start_after(markdown, finish, furniture)
        if start == 0:
            continue  # nothing but furniture before the first page's text
        join = _cut_sentence(markdown, start, end)
        _blank(plan, start, end, _JOIN if join else _KEEP_LINES)


def _planned(markdown: str, plan: bytearray) -> str:
    """The text with the planned characters blanked (line breaks kept where planned so)."""
    pieces: list[str] = []
    done = 0
    for run in _PLANNED.finditer(plan):
        begin, finish = run.span()
        pieces.append(markdown[done:begin])
        pieces.extend(
            "\n" if char == "\n" and how == _KEEP_LINES else " "
            for char, how in zip(markdown[begin:finish], plan[begin:finish], strict=True)
        )
        done = finish
    pieces.append(markdown[done:])
    return "".join(pieces)


_KEEP_LINES, _JOIN = 1, 2
_PLANNED = re.compile(rb"[\x01\x02]+")


def _blank(plan: bytearray, start: int, end: int, how: int) -> None:
    """Plan [start, end) blanked; a join wins over keeping the line breaks."""
    for index in range(start, end):
        plan[index] = max(plan[index], how)


def _key(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.lower().split()))


def _is_furniture(line: str, furniture: set[str]) -> bool:
    if len(line.strip()) > _MAX_FURNITURE:
        return False  # a paragraph: no footer, no page number
    key = _key(line)
    return not key or key in furniture or _PAGE_NUMBER.fullmatch(key) is not None


def _furniture(markdown: str, markers: list[re.Match[str]]) -> set[str]:
    """The lines that open or close at least _MIN_REPEATS pages (digits aside)."""
    seen: Counter[str] = Counter()
    ends = [marker.start() for marker in markers[1:]] + [len(markdown)]
    for marker, end in zip(markers, ends, strict=True):
        head = markdown[marker.end() : min(end, marker.end() + 600)].split("\n")
        tail = markdown[max(marker.end(), end - 600) : end].split("\n")
        edge = [line for line in head if line.strip()][:_EDGE_LINES]
        edge += [line for line in tail if line.strip()][-_EDGE_LINES:]
        seen.update({_key(line) for line in edge if len(line.strip()) <= _MAX_FURNITURE})
    return {key for key, count in seen.items() if count >= _MIN_REPEATS}


def _body_end_before(markdown: str, position: int, furniture: set[str]) -> int:
    """Where the text before a break ends, past the furniture and blank lines before it."""
    while position > 0:
        line_start = markdown.rfind("\n", 0, position) + 1
        line = markdown[line_start:position]
        text = line.strip()
        if text and not _is_furniture(line, furniture) and not PAGE_MARKER.fullmatch(text):
            return line_start + len(line.rstrip())
        position = max(0, line_start - 1)
    return 0


def _body_start_after(markdown: str, position: int, furniture: set[str]) -> int:
    """Where the text after a break starts, past the furniture and blank lines after it."""
    while position < len(markdown):
        line_end = markdown.find("\n", position)
        line_end = len(markdown) if line_end == -1 else line_end
        line = markdown[position:line_end]
        if line.strip() and not _is_furniture(line, furniture):
            return position + len(line) - len(line.lstrip())
        position = line_end + 1
    return len(markdown)


def _cut_sentence(markdown: str, start: int, end: int) -> bool:
    """Whether the break between text ending at `start` and text going on at `end` falls
    inside a sentence: a long line ending in a word or a comma, going on with text."""
    if start == 0 or end >= len(markdown):
        return False
    line_start = markdown.rfind("\n", 0, start) + 1
    last_line = markdown[line_start:start]
    if len(last_line) < _MIN_LINE or last_line.startswith(("#", "|")):
        return False
    if not (last_line[-1].isalnum() or last_line[-1] == ","):
        return False
    return _NEW_BLOCK.match(markdown, end) is None
