"""The learned renewal-term detector: how it is trained (its truth, its positives, its
trigger words). It ships beside the assists but no rule consults it yet: what it adds on
train, out of fold, is renewals by choice (an option, a mutual extension), which the
auto-renewal fact does not count (`test_prescreen_clauses`); see `train_clauses`."""

from __future__ import annotations

import pytest

from chalicelib.evaluation.train_clauses import (
    ALSO_POSITIVE,
    ASSISTS,
    _truth,
    examples_for,
)
from chalicelib.prescreen import clauses
from chalicelib.prescreen.clause_model import has_trigger, shipped_assists
from chalicelib.prescreen.text import prepare_text

_PADDING = (
    "\n\nThis Agreement is made between the Supplier and the Customer. The Supplier shall "
    "deliver the Goods described in Exhibit A to the Customer's premises. The Customer shall "
    "inspect the Goods within ten days of their delivery and shall notify the Supplier of any "
    "defect that it finds. Each party shall keep the other party's confidential information "
    "secret. This Agreement is governed by the laws of the State of New York."
)


def test_the_auto_renewal_rules_consult_no_renewal_detector() -> None:
    # a renewal by choice is no automatic renewal, whatever the detector makes of it
    assert "auto_renewal" not in clauses._EN_ASSISTED
    flag = clauses.find_clauses(
        prepare_text(
            "Licensee shall have the option to renew this Agreement for an additional three (3) "
            "year period by giving prior written notice." + _PADDING
        ),
        ("en",),
        can_judge=True,
    )["auto_renewal"]

    assert flag is not None and not flag.present


# --- training: the detector's truth is the eval's


def test_any_renewal_length_is_a_renewal_as_the_eval_reads_it() -> None:
    labels = {"a": {"renewal_term": "successive 1 year"}, "b": {"renewal_term": ""}}

    assert _truth(labels, "renewal_term", "a") is True
    assert _truth(labels, "renewal_term", "b") is False
    # a Yes/No column is read as before
    assert _truth({"c": {"non_compete": "Yes"}}, "non_compete", "c") is True


def test_the_renewal_detector_assists_precisely() -> None:
    assert ASSISTS["Renewal Term"] == ("renewal_term", "precise")
    assert 0.5 < shipped_assists()["renewal_term"].threshold < 1.0


def test_the_notice_that_stops_a_renewal_is_learned_as_the_renewal() -> None:
    assert "Notice Period To Terminate Renewal" in ALSO_POSITIVE["Renewal Term"]
    notice = (
        "This Agreement shall continue for successive one-year terms unless either party "
        "gives notice of non-renewal at least sixty days before the end of the term."
    )
    other = "The Supplier shall extend its warranty to the replacement parts of this Agreement."
    examples = examples_for(
        "Renewal Term",
        {"d": [notice, other]},
        {"d": {"Notice Period To Terminate Renewal": [notice]}},
    )

    assert [e.positive for e in examples].count(True) == 1


# --- which sentences are scored


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall automatically renew for successive one (1) year terms.",
        "The Term may be extended by the Distributor for an additional two year period.",
        "Thereafter, this Agreement shall continue from year to year until terminated.",
    ],
)
def test_a_term_that_runs_on_is_scored(sentence: str) -> None:
    assert has_trigger("renewal_term", sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        # "extent" is not "extend": the commonest false trigger of a contract
        "Each party shall comply with applicable law to the extent required by this Agreement.",
        # a renewal of something other than the agreement or its term
        "The Licensor shall renew the registrations of the Licensed Marks at its own cost.",
    ],
)
def test_a_sentence_about_something_else_is_not_scored(sentence: str) -> None:
    assert not has_trigger("renewal_term", sentence)
