"""Readings drawn from the seventieth blind round on, written here in other words than the
fixtures that showed them."""

from __future__ import annotations

import re
from datetime import date

from chalicelib.prescreen.clauses import _EN_REFERS_OR_REASON
from tests.clause_text import BODY, english_dates, section_flagged

_SIGNATURES = (
    "\n\nIN WITNESS WHEREOF the parties have signed this Agreement.\n\nHOLLOWAY PRESS LIMITED\n"
    "By: /s/ A. Grieve\nDate: March 3, 2014\n\nTANSLEY DIGITAL LLC\nBy: /s/ P. Okafor\n"
    "Date: March 9, 2014\n"
)


def test_a_proviso_on_a_grant_of_convenience_is_no_reference_to_a_right_elsewhere() -> None:
    # "if Customer terminates ..." in a proviso after the grant charges a fee: it refers to the
    # right the same sentence has just granted. A condition that opens the sentence still
    # refers to a right granted elsewhere.
    refers = re.compile(_EN_REFERS_OR_REASON.removeprefix("|"))
    assert not refers.search(
        "9.2 either party may terminate this agreement for any reason upon sixty (60) days' "
        "written notice to the other party; provided, however, that if customer terminates "
        "this agreement under this section 9.2 before the first anniversary of the effective "
        "date, customer shall pay kestrel the monthly fees for the rest of that year."
    )
    assert refers.search(
        "if manufacturer terminates this agreement without cause pursuant to section 8.2, "
        "manufacturer shall buy back the stock."
    )


def test_to_determine_an_agreement_is_to_terminate_it() -> None:
    assert section_flagged(
        "SERVICES AGREEMENT\n\nThis Agreement is made on 4 June 2010 between Waratah Freight "
        "Pty Ltd and Corella Foods Pty Ltd.",
        "12.1 Corella may determine this Agreement at any time and for any reason by giving "
        "Waratah at least sixty days' written notice.",
        "unilateral_termination",
    )


def test_an_effective_date_in_the_definitions_list_is_not_the_date_the_contract_was_made() -> None:
    text = (
        "LICENCE AGREEMENT\n\nThis LICENCE AGREEMENT is entered into by and between Holloway "
        'Press Limited ("Licensor") and Tansley Digital LLC ("Licensee").\n\n1. DEFINITIONS\n\n'
        '1.1 "Content" means the titles listed in Schedule 1.\n\n1.2 "Effective Date" means '
        "April 1, 2014.\n\n2. TERM\n\n2.1 This Agreement shall commence on the Effective Date "
        "and continue for three (3) years." + BODY + _SIGNATURES
    )
    found = english_dates(text)
    assert found.signed_on == date(2014, 3, 9)
    assert found.starts_on == date(2014, 4, 1)


def test_a_signing_clause_that_names_its_place_and_day_dates_the_contract() -> None:
    text = (
        "SHAREHOLDERS' SUPPORT AGREEMENT\n\nAGREEMENT between Ardmore Estates Limited and "
        'Kelso Building Services Limited.\n\n1.1 "Commencement Date" means 1 May 2016.\n\n'
        "2.1 This Agreement shall take effect on the Commencement Date and shall continue "
        "for five (5) years." + BODY + "\n\nIN WITNESS WHEREOF these presents are executed as "
        "follows:\n\nSubscribed for and on behalf of Ardmore Estates Limited at Perth on 11 "
        "April 2016 by:\n\n/s/ J. Drummond, Director\n\nSubscribed for and on behalf of Kelso "
        "Building "
        "Services Limited at Dundee on 14 April 2016 by:\n\n/s/ M. Rennie, Director\n"
    )
    found = english_dates(text)
    assert found.signed_on == date(2016, 4, 14)
    assert found.starts_on == date(2016, 5, 1)


def test_made_as_of_its_effective_date_with_no_signature_dated_is_made_on_that_date() -> None:
    # (a guard: the definitions' date no longer dates the contract by itself, the dating does)
    text = (
        "SUPPLY AGREEMENT\n\nThis SUPPLY AGREEMENT is made as of the Effective Date (as defined "
        "in Section 1.4) between Marrow Chemicals Inc. and Dunlin Coatings Ltd.\n\n"
        '1.4 "Effective Date" means February 1, 2012;\n\n5.1 This Agreement shall commence '
        "on the Effective Date and continue until December 31, 2015." + BODY
    )
    assert english_dates(text).signed_on == date(2012, 2, 1)


