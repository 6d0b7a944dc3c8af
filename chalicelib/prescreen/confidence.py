"""How much to trust a prescreen: the fields it found, scaled by the quality of the text."""

from __future__ import annotations

import re
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
_IMAGE_FACTOR = 0.9  # OCR misreads digits and names even when the words look right
_SHORT_TEXT = 1500
_SHORT_FACTOR = 0.6
_ENOUGH_TEXT = 3000


def text_noise(text: PreparedText) -> float:
    """Share of characters that look like a broken text layer or OCR noise, 0..1."""
    sample = text.norm[:_SAMPLE]
    letters = sum(map(len, _LETTERS.findall(sample)))
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


def score_confidence(draft: PrescreenResult, text: PreparedText, pipeline: str) -> float:
    """Coverage of the fields a document of this pipeline should have, times text quality."""
    quality = max(0.0, 1.0 - _NOISE_WEIGHT * text_noise(text))
    if pipeline == "tabular":
        coverage = _tabular_coverage(draft)
    else:
        coverage = _contract_coverage(draft)
        length = len(text.norm.strip())
        coverage += 0.05 if length >= _ENOUGH_TEXT else 0.0
        # a page or less of contract text leaves too much unseen
        quality *= _SHORT_FACTOR if length < _SHORT_TEXT else 1.0
    if pipeline == "image":
        quality *= _IMAGE_FACTOR
    return round(min(1.0, max(0.0, coverage * quality)), 3)


def _contract_coverage(draft: PrescreenResult) -> float:
    flags = (
        draft.penalty,
        draft.unilateral_termination,
        draft.dispute_forum,
        draft.liability_cap,
        draft.auto_renewal,
    )
    score = 0.05 if draft.language != "unknown" else 0.0
    score += 0.10 if draft.title else 0.0
    if draft.contract_type:
        score += 0.15 if draft.contract_type != "other" else 0.05
    score += 0.10 if draft.parties else 0.0
    score += 0.05 if len(draft.parties) >= 2 else 0.0
    score += 0.05 if any(p.inn or p.role for p in draft.parties) else 0.0
    score += 0.10 if draft.amount else 0.0
    score += 0.05 if draft.signed_on else 0.0
    score += 0.05 if draft.starts_on or draft.ends_on else 0.0
    score += 0.10 if all(flag is not None for flag in flags) else 0.0
    score += 0.10 if draft.governing_law else 0.0
    score += 0.05 if draft.dispute_forum and draft.dispute_forum.present else 0.0
    return score


def _tabular_coverage(draft: PrescreenResult) -> float:
    score = 0.10 if draft.language != "unknown" else 0.0
    score += 0.15 if draft.title else 0.0
    score += 0.25 if draft.parties else 0.0
    score += 0.15 if any(p.inn for p in draft.parties) else 0.0
    score += 0.15 if draft.starts_on or draft.ends_on else 0.0
    score += 0.15 if draft.starts_on and draft.ends_on else 0.0
    return score
