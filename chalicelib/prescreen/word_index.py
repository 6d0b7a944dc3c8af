"""Where each of a fixed set of words stands in a text, found in one pass over it.

Prescreen's rules look for literal words in the whole text: a clause rule's opening word,
a detector's stems, a date rule's "anniversary" or "witness", the price rules' "total".
Found one by one (with `str.find`, or by the regex engine's search for a pattern's opening
word), each word is one more pass over 30 pages: 0.1-0.2 ms each, and there are over a
hundred. An Aho-Corasick automaton (Rust, `ahocorasick-rs`, built as a DFA: its default
for this many words is an NFA, twice as slow) finds every occurrence of all of them in a
single pass, in under a millisecond.

`SHARED` is that one index: a module hands it its words (`index_words`) or the patterns
it scans whole texts with (`indexed`), and `finditer` then gives a pattern's matches from
where its opening word stands, exactly as the pattern's own `finditer` gives them.
"""

from __future__ import annotations

import bisect
import re
from functools import cache
from typing import TYPE_CHECKING

from ahocorasick_rs import AhoCorasick, Implementation

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

_NOWHERE: tuple[int, ...] = ()
# A word shorter than this ("at", "in", "to") stands everywhere: the regex engine finds
# its pattern's matches faster than Python tries each place the word is ("in": 2,000
# places in 30 pages of English), and so it does for a word found more than MANY_SPOTS
# times.
MIN_WORD = 3
MANY_SPOTS = 1000
# A text shorter than this (a sentence, the words round a date) is searched word by word with
# `str.find`: cheaper there than a pass of the automaton, and it leaves the index's last texts
# (the whole document's, which every rule reads in turn) in place.
SHORT_TEXT = 2_000