def test_an_effective_date_defined_as_the_last_signature_outranks_an_as_of_date() -> None:
    text = (
        "RESELLER AGREEMENT\n\nThis RESELLER AGREEMENT is made as of March 1, 2014 by and "
        "between Holloway Press Limited and Tansley Digital LLC.\n\n"
        '1.3 "Effective Date" means the date on which this Agreement has been signed by the '
        "last of the parties to sign it, as shown beneath the signatures.\n\n7.1 This "
        "Agreement shall commence on the Effective Date and continue for two (2) years."
        + BODY
        + _SIGNATURES
    )
    found = english_dates(text)
    assert found.signed_on == date(2014, 3, 1)
    assert found.starts_on == date(2014, 3, 9)


def test_articles_binding_from_the_dating_do_not_make_the_contract_effective_then() -> None:
    text = (
        "CO-MARKETING AGREEMENT\n\nThis Agreement is entered into as of March 1, 2001 by and "
        'between Quillon Media, Inc. and Parrish Outfitters, Inc.\n\n1.4 "Go-Live Date" means '
        "May 15, 2001.\n\n2.1 This Agreement shall become effective on the Go-Live Date; "
        "provided, however, that Article 4 (Integration) shall be binding on the parties from "
        "the date first written above.\n\n2.2 The term shall end on the first anniversary of "
        "the Go-Live Date." + BODY
    )
    assert english_dates(text).starts_on == date(2001, 5, 15)


def test_a_period_ending_a_number_of_months_after_a_day_ends_the_contract() -> None:
    text = (
        "OPTION AGREEMENT\n\nThis Agreement is made as of March 3, 2005 between Lindqvist "
        'Biologics, Inc. and Cobalt Ridge Therapeutics, Inc.\n\n1.6 "Option Term" means the '
        "period beginning on the Effective Date and ending twenty-four (24) months after the "
        "Effective Date, as it may be extended under Section 3.2.\n\n7.1 This Agreement shall "
        "commence on the date first written above and shall expire at the end of the Option "
        "Term." + BODY
    )
    assert english_dates(text).ends_on == date(2007, 3, 3)


def test_a_restatement_effective_as_of_a_named_day_starts_the_contract_then() -> None:
    text = (
        "AMENDED AND RESTATED LICENSE AGREEMENT\n\nThis AMENDED AND RESTATED LICENSE AGREEMENT "
        'is entered into as of June 30, 2008 (the "Restatement Date") by and between Lindqvist '
        "Biologics, Inc. and Cobalt Ridge Therapeutics, Inc.\n\nNOW, THEREFORE, the parties "
        "agree that the Original Agreement is amended and restated in its entirety, effective "
        "as of the Restatement Date, as follows:\n\n9.1 This Agreement shall continue until "
        "December 31, 2015." + BODY
    )
    assert english_dates(text).starts_on == date(2008, 6, 30)


def test_a_contract_in_effect_until_terminated_after_a_long_effective_clause_has_no_end() -> None:
    text = (
        "DATA FEED AGREEMENT\n\nThis Agreement is made between Tallis Market Data, Inc. and "
        "Brenner Capital LLC.\n\n9.1 This Agreement shall become effective on the date on "
        "which it has been signed by both parties, as shown beneath their signatures (the "
        '"Effective Date"), and shall continue in effect until terminated under this Section '
        "9.\n\nSERVICE ORDER NO. 1\n\nService Start Date: October 1, 2016.\n\nService term: "
        "twelve (12) months from the Service Start Date." + BODY
    )
    assert english_dates(text).ends_on is None


def test_the_later_of_a_date_and_an_anniversary_is_the_later_day() -> None:
    text = (
        "RESIN SUPPLY AGREEMENT\n\nThis Agreement is made as of June 9, 1999 between Castine "
        "Polymers, Inc. and Wexford Molding Co.\n\n6.1 The initial term of this Agreement shall "
        "commence on the date first written above and shall expire on the later of (a) June 30, "
        "2002 and (b) the fourth (4th) anniversary of the date first written above." + BODY
    )
    assert english_dates(text).ends_on == date(2003, 6, 9)


def test_the_end_of_the_fiscal_year_in_which_an_anniversary_falls() -> None:
    text = (
        "BENEFITS ADMINISTRATION AGREEMENT\n\nThis Agreement is made as of February 2, 2004 "
        'between Ordway Mills, Inc. and Harrow Benefits LLC.\n\n1.4 "Fiscal Year" means the '
        "fiscal year of Ordway, which begins on October 1 of each calendar year and ends on "
        "September 30 of the following calendar year.\n\n8.1 The initial term of this Agreement "
        "shall commence on the date first written above and shall end on the last day of the "
        "Fiscal Year in which the second (2nd) anniversary of the date first written above "
        "occurs." + BODY
    )
    assert english_dates(text).ends_on == date(2006, 9, 30)


