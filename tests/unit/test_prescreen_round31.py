"""Readings drawn from the thirty-first blind round's misses (en_contracts_extra61 and 62: terms
written many ways, and governing law across borders), written here in other words than the
fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, english_dates


def test_a_renewal_option_whose_notice_aside_is_long() -> None:
    text = (
        "LICENCE AGREEMENT\n\nTHIS AGREEMENT is made on 2 June 2014 between Harrowgate Marks "
        "Limited (Licensor) and Poldark Goods, Inc. (Licensee)."
        + BODY
        + "\n\n3.2 The Licensee may, by giving written notice to the Licensor not less than "
        "nine months before the expiry of the Initial Term or of any Renewal Term then "
        "current, renew this agreement for a further period of three years (each a "
        '"Renewal Term").' + BODY
    )
    flag = find_renewal_option(prepare_text(text), can_judge=True)
    assert flag is not None and flag.present


def test_the_term_of_a_renewals_successor_franchise_is_not_the_first_term() -> None:
    text = (
        "FRANCHISE AGREEMENT\n\nThis Franchise Agreement is made as of June 3, 2016 between "
        'Brightpath Learning Inc. (the "Franchisor") and 2291804 Ontario Inc. (the '
        '"Franchisee").'
        + BODY
        + "\n\n3.1 Term. The term of this Agreement commences on the date of this Agreement and "
        "expires on the eighth (8th) anniversary of the date of this Agreement.\n\n3.2 Renewal. "
        "The Franchisee may renew the franchise for one (1) additional term, provided that "
        "(a) it is not in default; and (b) it signs the Franchisor's then-current form of "
        "franchise agreement, except that the term shall be four (4) years." + BODY
    )
    assert english_dates(text).ends_on == date(2024, 6, 3)
