"""Readings drawn from the forty-third and forty-fourth blind rounds' misses
(en_contracts_extra85 to 92: governing law written many ways, the initial term's end written
many ways, agreed sums named many ways, English translations of PRC contracts, small companies'
own drafting, attached forms, individuals as parties, terms with and without a dated end),
written here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.dates import find_dates
from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "SERVICES AGREEMENT\n\nThis Services Agreement is entered into as of March 4, 2010 by and "
    'between Orvale Systems, Inc. ("Provider") and Brackett Mills Corp. ("Customer").'
)


def test_a_day_that_comes_round_each_year_does_not_start_the_contract() -> None:
    text = (
        _HEAD + "\n\nNOW, THEREFORE, the parties agree as follows:\n\n5.3 Effective on July 1, "
        "2011 and on every July 1 thereafter, the hourly rates shall be increased by the change "
        "in the consumer price index.\n\n9.1 This Agreement shall commence on the date hereof "
        "and shall continue until terminated by either party on ninety (90) days' notice." + BODY
    )
    assert english_dates(text).starts_on == date(2010, 3, 4)


def test_a_preamble_dates_the_contract_after_a_place_with_its_short_name() -> None:
    text = (
        "COOPERATION AGREEMENT\n\nThis Cooperation Agreement is entered into in Shenzhen, the "
        'People\'s Republic of China (the "PRC") on this 9th day of March, 2012 by and among '
        "the following parties:\n\nParty A: Shenzhen Lianfa Electronics Co., Ltd.\n\nParty B: "
        "Guangdong Heyuan Trading Co., Ltd." + BODY
    )
    assert english_dates(text).signed_on == date(2012, 3, 9)


def test_a_translations_pair_of_verbs_still_starts_the_term_on_signing() -> None:
    text = (
        "EXCLUSIVE SERVICES AGREEMENT\n\nThis Agreement is made by and between the following "
        "parties on June 2, 2011 in Beijing.\n\nParty A: Beijing Tongda Software Co., Ltd.\n\n"
        "Party B: Beijing Huilan Network Co., Ltd." + BODY + "\n\n8.1 This Agreement shall be "
        "signed and come into effect as of the date first set forth above. Unless terminated "
        "earlier, the term of this Agreement shall be twenty (20) years from the date first set "
        "forth above." + BODY
    )
    dates = english_dates(text)
    assert (dates.starts_on, dates.ends_on) == (date(2011, 6, 2), date(2031, 6, 2))


def test_effective_upon_being_signed_starts_the_contract_on_its_date() -> None:
    text = (
        "SHARE PLEDGE AGREEMENT\n\nThis Share Pledge Agreement is entered into in Nanjing on "
        "April 18, 2013 by and among the following parties:\n\nParty A: Nanjing Ruida Technology "
        "Co., Ltd.\n\nParty B: Jiangsu Meiyuan Media Co., Ltd." + BODY + "\n\n11.1 This "
        "Agreement shall become effective upon being executed by the legal representatives of "
        "the Parties." + BODY
    )
    assert english_dates(text).starts_on == date(2013, 4, 18)


def test_a_side_labelled_after_its_role_is_a_party() -> None:
    text = (
        "PATENT TRANSFER AGREEMENT\n\nContract No.: QL-2016-07\nSigning Date: August 3, 2016\n\n"
        "Licensor (Party A): Qinling Institute of Materials Science\nAddress: No. 8 Keji Road, "
        "Xi'an\n\nLicensee (Party B): Shaanxi Hengtong New Materials Co., Ltd.\nAddress: No. 21 "
        "Fengcheng Road, Xi'an\n\nThe Parties, through friendly consultation, agree as follows:"
        + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == [
        "Qinling Institute of Materials Science",
        "Shaanxi Hengtong New Materials Co., Ltd.",
    ]


def test_a_letters_addressee_with_a_double_barrelled_surname_is_a_party() -> None:
    text = (
        "HALVERN STUDIOS, INC.\n1 Studio Way\nAtlanta, Georgia 30301\n\nFebruary 2, 2009\n\n"
        "Mr. Owen Ashcroft-Lyle\n22 Peachtree Lane\nAtlanta, Georgia 30305\n\nDear Mr. "
        "Ashcroft-Lyle:\n\nThis letter agreement sets forth the terms on which Halvern Studios, "
        'Inc. ("Studio") engages you to narrate the series.' + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert "Owen Ashcroft-Lyle" in names


def test_a_right_on_notice_that_a_condition_opens_is_no_termination_for_convenience() -> None:
    text = (
        _HEAD
        + BODY
        + "\n\n12.2 Uptime Failure. Customer may terminate this Agreement upon sixty (60) days' "
        "written notice if the monthly uptime of the Platform falls below 98% in any three "
        "consecutive months.\n\n12.3 Either party may terminate this Agreement if the other "
        "party materially breaches it and fails to cure the breach within thirty (30) days." + BODY
    )
    flag = screen_english(text).unilateral_termination
    assert flag is not None and not flag.present


def test_a_term_ending_at_midnight_in_a_named_zone_between_commas() -> None:
    text = (
        _HEAD + BODY + "\n\n3.1 Term. The term of this Agreement shall begin on the date "
        "hereof and shall end at midnight, Pacific Time, on June 30, 2012, unless terminated "
        "earlier under Section 11." + BODY
    )
    assert english_dates(text).ends_on == date(2012, 6, 30)


def test_a_year_written_in_words() -> None:
    found = find_dates(
        "until the thirtieth day of june, two thousand twelve, and the first day of may, "
        "nineteen hundred and ninety-seven",
        english=True,
    )
    assert [item.value for item in found] == [date(2012, 6, 30), date(1997, 5, 1)]


def test_a_term_ending_on_the_last_day_of_a_year_of_the_contract_from_the_definition() -> None:
    text = (
        _HEAD + '\n\n1.4 "Service Year" means each consecutive twelve (12) month period during '
        "the Term, the first of which shall begin on the Effective Date.\n\n1.5 The Effective "
        'Date is April 1, 2010 (the "Effective Date").' + BODY + "\n\n9.1 Term. The term of "
        "this Agreement shall commence on the Effective Date and shall expire on the last day of "
        "the third (3rd) Service Year." + BODY
    )
    assert english_dates(text).ends_on == date(2013, 4, 1)


def test_the_time_to_bring_a_claim_is_not_the_term() -> None:
    text = (
        _HEAD + BODY + "\n\n3.1 The engagement of Provider shall continue until Final "
        "Acceptance of the Works.\n\n14.2 No proceedings arising under this Agreement shall be "
        "instituted against Provider after the expiry of four years from Final Acceptance." + BODY
    )
    assert english_dates(text).ends_on is None


def test_a_contract_in_effect_unless_and_until_terminated_has_no_end_from_a_service_term() -> None:
    text = (
        _HEAD + BODY + "\n\n5.2 The initial term of Maintenance Services shall commence on the "
        "Installation Date and continue for twelve (12) months.\n\n6.1 This Agreement commences "
        "on the date hereof and shall remain in effect unless and until terminated in accordance "
        "with this Section 6." + BODY
    )
    assert english_dates(text).ends_on is None


def test_effective_on_the_date_the_last_party_signs() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nThis Consulting Agreement is between Pell Ridge Foods LLC "
        '("Client") and Arbor Lane Advisors LLC ("Consultant"). This Agreement is effective on '
        "the date it is signed by the last party to sign it below."
        + BODY
        + "\n\nPell Ridge Foods LLC\nBy: /s/ Ann Pell\nDate: Jan. 3, 2013"
        + "\n\nArbor Lane Advisors LLC\nBy: /s/ Tom Arbor\nDate: Jan. 9, 2013"
    )
    assert english_dates(text).starts_on == date(2013, 1, 9)


def test_a_fee_in_a_list_item_whose_and_ends_the_item_before() -> None:
    assert section_flagged(
        _HEAD,
        "11.4 If the Customer terminates under clause 11.3, the Customer must pay the Provider:"
        "\n\n(a) the fees for Services performed up to the date of termination;\n\n(b) the "
        "removal charge in the Price Schedule; and\n\n(c) if the termination takes effect in "
        "the first Contract Year, an early termination fee of $20,000,\n\nand the Provider has "
        "no other claim in respect of the termination.",
        "penalty",
    )


def test_a_proposal_this_agreement_replaces_does_not_date_it() -> None:
    text = (
        "CONSULTING AGREEMENT\n\nThis Consulting Agreement is between Pell Ridge Foods LLC "
        '("Client") and Arbor Lane Advisors LLC ("Consultant"). This Agreement replaces the '
        "Consultant's proposal dated Nov. 20, 2012." + BODY + "\n\nPell Ridge Foods LLC\nBy: /s/ "
        "Ann Pell\nDate: Jan. 3, 2013\n\nArbor Lane Advisors LLC\nBy: /s/ Tom Arbor\nDate: Jan. "
        "9, 2013"
    )
    assert english_dates(text).signed_on != date(2012, 11, 20)


def test_a_contract_either_side_named_may_end_on_notice() -> None:
    assert section_flagged(
        _HEAD,
        "9.1 Term. This Agreement shall commence on the date hereof and shall continue in effect "
        "until terminated by either Provider or Customer upon not less than ninety (90) days' "
        "prior written notice to the other.",
        "unilateral_termination",
    )