def test_a_term_counted_in_days_from_the_start() -> None:
    text = (
        "TRANSITION SUPPLY AGREEMENT\n\nThis Agreement is made as of January 4, 2016 between "
        "Pell Instruments, Inc. and Ardent Sensors LLC.\n\n4.1 This Agreement shall commence on "
        "the date first written above and shall continue for a period of four hundred fifty "
        '(450) days thereafter (the "Initial Term").' + BODY
    )
    assert english_dates(text).ends_on == date(2017, 3, 29)


def test_an_equipment_leases_base_term_is_the_contracts_term() -> None:
    text = (
        "MASTER EQUIPMENT LEASE\n\nThis Lease is dated as of March 3, 2009 between Tolland "
        "Leasing Corp. and Mercer Plastics, Inc.\n\n2.2 The base term of this Lease (the "
        '"Base Term") shall commence on April 1, 2009 and shall continue for forty-eight (48) '
        "months thereafter, unless earlier terminated as provided in this Lease." + BODY
    )
    assert english_dates(text).ends_on == date(2013, 4, 1)


def test_a_day_a_periods_definition_gives_as_an_example_or_a_schedule_starts_nothing() -> None:
    # a tournament year's example and an exhibition period "scheduled to begin" are no start
    # of a contract that takes effect on the date it is dated
    for definition in (
        '"Season" means each period of twelve months from April 1 through March 31 (so that '
        'the "2012 Season" runs from April 1, 2011 through March 31, 2012).',
        '"Exhibition Period" means the period during which the Exhibition is open to the '
        "public, currently scheduled to begin on September 14, 2011.",
    ):
        text = (
            "SPONSORSHIP AGREEMENT\n\nThis Agreement is dated as of February 7, 2011 between "
            "Lowell Arts Foundation and Garrick Bank, N.A.\n\n1.3 "
            + definition
            + "\n\n4.1 This Agreement shall take effect on the date first written above and "
            "shall remain in effect until June 30, 2012." + BODY
        )
        assert english_dates(text).starts_on == date(2011, 2, 7)


def test_a_floor_on_when_a_termination_takes_effect_is_no_end_of_the_term() -> None:
    text = (
        "CATALYST SUPPLY AGREEMENT\n\nThis Agreement is made as of May 5, 1998 between Renner "
        "Chemical Co. and Alton Foam Products, Inc.\n\n7.1 This Agreement shall become "
        "effective on the date first written above and shall continue in full force and effect "
        "until terminated in accordance with this Article 7.\n\n7.2 Either party may terminate "
        "this Agreement by giving the other twelve (12) months' prior written notice; provided "
        "that no such termination shall become effective prior to June 30, 2001." + BODY
    )
    assert english_dates(text).ends_on is None


def test_a_contract_that_goes_on_until_terminated_after_its_initial_period_ends_then() -> None:
    # (a guard: the longer reach of "until terminated" stops at "thereafter")
    text = (
        "AGENCY AGREEMENT\n\nThis Agreement is made on 2 March 2015 between Farrant Tools "
        'Limited and Quayle Agencies Limited.\n\n"Commencement Date": 1 April 2015.\n\n3. This '
        "agreement shall commence on the Commencement Date and shall continue for an initial "
        'period of two years (the "Initial Period") and thereafter shall continue unless and '
        "until terminated by either party giving the other six months' written notice." + BODY
    )
    assert english_dates(text).ends_on == date(2017, 4, 1)


def test_a_renewals_effective_date_in_the_definitions_does_not_date_the_renewal() -> None:
    text = (
        "RENEWAL AGREEMENT\n\nThis RENEWAL AGREEMENT is entered into by and between Pemrose "
        'Systems, Inc. and Kellogg Valley Health.\n\n1. DEFINITIONS\n\n1.2 "Renewal Effective '
        'Date" means April 1, 2014.\n\n2.1 The Agreement is hereby renewed for a term of two '
        "(2) years from the Renewal Effective Date." + BODY + _SIGNATURES
    )
    assert english_dates(text).signed_on == date(2014, 3, 9)


