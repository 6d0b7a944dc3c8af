"""Readings drawn from the hundred-and-eighteenth blind round on, written here in other words
than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import (
    BODY,
    accepts,
    agreed_sum_readers,
    english_dates,
    screen_english,
    section_flagged,
)

_LEASE = (
    "EQUIPMENT LEASE\n\nThis Equipment Lease is made as of May 4, 2006 between Ferrand Leasing "
    'Corp. ("Lessor") and Ostrava Foods, Inc. ("Lessee").'
)


def test_an_early_termination_option_with_notice_timed_against_its_date_is_a_convenience() -> None:
    section = (
        "12. EARLY TERMINATION OPTION\n\nLessee may terminate this Lease as to all of the "
        "Equipment effective on the last day of any calendar quarter after June 30, 2008 by "
        "giving Lessor written notice at least six (6) months before the termination date "
        "stated in the notice, together with the Termination Value for that date."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")
    # an order placed under the contract is not the contract
    order = (
        "12. ORDERS\n\nLessee may cancel any Equipment Schedule not yet accepted by written "
        "notice given not less than thirty (30) days before the scheduled delivery date."
    )
    assert not section_flagged(_LEASE, order, "unilateral_termination")


def test_a_one_time_right_to_end_a_lease_on_a_date_noticed_by_another_is_a_convenience() -> None:
    section = (
        "3.5 Termination Right. Tenant shall have a one-time right to terminate this Lease "
        'effective as of June 30, 2014 (the "Early Termination Date") by giving Landlord written '
        "notice not later than December 31, 2013, together with a termination payment of "
        "$42,000."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")


def test_the_proviso_that_no_default_is_continuing_names_no_cause() -> None:
    section = (
        "17.2 Early Termination. Provided that no Event of Default has occurred and is "
        "continuing, Lessee may terminate this Lease on any Rent Payment Date after the "
        "twenty-fourth (24th) Rent Payment Date by giving Lessor ninety (90) days' prior written "
        "notice and paying the Termination Value."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")
    # a right that a default opens is for cause
    for_cause = (
        "17.2 Remedies. If an Event of Default has occurred and is continuing, Lessor may "
        "terminate this Lease upon ten (10) days' prior written notice to Lessee."
    )
    assert not section_flagged(_LEASE, for_cause, "unilateral_termination")


def test_a_list_item_open_after_an_anniversary_for_any_or_no_reason_is_a_convenience() -> None:
    section = (
        "7.1 By Licensee. Licensee may terminate this Agreement by notice to Licensor (a) if any "
        "permit needed to operate the Equipment is finally denied; (b) if the Site is destroyed "
        "or becomes unusable; or (c) at any time after the second (2nd) anniversary of the "
        "Effective Date, for any reason or for no reason, upon ninety (90) days' prior written "
        "notice."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")
    only_events = section.split("; or (c)", maxsplit=1)[0] + "."
    assert not section_flagged(_LEASE, only_events, "unilateral_termination")


_SUPPLY = (
    "POINTS PURCHASE AGREEMENT\n\nThis Agreement is made as of March 4, 2013 between Corliss "
    'Rewards LLC ("Program Owner") and Tavener Commerce Inc. ("Purchaser").'
)


def test_a_right_open_only_after_the_other_sides_notice_of_an_event_is_no_convenience() -> None:
    section = (
        "6.6 Price Change. Purchaser may terminate this Agreement upon thirty (30) days' written "
        "notice given within sixty (60) days after Program Owner's notice of a Price Change."
    )
    assert not section_flagged(_SUPPLY, section, "unilateral_termination")
    # a notice of the termination itself opens no window
    own = (
        "6.6 Convenience. Purchaser may terminate this Agreement upon thirty (30) days' written "
        "notice; Program Owner shall refund prepaid fees within thirty (30) days after "
        "Purchaser's notice of termination."
    )
    assert section_flagged(_SUPPLY, own, "unilateral_termination")


def test_a_termination_that_entitles_no_one_to_a_termination_payment_is_no_agreed_sum() -> None:
    sentence = (
        "termination under this section 6.2 shall not entitle either party to any damages, "
        "compensation or termination payment of any kind."
    )
    readers = agreed_sum_readers(sentence)
    assert readers
    assert not any(accepts(rule, sentence) for rule in readers)


def test_a_contract_in_force_until_either_named_side_ends_it_giving_notice_is_a_convenience() -> (
    None
):
    section = (
        "7.1 This Agreement shall come into force on the Commencement Date and shall continue in "
        "force until terminated by either the Company or the Manager giving to the other not "
        "less than six (6) months' notice in writing."
    )
    assert section_flagged(_SUPPLY, section, "unilateral_termination")


def test_an_evergreen_whose_notice_expires_at_the_end_of_its_first_period_renews() -> None:
    section = (
        "9.1 This agreement shall come into force on the Commencement Date and shall continue "
        "for the Initial Period. Thereafter it shall continue in force unless and until "
        "terminated by either party giving the other not less than six months' written notice, "
        "such notice to expire on the last day of the Initial Period or on any later anniversary "
        "of the Commencement Date."
    )
    assert section_flagged(_SUPPLY, section, "auto_renewal")
    assert not section_flagged(_SUPPLY, section, "unilateral_termination")


def test_cancelling_one_booking_under_the_contract_is_not_ending_it() -> None:
    section = (
        "2.3 Cancellation. Customer may cancel a confirmed training session without charge on at "
        "least fourteen (14) days' notice."
    )
    assert not section_flagged(_SUPPLY, section, "unilateral_termination")


def test_a_treaty_signed_at_a_place_on_each_side_is_made_when_the_last_side_signs() -> None:
    text = (
        "QUOTA SHARE REINSURANCE AGREEMENT\n\nbetween Pellam Casualty Company (the "
        '"Company") and Oriel Re Ltd. (the "Reinsurer")\n\nARTICLE 2 - TERM\n\nThis Agreement '
        "shall become effective at 12:01 a.m., Eastern Standard Time, January 1, 2006 (the "
        '"Effective Date").' + BODY + "\n\nIN WITNESS WHEREOF, the parties hereto, by their "
        "respective duly authorized officers, have executed this Agreement in duplicate as of "
        "the dates set forth below.\n\nAt Hartford, Connecticut, this 9th day of March, 2006."
        "\n\nPELLAM CASUALTY COMPANY\n\nBy: /s/ R. Pellam\n    R. Pellam, President\n\nAt "
        "Hamilton, Bermuda, this 14th day of March, 2006.\n\nORIEL RE LTD.\n\nBy: /s/ J. Oriel\n"
        "    J. Oriel, President\n"
    )
    assert english_dates(text).signed_on == date(2006, 3, 14)


_LICENCE = (
    "SPECTRUM LEASE AGREEMENT\n\nThis Agreement is entered into as of May 12, 2009 (the "
    '"Execution Date") between Harl Spectrum LLC ("Licensee") and Ferro Broadband Inc. '
    '("Lessee").\n\n1.1 "Commencement Date" means the later of (a) July 1, 2009 and (b) the '
    "first business day after the Commission accepts the lease notification."
)


def test_a_contract_effective_and_binding_on_the_parties_on_a_named_day_starts_then() -> None:
    text = (
        _LICENCE + "\n\n3.1 Effectiveness. This Agreement shall become effective and binding on "
        "the Parties on the Execution Date.\n\n3.2 Term. The term of the lease shall commence "
        "on the Commencement Date and shall expire on June 30, 2014." + BODY
    )
    assert english_dates(text).starts_on == date(2009, 5, 12)


def test_an_effective_date_defined_as_the_date_written_above_is_the_start_before_a_later_term() -> (
    None
):
    text = (
        "TOWER SITE LEASE\n\nThis Lease is made as of April 2, 2001 between Ardent Towers Inc. "
        '("Lessor") and Calder Wireless LLC ("Lessee").\n\n1.1 "Commencement Date" means June '
        '1, 2001.\n\n1.2 "Effective Date" means the date first written above.\n\n3.1 Initial '
        "Term. The initial term of this Lease shall be five (5) years, commencing on the "
        "Commencement Date." + BODY
    )
    found = english_dates(text)
    assert found.starts_on == date(2001, 4, 2)
    assert found.ends_on == date(2006, 6, 1)


def test_a_contract_in_effect_until_its_delivery_term_ends_ends_with_it() -> None:
    text = (
        "REC PURCHASE AGREEMENT\n\nThis Agreement is made as of February 6, 2018 between "
        'Lonsdale Wind LLC ("Seller") and Ambry Power Inc. ("Buyer").\n\n"Delivery Start Date" '
        "means January 1, 2019.\n\n3.1 Term. This Agreement shall be effective upon its "
        "execution and shall remain in effect until the end of the Delivery Term.\n\n3.2 "
        'Delivery Term. The delivery term (the "Delivery Term") shall commence on the Delivery '
        "Start Date and shall continue for a period of fifteen (15) years thereafter." + BODY
    )
    assert english_dates(text).ends_on == date(2034, 1, 1)


def test_a_cover_term_from_the_date_of_agreement_starts_on_that_date() -> None:
    text = (
        "TRADEMARK LICENSE AGREEMENT\n\nBASIC LICENSE TERMS\n\n1.  Date of Agreement:     "
        "March 3, 1998\n\n2.  Term:                  From the Date of Agreement through\n"
        "                            December 31, 2003\n\nThis Trademark License Agreement is "
        'made between Orrin Brands Corp. ("Licensor") and Dalby Shoes Inc. ("Licensee") on the '
        "Basic License Terms above." + BODY
    )
    found = english_dates(text)
    assert found.starts_on == date(1998, 3, 3)
    assert found.ends_on == date(2003, 12, 31)


def test_a_cover_field_names_the_state_where_federal_law_governs_only_a_part() -> None:
    text = (
        "MASTER SERVICES AGREEMENT\n\nSUMMARY OF KEY TERMS\n\n  Effective Date:       May 1, "
        "2011\n\n  Governing Law:        State of Oklahoma\n\nThis Master Services Agreement is "
        'made between Redbud Energy L.P. ("Company") and Salt Fork Services Inc. '
        '("Contractor").' + BODY + "\n\n10.2 Governing Law. This Agreement shall be governed by "
        "the laws of the state stated in the Summary of Key Terms, except that the general "
        "maritime law of the United States shall apply to any Work performed in navigable "
        "waters." + BODY
    )
    assert screen_english(text).governing_law == "US-OK"


_FUEL = (
    "BIOMASS FUEL SUPPLY AGREEMENT\n\nThis Agreement is made as of February 14, 2012 between "
    'Kestrel Timber LLC ("Supplier") and Northway Power Inc. ("Buyer").'
)


def test_a_right_that_opens_when_another_contract_ends_for_any_reason_is_no_convenience() -> None:
    for event in ("the Facility PPA", "the Power Purchase Agreement for the Facility"):
        section = (
            f"3.4 Facility Events. If {event} terminates for any reason, or the Facility is "
            "permanently retired, Buyer may terminate this Agreement by giving Supplier ninety "
            "(90) days' written notice, and no payment shall be due for any period after the "
            "effective date of termination."
        )
        found = screen_english(_FUEL + BODY + "\n\n" + section + BODY).unilateral_termination
        assert found is not None
        assert not found.present, event


_CHARTER = (
    'BAREBOAT CHARTER\n\nTHIS BAREBOAT CHARTER (this "Charter") is made as of March 2, 2011 '
    'between Halvard Offshore AS ("Owner") and Gulfway Marine LLC ("Charterer").\n\n'
    '"Delivery Date" means April 15, 2011.'
)


def test_a_charter_in_force_from_the_date_hereof_starts_on_its_date() -> None:
    for clause in (
        "This Charter shall take effect and be binding upon both parties from the date hereof.",
        "This Charter shall be effective on and from the date hereof.",
    ):
        text = _CHARTER + "\n\n2.1 " + clause + BODY
        assert english_dates(text).starts_on == date(2011, 3, 2), clause
    affreightment = (
        "CONTRACT OF AFFREIGHTMENT\n\nThis Contract is made as of May 7, 2007 between Skarv "
        'Bulk AS ("Owners") and Calloway Power Inc. ("Charterers").\n\n2.1 This Contract shall '
        "enter into force and be binding on the parties from the date hereof.\n\n2.2 Shipments "
        "shall be made during the period from January 1, 2008 to December 31, 2010." + BODY
    )
    assert english_dates(affreightment).starts_on == date(2007, 5, 7)


def test_a_charter_period_from_the_delivery_date_is_the_charters_term() -> None:
    text = (
        _CHARTER + "\n\n3.1 Charter Period. The Charter Period shall commence on the Delivery "
        "Date and shall expire on the fourth (4th) anniversary of the Delivery Date, unless "
        "sooner terminated in accordance with this Charter." + BODY
    )
    assert english_dates(text).ends_on == date(2015, 4, 15)


def test_an_amendment_that_further_extends_a_term_an_earlier_one_extended_ends_it_anew() -> None:
    text = (
        "AMENDMENT NO. 4 TO SUPPLY AGREEMENT\n\nThis Amendment is made as of October 3, 2012 "
        'between Norcastle Foods Inc. ("Buyer") and Pellway Packaging LLC ("Supplier").\n\n'
        '1. Section 9.1 of the Agreement is replaced by the following: "9.1 Term. The term of '
        "this Agreement began on March 1, 2006 and, having been extended by Amendment No. 3 "
        "through February 28, 2013, is hereby further extended through February 28, 2017 (the "
        '"Term")."' + BODY
    )
    assert english_dates(text).ends_on == date(2017, 2, 28)


def test_liquidated_damages_and_not_a_contractual_penalty_are_an_agreed_sum() -> None:
    sentence = (
        "the parties agree that the shortfall fee is liquidated damages (pauschalierter "
        "schadensersatz) for supplier's unrecovered fixed costs, and not a contractual penalty."
    )
    assert any(accepts(rule, sentence) for rule in agreed_sum_readers(sentence))


def test_a_fee_amortised_over_an_extension_term_leaves_the_early_option_a_convenience() -> None:
    section = (
        "9. Early Termination Option. Tenant shall have a one-time right to terminate the Lease "
        'effective as of May 31, 2021 (the "Early Termination Date") by delivering written '
        "notice to Landlord not later than August 31, 2020, together with payment of a "
        "termination fee equal to the unamortized leasing commissions, amortized on a "
        "straight-line basis over the Extension Term."
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")


def test_an_evergreen_whose_notice_may_expire_any_day_after_its_first_period_is_a_convenience() -> (
    None
):
    section = (
        "2.1 This agreement shall commence on the Commencement Date and shall continue for the "
        "Initial Period and thereafter unless and until terminated by either party giving to "
        "the other not less than three (3) months' written notice, which notice may be given so "
        "as to expire on or at any time after the last day of the Initial Period."
    )
    assert section_flagged(_SUPPLY, section, "unilateral_termination")
    # only at the first period's end or an anniversary: a renewal's notice
    anniversaries = section.replace(
        "on or at any time after the last day of the Initial Period",
        "on the last day of the Initial Period or on any later anniversary of the Commencement "
        "Date",
    )
    assert not section_flagged(_SUPPLY, anniversaries, "unilateral_termination")


def test_a_funds_agreement_effective_with_respect_to_each_fund_starts_on_its_date() -> None:
    text = (
        "INVESTMENT ADVISORY AGREEMENT\n\nThis Agreement is made as of March 1, 2004 between "
        'Larkspur Funds Trust (the "Trust") and Halden Capital LLC (the "Adviser").\n\n9.1 This '
        "Agreement shall become effective with respect to each Fund as of the date first "
        "written above and shall remain in effect for an initial period of two years." + BODY
    )
    assert english_dates(text).starts_on == date(2004, 3, 1)


def test_a_sum_called_an_estimate_of_what_a_side_loses_is_an_agreed_sum() -> None:
    sentence = (
        "the parties agree that the shortfall fee is a reasonable estimate of the margin "
        "supplier loses on the capacity it reserves for buyer, and is not a penalty."
    )
    assert any(accepts(rule, sentence) for rule in agreed_sum_readers(sentence))


def test_an_english_definitions_list_without_quotes_dates_the_terms_end() -> None:
    text = (
        "RESELLER AGREEMENT\n\nTHIS AGREEMENT is dated 14 May 2015 between Ledgerline Limited "
        '("Supplier") and Parrow Systems Limited ("Reseller").\n\n1. DEFINITIONS\n\nIn this '
        "agreement:\n\nCommencement Date: 1 June 2015.\n\nExpiry Date: the third anniversary of "
        "the Commencement Date.\n\n13.1 This agreement shall commence on the Commencement Date "
        "and shall continue until the Expiry Date." + BODY
    )
    assert english_dates(text).ends_on == date(2018, 6, 1)


def test_a_right_on_notice_that_may_not_expire_before_an_anniversary_is_a_convenience() -> None:
    section = (
        "14.1 Either party may terminate this agreement at any time by giving the other party "
        "not less than six months' written notice, provided that such notice shall not expire "
        "before the first anniversary of the Commencement Date."
    )
    assert section_flagged(_SUPPLY, section, "unilateral_termination")


def test_an_effective_date_defined_as_the_date_of_this_agreement_written_above_is_the_start() -> (
    None
):
    text = (
        'CONCESSION AGREEMENT\n\nThis Concession Agreement (this "Agreement") is made and '
        'entered into as of March 8, 2004 by and between Lindell Stores Inc. ("Store") and '
        'Avenna Beauty LLC ("Concessionaire").\n\n1. DEFINITIONS\n\n1.5 "Effective Date" means '
        'the date of this Agreement first written above.\n\n1.7 "Opening Date" means May 1, '
        "2004, being the date on which the Concession Area is scheduled to open.\n\n5.1 Term. "
        "This Agreement shall become effective on the Effective Date. The initial term of the "
        'concession (the "Initial Term") shall commence on the Opening Date and, unless sooner '
        "terminated in accordance with this Article 5, shall expire on the third (3rd) "
        "anniversary of the Opening Date." + BODY
    )
    found = english_dates(text)
    assert found.starts_on == date(2004, 3, 8)
    assert found.ends_on == date(2007, 5, 1)
