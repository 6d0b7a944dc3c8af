"""Readings drawn from the forty-seventh and forty-eighth blind rounds' misses
(en_contracts_extra101 to 108: letter agreements, several parties, US governing law written
unusually, convenience written many ways, terms tied to other agreements, effective dates on
events, renewal spread across a contract, Commonwealth firms' drafting), written here in other
words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "DISTRIBUTION AGREEMENT\n\nThis Distribution Agreement is made as of April 2, 2009 by and "
    'between Fenwick Instruments Ltd ("Principal") and Orrin Trade Partners LLC ("Agent").'
)


def test_a_renewal_by_a_letter_the_other_side_countersigns_is_no_automatic_one() -> None:
    assert not section_flagged(
        _HEAD,
        "3.2 Before 1 March in each year the Principal may send the Agent a letter proposing "
        "targets for the following twelve months. If the Agent countersigns that letter and "
        "returns it by 31 March, this Agreement shall be renewed for a further period of twelve "
        "months on the terms of this Agreement as varied by that letter.",
        "auto_renewal",
    )


def test_a_notice_that_expires_on_a_months_last_day_still_ends_the_contract_at_will() -> None:
    assert section_flagged(
        _HEAD,
        "13.1 Either party may terminate this Agreement at any time by giving the other not less "
        "than two months' written notice, such notice to expire on the last day of a calendar "
        "month.",
        "unilateral_termination",
    )


def test_a_notice_that_expires_at_the_end_of_a_year_of_the_term_is_no_convenience() -> None:
    assert not section_flagged(
        _HEAD,
        "2.2 This Agreement shall continue for an initial period of two (2) years and shall "
        "thereafter continue from year to year unless and until terminated by either party "
        "giving to the other not less than sixty (60) days' written notice to expire at the end "
        "of the initial period or at the end of any subsequent year.",
        "unilateral_termination",
    )


def test_no_right_to_end_for_convenience_said_outright() -> None:
    assert not section_flagged(
        _HEAD,
        "15.3 This agreement may be ended only under this clause 15. Neither party is entitled "
        "to terminate this agreement for convenience.",
        "unilateral_termination",
    )


def test_an_end_the_members_agree_on_together_is_no_convenience() -> None:
    assert not section_flagged(
        _HEAD,
        "14.1 This Agreement may be terminated at any time by the unanimous written agreement "
        "of the Members.",
        "unilateral_termination",
    )


def test_a_period_that_ends_at_an_hour_in_a_named_zone() -> None:
    text = (
        _HEAD + '\n\n1.3 "Trial Period" means the period beginning on the Effective Date and '
        'ending at 5:00 p.m. Pacific Time on December 15, 2009.\n\n1.4 "Effective Date" means '
        "April 2, 2009." + BODY + "\n\n9.1 This Agreement commences on the Effective Date and "
        "continues until the end of the Trial Period, unless terminated earlier." + BODY
    )
    assert english_dates(text).ends_on == date(2009, 12, 15)


def test_an_effective_date_defined_as_an_event_the_definition_then_dates() -> None:
    text = (
        "TRADEMARK LICENSE AGREEMENT\n\nThis Trademark License Agreement is entered into by and "
        'between Dorrance Foods, Inc. ("Licensor") and Pellham Brands LLC ("Licensee").'
        '\n\n1.2 "Effective Date" means the Closing Date under the Purchase Agreement, which the '
        "parties acknowledge is March 31, 2012.\n\n2.1 This Agreement shall commence on the "
        "Effective Date and shall continue for an initial term of five (5) years." + BODY
    )
    dates = english_dates(text)
    assert (dates.starts_on, dates.ends_on) == (date(2012, 3, 31), date(2017, 3, 31))


def test_a_term_that_begins_on_the_first_of_the_month_after_both_sign() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nThis letter agreement sets forth the terms on which Halden "
        'Biotech, Inc. (the "Company") will engage Brennan Advisory LLC ("Consultant").\n\n2. '
        "The term of this Agreement will begin on the first day of the calendar month "
        "immediately following the date on which this Agreement has been signed by both the "
        "Company and the Consultant and will end on the first anniversary of that day."
        + BODY
        + "\n\nHalden Biotech, Inc.\nBy: /s/ Mara Quill\nDate: October 3, 2016"
        + "\n\nBrennan Advisory LLC\nBy: /s/ Paul Brennan\nDate: October 11, 2016"
    )
    assert english_dates(text).starts_on == date(2016, 11, 1)


def test_a_payment_schedules_first_day_starts_no_term() -> None:
    text = (
        "ENGAGEMENT LETTER\n\nMarch 1, 2010\n\nThis letter agreement is made as of March 1, 2010 "
        'between Talbot Ridge Capital LLC ("Advisor") and Coyle Systems, Inc. (the "Company").'
        "\n\n4. Fees. The Company will pay a monthly advisory fee of $20,000, payable in advance "
        "on the first business day of each month beginning May 3, 2010.\n\n8. The engagement will "
        "commence on the date of this Agreement and will continue for twelve (12) months." + BODY
    )
    dates = english_dates(text)
    assert dates.starts_on != date(2010, 5, 3)
    assert dates.ends_on == date(2011, 3, 1)


def test_sides_listed_under_parties_without_numbers_each_ending_in_its_role() -> None:
    text = (
        "SERVICES AGREEMENT\n\nDate: 9 May 2011\n\nParties\n\nBarrow Creek Mining Pty Ltd "
        "ACN 111 222 333 of 1 Hay Street, Perth WA 6000 (Principal)\n\nKestrel Drilling Services "
        "Pty Ltd (ACN 444 555 666) of 9 Rail Road, Kalgoorlie WA 6430 (Contractor)\n\n"
        "Background\n\nA. The Principal operates a mine." + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == ["Barrow Creek Mining Pty Ltd", "Kestrel Drilling Services Pty Ltd"]
