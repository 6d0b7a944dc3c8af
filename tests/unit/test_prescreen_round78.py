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


def test_continental_sides_named_with_the_article_inside_the_quotes() -> None:
    # French drafting: each side's paragraph, then "hereinafter referred to as "the Supplier"";
    # Belgian: a side represented by two signatories ("Mr. ... and Ms. ..."); both dated by
    # "Done in Lyon, on ..." and running "for an initial period of five (5) years".
    text = (
        "SUPPLY AGREEMENT\n\nBETWEEN THE UNDERSIGNED:\n\nATELIERS VAUDRAY S.A., a French "
        "société anonyme having its registered office at 3, quai Perrache, 69002 Lyon, "
        "registered with the Trade and Companies Register of Lyon under number B 412 118 903, "
        "represented by Mr. Paul Vaudray and Ms. Claire Morel, duly authorised,\n\nhereinafter "
        'referred to as "the Supplier",\n\nON THE ONE HAND,\n\nAND:\n\nBRIDGEFORD HOME SUPPLY, '
        "INC., a corporation organised under the laws of the State of Ohio, having its "
        "principal place of business at 88 Canal Street, Akron, Ohio,\n\nhereinafter referred "
        'to as "the Buyer",\n\nON THE OTHER HAND.\n\nIT HAS BEEN AGREED AS FOLLOWS:\n\n11.1 This '
        "Agreement shall enter into force on the date of its signature.\n\n11.2 It is entered "
        "into for an initial period of five (5) years from that date." + BODY + "\n\nDone in "
        "Lyon, on 3 March 2004, in two (2) original copies.\n\nATELIERS VAUDRAY S.A.\n/s/ P. "
        "Vaudray\n\nBRIDGEFORD HOME SUPPLY, INC.\n/s/ J. Kell\n"
    )
    result = screen_english(text)
    assert [(party.name, party.role) for party in result.parties] == [
        ("ATELIERS VAUDRAY S.A.", "Supplier"),
        ("BRIDGEFORD HOME SUPPLY, INC.", "Buyer"),
    ]
    found = english_dates(text)
    assert found.signed_on == date(2004, 3, 3)
    assert found.ends_on == date(2009, 3, 3)


def test_a_side_a_person_appears_for_is_the_company() -> None:
    # Spanish drafting: the person who appears, then the company they act for
    text = (
        "SERVICES AGREEMENT\n\nIn Seville, on 2 June 2009\n\nBY AND BETWEEN\n\nON THE ONE PART, "
        "Mr. Andrés Pradera Luque, of legal age, with domicile at Calle Feria 12, Seville, "
        "holder of National Identity Document number 28.113.402-J, acting in the name and on "
        "behalf of LOGISTICA PRADERA, S.L., a Spanish limited liability company with registered "
        "office at Calle Feria 12, Seville, registered with the Commercial Registry of Seville "
        "in Volume 4,112, Folio 88, Sheet SE-61204, in his capacity as Sole Director by virtue "
        "of the public deed granted before the Notary Public of Seville on 8 May 2003 under "
        'number 1,204 of his protocol (hereinafter, the "PROVIDER").\n\nON THE OTHER PART, Mr. '
        "Oliver Stanning, acting in the name and on behalf of STANNING OUTDOOR LIMITED, a "
        "company incorporated in England and Wales (hereinafter, the "
        '"CLIENT").\n\nCLAUSES\n\n1. The Provider shall store the Client\'s goods.' + BODY
    )
    assert [party.name for party in screen_english(text).parties] == [
        "LOGISTICA PRADERA, S.L.",
        "STANNING OUTDOOR LIMITED",
    ]


