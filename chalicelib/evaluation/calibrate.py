"""Fitting prescreen's calibrated confidence, and measuring how well it is calibrated.

`make train` screens the train split (CUAD's and the shared corpus's labelled
documents) through the eval harness and fits, for every fact the eval scores in a
language, a logistic regression from `calibration.fact_features` to "the eval found this
fact right". Newton's method with an L2 penalty, in a fixed order with a fixed number
of steps at most: the same outcomes give the same weights, byte for byte once rounded.

`reliability` and `calibration_error` are the check: facts grouped by their predicted
probability, each group's accuracy beside its mean prediction, and the expected
calibration error (ECE), the gap between the two weighted by group size.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib.evaluation.fields import FIELDS
from chalicelib.evaluation.harness import screen_all
from chalicelib.evaluation.labels import read_labelled
from chalicelib.evaluation.train_clauses import out_of_fold_file
from chalicelib.models import ClauseFlag
from chalicelib.prescreen import fact_of, log_odds
from chalicelib.prescreen.calibration import CALIBRATION_FILE, FEATURES, fact_features
from chalicelib.prescreen.clause_model import MODEL_FILE

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from chalicelib.evaluation.harness import Screened
    from chalicelib.evaluation.labels import LabelledDocument
    from chalicelib.extract import ExtractLimits

CALIBRATION_VERSION = "1"
L2 = 1.0
# A prior every fact's model is pulled toward: PRIOR_ROWS made-up documents, each at the
# fact's mean features, right with probability PRIOR_ACCURACY. It barely moves a fact
# with 342 documents; it keeps the 15 Russian ones, read by rules written against
# them, from promising unseen contracts their own in-sample 1.00 (issue 13 measured
# 0.60 to 0.80 on unseen Russian contracts).
PRIOR_ROWS = 20
PRIOR_ACCURACY = 0.75
NEWTON_STEPS = 30
TOLERANCE = 1e-9
BINS = 10
# A band of a dozen facts says little: its accuracy's 95% interval is about +-0.28 wide, so
# whether the bands rise is judged on bands of at least this many facts (neighbouring bins
# merged from the bottom up), as well as shown bin by bin.
MIN_BAND_FACTS = 30
# The prescreen fact each eval field ("en.parties") judges.
_FACT = {
    f"{language}.{spec.name}": spec.fact for language, specs in FIELDS.items() for spec in specs
}

Row = tuple[tuple[float, ...], float]


def calibration_rows(
    screened: Sequence[Screened], out_of_fold: OutOfFold | None = None
) -> dict[tuple[str, str], list[Row]]:
    """(features, was it right) for every scored fact of every screened document.

    A learned detector's verdict on a train contract is in-sample: the detector was fitted
    on it and is surer and righter there than on an unseen contract. Where `out_of_fold`
    has the contract's score, the row is the verdict of the detector fitted without the
    contract's fold instead (present, margin and whether that was right), so the
    calibration learns how a detector does on contracts it has not seen.
    """
    rows: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for item in screened:
        if item.screening is None:
            continue  # Extract refused it: nothing was read, nothing to calibrate
        language = item.document.language
        doubts = list(item.screening.doubts)
        for name, outcome in item.outcomes.items():
            fact = _FACT[name]
            result, margins, right = item.result, item.screening.margins, outcome.correct
            # a rule's verdict (`Screening.ruled`) is the same on a contract unseen
            ruled = fact in item.screening.ruled
            unseen = out_of_fold.verdict(fact, item) if out_of_fold and not ruled else None
            if unseen is not None and outcome.truth is not None:
                present, margin = unseen
                result = result.model_copy(update={fact: ClauseFlag(present=present)})
                margins = {**margins, fact: margin}
                right = present == outcome.truth
            features = fact_features(result, fact, doubts, margins)
            rows[(language, fact)].append((features, float(right)))
    return rows


@dataclass(frozen=True)
class OutOfFold:
    """The learned detectors' out-of-fold scores of the train contracts (`make train`
    writes them beside the model file), with the shipped thresholds they are judged by."""

    scores: dict[str, dict[str, float]]  # detector → contract (file stem) → score
    thresholds: dict[str, float]

    @classmethod
    def read(cls, model_file: Path = MODEL_FILE) -> OutOfFold | None:
        """The scores written beside a model file; None where there are none."""
        path = out_of_fold_file(model_file)
        if not path.is_file():
            return None
        model = json.loads(model_file.read_text(encoding="utf-8"))
        return cls(
            json.loads(path.read_text(encoding="utf-8")),
            {name: d["threshold"] for name, d in model["detectors"].items()},
        )

    def verdict(self, fact: str, item: Screened) -> tuple[bool, float] | None:
        """(present, log-odds above the threshold) of the fact's detector out of fold."""
        detector = next((name for name in self.scores if fact_of(name) == fact), None)
        if detector is None or item.document.language != "en" or item.screening is None:
            return None
        if fact not in item.screening.margins:
            return None  # the detector did not judge this text (too short, no contract)
        score = self.scores.get(detector, {}).get(item.document.path.stem)
        if score is None:
            return None
        threshold = self.thresholds[detector]
        return score >= threshold, round(log_odds(score) - log_odds(threshold), 4)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """matrix⁻¹ · vector by Gaussian elimination with partial pivoting (small, dense)."""
    size = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0.0:
                ratio = a[r][col] / a[col][col]
                a[r] = [x - ratio * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][size] / a[i][i] for i in range(size)]


