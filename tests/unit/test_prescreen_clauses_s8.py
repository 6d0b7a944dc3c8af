"""The learned detectors that assist the English rules: termination for convenience
(the rules, or the detector where it is sure) and liquidated damages (the fee and
"penalty" branches gated by the detector), and how their thresholds are chosen."""

from __future__ import annotations

import re

import pytest

from chalicelib.evaluation.train_clauses import (
    ASSISTS,
    CATEGORIES,
    gate_threshold,
    precise_threshold,
)
from chalicelib.prescreen import clauses
from chalicelib.prescreen.clause_model import (
    _TFC_CUES,
    ClauseFinding,
    _AnyOf,
    find_clause_sentences,
    has_trigger,
    shipped_assists,
    shipped_detectors,
)
from chalicelib.prescreen.text import prepare_text

_PADDING = (
    "\n\nThis Agreement is made between the Supplier and the Customer. The Supplier shall "
    "deliver the Goods described in Exhibit A to the Customer's premises. The Customer shall "
    "inspect the Goods within ten days of their delivery and shall notify the Supplier of any "
    "defect that it finds. Each party shall keep the other party's confidential information "
    "secret. This Agreement is governed by the laws of the State of New York."
)


def _stub_assist(
    monkeypatch: pytest.MonkeyPatch, present: bool, evidence: str | None = None
) -> list[str]:
    """Every assisting detector answers `present`; returns the names it was asked for."""
    asked: list[str] = []

    def reading(
        name: str, text: str, *, first: bool = False, low: str | None = None
    ) -> ClauseFinding:
        asked.append(name)
        return ClauseFinding(present, 0.99 if present else 0.001, evidence)

    monkeypatch.setattr(clauses, "assist_finding", reading)
    return asked


def _flag(sentence: str, clause: str) -> bool:
    flag = clauses.find_clauses(prepare_text(sentence + _PADDING), ("en",), can_judge=True)[clause]
    return bool(flag and flag.present)


# --- thresholds, chosen on out-of-fold scores


def test_the_precise_threshold_is_the_lowest_score_still_right_nine_times_in_ten() -> None:
    scores = {f"d{i}": i / 20 for i in range(20)}
    truth = {f"d{i}": i >= 10 or i == 5 for i in range(20)}

    # from the top, 0.5 is the lowest score at which no flagged contract is wrong; at 0.45
    # one is, 10 right in 11 (above 9 in 10); at 0.4 and below fewer than 9 in 10 are
    assert precise_threshold(scores, truth, precision=0.9) == 0.45
    assert precise_threshold(scores, truth, precision=1.0) == 0.5


def test_no_precise_threshold_when_even_the_top_score_is_wrong() -> None:
    assert precise_threshold({"a": 0.9, "b": 0.1}, {"a": False, "b": True}, 0.9) == 1.0


def test_the_gate_keeps_the_share_of_the_contracts_with_the_clause() -> None:
    scores = {f"p{i}": (i + 1) / 40 for i in range(40)} | {"n": 0.001}
    truth = {name: name.startswith("p") for name in scores}

    gate = gate_threshold(scores, truth, recall=0.975)

    assert sum(scores[n] >= gate for n in scores if truth[n]) == 39
    assert gate_threshold({"n": 0.3}, {"n": False}) == 0.0


# --- the shipped model


def test_the_assists_ship_beside_the_deciding_detectors_not_among_them() -> None:
    # the calibration reads the deciding detectors' out-of-fold scores only
    assert set(shipped_detectors()) == set(CATEGORIES.values())
    assists = shipped_assists()
    assert set(assists) == {column for column, _ in ASSISTS.values()}
    assert 0.5 < assists["termination_for_convenience"].threshold < 1.0
    assert 0.0 < assists["liquidated_damages"].threshold < 0.1


def test_a_sentence_that_grants_no_right_is_not_scored_for_convenience() -> None:
    assert not has_trigger(
        "termination_for_convenience", "Upon termination of this Agreement, all fees are due."
    )
    assert has_trigger(
        "termination_for_convenience",
        "The Customer may terminate this Agreement upon thirty days written notice.",
    )


def test_reading_a_text_again_gives_the_same_findings() -> None:
    text = (
        "The Customer may terminate this Agreement at any time upon thirty (30) days prior "
        "written notice. Neither party shall be liable for consequential damages." + _PADDING
    )
    first = find_clause_sentences(text)

    assert find_clause_sentences(text) == first
    assert find_clause_sentences(text, shipped_assists()) == find_clause_sentences(
        text, shipped_assists()
    )


def test_the_first_sentence_at_the_threshold_gives_the_verdict_of_the_best() -> None:
    text = (
        "The Customer shall pay a termination fee. The Supplier may terminate this Agreement "
        "at any time upon thirty (30) days prior written notice. The Customer may terminate "
        "this Agreement for convenience upon sixty (60) days written notice." + _PADDING
    )
    for name, detector in shipped_assists().items():
        best = find_clause_sentences(text, {name: detector})[name]
        first = find_clause_sentences(text, {name: detector}, first=True)[name]

        assert first.present == best.present
        assert first.probability <= best.probability


