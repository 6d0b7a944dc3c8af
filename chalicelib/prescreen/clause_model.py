"""Clause detectors learned from CUAD's annotated spans: which sentence is the clause.

Each detector is a logistic regression over a sentence's hashed words and word pairs.
The weights ship as a small JSON file beside this module; scoring is a dictionary
lookup per feature, no ML runtime. A document has the clause when its best sentence
scores at or above the detector's threshold, and that sentence is the evidence.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from chalicelib.prescreen.word_index import (
    SHARED,
    WordIndex,
    finds,
    index_words,
    leading_literal,
)

BUCKETS = 1 << 18
# A hash's bucket is its low 18 bits: `& _MASK` is `% BUCKETS` for the unsigned CRC-32.
_MASK = BUCKETS - 1
MODEL_FILE = Path(__file__).with_name("clause_model.json")
_WORD = re.compile(r"[a-z][a-z0-9']*|\d+")
# Sentences end at a full stop, semicolon or colon before a space and a capital, a digit,
# a bracket or a quote, or at a blank line; CUAD's spans are mostly sentences or clauses
# of this size. The ends are those of `[.;:]\s+(?=[A-Z(\"“0-9])|\n\s*\n`, found one
# literal opening at a time (`_ends`): a pattern that opens with one literal character is
# searched for at memory speed, one that opens with a class steps through every character
# (0.8 ms on 30 pages for the step alone). An end is a mark and the spaces after it, or
# the spaces of a blank line, and each run of spaces holds at most one: a blank line in
# the spaces a mark's end took is no end of its own.
_MARKS = frozenset(".;:")
_MARK_ENDS = tuple(re.compile(re.escape(mark) + r"\s+(?=[A-Z(\"“0-9])") for mark in ".;:")
_BLANK_LINE = re.compile(r"\n\s*\n")
MIN_SENTENCE_CHARS = 20
MAX_SENTENCE_CHARS = 2000
# The words a clause cannot be written without: only sentences that have them are
# scored (and trained on), which keeps scoring fast and the negatives relevant. Stems,
# matched in lower case; `*` marks one that must stand as a whole word.
TRIGGERS: dict[str, tuple[str, ...]] = {
    "cap_on_liability": ("liab", "damages", "exceed"),
    "anti_assignment": ("assign", "transfer", "change of control", "change in control", "delegat"),
    "non_compete": ("compet", "solicit", "engage in"),
    "exclusivity": ("exclusiv", "*sole", "*only"),
    # the cap's own sentences: a carve-out sits in or beside the limitation it excepts from,
    # or opens a list of them by the sections it lifts ("Sections 9.2 and 9.3 shall not apply
    # to (a) ...;")
    "uncapped_liability": ("liab", "damages", "exceed", "not apply"),
    # the two detectors that assist the rules (`clauses`): see ASSISTS below
    "termination_for_convenience": ("termina", "cancel"),
    "liquidated_damages": ("liquidated", "penalt", "fee", "forfeit", "buy", "damages", "terminat"),
}


# Termination for convenience and liquidated damages are read by the rules first; their
# detectors read the parts of a sentence the rules look at as cues. Convenience: a grant
# to end the agreement, a notice period, words of convenience ("for any reason"), and
# what rules a grant out (a cause, an event, a denial, the end of a term). Liquidated
# damages: a sum agreed and paid, on a breach or an ending, and what is no such sum
# (interest on money paid late, an exclusion, a fee waived, a tax or a fine).
class _Searcher(Protocol):
    """What a cue is searched with: a compiled pattern, or `_AnyOf` its alternatives."""

    def search(self, string: str, /) -> object: ...


class _AnyOf:
    """A cue's pattern written as its alternatives, each opening with a literal word: the
    regex engine jumps to that word, where one alternation of them all is tried at every
    position of the sentence (a cue's search several times faster, the same answer)."""

    def __init__(self, *branches: str | tuple[str, str]) -> None:
        # Each branch is tried only where the word it cannot match without is in the
        # sentence, looked for first with str's own search: the literal it opens with, or,
        # for a branch that opens with a common word ("at", "in") or a word boundary, a
        # rarer word given with it as (word, branch).
        self.branches = tuple(
            (branch[0], re.compile(branch[1]))
            if isinstance(branch, tuple)
            else (leading_literal(branch), re.compile(branch))
            for branch in branches
        )

    def search(self, low: str) -> bool:
        return any(word in low and branch.search(low) for word, branch in self.branches)


# Words alone cannot tell "liability shall not exceed the fees paid" (capped) from "the
# foregoing limitation shall not apply to breach of confidentiality" (uncapped): the same
# words, in other roles. Cues a lawyer reads first, each one feature (and each pair of
# cues that hold together one more), let the model weigh the roles: a limitation, a
# carve-out from it ("except for", "shall not apply to", "without limit"), and a sentence
# that points back at the limitation ("the foregoing limitation").
# Each cue and gate is written as its alternatives (`_AnyOf`), each opening with a word
# the sentence must hold: the same answer as one alternation of them all, which the
# regex engine would try at every position of every sentence scored.
_LIMITATION = _AnyOf(
    r"in\s+no\s+event",
    ("not", r"not\s+(?:be\s+)?(?:liable|responsible)"),
    r"neither\s+party\s+(?:shall|will)\s+(?:be|have)\b",
    ("limit", r"\blimit"),
    r"exceed",
    r"liability\s+cap",
    r"maximum\s+liability",
)
_CARVE_OUT = _AnyOf(
    ("except", r"^\W*(?:\w+\W+){0,3}?except"),
    r"except\s+(?:for|with\s+respect\s+to|as|under|in|that|to\s+the\s+extent)",
    ("exception", r"with\s+the\s+exception\s+of"),
    r"other\s+than",
    ("not", r"(?:shall|will|do(?:es)?)\s+not\s+(?:apply|limit|restrict)"),
    r"nothing\s+in\s+this",
    r"without\s+limit(?!ation)",
    ("limit", r"no\s+limit"),
    r"unlimited",
    ("not", r"not\s+(?:be\s+)?(?:subject\s+to|limited\s+by)"),
    r"excluding",
    r"excluded\s+from\s+(?:the|any|such)\s+limit",
    r"waives?\s+(?:any\s+and\s+all\s+)?limitations",
)
_POINTS_BACK = _AnyOf(
    ("limit", r"(?:foregoing|above|such|these|this)\s+(?:\w+\s+){0,3}?limitations?"),
    ("exclusion", r"(?:foregoing|above|such|these|this)\s+(?:\w+\s+){0,3}?exclusions?"),
    ("cap", r"(?:foregoing|above|such|these|this)\s+(?:\w+\s+){0,3}?caps?"),
    r"limitations?\s+(?:of|on)\s+liability",
    r"limitations?\s+set\s+forth",
)
_NOT_APPLY = _AnyOf(
    ("not", r"(?:shall|will|do(?:es)?)\s+not\s+(?:apply|limit|restrict)"),
    ("not", r"not\s+(?:be\s+)?(?:subject\s+to|limited\s+by)"),
)
# A detector with a gate scores only the sentences its gate finds: uncapped liability is
# always an exception to a limit, so a cap that excepts nothing cannot be it, however
# close its words come (on train, 5-fold F1 0.831 gated against 0.825 ungated).
# Termination for convenience is a right granted: a sentence with no word of one ("may",
# "can", "right", "entitled", "option", "elect", "terminable"), no notice period and no
# word of convenience cannot be it ("Upon termination of this Agreement, ...", "the
# termination date"), and is not scored (out of fold on train, the model alone 0.77
# gated against 0.77 ungated, the rules with it 0.86 against 0.86, and a third as long).
_TFC_GATE = _AnyOf(
    *(
        (word, rf"\b{word}\b")
        for word in ("may", "can", "right", "entitled", "option", "terminable")
    ),
    ("elect", r"\belect\w*\b"),
    r"notice",
    r"convenience",
    r"without\s+cause",
    r"for\s+(?:any|no)\s+reason",
    ("at", r"\bat\s+will"),
    r"at\s+any\s+time",
)


class _Unnegated:
    """Exclusivity is never a sentence whose every word of it is denied: "a non-exclusive,
    world-wide, royalty-free license", "The rights granted to you are not exclusive",
    a heading "No Exclusivity." or "No Exclusive Territory."."""

    _DENIED = re.compile(
        r"\bnon[\s-]?exclusiv\w*|\bnot\s+(?:be\s+)?(?:an?\s+)?exclusiv\w*|\bno\s+exclusiv\w*"
    )

    # "Nothing in this Agreement obligates Purchaser to purchase its requirements ...
    # exclusively from Supplier": a sentence that opens by freeing a side binds it to nothing
    _FREES = re.compile(
        r"^[\W\d]*(?:[a-z][\w.]*\s+)?nothing\s+(?:in\s+this\s+agreement|herein|contained\s+herein)"
        r"\s+(?:shall\s+|will\s+)?(?:be\s+(?:deemed|construed)\s+to\s+)?"
        r"(?:obligat|requir|restrict|prohibit|prevent|preclud|limit)"
    )

    def search(self, low: str) -> bool:
        if "no" not in low:  # nor "non", "not": nothing is denied
            return True
        if self._FREES.match(low):
            return False
        # what is left once the denials are out still holds one of the detector's triggers
        return bool(trigger_positions("exclusivity", self._DENIED.sub(" ", low)))


class _NotFreeToAssign:
    """A restriction on assignment is never a sentence that only frees it: "Licensee may
    freely assign ... without Licensor's consent", "Tripath is free to assign this contract".
    A sentence that frees one assignment and limits another ("may assign to an Affiliate
    without consent, provided that ...", "except", "only") is still scored."""

    _FREE = re.compile(
        r"\bfreely\s+(?:assign|transfer)|\bfree\s+to\s+assign"
        r"|\bmay\s+(?:\w+\s+){0,2}?assign[^.;]{0,200}?\bwithout\s+(?:the\s+)?(?:any\s+)?"
        r"(?:need\s+for\s+|requiring\s+)?(?:\w+['’]s?\s+)?(?:prior\s+)?(?:written\s+)?"
        r"(?:consent|approval)"
    )
    _LIMITED = re.compile(
        r"\bnot\b|\bno\b|\bonly\b|\bexcept|\bprovided|\bunless|\bsubject\s+to|\bvoid"
        r"|\bnull|\bneither\b|\bnor\b|\bother\s+than|\b(?:so|as)\s+long\s+as|\bif\b"
        r"|\bin\s+connection\s+with|\bupon\b"
    )

    # People put on the work are not the contract assigned: "Agency shall assign a dedicated
    # account director and the team described in Exhibit A", "Engineer shall assign the
    # Project Manager and lead discipline engineers"
    _STAFFED = re.compile(
        r"\bassign\w*\s+(?:to\s+\w+\s+)?(?:a|an|the|its|one|two|qualified|dedicated|sufficient)\s+"
        r"(?:[\w-]+\s+){0,2}?(?:personnel|staff|employees?|directors?|managers?|engineers?|team"
        r"|representatives?|technicians?|workforce|consultants?|individuals?)\b"
    )
    _CONTRACT_OBJECT = re.compile(r"agreement|contract|rights?\b|obligations|interest|licen[cs]e")

    def search(self, low: str) -> bool:
        if "assign" not in low and "transfer" not in low:
            return True
        if self._STAFFED.search(low) and not self._CONTRACT_OBJECT.search(low):
            return False
        return self._FREE.search(low) is None or self._LIMITED.search(low) is not None


GATES: dict[str, _Searcher] = {
    "uncapped_liability": _CARVE_OUT,
    "termination_for_convenience": _TFC_GATE,
    "exclusivity": _Unnegated(),
    "anti_assignment": _NotFreeToAssign(),
}


_TFC_CUES: tuple[tuple[str, _Searcher], ...] = (
    (
        "grant",
        _AnyOf(
            r"terminat\w*\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)",
            r"cancel\w*\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)",
            r"may\s+(?:terminate|cancel)",
            r"can\s+(?:terminate|cancel)",
            r"right\s+to\s+(?:terminate|cancel)",
            r"terminable",
        ),
    ),
    (
        "notice",
        _AnyOf(
            *(
                unit + r"['’]?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice"
                for unit in ("days?", "weeks?", "months?", "years?")
            ),
            r"\]\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice",
            r"upon\s+(?:prior\s+)?written\s+notice",
        ),
    ),
    (
        "convenience",
        _AnyOf(
            r"convenience",
            r"without\s+cause",
            r"for\s+(?:any|no)\s+reason",
            ("will", r"\bat\s+will"),
            ("time", r"at\s+any\s+time"),
        ),
    ),
    (
        "denied",
        _AnyOf(
            r"neither\s+party\s+may",
            r"may\s+not\s+(?:be\s+)?terminate",
            r"shall\s+not\s+terminate",
            r"mutual",
            r"surviv",
            r"upon\s+(?:the\s+)?(?:expiration|termination)",
            r"after\s+(?:the\s+)?termination",
            r"following\s+(?:the\s+)?termination",
        ),
    ),
    (
        "cause",
        _AnyOf(r"breach", r"default", r"insolv", r"bankrupt", r"fail", r"cure\b", r"for\s+cause"),
    ),
    (
        "event",
        _AnyOf(
            ("if", r"\bif\b"),
            ("event", r"in\s+the\s+event"),
            r"upon\s+the\s+occurrence",
            r"change\s+(?:of|in)\s+control",
            r"force\s+majeure",
        ),
    ),
    (
        "wish",
        _AnyOf(
            *(
                verb + r"\s+to\s+(?:terminate|cancel)"
                for verb in ("desires", "wishes", "decides", "chooses", "elects?")
            )
        ),
    ),
    ("term_ends", _AnyOf(r"expir", r"renew")),
)
_LD_CUES: tuple[tuple[str, _Searcher], ...] = (
    ("liquidated", _AnyOf(r"liquidated\s+damages")),
    (
        "paid",
        _AnyOf(
            ("pa", r"\bpa(?:y|ys|id|ying|yable|yment)\b"),
            ("owe", r"\bowe"),
            ("due", r"\bdue\b"),
            r"forfeit",
            r"retain",
            r"recover",
        ),
    ),
    (
        "sum",
        _AnyOf(
            r"\$", r"%", r"percent", r"amount\s+equal", r"equal\s+to", ("sum", r"\bsum\b"), r"\[\*"
        ),
    ),
    ("on_breach", _AnyOf(r"breach", r"terminat", r"cancel", r"default", r"fail", r"violat")),
    (
        "not_a_penalty",
        _AnyOf(r"not\s+(?:as\s+)?a\s+penalty", r"pre-?estimate", r"reasonable\s+estimate"),
    ),
    (
        "late",
        _AnyOf(
            r"overdue", r"past\s+due", r"late\s+payment", r"paid\s+late", r"unpaid", r"interest"
        ),
    ),
    (
        "excluded",
        _AnyOf(
            r"not\s+be\s+(?:liable|responsible)",
            r"neither\s+party\s+shall\s+be\s+liable",
            r"consequential",
            r"harmless",
            r"indemnif",
            r"no\s+(?:early\s+)?(?:termination|cancellation)",
            r"without\s+(?:any\s+)?penalt",
        ),
    ),
    (
        "authority",
        _AnyOf(
            ("tax", r"\btax"),
            r"governmental",
            r"regulatory",
            r"fines",
            r"assess",
            r"civil",
            r"criminal",
            r"perjury",
        ),
    ),
)
# A covenant not to compete restrains a side ("shall not", "agrees not to") from
# competition, or from what is "the same or similar", for a time (the term, years after it),
# often in a business; the same words free a side elsewhere ("may ... compete", "nothing in
# this Agreement shall restrict"), bar hiring its people (a non-solicit) or define a
# "Competitor". Each is a cue, so the model weighs the roles, not only the words.
_NC_CUES: tuple[tuple[str, _Searcher], ...] = (
    (
        "restraint",
        _AnyOf(
            ("not", r"\b(?:shall|will|may|must|can)\s+not\b"),
            ("not", r"\bagrees?\s+not\s+to\b"),
            ("not", r"(?:undertak|covenant)\w*\s+(?:and\s+agrees?\s+)?not\s+to\b"),
            r"refrain",
            r"prohibit",
            ("neither", r"\bneither\b"),
            ("n't", r"n't\b"),
        ),
    ),
    ("compete", _AnyOf(r"compet")),
    (
        "similar",
        _AnyOf(r"same\s+or\s+similar", r"similar\s+to", r"substantially\s+similar"),
    ),
    (
        "duration",
        _AnyOf(
            r"during\s+the\s+(?:term|contract)",
            r"for\s+a\s+period\s+of",
            r"after\s+(?:the\s+)?(?:termination|expiration)",
            r"following\s+(?:the\s+)?(?:termination|expiration)",
        ),
    ),
    ("business", _AnyOf(r"engag", r"business", r"operat", r"own,", r"interest\s+in")),
    (
        "free",
        _AnyOf(
            ("may", r"\bmay\s+(?:\w+\s+){0,3}?compet"),
            r"free\s+to",
            r"nothing\s+(?:in|herein|contained)",
            r"not\s+be\s+(?:deemed\s+to\s+)?(?:restrict|prevent|preclud|prohibit|limit)",
            r"entitled\s+to",
        ),
    ),
    ("people", _AnyOf(r"employ", r"hire", r"personnel", r"contractors")),
    ("defined", _AnyOf(("mean", r"\bmeans?\b"), r"shall\s+mean", r"defined")),
)
CUES: dict[str, tuple[tuple[str, _Searcher], ...]] = {
    "uncapped_liability": (
        ("limitation", _LIMITATION),
        ("carve_out", _CARVE_OUT),
        ("points_back", _POINTS_BACK),
        ("not_apply", _NOT_APPLY),
    ),
    "termination_for_convenience": _TFC_CUES,
    "liquidated_damages": _LD_CUES,
    "non_compete": _NC_CUES,
}


def trigger_positions(name: str, low: str, *, index: WordIndex | None = None) -> list[int]:
    """Where a clause's trigger stems stand in lower-cased text (no regex). A sentence's
    are found by str.find; a whole text's by `index` (`word_index.SHARED`), in one pass."""
    positions: list[int] = []
    for stem in TRIGGERS[name]:
        whole, word = stem.startswith("*"), stem.lstrip("*")
        end = 0
        for at in index.positions(low, word) if index is not None else finds(low, word):
            if at < end:
                continue  # overlaps the last one: str.find went on from where that ended
            end = at + len(word)
            if not whole or (
                (at == 0 or not low[at - 1].isalnum())
                and (end >= len(low) or not low[end].isalnum())
            ):
                positions.append(at)
    return sorted(positions)


# Every detector's trigger stems join the shared word index.
index_words(stem.lstrip("*") for stems in TRIGGERS.values() for stem in stems)


def has_trigger(name: str, sentence: str) -> bool:
    """Whether a sentence holds one of the clause's trigger stems (and passes its gate)."""
    low = sentence.lower()
    return bool(trigger_positions(name, low)) and passes_gate(name, low)


def passes_gate(name: str, low: str) -> bool:
    """Whether a lower-cased sentence passes the detector's gate (if it has one)."""
    gate = GATES.get(name)
    return gate is None or bool(gate.search(low))


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Where each sentence of the text starts and ends; very short pieces left out."""
    starts, ends = _pieces(text)
    return [(a, b) for a, b in zip(starts, ends, strict=True) if _long_enough(text, a, b)]


@dataclass
class _Cut:
    """A text's pieces (`_pieces`), its lower case, and what was learned of its pieces:
    whether each is long enough, its sentence and its features (filled as read)."""

    starts: list[int]
    ends: list[int]
    low: str
    # whether a piece of `low` is that piece of the text lowered: no character lowers to
    # two ("İ"), and none by its context (the Greek capital sigma)
    aligned: bool
    long_enough: dict[int, bool] = field(default_factory=dict)
    sentences: dict[int, str] = field(default_factory=dict)
    lowered: dict[int, str] = field(default_factory=dict)
    feats: dict[int, list[int]] = field(default_factory=dict)


@lru_cache(maxsize=1)
def _cut(text: str, low: str | None) -> _Cut:
    """The last text read, cut: prescreen runs the deciding detectors and then, from the
    rules, an assisting one on the same text, which then pays for none of it twice (a
    sentence's features are the same whichever detector asks). `low` is the text lowered
    when the caller has it already (prescreen's `PreparedText`), else None."""
    starts, ends = _pieces(text)
    low = text.lower() if low is None else low
    return _Cut(starts, ends, low, aligned=len(low) == len(text) and "Σ" not in text)


def _pieces(text: str) -> tuple[list[int], list[int]]:
    """Where each piece of text between two sentence ends starts and ends, short or not."""
    starts, ends = [0], []
    for start, end in _ends(text):
        # the sentence keeps its mark
        ends.append(start + (text[start] in _MARKS))
        starts.append(end)
    ends.append(len(text))
    return starts, ends


def _ends(text: str) -> list[tuple[int, int]]:
    """The sentence ends' spans, in order: those of `[.;:]\\s+(?=...)|\\n\\s*\\n`."""
    marked = sorted(found.span() for mark in _MARK_ENDS for found in mark.finditer(text))
    mark_starts = [start for start, _ in marked]
    ends = list(marked)
    for blank in _BLANK_LINE.finditer(text):
        before = bisect.bisect_right(mark_starts, blank.start()) - 1
        if before < 0 or marked[before][1] <= blank.start():  # not in a mark's spaces
            ends.append(blank.span())
    return sorted(ends) if len(ends) > len(marked) else ends


def _long_enough(text: str, start: int, end: int) -> bool:
    """Whether a piece is long enough to be a sentence (a lone heading or number is not)."""
    return len(text[start:end].strip()) >= MIN_SENTENCE_CHARS


def sentences_of(text: str) -> list[str]:
    """The text cut into sentences, each as written (stripped), very short pieces dropped."""
    return [text[a:b].strip()[:MAX_SENTENCE_CHARS] for a, b in sentence_spans(text)]


def features(sentence: str) -> list[int]:
    """A sentence's words and word pairs, each hashed into one of BUCKETS, sorted, unique.

    A word's feature is the CRC-32 of its UTF-8 bytes, a pair's that of "word word".
    """
    # Each word is encoded once and a pair is its two words' bytes joined by a space: the
    # same bytes as encoding "a b". The encoding and hashing run through `map`, in C: this
    # is the detectors' hottest loop, and a Python-level loop over every gram doubled it.
    return lowered_features(sentence.lower())


def lowered_features(low: str) -> list[int]:
    """`features` of a sentence already in lower case."""
    words = _WORD.findall(low)
    # a word's CRC is looked up (a contract's words repeat), and a pair's is the CRC of " b"
    # run on from the CRC of "a": that of "a b", without joining or encoding the pair
    hashes = list(map(_WORD_CRC.__getitem__, words))
    pairs = map(zlib.crc32, map(_SPACED_WORD.__getitem__, words[1:]), hashes)
    return sorted(set(map(_MASK.__and__, itertools.chain(hashes, pairs))))


class _WordHashes(dict[str, int]):
    """Each word's CRC-32 (of its UTF-8 bytes), computed the first time it is asked for."""

    def __missing__(self, word: str) -> int:
        if len(self) >= _WORDS_KEPT:
            self.clear()  # a text of made-up words does not grow it without bound
        value = self[word] = zlib.crc32(word.encode("utf-8"))
        return value


class _SpacedWords(dict[str, bytes]):
    """Each word's UTF-8 bytes after a space: the second half of a pair."""

    def __missing__(self, word: str) -> bytes:
        if len(self) >= _WORDS_KEPT:
            self.clear()
        value = self[word] = b" " + word.encode("utf-8")
        return value


_WORDS_KEPT = 50_000
_WORD_CRC = _WordHashes()
_SPACED_WORD = _SpacedWords()


def cue_features(name: str, sentence: str) -> list[int]:
    """The detector's cues that the sentence holds, and each pair of them, hashed."""
    return _cue_buckets(name, sentence.lower())


def _cue_buckets(name: str, low: str) -> list[int]:
    cues = CUES.get(name)
    if not cues:
        return []
    held = [cue for cue, pattern in cues if pattern.search(low)]
    grams = [f"cue:{cue}" for cue in held]
    grams += [f"cue:{a}+{b}" for a, b in itertools.combinations(held, 2)]
    return [zlib.crc32(gram.encode("utf-8")) % BUCKETS for gram in grams]


def with_cues(name: str, base: list[int], low: str) -> list[int]:
    """A sentence's word features with the detector's own cues added (if it has any);
    `low` is the sentence in lower case."""
    if name not in CUES:
        return base
    return sorted({*base, *_cue_buckets(name, low)})


def detector_features(name: str, sentence: str) -> list[int]:
    """What a detector scores a sentence on: its words and pairs, and its own cues."""
    return with_cues(name, features(sentence), sentence.lower())


@dataclass(frozen=True)
class Detector:
    """One clause's weights, bias and the document-level threshold."""

    bias: float
    weights: dict[int, float]
    threshold: float

    def probability(self, feats: list[int]) -> float:
        """The sentence's probability of being this clause."""
        # the same sum, in the same order, as a loop over the features; `map` runs it in C
        z = self.bias + sum(map(self.weights.get, feats, itertools.repeat(0.0)))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


@dataclass(frozen=True)
class ClauseFinding:
    """A clause's best sentence in a document and its probability."""

    present: bool
    probability: float
    evidence: str | None


def load_detectors(data: dict[str, Any]) -> dict[str, Detector]:
    """Detectors from the model file's JSON."""
    return {
        name: Detector(
            bias=float(spec["bias"]),
            weights={int(k): float(v) for k, v in spec["weights"].items()},
            threshold=float(spec["threshold"]),
        )
        for name, spec in data["detectors"].items()
    }


@cache
def shipped_detectors() -> dict[str, Detector]:
    """The detectors of the shipped model file (read once per process)."""
    return load_detectors(_model_data())


@cache
def shipped_assists() -> dict[str, Detector]:
    """The detectors that assist the rules (`clauses`), each alone, by clause name."""
    return load_detectors({"detectors": _model_data().get("assists", {})})


@cache
def _model_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    return data


def assist_finding(
    name: str, text: str, *, first: bool = False, low: str | None = None
) -> ClauseFinding | None:
    """One assisting detector's reading of a text (None when the model file has none);
    with `first`, its first sentence at the threshold rather than its best (a gate needs
    no more, and most contracts that pass it pass on an early sentence)."""
    detector = shipped_assists().get(name)
    if detector is None:
        return None
    return find_clause_sentences(text, {name: detector}, first=first, low=low)[name]


def find_clause_sentences(
    text: str,
    detectors: dict[str, Detector] | None = None,
    *,
    first: bool = False,
    low: str | None = None,
) -> dict[str, ClauseFinding]:
    """For each detector, whether the text has its clause, with the best sentence (with
    `first`, the first sentence at the detector's threshold: the same verdict, sooner).
    `low`, where the caller has it, is `text.lower()`: a whole text lowered once, not
    once more here."""
    detectors = shipped_detectors() if detectors is None else detectors
    # The text is cut at every sentence end, but a piece is checked for being long enough
    # (a sentence of `sentence_spans`) only when a trigger falls in it: the same sentences
    # are scored, without measuring the hundreds that no trigger names.
    cut = _cut(text, low)
    found: dict[str, ClauseFinding] = {}
    # Detectors with the same trigger words (the cap and uncapped liability) share the scan.
    scanned: dict[tuple[str, ...], list[int]] = {}
    for name, detector in detectors.items():
        best, best_index = 0.0, -1
        if TRIGGERS[name] not in scanned:
            scanned[TRIGGERS[name]] = _triggered(text, cut, name)
        for index in scanned[TRIGGERS[name]]:
            probability = _score(text, cut, name, detector, index)
            if probability > best:
                best, best_index = probability, index
                if first and best >= detector.threshold:
                    break
        present = best >= detector.threshold
        evidence = cut.sentences.get(best_index)
        found[name] = ClauseFinding(present, best, evidence)
    return found


def _triggered(text: str, cut: _Cut, name: str) -> list[int]:
    """The pieces (long enough to be sentences) that hold one of the detector's triggers:
    each trigger runs once over the whole text, and its hits name the pieces."""
    hit: set[int] = set()
    for at in trigger_positions(name, cut.low, index=SHARED):
        index = bisect.bisect_right(cut.starts, at) - 1  # the piece the trigger is in
        if at < cut.ends[index]:  # not in the marks and spaces that end it
            hit.add(index)
    for index in hit:
        if index not in cut.long_enough:
            cut.long_enough[index] = _long_enough(text, cut.starts[index], cut.ends[index])
    return sorted(index for index in hit if cut.long_enough[index])


def _score(text: str, cut: _Cut, name: str, detector: Detector, index: int) -> float:
    """The detector's probability for one piece of the text (0.0 where its gate holds
    the sentence back); the sentence and its features are kept for the next detector."""
    if index not in cut.sentences:
        start, end = cut.starts[index], cut.ends[index]
        sentence = text[start:end].strip()[:MAX_SENTENCE_CHARS]
        cut.sentences[index] = sentence
        # the text was lowered once, whole: its piece is the sentence lowered
        cut.lowered[index] = (
            cut.low[start:end].strip()[:MAX_SENTENCE_CHARS] if cut.aligned else sentence.lower()
        )
    lowered = cut.lowered[index]
    has_cues = name in CUES or name in GATES
    # the gate first: a sentence it turns away needs no features
    if has_cues and not passes_gate(name, lowered):
        return 0.0
    if index not in cut.feats:
        cut.feats[index] = lowered_features(lowered)
    if has_cues:
        return detector.probability(with_cues(name, cut.feats[index], lowered))
    return detector.probability(cut.feats[index])
