"""Readings drawn from the twenty-third blind round's misses (en_contracts_extra45 and 46:
terms, renewals, governing law and sums due), each written here in other words than the
fixture that showed it: a term that goes on after its first period until terminated, a
notice that ends the term only at a period's end, a season's end, and "delay damages" that
are interest on money paid late. And four left over from earlier rounds: a consultant's term
named by the service ("the Consulting Period"), an anniversary "of such date", and an
extension letter's "is hereby extended for one (1) additional year ... ending on"."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, clause_present, english_dates, section_flagged

_HEAD = (
    "RESELLER AGREEMENT\n\nThis Reseller Agreement is entered into and made effective as of "
    'March 1, 2012 (the "Effective Date") by and between Alder Labs, Inc. ("Alder") and Corbin '
    'Media LLC ("Corbin").'
)


@pytest.mark.parametrize(
    "after", ["After the expiration of the Initial Term", "Following the Initial Term"]
)
def test_a_term_that_goes_on_until_terminated_after_its_first_period_ends_and_renews(
    after: str,
) -> None:
    text = (
        _HEAD
        + BODY
        + "\n\n5.1 Term. This Agreement shall have an initial term of two (2) years commencing "
        f'on the Effective Date (the "Initial Term"). {after}, this Agreement shall remain in '
        "full force and effect until terminated by either party under Section 6." + BODY
    )
    assert english_dates(text).ends_on == date(2014, 3, 1)
    assert clause_present(text, "auto_renewal")


def test_a_contract_that_runs_until_terminated_from_its_first_day_has_no_end() -> None:
    text = (
        _HEAD
        + BODY
        + "\n\n5.1 Term. This Agreement shall continue in effect until terminated by either "
        "party under Section 6. The first review of the program shall take place two (2) years "
        "after the Effective Date." + BODY
    )
    assert english_dates(text).ends_on is None


def test_a_notice_that_ends_the_term_only_at_a_periods_end_is_no_convenience() -> None:
    text = (
        _HEAD
        + BODY
        + "\n\n3.1 This Agreement shall remain in effect for a primary term ending March 31, "
        "2020 and shall continue from year to year thereafter until terminated by either party "
        "upon six (6) months' prior written notice, effective at the end of the primary term or "
        "at the end of any annual extension period." + BODY
    )
    assert not clause_present(text, "unilateral_termination")


def test_a_seasons_end_is_not_the_years_end() -> None:
    text = prepare_text(
        _HEAD
        + BODY
        + '\n\n1.4 "2013 Season" means the races of the Circuit held between March 1, 2013 and '
        "October 15, 2013.\n\n2.1 Term. The term of this Agreement shall commence on the "
        "Effective Date and continue through the end of the 2013 Season." + BODY
    )
    assert find_contract_dates(text, english=True).ends_on != date(2013, 12, 31)


@pytest.mark.parametrize(
    ("sentence", "agreed"),
    [
        # interest on money paid late, whatever it is called
        (
            "4.3 Overdue amounts shall bear delay damages at the rate of twelve percent (12%) "
            "per annum until paid in full.",
            False,
        ),
        (
            "7.2 Should an audit disclose an underpayment, the Licensee shall pay the shortfall "
            "together with delay damages under Section 4.3.",
            False,
        ),
        # delay damages for work done late are agreed damages
        (
            "9.4 If the Contractor fails to achieve Completion by the Completion Date, the "
            "Contractor shall pay delay damages of $2,500 for each day of delay.",
            True,
        ),
    ],
)
def test_delay_damages_on_money_paid_late_are_interest(sentence: str, agreed: bool) -> None:
    assert section_flagged(_HEAD, sentence, "penalty") is agreed


@pytest.mark.parametrize("name", ["Consulting Period", "Initial Consulting Period"])
def test_a_consultants_term_named_by_the_service_ends_the_contract(name: str) -> None:
    text = prepare_text(
        "CONSULTING AGREEMENT\n\nThis Consulting Agreement is entered into and made effective as "
        'of April 2, 2019 (the "Effective Date") by and between Alder Labs, Inc. and Jane '
        "Corbin.\n\n1. Services. The Consultant shall provide the Services during the period "
        "commencing on the Effective Date and continuing for eighteen (18) months thereafter "
        f'(the "{name}").' + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2020, 10, 2)


def test_an_anniversary_of_such_date_counts_from_the_start_the_sentence_gave() -> None:
    text = prepare_text(
        _HEAD
        + BODY
        + "\n\n10.1 Term. The term of this Agreement shall commence on the Effective Date and "
        "shall expire on the third (3rd) anniversary of such date, unless terminated earlier."
        + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2015, 3, 1)


def test_an_extension_this_letter_makes_ends_where_it_says() -> None:
    text = prepare_text(
        "Alder Labs, Inc.\n\nNovember 20, 2017\n\nCorbin Advisory LLC\n\nRe: Extension of "
        "Consulting Agreement\n\nDear Ms. Corbin:\n\n1. The term of the Consulting Agreement "
        "is hereby extended for one (1) additional year, commencing on January 1, 2018 and "
        'ending on December 31, 2018 (the "Extended Term").' + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2018, 12, 31)


@pytest.mark.parametrize(
    "sentence",
    [
        "4.6 No Party shall owe any other Party a termination fee or penalty by reason of a "
        "termination under this Section 4.",
        "6.3 Any refund under this Section is an adjustment of the fees and is not a penalty or "
        "liquidated damages.",
    ],
)
def test_liquidated_damages_denied_are_none(sentence: str) -> None:
    assert not section_flagged(_HEAD, sentence, "penalty")