@pytest.mark.parametrize(
    "low",
    [
        "the company may terminate this agreement at any time upon 30 days' written notice",
        "in the event of a breach, if not cured, either party may terminate for cause",
        "upon the expiration or termination of this agreement, the licence ends",
        "this agreement shall be terminable by either party at will",
    ],
)
def test_a_cue_written_as_its_alternatives_finds_what_one_alternation_finds(low: str) -> None:
    for _, cue in _TFC_CUES:
        assert isinstance(cue, _AnyOf)
        alternation = re.compile("|".join(f"(?:{branch.pattern})" for _, branch in cue.branches))
        assert bool(cue.search(low)) == bool(alternation.search(low))


# --- termination for convenience: the rules, or the detector where it is sure


def test_the_detector_flags_a_grant_the_rules_miss(monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = "The Customer may bring this Agreement to an end by giving three months notice."
    asked = _stub_assist(monkeypatch, present=True, evidence=sentence)

    flag = clauses.find_clauses(prepare_text(sentence + _PADDING), ("en",), can_judge=True)[
        "unilateral_termination"
    ]

    assert asked == ["termination_for_convenience"]
    assert flag is not None and flag.present and flag.evidence == sentence


def test_the_detector_is_not_asked_when_the_rules_find_the_grant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _stub_assist(monkeypatch, present=False)

    assert _flag(
        "The Distributor may terminate this Agreement at any time upon ninety (90) days prior "
        "written notice to the Supplier.",
        "unilateral_termination",
    )
    assert "termination_for_convenience" not in asked


@pytest.mark.parametrize(
    "sentence",
    [
        "Neither party may terminate this Agreement before the end of the Initial Term.",
        "AIG agrees not to terminate this Agreement unless it sells the Company.",
    ],
)
def test_the_detector_cannot_flag_a_right_denied_outright(
    monkeypatch: pytest.MonkeyPatch, sentence: str
) -> None:
    _stub_assist(monkeypatch, present=True, evidence=sentence)

    assert not _flag(sentence, "unilateral_termination")


def test_no_detector_on_a_text_too_short_to_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _stub_assist(monkeypatch, present=True, evidence="x")

    flags = clauses.find_clauses(prepare_text("A short note."), ("en",), can_judge=False)

    assert flags["unilateral_termination"] is None and asked == []


# --- liquidated damages: a fee without its sum needs the detector's agreement; a "penalty"
# needs what is owed


def test_a_fee_without_its_sum_needs_the_detector(monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = (
        "If the Customer terminates early, the Customer shall pay the termination fee set out "
        "in the Order."
    )
    _stub_assist(monkeypatch, present=False)
    assert not _flag(sentence, "penalty")

    _stub_assist(monkeypatch, present=True)
    assert _flag(sentence, "penalty")


@pytest.mark.parametrize(
    "sentence",
    [
        "The Supplier shall pay a penalty in accordance with Exhibit C for each late delivery.",
        "Any penalty for failure to purchase a designated quantity of product shall be "
        "described in Exhibit A.",
        "Changes to the forecast will not affect any applicable penalties described below.",
    ],
)
def test_a_penalty_that_states_nothing_owed_is_no_proof_whatever_the_detector(
    monkeypatch: pytest.MonkeyPatch, sentence: str
) -> None:
    _stub_assist(monkeypatch, present=True)

    assert not _flag(sentence, "penalty")


@pytest.mark.parametrize(
    "sentence",
    [
        "If the Supplier fails to meet the response time, a penalty of 2% will be applied to "
        "that month's fees.",
        "Upon termination in the first year of the Term, the following payment penalties shall "
        "apply: the Licensee shall forfeit the Guarantee.",
    ],
)
def test_a_penalty_of_an_amount_or_penalties_that_apply_are_proof(
    monkeypatch: pytest.MonkeyPatch, sentence: str
) -> None:
    _stub_assist(monkeypatch, present=False)

    assert _flag(sentence, "penalty")


@pytest.mark.parametrize(
    "sentence",
    [
        # the sum is stated: the sentence proves itself
        "Supplier shall pay a penalty of 0.5% of the price of the undelivered Goods for each "
        "week of delay in delivery.",
        "BNL shall pay to VIP a cancellation fee equal to the Minimum Fee multiplied by the "
        "remaining number of months in the then current term.",
        # named as liquidated damages: never gated
        "Customer acknowledges that the Termination Fee is a reasonable approximation of such "
        "damages and shall be deemed to be liquidated damages and not a penalty.",
    ],
)
def test_a_stated_sum_or_named_liquidated_damages_need_no_detector(
    monkeypatch: pytest.MonkeyPatch, sentence: str
) -> None:
    _stub_assist(monkeypatch, present=False)

    assert _flag(sentence, "penalty")


def test_a_model_file_without_assists_vetoes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clauses, "assist_finding", lambda name, text, first=False, low=None: None)

    assert _flag(
        "If the Customer terminates early, the Customer shall pay the termination fee set out "
        "in the Order.",
        "penalty",
    )
