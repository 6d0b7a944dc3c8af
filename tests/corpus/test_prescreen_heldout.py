"""Prescreen on the contracts nobody tuned it on: en_cuad_dev's test split, and make train.

The floors sit a little under the values measured on the test split when the rules and
models were last changed (issue 13's closing note has the tables), so a change that
makes prescreen worse on unseen contracts fails CI, not only one that breaks the
documents it was written against. Tuning reads the train split only; this file is
the one place the test split is read.

`make train` must give back the shipped files: the clause detectors and their
out-of-fold scores byte for byte, and the calibration byte for byte (all are fitted in
a fixed order).
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.evaluation import evaluate_corpus
from tests.conftest import corpus_dir
from tests.limits import PRODUCTION_LIMITS

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.corpus

# Measured on the test split (97 contracts) at the last change, less about a document's
# worth or two of slack (one document is 0.01 of accuracy, about 0.02 to 0.05 of an F1).
FLOORS: dict[str, float] = {
    "en.parties": 0.77,  # 0.80
    "en.agreement_date": 0.85,  # 0.88
    "en.effective_date": 0.81,  # 0.84
    "en.expiration_date": 0.76,  # 0.78 at look 28 (0.79 at look 27, 0.78 before session 34)
    "en.renewal_term": 0.81,  # F1 0.85
    "en.governing_law": 0.91,  # 0.94
    "en.termination_for_convenience": 0.79,  # F1 0.83 (0.81 before session 33)
    "en.liquidated_damages": 0.69,  # F1 0.75
    "en.cap_on_liability": 0.89,  # F1 0.93
    "en.anti_assignment": 0.93,  # F1 0.95
    "en.non_compete": 0.64,  # F1 0.69
    "en.exclusivity": 0.76,  # F1 0.81
    "en.uncapped_liability": 0.83,  # F1 0.86
}
# Issue 13's goal is 0.05: measured 0.042 on the test split once the calibration read the
# learned detectors out of fold (0.059 before), 0.046-0.047 after, 0.038-0.040 at the last
# looks (0.039 at look 26, 0.038 at look 27, 0.039 at look 28). The goal itself is the ceiling.
MAX_ECE = 0.05


def _dev() -> Path:
    return corpus_dir() / "en_cuad_dev"


@cache
def _test_split() -> dict[str, Any]:
    dev = _dev()
    if not (dev / "labels.tsv").is_file():
        pytest.skip(f"no en_cuad_dev at {dev}: set CORPUS_DIR to the shared corpus")
    return evaluate_corpus(dev, limits=PRODUCTION_LIMITS, splits=("test",))


@pytest.mark.parametrize("field", sorted(FLOORS))
def test_unseen_contracts_stay_above_the_floor(field: str) -> None:
    scored = _test_split()["splits"]["test"]["fields"][field]
    assert scored["value"] >= FLOORS[field], f"{field}: {scored}"


def test_the_confidence_is_calibrated_on_unseen_contracts() -> None:
    table = _test_split()["splits"]["test"]["calibration"]["en"]
    assert table["ece"] <= MAX_ECE, table


def test_a_higher_confidence_band_is_more_accurate() -> None:
    bands = [
        row["field_accuracy"]
        for row in _test_split()["splits"]["test"]["confidence_bands"]
        if row["documents"] >= 5  # a band of two or three documents says nothing
    ]
    assert bands == sorted(bands), bands


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.timeout(1200)  # it screens the whole train split: a few minutes
def test_make_train_gives_back_the_shipped_files(tmp_path: Path) -> None:
    from chalicelib.evaluation.calibrate import write_calibration
    from chalicelib.evaluation.train_clauses import out_of_fold_file, write_model
    from chalicelib.prescreen.calibration import CALIBRATION_FILE
    from chalicelib.prescreen.clause_model import MODEL_FILE

    dev = _dev()
    if not (dev / "spans.jsonl").is_file():
        pytest.skip(f"no en_cuad_dev at {dev}: set CORPUS_DIR to the shared corpus")
    model = tmp_path / "clause_model.json"
    write_model(dev, model)
    assert _sha256(model) == _sha256(MODEL_FILE)
    assert _sha256(out_of_fold_file(model)) == _sha256(out_of_fold_file(MODEL_FILE))
    # The calibration reads the shipped detectors, which were just shown to be the same,
    # and their out-of-fold scores, just written again.
    write_calibration(
        corpus_dir(), limits=PRODUCTION_LIMITS, out=tmp_path / "calibration.json", model_file=model
    )
    assert _sha256(tmp_path / "calibration.json") == _sha256(CALIBRATION_FILE)