def fit_logistic(rows: Sequence[Row], l2: float = L2) -> tuple[float, ...]:
    """L2-penalised logistic regression by Newton's method; the bias is not penalised."""
    size = len(rows[0][0])
    weights = [0.0] * size
    penalty = [0.0 if i == 0 else l2 for i in range(size)]
    for _ in range(NEWTON_STEPS):
        gradient = [p * w for p, w in zip(penalty, weights, strict=True)]
        hessian = [[penalty[i] + 1e-6 if i == j else 0.0 for j in range(size)] for i in range(size)]
        for features, right in rows:
            z = sum(w * x for w, x in zip(weights, features, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            error, curve = p - right, p * (1.0 - p)
            for i, xi in enumerate(features):
                if xi == 0.0:
                    continue
                gradient[i] += error * xi
                row = hessian[i]
                for j, xj in enumerate(features):
                    row[j] += curve * xi * xj
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < TOLERANCE:
            break
    return tuple(round(w, 6) for w in weights)


def _prior(rows: Sequence[Row]) -> list[Row]:
    """PRIOR_ROWS rows at the mean features, right with probability PRIOR_ACCURACY."""
    mean = tuple(sum(column) / len(rows) for column in zip(*(f for f, _ in rows), strict=True))
    return [(mean, PRIOR_ACCURACY)] * PRIOR_ROWS


def fit_calibration(
    screened: Sequence[Screened], out_of_fold: OutOfFold | None = None
) -> dict[str, Any]:
    """The calibration file's content, fitted on these (train) documents."""
    rows = calibration_rows(screened, out_of_fold)
    languages: dict[str, dict[str, list[float]]] = defaultdict(dict)
    for (language, fact), facts in sorted(rows.items()):
        languages[language][fact] = list(fit_logistic([*facts, *_prior(facts)]))
    documents: dict[str, int] = defaultdict(int)
    for item in screened:
        documents[item.document.language] += 1
    return {
        "version": CALIBRATION_VERSION,
        "features": list(FEATURES),
        "trained_on": dict(sorted(documents.items())),
        "languages": {language: languages[language] for language in sorted(languages)},
    }


def training_documents(corpus: Path) -> list[LabelledDocument]:
    """The train split of a corpus like the shared one: its own labelled documents (the
    Russian ones and `en_cuad/`) and `en_cuad_dev/`'s train split, each contract once."""
    documents = list(read_labelled(corpus))
    seen = {d.path.stem.lower() for d in documents}
    dev = corpus / "en_cuad_dev"
    if (dev / "labels.tsv").is_file():
        documents += [
            d for d in read_labelled(dev) if d.split == "train" and d.path.stem.lower() not in seen
        ]
    return [d for d in documents if d.split == "train"]


def write_calibration(
    corpus: Path,
    *,
    limits: ExtractLimits,
    workers: int = 2,
    out: Path = CALIBRATION_FILE,
    model_file: Path = MODEL_FILE,
) -> dict[str, Any]:
    """Screen the corpus's train split, fit the calibration and write its file; the
    detectors' verdicts are taken out of fold from the scores beside `model_file`."""
    screened = screen_all(training_documents(corpus), limits=limits, workers=workers)
    data = fit_calibration(screened, OutOfFold.read(model_file))
    out.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return data


# --- the check --------------------------------------------------------------------------


def predictions(screened: Sequence[Screened], language: str) -> list[tuple[float, bool]]:
    """(predicted probability, right) for every scored fact of a language's documents."""
    pairs: list[tuple[float, bool]] = []
    for item in screened:
        if item.document.language != language:
            continue
        for name, outcome in item.outcomes.items():
            fact = _FACT[name]
            if fact in item.result.fact_confidence:
                pairs.append((item.result.fact_confidence[fact], outcome.correct))
    return pairs


def reliability(pairs: Sequence[tuple[float, bool]], bins: int = BINS) -> list[dict[str, Any]]:
    """Facts grouped by predicted probability: each group's mean prediction and accuracy."""
    groups: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for probability, right in pairs:
        groups[min(bins - 1, int(probability * bins))].append((probability, right))
    return [
        {
            "bin": f"{i / bins:.1f}–{(i + 1) / bins:.1f}",
            "facts": len(group),
            "predicted": round(sum(p for p, _ in group) / len(group), 3),
            "accuracy": round(sum(r for _, r in group) / len(group), 3),
        }
        for i, group in enumerate(groups)
        if group
    ]


def merged_bands(
    pairs: Sequence[tuple[float, bool]], min_facts: int = MIN_BAND_FACTS
) -> list[dict[str, Any]]:
    """The reliability bins merged from the bottom up until each holds `min_facts` facts (a
    short top remainder joins the band below it): the bands whose accuracies can be ranked."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for probability, right in pairs:
        bins[min(BINS - 1, int(probability * BINS))].append((probability, right))
    bands: list[tuple[int, int, list[tuple[float, bool]]]] = []
    low, group = 0, list[tuple[float, bool]]()
    for i, facts in enumerate(bins):
        group = group + facts
        if len(group) >= min_facts:
            bands.append((low, i + 1, group))
            low, group = i + 1, []
    if group:
        if bands:
            first, _, merged = bands.pop()
            bands.append((first, BINS, merged + group))
        else:
            bands.append((low, BINS, group))
    return [
        {
            "band": f"{first / BINS:.1f}–{last / BINS:.1f}",
            "facts": len(group),
            "predicted": round(sum(p for p, _ in group) / len(group), 3),
            "accuracy": round(sum(r for _, r in group) / len(group), 3),
        }
        for first, last, group in bands
    ]


def rises(bands: Sequence[dict[str, Any]]) -> bool:
    """Whether each band is more accurate than the one below it."""
    return all(low["accuracy"] < high["accuracy"] for low, high in itertools.pairwise(bands))


def calibration_error(pairs: Sequence[tuple[float, bool]], bins: int = BINS) -> float | None:
    """The expected calibration error: |accuracy − prediction| per group, weighted by size."""
    if not pairs:
        return None
    table = reliability(pairs, bins)
    gap = sum(row["facts"] * abs(row["accuracy"] - row["predicted"]) for row in table)
    return round(float(gap) / len(pairs), 4)