def test_a_length_after_a_phases_numbered_day() -> None:
    text = (
        "IMPLEMENTATION AGREEMENT\n\nThis Agreement is made as of March 1, 2010 between Quarry "
        'Lane Software, Inc. and Halden Mutual Insurance Company.\n\n1.2 "Stage 2 Acceptance '
        'Date" means June 14, 2010.\n\n5.1 This Agreement shall commence on the date first '
        "written above and shall expire on the date that is twenty-four (24) months after the "
        "Stage 2 Acceptance Date." + BODY
    )
    assert english_dates(text).ends_on == date(2012, 6, 14)


def test_a_letters_date_over_the_agreement_its_subject_line_cites() -> None:
    text = (
        "KESTON MARINE LIMITED\n1 Quayside, Bristol BS1 4RN\n\nTo: Halloran Shipping Corp.\n\n"
        "14 March 2008\n\nDear Sirs\n\nManagement Agreement dated 3 March 2008\n\n1. We refer "
        "to the management agreement dated 3 March 2008 between us. This letter varies it as "
        "follows." + BODY
    )
    assert english_dates(text).signed_on == date(2008, 3, 14)


def test_an_option_to_extend_through_a_day_is_no_end_of_the_term() -> None:
    # (and a season's conclusion "on October 15, 2013" is)
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis Agreement is made as of February 1, 2012 between Lantern "
        "Hill Productions, Inc. and Corby Telecom, Inc.\n\n5.1 The term of this Agreement shall "
        "commence on the date first written above and shall continue through the conclusion of "
        "the 2013 Concert Season on October 15, 2013.\n\n5.2 Sponsor shall have the option to "
        "extend the term for the 2014 Concert Season, through October 15, 2014, by written "
        "notice given before January 1, 2014." + BODY
    )
    assert english_dates(text).ends_on == date(2013, 10, 15)


def test_licences_that_continue_in_perpetuity_after_the_term_leave_its_end() -> None:
    text = (
        "LICENSE AND MAINTENANCE AGREEMENT\n\nThis Agreement is made as of June 1, 1999 between "
        "Quantrell Systems, Inc. and Bellmont Savings Bank.\n\n9.1 This Agreement shall commence "
        "on the date first written above and continue for an initial term of four (4) years.\n\n"
        "9.3 Upon expiration or termination of this Agreement for any reason other than "
        "Customer's uncured breach of Section 2 or failure to pay the License Fee, the licenses "
        "granted in Section 2 shall continue in perpetuity." + BODY
    )
    assert english_dates(text).ends_on == date(2003, 6, 1)


def test_a_schedules_field_run_on_after_the_field_before_it() -> None:
    text = (
        "E-COMMERCE SERVICES AGREEMENT\n\nThis Agreement is made as of March 2, 2001 between "
        'Brightmarket, Inc. and Tolland Outfitters, Inc.\n\n1.4 "Go-Live Date" means the date '
        "specified as the Go-Live Date in the Implementation Schedule.\n\n11.2 The initial term "
        "of this Agreement shall begin on the date first written above and shall expire on the "
        "second (2nd) anniversary of the Go-Live Date."
        + BODY
        + "\n\nIMPLEMENTATION SCHEDULE\n\nDesign approved: April 2, 2001. Go-Live Date: May 14, "
        "2001."
    )
    assert english_dates(text).ends_on == date(2003, 5, 14)


def test_a_window_of_months_a_failure_is_counted_in_is_no_term() -> None:
    text = (
        "HOSTING AGREEMENT\n\nTHIS AGREEMENT is made this 21st day of March, 2005 between "
        'Skerrow Point Outfitters, Inc. and Cedarline Hosting LLC.\n\n1.2 "Launch Date" means '
        "May 2, 2005.\n\n8.1 This Agreement begins on the date first written above and continues "
        "until the first anniversary of the Launch Date.\n\n8.3 Customer may terminate this "
        "Agreement on thirty (30) days' notice if Uptime is less than 99.0% in any two (2) "
        "calendar months within a period of six (6) consecutive months." + BODY
    )
    assert english_dates(text).ends_on == date(2006, 5, 2)


def test_a_season_no_termination_may_take_effect_in_does_not_deny_the_right() -> None:
    assert section_flagged(
        "CONSIGNMENT AGREEMENT\n\nThis Agreement is made as of August 15, 2001 between Pell "
        "Housewares, Inc. and Garner Department Stores, Inc.",
        "12.2 Either party may terminate this Agreement at any time, without cause, upon sixty "
        "(60) days' written notice to the other; provided, however, that no termination under "
        "this Section 12.2 shall take effect between November 15 and January 15.",
        "unilateral_termination",
    )
