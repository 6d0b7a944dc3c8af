"""Readings drawn from the fifty-third and fifty-fourth blind rounds and from the amendments
earlier rounds left misread, written here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged


def test_a_reporting_quarter_that_ends_is_not_the_contracts_end() -> None:
    text = (
        "THIRD AMENDMENT TO DISTRIBUTION AGREEMENT\n\nThis Third Amendment is dated 2 March 2009 "
        "between Calloway Instruments Limited and Brenmoor Supplies, Inc.\n\n1.2 Nothing in this "
        "Third Amendment shall affect the Distributor's duty to report sales made in the Sales "
        "Quarter ending 31 March 2009.\n\n2.1 Clause 12.1 of the Agreement is replaced with the "
        'following:\n\n"12.1 This Agreement commenced on the Start Date and, unless terminated '
        "earlier under this clause 12, shall continue in force until 31 December 2012 (the "
        '"Initial Term")."' + BODY
    )
    assert english_dates(text).ends_on == date(2012, 12, 31)


def test_a_term_with_an_aside_continues_through_and_including_a_named_day() -> None:
    text = (
        "EXTENSION AGREEMENT\n\nThis Extension Agreement is entered into as of May 4, 2011 by "
        "and between Harrow Freight, Inc. and Lindqvist Data Services, LLC.\n\n"
        '"Outside Date" means September 30, 2014.\n\n2.1 Section 8.1 of the Hosting '
        "Agreement is hereby amended so that the Term, unless sooner terminated under the "
        "Hosting Agreement, shall continue through and including the Outside Date." + BODY
    )
    assert english_dates(text).ends_on == date(2014, 9, 30)


def test_an_amended_consulting_periods_new_end_not_the_one_it_replaces() -> None:
    text = (
        "AMENDMENT TO CONSULTING AGREEMENT\n\nMarch 9, 2012\n\nDear Dr. Okafor:\n\nThis letter "
        "amends, with effect from March 1, 2012, the Consulting Agreement between Tillbrook "
        "Therapeutics, Inc. and you. Section 3(a) of the Consulting Agreement, which currently "
        "provides that the Consulting Period will continue through June 30, 2013, is hereby "
        'amended to read as follows:\n\n"(a) The '
        "Consulting Period commenced on April 2, 2011 and shall end on August 31, 2012, unless "
        'earlier terminated under Section 3(b)."' + BODY
    )
    assert english_dates(text).ends_on == date(2012, 8, 31)


_AU_HEAD = (
    "HAULAGE AGREEMENT\n\nDetails\n\nDate: 9 May 2016\n\nParties\n\n"
    "Name: Mulga Creek Quarries Pty Ltd\nACN: 118 552 640\nAddress: 12 Quarry Road, Dubbo "
    "NSW 2830\nShort name: Quarry\n\nName: Westerway Transport Pty Limited\nACN: 601 223 "
    "118\nAddress: 5 Depot Street, Orange NSW 2800\nShort name: Carrier\n\nBackground\n\n"
    "A. The Carrier hauls aggregate.\n\nCommencement Date means 1 July 2016.\n\n"
)


def test_a_details_pages_blocks_of_fields_name_the_sides_and_its_date_dates_the_contract() -> None:
    text = (
        _AU_HEAD + "2.1 This agreement commences on the Commencement Date and continues until "
        "the fourth anniversary of the Commencement Date, unless terminated earlier." + BODY
    )
    sides = [(party.name, party.role) for party in screen_english(text).parties]
    assert sides == [
        ("Mulga Creek Quarries Pty Ltd", "Quarry"),
        ("Westerway Transport Pty Limited", "Carrier"),
    ]
    read = english_dates(text)
    assert (read.signed_on, read.starts_on, read.ends_on) == (
        date(2016, 5, 9),
        date(2016, 7, 1),
        date(2020, 7, 1),
    )


def test_a_numbered_sides_address_wrapped_into_a_paragraph_of_its_own() -> None:
    text = (
        "SERVICES AGREEMENT\n\nDate: 4 April 2012\n\nParties\n\n1.   Koorong Health Services "
        "Pty Ltd (ACN 611 204 887) of 3 Banksia\n\nAvenue, Hobart TAS 7000 (Customer)\n\n2.   "
        "Tallowood Systems Pty Limited (ACN 140 552 019) of 88 Murray\n\nStreet, Hobart TAS "
        '7000 ("Supplier")\n\nBackground\n\nA. The Supplier provides payroll services.' + BODY
    )
    sides = [(party.name, party.role) for party in screen_english(text).parties]
    assert sides == [
        ("Koorong Health Services Pty Ltd", "Customer"),
        ("Tallowood Systems Pty Limited", "Supplier"),
    ]


def test_an_end_at_an_hour_with_its_zone_between_commas() -> None:
    text = (
        "TRANSITION SERVICES AGREEMENT\n\nThis Agreement is dated as of March 2, 2010 between "
        "Harlan Chemical Corp. and Pellston Resins, Inc.\n\n"
        '"Separation Date" means April 1, 2010.\n\n5.1 Term. This Agreement shall remain in '
        "effect until 11:59 p.m., Central Standard Time, on the date that is twelve (12) months "
        "after the Separation Date." + BODY
    )
    assert english_dates(text).ends_on == date(2011, 4, 1)


def test_an_end_at_twenty_four_hours_on_a_day() -> None:
    text = (
        "TOLLING AGREEMENT\n\nThis Tolling Agreement is dated as of June 5, 2003 between "
        "Carvell Power LLC and Oriel Energy Marketing, Inc.\n\n2.1 The term of this Agreement "
        "shall commence on the date hereof and shall end at 24:00 hours, prevailing Pacific "
        "time, on October 31, 2013." + BODY
    )
    assert english_dates(text).ends_on == date(2013, 10, 31)


def test_a_contract_that_ends_upon_the_expiry_of_a_period_it_defines() -> None:
    text = (
        "NON-SOLICITATION AGREEMENT\n\nThis Agreement is dated as of August 3, 2006 between "
        "Brasswood Holdings, Inc. and Tenney Instruments Corp.\n\n"
        '"Protected Period" means the period commencing on August 3, 2006 and ending on the '
        "third anniversary of such date.\n\n4.1 Unless earlier terminated by the written "
        "agreement of the parties, this Agreement shall terminate upon the expiration of the "
        "Protected Period." + BODY
    )
    assert english_dates(text).ends_on == date(2009, 8, 3)


def test_coming_into_force_on_a_day_the_definitions_date() -> None:
    text = (
        "BRAND LICENCE\n\nTHIS AGREEMENT is dated 28 February 2011 between Ashby Lamps Limited "
        'and Corfe Lighting Limited.\n\n"Transfer Date" means 1 April 2011.\n\n2.1 This '
        "Agreement shall come into force on the Transfer Date and shall continue for eighteen "
        "(18) months." + BODY
    )
    assert english_dates(text).starts_on == date(2011, 4, 1)


def test_effective_when_a_side_named_countersigns() -> None:
    text = (
        "Velden Optics, Inc.\n\nMay 3, 2007\n\nDear Mr. Harte:\n\nThis letter sets out the terms "
        "on which Velden Optics, Inc. will reserve coating capacity for Orrin Devices Corp. "
        "This letter agreement will become effective on the date on which Orrin countersigns "
        "it below and will remain in effect until December 31, 2009." + BODY + "\n\nVELDEN "
        "OPTICS, INC.\n\nBy: /s/ Ann Lowe\nTitle: President\nDate: May 3, 2007\n\nAGREED AND "
        "ACCEPTED:\n\nORRIN DEVICES CORP.\n\nBy: /s/ Paul Harte\nTitle: Chief Executive "
        "Officer\nDate: May 11, 2007"
    )
    assert english_dates(text).starts_on == date(2007, 5, 11)


def test_going_on_until_terminated_once_the_first_term_expires_is_a_renewal() -> None:
    text = (
        "HOSTING AGREEMENT\n\nTHIS AGREEMENT is dated 2 June 2015 between Calder Hosting Limited "
        'and Wrexley Insurance plc.\n\n"Go-Live Date": 1 September 2015.\n\n2.1 The Supplier '
        "shall provide the Services from the Go-Live Date for an initial period of three years "
        '(the "Initial Term"). On expiry of the Initial Term this agreement shall continue in '
        "force unless and until terminated by either party giving not less than six months' "
        "written notice." + BODY
    )
    assert english_dates(text).ends_on == date(2018, 9, 1)
    assert section_flagged(
        "HOSTING AGREEMENT",
        "2.2 On expiry of the Initial Term this agreement shall continue in force unless and "
        "until terminated by either party giving not less than six months' written notice.",
        "auto_renewal",
    )


def test_a_spin_offs_agreement_effective_at_an_effective_time_the_definitions_date() -> None:
    text = (
        "EMPLOYEE MATTERS AGREEMENT\n\nThis Agreement is entered into on May 20, 2011 between "
        "Tarrant Industries, Inc. and Sable Coatings Corp.\n\n"
        '"Effective Time" means 11:59 p.m., Eastern Time, on the Spin-Off Date.\n\n'
        '"Spin-Off Date" means June 1, 2011.\n\n9.1 This Agreement shall become effective at the '
        "Effective Time and shall remain in effect until all obligations hereunder are "
        "performed." + BODY
    )
    assert english_dates(text).starts_on == date(2011, 6, 1)


def test_a_perpetual_licence_with_an_aside_whose_maintenance_renews_is_no_renewal() -> None:
    assert not section_flagged(
        "SOFTWARE LICENCE AGREEMENT\n\nThis Agreement is made on 4 May 2004 between Halyard "
        "Systems Limited and Torrance Mutual Insurance Company.\n\n2.1 The Licensor grants to "
        "the Licensee a perpetual (subject to termination in accordance with Section 12 or Section "
        "14), non-exclusive, non-transferable "
        "licence to use the Software.",
        "6.3 The Maintenance Services shall renew automatically for successive one (1) year "
        "periods unless the Licensee gives notice of non-renewal at least thirty (30) days "
        "before the end of the then current period.",
        "auto_renewal",
    )


def test_an_australian_schedules_items_date_the_term() -> None:
    text = (
        "CLEANING SERVICES AGREEMENT\n\nThis agreement is made on 3 March 2014 between Banksia "
        "Facility Services Pty Ltd and Corella Shopping Centres Pty Ltd.\n\nCommencement Date "
        "means the date specified in Item 1 of the Schedule.\n\nEnd Date means the date "
        "specified in Item 2 of the Schedule.\n\n2.1 This document starts on the Commencement "
        "Date and ends on the End Date, unless terminated earlier under clause 14."
        + BODY
        + "\n\nSchedule\n\nItem 1 Commencement Date: 1 April 2014\n\nItem 2 End Date: 31 March "
        "2017"
    )
    read = english_dates(text)
    assert (read.starts_on, read.ends_on) == (date(2014, 4, 1), date(2017, 3, 31))


def test_a_term_set_out_in_a_schedules_item() -> None:
    text = (
        "LICENCE AGREEMENT\n\nThis agreement is made on 9 October 2015 between Paperbark "
        "Sensors Pty Ltd and Ostrava Instruments Inc.\n\n2.1 This agreement commences on the "
        "date of this agreement and continues for the initial term set out in Item 5 of the "
        "Reference Schedule." + BODY + "\n\nReference Schedule\n\nItem 5 Initial term: 7 years "
        "from the Commencement Date"
    )
    assert english_dates(text).ends_on == date(2022, 10, 9)


def test_effective_at_an_effective_time_on_a_day_written() -> None:
    text = (
        "PATENT CROSS-LICENSE AGREEMENT\n\nThis Agreement is dated as of March 3, 2016 between "
        'Ostler Systems, Inc. and Wenlock Devices Corp.\n\n"Effective Time" means 12:01 a.m., '
        "Eastern Time, on April 1, 2016.\n\n2.1 Subject to the terms of this Agreement, effective "
        "as of the Effective Time, Ostler grants Wenlock a license.\n\n8.1 This Agreement shall "
        "become effective at the Effective Time and shall continue until the last patent "
        "expires." + BODY
    )
    assert english_dates(text).starts_on == date(2016, 4, 1)


def test_taking_effect_on_and_from_the_date_of_the_agreement() -> None:
    text = (
        "SHAREHOLDERS AGREEMENT\n\nTHIS AGREEMENT is made on 2 May 2012 between Kestrel Holdings "
        "Pte. Ltd. and Morrow Capital Pte. Ltd.\n\n2.1 This Agreement shall take effect on and "
        "from the date of this Agreement and shall continue until the Company is wound up." + BODY
    )
    assert english_dates(text).starts_on == date(2012, 5, 2)


def test_a_renewal_the_parties_may_agree_in_writing_is_no_ones_option() -> None:
    text = (
        "TECHNOLOGY LICENSE AGREEMENT\n\nThis Agreement is made on June 3, 2011 between Auric "
        "Filters, Inc. and Delacroix Water Corp." + BODY + "\n\n10.1 This Agreement shall remain "
        "in force for five (5) years. The Parties may renew this Agreement for such further "
        "period and on such terms as they may agree in writing." + BODY
    )
    found = screen_english(text).renewal_option
    assert found is not None and not found.present


def test_a_commencement_date_defined_as_another_day_the_definitions_date() -> None:
    text = (
        "SUPPORT AGREEMENT\n\nTHIS AGREEMENT is dated 20 January 2020 between Harrow Lines "
        'Limited and Pellow Foods Limited.\n\n"Handover Date": 6 January 2020, being the date the '
        'Line was handed over.\n\n"Commencement Date": the Handover Date.\n\n2.1 This agreement '
        "shall take effect on the Commencement Date and shall continue for an initial term of two "
        "(2) years." + BODY
    )
    read = english_dates(text)
    assert (read.starts_on, read.ends_on) == (date(2020, 1, 6), date(2022, 1, 6))


def test_a_letters_date_above_its_salutation_dates_it_below_a_filing_legend() -> None:
    # (the legend puts the date past the reach in which a first date dates a document)
    text = (
        "EXHIBIT 10.7\n\nCERTAIN CONFIDENTIAL INFORMATION CONTAINED IN THIS DOCUMENT, MARKED BY "
        "BRACKETS AS [*], HAS BEEN OMITTED AND FILED SEPARATELY WITH THE SECURITIES AND EXCHANGE "
        "COMMISSION PURSUANT TO RULE 406 OF THE SECURITIES ACT OF 1933, AS AMENDED.\n\n[ORRIN "
        "MEDIA, INC. LETTERHEAD]\n\nMarch 20, 2001\n\nMs. Janet P. Holt\n\nChief Operating "
        "Officer\n\nFenwick Goods, Inc.\n\nRe:  Web Site Hosting Agreement\n\nDear Ms. Holt:"
        '\n\nThis letter agreement (this "Agreement") sets forth the terms on which Orrin Media, '
        'Inc., a Colorado corporation ("Orrin"), will design and host a web site for Fenwick '
        'Goods, Inc., an Idaho corporation ("Client"). This Agreement is effective as of March 1, '
        '2001 (the "Effective Date"), the date on which Orrin began design work.' + BODY
    )
    read = english_dates(text)
    assert (read.signed_on, read.starts_on) == (date(2001, 3, 20), date(2001, 3, 1))


def test_a_consultants_engagement_that_continues_for_a_fixed_term() -> None:
    text = (
        "CONSULTANCY AGREEMENT\n\nTHIS AGREEMENT is dated 2 March 2009 between Tarn Offshore "
        "Limited and Kelso Engineering Limited.\n\nCommencement Date: 1 April 2009.\n\n2.2 The "
        "Engagement shall commence on the Commencement Date and shall continue for a fixed term "
        "of 18 months, unless terminated earlier in accordance with clause 10." + BODY
    )
    assert english_dates(text).ends_on == date(2010, 10, 1)


def test_effective_when_the_addressee_signs_and_returns_it_dated_in_the_acceptance() -> None:
    text = (
        "Dear Mr. Pike:\n\nThis letter sets out the terms on which Larch Beverages Inc. will "
        "engage you as its spokesperson. This Agreement is effective as of the date on which you "
        "sign and return it to Larch. The term ends on June 30, 2015." + BODY + "\n\nYours "
        "truly,\n\nLARCH BEVERAGES INC.\n\nPer: /s/ Ann Roe\nDate: April 2, 2014\n\nACCEPTED AND "
        "AGREED this 9th day of April, 2014.\n\n/s/ Colin Pike"
    )
    assert english_dates(text).starts_on == date(2014, 4, 9)


def test_a_details_pages_side_with_a_description_after_its_name_and_fields_run_together() -> None:
    text = (
        "JOINT VENTURE DEED\n\nDetails\n\nDate: 4 June 2009\n\nParties\n\nName: Wandoo Minerals "
        "Limited\n\nACN: 094 227 610\n\nAddress: 3 Ord Street, West Perth WA 6005 Short name: "
        "Wandoo\n\nName: Fraser Reef Nickel Corp., a company existing under the Business "
        "Corporations Act (British Columbia) Address: 700 Burrard Place, Vancouver Short name: "
        "Fraser Reef\n\nKey terms\n\nA. The parties wish to explore the tenements together. The "
        "parties to this deed agree as follows." + BODY
    )
    sides = [(party.name, party.role) for party in screen_english(text).parties]
    assert sides == [
        ("Wandoo Minerals Limited", "Wandoo"),
        ("Fraser Reef Nickel Corp.", "Fraser Reef"),
    ]


def test_withdrawing_from_a_joint_venture_at_any_time_on_notice_is_convenience() -> None:
    assert section_flagged(
        "JOINT VENTURE AGREEMENT",
        "13.1 A Participant may withdraw from the Joint Venture at any time by giving not less "
        "than sixty (60) days' notice to the other Participants.",
        "unilateral_termination",
    )


def test_a_deed_that_never_calls_itself_an_agreement_is_judged_as_a_contract() -> None:
    text = (
        "DEED OF COVENANT\n\nThis deed is made on 1 July 2010 between Wirra Holdings Pty Ltd "
        '("Wirra") and Boonah Pastoral Pty Ltd ("Boonah").\n\n'
        + "\n\n".join(
            f"{n}. The parties to this deed covenant to keep the matters in clause {n} in "
            "confidence and to act in good faith under this deed at all times."
            for n in range(1, 15)
        )
        + "\n\n15. Either party may terminate this deed at any time by giving thirty (30) days' "
        "written notice to the other."
    )
    found = screen_english(text).unilateral_termination
    assert found is not None and found.present


def test_a_period_before_the_term_that_ends_is_not_the_contracts_end() -> None:
    text = (
        "LICENSE AGREEMENT\n\nThis License Agreement is made as of the 1st day of June, 1997, by "
        "and between Ardley Brands, Inc. and Vesper Apparel Corp.\n\n2.3 During the period from "
        "the date of this Agreement through December 31, 1997, Licensee may use the Marks only "
        "to prepare samples.\n\n3.1 The term of this Agreement shall commence on January 1, 1998 "
        "and, unless sooner terminated, shall expire on December 31, 2002." + BODY
    )
    assert english_dates(text).ends_on == date(2002, 12, 31)


def test_a_definitions_effective_date_over_an_opening_as_of_the_last_signature() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made and entered into as of the date of "
        "the last signature below by and between Kell Mutual Insurance Co. and Dorian Business "
        'Services, Inc.\n\n1.2 "Effective Date" means March 1, 2009.\n\n5.1 The term of this '
        "Agreement shall begin on the Effective Date and shall expire five (5) years after the "
        "Effective Date." + BODY + "\n\nKELL MUTUAL INSURANCE CO.\n\nBy: /s/ A. Lee\nDate: "
        "February 18, 2009\n\nDORIAN BUSINESS SERVICES, INC.\n\nBy: /s/ B. Cole\nDate: "
        "February 20, 2009"
    )
    read = english_dates(text)
    assert (read.signed_on, read.starts_on, read.ends_on) == (
        date(2009, 2, 20),
        date(2009, 3, 1),
        date(2014, 3, 1),
    )


def test_a_consultants_former_employment_ending_is_not_the_consultancys_end() -> None:
    text = (
        "Tolland Biosciences, Inc.\n\nApril 2, 2015\n\nDear Dr. Ames:\n\nThis letter agreement "
        '(this "Agreement") confirms the terms on which Tolland Biosciences, Inc. will engage '
        "you as a consultant. As you know, your employment with the Company as Chief Scientific "
        'Officer will end on April 10, 2015 (the "Separation Date") under the separation '
        "agreement dated as of the date of this letter.\n\n2. Consulting Period. The consulting "
        "period will begin on April 13, 2015 and will continue for six (6) months." + BODY
    )
    assert english_dates(text).ends_on == date(2015, 10, 13)


def test_a_schedule_item_set_apart_from_its_value_by_spaces() -> None:
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis agreement is dated 3 February 2015 between Yarra Bend "
        "Football Club Ltd and Coolabah Foods Pty Ltd.\n\nItem 1   Commencement Date     1 March "
        "2015\n\nItem 2   Expiry Date           28 February 2018\n\n3.1 This agreement commences "
        "on the Commencement Date and, unless terminated earlier, continues until the Expiry "
        "Date." + BODY
    )
    assert english_dates(text).ends_on == date(2018, 2, 28)


def test_an_option_to_extend_an_advertisements_display_is_no_renewal() -> None:
    text = (
        "ADVERTISING AGREEMENT\n\nThis Agreement is made as of April 3, 2000 between Larkin Media, "
        "Inc. and Cobb Home Loans, Inc." + BODY + "\n\n3.4 If Larkin has not delivered the "
        "Guaranteed Impressions by the end of the Term, Larkin shall, at Cobb's option, either "
        "extend the display of the Advertisements without charge until they are delivered or "
        "refund the fees for the undelivered Impressions." + BODY
    )
    found = screen_english(text).renewal_option
    assert found is not None and not found.present


def test_a_termination_for_convenience_that_denies_any_other_charge_or_penalty() -> None:
    assert not section_flagged(
        "MASTER SERVICES AGREEMENT",
        "6.3 Client may terminate this Agreement for any reason upon thirty (30) days' notice. In "
        "that event Client will pay Provider for Services performed through the date of "
        "termination, and no other termination charge, fee or penalty will apply.",
        "penalty",
    )


def test_a_sum_recovered_as_damages_and_not_as_a_penalty_is_agreed_damages() -> None:
    assert section_flagged(
        "EQUIPMENT LEASE AGREEMENT",
        "15.1 On an Event of Default Lessor may recover from Lessee, as damages for loss of a "
        "bargain and not as a penalty, an amount equal to the Casualty Value of the Equipment, "
        "together with interest at eighteen percent (18%) per annum from the date of demand.",
        "penalty",
    )


def test_a_term_to_the_end_of_a_period_a_statement_of_works_field_dates() -> None:
    text = (
        "MARKETING SERVICES AGREEMENT\n\nThis Agreement is made as of March 2, 2018 between Hollin "
        "Outdoor, Inc. and Bright Fern Media LLC.\n\n2. Term. This Agreement will commence on "
        "April 1, 2018 and will continue until the last day of the Campaign Period stated in "
        "the Statement of Work." + BODY + "\n\nSTATEMENT OF WORK\n\nCampaign: Spring Launch\n\n"
        "Campaign Period: April 1, 2018 through March 31, 2019."
    )
    assert english_dates(text).ends_on == date(2019, 3, 31)


def test_contract_years_the_first_of_which_begins_on_a_defined_day() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Agreement is made as of May 1, 2009 between Larch Dairy "
        'Cooperative and Pinnacle Nutrition, Inc.\n\n"Commencement Date" means June 1, 2009.\n\n'
        '"Contract Year" means each period of twelve (12) consecutive months during the Term, '
        "the first of which begins on the Commencement Date.\n\n2.1 The term of this Agreement "
        "shall commence on the Commencement Date and shall continue until the last day of the "
        "third (3rd) Contract Year." + BODY
    )
    assert english_dates(text).ends_on == date(2012, 6, 1)


def test_an_end_on_the_last_day_of_a_season_named_by_its_year() -> None:
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis Agreement is made as of January 5, 2004 between Redbank "
        'Motorsports, LLC and Tarn Beverages, Inc.\n\n1.4 "Race Season" means the period '
        "beginning on March 1 and ending on October 31 of a calendar year.\n\n3.1 The term of "
        "this Agreement shall commence on the date hereof and shall continue through the last "
        "day of the 2006 Race Season." + BODY
    )
    assert english_dates(text).ends_on == date(2006, 10, 31)


def test_an_end_on_the_last_day_of_a_fiscal_year_named_by_its_year() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is made as of August 4, 2015 between Corran Health "
        'Plans, Inc. and Velton Contact Services LLC.\n\n"Fiscal Year" means the fiscal year of '
        "Client, which begins on October 1 of each calendar year and ends on September 30 of "
        "the following calendar year.\n\n4.1 This Agreement shall remain in effect from the "
        "Effective Date through the last day of Fiscal 2018." + BODY
    )
    assert english_dates(text).ends_on == date(2018, 9, 30)


def test_an_end_on_the_last_deadline_a_numbered_section_lists() -> None:
    text = (
        "AREA DEVELOPMENT AGREEMENT\n\nThis Agreement is made as of February 2, 2005 between "
        "Copper Kettle Franchising, Inc. and Ridgeway Restaurant Group, LLC.\n\n3.1 Developer "
        "shall open Restaurants so that on or before each date below the number open equals at "
        "least the number opposite it:\n\nJune 30, 2006    1\nJune 30, 2007    2\nDecember 31, "
        "2008    3\n\n3.2 Time is of the essence.\n\n4.1 The term of this Agreement shall "
        "commence on the date hereof and shall expire on the last Development Deadline set "
        "forth in Section 3.1." + BODY
    )
    assert english_dates(text).ends_on == date(2008, 12, 31)


def test_a_law_the_contract_says_it_is_not_under_is_not_its_choice() -> None:
    text = (
        "DISTRIBUTION AGREEMENT\n\nThis Agreement is made as of May 6, 2014 between Sorrel Pumps, "
        "Inc. and Agroterra Comercio Ltda.\n\n2.6 The Parties agree that this Agreement is a "
        "distribution agreement and is not a contract of commercial representation governed by "
        "Brazilian Law No. 4,886.\n\n10.1 This Agreement shall be governed by the laws of the "
        "State of Kansas." + BODY
    )
    assert screen_english(text).governing_law == "US-KS"


def test_continuing_for_an_indefinite_period_unless_notice_is_given_before_the_end() -> None:
    assert section_flagged(
        "AGENCY AGREEMENT",
        "7.1 This Agreement shall take effect on June 1, 2015 and shall remain in force until May "
        "31, 2018. If neither party has given written notice of termination at least three (3) "
        "months before May 31, 2018, this Agreement shall thereafter continue for an indefinite "
        "period.",
        "auto_renewal",
    )


def test_effective_when_the_side_named_executes_it_as_shown_below_its_signature() -> None:
    text = (
        "CONCESSION AGREEMENT\n\nTHIS AGREEMENT is dated for reference the 2nd day of June, 2011 "
        "between the Harbour Airport Authority and Kestrel Retail Ltd.\n\n3.1 This Agreement "
        "shall become effective on the date on which it has been executed by the Authority, as "
        'shown below the Authority\'s signature (the "Effective Date").' + BODY + "\n\nKESTREL "
        "RETAIL LTD.\n\nPer: /s/ J. Ward\nDate: June 9, 2011\n\nHARBOUR AIRPORT AUTHORITY\n\nPer: "
        "/s/ M. Lowe\nDate: June 20, 2011"
    )
    assert english_dates(text).starts_on == date(2011, 6, 20)
