"""Readings drawn from the hundred-and-eighty-second blind round on, written here in other words
than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.stated_cap import find_stated_cap
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import (
    BODY,
    accepts,
    agreed_sum_readers,
    clause_present,
    english_dates,
    option_offered,
    screen_english,
    section_flagged,
)

_SERVICES = (
    "SERVICES AGREEMENT\n\nThis Services Agreement is made as of March 3, 2009 between Tollbridge "
    'Systems, Inc. ("Provider") and Kestrel Foods Corp. ("Customer").'
)


# --- parties


def test_an_individual_residing_in_a_city_county_and_state_is_one_side() -> None:
    text = prepare_text(
        "CONSULTING AGREEMENT made as of the 4th day of May, 1999, by and among ORLEANDER "
        "PARTNERS, INC., a New York corporation having its offices at 90 Pearl Street, New York, "
        'New York 10004 ("Company"), TOBIAS WREN, an individual residing in the City, County '
        'and State of New York ("Consultant"), and MERIDALE FABRICS CORP., a Delaware '
        'corporation ("Client").'
    )
    assert find_parties_en(text) == (
        Party(name="ORLEANDER PARTNERS, INC.", role="Company"),
        Party(name="TOBIAS WREN", role="Consultant"),
        Party(name="MERIDALE FABRICS CORP.", role="Client"),
    )


def test_sides_set_out_under_their_roles_as_labels_with_citizens_among_them() -> None:
    text = prepare_text(
        "SHARE PLEDGE AGREEMENT\n\nThis Share Pledge Agreement is entered into in Suzhou on "
        "April 2, 2015 by and among the following parties:\n\nPledgee: Suzhou Lanting "
        'Consulting Co., Ltd. (the "Pledgee"), a wholly foreign-owned enterprise;\n\n'
        "Pledgors: Zhou Minghui, a PRC citizen with Identification Card No. 3205xxxxxxxx, and "
        'Lu Jiayi, a PRC citizen with Identification Card No. 3206xxxxxxxx (each a "Pledgor"); '
        'and\n\nSuzhou Qinghe Garden Supplies Co., Ltd. (the "Company"), a limited liability '
        "company.\n\nWHEREAS:\n"
    )
    assert [party.name for party in find_parties_en(text)] == [
        "Suzhou Lanting Consulting Co., Ltd.",
        "Zhou Minghui",
        "Lu Jiayi",
        "Suzhou Qinghe Garden Supplies Co., Ltd.",
    ]


def test_a_partnership_named_with_its_form_is_described_after_the_comma() -> None:
    text = prepare_text(
        "INVESTMENT MANAGEMENT AGREEMENT\n\nTHIS AGREEMENT is made on 2 March 2015\n\nBETWEEN:\n"
        "(1) LOWGATE MACRO FUND LTD., an exempted company incorporated in the Cayman Islands, "
        "whose registered office is at c/o Harbour Corporate Services Ltd., 12 Shedden Road, "
        'George Town (the "Fund"); and\n(2) LOWGATE ADVISORS LP, a limited partnership formed '
        "under the laws of the State of Delaware, whose principal office is at 9 Elm Street, "
        'Boston (the "Investment Manager").\n\nWHEREAS:\n'
    )
    assert find_parties_en(text) == (
        Party(name="LOWGATE MACRO FUND LTD.", role="Fund"),
        Party(name="LOWGATE ADVISORS LP", role="Investment Manager"),
    )


# --- termination for convenience


def test_a_right_to_terminate_denied_to_named_sides_is_no_right() -> None:
    section = (
        "9.2 Neither the Pledgors nor the Company shall have any right to terminate or revoke "
        "this Agreement for any reason."
    )
    assert not section_flagged(_SERVICES, section, "unilateral_termination")


def test_a_side_that_has_no_right_to_cancel_or_terminate_has_no_right() -> None:
    section = (
        "7.3 No Termination for Convenience. Customer acknowledges that Provider is hiring staff "
        "in reliance on this Agreement and that Customer has no right to cancel or terminate "
        "this Agreement, or any Order, for convenience."
    )
    assert not section_flagged(_SERVICES, section, "unilateral_termination")


def test_a_right_open_only_for_a_while_after_a_change_of_control_is_no_convenience() -> None:
    section = (
        "7.3 The Customer may terminate this Agreement upon ninety (90) days' written notice "
        "given at any time within twelve (12) months following a Change of Control."
    )
    assert not section_flagged(_SERVICES, section, "unilateral_termination")


def test_a_term_either_side_may_end_on_notice_expiring_any_day_after_the_first_period() -> None:
    section = (
        "5.1 This Agreement shall continue in force for the Initial Period and thereafter unless "
        "and until terminated by either party giving to the other not less than six (6) months' "
        "notice in writing expiring on or at any time after the last day of the Initial Period."
    )
    assert section_flagged(_SERVICES, section, "unilateral_termination")


# --- renewal


def test_a_term_that_shall_not_renew_or_extend_automatically_does_not() -> None:
    section = (
        "3.2 This Agreement shall not renew or extend automatically. Any extension requires a "
        "written amendment signed by both Parties."
    )
    assert not section_flagged(_SERVICES, section, "auto_renewal")


def test_a_security_held_open_until_what_it_secures_is_paid_does_not_renew() -> None:
    section = (
        "3.2 If, upon the expiration of such term, any Secured Obligation remains unpaid, the "
        "term of this Agreement shall be automatically extended until the date on which all "
        "Secured Obligations have been fully paid and discharged."
    )
    assert not section_flagged(_SERVICES, section, "auto_renewal")


def test_support_that_renews_inside_an_agreement_running_until_terminated_is_no_renewal() -> None:
    text = (
        "SOFTWARE LICENCE AGREEMENT\n\nThis Agreement is made on 4 May 2010 between Corrib Data "
        'Limited (the "Licensor") and Mallow Insurance DAC (the "Licensee").'
        + BODY
        + "\n\n6.1 The Licensor shall provide the Support Services for an initial period of "
        "twelve (12) months from the Effective Date and thereafter for successive periods of "
        "twelve (12) months, unless the Licensee gives not less than sixty (60) days' written "
        "notice that it does not require further Support Services."
        + BODY
        + "\n\n11.1 This Agreement shall come into force on the Effective Date and shall continue "
        "in force unless and until terminated in accordance with this Clause 11." + BODY
    )
    assert not clause_present(text, "auto_renewal")


def test_an_option_named_in_brackets_then_set_off_by_an_aside() -> None:
    text = (
        _SERVICES
        + BODY
        + '\n\n2.2 Option. Customer shall have the option (the "Option"), exercisable by written '
        "notice to Provider on or before January 31, 2012, to extend the Term for one (1) "
        "additional year." + BODY
    )
    assert option_offered(text) is True


# --- dates


def test_an_agreement_that_commences_on_its_date_starts_then_whatever_its_term_runs_from() -> None:
    text = (
        "DATA LICENCE AGREEMENT\n\nTHIS AGREEMENT is dated 3 June 2019\n\nPARTIES\n(1) Brenlow "
        'Feeds Limited (the "Licensor")\n(2) Castor Networks Limited (the "Licensee")\n\n'
        '"Initial Subscription Term" means the period of twelve (12) months beginning on the '
        'Subscription Start Date.\n"Subscription Start Date" means the date so described in the '
        "Order Form.\n\n2.1 This agreement commences on the date of this agreement and, unless "
        "terminated earlier, continues for the Initial Subscription Term."
        + BODY
        + BODY
        + "\n\nSigned for BRENLOW FEEDS LIMITED\n\nSCHEDULE 1\nORDER FORM\n\nSubscription Start "
        "Date: 1 July 2019\n\nInitial Subscription Term: 12 months from the Subscription Start "
        "Date\n"
    )
    dates = english_dates(text)
    assert (dates.starts_on, dates.ends_on) == (date(2019, 6, 3), date(2020, 7, 1))


def test_a_warranty_commencement_date_is_no_start_and_its_period_may_end_the_term() -> None:
    text = (
        "EQUIPMENT SUPPLY AND WARRANTY AGREEMENT\n\nBETWEEN:\n(1) HOLLINS SOLAR LIMITED (the "
        '"Purchaser"); and\n(2) VESTBY INVERTERS AS (the "Supplier").\n\n"Warranty and Support '
        'Period" means the period of five (5) years commencing on 1 March 2016 (the "Warranty '
        'Commencement Date").\n\n2.1 This Agreement shall come into force on the date on which '
        'it has been signed by both Parties (the "Effective Date").\n\n2.2 This Agreement shall '
        "remain in force until the expiry of the Warranty and Support Period."
        + BODY
        + "\n\nSigned for HOLLINS SOLAR LIMITED\nDate: 14 October 2015\n\nSigned for VESTBY "
        "INVERTERS AS\nDate: 9 October 2015\n"
    )
    dates = english_dates(text)
    assert (dates.signed_on, dates.starts_on, dates.ends_on) == (
        date(2015, 10, 14),
        date(2015, 10, 14),
        date(2021, 3, 1),
    )


def test_executed_by_and_among_the_following_parties_as_of_a_date() -> None:
    text = (
        'EXCLUSIVE SERVICE AGREEMENT\n\nThis Exclusive Service Agreement (this "Agreement") is '
        "executed by and among the following Parties as of March 12, 2013 in Ningbo, the "
        'People\'s Republic of China ("China" or the "PRC"):\n\nParty A: Ningbo Haiyue '
        'Technology Co., Ltd. ("Party A"), a wholly foreign-owned enterprise\n\nParty B: Ningbo '
        'Lantu Trading Co., Ltd. ("Party B"), a limited liability company' + BODY
    )
    assert english_dates(text).signed_on == date(2013, 3, 12)


def test_a_contract_that_lasts_as_long_as_a_companys_operating_period() -> None:
    text = (
        "OPERATING AGREEMENT\n\nThis Operating Agreement is entered into on June 2, 2006 by "
        'Wuxi Jintai Services Co., Ltd. ("Party A") and Wuxi Hengda Logistics Co., Ltd. '
        '("Party B").\n\nWHEREAS, the operating period of Party A as set forth in its business '
        "licence is from March 1, 2005 to February 28, 2025."
        + BODY
        + "\n\n8.1 This Agreement shall take effect upon execution by the Parties and shall "
        "remain in effect until the expiration of the operating period of Party A." + BODY
    )
    assert english_dates(text).ends_on == date(2025, 2, 28)


# --- agreed sums


def test_a_reasonable_pre_estimate_broken_at_a_lines_end() -> None:
    # (the extraction joins a word a hard-wrapped line broke: "pre-\nestimate", "preestimate")
    sentence = (
        "the parties acknowledge that the shortfall payment is a reasonable preestimate of "
        "carrier's unrecovered fixed costs, which would be difficult to determine, and is not a "
        "penalty."
    )
    assert any(accepts(rule, sentence) for rule in agreed_sum_readers(sentence))


def test_a_daily_sum_paid_as_agreed_compensation_for_a_failure() -> None:
    section = (
        "5.2 If the Tenant fails to keep the Kiosk open for the whole of the Opening Hours on "
        "any day, the Tenant shall pay the Landlord $250 for each such day as agreed "
        "compensation for the loss of Turnover Rent, without prejudice to the Landlord's other "
        "rights."
    )
    assert section_flagged(_SERVICES, section, "penalty")


# --- the hundred-and-ninetieth to hundred-and-ninety-seventh rounds

_LEASE = (
    'OFFICE LEASE\n\nTHIS OFFICE LEASE (this "Lease") is made as of June 4, 2002 by and between '
    'Harlow Yard Associates, L.L.C. ("Landlord") and Tessary Billing, Inc. ("Tenant").'
)


def test_a_tenants_option_to_extend_open_to_its_permitted_transferee() -> None:
    text = (
        _LEASE
        + BODY
        + "\n\n10.1 Extension Option. Provided that Tenant (or a permitted transferee under "
        "Section 6.2) occupies the Premises, Tenant shall have one (1) option to extend the Term "
        'for a period of five (5) years (the "Extension Term").' + BODY
    )
    assert option_offered(text) is True


def test_a_one_time_right_to_end_a_lease_on_a_date_by_notice_given_before_another() -> None:
    section = (
        "11.1 Early Termination. Tenant shall have the one-time right to terminate this Lease "
        'effective as of March 31, 2008 (the "Early Termination Date") by delivering written '
        'notice to Landlord (the "Termination Notice") on or before March 31, 2007.'
    )
    assert section_flagged(_LEASE, section, "unilateral_termination")


def test_an_option_to_extend_a_contract_by_notice_before_a_date_is_no_right_to_end_it() -> None:
    section = (
        "3.2 Option. Buyer may extend this Agreement to apply to the 2009 Crop by giving Seller "
        "written notice not later than November 1, 2008."
    )
    assert not section_flagged(_SERVICES, section, "unilateral_termination")


def test_a_termination_fee_paid_with_the_notice() -> None:
    sentence = (
        "tenant may terminate this lease effective as of june 30, 2011 by giving landlord "
        "written notice on or before september 30, 2010 and paying landlord, together with the "
        "notice, a termination fee of $185,000."
    )
    assert any(accepts(rule, sentence) for rule in agreed_sum_readers(sentence))


def test_a_day_that_runs_up_to_the_commencement_date_is_no_start() -> None:
    text = (
        _LEASE
        + "\n\n2.3 Delivery. If the Commencement Date has not occurred by September 1, 2002, "
        "Tenant shall receive one (1) day of Base Rent abatement for each day after September 1, "
        "2002 until the Commencement Date occurs." + BODY
    )
    assert english_dates(text).starts_on != date(2002, 9, 1)


def test_a_leases_basic_provisions_date_it_and_it_binds_from_that_date() -> None:
    text = (
        'RETAIL LEASE\n\nTHIS RETAIL LEASE (this "Lease") is made as of the Date of Lease set '
        'forth in Section 1.1 by and between Pecan Row, Ltd. ("Landlord") and Lantern Goods, '
        'Inc. ("Tenant").\n\n1.1 Basic Provisions.\n\n     (a) Date of Lease: April 7, 2003.\n\n'
        "     (b) Premises: Space No. 4.\n\n1.3 Effectiveness. This Lease shall be binding upon "
        "Landlord and Tenant from and after the Date of Lease, notwithstanding that the Term "
        "commences on a later date." + BODY
    )
    dates = english_dates(text)
    assert (dates.signed_on, dates.starts_on) == (date(2003, 4, 7), date(2003, 4, 7))


def test_a_sublease_effective_as_of_the_date_hereof() -> None:
    text = (
        'AGREEMENT OF SUBLEASE (this "Sublease"), made as of the 9th day of March, 2010, between '
        'Fenwick Row Partners LP ("Sublandlord") and Quillon Media, Inc. ("Subtenant").\n\n2.4 '
        "Effectiveness. This Sublease shall be effective as of the date hereof, subject to the "
        "Overlandlord's consent." + BODY
    )
    assert english_dates(text).starts_on == date(2010, 3, 9)


def test_a_landlords_liability_limited_to_its_interest_in_the_land_is_a_cap() -> None:
    text = (
        _LEASE
        + BODY
        + "\n\nARTICLE 10. LIMITATION OF LANDLORD'S LIABILITY\n\nThe liability of Landlord under "
        "this Lease shall be limited to Landlord's interest in the Building, including the rents "
        "and the proceeds of any sale." + BODY
    )
    flag = find_stated_cap(prepare_text(text))
    assert flag is not None and flag.present


def test_an_advisers_engagement_that_commences_on_the_letters_date() -> None:
    text = (
        "HARTWELL & CO. LLC\n\nENGAGEMENT LETTER\n\nApril 6, 1999\n\nBoard of Directors\nNoventa "
        "Systems, Inc.\n\n1. Engagement. The Company engages Hartwell to act as its financial "
        "advisor.\n\n6. Term. (a) Hartwell's engagement hereunder shall commence on the date of "
        "this Agreement and shall continue until the earlier of (i) the Closing of a Transaction "
        "and (ii) twelve (12) months from the date of this Agreement." + BODY
    )
    dates = english_dates(text)
    assert (dates.starts_on, dates.ends_on) == (date(1999, 4, 6), date(2000, 4, 6))


def test_an_engagement_letter_in_effect_when_the_client_signs_and_returns_it() -> None:
    text = (
        "LETTER OF ENGAGEMENT\n\n4 February 2016\n\nDear Sirs,\n\n6.1 This Engagement Letter will "
        "take effect on the date on which you sign and return a copy of it to us."
        + BODY
        + "\n\nSigned for Fenmoor Advisory LLP\nDate: 4 February 2016\n\nSigned for and on "
        "behalf of Ashgrove Holdings plc\nDate: 9 February 2016\n"
    )
    assert english_dates(text).starts_on == date(2016, 2, 9)


def test_a_term_whose_sentence_cites_a_section_by_number() -> None:
    text = (
        _SERVICES
        + BODY
        + "\n\n3.2 Concession Term. The term of the concession granted in Section 2.1 (the "
        '"Concession Term") shall commence on the Opening Date and, unless sooner terminated, '
        "shall expire on December 31, 2014." + BODY
    )
    assert english_dates(text).ends_on == date(2014, 12, 31)


def test_an_effective_date_of_contract_with_a_short_name_of_its_own() -> None:
    text = (
        "SATELLITE CONTRACT\n\nThis Contract is made as of November 2, 1999 between Orbiton "
        'Space Systems, Inc. ("Contractor") and Heliacal Networks Ltd. ("Purchaser").\n\n'
        '"Effective Date of Contract" or "EDC" means October 15, 1999, being the date as of which '
        "the parties agree that Contractor's performance commenced." + BODY
    )
    assert english_dates(text).starts_on == date(1999, 10, 15)


def test_a_lease_of_equipment_named_by_what_it_leases() -> None:
    text = (
        "CAPACITY LEASE AGREEMENT\n\nThis Agreement is made as of March 8, 2005 between Altair "
        'Satellite Corp. ("Lessor") and Beacon Broadcast LLC ("Lessee").\n\n"Commencement Date" '
        "means May 1, 2005.\n\n3.1 Term. This Agreement shall become effective on the date "
        "hereof. The lease of the Transponders shall commence on the Commencement Date and, "
        "unless sooner terminated, shall continue until the tenth (10th) anniversary of the "
        'Commencement Date (the "Lease Term").' + BODY
    )
    assert english_dates(text).ends_on == date(2015, 5, 1)


def test_a_term_counted_from_the_day_the_parties_expect_its_start_on() -> None:
    text = (
        _SERVICES
        + '\n\n1.5 "Service Commencement Date" means the date on which Provider begins to provide '
        "the Services at the last of the Facilities. The parties anticipate that the Service "
        "Commencement Date for all Facilities will be July 1, 2009."
        + BODY
        + "\n\n7.1 Term. This Agreement shall be effective as of the date first written above. "
        "The initial term of this Agreement shall continue until the second (2nd) anniversary "
        "of the Service Commencement Date." + BODY
    )
    assert english_dates(text).ends_on == date(2011, 7, 1)


def test_an_agreement_signed_at_a_closing_that_is_its_own_date() -> None:
    text = (
        "NON-COMPETITION AGREEMENT\n\nThis Non-Competition Agreement is entered into as of May 6, "
        '2015 between Harrow Lane Capital, Inc. ("Buyer") and Tolland Marine, Inc. ("Seller").\n\n'
        '(b) "Closing Date" means the date of this Agreement.\n\n(d) "Restricted Period" means the '
        "period beginning on the Closing Date and ending on the third (3rd) anniversary of the "
        "Closing Date." + BODY
    )
    assert english_dates(text).starts_on == date(2015, 5, 6)


def test_a_programmes_effective_date_gives_way_to_the_agreements_own() -> None:
    text = (
        "PROGRAM AGREEMENT\n\nThis Program Agreement is entered into as of March 1, 2014 between "
        'Quarrel Insurance Company ("Insurer") and Rydewell, Inc. ("Company").\n\n1.7 "Program '
        'Effective Date" means April 1, 2014, the date on which the first Policy incepts.'
        + BODY
        + "\n\n5.1 Term. This Agreement shall become effective on the date first written above "
        "and shall remain in force until the second (2nd) anniversary of the Program Effective "
        "Date." + BODY
    )
    dates = english_dates(text)
    assert (dates.starts_on, dates.ends_on) == (date(2014, 3, 1), date(2016, 4, 1))


def test_an_effective_date_defined_by_the_signature_of_the_side_that_signs_last() -> None:
    text = (
        'PERMIT AGREEMENT\n\nThis Permit Agreement (this "Agreement") is dated as of March 2, 2017 '
        'between Zipline Mobility, Inc. ("Operator") and the City of Elm Harbor (the "City").\n\n'
        '1.4 "Effective Date" means the date on which this Agreement has been executed by the '
        "City Manager, as shown on the signature page."
        + BODY
        + "\n\nZIPLINE MOBILITY, INC.\nDate: March 2, 2017\n\nCITY OF ELM HARBOR\nBy: City "
        "Manager\nDate: March 14, 2017\n"
    )
    assert english_dates(text).starts_on == date(2017, 3, 14)


def test_an_effective_date_defined_by_the_day_you_sign_in_plain_english() -> None:
    text = (
        "SOFTWARE SUBSCRIPTION AGREEMENT\n\nThis Software Subscription Agreement is dated as of "
        'June 3, 2013 between Tallyhoe Software, Inc. ("we", "us") and the customer named below '
        '("you").\n\n"Effective Date" means the date on which you sign this Agreement, as shown in '
        "your signature block below."
        + BODY
        + "\n\nTALLYHOE SOFTWARE, INC.\nDate: June 3, 2013\n\nCUSTOMER\nDate: June 7, 2013\n"
    )
    assert english_dates(text).starts_on == date(2013, 6, 7)


# --- the hundred-and-ninety-eighth to two-hundred-and-fifth rounds

_SUPPLY = (
    "LOG SUPPLY AGREEMENT\n\nThis Log Supply Agreement is made as of March 2, 2010 between "
    'Cascade Rim Timber LLC ("Seller") and Alder Mill Products, Inc. ("Buyer").'
)


def test_an_end_the_sentence_dates_after_naming_a_season() -> None:
    text = (
        _SUPPLY
        + BODY
        + "\n\n4.1 Term. The term of this Agreement shall commence on the Effective Date and "
        "shall continue through three (3) Operating Seasons, and shall expire at the close of "
        "the third Operating Season on October 31, 2012." + BODY
    )
    assert english_dates(text).ends_on == date(2012, 10, 31)


def test_an_end_of_a_contract_year_restated_as_its_day() -> None:
    text = (
        _SUPPLY
        + '\n\n1.2 "Contract Year" means each calendar year, the first beginning on the Start Date.'
        + BODY
        + "\n\n3.1 Term. This Agreement shall enter into force on the date hereof and shall "
        "continue until the end of the fifth (5th) Contract Year, being December 31, 2015 (the "
        '"Initial Term").' + BODY
    )
    assert english_dates(text).ends_on == date(2015, 12, 31)


def test_a_contract_period_expiring_at_the_end_of_a_season_on_its_day() -> None:
    text = (
        _SUPPLY
        + BODY
        + "\n\n5.1 Term. The Contract Period shall commence on the Effective Date and shall "
        "continue through two (2) Harvest Seasons, expiring at the end of the second Harvest "
        'Season on April 30, 2012 (the "Expiration Date").' + BODY
    )
    assert english_dates(text).ends_on == date(2012, 4, 30)


def test_a_period_the_sentence_names_the_term_after_its_end() -> None:
    text = (
        _SUPPLY
        + BODY
        + "\n\n4.2 The Services shall be provided during the period beginning on the First "
        "Delivery Date and ending on June 30, 2015, being the end of the fifth Contract Year "
        '(the "Term").' + BODY
    )
    assert english_dates(text).ends_on == date(2015, 6, 30)


def test_a_notice_window_after_launch_is_no_term() -> None:
    text = (
        _SUPPLY
        + '\n\n1.5 "Program Launch Date" means June 1, 2010.'
        + BODY
        + "\n\n6.1 Term. This Agreement commences on the Effective Date and continues until the "
        "third (3rd) anniversary of the Program Launch Date.\n\n6.3 Either Party may terminate "
        "this Agreement upon ninety (90) days' prior written notice; provided that no such "
        "notice may be given before the date that is six (6) months after the Program Launch "
        "Date." + BODY
    )
    assert english_dates(text).ends_on == date(2013, 6, 1)


def test_grounds_listed_after_the_notice_are_no_convenience() -> None:
    section = (
        "9.3 Termination by Supplier. Supplier may terminate this Agreement upon thirty (30) "
        "days' written notice to Distributor (a) as provided in Section 4.2(b); (b) if "
        "Distributor undergoes a change of control; or (c) if Distributor fails to meet the "
        "Minimum Purchase Commitment."
    )
    assert not section_flagged(_SUPPLY, section, "unilateral_termination")


def test_a_firm_named_for_the_contracts_it_administers() -> None:
    text = prepare_text(
        "ADMINISTRATION AGREEMENT\n\nThis Administration Agreement is entered into as of May 1, "
        "2013 by and between Harwick Wireless, LLC, an Ohio limited liability company "
        '("Client"), and Bellstone Service Contract Administrators, Inc., a Texas corporation '
        '("Administrator").'
    )
    assert find_parties_en(text) == (
        Party(name="Harwick Wireless, LLC", role="Client"),
        Party(name="Bellstone Service Contract Administrators, Inc.", role="Administrator"),
    )


def test_the_staffs_employment_under_local_law_is_not_the_contracts_law() -> None:
    text = (
        "HOTEL MANAGEMENT AGREEMENT\n\nThis Agreement is made on 3 March 1999 between Gulf Bay "
        'Hotels W.L.L. (the "Owner") and Aldwych Hotel Management Limited (the "Operator").'
        + BODY
        + "\n\n3.3 All Hotel employees shall be employees of Owner, and their employment shall "
        "be governed by the labour law of the State of Bahrain."
        + BODY
        + "\n\n14.1 This Agreement shall be governed by and construed in accordance with the "
        "laws of England." + BODY
    )
    assert screen_english(text).governing_law == "GB"


def test_the_law_of_the_place_where_the_project_is_located() -> None:
    text = (
        "SUBCONTRACT AGREEMENT\n\nThis Subcontract is made as of May 2, 2001 between Corbel "
        'Builders, Inc. ("Contractor") and Lintel Insulation Co. ("Subcontractor").\n\nWHEREAS, '
        "the Contractor has contracted for the construction of an office building located at 18 "
        'Pine Street, Hartford, Connecticut (the "Project").'
        + BODY
        + "\n\n13.1 This Subcontract shall be governed by the law of the place where the Project "
        "is located." + BODY
    )
    assert screen_english(text).governing_law == "US-CT"
