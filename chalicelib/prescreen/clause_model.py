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
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

BUCKETS = 1 << 18
# A hash's bucket is its low 18 bits: `& _MASK` is `% BUCKETS` for the unsigned CRC-32.
_MASK = BUCKETS - 1
MODEL_FILE = Path(__file__).with_name("clause_model.json")
_WORD = re.compile(r"[a-z][a-z0-9']*|\d+")
# Sentences end at a full stop, semicolon or colon before a space, or at a blank line;
# CUAD's spans are mostly sentences or clauses of this size. The mark is matched, not
# looked behind for: a third faster on long texts, and the same sentences. Both ends open
# with one character class, and each branch checks (looking back one character) which
# of them it opened with: the regex engine then skips straight to the next mark or line
# break instead of trying both branches at every position (three times faster, and the
# same boundaries as `[.;:]\s+(?=...)|\n\s*\n`).
_SENTENCE_END = re.compile(r"[.;:\n](?:(?<=[.;:])\s+(?=[A-Z(\"“0-9])|(?<=\n)\s*\n)")
_MARKS = frozenset(".;:")
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
    # the cap's own sentences: a carve-out sits in or beside the limitation it excepts from
    "uncapped_liability": ("liab", "damages", "exceed"),
}
# Words alone cannot tell "liability shall not exceed the fees paid" (capped) from "the
# foregoing limitation shall not apply to breach of confidentiality" (uncapped): the same
# words, in other roles. Cues a lawyer reads first, each one feature (and each pair of
# cues that hold together one more), let the model weigh the roles: a limitation, a
# carve-out from it ("except for", "shall not apply to", "without limit"), and a sentence
# that points back at the limitation ("the foregoing limitation").
_LIMITATION = re.compile(
    r"in\s+no\s+event|not\s+(?:be\s+)?(?:liable|responsible)|neither\s+party\s+(?:shall|will)\s+"
    r"(?:be|have)\b|\blimit|exceed|liability\s+cap|maximum\s+liability"
)
_CARVE_OUT = re.compile(
    r"^\W*(?:\w+\W+){0,3}?except|except\s+(?:for|with\s+respect\s+to|as|under|in|that|to\s+the\s+extent)"
    r"|with\s+the\s+exception\s+of|other\s+than|(?:shall|will|do(?:es)?)\s+not\s+(?:apply|limit|restrict)"
    r"|nothing\s+in\s+this|without\s+limit(?!ation)|no\s+limit|unlimited"
    r"|not\s+(?:be\s+)?(?:subject\s+to|limited\s+by)|excluding|excluded\s+from\s+(?:the|any|such)\s+limit"
    r"|waives?\s+(?:any\s+and\s+all\s+)?limitations"
)
_POINTS_BACK = re.compile(
    r"(?:foregoing|above|such|these|this)\s+(?:\w+\s+){0,3}?(?:limitation|exclusion|cap)s?"
    r"|limitations?\s+(?:of|on)\s+liability|limitations?\s+set\s+forth"
)
_NOT_APPLY = re.compile(
    r"(?:shall|will|do(?:es)?)\s+not\s+(?:apply|limit|restrict)|not\s+(?:be\s+)?(?:subject\s+to|limited\s+by)"
)
# A detector with a gate scores only the sentences its gate finds: uncapped liability is
# always an exception to a limit, so a cap that excepts nothing cannot be it, however
# close its words come (on train, 5-fold F1 0.831 gated against 0.825 ungated).
GATES: dict[str, re.Pattern[str]] = {"uncapped_liability": _CARVE_OUT}
CUES: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "uncapped_liability": (
        ("limitation", _LIMITATION),
        ("carve_out", _CARVE_OUT),
        ("points_back", _POINTS_BACK),
        ("not_apply", _NOT_APPLY),
    ),
}


def trigger_positions(name: str, low: str) -> list[int]:
    """Where a clause's trigger stems stand in lower-cased text (str.find: no regex)."""
    positions: list[int] = []
    for stem in TRIGGERS[name]:
        whole, word = stem.startswith("*"), stem.lstrip("*")
        at = low.find(word)
        while at != -1:
            end = at + len(word)
            if not whole or (
                (at == 0 or not low[at - 1].isalnum())
                and (end >= len(low) or not low[end].isalnum())
            ):
                positions.append(at)
            at = low.find(word, end)
    return sorted(positions)


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


def _pieces(text: str) -> tuple[list[int], list[int]]:
    """Where each piece of text between two sentence ends starts and ends, short or not."""
    starts, ends = [0], []
    for boundary in _SENTENCE_END.finditer(text):
        # the sentence keeps its mark
        ends.append(boundary.start() + (text[boundary.start()] in _MARKS))
        starts.append(boundary.end())
    ends.append(len(text))
    return starts, ends


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
    words = list(map(str.encode, _WORD.findall(sentence.lower())))
    grams = itertools.chain(words, map(b" ".join, itertools.pairwise(words)))
    return sorted({crc & _MASK for crc in map(zlib.crc32, grams)})


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
    return load_detectors(json.loads(MODEL_FILE.read_text(encoding="utf-8")))


def find_clause_sentences(
    text: str, detectors: dict[str, Detector] | None = None
) -> dict[str, ClauseFinding]:
    """For each detector, whether the text has its clause, with the best sentence."""
    detectors = shipped_detectors() if detectors is None else detectors
    # The text is cut at every sentence end, but a piece is checked for being long enough
    # (a sentence of `sentence_spans`) only when a trigger falls in it: the same sentences
    # are scored, without measuring the hundreds that no trigger names.
    starts, ends = _pieces(text)
    long_enough: dict[int, bool] = {}
    low = text.lower()
    sentences: dict[int, str] = {}
    feats: dict[int, list[int]] = {}
    found: dict[str, ClauseFinding] = {}
    # Detectors with the same trigger words (the cap and uncapped liability) share the scan.
    scanned: dict[tuple[str, ...], list[int]] = {}
    for name, detector in detectors.items():
        best, best_index = 0.0, -1
        # Each trigger runs once over the whole text; its hits name the sentences scored.
        if TRIGGERS[name] not in scanned:
            hit: set[int] = set()
            for at in trigger_positions(name, low):
                index = bisect.bisect_right(starts, at) - 1  # the piece the trigger is in
                if at < ends[index]:  # not in the marks and spaces that end it
                    hit.add(index)
            for index in hit:
                if index not in long_enough:
                    long_enough[index] = _long_enough(text, starts[index], ends[index])
            scanned[TRIGGERS[name]] = sorted(index for index in hit if long_enough[index])
        for index in scanned[TRIGGERS[name]]:
            if index not in feats:
                sentences[index] = text[starts[index] : ends[index]].strip()[:MAX_SENTENCE_CHARS]
                feats[index] = features(sentences[index])
            if name in CUES or name in GATES:  # the sentence in lower case, once for both
                lowered = sentences[index].lower()
                if not passes_gate(name, lowered):
                    continue
                probability = detector.probability(with_cues(name, feats[index], lowered))
            else:
                probability = detector.probability(feats[index])
            if probability > best:
                best, best_index = probability, index
        present = best >= detector.threshold
        evidence = sentences.get(best_index)
        found[name] = ClauseFinding(present, best, evidence)
    return found
