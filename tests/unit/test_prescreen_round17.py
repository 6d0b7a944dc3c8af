"""Readings drawn from the seventeenth blind round's misses (en_contracts_extra33 and 34), each
written here in other words than the fixture that showed it: a statute's name in a side's
description, a letter's "you", a cover page of particulars, contract and fiscal years a term
counts, contracts in force when both sides (or the addressee) have signed, a schedule's other
day after the signatures, a period inside the term, and a right to terminate only in the
circumstances another clause describes."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text

_BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 60


def _dates(text: str) -> tuple[date | None, date | None, date | None]:
    found = find_contract_dates(prepare_text(text), english=True)
    return found.signed_on, found.starts_on, found.ends_on


def test_a_statute_named_in_a_sides_description_is_no_side() -> None:
    text = prepare_text(
        "THIS CARD PROGRAM AGREEMENT is made by and among:\n\nHOLLIS POINT TRUST COMPANY, a "
        "trust company governed by the Trust and Loan Companies Act (Canada), having its head "
        'office at 10 Bay Street, Toronto, Ontario (the "Issuer");\n\nMERIDIAN FLEET SERVICES '
        'INC., a corporation incorporated under the laws of Ontario (the "Manager");\n\n- and -'
        "\n\nTALLIS HAULAGE LTD., a corporation incorporated under the laws of Alberta (the "
        '"Customer"),\n\n(each a "Party").\n\nRECITALS\n\nA. The Issuer issues fuel cards.\n'
    )
    assert find_parties_en(text) == (
        Party(name="HOLLIS POINT TRUST COMPANY", role="Issuer"),
        Party(name="MERIDIAN FLEET SERVICES INC.", role="Manager"),
        Party(name="TALLIS HAULAGE LTD.", role="Customer"),
    )


def test_a_letters_addressee_is_the_side_called_you() -> None:
    text = prepare_text(
        "March 3, 2008\n\nDear Mr. Oduya:\n\nThank you for engaging Kestrel Search Group LLC "
        '("Kestrel", "we" or "us") to assist Brightwater Genomics, Inc. (the "Company" or '
        '"you") in recruiting a General Counsel. This letter sets out the terms of the search '
        '(this "Agreement").\n\n1. The Position. We will present candidates for the position of '
        'Senior Vice President and General Counsel of the Company (the "Position").\n'
    )
    assert find_parties_en(text) == (
        Party(name="Kestrel Search Group LLC", role="Kestrel"),
        Party(name="Brightwater Genomics, Inc.", role="Company"),
    )


def test_sides_named_only_in_the_particulars_are_read_from_its_fields() -> None:
    text = prepare_text(
        "CHANNEL SUBLICENCE AGREEMENT\n\nPARTICULARS\n\nSublicensor:          Ashgrove Media "
        "Limited, a company incorporated\n                      in England and Wales\n\n"
        "Sublicensee:          Cadena Andina S.A., a sociedad anónima organised\n"
        "                      under the laws of Peru\n\nTHIS AGREEMENT is dated 2 May 2005\n\n"
        "BETWEEN:\n\n(1)  the Sublicensor named in the Particulars; and\n\n(2)  the Sublicensee "
        'named in the Particulars,\n\neach a "party".\n\nBACKGROUND\n\n(A) The Sublicensor '
        "distributes the Channel.\n"
    )
    assert find_parties_en(text) == (
        Party(name="Ashgrove Media Limited", role="Sublicensor"),
        Party(name="Cadena Andina S.A.", role="Sublicensee"),
    )


def test_an_initial_term_of_calendar_contract_years() -> None:
    text = (
        'THIS REBATE AGREEMENT is entered into as of March 2, 2009 (the "Effective Date") by '
        'and between Halden Pharma, Inc. and Orchard Health Plan, Inc.\n\n1.2 "Contract Year" '
        "means each calendar year during the Term, beginning with the calendar year in which "
        "the Effective Date falls." + _BODY + "\n\n5.1 Term. This Agreement shall commence on "
        "the Effective Date and shall continue for an initial term of two (2) Contract Years "
        '(the "Initial Term").'
    )
    assert _dates(text)[2] == date(2010, 12, 31)


def test_a_term_of_full_fiscal_years_skips_the_year_the_start_cuts_short() -> None:
    text = (
        "THIS MANAGEMENT AGREEMENT is entered into effective as of June 15, 2001 (the "
        '"Commencement Date") by and between Mesa Links LLC and Fairway Operations, Inc.\n\n1.4 '
        '"Fiscal Year" means the twelve-month period commencing on October 1 of each calendar '
        "year and ending on September 30 of the following calendar year." + _BODY + "\n\n3.1 "
        "Term. The term of this Agreement shall commence on the Commencement Date and shall "
        "expire on the last day of the third (3rd) full Fiscal Year following the Commencement "
        "Date."
    )
    assert _dates(text)[2] == date(2004, 9, 30)


def test_in_force_when_signed_by_both_and_a_schedules_day_is_no_signature() -> None:
    text = (
        'This BOOKING AGREEMENT (this "Agreement") is entered into by and between Pinecone '
        'Events, LLC ("Purchaser") and Lark Hill Touring, LLC ("Producer"), and is effective as '
        "of the date on which it has been signed by both Purchaser and Producer, as shown "
        'beside their signatures below (the "Effective Date").' + _BODY + "\n\nPURCHASER:\n"
        "By: /s/ Ann Wolcott\nName: Ann Wolcott\nDate: May 2, 2014\n\nPRODUCER:\nBy: /s/ Reed "
        "Calloway\nName: Reed Calloway\nDate: 5/7/14\n\nSCHEDULE 1\n\nShow Date: Saturday, "
        "September 20, 2014\n"
    )
    assert _dates(text)[:2] == (date(2014, 5, 7), date(2014, 5, 7))


def test_a_letter_in_force_when_its_addressee_countersigns() -> None:
    text = (
        "Harlow Advisory LLC\n\nFebruary 4, 2010\n\nDear Ms. Ferris:\n\nThis letter sets out "
        'our engagement (this "Agreement"). This Agreement will become effective when you '
        'countersign it below (the "Effective Date").' + _BODY + "\n\nVery truly yours,\n\n"
        "HARLOW ADVISORY LLC\nBy: /s/ Tom Ibsen\n\nACCEPTED AND AGREED:\n\nWESTMARK FOODS, "
        "INC.\nBy: /s/ Jane Ferris\nDate: February 11, 2010\n"
    )
    assert _dates(text)[:2] == (date(2010, 2, 4), date(2010, 2, 11))


def test_made_as_of_the_effective_date_a_schedule_gives_not_on_the_signing_day() -> None:
    text = (
        'This Staffing Agreement (this "Agreement") is entered into as of the Effective Date '
        "set forth in Schedule A by and between Lakeview Hospital and Crest Staffing, LLC."
        + _BODY
        + "\n\nLAKEVIEW HOSPITAL                    CREST STAFFING, LLC\nBy: /s/ A. Moss"
        "                      By: /s/ B. Kent\nDate: November 20, 2017              Date: "
        "November 14, 2017\n\nSCHEDULE A\n\nEffective Date:        January 1, 2018\n"
    )
    assert _dates(text)[:2] == (date(2018, 1, 1), date(2018, 1, 1))


def test_a_period_defined_inside_the_term_does_not_start_the_contract() -> None:
    text = (
        "THIS COAL SUPPLY AGREEMENT is made and entered into this 3rd day of March, 2011, by and "
        'between Ridgeback Mining, LLC ("Seller") and Prairie Power Cooperative, Inc. ("Buyer")'
        '.\n\n"Delivery Period" means the period beginning January 1, 2012 and ending on the '
        "last day of the Term." + _BODY + "\n\n2.1 Term. This Agreement shall become effective "
        "upon its execution by all parties and shall remain in effect through December 31, 2016."
    )
    assert _dates(text) == (date(2011, 3, 3), date(2011, 3, 3), date(2016, 12, 31))


def test_english_drafting_in_force_on_the_date_of_this_agreement() -> None:
    text = (
        "PARTICULARS\n\nLaunch Date:          1 June 2009\n\nLicence Period:       twenty-four "
        "(24) months from the Launch Date\n\nTHIS AGREEMENT is dated 10 March 2009\n\nBETWEEN: "
        "Ashgrove Media Limited and Cadena Andina S.A." + _BODY + "\n\n12.1 This Agreement "
        "takes effect on the date of this Agreement and continues until the end of the Licence "
        "Period."
    )
    assert _dates(text)[:2] == (date(2009, 3, 10), date(2009, 3, 10))


def test_a_right_to_terminate_in_circumstances_described_elsewhere_is_no_convenience() -> None:
    sentence = (
        "7.02 Termination for Volume Shortfall. The Company may terminate this Agreement on "
        "ninety (90) days' written notice in the circumstances described in Section 4.04."
    )
    flags = find_clauses(prepare_text(sentence + _BODY), ("en",), can_judge=True)
    flag = flags["unilateral_termination"]
    assert flag is None or not flag.present
