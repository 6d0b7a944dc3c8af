"""How much to trust a prescreen: what could have made its facts wrong, each a doubt.

Confidence is meant to say how likely the facts are right, not how many were found: a
blank template with no price is screened correctly when the amount stays empty. So it
starts at one and every doubt about the reading multiplies it down: a noisy or OCR'd
text, less than a page, no title or unknown kind, sides the preamble announces but
prescreen could not name, clauses it could not judge, dates that contradict each
other. The doubts travel with the result, so a reviewer sees why a document was held.
The factors were set against `make eval`: its table of field accuracy by confidence
band is the check that they still rank documents by how right they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult
    from chalicelib.prescreen.text import PreparedText

_SAMPLE = 10_000  # the first pages show whether a text layer is broken
# Garbage a text layer or OCR leaves behind: stray symbols, replacement characters,
# underscores inside words, capitals in the middle of lower-case words ("kieZlgZy").
_ODD = re.compile(r"[\^\\\[\]{}~‡¤\ufffd]")
_INNER_UNDERSCORE = re.compile(r"_(?=[^\W\d_])")
_INNER_CAPITAL = re.compile(r"[a-zа-яё][A-ZА-ЯЁ][a-zа-яё]")
_LETTERS = re.compile(r"[^\W\d_]+")
_NOISE_WEIGHT = 5.0  # 20 % odd characters make a text worthless
_NOISE_NOTED = 0.01
_SHORT_TEXT = 1500
_PREAMBLE = 6000
# A preamble that announces two sides: "с одной стороны, и ... с другой стороны",
# "by and between A and B", "between: (1) A ... (2) B".
_TWO_SIDES = re.compile(
    r"с\s+другой\s+стороны|\bby\s+and\s+between\b|\bbetween\b[^.]{3,400}\band\b"
)

_AMENDMENT = re.compile(
    r"\W*(?:amendment|addendum|дополнительное\s+соглашение|приложение)\b", re.IGNORECASE
)


# The doubt that holds a document for a person whatever its confidence (routing).
CLAUSES_UNJUDGED = "Too little contract text to judge the clauses."


# Every doubt's code, by what it doubts: how the text was read, a contract's facts, a
# statement's. The calibration reads the codes (`calibration.FEATURES`).
READING_DOUBTS = ("noise", "ocr")
CONTRACT_DOUBTS = (
    "short_text",
    "language_unknown",
    "no_title",
    "kind_unknown",
    "annex",
    "no_party",
    "one_side",
    "role_missing",
    "clauses_unjudged",
    "amount_words_differ",
    "dates_inverted",
)
TABULAR_DOUBTS = ("no_statement", "no_organisation", "no_inn", "no_period")
_CODES = frozenset((*READING_DOUBTS, *CONTRACT_DOUBTS, *TABULAR_DOUBTS))


@dataclass(frozen=True)
class Doubt:
    """One reason the facts may be wrong, and how much it lowers the confidence."""

    code: str
    factor: float
    reason: str

    def __post_init__(self) -> None:
        if self.code not in _CODES:
            raise ValueError(f"unknown doubt code {self.code!r}: list it above")


# `_LETTERS` on ASCII is [A-Za-z]: counted from the bytes in C; each other character the
# sample holds (a few kinds: quotes, a no-break space, accented letters) is asked once.
_ASCII_LETTERS = bytes(range(ord("A"), ord("Z") + 1)) + bytes(range(ord("a"), ord("z") + 1))


def _letter_count(sample: str) -> int:
    """How many characters of the sample `_LETTERS` matches, in a third of its time."""
    ascii_only = sample.encode("ascii", "ignore")
    count = len(ascii_only) - len(ascii_only.translate(None, _ASCII_LETTERS))
    if len(ascii_only) < len(sample):
        others = (char for char in set(sample) if not char.isascii() and _LETTERS.match(char))
        count += sum(map(sample.count, others))
    return count


def text_noise(text: PreparedText) -> float:
    """Share of characters that look like a broken text layer or OCR noise, 0..1."""
    sample = text.norm[:_SAMPLE]
    letters = _letter_count(sample)
    if letters == 0:
        return 1.0
    inner_underscores = sum(
        1
        for found in _INNER_UNDERSCORE.finditer(sample)
        if sample[found.start() - 1 : found.start()].isalpha()
    )
    odd = (
        len(_ODD.findall(sample))
        + inner_underscores
        + len(_INNER_CAPITAL.findall(sample))
        + 2 * text.mixed_script_words
    )
    return min(1.0, odd / letters)


def _reading_doubts(text: PreparedText, pipeline: str) -> list[Doubt]:
    doubts: list[Doubt] = []
    noise = text_noise(text)
    if noise >= _NOISE_NOTED:
        doubts.append(
            Doubt(
                "noise",
                max(0.0, 1.0 - _NOISE_WEIGHT * noise),
                f"About {noise:.0%} of the characters look like a broken text layer or OCR noise.",
            )
        )
    if pipeline == "image":
        doubts.append(
            Doubt("ocr", 0.85, "The text was read by OCR: names, dates and digits may be off.")
        )
    return doubts


def _contract_doubts(draft: PrescreenResult, text: PreparedText) -> list[Doubt]:
    doubts: list[Doubt] = []
    if len(text.norm.strip()) < _SHORT_TEXT:
        doubts.append(
            Doubt(
                "short_text", 0.75, "Less than a page of text: most of the contract may be missing."
            )
        )
    if draft.language == "unknown":
        doubts.append(Doubt("language_unknown", 0.6, "The language of the text could not be told."))
    if not draft.title:
        doubts.append(Doubt("no_title", 0.85, "No title line was found."))
    if draft.contract_type in (None, "other"):
        doubts.append(
            Doubt("kind_unknown", 0.8, "The kind of contract is not one prescreen knows.")
        )
    elif draft.contract_type == "annex" or (draft.title and _AMENDMENT.match(draft.title)):
        doubts.append(
            Doubt(
                "annex",
                0.85,
                "An annex or amendment: the main contract's terms are not in this text.",
            )
        )
    if not draft.parties:
        doubts.append(Doubt("no_party", 0.75, "No party is named."))
    # the preamble is read for two sides only where one party was found (a third of a
    # millisecond: its "between ... and" reaches far)
    elif len(draft.parties) < 2 and _TWO_SIDES.search(text.low, 0, _PREAMBLE):
        doubts.append(Doubt("one_side", 0.8, "The preamble names two sides; only one was found."))
    elif any(party.role is None for party in draft.parties):
        doubts.append(Doubt("role_missing", 0.95, "A party's role in the contract was not found."))
    flags = (draft.penalty, draft.unilateral_termination, draft.dispute_forum)
    if any(flag is None for flag in flags):
        doubts.append(Doubt("clauses_unjudged", 0.8, CLAUSES_UNJUDGED))
    if draft.amount is not None and draft.amount.words_agree is False:
        doubts.append(
            Doubt(
                "amount_words_differ", 0.6, "The amount in figures and the amount in words differ."
            )
        )
    if draft.starts_on and draft.ends_on and draft.ends_on < draft.starts_on:
        doubts.append(Doubt("dates_inverted", 0.7, "The end date comes before the start date."))
    return doubts


def _tabular_doubts(draft: PrescreenResult) -> list[Doubt]:
    doubts: list[Doubt] = []
    if not draft.title:
        doubts.append(Doubt("no_statement", 0.5, "The sheet names no statement."))
    if not draft.parties:
        doubts.append(Doubt("no_organisation", 0.7, "The statement names no organisation."))
    elif not any(party.inn for party in draft.parties):
        doubts.append(Doubt("no_inn", 0.9, "The organisation's ИНН was not found."))
    if not (draft.starts_on and draft.ends_on):
        doubts.append(Doubt("no_period", 0.8, "The reporting period was not found."))
    return doubts


def find_doubts(draft: PrescreenResult, text: PreparedText, pipeline: str) -> list[Doubt]:
    """Everything that could have made this reading wrong, in the order checked."""
    doubts = _reading_doubts(text, pipeline)
    doubts += _tabular_doubts(draft) if pipeline == "tabular" else _contract_doubts(draft, text)
    return doubts


def doubt_product(doubts: list[Doubt]) -> float:
    """The confidence the doubts alone leave: one, multiplied down by each."""
    confidence = 1.0
    for doubt in doubts:
        confidence *= doubt.factor
    return round(min(1.0, max(0.0, confidence)), 3)


def gravest_first(doubts: list[Doubt]) -> tuple[str, ...]:
    """The doubts' reasons, the one that lowered the confidence most first."""
    return tuple(d.reason for d in sorted(doubts, key=lambda doubt: doubt.factor))


def score_confidence(
    draft: PrescreenResult, text: PreparedText, pipeline: str
) -> tuple[float, tuple[str, ...]]:
    """The doubts' confidence, 0..1, and the doubts that lowered it, gravest first."""
    doubts = find_doubts(draft, text, pipeline)
    return doubt_product(doubts), gravest_first(doubts)
