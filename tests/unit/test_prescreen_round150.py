"""Readings drawn from the hundred-and-fiftieth blind round on, written here in other words
than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen import clauses
from chalicelib.prescreen.clause_model import ClauseFinding
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.stated_cap import find_stated_cap
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import (
    BODY,
    accepts,
    agreed_sum_readers,
    english_dates,
    option_offered,
    screen_english,
    section_flagged,
)

_WORKS = (
    "SUBCONTRACT AGREEMENT\n\nThis Subcontract is made as of April 2, 2003 between Halvard "
    'Builders Inc. ("Contractor") and Ruskin Electrical Co. ("Subcontractor").'
)
_LICENCE = (
    "BRAND LICENSE AGREEMENT\n\nThis Agreement is made as of June 1, 2011 between Pellham Brands "
    'LLC ("Licensor") and Corvin Foods Inc. ("Licensee").\n\n3.1 Term. The term of this '
    "Agreement begins on the date hereof and ends on May 31, 2016."
)


def test_a_right_to_end_all_or_any_part_of_this_subcontract_for_convenience() -> None:
    section = (
        "14.2 Convenience. The Contractor may, at any time, and without cause, terminate all or "
        "any part of this Subcontract upon seven (7) days' written notice to Subcontractor."
    )
    assert section_flagged(_WORKS, section, "unilateral_termination")


def test_a_contract_that_grants_no_right_to_renew_has_no_renewal_option() -> None:
    text = (
        _LICENCE
        + BODY
        + "\n\n3.2 No Renewal. This Agreement does not give Licensee any right to renew or extend "
        "the term; any further license shall be on Licensor's then-current terms." + BODY
    )
    assert option_offered(text) is False


def test_a_sides_option_to_extend_set_off_by_an_aside_with_a_date_in_it() -> None:
    text = (
        _LICENCE
        + BODY
        + "\n\n3.2 Extension. Licensee may, by written notice to Licensor delivered no later "
        "than January 31, 2016, extend the term for one (1) additional year ending May 31, "
        "2017." + BODY
    )
    assert option_offered(text) is True


def test_a_sum_that_no_side_owes_on_an_ending_is_no_agreed_sum() -> None:
    sentence = (
        "no bonus, termination payment or other compensation shall be payable to the consultant "
        "by reason of the expiration or termination of this agreement."
    )
    readers = agreed_sum_readers(sentence)
    assert readers  # the sum's name is read ...
    # ... and every rule that reads it turns the sentence away
    assert all(rule.rejects is not None and rule.rejects.search(sentence) for rule in readers)


def test_an_addendum_that_renews_the_term_ends_on_the_renewal_terms_end() -> None:
    text = (
        "EXTENSION ADDENDUM\n\nThis Extension Addendum is entered into as of March 3, 2012 by "
        'and between Oakhurst Inns, Inc. ("Licensor") and Delmont Hospitality LLC ("Licensee").'
        '\n\n1. "Extension Date" means April 1, 2012.\n\n2. The term of the License Agreement '
        "is renewed for a renewal term commencing on the Extension Date and ending on the fifth "
        "(5th) anniversary of the Extension Date." + BODY
    )
    assert english_dates(text).ends_on == date(2017, 4, 1)
    # a renewal that may come ends nothing yet
    conditional = text.replace(
        "2. The term of the License Agreement is renewed",
        "2. The term of the License Agreement ends on March 31, 2012. If the term is renewed",
    ).replace(
        "anniversary of the Extension Date.", "anniversary of the Extension Date, rent rises."
    )
    assert english_dates(conditional).ends_on == date(2012, 3, 31)


def test_a_term_counted_from_a_day_the_definitions_count_from_the_start() -> None:
    text = (
        "DATA CENTER SERVICES AGREEMENT\n\nThis Agreement is made as of September 9, 2005 "
        'between Tarrow Networks Inc. ("Provider") and Elgin Mutual Insurance Co. ("Customer").'
        '\n\n1.4 "Service Commencement Date" means the first day of the first full calendar '
        "month following the date of this Agreement.\n\n9.1 Term. This Agreement shall commence "
        "on the date hereof and shall continue for thirty-six (36) months from the Service "
        "Commencement Date." + BODY
    )
    assert english_dates(text).ends_on == date(2008, 10, 1)


def test_a_schools_first_academic_year_ends_no_contract() -> None:
    text = (
        "PROGRAM SERVICES AGREEMENT\n\nThis Agreement is made as of February 10, 2016 between "
        'Carrick College ("College") and Lumen Course Partners LLC ("Partner").\n\n1.1 The '
        'first Academic Year under this Agreement (the "First Academic Year") begins on August '
        "1, 2016 and ends on July 31, 2017.\n\n6.1 Term. This Agreement shall commence on the "
        "date hereof and shall continue until July 31, 2022." + BODY
    )
    assert english_dates(text).ends_on == date(2022, 7, 31)


def test_an_unlettered_earlier_of_an_event_and_a_date_ends_on_the_date() -> None:
    text = (
        "LETTER OF INTENT\n\nThis Letter of Intent is made as of May 5, 2010 between Varden "
        'Resources Corp. ("Varden") and Ostler Pipeline Ltd. ("Ostler").\n\n9. Term. This '
        "Letter of Intent shall remain in effect until the earlier of the signing of the "
        "Definitive Agreement and October 31, 2010, unless terminated earlier." + BODY
    )
    assert english_dates(text).ends_on == date(2010, 10, 31)


def test_an_order_issued_by_one_company_to_another_names_both_sides() -> None:
    text = prepare_text(
        'PURCHASE ORDER TERMS\n\nThis Purchase Order (this "Order") is issued by Renfrew Water '
        'Utility Company, a Kansas corporation ("Buyer"), to Tamsin Valve Works, Inc., a '
        'Missouri corporation ("Seller"), for the goods described in Schedule 1.\n\n1. Prices.\n'
    )
    assert find_parties_en(text) == (
        Party(name="Renfrew Water Utility Company", role="Buyer"),
        Party(name="Tamsin Valve Works, Inc.", role="Seller"),
    )


def test_binding_terms_that_take_effect_when_both_sides_sign_start_on_the_last_signature() -> None:
    text = (
        "LETTER OF INTENT\n\nMarch 2, 2017\n\nThis letter sets out the terms on which Halloran "
        'Pharma, Inc. ("Halloran") and Vestry Labs Ltd ("Vestry") intend to negotiate.\n\n12. '
        "The Binding Terms shall take effect on the date on which this Letter of Intent has "
        "been signed by both parties." + BODY + "\n\nHALLORAN PHARMA, INC.\nBy: /s/ J. Amos\n"
        "Date: March 2, 2017\n\nVESTRY LABS LTD\nBy: /s/ P. Ward\nDate: March 9, 2017\n"
    )
    assert english_dates(text).starts_on == date(2017, 3, 9)


def test_a_ceiling_on_the_aggregate_liability_with_a_carve_out_is_a_cap() -> None:
    text = (
        "ADVISORY LETTER AGREEMENT\n\nThis letter agreement is made as of June 3, 2009 between "
        'Bramwell Holdings, Inc. (the "Company") and Kestrel Ridge Advisors LLC ("Kestrel").'
        + BODY
        + "\n\n8. Liability. In no event shall the aggregate liability of Kestrel and its "
        "affiliates to the Company exceed the fees paid to Kestrel under this letter agreement, "
        "except to the extent of losses finally judicially determined to have resulted from the "
        "gross negligence, bad faith or willful misconduct of Kestrel." + BODY
    )
    flag = screen_english(text).liability_cap
    assert flag is not None
    assert flag.present
    # a sentence that lifts the bound states none
    lifted = (
        "11. Indemnity. The total liability of the Company under this Section 11 shall not be "
        "limited to the fees paid, and shall extend to all losses of Kestrel."
    )
    assert find_stated_cap(prepare_text(lifted + BODY)) is None


_OFFTAKE = (
    "CONCENTRATE PURCHASE AGREEMENT\n\nThis Agreement is made as of May 2, 2012 between Harrow "
    'Creek Mining Ltd. ("Seller") and Ostend Metals AG ("Buyer").'
)


def test_a_concentrates_penalties_for_impurities_are_a_price_not_agreed_damages() -> None:
    text = (
        _OFFTAKE
        + BODY
        + "\n\n5.2 Payable Copper. The Buyer shall pay for ninety-six percent (96%) of the copper "
        "content at the LME settlement price, less the refining charge and the penalties set "
        "out in Schedule B for each one percent (1%) of arsenic above 0.2%." + BODY
    )
    flag = screen_english(text).penalty
    assert flag is None or not flag.present


def test_an_australian_exclusion_of_consequential_loss_is_a_cap() -> None:
    text = prepare_text(
        _OFFTAKE
        + BODY
        + "\n\n16.3 No party is liable to another party for any Consequential Loss arising under "
        "this agreement, except Consequential Loss caused by that party's fraud." + BODY
    )
    flag = find_stated_cap(text)
    assert flag is not None and flag.present


def test_a_right_on_notice_in_writing_if_an_event_happens_is_no_convenience() -> None:
    # the detector that assists the rules may pick such a sentence as its best: its words,
    # the right's condition, deny it
    sentence = (
        "12.4 The Buyer may terminate this Agreement upon ninety (90) days' notice in writing if "
        "it permanently closes its smelter at Hamburg."
    )
    reading = ClauseFinding(present=True, probability=0.9, evidence=sentence)
    text = prepare_text(_OFFTAKE + BODY + "\n\n" + sentence + BODY)
    assert clauses._assisted_flag(reading, "unilateral_termination", text) is None


def test_an_extension_the_parties_may_make_by_agreement_in_writing_is_no_option() -> None:
    text = (
        _LICENCE
        + BODY
        + "\n\n3.2 The parties may, by agreement in writing made at least sixty (60) days before "
        "the end of the term, extend this Agreement for such further period as they may then "
        "agree." + BODY
    )
    assert option_offered(text) is False


def test_a_term_that_expires_in_any_event_on_a_date_ends_then() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nThis Agreement is made as of January 5, 2004 between Lisle "
        'Analytics Inc. ("Consultant") and Barrow Health Corp. ("Client").\n\n5.1 This '
        "Agreement shall continue until the Services are complete; provided that this Agreement "
        "shall expire in any event on June 30, 2005." + BODY
    )
    assert english_dates(text).ends_on == date(2005, 6, 30)


def test_a_term_until_an_event_or_a_date_whichever_comes_first_ends_on_the_date() -> None:
    text = (
        "STUDY AGREEMENT\n\nThis Agreement is made as of April 8, 2013 between Calloway "
        'Therapeutics, Inc. ("Sponsor") and Wexford Medical Center ("Site").\n\n9.1 This '
        "Agreement shall remain in effect until the last subject completes the Study or March "
        "31, 2015, whichever occurs first." + BODY
    )
    assert english_dates(text).ends_on == date(2015, 3, 31)


_AIRCRAFT = (
    "AIRCRAFT LEASE AGREEMENT\n\nThis Agreement is made on 3 March 2006 between Corrib Aircraft "
    'Leasing Limited ("Lessor") and Sunvale Airways S.A. ("Lessee").'
)


def test_a_lessees_right_to_end_the_leasing_on_irrevocable_notice_is_a_convenience() -> None:
    section = (
        "4.2 The Lessee may terminate the leasing of the Aircraft with effect on the fifth (5th) "
        "anniversary of the Delivery Date by giving the Lessor not less than six (6) months' "
        "irrevocable prior written notice."
    )
    assert section_flagged(_AIRCRAFT, section, "unilateral_termination")


def test_a_lessees_option_to_extend_the_lease_term_is_a_renewal_option() -> None:
    text = (
        _AIRCRAFT
        + BODY
        + "\n\n4.3 Lessee may, by written notice to Lessor given not less than six (6) months "
        "before the Expiry Date, extend the Lease Term for one (1) further period of two (2) "
        "years." + BODY
    )
    assert option_offered(text) is True


def test_a_term_that_goes_on_from_contract_year_to_contract_year_renews_itself() -> None:
    text = (
        _OFFTAKE
        + BODY
        + "\n\n3.1 This Agreement shall continue until December 31, 2016 and shall thereafter "
        "continue from Contract Year to Contract Year until terminated by either party on six "
        "(6) months' notice." + BODY
    )
    flag = screen_english(text).auto_renewal
    assert flag is not None
    assert flag.present


def test_a_contract_signed_somewhere_by_both_sides_representatives_on_a_day_is_dated_then() -> None:
    text = (
        "EQUITY JOINT VENTURE CONTRACT\n\nChapter 1 General Provisions\n\nHuaxin Filtration Co., "
        'Ltd. ("Party A") and Ostrom Filters, Inc. ("Party B") agree as follows.' + BODY + "\n\n"
        "Article 52 This Contract is signed in Nantong, Jiangsu Province, China by the "
        "authorized representatives of both parties on May 12, 1998."
    )
    assert english_dates(text).signed_on == date(1998, 5, 12)


def test_a_directors_term_of_office_is_neither_the_term_nor_a_renewal() -> None:
    text = (
        _OFFTAKE
        + BODY
        + "\n\n8.2 The general manager shall be appointed by the Board for a term of three (3) "
        "years, and the term of office of each director may be renewed if the director is "
        "reappointed." + BODY
    )
    assert english_dates(text).ends_on is None
    assert option_offered(text) is False


def test_a_first_period_followed_by_an_indefinite_one_ends_the_first_period() -> None:
    text = (
        "AGENCY AGREEMENT\n\nThis Agreement is made as of June 1, 2001 between Tarn Instruments "
        'Inc. ("Principal") and Hsu Trading Co., Ltd. ("Agent").\n\n9.1 This Agreement shall '
        "become effective on the date first above written and shall remain valid for an initial "
        "period of three (3) years. After the initial period, this Agreement shall continue in "
        "force for an indefinite period until terminated under this Article 9." + BODY
    )
    assert english_dates(text).ends_on == date(2004, 6, 1)


def test_an_english_execution_blocks_dates_and_a_start_on_both_signatures() -> None:
    text = (
        "DISTRIBUTION AGREEMENT\n\nTHIS AGREEMENT is made BETWEEN:\n\n(1) ASHCOMBE FOODS PLC "
        '("Supplier"); and\n\n(2) TERRAVALE IMPORTS, INC. ("Distributor").\n\n"Commencement '
        'Date" means the date on which this Agreement has been signed by both parties.\n\n3.1 '
        "This Agreement shall commence on the Commencement Date and continue for five (5) years "
        "from the Commencement Date." + BODY + "\n\nSIGNED by ANNA REEVE          )\nfor and on "
        "behalf of           )    /s/ Anna Reeve\nASHCOMBE FOODS PLC           )    Director\non "
        "14 May 2003                  )\n\nSIGNED by DALE M. ORTIZ        )\nfor and on behalf of"
        "           )    /s/ Dale M. Ortiz\nTERRAVALE IMPORTS, INC.      )    President\non May "
        "20, 2003                 )\n"
    )
    found = english_dates(text)
    assert found.signed_on == date(2003, 5, 20)
    assert found.starts_on == date(2003, 5, 20)
    assert found.ends_on == date(2008, 5, 20)


def test_a_term_to_the_end_of_a_period_its_own_sentence_names_and_ends() -> None:
    text = (
        "TRANSITION SERVICES AGREEMENT\n\nThis Agreement is made as of June 2, 2014 between "
        'Corbel Pharma Inc. ("Seller") and Tamrac Health LLC ("Buyer").\n\n2.1 The "Service '
        'Period" shall begin on the Closing Date and end on December 31, 2014.\n\n7.1 This '
        "Agreement shall become effective on the date hereof and continue until the end of the "
        "Service Period." + BODY
    )
    assert english_dates(text).ends_on == date(2014, 12, 31)


def test_a_right_on_notice_under_a_heading_that_names_its_cause_is_no_convenience() -> None:
    section = (
        "12.3 Minimum Volumes. The Supplier may terminate this Agreement on ninety (90) days' "
        "written notice given under Article 5."
    )
    assert not section_flagged(_OFFTAKE, section, "unilateral_termination")


def test_a_civil_law_penal_clause_is_an_agreed_sum() -> None:
    sentence = (
        "if the agent breaches section 6.1, it shall pay to the principal, as a penal clause, an "
        "amount equal to ten percent (10%) of its sales made in breach of that section."
    )
    assert any(accepts(rule, sentence) for rule in agreed_sum_readers(sentence))


_EQUIPMENT = (
    "EQUIPMENT LEASE AGREEMENT\n\nThis Equipment Lease Agreement is made as of April 3, 2002 "
    'between Kelso Capital Corp. ("Lessor") and Hartline Drilling Ltd. ("Lessee").'
)


def test_a_lessees_option_to_renew_the_lease_of_the_equipment_is_a_renewal_option() -> None:
    text = (
        _EQUIPMENT
        + BODY
        + "\n\n6.1 Lessee may, by written notice given to Lessor not less than ninety (90) days "
        "before the expiry of the Term, renew the lease of all of the Equipment for one (1) "
        "renewal term of twelve (12) months." + BODY
    )
    assert option_offered(text) is True
    chosen = text.replace("renew the lease of all", "elect either (a) to renew the lease of all")
    assert option_offered(chosen) is True
    # ... but the options a master lease grants the sublandlord are no option of this sublease
    sublease = (
        "SUBLEASE\n\nThis Sublease is made as of April 3, 2002 between Kelso Foods Corp. "
        '("Sublandlord") and Hartline Drilling Ltd. ("Subtenant").'
        + BODY
        + "\n\n6.1 Subtenant acknowledges that the Master Lease grants Sublandlord one (1) "
        "option to extend the term of the Master Lease for five (5) years." + BODY
    )
    assert option_offered(sublease) is False


def test_a_term_in_effect_for_years_from_the_date_first_written_above_starts_then() -> None:
    text = (
        "SITE LICENSE AGREEMENT\n\nThis Agreement is made and entered into this 4th day of "
        'March, 2010, by and between Ridgeway Electric Cooperative ("Licensor") and Anvil '
        'Networks LLC ("Licensee").\n\n7.1 This Agreement shall be in effect for an initial '
        "term of three (3) years from the date first written above." + BODY
    )
    assert english_dates(text).starts_on == date(2010, 3, 4)


def test_a_contract_dated_and_effective_as_of_the_date_hereof_starts_then() -> None:
    text = (
        'FACTORING AGREEMENT\n\nThis FACTORING AGREEMENT (this "Agreement"), dated as of May 8, '
        "2012 and effective as of the date hereof, is entered into by and between Orwell Mills "
        'Inc. ("Client") and Selby Trade Capital LLC ("Factor").' + BODY
    )
    assert english_dates(text).starts_on == date(2012, 5, 8)


def test_a_renewal_option_whose_price_the_sides_will_negotiate_is_still_an_option() -> None:
    text = (
        _LICENCE
        + BODY
        + "\n\n3.2 Renewal. Licensee shall have the option to renew this Agreement for one (1) "
        "further term of three (3) years on the same terms, except the royalty rate, which shall "
        "be negotiated by the parties in good faith." + BODY
    )
    assert option_offered(text) is True


def test_an_australian_schedules_items_set_off_by_a_dash_date_the_term() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis agreement is dated 3 May 2010.\n\nParties\n\nKestrel Bay Pty "
        "Ltd (ACN 123 456 789) (Supplier)\n\nWandoo Holdings Limited (Customer)\n\nAgreed terms"
        "\n\n1. Definitions\n\nCommencement Date means the date specified in Item 1.\n\nEnd Date "
        "means the date specified in Item 2.\n\n3.1 This agreement begins on the Commencement "
        "Date and continues until the End Date." + BODY + "\n\nSchedule 1\n\nItem 1 - "
        "Commencement Date: 1 June 2010\n\nItem 2 - End Date: 31 May 2013\n"
    )
    found = english_dates(text)
    assert found.starts_on == date(2010, 6, 1)
    assert found.ends_on == date(2013, 5, 31)


def test_an_australian_execution_statement_dates_the_signature() -> None:
    text = (
        "LOGISTICS AGREEMENT\n\nDate: See execution page\n\nParties\n\nTallering Freight Pty Ltd "
        "(ACN 111 222 333) (Provider)\n\nMurchison Grain Limited (Customer)"
        + BODY
        # (a sentence about signing is no execution statement)
        + "\n\n4.1 The term starts when this agreement has been signed by both parties and ends "
        "on 30 June 2012."
        + "\n\nExecuted as an agreement.\n\nExecuted by Tallering Freight Pty Ltd in accordance "
        "with section 127 of the Corporations Act 2001 (Cth) on 12 May 2009:\n\nExecuted by "
        "Murchison Grain Limited in accordance with section 127 of the Corporations Act 2001 "
        "(Cth) on 18 May 2009:\n"
    )
    assert english_dates(text).signed_on == date(2009, 5, 18)


def test_a_details_pages_sides_with_their_short_names_in_a_column() -> None:
    text = prepare_text(
        "SUPPORT AGREEMENT\n\nDETAILS\n\nDate           4 March 2013\n\nParties\n\nProvider"
        "       Ironbark Systems Pty Ltd\n\nABN 12 345 678 901\n\nLevel 3, 10 Queen Street, "
        "Brisbane QLD 4000\n\nCustomer       Coolabah Credit Union Limited\n\nABN 98 765 432 "
        "109\n\n22 Flinders Lane, Melbourne VIC 3000\n\nBACKGROUND\n\nA. The Provider supplies "
        "software support.\n"
    )
    assert find_parties_en(text) == (
        Party(name="Ironbark Systems Pty Ltd", role="Provider"),
        Party(name="Coolabah Credit Union Limited", role="Customer"),
    )


def test_an_english_colon_definition_of_the_commencement_date_as_this_agreements_date() -> None:
    text = (
        "RESELLER AGREEMENT\n\nTHIS AGREEMENT is dated 9 June 2016\n\nPARTIES\n\n(1) Calder "
        'Software Limited ("Supplier")\n\n(2) Wexcombe Retail Limited ("Reseller")\n\n1. '
        'DEFINITIONS\n\n"Commencement Date": the date of this agreement.\n\n2.1 This agreement '
        "shall commence on the Commencement Date and shall continue for two years." + BODY
    )
    assert english_dates(text).starts_on == date(2016, 6, 9)
