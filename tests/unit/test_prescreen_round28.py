"""Readings drawn from the twenty-eighth blind round's misses (en_contracts_extra55 and 56: how
parties and dates are written, and long documents), each written here in other words than
the fixture that showed it: an energy contract's end "at the end of the Day on", a
termination the contract forbids and names "a termination without cause", and "No penalty,
termination fee or other payment" denied with a comma."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, section_flagged

_HEAD = (
    "GAS MARKETING AGREEMENT\n\nThis Gas Marketing Agreement is entered into as of April 1, "
    '2010 by and between Alder Gas, L.P. ("Producer") and Corbin Marketing, L.P. ("Marketer").'
)


def test_an_end_at_the_end_of_the_gas_day_on_a_date() -> None:
    text = prepare_text(
        _HEAD
        + BODY
        + "\n\n5.1 Term. This Agreement shall be effective as of May 1, 2010 and shall continue "
        "in effect for a primary term ending at the end of the Gas Day on April 30, 2015." + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2015, 4, 30)


def test_a_termination_the_contract_forbids_is_no_right_to_end_it() -> None:
    assert not section_flagged(
        _HEAD,
        "10.3 Any termination by Marketer other than in accordance with Section 10.1 is a "
        "termination without cause and a material breach of this Agreement.",
        "unilateral_termination",
    )


def test_no_penalty_termination_fee_or_other_payment_is_a_denial() -> None:
    # (beside a right to end early, as the fixture had it, which the learned gate reads)
    assert not section_flagged(
        _HEAD,
        "12.3 Either party may terminate this Agreement without cause at any time after the end "
        "of the third (3rd) Contract Year by giving the other party one hundred eighty (180) "
        "days' prior written notice. No penalty, termination fee or other payment shall be due "
        "from either party by reason of a termination under this Section 12.3, other than "
        "amounts accrued under Article 5 through the effective date of termination.",
        "penalty",
    )
