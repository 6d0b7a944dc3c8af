"""Readings drawn from the twenty-ninth blind round's misses (en_contracts_extra57 and 58: the
kinds CUAD holds, and ends and sums written many ways), written here in other words than the
fixture that showed it: a joint venture's life, "The Venture shall continue until", is its
agreement's term."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY


def test_a_joint_ventures_life_ends_its_agreement() -> None:
    text = prepare_text(
        "JOINT VENTURE AGREEMENT\n\nThis Joint Venture Agreement is entered into as of May 2, "
        '2006 by and between Alder Homes, Inc. ("Alder") and Corbin Land LLC ("Corbin").'
        + BODY
        + "\n\n1.4 Term. The Venture shall continue until June 30, 2014, unless sooner dissolved "
        "in accordance with Article IX." + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2014, 6, 30)