def test_a_unit_a_side_acts_for_is_no_side_of_its_own() -> None:
    text = (
        "RESEARCH AGREEMENT\n\nThis Agreement is made as of May 3, 2010, by and between THE "
        "REGENTS OF PRAIRIE STATE UNIVERSITY, a body corporate, acting on behalf of its "
        'Department of Soil and Crop Sciences ("University"), and HOLLIS AGRITECH, INC., a '
        'Delaware corporation ("Sponsor").\n\n1. The University shall conduct the research.' + BODY
    )
    assert [party.name for party in screen_english(text).parties] == [
        "THE REGENTS OF PRAIRIE STATE UNIVERSITY",
        "HOLLIS AGRITECH, INC.",
    ]


def test_the_date_of_the_last_signature_dates_the_contract() -> None:
    text = (
        "COLLABORATION AGREEMENT\n\nThis Agreement is entered into on the date of the last "
        'signature below (the "Signature Date") and shall take effect as of 1 June 2012 (the '
        '"Effective Date"), between Vestby Biotek AS and Carrow Labs, Inc.' + BODY + _SIGNED
    )
    found = english_dates(text)
    assert found.signed_on == date(2012, 5, 29)
    assert found.starts_on == date(2012, 6, 1)


_SIGNED = (
    "\n\nVESTBY BIOTEK AS\n\nBy: /s/ E. Lunde\n\nOslo, 21 May 2012\n\nCARROW LABS, INC.\n\nBy: "
    "/s/ R. Tate\n\nBoston, Massachusetts, 29 May 2012\n"
)


def test_each_sides_own_signing_clause_dates_the_contract_by_the_last() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is between Lakeshore Contact Inc. and Bayani "
        "Support Solutions, Inc. It shall take effect when signed." + BODY * 3 + "\n\nSigned at "
        "Columbus, Ohio on March 3, 2008\n\nLAKESHORE CONTACT INC.\nBy: /s/ D. Hurd\n\nSigned at "
        "Pasig City on 11 March 2008\n\nBAYANI SUPPORT SOLUTIONS, INC.\nBy: /s/ M. Reyes\n"
    )
    assert english_dates(text).signed_on == date(2008, 3, 11)


def test_a_day_written_with_its_ordinal_in_words_and_the_aia_year() -> None:
    from chalicelib.prescreen.dates import find_dates

    assert [
        found.value
        for found in find_dates(
            "made in jakarta on this day, tuesday, the 3rd (third) day of march 2015; made as of "
            "the fifth day of june in the year of two thousand two; the 9th day of may in the "
            "year 2006",
            english=True,
        )
    ] == [date(2015, 3, 3), date(2002, 6, 5), date(2006, 5, 9)]


def test_an_effective_date_on_a_payment_or_an_order_is_an_event() -> None:
    for event in (
        "the date on which the Seller has received the Advance Payment",
        "the date on which the Board issues its order approving this Agreement",
    ):
        text = (
            "SUPPLY CONTRACT\n\nThis Contract is made and entered into on May 4, 2011 between "
            'Pelican Gas Ltd. and Orrin Compressors, Inc.\n\n1.1 "Effective Date" means '
            + event
            + ".\n\n9.1 This Contract shall become effective on the Effective Date."
            + BODY
        )
        assert english_dates(text).starts_on is None


def test_prices_held_to_a_day_are_no_end_of_the_term() -> None:
    text = (
        _HEAD + "\n\n3.1 This Agreement shall become effective on June 1, 2006 and shall "
        "continue for three (3) years thereafter.\n\n4.3 The prices in Exhibit A shall remain "
        "in effect through May 31, 2007." + BODY
    )
    assert english_dates(text).ends_on == date(2009, 6, 1)


def test_renewal_denied_tacitly_and_a_conversion_into_an_indefinite_agreement() -> None:
    text = _HEAD + "\n\n6.2 This Agreement shall not be renewed tacitly." + BODY
    found = screen_english(text).auto_renewal
    assert found is not None and not found.present
    converted = (
        _HEAD + "\n\n8.2 If neither Party gives notice before 31 December 2009, this Agreement "
        "shall be converted into an agreement for an indefinite period of time." + BODY
    )
    found = screen_english(converted).auto_renewal
    assert found is not None and found.present


