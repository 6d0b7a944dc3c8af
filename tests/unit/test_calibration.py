"""Calibrated confidence: the fitting, the check, and how prescreen uses the shipped file."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from chalicelib.evaluation.calibrate import (
    OutOfFold,
    calibration_error,
    calibration_rows,
    fit_logistic,
    merged_bands,
    reliability,
    rises,
)
from chalicelib.evaluation.fields import FIELDS
from chalicelib.evaluation.harness import Screened
from chalicelib.evaluation.labels import LabelledDocument
from chalicelib.models import ClauseFlag, Party, PrescreenResult
from chalicelib.prescreen import RoutingPolicy, prescreen_document, screen_text
from chalicelib.prescreen.calibration import (
    CALIBRATION_FILE,
    FEATURES,
    FactModel,
    fact_confidence,
    fact_features,
    load_calibration,
    shipped_calibration,
)
from chalicelib.prescreen.confidence import Doubt

_BLANK = PrescreenResult(language="en", confidence=0.0, route="manual_review")


def _row(found: float, right: float) -> tuple[tuple[float, ...], float]:
    features = [0.0] * len(FEATURES)
    features[0], features[1] = 1.0, found
    return tuple(features), right


def test_fit_recovers_how_often_each_kind_of_fact_is_right() -> None:
    # Found facts are right 9 times in 10, missing ones 3 times in 10.
    rows = [_row(1.0, float(i < 90)) for i in range(100)]
    rows += [_row(0.0, float(i < 30)) for i in range(100)]
    model = FactModel(fit_logistic(rows, l2=0.0))
    assert model.probability(_row(1.0, 0)[0]) == pytest.approx(0.9, abs=0.01)
    assert model.probability(_row(0.0, 0)[0]) == pytest.approx(0.3, abs=0.01)


def test_fit_is_deterministic() -> None:
    rows = [_row(float(i % 3 == 0), float(i % 4 != 0)) for i in range(60)]
    assert fit_logistic(rows) == fit_logistic(list(rows))


def test_reliability_groups_by_prediction_and_ece_weighs_the_gaps() -> None:
    pairs = [(0.95, True)] * 9 + [(0.95, False)] + [(0.15, False)] * 4 + [(0.15, True)] * 6
    table = reliability(pairs)
    assert [(r["bin"], r["facts"], r["accuracy"]) for r in table] == [
        ("0.1–0.2", 10, 0.6),
        ("0.9–1.0", 10, 0.9),
    ]
    # Half the facts 0.45 off, half 0.05 off.
    assert calibration_error(pairs) == pytest.approx(0.25)
    assert calibration_error([]) is None


def test_bands_merge_sparse_bins_from_the_bottom_up_and_say_whether_they_rise() -> None:
    pairs = [(0.05, False)] * 3 + [(0.35, True)] * 2 + [(0.65, False)] * 30
    pairs += [(0.85, True)] * 40 + [(0.95, True)] * 10
    bands = merged_bands(pairs, min_facts=30)
    # 0.0-0.7 gathers the 35 lowest; the 10 of 0.9-1.0 are too few and join the band below
    assert [(b["band"], b["facts"], b["accuracy"]) for b in bands] == [
        ("0.0–0.7", 35, round(2 / 35, 3)),
        ("0.7–1.0", 50, 1.0),
    ]
    assert rises(bands)
    assert not rises([*bands, {"band": "x", "facts": 30, "accuracy": 0.5}])
    assert merged_bands([(0.5, True)] * 5, min_facts=30) == [
        {"band": "0.0–1.0", "facts": 5, "predicted": 0.5, "accuracy": 1.0}
    ]


def _named(features: tuple[float, ...]) -> dict[str, float]:
    return dict(zip(FEATURES, features, strict=True))


def test_features_read_the_fact_the_doubts_and_the_certainty() -> None:
    result = _BLANK.model_copy(
        update={
            "liability_cap": ClauseFlag(present=True, evidence="capped"),
            "parties": (Party(name="Acme Inc."),),
        }
    )
    doubts = [Doubt("no_title", 0.85, "No title line was found.")]
    cap = _named(fact_features(result, "liability_cap", doubts, {"liability_cap": 3}))
    assert cap["found"] == cap["judged"] == 1.0
    assert cap["doubt:no_title"] == 1.0
    assert cap["doubt:no_party"] == 0.0
    assert cap["certainty"] == 0.5
    below = _named(fact_features(result, "liability_cap", doubts, {"liability_cap": -9}))
    assert below["certainty"] == 1.0  # clearly below the threshold is as sure, capped
    parties = _named(fact_features(result, "parties", doubts, {}))
    assert parties["parties"] == 0.25
    assert parties["certainty"] == 0.0
    unjudged = _named(fact_features(_BLANK, "penalty", [], {}))
    assert unjudged["found"] == unjudged["judged"] == 0.0


def test_a_noisy_reading_lowers_every_fact() -> None:
    models = {"en": {"parties": FactModel((2.0,) + (0.0,) * (len(FEATURES) - 1))}}
    clean = fact_confidence(_BLANK, [], {}, models)["parties"]
    noisy = fact_confidence(_BLANK, [Doubt("ocr", 0.85, "OCR")], {}, models)["parties"]
    assert noisy == pytest.approx(clean * 0.85, abs=0.001)


def test_a_file_fitted_on_other_features_is_refused() -> None:
    with pytest.raises(ValueError, match="make train"):
        load_calibration({"features": ["bias"], "languages": {}})


def test_the_shipped_file_covers_both_languages_and_loads() -> None:
    data = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES
    models = shipped_calibration()
    assert {"parties", "signed_on", "starts_on", "ends_on", "governing_law"} <= set(models["en"])
    assert {"contract_type", "parties", "amount", "liability_cap"} <= set(models["ru"])


_CONTRACT = (
    "MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement is made as of March 1, 2020 "
    'by and between Acme Inc., a Delaware corporation ("Customer"), and Widget LLC, a New '
    'York limited liability company ("Provider").\n\n'
    "1. Term. This Agreement commences on March 1, 2020 and continues for three (3) years.\n"
    "2. Governing Law. This Agreement is governed by the laws of the State of New York.\n"
    "3. Limitation of Liability. In no event shall either party's liability exceed the fees "
    "paid in the twelve months preceding the claim.\n"
) * 3


def test_document_confidence_is_the_mean_of_its_facts() -> None:
    screening = screen_text(_CONTRACT, pipeline="contract", policy=RoutingPolicy())
    result = screening.result
    assert set(result.fact_confidence) == set(shipped_calibration()["en"])
    assert all(0.0 <= p <= 1.0 for p in result.fact_confidence.values())
    mean = sum(result.fact_confidence.values()) / len(result.fact_confidence)
    assert result.confidence == pytest.approx(mean, abs=0.001)
    assert "liability_cap" in screening.margins


def _screened_contract(cap_label: str, text: str = _CONTRACT) -> Screened:
    screening = screen_text(text, pipeline="contract", policy=RoutingPolicy())
    document = LabelledDocument("en", Path("msa.txt"), {"cap_on_liability": cap_label})
    spec = next(f for f in FIELDS["en"] if f.name == "cap_on_liability")
    outcome = spec.score(document.labels, screening.result)
    assert outcome is not None
    outcomes = {"en.cap_on_liability": outcome}
    return Screened(document, screening.result, None, outcomes, 0, screening)


def test_calibration_rows_take_a_detectors_verdict_out_of_fold() -> None:
    item = _screened_contract("Yes")
    assert item.result.liability_cap is not None and item.result.liability_cap.present
    found = FEATURES.index("found")
    [(in_sample, right)] = calibration_rows([item])[("en", "liability_cap")]
    assert in_sample[found] == 1.0 and right == 1.0
    # The detector fitted without this contract's fold scored it under its threshold: the
    # row is that verdict (absent), and it was wrong.
    unseen = OutOfFold({"cap_on_liability": {"msa": 0.2}}, {"cap_on_liability": 0.4})
    [(features, right)] = calibration_rows([item], unseen)[("en", "liability_cap")]
    assert features[found] == 0.0 and right == 0.0
    assert features[FEATURES.index("certainty")] > 0.0
    # A contract without an out-of-fold score keeps its own verdict.
    other = OutOfFold({"cap_on_liability": {"elsewhere": 0.2}}, {"cap_on_liability": 0.4})
    assert calibration_rows([item], other)[("en", "liability_cap")] == [(in_sample, 1.0)]


def test_a_cap_stated_in_so_many_words_keeps_its_verdict_out_of_fold() -> None:
    # "aggregate liability ... exceed": a rule finds the cap (`stated_cap`), and a rule's
    # verdict on a contract is the same whether or not the detector was fitted on it
    text = _CONTRACT.replace("either party's liability", "either party's aggregate liability")
    screening = screen_text(text, pipeline="contract", policy=RoutingPolicy())
    assert "liability_cap" in screening.ruled
    item = _screened_contract("Yes", text)
    unseen = OutOfFold({"cap_on_liability": {"msa": 0.2}}, {"cap_on_liability": 0.4})
    [(features, right)] = calibration_rows([item], unseen)[("en", "liability_cap")]
    assert features[FEATURES.index("found")] == 1.0 and right == 1.0


def test_calibration_rows_keep_a_rules_verdict_where_it_outranks_the_detector() -> None:
    item = _screened_contract("Yes")
    assert item.screening is not None
    ruled = replace(item, screening=replace(item.screening, ruled=frozenset({"liability_cap"})))
    unseen = OutOfFold({"cap_on_liability": {"msa": 0.2}}, {"cap_on_liability": 0.4})
    [(features, right)] = calibration_rows([ruled], unseen)[("en", "liability_cap")]
    assert features[FEATURES.index("found")] == 1.0 and right == 1.0


def test_the_shipped_out_of_fold_scores_cover_every_detector() -> None:
    unseen = OutOfFold.read()
    assert unseen is not None, "make train writes clause_model.oof.json beside the model"
    assert set(unseen.scores) == set(unseen.thresholds)
    assert all(len(scores) > 300 for scores in unseen.scores.values())


def test_a_statement_keeps_the_doubts_confidence() -> None:
    sheet = "| Бухгалтерский баланс | |\n| --- | --- |\n| Итого | 100 |\n"
    result = prescreen_document(sheet, pipeline="tabular", policy=RoutingPolicy())
    assert result.fact_confidence == {}
    assert result.confidence < 1.0


def test_a_text_whose_clauses_cannot_be_judged_goes_to_a_person() -> None:
    # A short letter: every fact is "right" (there are none), so its facts' calibrated
    # probabilities may be high, but it is no contract, and the calibration knows none:
    # the doubts cap its confidence, and a person should look.
    letter = "Письмо\n\nПросим рассмотреть приложенные материалы.\n"
    result = prescreen_document(letter, pipeline="contract", policy=RoutingPolicy())
    assert result.fact_confidence
    assert result.confidence < min(result.fact_confidence.values())
    assert result.route == "manual_review"
    assert "could not judge the clauses" in result.route_reasons[0]
