"""A term counted in the contract's own years ("the end of the fifth (5th) Contract Year")."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

_OPENING = (
    'This Agreement is entered into as of February 1, 2004 (the "Effective Date") by and '
    "between Larkfield Foods, Inc. and Brennan Stores LLC.\n\n"
)
_BODY = (
    "\n\n2. Services. The Supplier shall supply the Products in accordance with the orders.\n\n"
    "3. Fees. The Buyer shall pay the invoices within thirty (30) days.\n\n"
)


@pytest.mark.parametrize(
    ("definition", "term", "end"),
    [
        pytest.param(
            '"Contract Year" means each calendar year during the Term. The first Contract Year is '
            "the calendar year 2004.",
            "The term of this Agreement shall commence on the Effective Date and shall expire on "
            "the last day of the third (3rd) Contract Year.",
            date(2006, 12, 31),
            id="calendar years, the first one written",
        ),
        pytest.param(
            '"Program Year" means each calendar year beginning January 1, 2005, the first Program '
            "Year being the calendar year 2005; the period from the Effective Date through "
            'December 31, 2004 shall be referred to as the "Transition Period".',
            "The term of this Agreement shall commence on the Effective Date and shall continue "
            "until the last day of the seventh (7th) Program Year.",
            date(2011, 12, 31),
            id="calendar years, the first one written after a short period",
        ),
        pytest.param(
            '"Program Year" means (a) the period from the Effective Date through December 31, '
            "2004, and (b) each calendar year thereafter during the Term.",
            "The term of this Agreement shall commence on the Effective Date and shall end at the "
            "close of the fourth (4th) Program Year.",
            date(2007, 12, 31),
            id="a first short year, then calendar years",
        ),
        pytest.param(
            '"Agreement Year" means each consecutive twelve (12) month period beginning on the '
            "Effective Date or an anniversary of it.",
            "This Agreement shall remain in effect from the Effective Date through the end of the "
            "second (2nd) Agreement Year.",
            date(2006, 2, 1),
            id="years of twelve months from the start",
        ),
        pytest.param(
            '"Contract Year" means a period of twelve (12) consecutive Months beginning on July 1 '
            "of a calendar year and ending on June 30 of the following calendar year; provided "
            'that the first Contract Year shall begin on the Commencement Date.\n\n"Commencement '
            'Date" means September 1, 2004.',
            "This Agreement shall remain in full force and effect from the Effective Date through "
            "the end of the fifth (5th) Contract Year.",
            date(2009, 6, 30),
            id="years between two days of the calendar, the first from a named day",
        ),
        pytest.param(
            '"Contract Year" means each twelve (12) month period beginning on July 1 and ending '
            "on June 30, corresponding to Purchaser's fiscal year; provided that the first "
            "Contract Year shall begin on July 1, 2004.",
            "The term of this Agreement shall commence on the Effective Date and shall continue "
            "through the last day of the twentieth (20th) Contract Year.",
            date(2024, 6, 30),
            id="years between two days of the calendar, the first from a day written",
        ),
        pytest.param(
            '"Contract Year" means each consecutive period of twelve (12) months beginning on the '
            "Effective Date or on an anniversary of the Effective Date.",
            "This Agreement shall commence on the Effective Date and continue for three (3) "
            'Contract Years (the "Initial Term").',
            date(2007, 2, 1),
            id="for a number of twelve-month years",
        ),
        pytest.param(
            '"License Year" means (a) for the first License Year, the period beginning on the '
            "Effective Date and ending on December 31, 2005, and (b) for each subsequent License "
            "Year, the twelve-month period beginning on January 1 and ending on December 31 of the "
            "same calendar year.",
            "The term of this Agreement shall commence on the Effective Date and shall continue "
            "for four (4) License Years.",
            date(2008, 12, 31),
            id="a first year dated, then years between two days",
        ),
        pytest.param(
            '"Agreement Year" means each period from July 1 through the following June 30 during '
            "the Term; provided, however, that the first Agreement Year shall begin on the date "
            "of this Agreement and end on June 30, 2005.",
            "This Agreement shall continue in full force and effect through the last day of the "
            "second (2nd) Agreement Year.",
            date(2006, 6, 30),
            id="years from one day through the following one, the first dated",
        ),
    ],
)
def test_a_term_ends_with_its_nth_contract_year(definition: str, term: str, end: date) -> None:
    text = prepare_text(_OPENING + "1. " + definition + _BODY + "9. Term. " + term)
    assert find_contract_dates(text, english=True).ends_on == end


def test_a_first_year_written_needs_no_start() -> None:
    opening = (
        "THIS LICENSE AGREEMENT is made this ____ day of ______________, 1999, by and between "
        "Puddle Pictures Limited and Harbor Garment Co., Inc.\n\n"
    )
    definition = (
        '"Contract Year" means each of the following periods: the first Contract Year shall '
        "begin on the date of this Agreement and end on December 31, 2000; and each subsequent "
        "Contract Year shall be the calendar year beginning on January 1 following the end of "
        'the preceding Contract Year.\n\n1.6 "Term" means the period of three (3) Contract '
        "Years, unless this Agreement is terminated earlier."
    )
    dates = find_contract_dates(prepare_text(opening + "1. " + definition + _BODY), english=True)
    assert (dates.starts_on, dates.ends_on) == (None, date(2002, 12, 31))


def test_a_year_that_runs_from_an_undated_event_gives_no_end() -> None:
    definition = (
        '"Contract Year" shall mean a period commencing on the Commencement Date and ending on '
        "the same day and calendar month of the following calendar year and thereafter for "
        'succeeding periods of twelve (12) consecutive Months each.\n\n"Commencement Date" '
        "means the date on which the Facilities are first placed in service."
    )
    term = (
        "This Agreement shall commence on the Effective Date and continue in full force and "
        "effect until the end of the fifteenth (15th) Contract Year."
    )
    text = prepare_text(_OPENING + "1. " + definition + _BODY + "9. Term. " + term)
    assert find_contract_dates(text, english=True).ends_on is None


def test_a_contract_year_in_another_clause_sets_no_term() -> None:
    definition = '"Contract Year" means each calendar year during the Term.'
    other = "The minimum purchase shall be reviewed at the end of the second (2nd) Contract Year."
    text = prepare_text(_OPENING + "1. " + definition + _BODY + "5. Minimums. " + other)
    assert find_contract_dates(text, english=True).ends_on is None
