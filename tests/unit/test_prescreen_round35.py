"""Readings drawn from the thirty-fifth and thirty-sixth blind rounds' misses
(en_contracts_extra69 to 72: amendments that give the new end many ways, ends given elsewhere in
the document, internet company filings, how parties and dates are written), written here in
other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, section_flagged

_AMENDMENT_HEAD = (
    "AMENDMENT NO. 3 TO MARKETING AGREEMENT\n\nThis Amendment No. 3 is entered into as of "
    'October 6, 2004 by and between Quillon Bank, N.A. ("Bank") and Ferrow Travel, Inc. '
    '("Ferrow").'
)


def test_an_extension_counted_from_the_current_expiration_date() -> None:
    text = (
        _AMENDMENT_HEAD
        + '\n\n1. Definitions. "Current Expiration Date" means March 31, 2005, the date on which '
        "the Term would expire but for this Amendment No. 3.\n\n2. Extension. The Term of the "
        "Agreement is hereby extended for a period of three (3) years from the Current "
        "Expiration Date." + BODY
    )
    assert english_dates(text).ends_on == date(2008, 3, 31)


def test_a_renewal_this_document_grants_ends_on_the_day_it_writes() -> None:
    text = (
        "RENEWAL AGREEMENT\n\nThis Renewal Agreement is made as of May 30, 2012 between Tallis "
        'Bakeries Inc. (the "Franchisor") and Orrin Foods Ltd. (the "Franchisee").'
        + BODY
        + '\n\n2.1 The Franchisor hereby renews the franchise for a term (the "Renewal Term") '
        "commencing on June 1, 2012 and, unless sooner terminated, expiring on May 31, 2022." + BODY
    )
    assert english_dates(text).ends_on == date(2022, 5, 31)


def test_a_renewal_for_a_term_of_years_from_a_date_runs_from_that_date() -> None:
    text = (
        _AMENDMENT_HEAD
        + "\n\nRECITALS\n\nA. The Term of the Agreement expires on December 31, 2004.\n\nNOW, "
        'THEREFORE, the parties agree as follows:\n\n1. Section 9.1 is replaced with: "9.1 '
        "Term. The Agreement is renewed for a term of three (3) years commencing on January 1, "
        '2005 (the "Extended Term")."' + BODY
    )
    assert english_dates(text).ends_on == date(2008, 1, 1)


def test_a_struck_renewal_with_its_notice_of_non_renewal_is_none() -> None:
    assert not section_flagged(
        _AMENDMENT_HEAD,
        "4. Section 9.2 of the Agreement, which provided for the automatic renewal of the "
        "Agreement for successive one-year periods unless either party gave notice of "
        "non-renewal, is deleted in its entirety.",
        "auto_renewal",
    )


def test_a_termination_for_any_reason_as_an_event_is_no_right() -> None:
    assert not section_flagged(
        _AMENDMENT_HEAD,
        "5. Cross-Termination. Termination of the Marketing Agreement for any reason "
        "terminates the Services Agreement at the same time.",
        "unilateral_termination",
    )


def test_a_date_that_a_later_clause_names_the_first_shipment_date() -> None:
    text = (
        "DISTRIBUTION AGREEMENT\n\nThis Agreement is made as of February 3, 2006 between Pellow "
        'Instruments Inc. ("Supplier") and Norland Medical Ltd. ("Distributor").'
        + BODY
        + "\n\n3.1 The term of this Agreement shall commence on the date hereof and expire on "
        "the fourth anniversary of the First Shipment Date.\n\n5.3 The Supplier shall ship the "
        'initial order on April 10, 2006, and April 10, 2006 shall be the "First Shipment '
        'Date" for all purposes of this Agreement.' + BODY
    )
    assert english_dates(text).ends_on == date(2010, 4, 10)


def test_contract_years_an_extension_would_add_do_not_end_the_term() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is made as of May 2, 2007 between Calder Contact "
        'Centers, Inc. ("Contractor") and Brisket Mutual ("Client").'
        + BODY
        + '\n\n1.3 "Contract Year" means each period designated as a Contract Year in Schedule '
        "1.\n\n3.1 The term of this Agreement shall commence on July 1, 2007 and shall continue "
        "through the last day of the final Contract Year shown in Schedule 1."
        + BODY
        + "\n\nSCHEDULE 1\nCONTRACT "
        "YEARS\n\nContract Year 1: July 1, 2007 through June 30, 2008\nContract Year 2: July 1, "
        "2008 through June 30, 2009\n\nIf Client exercises its extension option, Contract Year "
        "3 shall run from July 1, 2009 through June 30, 2010."
    )
    assert english_dates(text).ends_on == date(2009, 6, 30)


def test_a_term_after_a_long_start_and_shall_continue_for_years() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made this ___ day of ________, 2009, "
        'by and between Lowden Stores, Inc. ("Client") and Parry Facilities LLC ("Provider").'
        + BODY
        + "\n\n7.1 Term. The term of this Agreement shall commence on the date on which it has "
        "been signed by both parties, as shown by the later of the dates set forth beneath "
        'their signatures below (the "Effective Date"), and shall continue for a period of '
        "three (3) years thereafter, unless earlier terminated as provided herein."
        + BODY
        + "\n\nLOWDEN STORES, INC.\n\nBy: /s/ Ann Lowden\nDate: March 3, 2009\n\nPARRY "
        "FACILITIES LLC\n\nBy: /s/ Tom Parry\nDate: March 5, 2009"
    )
    found = english_dates(text)
    assert found.starts_on == date(2009, 3, 5)
    assert found.ends_on == date(2012, 3, 5)


def test_a_cover_pages_agreement_date_dates_it() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nCOVER PAGE\n\nAGREEMENT DATE:       March 12, 2010\n\nEFFECTIVE "
        "DATE:       April 1, 2010\n\nEXPIRATION DATE:      March 31, 2014\n\nTERMS AND "
        "CONDITIONS\n\nThis Supply Agreement, consisting of the Cover Page above and these "
        'Terms and Conditions (this "Agreement"), is entered into as of the Agreement Date by '
        'and between Pellor Compounds, Inc. ("Supplier") and Ashgrove Medical Corp. ("Buyer").'
        + BODY
    )
    found = english_dates(text)
    assert (found.signed_on, found.starts_on) == (date(2010, 3, 12), date(2010, 4, 1))
