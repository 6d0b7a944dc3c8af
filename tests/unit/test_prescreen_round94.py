"""Readings drawn from the ninety-fourth blind round on, written here in other words than the
fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.extract.text import text_to_markdown
from chalicelib.prescreen import RoutingPolicy, screen_text
from chalicelib.prescreen.exclusivity import find_headed_exclusivity
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "SUPPLY AGREEMENT\n\nThis Agreement is made as of June 3, 2009 between Corvel Plastics Inc. "
    '(the "Supplier") and Tamsin Home Goods LLC (the "Buyer").'
)


def test_a_year_the_definitions_list_defines_is_no_term() -> None:
    # A definitions list opens with a lead-in that names the agreement ("In this Agreement the
    # following words shall have the following meanings:"); its first item defines a year of
    # twelve months, which is not how long the contract lasts.
    text = (
        _HEAD + "\n\n1. DEFINITIONS\n\nIn this Agreement the following words shall have the "
        'following meanings:\n\n1.1 "Contract Year" means the period of twelve (12) months '
        "beginning on the First Delivery Date and each later period of twelve (12) months.\n\n"
        '1.2 "First Delivery Date" means the date of the first delivery of Products.' + BODY
    )
    assert english_dates(text).ends_on is None
    # a term stated in the same place still counts
    stated = text.replace('"Contract Year" means', '"Term" means')
    assert english_dates(stated).ends_on == date(2010, 6, 3)


def test_a_side_identified_by_its_quoted_role_on_the_signature_page_is_named_there() -> None:
    text = (
        "OEM LICENSE AGREEMENT\n\nThis OEM License Agreement is entered into by and between "
        'Quillon Data Systems, Inc., a Delaware corporation ("Quillon"), and the company '
        'identified as "Licensee" on the signature page of this Agreement ("Licensee").'
        + BODY
        + "\n\nIN WITNESS WHEREOF, the parties have signed this Agreement.\n\nQUILLON DATA "
        "SYSTEMS, INC.                 LICENSEE:\n                                      "
        "MARBURY INSTRUMENTS CORP.\n\nBy: /s/ A. Quill                       By: /s/ T. "
        "Marbury\n"
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == ["Quillon Data Systems, Inc.", "MARBURY INSTRUMENTS CORP."]


def test_an_effective_date_defined_as_an_hour_on_another_named_day_takes_that_day() -> None:
    text = (
        "TRANSITION SERVICES AGREEMENT\n\nThis Agreement is entered into as of March 20, 2012 "
        'by and between Harwick Group Inc. ("Parent") and Lantern Analytics Corp. ("SpinCo").'
        '\n\n1. DEFINITIONS\n\n"Distribution Date" means April 2, 2012.\n\n"Effective Date" '
        "means 12:01 a.m., New York City time, on the Distribution Date.\n\n2. TERM\n\nThis "
        "Agreement shall become effective on the Effective Date and shall remain in effect "
        "for two (2) years." + BODY
    )
    found = english_dates(text)
    assert found.signed_on == date(2012, 3, 20)
    assert found.starts_on == date(2012, 4, 2)
    assert found.ends_on == date(2014, 4, 2)


def test_the_day_services_commence_is_not_the_contracts_start() -> None:
    # "Services Commencement Date" (as "Service Commencement Date") is when the services
    # begin; the contract commences on its Effective Date, the date it is dated.
    text = (
        "HOSTING AGREEMENT\n\nThis Hosting Agreement is dated as of February 6, 2017 by and "
        'between Ardley Compute LLC ("Host") and Penrose Ledger Inc. ("Client").\n\n1. '
        'DEFINITIONS\n\n1.1 "Effective Date" means the date first written above.\n\n1.2 '
        '"Services Commencement Date" means April 1, 2017.\n\n2. TERM\n\nThis Agreement shall '
        "commence on the Effective Date and shall continue for a period of twenty-four (24) "
        'months from the Services Commencement Date (the "Initial Term").'
        + BODY
        + "\n\nSCHEDULE 1\n\nServices Commencement Date:   April 1, 2017\nPower Rate:   $0.05 "
        "per kWh\n"
    )
    found = english_dates(text)
    assert found.starts_on == date(2017, 2, 6)
    assert found.ends_on == date(2019, 4, 1)


def test_a_kill_fee_on_cancellation_is_an_agreed_sum() -> None:
    section = (
        "7.1 Cancellation. Publisher may cancel this Agreement at any time on thirty (30) days' "
        "written notice. In that event Publisher shall pay Author (a) the fees earned through "
        "the date of cancellation, prorated for any partial month, and (b) a kill fee equal to "
        "fifty percent (50%) of the fees that would have been payable for the rest of the Term."
    )
    assert section_flagged(_HEAD, section, "penalty")
    assert not section_flagged(_HEAD, section.replace("(b) a kill fee equal to", "(b)"), "penalty")


_EXCLUSIVE_SUPPLY = (
    "3.2 Exclusive Supply. During the term of this Agreement, Buyer shall not purchase resin "
    "for its Ohio plant from any person other than Supplier, except where Supplier is unable "
    "to supply the quantities ordered."
)


def test_a_heading_that_names_exclusive_dealing_over_a_restriction_is_exclusivity() -> None:
    result = screen_english(_HEAD + BODY + "\n\n" + _EXCLUSIVE_SUPPLY + BODY)
    assert result.exclusivity is not None
    assert result.exclusivity.present
    assert result.exclusivity.evidence is not None
    assert result.exclusivity.evidence.startswith("During the term of this Agreement")
    assert result.fact_confidence["exclusivity"] > 0.5


def test_headings_that_name_something_else_exclusive_are_not_exclusivity() -> None:
    for heading in ("Exclusive Remedy", "Exclusive Jurisdiction", "Non-Exclusive Supply"):
        section = _EXCLUSIVE_SUPPLY.replace("Exclusive Supply", heading)
        result = screen_english(_HEAD + BODY + "\n\n" + section + BODY)
        assert result.exclusivity is None or not result.exclusivity.present, heading
    # nor a contents page's line, its words in lower case and only headings under it
    contents = "CONTENTS\n\n2. Supply and exclusivity\n3. Forecasts and orders\n4. Price"
    section = _EXCLUSIVE_SUPPLY.replace("3.2 Exclusive Supply. ", "3.2 ")
    text = prepare_text(_HEAD + "\n\n" + contents + BODY + "\n\n" + section + BODY)
    assert find_headed_exclusivity(text) is None
    headed = prepare_text(_HEAD + BODY + "\n\n" + _EXCLUSIVE_SUPPLY)
    assert find_headed_exclusivity(headed) is not None


def test_a_side_named_under_its_label_is_read_past_the_signature_over_it() -> None:
    text = (
        "ENDORSEMENT AGREEMENT\n\nThis Endorsement Agreement is dated as of May 1, 2008 by and "
        'between Brightwater Tackle Co. ("Brightwater") and the angler identified on the '
        'signature page of this Agreement ("Angler").'
        + BODY
        + "\n\nIN WITNESS WHEREOF, the parties have executed this Agreement.\n\nBRIGHTWATER "
        "TACKLE CO.\n\nBy: /s/ Ruth Omand\nName: Ruth Omand\n\nANGLER:\n\n/s/ Wade Pelletier\n"
        "Wade Pelletier\nAddress: 4 Quarry Road, Bangor, Maine\n"
    )
    parties = [(party.name, party.role) for party in screen_english(text).parties]
    assert parties == [("Brightwater Tackle Co.", "Brightwater"), ("Wade Pelletier", "Angler")]


def test_a_termination_payment_named_in_a_heading_is_read_with_the_sentence_under_it() -> None:
    section = (
        "4.3 Early Termination Payment. If the Company ends this Agreement under Section 4.2 "
        "before June 30, 2019, the Company shall pay the Consultant, within ten (10) days, a "
        "lump sum equal to three (3) months of the Monthly Retainer ($30,000)."
    )
    assert section_flagged(_HEAD, section, "penalty")
    plain = section.replace("4.3 Early Termination Payment. ", "4.3 ")
    assert not section_flagged(_HEAD, plain, "penalty")


def test_a_cooperation_period_from_the_day_the_contract_takes_effect_is_its_term() -> None:
    # Chinese drafting in English: the contract takes effect when both sides sign and seal
    # it, and its "cooperation period" runs from that day.
    text = (
        "COOPERATION AGREEMENT\n\nParty A: Jiangling Greenfuel Energy Co., Ltd.\n\nParty B: "
        "Hexi Bamboo Products Co., Ltd.\n\nArticle 9 Effectiveness and Term\n\n9.1 This "
        "Agreement shall take effect on the date on which it is signed and sealed by both "
        "Parties.\n\n9.2 The cooperation period under this Agreement shall be eight (8) years, "
        "commencing from the date on which this Agreement takes effect." + BODY + "\n\nParty A "
        "(seal)\nDate: March 5, 2015\n\nParty B (seal)\nDate: March 5, 2015\n"
    )
    found = english_dates(text)
    assert found.starts_on == date(2015, 3, 5)
    assert found.ends_on == date(2023, 3, 5)
    # a period from a day some event happens on still has no end a reader can tell
    event = text.replace("this Agreement takes effect", "the Plant first delivers steam")
    assert english_dates(event).ends_on is None


def test_definitions_in_a_grid_table_give_the_term() -> None:
    rule = "+--------------------+------------------------------------------+\n"
    text = (
        _HEAD + "\n\n1. DEFINITIONS\n\n" + rule + "| Effective Date     | the date first "
        "written above.            |\n" + rule + "| Initial Term       | the period "
        "commencing on the Effective   |\n|                    | Date and ending on the "
        "fourth (4th)      |\n|                    | anniversary of the Effective Date.       "
        "|\n" + rule + "\n2. TERM\n\nThis Agreement shall continue for the Initial Term." + BODY
    )
    result = screen_text(
        text_to_markdown(text), pipeline="contract", language_hint="en", policy=RoutingPolicy()
    ).result
    assert result.starts_on == date(2009, 6, 3)
    assert result.ends_on == date(2013, 6, 3)


def test_the_law_where_a_side_has_its_principal_office_is_read_from_its_address() -> None:
    text = (
        "SOFTWARE LICENSE AGREEMENT\n\nThis Agreement is entered into as of May 2, 2003 by and "
        "between Quarrystone Systems, Inc., a Delaware corporation having its principal office "
        'at 40 Larch Parkway, Boulder, Colorado 80301 ("Licensor"), and Mellick Insurance '
        "Company, an Iowa corporation having its principal office at 9 Wexford Plaza, Des "
        'Moines, Iowa 50309 ("Licensee").'
        + BODY
        + "\n\n10.2 Governing Law. This Agreement shall be governed by the laws of the "
        "jurisdiction in which Licensor has its principal office, without regard to its "
        "conflict of laws rules." + BODY
    )
    assert screen_english(text).governing_law == "US-CO"
    licensee = text.replace("in which Licensor has", "in which Licensee has")
    assert screen_english(licensee).governing_law == "US-IA"


def test_full_fiscal_years_end_on_the_day_the_definition_says_they_end() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is dated October 22, 2010 between Larkmoor "
        'Contact Ltd. ("Provider") and Ellison Home Stores Inc. ("Client").\n\n1. DEFINITIONS'
        '\n\n"Effective Date" means the date of this Agreement.\n\n"Fiscal Year" means '
        "Client's fiscal year, which begins on February 1 of each calendar year and ends on "
        "January 31 of the following calendar year.\n\n4. TERM\n\nThe term of this Agreement "
        "shall commence on the Effective Date and shall continue until the last day of the "
        'third (3rd) full Fiscal Year following the Effective Date (the "Initial Term").' + BODY
    )
    assert english_dates(text).ends_on == date(2014, 1, 31)


def test_a_right_open_only_after_a_notice_is_received_is_no_convenience() -> None:
    section = (
        "7.3 Fee Increase. Bank may terminate this Agreement upon ninety (90) days' written "
        "notice given within thirty (30) days after receiving a notice of a fee increase under "
        "Section 5.3."
    )
    result = screen_english(_HEAD + BODY + "\n\n" + section + BODY)
    assert result.unilateral_termination is not None
    assert not result.unilateral_termination.present
    free = "7.3 Termination. Bank may terminate this Agreement upon ninety (90) days' notice."
    result = screen_english(_HEAD + BODY + "\n\n" + free + BODY)
    assert result.unilateral_termination is not None
    assert result.unilateral_termination.present


def test_the_day_an_early_termination_takes_effect_is_no_start() -> None:
    text = (
        "SUBLEASE\n\nThis Sublease is made as of February 20, 2008 between Corbin Freight LLC "
        '("Sublandlord") and Ardent Parts Inc. ("Subtenant").\n\n3. TERM\n\n3.1 The term of '
        "this Sublease shall commence on the date Sublandlord delivers possession and shall "
        "expire on "
        "January 31, 2012.\n\n3.4 Early Termination Option. "
        "Subtenant shall have a one-time right to terminate this Sublease effective as of July "
        '31, 2010 (the "Early Termination Date") by giving Sublandlord written notice not later '
        "than January 31, 2010." + BODY
    )
    found = english_dates(text)
    assert found.starts_on != date(2010, 7, 31)
    assert found.ends_on == date(2012, 1, 31)
    # the day the sublease itself takes effect is its start
    effective = text.replace("right to terminate this Sublease effective", "Sublease effective")
    assert english_dates(effective).starts_on == date(2010, 7, 31)
