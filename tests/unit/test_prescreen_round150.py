"""Readings drawn from the hundred-and-fiftieth blind round on, written here in other words
than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen.clauses import RULES
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.stated_cap import find_stated_cap
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_WORKS = (
    "SUBCONTRACT AGREEMENT\n\nThis Subcontract is made as of April 2, 2003 between Halvard "
    'Builders Inc. ("Contractor") and Ruskin Electrical Co. ("Subcontractor").'
)
_LICENCE = (
    "BRAND LICENSE AGREEMENT\n\nThis Agreement is made as of June 1, 2011 between Pellham Brands "
    'LLC ("Licensor") and Corvin Foods Inc. ("Licensee").\n\n3.1 Term. The term of this '
    "Agreement begins on the date hereof and ends on May 31, 2016."
)


def test_a_right_to_end_all_or_any_part_of_this_subcontract_for_convenience() -> None:
    section = (
        "14.2 Convenience. The Contractor may, at any time, and without cause, terminate all or "
        "any part of this Subcontract upon seven (7) days' written notice to Subcontractor."
    )
    assert section_flagged(_WORKS, section, "unilateral_termination")


def test_a_contract_that_grants_no_right_to_renew_has_no_renewal_option() -> None:
    text = (
        _LICENCE
        + BODY
        + "\n\n3.2 No Renewal. This Agreement does not give Licensee any right to renew or extend "
        "the term; any further license shall be on Licensor's then-current terms." + BODY
    )
    flag = screen_english(text).renewal_option
    assert flag is not None
    assert not flag.present


def test_a_sides_option_to_extend_set_off_by_an_aside_with_a_date_in_it() -> None:
    text = (
        _LICENCE
        + BODY
        + "\n\n3.2 Extension. Licensee may, by written notice to Licensor delivered no later "
        "than January 31, 2016, extend the term for one (1) additional year ending May 31, "
        "2017." + BODY
    )
    flag = screen_english(text).renewal_option
    assert flag is not None
    assert flag.present


def test_a_sum_that_no_side_owes_on_an_ending_is_no_agreed_sum() -> None:
    sentence = (
        "no bonus, termination payment or other compensation shall be payable to the consultant "
        "by reason of the expiration or termination of this agreement."
    )
    readers = [
        rule
        for rule in RULES
        if rule.clause == "penalty"
        and rule.language == "en"
        and any(trigger.search(sentence) for trigger in rule.triggers)
    ]
    assert readers  # the sum's name is read ...
    # ... and every rule that reads it turns the sentence away
    assert all(rule.rejects is not None and rule.rejects.search(sentence) for rule in readers)


def test_an_addendum_that_renews_the_term_ends_on_the_renewal_terms_end() -> None:
    text = (
        "EXTENSION ADDENDUM\n\nThis Extension Addendum is entered into as of March 3, 2012 by "
        'and between Oakhurst Inns, Inc. ("Licensor") and Delmont Hospitality LLC ("Licensee").'
        '\n\n1. "Extension Date" means April 1, 2012.\n\n2. The term of the License Agreement '
        "is renewed for a renewal term commencing on the Extension Date and ending on the fifth "
        "(5th) anniversary of the Extension Date." + BODY
    )
    assert english_dates(text).ends_on == date(2017, 4, 1)
    # a renewal that may come ends nothing yet
    conditional = text.replace(
        "2. The term of the License Agreement is renewed",
        "2. The term of the License Agreement ends on March 31, 2012. If the term is renewed",
    ).replace(
        "anniversary of the Extension Date.", "anniversary of the Extension Date, rent rises."
    )
    assert english_dates(conditional).ends_on == date(2012, 3, 31)


def test_a_term_counted_from_a_day_the_definitions_count_from_the_start() -> None:
    text = (
        "DATA CENTER SERVICES AGREEMENT\n\nThis Agreement is made as of September 9, 2005 "
        'between Tarrow Networks Inc. ("Provider") and Elgin Mutual Insurance Co. ("Customer").'
        '\n\n1.4 "Service Commencement Date" means the first day of the first full calendar '
        "month following the date of this Agreement.\n\n9.1 Term. This Agreement shall commence "
        "on the date hereof and shall continue for thirty-six (36) months from the Service "
        "Commencement Date." + BODY
    )
    assert english_dates(text).ends_on == date(2008, 10, 1)


def test_a_schools_first_academic_year_ends_no_contract() -> None:
    text = (
        "PROGRAM SERVICES AGREEMENT\n\nThis Agreement is made as of February 10, 2016 between "
        'Carrick College ("College") and Lumen Course Partners LLC ("Partner").\n\n1.1 The '
        'first Academic Year under this Agreement (the "First Academic Year") begins on August '
        "1, 2016 and ends on July 31, 2017.\n\n6.1 Term. This Agreement shall commence on the "
        "date hereof and shall continue until July 31, 2022." + BODY
    )
    assert english_dates(text).ends_on == date(2022, 7, 31)


def test_an_unlettered_earlier_of_an_event_and_a_date_ends_on_the_date() -> None:
    text = (
        "LETTER OF INTENT\n\nThis Letter of Intent is made as of May 5, 2010 between Varden "
        'Resources Corp. ("Varden") and Ostler Pipeline Ltd. ("Ostler").\n\n9. Term. This '
        "Letter of Intent shall remain in effect until the earlier of the signing of the "
        "Definitive Agreement and October 31, 2010, unless terminated earlier." + BODY
    )
    assert english_dates(text).ends_on == date(2010, 10, 31)


def test_an_order_issued_by_one_company_to_another_names_both_sides() -> None:
    text = prepare_text(
        'PURCHASE ORDER TERMS\n\nThis Purchase Order (this "Order") is issued by Renfrew Water '
        'Utility Company, a Kansas corporation ("Buyer"), to Tamsin Valve Works, Inc., a '
        'Missouri corporation ("Seller"), for the goods described in Schedule 1.\n\n1. Prices.\n'
    )
    assert find_parties_en(text) == (
        Party(name="Renfrew Water Utility Company", role="Buyer"),
        Party(name="Tamsin Valve Works, Inc.", role="Seller"),
    )


def test_binding_terms_that_take_effect_when_both_sides_sign_start_on_the_last_signature() -> None:
    text = (
        "LETTER OF INTENT\n\nMarch 2, 2017\n\nThis letter sets out the terms on which Halloran "
        'Pharma, Inc. ("Halloran") and Vestry Labs Ltd ("Vestry") intend to negotiate.\n\n12. '
        "The Binding Terms shall take effect on the date on which this Letter of Intent has "
        "been signed by both parties." + BODY + "\n\nHALLORAN PHARMA, INC.\nBy: /s/ J. Amos\n"
        "Date: March 2, 2017\n\nVESTRY LABS LTD\nBy: /s/ P. Ward\nDate: March 9, 2017\n"
    )
    assert english_dates(text).starts_on == date(2017, 3, 9)


def test_a_ceiling_on_the_aggregate_liability_with_a_carve_out_is_a_cap() -> None:
    text = (
        "ADVISORY LETTER AGREEMENT\n\nThis letter agreement is made as of June 3, 2009 between "
        'Bramwell Holdings, Inc. (the "Company") and Kestrel Ridge Advisors LLC ("Kestrel").'
        + BODY
        + "\n\n8. Liability. In no event shall the aggregate liability of Kestrel and its "
        "affiliates to the Company exceed the fees paid to Kestrel under this letter agreement, "
        "except to the extent of losses finally judicially determined to have resulted from the "
        "gross negligence, bad faith or willful misconduct of Kestrel." + BODY
    )
    flag = screen_english(text).liability_cap
    assert flag is not None
    assert flag.present
    # a sentence that lifts the bound states none
    lifted = (
        "11. Indemnity. The total liability of the Company under this Section 11 shall not be "
        "limited to the fees paid, and shall extend to all losses of Kestrel."
    )
    assert find_stated_cap(prepare_text(lifted + BODY)) is None
