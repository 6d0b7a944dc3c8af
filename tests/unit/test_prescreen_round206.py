"""Readings drawn from the two-hundred-and-sixth blind round on, written here in other words
than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.stated_cap import find_stated_cap
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import (
    BODY,
    clause_present,
    english_dates,
    option_offered,
)

_SUPPLY = (
    "SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of April 2, 2003 between Harrowgate "
    'Mills, Inc. ("Supplier") and Pennock Foods Corp. ("Buyer").'
)


def _signed(*days: str) -> str:
    """Signature blocks dated as written."""
    return "".join(f"\n\nBy: /s/ Authorised Signatory\nDate: {day}" for day in days)


# --- agreement date


def test_a_contract_made_on_the_later_of_the_signatures_is_dated_by_it() -> None:
    head = (
        "CONSULTING AGREEMENT\n\nThis Consulting Agreement is entered into by and between Orrin "
        'Vale LLC ("Company") and Tessa Marlow ("Consultant").'
    )
    for opening in (
        "This Agreement is made on the date of the later of the parties' signatures below. It "
        "shall be effective retroactively as of March 1, 2012.",
        "This Agreement is signed on the dates shown beneath the Parties' signatures. It is "
        "effective as of March 1, 2012.",
    ):
        dates = english_dates(
            head + "\n\n1. " + opening + BODY + _signed("April 9, 2012", "April 3, 2012")
        )
        assert (dates.signed_on, dates.starts_on) == (date(2012, 4, 9), date(2012, 3, 1))


def test_a_start_of_its_own_whatever_the_days_it_is_signed_on() -> None:
    dates = english_dates(
        "SERVICES CONTRACT\n\nTHIS CONTRACT is made and entered into by and between the Town of "
        'Merrow ("Town") and Calder Sweepers, Inc. ("Contractor").\n\n1.1 This Contract shall be '
        'effective as of July 1, 2004 (the "Effective Date"), notwithstanding the dates of its '
        "execution." + BODY + _signed("August 12, 2004", "July 28, 2004")
    )
    assert (dates.signed_on, dates.starts_on) == (date(2004, 8, 12), date(2004, 7, 1))


# --- effective date


def test_binding_from_the_day_both_sides_have_signed() -> None:
    dates = english_dates(
        _SUPPLY.replace("is made as of April 2, 2003", "is dated April 2, 2003")
        + "\n\n11.1 This Agreement is binding on the parties from the date on which it is signed "
        "by both of them.\n\n11.2 The Supplier's obligation to supply commences on the First "
        "Delivery Date and continues until the end of the third Contract Year."
        + BODY
        + _signed("April 2, 2003", "April 2, 2003")
    )
    assert dates.starts_on == date(2003, 4, 2)


def test_effective_on_the_last_sides_act_that_names_the_effective_date() -> None:
    head = (
        "LOAN AGREEMENT\n\nTHIS LOAN AGREEMENT is dated as of May 4, 2001 by and between Fenwick "
        'Holdings, Inc. ("Lender") and the Aldous Gallery ("Borrower").\n\n1. '
    )
    for clause in (
        "It shall become effective on the date on which Borrower countersigns it below (the "
        '"Effective Date").',
        "This Agreement becomes effective on the date on which it has been signed by both "
        "parties, being the later of the two dates shown in the signature blocks (the "
        '"Effective Date").',
    ):
        dates = english_dates(head + clause + BODY + _signed("May 4, 2001", "May 17, 2001"))
        assert (dates.signed_on, dates.starts_on) == (date(2001, 5, 4), date(2001, 5, 17))


def test_entered_into_on_the_last_signature_named_the_effective_date() -> None:
    dates = english_dates(
        "API SERVICES AGREEMENT\n\nThis API Services Agreement is entered into on the date of "
        'the last signature below (the "Effective Date") by and between Lintel B.V. ("Provider") '
        'and Corvo, Inc. ("Customer").'
        + BODY
        + _signed("3 March 2020", "March 10, 2020")
        + "\n\nORDER FORM\n\nService Start Date: 1 April 2020.\n\nInitial Term: twelve (12) "
        "months from the Service Start Date."
    )
    assert dates.starts_on == date(2020, 3, 10)


def test_effective_when_a_regulator_issues_a_licence_has_no_day() -> None:
    dates = english_dates(
        "PROCESSING AGREEMENT\n\nTHIS AGREEMENT is made this 9th day of March, 2016, between "
        'Alder Flats LLC ("Producer") and Brisk Extracts, Inc. ("Processor").\n\n2.1 The remainder '
        "of this Agreement shall become effective on the date on which the Board issues the "
        'Processor License (the "Effective Date").' + BODY
    )
    assert (dates.signed_on, dates.starts_on) == (date(2016, 3, 9), None)


# --- expiration date


def test_the_last_day_of_a_season_the_definitions_date() -> None:
    dates = english_dates(
        _SUPPLY + '\n\n1.4 "Season" means the twelve (12) month period beginning on September 1 '
        "of a calendar year and ending on August 31 of the following calendar year.\n\n10.1 This "
        "Agreement shall commence on the date hereof and shall continue in effect through the last "
        "day of the second (2nd) full Season that begins after the date hereof." + BODY
    )
    assert dates.ends_on == date(2005, 8, 31)


def test_a_year_the_contract_names_and_counts_as_calendar_years() -> None:
    for definition, end in (
        (
            '"Contract Year" means a calendar year. The first Contract Year is calendar year 2004.',
            date(2006, 12, 31),
        ),
        (
            '"Sales Year" means each calendar year during the Term, beginning with calendar year '
            "2004. The period from the date of this Agreement through December 31, 2003 (the "
            '"Launch Period") is not a Sales Year.',
            date(2006, 12, 31),
        ),
    ):
        name = definition.split('"')[1]
        dates = english_dates(
            _SUPPLY + "\n\n1.2 " + definition + "\n\n9.1 This Agreement shall remain in force "
            f"from the date hereof through the end of the third (3rd) {name}." + BODY
        )
        assert dates.ends_on == end
    # (a first period by the term's own name is still the term: 'through March 31, 2004 (the
    # "Base Period")')
    dates = english_dates(
        _SUPPLY + "\n\n4.1 Base Period. The period of performance of this Agreement commences on "
        'the date hereof and continues through March 31, 2004 (the "Base Period"), unless sooner '
        "terminated." + BODY
    )
    assert dates.ends_on == date(2004, 3, 31)


def test_a_term_that_began_and_ends_after_a_named_day() -> None:
    dates = english_dates(
        _SUPPLY.replace("is made as of April 2, 2003", "is entered into on April 2, 2003")
        + '\n\n1.4 "Effective Date" and "First Shipment Date" each mean February 10, 2003, '
        "being the date of the first shipment.\n\n9.1 The term of this Agreement began on the "
        "Effective Date and, unless terminated earlier, ends two (2) years after the First "
        "Shipment Date." + BODY
    )
    assert (dates.starts_on, dates.ends_on) == (date(2003, 2, 10), date(2005, 2, 10))


def test_no_end_from_a_day_no_text_dates() -> None:
    for clause in (
        "6.1 This Agreement shall terminate one (1) year from the Rig Release Date.",
        '1.3 "Line Start-Up Date" means the later of (a) January 2, 2004 and (b) the first day '
        "on which the Line has passed the Acceptance Test.\n\n8.1 This Agreement continues until "
        "the fifth (5th) anniversary of the Line Start-Up Date.",
    ):
        assert english_dates(_SUPPLY + "\n\n" + clause + BODY).ends_on is None


def test_the_base_term_after_an_interim_period_and_a_certificates_field() -> None:
    dates = english_dates(
        "EQUIPMENT LEASE\n\nTHIS EQUIPMENT LEASE is dated as of March 3, 2004 by and between "
        'Orland Capital Corp. ("Lessor") and Wexby Clinic, P.C. ("Lessee").\n\n4. TERM. The term '
        "of this Lease shall begin on the Acceptance Date and shall consist of (a) an interim "
        "period running from the Acceptance Date through the last day of the calendar month in "
        "which the Acceptance Date occurs, and (b) a base term beginning on the first day of the "
        "following month and ending on the last day of the thirty-sixth (36th) full calendar "
        "month following the Acceptance Date."
        + BODY
        + "\n\nEXHIBIT B\nACCEPTANCE CERTIFICATE\n\nDate signed (Acceptance Date): April 20, 2004"
    )
    assert dates.ends_on == date(2007, 4, 30)


def test_a_memorandum_dates_the_commencement_and_the_term_counts_its_months() -> None:
    dates = english_dates(
        "LEASE\n\nTHIS LEASE is dated as of May 5, 2009 by and between Dunmore Properties, LLC "
        '("Landlord") and Copse Wellness, Inc. ("Tenant").\n\n3.2 The Term shall commence on the '
        "first day of the first calendar month after the month in which the Permit Contingency is "
        'satisfied (the "Commencement Date").\n\n3.3 The term of this Lease shall begin on the '
        "Commencement Date and shall end on the last day of the thirty-sixth (36th) full calendar "
        "month of the Term."
        + BODY
        + "\n\nEXHIBIT C\nCOMMENCEMENT DATE MEMORANDUM\n\nLandlord and Tenant confirm that the "
        "Permit Contingency was satisfied on July 14, 2009, that the Commencement Date is August "
        "1, 2009, and that the Lease continues on its terms."
    )
    assert (dates.starts_on, dates.ends_on) == (date(2009, 8, 1), date(2012, 7, 31))


def test_a_statement_of_works_term_is_not_the_masters() -> None:
    dates = english_dates(
        "MASTER SERVICES AGREEMENT\n\nThis Agreement is made on 2nd May 2011 between Quill "
        'Languages Ltd ("Supplier") and Barrow Learning plc ("Client").\n\n"Commencement Date" '
        "means 1st June 2011.\n\n2.1 This Agreement shall come into force on the Commencement "
        "Date and shall continue for an initial period of two years."
        + BODY
        + "\n\nSCHEDULE 1 - FIRST SOW\n\n1. Term of SOW: from 1st June 2011 to 30th November 2011."
    )
    assert dates.ends_on == date(2013, 6, 1)


# --- renewal


def test_an_evergreen_after_the_first_term_without_a_comma() -> None:
    text = (
        _SUPPLY + "\n\n9. (a) This Agreement shall remain in effect for an initial term of "
        "twenty-four (24) months commencing on the date hereof. Thereafter this Agreement shall "
        "continue in effect indefinitely until terminated by either party upon not less than "
        "ninety (90) days' prior written notice." + BODY
    )
    assert english_dates(text).ends_on == date(2005, 4, 2)
    assert clause_present(text, "auto_renewal")


def test_extended_by_a_further_period_each_time_unless_a_side_ends_it() -> None:
    head = (
        _SUPPLY + "\n\n12. (2) This Agreement is concluded for a fixed term ending on 31 "
        "March 2006. "
    )
    assert clause_present(
        head + "It shall be extended by a further twelve (12) months in each case unless either "
        "Party terminates it by giving three (3) months' notice." + BODY,
        "auto_renewal",
    )
    # (not the extension this document makes)
    assert not clause_present(
        head + "The term is hereby extended by a further six (6) months, so that, unless sooner "
        "terminated, it shall expire on September 30, 2006." + BODY,
        "auto_renewal",
    )


def test_an_option_among_those_listed_after_elect_to() -> None:
    assert option_offered(
        "EQUIPMENT LEASE\n\nTHIS LEASE is dated as of March 3, 2004 by and between Orland "
        'Capital Corp. ("Lessor") and Wexby Clinic, P.C. ("Lessee").'
        + BODY
        + "\n\n18. END OF TERM OPTIONS. Lessee may, by written notice given to Lessor not less "
        "than ninety (90) days before the end of the Base Term, elect to: (a) renew this Lease for "
        "one (1) renewal term of twelve (12) months, at the fair market rental value; or (b) "
        "purchase the Equipment at its fair market value." + BODY
    )


# --- termination for convenience


def test_an_evergreen_either_side_may_end_with_or_without_cause() -> None:
    assert clause_present(
        _SUPPLY + "\n\n8.2 After the Initial Term, this Agreement shall continue in effect "
        "indefinitely until either party terminates it, with or without cause, by giving the "
        "other not less than sixty (60) days' prior written notice." + BODY,
        "unilateral_termination",
    )


# --- cap on liability


def test_a_tenant_told_to_look_solely_to_the_landlords_interest() -> None:
    flag = find_stated_cap(
        prepare_text(
            "ARTICLE IX - LANDLORD'S LIABILITY\n\nTenant shall look solely to Landlord's estate "
            "and interest in the Building for the recovery of any judgment against Landlord."
        )
    )
    assert flag is not None and flag.present


# --- rounds 214 to 221


def test_a_public_body_acting_through_its_office() -> None:
    text = prepare_text(
        "                    STATE OF WEXFORD\n                    OFFICE OF PARKS AND "
        "RECREATION\n\n                GROUNDS MAINTENANCE CONTRACT\n\nThis GROUNDS MAINTENANCE "
        'CONTRACT (this "Contract") is entered into as of May 1, 2020 by and between the STATE OF '
        'WEXFORD, acting by and through its OFFICE OF PARKS AND RECREATION (the "State"), and '
        'HOLLIS TURF, INC., a Delaware corporation ("Contractor").'
    )
    assert find_parties_en(text) == (
        Party(name="STATE OF WEXFORD", role="State"),
        Party(name="HOLLIS TURF, INC.", role="Contractor"),
    )


def test_a_norwegian_as_and_a_chilean_limitada() -> None:
    text = prepare_text(
        "TIME CHARTER\n\nIT IS THIS DAY MUTUALLY AGREED between NORDVIK FISKE AS, a company "
        'incorporated in Norway, as owners of the vessel ("Owners"), and PESQUERA LOS ANDES '
        "LIMITADA, a limited liability company organised under the laws of Chile, as charterers "
        '("Charterers"), that Owners let and Charterers hire the Vessel.'
    )
    assert find_parties_en(text) == (
        Party(name="NORDVIK FISKE AS", role="Owners"),
        Party(name="PESQUERA LOS ANDES LIMITADA", role="Charterers"),
    )


def test_a_letters_own_date_over_its_start_whatever_the_signing() -> None:
    dates = english_dates(
        "Harwell Packaging Inc.\n\nMarch 9, 2018\n\nDear Sirs:\n\nThis letter agreement amends "
        "the Supply Agreement between us. It shall be effective as of January 1, 2018, "
        "notwithstanding the date on which it is signed." + BODY + _signed("March 14, 2018")
    )
    assert dates.signed_on == date(2018, 3, 9)


def test_a_commencement_date_the_month_after_both_have_signed() -> None:
    dates = english_dates(
        "OUTSOURCING AGREEMENT\n\nTHIS AGREEMENT is made this 16th day of May, 2010, by and "
        'between Calder Bank Corp. ("Customer") and Ostry Services Ltd. ("Provider").\n\n1.1 '
        '"Commencement Date" means the first day of the calendar month next following the month '
        "in which this Agreement has been signed by both parties.\n\n2.1 This Agreement shall take "
        "effect on the Commencement Date and shall continue for a term of two (2) years from the "
        "Commencement Date." + BODY + _signed("May 16, 2010", "May 20, 2010")
    )
    assert (dates.starts_on, dates.ends_on) == (date(2010, 6, 1), date(2012, 6, 1))


def test_a_contract_with_no_fixed_term_has_no_end() -> None:
    dates = english_dates(
        "REFERRAL AGREEMENT\n\nThis Referral Agreement is made as of June 2, 2003 between Alder "
        'Legal Services LLC ("Company") and Brent Okafor ("Contractor").\n\n1.2 This Agreement has '
        "no fixed term. It will remain in effect until either party ends it under Section 9.\n\n"
        "7.1 While this Agreement is in effect and for twelve months after it ends, the "
        "Contractor will not solicit any Customer." + BODY
    )
    assert dates.ends_on is None


def test_the_last_day_of_a_named_season_or_year_between_two_days() -> None:
    head = _SUPPLY.replace("April 2, 2003", "September 15, 2003")
    for definition, clause, end in (
        (
            '"Selling Season" means each period beginning on August 1 of a calendar year and '
            "ending on January 31 of the next calendar year.",
            "The initial term begins on the date hereof and ends on the last day of the second "
            "Selling Season.",
            date(2005, 1, 31),
        ),
        (
            '"Program Year" means each period of twelve months beginning on September 1 and '
            "ending on the following August 31.",
            "The term of this Agreement began on the date hereof and shall end on the last day of "
            "the third (3rd) Program Year.",
            date(2006, 8, 31),
        ),
    ):
        dates = english_dates(head + "\n\n1.9 " + definition + "\n\n10.1 " + clause + BODY)
        assert dates.ends_on == end


def test_an_evergreen_without_a_fixed_date_of_expiration() -> None:
    text = (
        _SUPPLY + "\n\n3.1 The initial term of this Agreement is two (2) years beginning on the "
        "date hereof.\n\n3.2 After the initial term, this Agreement shall continue in effect, "
        "without a fixed date of expiration, until either party terminates it by giving the other "
        "not less than ninety (90) days' prior written notice." + BODY
    )
    assert clause_present(text, "auto_renewal")
    assert clause_present(text, "unilateral_termination")


def test_a_renewal_after_recitals_that_end_at_the_first_article() -> None:
    assert clause_present(
        "MAINTENANCE CONTRACT\n\nThis Maintenance Contract is entered into by Pallard Markets, "
        'Inc. ("Owner") and Hollen Air, L.L.C. ("Contractor").\n\nBACKGROUND\n\nOwner operates '
        "supermarkets and wishes to have its equipment maintained.\n\n                ARTICLE 1\n"
        '                DEFINITIONS\n\n     1.1 "Sites" means the stores in Schedule A.\n\n'
        "2.1 The Initial Term is three (3) years from the Start Date.\n\n2.3 Renewal. When the "
        "Initial Term expires, this Contract shall renew automatically for successive renewal "
        "terms of one (1) year each, unless either party gives notice of non-renewal." + BODY,
        "auto_renewal",
    )


def test_a_commencement_date_the_month_after_the_contracts_date() -> None:
    dates = english_dates(
        "DISTRIBUTION AGREEMENT\n\nTHIS AGREEMENT is made as of the 15th day of March, 2001 "
        'between Kestrel Toys Ltd. ("Manufacturer") and Larkin Sales Inc. ("Distributor").\n\n'
        '(a) "Commencement Date" means the first day of the calendar month next following the '
        "date of this Agreement;\n\n3.1 This Agreement shall come into force on the Commencement "
        "Date and shall continue until the third anniversary of the Commencement Date." + BODY
    )
    assert (dates.starts_on, dates.ends_on) == (date(2001, 4, 1), date(2004, 4, 1))


def test_deemed_to_have_commenced_whatever_days_the_parties_sign() -> None:
    dates = english_dates(
        "PRINTING CONTRACT\n\nThis Contract is made and entered into by and between the Wexford "
        'Lottery Corporation (the "Corporation") and Halbrook Printing Corp. (the "Printer").\n\n'
        "2.1 The term of this Contract shall be deemed to have commenced on July 1, 2005 (the "
        '"Effective Date"), notwithstanding the dates on which the parties sign it, and shall '
        "end on June 30, 2008." + BODY + _signed("August 9, 2005", "August 14, 2005")
    )
    assert (dates.signed_on, dates.starts_on) == (date(2005, 8, 14), date(2005, 7, 1))


# --- rounds 222 to 229


def test_a_member_may_end_the_membership_after_its_first_term() -> None:
    text = (
        "MEMBERSHIP AGREEMENT\n\nThis Membership Agreement is made as of May 2, 2012 between "
        'Tallow Works LLC ("we") and Brisk Studio Inc. ("you").\n\n3. Term. Your membership '
        "continues for the Initial Term. After the Initial Term it continues automatically from "
        "month to month until either of us ends it under Section 10."
        + BODY
        + "\n\n10.2 After the Initial Term, either of us may end the membership for any reason "
        "by giving the other at least thirty (30) days' written notice." + BODY
    )
    assert clause_present(text, "auto_renewal")
    assert clause_present(text, "unilateral_termination")


def test_an_evergreen_after_a_date_or_a_first_term_without_a_fixed_end() -> None:
    for clause in (
        "3.2 Unless either party gives the other written notice of termination at least ninety "
        "(90) days before December 31, 2008, this Agreement shall continue in effect after that "
        "date, without any fixed term, until terminated by either party upon ninety (90) days' "
        "notice.",
        "2.3 When the Initial Term ends, this Agreement will continue in effect, without any fixed "
        "end date, until either party terminates it as allowed in Section 8.",
    ):
        assert clause_present(_SUPPLY + "\n\n" + clause + BODY, "auto_renewal")


def test_tacit_renewal_excluded_is_no_renewal() -> None:
    assert not clause_present(
        _SUPPLY + "\n\n10.2 Tacit renewal is excluded. The parties may renew this Agreement by a "
        "written agreement, which they shall negotiate in good faith." + BODY,
        "auto_renewal",
    )


def test_in_force_the_first_of_the_month_after_its_own_date() -> None:
    for clause in (
        "2.1 This Agreement shall become effective on the first day of the calendar month next "
        'following the date of this Agreement (the "Effective Date"). 2.2 The initial term shall '
        "continue until the third anniversary of the Effective Date.",
        "8.1 This Agreement shall enter into force on the first day of the calendar month "
        "following the date of its signature and shall continue for three (3) years.",
    ):
        dates = english_dates(_SUPPLY + "\n\n" + clause + BODY)
        assert (dates.starts_on, dates.ends_on) == (date(2003, 5, 1), date(2006, 5, 1))


def test_effective_whether_signed_before_or_after_and_a_growing_season() -> None:
    dates = english_dates(
        "RENTAL AGREEMENT\n\nThis Rental Agreement is entered into by Pellan Gas Co. "
        '("Supplier") and Orrin Foods, Inc. ("Customer").\n\n1.3 "Growing Season" means the '
        "period from March 1 through November 30 of each year.\n\n2.1 This Agreement takes "
        'effect on July 1, 2010 (the "Effective Date"), whether the parties sign it before or '
        "after that date, and shall expire at the end of the 2012 Growing Season."
        + BODY
        + _signed("June 28, 2010", "July 2, 2010")
    )
    assert (dates.signed_on, dates.starts_on, dates.ends_on) == (
        date(2010, 7, 2),
        date(2010, 7, 1),
        date(2012, 11, 30),
    )