def test_a_lump_sum_compensation_and_not_a_penalty_is_an_agreed_sum() -> None:
    assert section_flagged(
        _HEAD,
        "5.2 The Parties agree that the shortfall fee of EUR 4 per unit not ordered constitutes "
        "a lump-sum compensation for the capacity reserved, and not a penalty.",
        "penalty",
    )


def test_a_right_to_end_the_document_by_its_short_name() -> None:
    assert section_flagged(
        "COOPERATIVE RESEARCH AND DEVELOPMENT AGREEMENT\n\nThis CRADA is made as of May 1, 1998 "
        "between Sandhill National Laboratory and Trevane Optics, Inc.",
        "Either Party may end this CRADA at any time, without cause, by written notice to the "
        "other Party.",
        "unilateral_termination",
    )


def test_a_named_period_ended_in_its_own_sentence_ends_the_contract() -> None:
    text = (
        "CAPACITY AGREEMENT\n\nThis Agreement is made as of April 2, 2007 between Northline "
        'Satellite Corp. and Verity Broadcast LLC.\n\n1.5 "Service Start Date" means May 1, '
        "2007.\n\n3.1 This Agreement shall become effective on the date first written above. "
        'The period during which Northline provides the capacity (the "Service Term") shall '
        "begin on the Service Start Date and shall end on the earlier of (a) the tenth (10th) "
        "anniversary of the Service Start Date and (b) the end of life of the satellite. This "
        "Agreement shall expire upon the expiration or termination of the Service Term." + BODY
    )
    assert english_dates(text).ends_on == date(2017, 5, 1)
    fibre = (
        "IRU AGREEMENT\n\nThis Agreement is made as of June 5, 2001 between Corvane Networks, "
        "Inc. and Hollin Telecom LLC.\n\n5.1 This Agreement shall be effective on the date "
        "first written above and shall continue until the expiration of the IRU Term.\n\n5.2 "
        "The IRU Term shall commence on the Acceptance Date and shall end on December 31, "
        "2021." + BODY
    )
    assert english_dates(fibre).ends_on == date(2021, 12, 31)


def test_a_licence_period_is_the_term_by_its_name() -> None:
    text = (
        "FORMAT LICENCE\n\nTHIS AGREEMENT is made on 2 February 2015 between Harwick Formats "
        'Limited and Pellow Media, Inc.\n\n"Effective Date" means 1 April 2015;\n\n3.1 The '
        "licence period shall commence on the Effective Date and shall expire on the date "
        "falling eighteen (18) months after the Effective Date." + BODY
    )
    assert english_dates(text).ends_on == date(2016, 10, 1)


def test_the_law_of_agreements_made_under_it_yields_to_its_own() -> None:
    from chalicelib.prescreen.governing_law import find_governing_law
    from chalicelib.prescreen.text import prepare_text

    text = (
        "MASTER FRANCHISE AGREEMENT\n\nThis Agreement is dated as of May 1, 2008 between "
        "Glenbrook Yogurt, Inc. and Inversiones Sur S.A.\n\n3.3 Each Unit Franchise Agreement "
        "shall be in Spanish and shall be governed by the laws of the Republic of Chile.\n\n13.1 "
        "Governing Law. This Agreement shall be governed by the laws of the Commonwealth of "
        "Virginia." + BODY
    )
    assert find_governing_law(prepare_text(text), ("en",)) == "US-VA"


