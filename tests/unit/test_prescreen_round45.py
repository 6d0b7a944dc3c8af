"""Readings drawn from the forty-fifth and forty-sixth blind rounds' misses
(en_contracts_extra93 to 100: foreign governing laws, energy and transport terms, public and
academic contracts, late-1990s exhibits, renewal and extension written many ways, agreed sums in
licensing and franchising, and two mixes of CUAD's kinds), written here in other words than the
fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "MARKETING AGREEMENT\n\nThis Marketing Agreement is entered into as of June 1, 2012 by and "
    'between Carrow Media, Inc. ("Carrow") and Stilwell Outdoor LLC ("Stilwell").'
)


def test_a_renewal_on_the_same_terms_for_further_periods_runs_on_by_itself() -> None:
    assert section_flagged(
        _HEAD,
        "5.2 Renewal. Upon the expiration of the Initial Term, this Agreement shall be renewed "
        "on the same terms and conditions for further periods of three (3) years each, unless "
        "either party tells the other in writing, at least sixty (60) days before the end of "
        "the then-current period, that it does not wish to renew.",
        "auto_renewal",
    )


def test_a_renewal_the_other_side_accepts_on_request_is_no_automatic_one() -> None:
    assert not section_flagged(
        _HEAD,
        "5.2 Either party may ask the other to renew this Agreement. If the other party accepts "
        "the request in writing within thirty (30) days after receiving it, this Agreement will "
        "be renewed for a further term of two (2) years on the same terms.",
        "auto_renewal",
    )


def test_an_indefinite_period_after_the_first_term_with_notice_to_end_it_renews() -> None:
    assert section_flagged(
        _HEAD,
        "13.1 This Agreement shall continue for an initial period of twenty-four (24) months "
        '(the "Initial Term"). After the Initial Term, this Agreement shall continue for an '
        "indefinite period, and either party may end it by giving the other party not less than "
        "three (3) months' written notice.",
        "auto_renewal",
    )


def test_a_notices_earliest_end_is_not_the_term() -> None:
    text = (
        "SERVICES AGREEMENT\n\nTHIS AGREEMENT is dated 2 June 2011 between Harlow Data Limited "
        '("Supplier") and Penrith Mutual plc ("Customer").\n\n"Go-Live Date": 1 July 2011.\n\n'
        '"Initial Term": the period of four years beginning on the Go-Live Date.\n\n2.1 This '
        "agreement shall take effect on the Go-Live Date and shall continue for the Initial "
        "Term." + BODY + "\n\n10.1 The Customer may terminate this agreement by giving not less "
        "than three months' written notice, provided that such notice shall not expire before "
        "the date 24 months after the Go-Live Date." + BODY
    )
    assert english_dates(text).ends_on == date(2015, 7, 1)


def test_an_agreement_that_calls_itself_by_its_short_name_sets_its_term() -> None:
    text = (
        "MATERIAL TRANSFER AND RESEARCH AGREEMENT\n\nThis Material Transfer Agreement (this "
        '"MTA") is made by and between Orland Biologics, Inc. ("Provider") and Westmere '
        'Research Foundation ("Recipient").' + BODY + "\n\n6.1 This MTA shall become effective "
        'on March 3, 2014 (the "Effective Date") and shall expire twenty-four (24) months after '
        "the Effective Date." + BODY
    )
    assert english_dates(text).ends_on == date(2016, 3, 3)


def test_a_length_after_the_day_an_event_happens_gives_no_end() -> None:
    text = (
        _HEAD + BODY + "\n\n3.1 This Agreement shall be effective as of the date first written "
        "above and shall expire fifteen (15) years after the date on which the Store first opens "
        "for business to the public." + BODY
    )
    assert english_dates(text).ends_on is None


def test_a_letter_to_a_professor_names_its_two_sides_before_its_first_paragraph() -> None:
    text = (
        "KESTREL GENOMICS, INC.\n100 Harbor Way\nBoston, Massachusetts 02110\n\nMarch 2, 2015\n\n"
        "Professor Daniel R. Whitcombe, Ph.D.\nDepartment of Chemistry\nNorthgate State "
        "University\n\nDear Professor Whitcombe:\n\nThis letter agreement sets forth the terms on "
        'which you, Daniel R. Whitcombe, Ph.D. ("Advisor" or "you"), will advise Kestrel '
        'Genomics, Inc., a Delaware corporation (the "Company").\n\n1. Services. You will advise '
        "the Company on request.\n\n2. Your University. You are a member of the faculty of "
        'Northgate State University (the "University"), which is not a party to this letter.' + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == ["Daniel R. Whitcombe", "Kestrel Genomics, Inc."]


def test_a_letter_to_ladies_and_gentlemen_names_the_side_it_buys_from() -> None:
    text = (
        "DUNMORE GAS MARKETING, LLC\n1 Travis Street\nHouston, Texas 77002\n\nMay 6, 2012\n\n"
        "Pecos Flat Resources, L.P.\n200 Main Street\nMidland, Texas 79701\n\nLadies and "
        'Gentlemen:\n\nThis letter agreement (this "Agreement") sets out the terms on which '
        'Dunmore Gas Marketing, LLC ("Buyer") will purchase from Pecos Flat Resources, L.P. '
        '("Seller") natural gas produced from the Leases.\n\n1. Definitions.' + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == ["Dunmore Gas Marketing, LLC", "Pecos Flat Resources, L.P."]