class WordIndex:
    """The words' positions in the last texts asked about (a text is read by several
    rules in turn: the pass is made once per text, not once per rule)."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words: frozenset[str] = frozenset()
        self._order: list[str] = []
        self._automaton: AhoCorasick | None = None  # built on first use, not at import
        # the last two texts, each with its words' positions, as one tuple: a thread that
        # reads it while another replaces it still sees texts with their own positions
        # (two: the detectors read the caller's text lowered, the rules a normalised copy)
        self._recent: tuple[tuple[str, dict[str, list[int]]], ...] = ()
        self.add(words)

    def add(self, words: Iterable[str]) -> None:
        """More words to find (at import time: the automaton is built again for them)."""
        more = self.words | {word for word in words if word}
        if more != self.words:
            self.words = more
            self._order = sorted(more)
            self._automaton = None
            self._recent = ()

    def positions(self, text: str, word: str) -> tuple[int, ...] | list[int]:
        """Where `word` (one of the index's words) starts in `text`, in text order,
        overlapping occurrences included, exactly as repeated `text.find(word, at + 1)`."""
        if word not in self.words:
            raise KeyError(word)
        if len(text) < SHORT_TEXT:
            return list(finds(text, word))
        recent = self._recent
        for seen, where in recent:
            if seen is text:
                return where.get(word, _NOWHERE)
        where = self._scan(text)
        self._recent = ((text, where), *recent[:1])
        return where.get(word, _NOWHERE)

    def _scan(self, text: str) -> dict[str, list[int]]:
        automaton = self._automaton
        if automaton is None:
            automaton = self._automaton = AhoCorasick(
                self._order, implementation=Implementation.DFA
            )
        order = self._order
        where: dict[str, list[int]] = {}
        # matches come in the order they end; one word's all have its length, so each
        # word's starts come in text order too
        for index, start, _ in automaton.find_matches_as_indexes(text, overlapping=True):
            where.setdefault(order[index], []).append(start)
        return where


SHARED = WordIndex(())


def finds(text: str, word: str) -> Iterator[int]:
    """Where `word` starts in `text`, overlapping occurrences included: repeated `str.find`."""
    at = text.find(word)
    while at != -1:
        yield at
        at = text.find(word, at + 1)


def index_words(words: Iterable[str]) -> None:
    """Add words to the shared index (a module's, at import time)."""
    SHARED.add(words)


def indexed(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern, its opening word added to the shared index for `finditer`."""
    word = opening_word(pattern)
    if word:
        SHARED.add((word,))
    return pattern


@cache
def opening_word(pattern: re.Pattern[str]) -> str:
    """The literal every match of the pattern opens with, if long enough to index."""
    if pattern.flags & (re.IGNORECASE | re.VERBOSE):
        return ""
    word = leading_literal(pattern.pattern)
    return word if len(word) >= MIN_WORD else ""


def finditer(
    pattern: re.Pattern[str], low: str, pos: int = 0, endpos: int | None = None
) -> Iterator[re.Match[str]]:
    """The matches of `pattern.finditer(low, pos, endpos)`, the same ones.

    Every match opens with the pattern's opening word, and the shared index has found
    every occurrence of that word in one pass: the pattern is tried only there, each time
    from where its last match ended, as finditer tries. A pattern whose word the index
    lacks, or that stands more than MANY_SPOTS times, is left to the regex engine.
    """
    stop = len(low) if endpos is None else min(endpos, len(low))
    word = opening_word(pattern)
    spots = SHARED.positions(low, word) if word in SHARED.words else None
    if spots is None or len(spots) > MANY_SPOTS:
        yield from pattern.finditer(low, pos, stop)
        return
    end = pos
    for at in spots[bisect.bisect_left(spots, pos) :]:
        if at >= stop:
            break
        if at >= end and (found := pattern.match(low, at, stop)) is not None:
            yield found
            end = found.end()


def search(
    pattern: re.Pattern[str], low: str, pos: int = 0, endpos: int | None = None
) -> re.Match[str] | None:
    """The match of `pattern.search(low, pos, endpos)`, found as `finditer` finds."""
    return next(finditer(pattern, low, pos, endpos), None)


def leading_literal(pattern: str) -> str:
    """The text every match of a pattern opens with ('' when unsure): its plain and
    escaped characters up to the first piece of syntax, less one a quantifier makes
    optional ("days?" opens with "day"), and nothing where a `|` outside every group and
    class lets a match open otherwise. A lookbehind it opens with is skipped: the match
    opens after it ("(?<=\\bon\\s)written" opens with "written"). Flags are the caller's
    to weigh."""
    if _has_top_level_alternative(pattern):
        return ""  # "a|b": a match need not open with "a"
    literal: list[str] = []
    index = 0
    while pattern.startswith(("(?<=", "(?<!"), index):
        index = _group_end(pattern, index)
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern) and not pattern[index + 1].isalnum():
            literal.append(pattern[index + 1])  # "\$", "\]", "\[": the character itself
            index += 2
        elif char.isalnum() or char in " ,-'’%":
            literal.append(char)
            index += 1
        else:
            break
    if literal and pattern[index : index + 1] in ("?", "*", "{"):
        literal.pop()
    return "".join(literal)


def _syntax(pattern: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of a pattern from `start` that is syntax or a literal outside every
    character class and escape, with its index and the depth of groups it stands in."""
    depth, index = 0, start
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2  # the escaped character is no syntax
            continue
        if char == "[":
            index += 1
            if pattern[index : index + 1] == "^":
                index += 1
            if pattern[index : index + 1] == "]":
                index += 1  # "[]...]": a first "]" is a member, not the end
            while index < len(pattern) and pattern[index] != "]":
                index += 2 if pattern[index] == "\\" else 1
            index += 1
            continue
        if char == ")":
            depth -= 1
        yield index, char, depth
        if char == "(":
            depth += 1
        index += 1


def _group_end(pattern: str, start: int) -> int:
    """Where the group that opens at `start` has closed (past its ")"); the pattern's end
    when it never closes."""
    for index, char, depth in _syntax(pattern, start):
        if char == ")" and depth == 0:
            return index + 1
    return len(pattern)


def _has_top_level_alternative(pattern: str) -> bool:
    """Whether the pattern has a `|` outside every group and character class."""
    return any(char == "|" and depth == 0 for _, char, depth in _syntax(pattern))