def test_latin_american_openings_and_signing_clauses_date_the_contract() -> None:
    opening = (
        "LICENSE AGREEMENT\n\nIn the City of Rosario, Argentine Republic, on the 3rd day of "
        "March, 2003, between, on the one part, Dunmore Seeds, Inc. and, on the other part, "
        "Agro Pampa S.R.L., it is agreed as follows:\n\n1. The licence runs for five (5) years "
        "from the date of this Agreement." + BODY
    )
    assert english_dates(opening).signed_on == date(2003, 3, 3)
    closing = (
        "DISTRIBUTION AGREEMENT\n\nThis Agreement is made between Harwell Pumps Inc. and "
        "Bombas del Norte, S.A. de C.V., whose representative's powers are evidenced by public "
        "deed number 14,220 dated March 2, 1995.\n\n1. The Distributor shall buy the Products."
        + BODY
        * 2
        + "\n\nThe parties execute it in two counterparts in the City of Saltillo, Coahuila, "
        "Mexico, on June 9, 1999.\n\nHARWELL PUMPS INC.\nBy: /s/ T. Harwell\n"
    )
    assert english_dates(closing).signed_on == date(1999, 6, 9)
    spelled = (
        "AGENCY AGREEMENT\n\nBetween Corbin Tools Inc. and Ferreteria Andina S.A.S."
        + BODY * 2
        + "\n\nSigned in Medellín, Antioquia, on the twelfth (12th) day of the month of May of "
        "two thousand eleven (2011).\n\nCORBIN TOOLS INC.\nBy: /s/ L. Corbin\n"
    )
    assert english_dates(spelled).signed_on == date(2011, 5, 12)


def test_an_officer_acting_in_his_capacity_for_a_company_makes_the_company_the_side() -> None:
    text = (
        "SERVICES AGREEMENT\n\nBetween the undersigned, to wit: MARIO LUIS PEREZ, Panamanian, of "
        "legal age, bearer of identity card No. 8-111-222, acting in his capacity as President "
        "of LOGISTICA ISTMO, S.A., a corporation organized under the laws of the Republic of "
        'Panama (hereinafter called the "OPERATOR"), on the one part; and JANE R. COLE, citizen '
        "of the United States of America, of legal age, acting in her capacity as Vice "
        "President of HADLEY TRADING CORPORATION, a Delaware corporation (hereinafter called "
        'the "CUSTOMER"), on the other part, have agreed as follows:\n\nFIRST: The OPERATOR '
        "shall store the goods." + BODY
    )
    assert [party.name for party in screen_english(text).parties] == [
        "LOGISTICA ISTMO, S.A.",
        "HADLEY TRADING CORPORATION",
    ]


def test_older_and_partnership_terms() -> None:
    dated = (
        "HOTEL LICENSE AGREEMENT\n\nThis Agreement is made as of April 2, 1996 between Bayview "
        "Suites Licensing Corp. and Delmont Hospitality, Inc.\n\n3.1 Term. This Agreement shall "
        "become effective on the date set out above." + BODY
    )
    assert english_dates(dated).starts_on == date(1996, 4, 2)
    partnership = (
        "LIMITED PARTNERSHIP AGREEMENT\n\nThis Agreement is made as of May 5, 1998 among "
        "Coldwater Power GP LLC and the Limited Partners.\n\n2.4 Term. The Partnership shall "
        "continue until December 31, 2028, unless sooner dissolved." + BODY
    )
    assert english_dates(partnership).ends_on == date(2028, 12, 31)


def test_an_order_form_signed_after_the_master_does_not_date_it() -> None:
    text = (
        "MASTER LICENSE AGREEMENT\n\nThis Agreement is entered into by and between Alder Point "
        "Software, Inc. and Whitby Freight LLC, effective as of the date of the last signature "
        "below." + BODY + "\n\nIN WITNESS WHEREOF, the parties have executed this Agreement.\n\n"
        "ALDER POINT SOFTWARE, INC.\nBy: /s/ D. Kerr\nDate: March 3, 2012\n\nWHITBY FREIGHT LLC\n"
        "By: /s/ L. Amos\nDate: March 1, 2012\n\nORDER FORM NO. 1\n\nThis Order Form is entered "
        "into under the Agreement.\n\nALDER POINT SOFTWARE, INC.\nBy: /s/ D. Kerr\nDate: April "
        "9, 2012\n"
    )
    assert english_dates(text).signed_on == date(2012, 3, 3)


