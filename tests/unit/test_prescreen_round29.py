"""Readings drawn from the twenty-ninth blind round's misses (en_contracts_extra57 and 58: the
kinds CUAD holds, and ends and sums written many ways), written here in other words than the
fixture that showed it: a joint venture's life, "The Venture shall continue until", is its
agreement's term."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, english_dates


def test_a_joint_ventures_life_ends_its_agreement() -> None:
    text = prepare_text(
        "JOINT VENTURE AGREEMENT\n\nThis Joint Venture Agreement is entered into as of May 2, "
        '2006 by and between Alder Homes, Inc. ("Alder") and Corbin Land LLC ("Corbin").'
        + BODY
        + "\n\n1.4 Term. The Venture shall continue until June 30, 2014, unless sooner dissolved "
        "in accordance with Article IX." + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2014, 6, 30)


def _fiscal_contract(naming: str) -> str:
    return (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made as of February 1, 2013 between "
        'Corliss Benefits, Inc. ("Provider") and Ashby County Schools ("Client").\n\n1. '
        '"Fiscal Year" means Client\'s fiscal year, which begins on October 1 of each calendar '
        "year and ends on September 30 of the following calendar year. "
        + naming
        + BODY
        + "\n\n3.1 The initial term of this Agreement shall begin on the date hereof and shall "
        "continue through the last day of Fiscal Year 2015." + BODY
    )


def test_a_term_through_a_named_fiscal_year_ends_as_its_definition_ends_it() -> None:
    text = _fiscal_contract("A Fiscal Year is named by the calendar year in which it ends.")
    assert english_dates(text).ends_on == date(2015, 9, 30)


def test_a_fiscal_year_named_by_its_first_year_ends_in_the_next() -> None:
    text = _fiscal_contract("A Fiscal Year is identified by the calendar year in which it begins.")
    assert english_dates(text).ends_on == date(2016, 9, 30)
