"""Readings drawn from the thirty-ninth and fortieth blind rounds' misses (en_contracts_extra77
to 80: amendments once more, long documents, electronic signatures, key terms in tables),
written here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates


def test_an_agreement_dated_by_its_last_signature_as_shown_on_the_execution_page() -> None:
    text = (
        "Services Agreement\n\nDate\n\nThis agreement is dated the date on which it has been "
        "signed by the last of the parties to sign it, as shown on the execution page.\n\n"
        "Parties\n\n1. Corella Foods Pty Ltd (Company)\n\n2. Wattle Creative Pty Ltd (Agency)\n\n"
        "Commencement Date means 1 July 2015."
        + BODY
        + "\n\nExecution page\n\nExecuted by Corella Foods Pty Ltd:\n\n/s/ Ann Bell\n\nDate "
        "signed: 10 June 2015\n\nExecuted by Wattle Creative Pty Ltd:\n\n/s/ Tom Reid\n\nDate "
        "signed: 16 June 2015"
    )
    assert english_dates(text).signed_on == date(2015, 6, 16)


def test_a_definition_of_other_things_does_not_end_the_term() -> None:
    text = (
        "WAIVER AND AMENDMENT AGREEMENT\n\nThis Agreement is made as of May 4, 2009 between "
        'Halden Resins Ltd. (the "Supplier") and Corvo Packaging Inc. (the "Purchaser").\n\n1. '
        '(c) "Deferred Amounts" means all amounts payable by the Purchaser under this Agreement '
        "in respect of the period ending December 31, 2009.\n\n2. Section 3.1 of the Supply "
        'Agreement is replaced with: "3.1 The term of this Agreement shall expire on December '
        '31, 2013."' + BODY
    )
    assert english_dates(text).ends_on == date(2013, 12, 31)


def test_a_program_years_end_in_a_fee_table_does_not_end_the_term() -> None:
    text = (
        "CREDIT CARD PROGRAM AGREEMENT\n\nThis Agreement is entered into as of March 2, 2006 by "
        'and between Ardent Bank, N.A. ("Bank") and Marlow Stores, Inc. ("Retailer").'
        + BODY
        + '\n\n"Launch Date" means May 1, 2006.\n\n7.1 The initial term of this Agreement shall '
        "commence on the date hereof and shall continue until the fifth (5th) anniversary of the "
        'Launch Date (the "Initial Term").'
        + BODY
        + "\n\nSCHEDULE 7.5 TERMINATION FEE\n\nProgram Year ending January 31, 2008 during the "
        "Initial Term: $2,000,000"
    )
    assert english_dates(text).ends_on == date(2011, 5, 1)
