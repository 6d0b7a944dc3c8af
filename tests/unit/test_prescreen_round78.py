"""Readings drawn from the seventy-eighth blind round on, written here in other words than
the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "SERVICES AGREEMENT\n\nThis Agreement is made as of May 4, 2006 between Halvard Freight Inc. "
    '(the "Carrier") and Ostrowe Mills Corp. (the "Shipper").'
)


def test_a_period_the_parenthesis_after_its_end_names_the_term_ends_the_contract() -> None:
    # The recital that appoints the agent for a period names that period the Term: its end is
    # the contract's, though the sentence also speaks of exclusivity.
    text = (
        "EXCLUSIVE AGENCY AGREEMENT\n\nThis Agreement is made as of March 2, 2011 between "
        "Ferrand Optics Inc. and Lusk Medical Supply Ltd.\n\nRECITALS\n\nA. Ferrand wishes to "
        "appoint Lusk as its exclusive agent in the Territory for the period beginning on April "
        "1, 2011 and ending on March 31, 2016 (such period, as it may be extended under Section "
        '9.2, the "Term"), and Lusk wishes to accept that appointment.\n\n1. APPOINTMENT\n\n'
        "1.1 Ferrand appoints Lusk as its exclusive agent for the Products." + BODY
    )
    found = english_dates(text)
    assert found.ends_on == date(2016, 3, 31)
    # a period named otherwise ends no contract
    other = text.replace('the "Term"', 'the "Exclusivity Period"')
    assert english_dates(other).ends_on is None


def test_the_copies_a_contract_is_signed_in_date_it() -> None:
    # Continental drafting: sides numbered under "THE UNDERSIGNED", each named after
    # "hereinafter referred to as:", the commencement date a colon-form definition, and the
    # contract dated by its closing line "signed in duplicate on".
    text = (
        "DISTRIBUTION AGREEMENT\n\nTHE UNDERSIGNED:\n\n1.  Vennekamp Techniek B.V., a private "
        "company with limited liability having its registered office at Stationsweg 4,\n"
        "    3811 MB Amersfoort, duly represented by its director, hereinafter referred to as:\n"
        '    "Supplier";\n\nand\n\n2.  Ridgeline Pump Systems, Inc., a Minnesota corporation, '
        'hereinafter referred to as: "Distributor";\n\nHAVE AGREED AS FOLLOWS:\n\n1. '
        'DEFINITIONS\n\n"Commencement Date": 1 March 2007;\n\n"Products": the pumps in '
        "Schedule 1.\n\n2. TERM\n\nThis Agreement shall enter into force on the Commencement "
        "Date and shall remain in force for three (3) years." + BODY + "\n\nThus agreed and "
        "signed in duplicate on 19 February 2007.\n\nVENNEKAMP TECHNIEK B.V.\n/s/ P. Smit\n\n"
        "RIDGELINE PUMP SYSTEMS, INC.\n/s/ K. Moen\n"
    )
    result = screen_english(text)
    assert [(party.name, party.role) for party in result.parties] == [
        ("Vennekamp Techniek B.V.", "Supplier"),
        ("Ridgeline Pump Systems, Inc.", "Distributor"),
    ]
    found = english_dates(text)
    assert found.signed_on == date(2007, 2, 19)
    assert found.starts_on == date(2007, 3, 1)
    assert found.ends_on == date(2010, 3, 1)


def test_a_place_and_date_line_may_end_in_a_full_stop() -> None:
    text = (
        "LICENCE AGREEMENT\n\nBy this private instrument, Marlow Gear Inc. and Pedra Alta "
        "Calcados Ltda. agree as follows.\n\n1. The licence runs for four (4) years from its "
        "signature." + BODY + "\n\nIN WITNESS "
        "WHEREOF, the Parties execute this Agreement in two (2) counterparts.\n\nCuritiba, "
        "June 2nd, 2014.\n\nMARLOW GEAR INC.\nBy: /s/ T. Brandt\n"
    )
    assert english_dates(text).signed_on == date(2014, 6, 2)


_ARBITRATOR = (
    "\n\n12. DISPUTES\n\nAny dispute arising out of or in connection with this Agreement "
    "shall be referred to a single arbitrator, who shall be an attorney of at least fifteen "
    "(15) years' standing."
)


def test_a_term_for_an_unlimited_period_has_no_end() -> None:
    text = (
        _HEAD + "\n\n9. TERM\n\n9.1 This Agreement shall come into force on the date of its "
        "signature and shall remain in force for an unlimited period, until terminated in "
        "accordance with this Section 9." + _ARBITRATOR + BODY
    )
    assert english_dates(text).ends_on is None


def test_a_persons_years_of_standing_are_no_term() -> None:
    text = (
        _HEAD + "\n\n9. TERM\n\n9.1 This Agreement shall come into force on the date of its "
        "signature." + _ARBITRATOR + BODY
    )
    assert english_dates(text).ends_on is None


def test_a_non_compensatory_fine_is_an_agreed_sum() -> None:
    assert section_flagged(
        _HEAD,
        "8.3 If either Party fails to cure a breach within thirty (30) days, it shall pay to the "
        "other Party a non-compensatory fine equal to ten percent (10%) of the annual fees.",
        "penalty",
    )
    assert not section_flagged(
        _HEAD,
        "8.3 Each Party shall comply with all laws and shall bear any contractual fine imposed "
        "by a regulatory authority on it.",
        "penalty",
    )


def test_a_term_that_runs_to_an_anniversary_of_the_first_full_month_after_the_start() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Agreement is entered into as of September 20, 2005 (the "
        '"Effective Date") by Corlane Plastics Inc. and Widdop Home Goods LLC.\n\n1.1 '
        '"Commencement Date" means the first day of the first full calendar month following '
        "the Effective Date.\n\n10.1 The term of this Agreement shall commence on the "
        "Effective Date and shall continue until the third (3rd) anniversary of the "
        'Commencement Date (the "Initial Term").' + BODY
    )
    assert english_dates(text).ends_on == date(2008, 10, 1)


def test_the_first_royalty_years_end_is_no_end_of_the_term() -> None:
    text = (
        "LICENSE AGREEMENT\n\nThis Agreement is entered into as of March 1, 2009 (the "
        '"Effective Date") by Tamsin Brands Inc. and Oakhurst Foods Corp.\n\n1.4 "Royalty '
        'Year" means each calendar year during the Term, except that the first Royalty Year '
        "shall begin on the Effective Date and end on December 31, 2009.\n\n6.1 This Agreement "
        "shall commence on the Effective Date and shall expire upon the expiration or "
        "termination of the Supply Agreement between the parties." + BODY
    )
    assert english_dates(text).ends_on is None


def test_an_indefinite_continuation_after_the_initial_period_is_a_renewal() -> None:
    text = (
        _HEAD + "\n\n7.1 This Agreement shall remain in force for an initial period of two (2) "
        "years. Upon the expiry of the Initial Period, this Agreement shall continue in force "
        "for an indefinite period until terminated by either party on ninety (90) days' "
        "notice." + BODY
    )
    found = screen_english(text).auto_renewal
    assert found is not None and found.present


def test_a_termination_to_take_a_superior_proposal_is_no_convenience() -> None:
    assert not section_flagged(
        "ASSET PURCHASE AGREEMENT\n\nThis Agreement is made as of June 3, 2015 between Larchmont "
        "Holdings, Inc. and Byfield Instruments Corp.",
        "8.1 The Seller's board may withdraw its recommendation or terminate this Agreement in "
        "response to a Superior Proposal, provided that Seller has given Buyer three (3) "
        "business days' notice.",
        "unilateral_termination",
    )


def test_a_heading_that_names_a_cause_makes_the_right_no_convenience() -> None:
    head = (
        "DISTRIBUTION AGREEMENT\n\nThis Agreement is made as of May 2, 2001 between Ashwell "
        "Instruments Inc. and Keyes Lab Supply LLC."
    )
    assert not section_flagged(
        head,
        "11.4 Termination for Failure to Meet Minimums. Ashwell may terminate this Agreement "
        "upon sixty (60) days' written notice given in accordance with Section 4.2(b).",
        "unilateral_termination",
    )
    assert section_flagged(
        head,
        "11.4 Termination for Convenience. Ashwell may terminate this Agreement upon sixty (60) "
        "days' written notice to Keyes.",
        "unilateral_termination",
    )
