"""Prescreen on the Common Paper and Bonterms standard agreements of tests/fixtures/en_public.

Eight modern English contracts whose deal values stand on a cover page (see the folder's
SOURCES.md), each labelled before the screen read it: the six Common Paper ones had 59 of 84
fields right on their first run, the two Bonterms ones (added after the Common Paper fixes) 24
of 28; all eight 107 of 112 now. Each floor sits at the value measured now or a little under,
so a change that loses a cover page's parties, dates or term fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chalicelib.evaluation import evaluate_corpus
from chalicelib.evaluation.labels import OWN_LABELS
from tests.limits import PRODUCTION_LIMITS

pytestmark = pytest.mark.corpus

_CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "en_public"
# Measured: parties, the three dates, renewal, law, cap and assignment 1.00; convenience F1 0.75.
FLOORS: dict[str, float] = {
    "en.parties": 1.0,
    "en.agreement_date": 1.0,
    "en.effective_date": 1.0,
    "en.expiration_date": 1.0,
    "en.renewal_term": 1.0,
    "en.governing_law": 1.0,
    "en.cap_on_liability": 1.0,
    "en.anti_assignment": 1.0,
    "en.termination_for_convenience": 0.7,
}


@pytest.fixture(scope="module")
def evaluation() -> dict[str, Any]:
    if not (_CORPUS / OWN_LABELS).is_file():
        pytest.skip(f"no {OWN_LABELS} in {_CORPUS}")
    return evaluate_corpus(_CORPUS, limits=PRODUCTION_LIMITS, workers=1)


@pytest.mark.parametrize(("field", "floor"), sorted(FLOORS.items()))
def test_prescreen_cover_page_contract_field_stays_above_its_floor(
    evaluation: dict[str, Any], field: str, floor: float
) -> None:
    assert evaluation["fields"][field]["value"] >= floor
