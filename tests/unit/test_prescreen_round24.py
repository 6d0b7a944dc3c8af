"""Readings drawn from the twenty-fourth blind round's misses (en_contracts_extra47 and 48,
half of them in EDGAR's converted text), written here in other words than the fixture that
showed it: a consultant's engagement whose dates end where the brackets name it the
"Consulting Period"."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY


@pytest.mark.parametrize("name", ["Consulting Period", "Engagement Period", "Initial Term"])
def test_a_period_by_its_dates_named_as_the_engagement_ends_the_contract(name: str) -> None:
    text = prepare_text(
        "CONSULTING AGREEMENT\n\nThis Consulting Agreement is entered into as of May 3, 2021 by "
        "and between Alder Labs, Inc. and Jane Corbin.\n\n2. Engagement. The Company engages "
        "the Consultant, and the Consultant agrees to provide the Services, for a period\n"
        "commencing on June 1, 2021 and ending on May 31, 2023 (the\n"
        f'"{name}"), unless terminated earlier under Section 6.' + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2023, 5, 31)