def test_an_attachment_is_dated_by_itself_not_by_the_master_it_cites() -> None:
    text = (
        "EQUIPMENT SCHEDULE NO. 3\nto Master Lease Agreement No. ML-2001-044 dated as of June 4, "
        '2001\n\nThis EQUIPMENT SCHEDULE NO. 3 (this "Schedule") is dated as of August 9, 2005 '
        'and is entered into between Corran Leasing Corp. ("Lessor") and Ashby Mills Inc. '
        '("Lessee").\n\n2. The Base Term of this Schedule is sixty (60) months.' + BODY
    )
    assert english_dates(text).signed_on == date(2005, 8, 9)


def test_the_law_an_order_sets_aside_and_the_governments_orders() -> None:
    from chalicelib.prescreen.governing_law import find_governing_law
    from chalicelib.prescreen.text import prepare_text

    text = (
        "INSERTION ORDER\n\nThis IO is dated as of May 2, 2009 between Halder Media LLC and "
        "Penrose Autos Inc.\n\n14. GOVERNING LAW\n\nNotwithstanding Section 15.2 of the "
        "Advertising Agreement, which provides for the application of the laws of the State of "
        "California, this IO shall be governed by the laws of the State of New York." + BODY
    )
    assert find_governing_law(prepare_text(text), ("en",)) == "US-NY"
    order = (
        "TASK ORDER\n\nThis TASK ORDER is issued as of September 3, 2017 by the United States of "
        'America (the "Government") to Quill Data Systems, Inc. (the "Contractor").\n\n4. The '
        "Base Period commences on October 1, 2017 and ends on September 30, 2018.\n\n9. The "
        "Government reserves the right to terminate this Task Order for its sole convenience."
        + BODY
    )
    found = english_dates(order)
    assert (found.signed_on, found.ends_on) == (date(2017, 9, 3), date(2018, 9, 30))
    flag = screen_english(order).unilateral_termination
    assert flag is not None and flag.present


def test_a_restatement_is_not_ended_by_the_end_its_recital_replaces() -> None:
    text = (
        "AMENDED AND RESTATED SUPPLY AGREEMENT\n\nThis Agreement is entered into as of March 2, "
        '2012 and is effective as of January 1, 2012 (the "Restatement Effective Date"), by '
        "Dorrit Polymers Inc. and Wexley Plastics LLC.\n\nWHEREAS, the term of the Original "
        "Agreement was scheduled to expire on March 31, 2012; and\n\nWHEREAS, the parties wish to "
        "restate it;\n\nNOW, THEREFORE, the parties agree as follows:\n\n5.1 This Agreement shall "
        "continue until the third (3rd) anniversary of the Restatement Effective Date." + BODY
    )
    assert english_dates(text).ends_on == date(2015, 1, 1)


def test_signed_at_a_place_this_day_and_an_effective_date_on_a_court_judgment() -> None:
    text = (
        "LICENCE AGREEMENT\n\nBetween Oriel Systems Inc. and Brise Logiciel Inc."
        + BODY * 3
        + "\n\nSIGNED at Boston, Massachusetts, this 2nd day of May, 2011.\n\nORIEL SYSTEMS INC."
        "\nBy: /s/ K. Ward\n\nSIGNED at Laval, Québec, this 9th day of May, 2011.\n\nBRISE "
        "LOGICIEL INC.\nBy: /s/ M. Roy\n"
    )
    assert english_dates(text).signed_on == date(2011, 5, 9)
    judgment = (
        "SETTLEMENT AGREEMENT\n\nThis Agreement is made as of June 1, 2010 between Halcyon Pharma "
        'Inc. and Verdant Generics LLC.\n\n1.4 "Effective Date" means the date on which the '
        "Court enters the Consent Judgment.\n\n9.1 This Agreement shall become effective on the "
        "Effective Date." + BODY
    )
    assert english_dates(judgment).starts_on is None
