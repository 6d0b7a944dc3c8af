"""English contracts that date their term by a day they name: a Restatement Date, a Closing
Date, a Launch Date, or the end of a year counted from the start.

Written in the style of the blind sets en_contracts_extra and en_contracts_extra2 (their first
runs missed each of these); every case states the dates a lawyer would read from it.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

_BODY = "The parties shall cooperate in good faith in all matters under this Agreement. " * 70


def _dates(text: str) -> tuple[date | None, date | None, date | None]:
    found = find_contract_dates(prepare_text(text), english=True)
    return found.signed_on, found.starts_on, found.ends_on


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            'THIS AMENDED AND RESTATED RESELLER AGREEMENT (this "Agreement") is dated as of July '
            '1, 2009 (the "Restatement Date") between Ashby Software Limited and Corvo Systems, '
            "Inc.\n\n" + _BODY + "\n\n12.1 This Agreement shall commence on the Restatement Date "
            "and continue for an initial term of three (3) years.",
            date(2009, 7, 1),
        ),
        (
            'THIS NON-COMPETITION AGREEMENT (this "Agreement") is made and entered into as of '
            "June 29, 2006, by and among Calder Services, Inc. and Darrell Whit.\n\n"
            '1.2 "Closing Date" means the date of this Agreement.\n\n' + _BODY + "\n\n7.1 Term. "
            "This Agreement shall become effective on the Closing Date.",
            date(2006, 6, 29),
        ),
        (
            "THIS AGREEMENT is entered into this 4th day of January, 2016, by and between Rolling "
            "Freight, Inc. and Norbury Foods LLC.\n\n" + _BODY + "\n\n10.1 This Agreement shall "
            "have an initial term of eighteen (18) months commencing on the date first written "
            'above (the "Initial Term").',
            date(2016, 1, 4),
        ),
    ],
)
def test_a_contract_starts_on_the_day_it_names_or_dates_itself(text: str, start: date) -> None:
    assert _dates(text)[1] == start


def test_a_named_day_no_start_clause_uses_starts_nothing() -> None:
    # a name given to a date that no start clause uses starts nothing
    text = (
        'This Agreement is dated as of July 1, 2009 (the "Price Review Date") between Ashby '
        "Software Limited and Corvo Systems, Inc.\n\n" + _BODY + "\n\nPrices shall be reviewed "
        "on the Price Review Date."
    )
    assert _dates(text)[1] is None


@pytest.mark.parametrize(
    ("definition", "end"),
    [
        ('1.2 "Launch Date" means September 15, 2006.', date(2009, 9, 15)),
        (
            '1.2 "Launch Date" means the date on which the Portal is first made available to '
            "Network Physicians, which the parties have agreed shall be October 1, 2005.",
            date(2008, 10, 1),
        ),
        # an event with no day written: no end can be worked out
        (
            '1.2 "Launch Date" means the date on which the Portal is first made available.',
            None,
        ),
    ],
)
def test_a_term_ends_on_the_anniversary_of_a_day_its_definitions_date(
    definition: str, end: date | None
) -> None:
    text = (
        'This Co-Branding Agreement is entered into as of July 1, 2006 (the "Effective Date") '
        "by and between Tallwater Media, Inc. and Cinderfield Outdoor LLC.\n\n"
        + definition
        + "\n\n"
        + _BODY
        + "\n\n6.1 Term. This Agreement shall commence on the Effective Date and shall remain in "
        'effect until the third (3rd) anniversary of the Launch Date (the "Term").'
    )
    assert _dates(text)[2] == end


@pytest.mark.parametrize(
    ("term", "end"),
    [
        (
            "This Agreement begins on the Effective Date and continues until the last day of the "
            "calendar year following the calendar year in which the Effective Date occurs.",
            date(2015, 12, 31),
        ),
        (
            "This Agreement shall commence on the Effective Date and shall continue until the "
            "end of the Year in which the second anniversary of the Effective Date occurs.",
            date(2016, 12, 31),
        ),
    ],
)
def test_a_term_ends_at_the_end_of_a_year_counted_from_its_start(term: str, end: date) -> None:
    text = (
        'This Marketing Services Agreement is entered into as of March 11, 2014 (the "Effective '
        'Date") by and between Brightwell Agency LLC and Oakmere Foods, Inc.\n\n'
        + _BODY
        + "\n\n4.1 Term. "
        + term
    )
    assert _dates(text)[2] == end


_SIGNATURES = (
    "IN WITNESS WHEREOF, the parties have signed this Agreement on the dates below.\n\n"
    "PROVIDER                                CUSTOMER\n"
    "By: /s/ Calvin Hatchett                 By: /s/ Imelda Park\n"
    "Date: March 19, 2010                    Date: 3/22/10\n\n"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            'THIS AMENDED AND RESTATED TRADEMARK LICENSE AGREEMENT (this "Agreement") is made and '
            'entered into as of April 1, 2009 (the "Restatement Date"), by and between '
            'Brightwater Marks, Inc. ("Licensor") and Harlow Creek Brands, Inc. ("Licensee").\n\n'
            "WHEREAS, Licensee changed its corporate name from Harlow Creek Apparel Co. to Harlow "
            'Creek Brands, Inc. effective January 5, 2008;\n\n1.5 "Contract Year" means each '
            "twelve-month period; the Contract Year commencing April 1, 2010 is the second.\n\n"
            + _BODY
            + "\n\n10.1 Term. The term of this Agreement shall begin on the Restatement Date and "
            "shall continue until the tenth (10th) anniversary of the Restatement Date (the "
            '"Initial Term").',
            {"signed": date(2009, 4, 1), "start": date(2009, 4, 1), "end": date(2019, 4, 1)},
            id="a restated contract runs from its restatement date not from a recital",
        ),
        pytest.param(
            'THIS JOINT VENTURE AGREEMENT (this "Agreement") is made and entered into as of the '
            "1st day of October, 1998, by and among Tolliver Basin Minerals, Inc., Coyote Wash "
            "LLC and Kestrine Holdings Ltd.\n\n"
            + _BODY
            + "\n\n12.1 Term. The Venture shall commence on the date of this Agreement and shall "
            "continue until dissolved.",
            {"signed": date(1998, 10, 1), "start": date(1998, 10, 1)},
            id="a joint venture commences on the date of its agreement",
        ),
        pytest.param(
            'This COLLABORATION AND LICENSE AGREEMENT (this "Agreement") is entered into as of '
            "the Effective Date (as defined in Section 1.20) by and between Halcyra Therapeutics, "
            "Inc. "
            'and Vendramin Pharma AG.\n\n1.20 "Effective Date" means November 3, 2014.\n\n' + _BODY,
            {"signed": date(2014, 11, 3), "start": date(2014, 11, 3)},
            id="a contract entered into as of its effective date is dated by its definition",
        ),
        pytest.param(
            'This PATENT LICENSE AGREEMENT is made with effect from 1 July 2009 (the "Effective '
            'Date") between Lumetra GmbH and Oxbridge Optics Ltd.\n\n'
            + _BODY
            + "\n\n10.1 The total aggregate liability of the Licensor under or in connection with "
            "this Agreement shall be limited to the royalties received by the Licensor during the "
            "twelve (12) months preceding the event giving rise to the liability.",
            {"end": None},
            id="a length counted back from an event is no term",
        ),
        pytest.param(
            'This Data Hosting Agreement (this "Agreement") is entered into by and between the '
            "provider and the customer named on the cover page, and is effective as of the date "
            'of the last signature below (the "Effective Date").\n\n'
            + _BODY
            + "\n\n"
            + _SIGNATURES
            + "SCHEDULE 1\n\nService Start Date:          April 1, 2010\n",
            {"signed": date(2010, 3, 22), "start": date(2010, 3, 22)},
            id="a schedule field under the signatures is no signature date",
        ),
        pytest.param(
            'This Mobile Content Distribution Agreement (the "Agreement") is entered into by and '
            "between Sablecrest Wireless, L.P. and Pocketfable Games, Inc., and is effective as "
            'of the date of the last signature below (the "Effective Date").\n\n'
            + _BODY
            + "\n\n"
            + _SIGNATURES
            + "EXHIBIT B\n\nCommercial Launch Date: January 15, 2011.\n",
            {"signed": date(2010, 3, 22), "start": date(2010, 3, 22)},
            id="a launch date in an exhibit after the signatures is no signature date",
        ),
        pytest.param(
            "THIS ENDORSEMENT AGREEMENT is made and entered into as of this ____ day of "
            "______________, 2001, by and among Hearthstone Foods, Inc. and Chef Rafael Duarte."
            "\n\n(a) The term of this Agreement shall commence on the date first above written and "
            "shall continue until December 31, 2003.\n\n(b) Company shall have the option to "
            "extend the Term for one (1) additional period of two (2) years, commencing January 1, "
            "2004, on the same terms and conditions.\n\n" + _BODY,
            {"signed": None, "start": None, "end": date(2003, 12, 31)},
            id="the start of an extension is not the contract's",
        ),
        pytest.param(
            "THIS AMENDED AND RESTATED ALLIANCE AGREEMENT is made as of March 1, 2008 (the "
            '"Restatement Date") by and between Granite Mutual Insurance Company and Harbor '
            "Agency, Inc.\n\n" + _BODY + "\n\n8.1 Term. This Agreement shall become effective on "
            "the Restatement Date and shall continue in effect through the last day of the "
            "calendar year in which the third (3rd) anniversary of the Restatement Date occurs.",
            {"start": date(2008, 3, 1), "end": date(2011, 12, 31)},
            id="to the end of the year of a named days anniversary",
        ),
        pytest.param(
            "THIS DEDICATED CONTRACT CARRIAGE AGREEMENT is entered into this 14th day of May, "
            "2015, by and between Ironwood Logistics, Inc. and Pemberton Dairy Cooperative.\n\n"
            '1.7 "Start-Up Date" means June 1, 2015.\n\n' + _BODY + "\n\n3.1 Agreement Term. "
            "This Agreement shall be effective upon its execution by both parties and shall "
            "remain in effect until the expiration of the Initial Term.\n\n3.2 The initial term "
            'of dedicated service (the "Initial Term") shall commence on the Start-Up Date and '
            "shall continue for thirty-six (36) months.",
            {"start": date(2015, 5, 14), "end": date(2018, 6, 1)},
            id="effective when signed with a term of service from a named day",
        ),
        pytest.param(
            "This Research Collaboration Agreement is entered into as of January 28, 2020 (the "
            '"Effective Date") by and between Aldergrove Foundation and Novaterra, Inc.\n\n1.12 '
            '"Research Term" means the period of forty-eight (48) months beginning on the '
            "Effective Date.\n\n" + _BODY + "\n\n7.7 Duration. The Global Access Commitments "
            "shall survive the expiration or termination of this Agreement and shall continue "
            "for so long as Company holds rights in the Funded Developments, and in any case for "
            "at least ten (10) years after the end of the Research Term.\n\n10.1 Term. This "
            "Agreement shall commence on the Effective Date and shall expire at the end of the "
            "Research Term.",
            {"end": date(2024, 1, 28)},
            id="a term to the end of a defined term, not a duty that outlasts it",
        ),
        pytest.param(
            "This Ticket Sales Agency Agreement is entered into as of March 9, 1999 (the "
            '"Effective Date") by and between Lakeshore Pavilion, LLC and Turnstyle Ticketing '
            'Corp.\n\n1.3 "Opening Date" means May 28, 1999, the date of the first scheduled '
            "Event.\n\n" + _BODY + "\n\n3.2 Initial Term. The term of this Agreement shall "
            "commence on the Effective Date and shall continue for a period of five (5) years "
            'from the Opening Date (the "Initial Term").',
            {"start": date(1999, 3, 9), "end": date(2004, 5, 28)},
            id="a length from a day the definitions date",
        ),
        pytest.param(
            "This Managed Services Agreement is effective as of the date of the last signature "
            'below.\n\n1.2 "Commencement Date" means the date so identified in Schedule A.\n\n'
            + _BODY
            + "\n\n4.1 Term. This Agreement shall begin on the Effective Date and shall continue "
            "for an initial term of sixty (60) months measured from the Commencement Date (the "
            '"Initial Term").\n\nIN WITNESS WHEREOF\n\nBy: ____\nDate: 9/24/13\n\nBy: ____\n'
            "Date: October 2, 2013\n\nSCHEDULE A\n\nCommencement Date:             February 1, "
            "2014\nAccount manager:      Dana Whitcomb\n",
            {"start": date(2013, 10, 2), "end": date(2019, 2, 1)},
            id="a length measured from a Commencement Date a schedule dates",
        ),
        pytest.param(
            "LIMITED LIABILITY COMPANY AGREEMENT OF BAYOU CROSSING VENTURES, LLC\n\nThis "
            "Agreement is dated as of the 1st day of June, 2006, and is effective as of June 15, "
            "2006.\n\n1.3 Term. The Company shall continue in existence until December 31, 2035, "
            "unless sooner dissolved in accordance with Article IX.\n\n" + _BODY,
            {"start": date(2006, 6, 15), "end": date(2035, 12, 31)},
            id="a joint venture's life is its agreement's term",
        ),
        pytest.param(
            "This Master Services Agreement is entered into as of August 17, 2009 by and between "
            'Harrow Contact Solutions, Inc. and Pellworth Mutual Insurance Company.\n\n1.5 "Go-'
            'Live Date" means the date on which Provider first handles live customer calls.\n\n'
            + _BODY
            + "\n\n6.1 Initial Term. The term of this Agreement shall commence on the date "
            "hereof and, unless earlier terminated as provided herein, shall continue until the "
            "third (3rd) anniversary of the Go-Live Date (the "
            '"Initial Term").\n\nSCHEDULE C\n\n2. Go-Live Date. The Go-Live Date shall be '
            "November 2, 2009.\n",
            {"end": date(2012, 11, 2)},
            id="a named day a schedule fixes without quoting its name",
        ),
        pytest.param(
            "CLINICAL TRIAL AGREEMENT\n\nThis Agreement is made between Corvessa Therapeutics, "
            "Inc. and Lakeshore Regional Health Sciences Centre.\n\n"
            + _BODY
            + "\n\nIN WITNESS WHEREOF the parties have executed this Agreement.\n\nCORVESSA "
            "THERAPEUTICS, INC.\nPer: /s/ B. Lindqvist\nDate: March 11, 2013\n\nLAKESHORE "
            "REGIONAL HEALTH SCIENCES CENTRE\nPer: /s/ M. Theriault\nDate: March 19, 2013\n\n"
            "READ AND UNDERSTOOD BY THE QUALIFIED INVESTIGATOR\n\nI have read this Agreement. I "
            "understand that I am not a party to this Agreement.\n\n/s/ Priya Cole\nDate: "
            "3/22/13\n",
            {"signed": date(2013, 3, 19)},
            id="the last party's signature, not an investigator's acknowledgment",
        ),
        pytest.param(
            'THIS SUBLEASE AGREEMENT (this "Sublease") is made as of this ___ day of February, '
            "2016, by and between Pennant Distribution Services, Inc. and Greyhollow Home Goods, "
            'LLC.\n\nWHEREAS, by Lease Agreement dated as of July 1, 2009 (the "Master Lease"), '
            "Meridian Associates, L.P. leased to Sublandlord the Building;\n\nNOW, THEREFORE, the "
            "parties agree as follows:\n\n2. TERM. The term of this Sublease shall commence on "
            'March 1, 2016 (the "Commencement Date") and shall expire on June 29, 2019.\n\n'
            + _BODY,
            {"signed": None, "end": date(2019, 6, 29)},
            id="a blank opening, a recital's lease dated, and a term's first day: no date made",
        ),
        pytest.param(
            'THIS TRADEMARK LICENSE AGREEMENT (this "Agreement") is made this ____ day of '
            "______________, 2011, by and between Basalt Gulch Brewing Co. and Tamsin & Drake "
            'Apparel, Inc.\n\n1.2 "Effective Date" means January 1, 2012.\n\n' + _BODY,
            {"signed": None, "start": date(2012, 1, 1)},
            id="a blank opening and an Effective Date defined: dated blank, starting on the day",
        ),
        pytest.param(
            'THIS MASTER CONTAINER LEASE AGREEMENT (this "Master Lease") is made as of the ____ '
            "day of ______________, 2008, by and between Meridian Boxline Leasing Ltd. and "
            "Kestrel Strait Shipping Pte. Ltd.\n\n"
            + _BODY
            + "\n\nIN WITNESS WHEREOF, the parties have caused this Master Lease to be executed."
            "\n\nLEASE SUPPLEMENT NO. 1 TO MASTER LEASE ML-2208\n\nLease Supplement date:       "
            "November 3, 2008\nContainer type / quantity:   500 x 20' dry van\n",
            {"signed": None},
            id="a supplement's date under the signatures is no signature's",
        ),
        pytest.param(
            'THIS SOFTWARE MAINTENANCE AND SUPPORT AGREEMENT (the "Agreement") is entered into as '
            'of February 26, 2010 (the "Effective Date") by and between Vellichor Systems, Inc. '
            'and Harbor Bank.\n\n(i) "Support Commencement Date" means the date set out as such '
            "in Schedule 1;\n\n"
            + _BODY
            + "\n\n9.1 Term. This Agreement comes into force on the Effective Date. The Support "
            "Services shall be provided for the Initial Support Term set out in Schedule 1.\n\n"
            "SCHEDULE 1\n\n2.   Support Commencement Date: April 1, 2010.\n\n3.   Initial "
            "Support Term: thirty-six (36) months from the Support Commencement Date.\n",
            {"start": date(2010, 2, 26), "end": date(2013, 4, 1)},
            id="a support agreement's term in its schedule",
        ),
        pytest.param(
            "This Co-Branding Agreement is entered into by and between Cobaltine Network, Inc. "
            "and WeddingLoom LLC. This Agreement is effective as of June 2, 2000 (the "
            '"Effective Date").\n\n1.6 "Launch Date" means the launch date set forth in the '
            "Launch Schedule attached as Exhibit B.\n\n" + _BODY + "\n\n9.1 Term. The initial "
            "term of this Agreement shall commence on the Effective Date and shall end on the "
            "second (2nd) anniversary of the Launch Date.\n\nEXHIBIT B\n\nLAUNCH SCHEDULE\n\n"
            "Test version available:          July 3, 2000\nLaunch Date:          August 1, 2000\n",
            {"start": date(2000, 6, 2), "end": date(2002, 8, 1)},
            id="a named day whose definition points to a schedule's field",
        ),
        pytest.param(
            "RAILCAR LEASE AND MAINTENANCE AGREEMENT\n\nTHIS AGREEMENT is made this 12th day of "
            "February, 1999, between Ironmoor Railcar Leasing Corporation and Pallister Grain "
            'Co-operative Ltd.\n\n(c) "Commencement Date" has the meaning given to it in the '
            "applicable Rider;\n\n" + _BODY + "\n\n14.5 This Agreement shall be effective on the "
            "date first written above.\n\nRIDER NO. 1\n\n5.   Commencement Date: March 1, 1999."
            '\n\n6.   Term: Eighty-four (84) months from the Commencement Date (the "Initial '
            'Term").\n',
            {"signed": date(1999, 2, 12), "start": date(1999, 2, 12), "end": date(2006, 3, 1)},
            id="effective when dated with a rider's commencement date the term runs from",
        ),
        pytest.param(
            "This Clinical Monitoring Services Agreement is entered into as of January 10, 2011 "
            'and effective as of December 1, 2010 (the "Effective Date") by and between Harlow '
            'Bio, Inc. and Meridian CRO, LLC.\n\n1.7 "Study Period" means the period commencing '
            "on the Effective Date and ending thirty (30) months thereafter.\n\n" + _BODY + "\n\n"
            "10.1 Term. The term of this Agreement shall be the Study Period, unless terminated "
            "earlier in accordance with this Section 10.",
            {"start": date(2010, 12, 1), "end": date(2013, 6, 1)},
            id="a term that is a defined period ending a length thereafter",
        ),
        pytest.param(
            "This Data License Agreement is entered into as of September 12, 2013 (the "
            '"Effective Date") by and between Nimbus Data, Inc. and Corrigan Energy LLC.\n\n'
            + _BODY
            + "\n\n10.1 Term. This Agreement begins on the Effective Date and shall expire on the "
            "last day of the twenty-fourth (24th) full calendar month following the Effective "
            'Date (the "Initial Term").',
            {"end": date(2015, 9, 30)},
            id="to the last day of the nth full calendar month after the start",
        ),
        pytest.param(
            "NON-COMPETITION AGREEMENT\n\nTHIS AGREEMENT is made as of the 31st day of May, 2011."
            '\n\nAMONG: Thornbury Analytics Corp. and Marguerite Desrosiers.\n\n(b) "Closing '
            'Date" means the date on which the Merger becomes effective, being the date of this '
            "Agreement;\n\n" + _BODY + "\n\n5.1 This Agreement shall become effective at the "
            "Effective Time on the Closing Date.",
            {"signed": date(2011, 5, 31), "start": date(2011, 5, 31)},
            id="effective at a time on a day defined as the date of this agreement",
        ),
        pytest.param(
            "This Warehousing Agreement is made by and between Millrace Logistics, Inc. and Pratt "
            "Home, Inc. This Agreement becomes effective when it has been signed by both parties, "
            "as shown by the dates next to their signatures below.\n\n"
            + _BODY
            + "\n\n"
            + _SIGNATURES,
            {"start": date(2010, 3, 22)},
            id="a contract effective once both have signed starts on the last signature",
        ),
        pytest.param(
            'THIS TECHNOLOGY LICENSE AGREEMENT (this "Agreement") is made at Cleveland, Ohio on '
            "this 12th day of July, 2006 BY AND BETWEEN Calloway Thermal, Inc. and Kaveri "
            "Engineering "
            "Private Limited.\n\n" + _BODY + "\n\nAnnex 1: patent filed 3/14/01.",
            {"signed": date(2006, 7, 12)},
            id="a contract made at a place on a day is dated that day",
        ),
        pytest.param(
            'THIS TECHNOLOGY LICENSE AGREEMENT (this "Agreement") is made on this 12th day of '
            "July, 2006 by and between Calloway Thermal, Inc. and Kaveri Engineering Private "
            'Limited.\n\n1.1 "Effective Date" means the date on which the last of the '
            "Governmental Approvals has been obtained.\n\n"
            + _BODY
            + "\n\n13.1 Term. This Agreement shall come into force on the Effective Date and "
            "shall remain in force for a period of seven (7) years from the Effective Date.",
            {"signed": date(2006, 7, 12), "start": None, "end": None},
            id="a contract effective when approvals are obtained has no known start",
        ),
        pytest.param(
            'This License Agreement (this "Agreement") is made as of June 12, 2014 by and between '
            "Puddlewick Studios, Inc. and Brightnest Home, LLC.\n\n"
            + _BODY
            + "\n\nSCHEDULE A\n\n5. Term: commencing on the date of this Agreement and expiring "
            "on June 30, 2017.",
            {"signed": date(2014, 6, 12), "start": date(2014, 6, 12), "end": date(2017, 6, 30)},
            id="a schedule term commencing on the date of this agreement starts then",
        ),
        pytest.param(
            'THIS MANAGEMENT SERVICES AGREEMENT (this "Agreement") is made and entered into as of '
            "March 28, 2007 by and among Larchmont Holdings, Inc. and Ridgeback Capital, "
            "L.L.C.\n\nA. Ridgeback acquired a controlling interest in Holdings on June 30, 2005 "
            "(the "
            '"Original Closing Date").\n\n' + _BODY + "\n\n7.1 Term. This Agreement shall continue "
            "in effect until the tenth (10th) anniversary of the Original Closing Date, and "
            "thereafter shall be extended automatically for successive periods of one (1) year "
            "each.",
            {"end": date(2015, 6, 30)},
            id="the length of a renewal is not the term",
        ),
        pytest.param(
            'This Supply Agreement is entered into as of September 14, 2011 (the "Effective '
            'Date") by and between Corbel Medical, Inc. and Prairie Health System.\n\n'
            + _BODY
            + "\n\n2.1 Term. This Agreement shall commence on the Effective Date and shall "
            "continue until December 31 of the third (3rd) full calendar year following the "
            "calendar year in which the Effective Date occurs.",
            {"end": date(2014, 12, 31)},
            id="a term to the end of the nth calendar year after the start",
        ),
        pytest.param(
            'This Non-Competition Agreement (this "Agreement") is dated as of January 5, 2015, '
            "and is made by and between Stonecrest Holdings, Inc. and Dana Whitlock.\n\n(h) "
            '"Start Date" means February 2, 2015, the date on which Executive is scheduled to '
            "commence employment.\n\n" + _BODY + "\n\n2. (a) This Agreement shall become effective "
            'on the Start Date (the "Effective Date").',
            {"signed": date(2015, 1, 5), "start": date(2015, 2, 2)},
            id="a contract effective on a day its definitions date starts then",
        ),
        pytest.param(
            'THIS AMENDED AND RESTATED HOTEL MANAGEMENT AGREEMENT (this "Agreement") is made and '
            "entered into as of January 1, 2008, by and between Saguaro Bend Owner, LLC and "
            "Larkin Hotels, Inc.\n\nB. Operator has managed the Hotel since it opened to the "
            'public on April 15, 2004 (the "Opening Date").\n\n'
            + _BODY
            + "\n\n2.01 Initial Term. The term of the Original Agreement commenced on the Opening "
            "Date. This Agreement shall be effective as of the date hereof.",
            {"start": date(2008, 1, 1)},
            id="the start of the agreement a restatement replaces is not its own",
        ),
        pytest.param(
            'THIS TRANSITION SERVICES AND NON-COMPETITION SIDE AGREEMENT (this "Agreement") is '
            "dated as of November 30, 2018, and is entered into by and among Ostermann Flow, Inc. "
            "and Redwing Hydraulics, Inc.\n\nC. The closing under the Purchase Agreement is "
            'occurring on the date of this Agreement (the "Closing Date").\n\n'
            + _BODY
            + "\n\n3.1 Term. This Agreement shall become effective on the Closing Date and shall "
            "remain in effect until the fifth (5th) anniversary of the Closing Date.",
            {"signed": date(2018, 11, 30), "start": date(2018, 11, 30), "end": date(2023, 11, 30)},
            id="a side agreement dated by its closing runs to the closings anniversary",
        ),
        pytest.param(
            'This Distribution Agreement is entered into as of March 1, 2013 (the "Effective '
            'Date") '
            "by and between Veltrona Audio, Inc. and Hallberg Elektronik GmbH.\n\n" + _BODY + "\n\n"
            "2.1 Initial Term. This Agreement shall enter into force on the Effective Date and "
            "shall remain in force for an initial term ending on December 31 of the third (3rd) "
            "full calendar year following the calendar year in which the Effective Date occurs.",
            {"end": date(2016, 12, 31)},
            id="an initial term ending on december 31 of a later year",
        ),
        pytest.param(
            'THIS NON-COMPETITION AGREEMENT (this "Agreement") is made and entered into as of '
            "June 29, 2006, by and among Calder Disposal, Inc. and Darrell Whitby.\n\n"
            '1.2 "Closing Date" means the date of this Agreement.\n\n1.5 "Restricted Period" '
            "means the period commencing on the Closing Date and ending on the fifth (5th) "
            "anniversary of the Closing Date.\n\n" + _BODY + "\n\n7.1 Term. This Agreement shall "
            "become effective on the Closing Date and shall remain in effect until the expiration "
            "of the Restricted Period.",
            {"start": date(2006, 6, 29), "end": date(2011, 6, 29)},
            id="a term to the end of a defined period that ends on an anniversary",
        ),
        pytest.param(
            'This Services Agreement is entered into as of May 3, 2010 (the "Effective Date") by '
            'and between Orrin Freight, Inc. and Tallis Mills, LLC.\n\n"Go-Live Date" means '
            'September 1, 2010.\n\n"Service Period" means the period of thirty-six (36) months '
            "commencing on the Go-Live Date.\n\n" + _BODY + "\n\n4.1 This Agreement shall "
            "commence on the Effective Date and shall continue through the end of the Service "
            "Period.",
            {"start": date(2010, 5, 3), "end": date(2013, 9, 1)},
            id="a term to the end of a defined period of months from a named day",
        ),
        pytest.param(
            'This Sponsorship Agreement is entered into as of August 6, 2004 (the "Effective '
            'Date") by and between Orrin Racing, Inc. and Tallis Foods LLC.\n\n' + _BODY + "\n\n"
            '6.1 Term. The term of this Agreement (the "Term") shall commence on the Effective '
            "Date and terminate at the end of the Exclusivity Period (i.e., a three (3) year "
            "period commencing on the Effective Date).",
            {"end": date(2007, 8, 6)},
            id="a term to the end of a period defined in brackets after its name",
        ),
        pytest.param(
            'This Gathering Agreement is entered into as of September 1, 2011 (the "Effective '
            'Date") by and between Mesa Gathering, LLC and Hollis Oil Co.\n\n1.9 "MVC Period" '
            "means the period beginning on the Effective Date and ending on the seventh (7th) "
            "anniversary of the Effective Date.\n\n" + _BODY + "\n\n6.1 Primary Term. This "
            "Agreement shall remain in force and effect for a primary term co-extensive with the "
            'MVC Period (the "Primary Term").',
            {"end": date(2018, 9, 1)},
            id="a term co-extensive with a defined period",
        ),
        pytest.param(
            "This Reseller Agreement is dated 2 May 2013 and made between Ballycastle Analytics "
            'Limited and Dijkhuis Software B.V.\n\n"Commencement Date" means 1 June 2013;\n\n'
            '"Initial Period" means the period of twenty-four (24) months beginning on the '
            "Commencement Date;\n\n" + _BODY + "\n\n13.1 This Agreement shall come into force on "
            "the Commencement Date and shall continue for the Initial Period and thereafter "
            "unless and until terminated by either party giving three (3) months' notice.",
            {"start": date(2013, 6, 1), "end": date(2015, 6, 1)},
            id="a term that continues for a defined period",
        ),
        pytest.param(
            "This Sponsorship Agreement is made on 18 January 2013 between Harrow Racing Limited "
            'and Velox Lubricants plc.\n\n"Term" means the period beginning on the date of this '
            "Agreement and ending on 31 December in the year of the final Contract Season.\n\n"
            + _BODY,
            {"signed": date(2013, 1, 18), "start": date(2013, 1, 18)},
            id="a term defined as beginning on the date of this agreement starts then",
        ),
        pytest.param(
            "TELECOMMUNICATIONS EQUIPMENT RESELLER AGREEMENT\n\nTHIS AGREEMENT is made on 2 "
            "August 2012\n\nPARTIES\n\n1. Karrawong Pty Ltd (Supplier)\n\n"
            "2. Bellbird Pty Ltd (Reseller)"
            "\n\nCommencement Date means the date specified in Item 2 of Schedule "
            "1.\n\nInitial Term means the period specified in Item 3 of Schedule 1.\n\n"
            + _BODY
            + "\n\n3.1 This Agreement commences on the Commencement Date and continues for the "
            "Initial Term.\n\nSCHEDULE 1 - AGREEMENT DETAILS\n\nItem 2    Commencement Date\n\n"
            "1 September 2012.\n\nItem 3    Initial Term\n\nThirty-six (36) months commencing "
            "on the Commencement Date.\n",
            {"signed": date(2012, 8, 2), "start": date(2012, 9, 1), "end": date(2015, 9, 1)},
            id="a schedule of items with each label above its value",
        ),
        pytest.param(
            "AMENDED AND RESTATED CO-BRANDED CARD AGREEMENT\n\nThis Agreement is made as of "
            "January 15, 2005 by and between Granite Bank, N.A. and Pellworth Stores, Inc.\n\n"
            "RECITALS\n\nA. The parties entered into a card agreement dated as of June 1, 2001 "
            '(the "Original Agreement").\n\nB. Effective October 1, 2004, Bank converted to a '
            "national banking association.\n\nNOW, THEREFORE, the parties agree as follows:\n\n"
            + _BODY,
            {"signed": date(2005, 1, 15), "start": None},
            id="a lettered recital under its heading does not date the start",
        ),
        pytest.param(
            'This Supply Agreement is entered into as of October 19, 2010 (the "Effective Date") '
            "by and between Sarang Chemicals Private Limited and Corvallis Generics, Inc.\n\n1.7 "
            '"First Commercial Sale" means the first sale of Finished Product by Buyer, which '
            "the Parties acknowledge took place on March 22, 2010.\n\n" + _BODY + "\n\n3.1 "
            "Initial Term. This Agreement shall commence on the Effective Date and shall "
            "continue until the seventh (7th) anniversary of the First Commercial Sale.",
            {"start": date(2010, 10, 19), "end": date(2017, 3, 22)},
            id="a term to the anniversary of an event its definition dates",
        ),
        pytest.param(
            'THIS FIRM TRANSPORTATION SERVICE AGREEMENT (this "Agreement") is made and entered '
            "into this 14th day of March, 2008, by and between Red Caddo Pipeline, L.P. and "
            'Ferrel Power, LLC.\n\n1.10 "Service Commencement Date" means June 1, 2009.\n\n'
            + _BODY
            + "\n\n3.1 Effectiveness. This Agreement shall become effective and binding on the "
            "Parties on the date first written above.\n\n3.2 Primary Term. Firm service "
            "hereunder shall commence on the Service Commencement Date and shall continue for a "
            "primary term ending on the tenth (10th) anniversary of the Service Commencement "
            "Date.\n\nEXHIBIT A\n\nService Commencement Date:     June 1, 2009\n",
            {"signed": date(2008, 3, 14), "start": date(2008, 3, 14), "end": date(2019, 6, 1)},
            id="a service commencement date is no start but a primary term runs to its anniversary",
        ),
        pytest.param(
            'This Film License Agreement is entered into as of May 3, 2004 (the "Effective Date") '
            'by and between Orrin Pictures, Inc. and Tallis Media LLC.\n\n"License Period" means '
            "the period of eighty-four (84) months commencing on the Effective Date.\n\n"
            + _BODY
            + "\n\n3.1 The license granted by Clause 2 shall expire automatically at the end of "
            "the License Period.",
            {"end": None},
            id="a licence that ends with a defined period does not end the contract",
        ),
        pytest.param(
            "This Talk Show Agreement is entered into by Westwind Audio, Inc. and Harbourline "
            'Media LLC as of March 2, 2005.\n\n(c) "Premiere Date" means April 11, 2005.\n\n'
            + _BODY
            + "\n\n6. The term of this Agreement shall begin on the date hereof and end on "
            "December 31 of the calendar year in which the second anniversary of the Premiere "
            "Date occurs.",
            {"end": date(2007, 12, 31)},
            id="December 31 of the year in which an anniversary of a named day falls",
        ),
        pytest.param(
            'This Lease is entered into as of January 9, 2012 (the "Effective Date") by and '
            "between Ardent Leasing Corp. and Pellworth Clinics, Inc.\n\n"
            + _BODY
            + "\n\n4.1 Term. The term of this Agreement shall commence on the Effective Date and "
            "end on the last day of the calendar quarter in which the fourth anniversary of the "
            "Effective Date occurs.",
            {"end": date(2016, 3, 31)},
            id="the end of the quarter in which an anniversary falls",
        ),
        pytest.param(
            'This Option Agreement is entered into as of March 4, 2015 (the "Effective Date") by '
            'and between Quillon Bio, Inc. and Tessaro Pharma AG.\n\n1.9 "Discovery Term" means '
            "the period commencing on the Effective Date and continuing for eighteen (18) months "
            "thereafter, unless earlier terminated in accordance with Article 9.\n\n"
            + _BODY
            + "\n\n9.1 Term. This Agreement shall become effective on the Effective Date and "
            "shall expire upon the expiration of the Discovery Term.",
            {"end": date(2016, 9, 4)},
            id="expiring upon the expiration of a period continuing a length thereafter",
        ),
        pytest.param(
            'This Referral Agreement is entered into as of August 1, 2011 (the "Effective '
            'Date") by and between Copperleaf Bank and Anselm Partners LLC.\n\n1.2 "Pilot '
            'Period" means the eighteen (18) month period commencing on the Effective Date.\n\n'
            '1.5 "Initial Term" means the period beginning on the Effective Date and ending on '
            "the last day of the Pilot Period.\n\n"
            + _BODY
            + "\n\n5.1 Term. This Agreement shall commence on the Effective Date and shall "
            "continue for the Initial Term.",
            {"end": date(2013, 2, 1)},
            id="a defined term ending with another defined period",
        ),
        pytest.param(
            "THIS AGREEMENT is made on 3 February 2014 between Fenwick Stores plc and Tarrant "
            'Logistics Limited.\n\n"Start Date": 1 March 2014.\n\n"Core Period": the period of '
            "three (3) years beginning on the Start Date.\n\n"
            + _BODY
            + "\n\n2.1 This agreement shall take effect on the Start Date and shall continue for "
            "the Core Period and thereafter until terminated by either party on six months' "
            "notice.",
            {"start": date(2014, 3, 1), "end": date(2017, 3, 1)},
            id="an English definition by colon",
        ),
        pytest.param(
            "This Publishing Agreement is entered into as of June 2, 2014 by and between Ondal "
            "Games Co., Ltd. and Brightwater Interactive, Inc. This Agreement shall become "
            "effective on the date first written above.\n\n"
            + _BODY
            + "\n\n5.1 The Parties have agreed that the Game shall be released on September 9, "
            '2014 (the "Release Date").\n\n5.2 Term. This Agreement shall commence on the '
            "date hereof and shall continue in force until the second (2nd) anniversary of the "
            "Release Date.",
            {"start": date(2014, 6, 2), "end": date(2016, 9, 9)},
            id="the anniversary of a day the body names in passing",
        ),
        pytest.param(
            "CAPACITY AGREEMENT\n\nDate of Agreement:        April 3, 2018\nService Commencement "
            "Date:    June 1, 2018\nService Term:     Thirty-six (36) months from the Service "
            "Commencement Date\n\nThis Agreement is made between Corvid Networks, Inc. and "
            "Halden Broadcast LLC. The Agreement is effective on the Date of Agreement stated "
            "above.\n\n" + _BODY,
            {"signed": date(2018, 4, 3), "start": date(2018, 4, 3), "end": date(2021, 6, 1)},
            id="effective on a cover page's date of agreement, its term from a service date",
        ),
        pytest.param(
            "CONCESSION AGREEMENT\n\nThis Agreement is entered into between Morrow Stores, Inc. "
            "and Velline Beauty LLC. This Agreement shall become effective upon its execution by "
            "both parties.\n\n(d) Opening Date: May 1, 2017.\n\n"
            + _BODY
            + "\n\n3.1 The term of this Agreement shall begin on the date on which it becomes "
            "effective and shall end on the fifth (5th) anniversary of the Opening Date.\n\n"
            "12.4 This Agreement supersedes the letter of intent between them dated February 2, "
            "2017.\n\nMORROW STORES, INC.\nBy: /s/ A. Kline\nDate: March 29, 2017\n\nVELLINE "
            "BEAUTY LLC\nBy: /s/ J. Ortiz\nDate: April 4, 2017\n",
            {"signed": date(2017, 4, 4), "end": date(2022, 5, 1)},
            id="effective on execution by both, its term to the anniversary of a listed day",
        ),
        pytest.param(
            "AMENDED AND RESTATED HOSTING AGREEMENT\n\nRestatement Effective\nDate:     "
            "October 1, 2016\n\nInitial Service Term:   Twenty-four (24) months commencing on the "
            "Restatement Effective Date\n\nThis Agreement is made and entered into as of the "
            "Restatement Effective Date by and between Tallgrass Data, Inc. and Bexley Title "
            "Co.\n\n" + _BODY,
            {"signed": date(2016, 10, 1), "end": date(2018, 10, 1)},
            id="a cover page's two-word term from a restatement date",
        ),
        pytest.param(
            "THIS MANAGEMENT AGREEMENT is made and entered into as of the 1st day of March, 2004, "
            "by and between Orland Care Management, Inc. and Tidewater Pediatrics, P.A.\n\n"
            + _BODY
            + "\n\n5.1 Term. This Agreement shall continue in effect for a period of ten (10) "
            "years from the date hereof.",
            {"start": date(2004, 3, 1), "end": date(2014, 3, 1)},
            id="continuing in effect for a length from the date hereof",
        ),
        pytest.param(
            'This Licence Agreement is made as of 3 March 2010 (the "Effective Date") between '
            'Ostrava Pharma AG and Kellmont Therapeutics, Inc.\n\n1.4 "First Commercial Sale" '
            "means the first sale of the Product in the Territory, which the Parties acknowledge "
            "occurred on 9 June 2007.\n\n"
            + _BODY
            + "\n\n12.1 Term. This Agreement shall enter into force on the Effective Date and "
            "shall remain in force until the fifteenth (15th) anniversary of the First "
            "Commercial Sale.",
            {"end": date(2022, 6, 9)},
            id="an anniversary past the tenth",
        ),
        pytest.param(
            "This agreement is dated 4 May 2015 between Kestrel Cloud Pty Ltd and Harbour IT Pty "
            "Ltd.\n\nSCHEDULE\n\nItem 3   Commencement Date     1 June 2015\n\nItem 4   "
            "Initial Term          Eighteen (18) months from the Commencement Date, ending on the "
            "last day of the calendar month in which that period ends\n\n"
            + _BODY
            + "\n\n2.1 This agreement commences on the Commencement Date and continues for the "
            "Initial Term.",
            {"start": date(2015, 6, 1), "end": date(2016, 12, 31)},
            id="a schedule's term beside its label, to the end of a month",
        ),
        pytest.param(
            "EQUIPMENT LEASE AGREEMENT\n\nThis Lease is made this 3rd day of May, 2006 between "
            "Corliss Capital, Inc. and Wexford Imaging Center, LLC.\n\n2.1 This Lease shall be "
            "binding on the parties from the date first written above.\n\n"
            + _BODY
            + "\n\nSCHEDULE A\n\n4. Commencement Date: July 1, 2006.\n\n5. Base Term: "
            "Forty-eight (48) months from the Commencement Date.\n",
            {"start": date(2006, 5, 3), "end": date(2010, 7, 1)},
            id="binding when dated, its base term from a schedule's commencement date",
        ),
        pytest.param(
            'This Master Services Agreement is entered into as of March 2, 2010 (the "Effective '
            'Date") by and between Harlan Mutual Bank and Ostrander Systems, Inc.\n\n'
            + _BODY
            + "\n\n4.2 Supplier shall assume full operational responsibility on June 1, 2010, "
            'which the Parties agree shall be the "Cutover Date".\n\n16.1 Term. The initial term '
            "of this Agreement shall begin on the Effective Date and shall expire on the fifth "
            "(5th) anniversary of the Cutover Date.",
            {"end": date(2015, 6, 1)},
            id="a day named after its date with 'which the parties agree shall be'",
        ),
        pytest.param(
            'This Tolling Agreement is entered into as of April 4, 2011 (the "Effective Date") '
            "by and between Norrland Chemicals AB and Pellow Coatings, Inc.\n\n"
            + _BODY
            + '\n\n5.6 The "First Commercial Shipment Date" for all purposes of this Agreement '
            "shall be October 3, 2011.\n\n12.1 Term. This Agreement shall commence on the "
            "Effective Date and shall continue until the fourth (4th) anniversary of the First "
            "Commercial Shipment Date.",
            {"end": date(2015, 10, 3)},
            id="a four-word name given its date after it",
        ),
        pytest.param(
            'This Film License Agreement is dated as of May 9, 2001 (the "Effective Date") '
            "between Larchmont Pictures, Inc. and Skerry Distribution Limited.\n\n"
            + _BODY
            + '\n\n5. The term of the license granted hereunder (the "License Period") shall '
            "commence on the date hereof and expire on the date that is ten (10) years after the "
            "date of Delivery of the Picture.",
            {"end": None},
            id="a length after an event the text never dates ends on no known day",
        ),
        pytest.param(
            "This Transition Services Agreement is entered into as of the Closing Date (as "
            "defined below) by and among Tarrow Holdings, Inc. and Bellis Acquisition Corp.\n\n"
            'B. The closing of the Purchase is taking place on May 4, 2017 (the "Closing Date").'
            "\n\n" + _BODY,
            {"signed": date(2017, 5, 4)},
            id="dated as of a named day a recital dates",
        ),
        pytest.param(
            "THIS AMENDED AND RESTATED MANAGEMENT AGREEMENT is made and entered into as of June "
            "1, 2012, by and between Saguaro Owner, LLC and Vireo Management Company.\n\nC. The "
            'Hotel opened for business on April 15, 2006 (the "Opening Date").\n\n'
            + _BODY
            + "\n\n3.1 Initial Term. The term of this Agreement commenced on the Opening Date "
            "and shall expire as provided herein.",
            {"signed": date(2012, 6, 1), "start": None},
            id="a restated term that commenced on a named day starts nothing now",
        ),
        pytest.param(
            "This Agency Agreement is made on 14 March 2018 between Veldhoven Medical B.V. and "
            'Ostrava Surgical s.r.o. (the "Effective Date").\n\n'
            + _BODY
            + "\n\n3.2 This Agreement is entered into for a fixed initial period commencing on the "
            "Effective Date and ending on 31 December of the second (2nd) full calendar year "
            "following the calendar year in which the Effective Date falls.\n\n3.3 Upon expiry "
            "of the initial period, this Agreement shall be tacitly extended each time for a "
            "further period of one (1) year, unless either Party gives notice.",
            {"end": date(2020, 12, 31)},
            id="31 December of a full calendar year after, not the further period's length",
        ),
        pytest.param(
            "OUTSOURCING AGREEMENT\n\nThis Agreement is made between Tallis Bank, N.A. and Ferrow "
            "Contact Services, Inc. This Agreement shall become effective on the first day of the "
            "month following the date on which it has been signed by both Parties (the "
            '"Effective Date").\n\n'
            + _BODY
            + "\n\n9.1 Term. This Agreement shall continue for two (2) years from the Effective "
            "Date.\n\nTALLIS BANK, N.A.\nBy: /s/ R. Moss\nDate: 4/3/12\n\nFERROW CONTACT "
            "SERVICES, INC.\nBy: /s/ L. Diaz\nDate: April 11, 2012\n",
            {"signed": date(2012, 4, 11), "start": date(2012, 5, 1), "end": date(2014, 5, 1)},
            id="effective on the first day of the month after both have signed",
        ),
        pytest.param(
            "MARKETING AGREEMENT\n\nCOVER PAGE\n\nAgreement Date:          March 2, 2009\n"
            "First Airing Date:       May 20, 2009\nInitial Term:            Twelve (12) months, "
            "beginning on the First Airing Date\n\nThis Marketing Agreement is effective as of the "
            "Agreement Date stated on the Cover Page, between Brightline Home Shopping, Inc. and "
            "Pellam Kitchenware LLC.\n\n" + _BODY,
            {"end": date(2010, 5, 20)},
            id="a cover page's term 'beginning on' a day another field dates",
        ),
        pytest.param(
            "This License Agreement is entered into as of the date of the last signature below "
            '(the "Effective Date") by and between Corvo Brands S.p.A. and Laird Optical, Inc.\n\n'
            + _BODY
            + "\n\nSCHEDULE B - MINIMUM NET SALES\n\nContract Year 1 (Effective Date - 12/31/12): "
            "$[***]\n\nCORVO BRANDS S.P.A.\nBy: /s/ M. Ferri\nDate: November 2, 2011\n\nLAIRD "
            "OPTICAL, INC.\nBy: /s/ T. Laird\nDate: 8 November 2011\n",
            {"start": date(2011, 11, 8)},
            id="a schedule's range from the effective date defines no start",
        ),
        pytest.param(
            'This Maintenance Agreement is entered into as of April 1, 2015 (the "Effective '
            'Date") by and between Lakeshore Health Sciences Centre and Norquay Imaging Services '
            "Inc.\n\n"
            + _BODY
            + "\n\n3.1 Initial Term. This Agreement shall commence on the Effective Date and shall "
            "continue until December 31 of the third (3rd) full calendar year following the "
            "Effective Date.",
            {"end": date(2018, 12, 31)},
            id="December 31 of the nth full calendar year following the effective date",
        ),
        pytest.param(
            "This AMENDED AND RESTATED DEVELOPMENT AGREEMENT is entered into as of February 8, "
            '2016 (the "Restatement Date") between Quellmont Medical, Inc. and Orrin Design '
            "LLC.\n\n"
            + _BODY
            + "\n\n9.1 Term. This Agreement shall continue in force from the Restatement Date "
            "until the expiry of the Transition Support Period.",
            {"signed": date(2016, 2, 8), "start": date(2016, 2, 8)},
            id="in force from the day its opening names",
        ),
    ],
)
def test_more_ways_a_contract_dates_its_signing_start_and_end(
    text: str, expected: dict[str, date | None]
) -> None:
    signed, start, end = _dates(text)
    read = {"signed": signed, "start": start, "end": end}
    assert {field: read[field] for field in expected} == expected
