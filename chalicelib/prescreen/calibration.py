"""Calibrated confidence: each fact's probability of being right, learned on the train split.

The doubts say what could have gone wrong with a reading; they do not say how often
it does. For that, each fact of each language has a small logistic model over what
prescreen knows when it decides: whether it found a value, whether it could judge the
clause at all, which doubts were raised, how sure a learned detector was and how many
parties the preamble gave. How broken the text layer looks is not learned (the train
split is clean text): its doubts' factors multiply every fact's probability. `make train`
fits the models on the eval's outcomes for the train split (`chalicelib.evaluation.calibrate`)
and writes them to `calibration.json` beside this module; scoring is a dot product.

A document's confidence is then the mean of its facts' probabilities: the share of
its facts one should expect to be right. A language with no fitted model (an unknown
language, a statement) keeps the doubts' own product.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chalicelib.models import ClauseFlag
from chalicelib.prescreen.confidence import CONTRACT_DOUBTS, READING_DOUBTS

if TYPE_CHECKING:
    from collections.abc import Mapping

    from chalicelib.models import PrescreenResult
    from chalicelib.prescreen.confidence import Doubt

logger = logging.getLogger(__name__)

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")
FEATURES = (
    "bias",
    "found",
    "judged",
    *(f"doubt:{code}" for code in CONTRACT_DOUBTS),
    "certainty",
    "parties",
)
_MARGIN_LIMIT = 6.0
# The margin of a rule's verdict on a fact a detector also judges: as sure as the surest
# detector's (a heading "Non-Competition" over a restriction, `non_compete`).
RULE_MARGIN = _MARGIN_LIMIT


def _found(value: object) -> tuple[float, float]:
    """(found, judged) for a fact: a clause flag can be judged absent; a value is there or not."""
    if isinstance(value, ClauseFlag):
        return float(value.present), 1.0
    if value is None:
        return 0.0, 0.0
    if isinstance(value, (tuple, list, str)):
        return float(bool(value)), float(bool(value))
    return 1.0, 1.0


def fact_features(
    result: PrescreenResult,
    attribute: str,
    doubts: list[Doubt],
    margins: Mapping[str, float],
) -> tuple[float, ...]:
    """What the calibration model of one fact reads, in the order of FEATURES.

    `margins` are the learned detectors' log-odds above their thresholds (negative
    below), by fact; a rule-decided fact has none. The model reads the margin's size
    ("certainty"); whether the clause was found is its own feature.
    """
    found, judged = _found(getattr(result, attribute))
    if attribute == "auto_renewal":
        # Whether the contract renews at all, automatically or at a party's option: what
        # the eval (CUAD's renewal term) judges this fact by.
        found = max(found, _found(result.renewal_option)[0])
    codes = {d.code for d in doubts}
    # How far the detector's score is from its threshold, on either side: a verdict is as
    # sure when clearly absent as when clearly present, and least sure at the threshold.
    certainty = min(_MARGIN_LIMIT, abs(margins.get(attribute, 0.0)))
    parties = min(len(result.parties), 4) / 4 if attribute == "parties" else 0.0
    return (
        1.0,
        found,
        judged,
        *(float(code in codes) for code in CONTRACT_DOUBTS),
        certainty / _MARGIN_LIMIT,
        parties,
    )


@dataclass(frozen=True)
class FactModel:
    """One fact's weights, in the order of FEATURES."""

    weights: tuple[float, ...]

    def probability(self, features: tuple[float, ...]) -> float:
        """The fact's probability of being right."""
        z = sum(w * x for w, x in zip(self.weights, features, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def load_calibration(data: dict[str, Any]) -> dict[str, dict[str, FactModel]]:
    """The models of a calibration file's JSON, by language and fact."""
    if tuple(data["features"]) != FEATURES:
        raise ValueError("the calibration file was fitted on other features: run make train")
    return {
        language: {fact: FactModel(tuple(map(float, w))) for fact, w in facts.items()}
        for language, facts in data["languages"].items()
    }


@cache
def shipped_calibration() -> dict[str, dict[str, FactModel]]:
    """The models of the shipped calibration file (read once per process).

    None when the file is absent or was fitted on other features (while `make train`
    refits it): the confidence is then the doubts' own, as before calibration.
    """
    if not CALIBRATION_FILE.is_file():
        return {}
    try:
        return load_calibration(json.loads(CALIBRATION_FILE.read_text(encoding="utf-8")))
    except ValueError:
        logger.warning("calibration file does not match the features; confidence uncalibrated")
        return {}


def fact_confidence(
    result: PrescreenResult,
    doubts: list[Doubt],
    margins: Mapping[str, float],
    models: dict[str, dict[str, FactModel]] | None = None,
) -> dict[str, float]:
    """Each fact's calibrated probability of being right; empty without a model."""
    chosen = shipped_calibration() if models is None else models
    reading = reading_factor(doubts)
    return {
        fact: round(reading * model.probability(fact_features(result, fact, doubts, margins)), 3)
        for fact, model in chosen.get(result.language, {}).items()
    }


def reading_factor(doubts: list[Doubt]) -> float:
    """What a broken text layer or OCR takes off every fact: the doubts' own factors.

    The train split is clean text, so it cannot teach how much a noisy reading costs;
    these factors stay set by hand and multiply the fitted probability.
    """
    factor = 1.0
    for doubt in doubts:
        if doubt.code in READING_DOUBTS:
            factor *= doubt.factor
    return factor
