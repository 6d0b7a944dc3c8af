"""Readings drawn from the thirty-seventh and thirty-eighth blind rounds' misses
(en_contracts_extra73 to 76: amendments that change the end, the renewal and the rights to end
early; long documents; agreements filed with their statements of work and exhibits), written
here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates


def test_a_letters_subject_line_dates_the_agreement_it_extends_not_the_letter() -> None:
    text = (
        "ORLAND SYSTEMS, INC.\n12 Commerce Way\nHartford, Connecticut\n\nMarch 4, 2011\n\n"
        "Brisk Mutual Insurance Company\n\nRe: License Agreement dated as of May 1, 2006 -- "
        "Extension\n\nDear Mr. Pell:\n\nThis letter agreement extends the License Agreement "
        "between Orland Systems, Inc. and Brisk Mutual Insurance Company." + BODY
    )
    assert english_dates(text).signed_on == date(2011, 3, 4)


def test_a_year_an_amendment_defines_does_not_start_it() -> None:
    text = (
        "AMENDMENT NO. 1 TO ENDORSEMENT AGREEMENT\n\nThis Amendment is made as of March 9, 2012 "
        'by and between Tarrow Footwear, Inc. ("Tarrow") and Kline Sports LLC ("Lender").\n\n1. '
        '(a) "Extension Year" means the Contract Year commencing July 1, 2012 and ending June '
        "30, 2013.\n\n2. This Amendment shall become effective as of the date first written "
        "above." + BODY
    )
    assert english_dates(text).starts_on == date(2012, 3, 9)


def test_a_period_during_which_the_parties_negotiate_does_not_start_it() -> None:
    text = (
        "AMENDMENT NO. 1 TO ENDORSEMENT AGREEMENT\n\nThis Amendment is made as of March 9, 2012 "
        'by and between Tarrow Footwear, Inc. ("Tarrow") and Kline Sports LLC ("Lender").\n\n1. '
        "During the period commencing January 1, 2013 and ending on the last day of the "
        'Contract Period (the "Negotiation Period"), Lender shall negotiate only with Tarrow.'
        "\n\n2. This Amendment shall become effective as of the date first written above." + BODY
    )
    assert english_dates(text).starts_on == date(2012, 3, 9)


def test_a_joint_venture_that_continues_until_the_earliest_of_a_date_and_events() -> None:
    text = (
        "JOINT VENTURE EXTENSION AGREEMENT\n\nThis agreement is dated 3 June 2005 between Corra "
        "Gold Pty Ltd (Corra) and Blackwood Minerals Limited (Blackwood)."
        + BODY
        + '\n\n2.1 Clause 3.1 of the JVA is replaced with: "3.1 The Joint Venture commenced on 4 '
        "May 1998 and continues until the earliest of:\n\n(a) 31 December 2011;\n\n(b) the "
        "date on which one Participant holds all the Participating Interests; and\n\n(c) the "
        'date on which the Participants agree in writing to terminate it."' + BODY
    )
    assert english_dates(text).ends_on == date(2011, 12, 31)


def test_an_attached_statement_of_works_term_is_not_the_master_agreements() -> None:
    text = (
        "MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement is entered into as of May "
        '2, 2014 (the "Effective Date") by and between Colter Bank ("Client") and Fenn Contact '
        'Services LLC ("Provider").'
        + BODY
        + "\n\n3.1 The term of this Agreement shall commence on the Effective Date and continue "
        'for an initial period of two (2) years (the "Initial Term").'
        + BODY
        + "\n\nSTATEMENT OF WORK NO. 1\n\n1. Provider shall begin the Services on June 1, 2014, "
        'and this SOW No. 1 shall remain in effect through May 31, 2015 (the "SOW Term").'
    )
    assert english_dates(text).ends_on == date(2016, 5, 2)


def test_a_lock_up_periods_definition_and_a_budgets_period_do_not_end_it() -> None:
    text = (
        "LIMITED LIABILITY COMPANY AGREEMENT\n\nThis Agreement is entered into as of April 1, "
        '2016 by and between Ardent Gas LLC ("Ardent") and Pell Midstream LLC ("Pell").'
        + BODY
        + '\n\n"Lock-Up Period" means the period beginning on the date of this Agreement and '
        "ending on March 31, 2019.\n\n2.5 Term. The existence of the Company commenced on the "
        "date its Certificate of Formation was filed and shall continue in perpetuity, unless "
        "the Company is dissolved.\n\n5.6 The budget for the period from the date of this "
        "Agreement through December 31, 2016 is attached as Exhibit C." + BODY
    )
    assert english_dates(text).ends_on is None
