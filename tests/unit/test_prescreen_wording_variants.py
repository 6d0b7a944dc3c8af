"""Wordings that mean the same read the same: "this Contract" as "this Agreement", "will"
as "shall", '(hereinafter referred to as "X")' as '(the "X")'.

A contract that calls itself "this Contract" reads as one that says "this Agreement".

Contracts drafted abroad, or translated, often name themselves "Contract" (6 of the 439
dev contracts mostly do). Replacing "Agreement" with "Contract" in 150 dev contracts used
to change 21 fact readings besides the title (7 end dates, 3 parties, 3 renewal options);
the rules' own references to the contract now take either word, and 9 change (most of them
the learned detectors', which read the word itself). The readings below are the same for
both words.

Modern drafting writes "will" where older contracts write "shall". The same 150 contracts
with every "shall" made "will" changed 11 readings (a defined Effective Date lost with its
end, a definition taken for the title); now 6, all the learned detectors' and the
termination assist's, which read the word itself.

British and translated drafting defines its terms at length: '(hereinafter referred to as
"Effective Date")'. With every '(the "X")' of the 150 contracts written so, 12 readings
changed (a date whose defined term ran past the 40 characters read after it; a preamble's
"as of" date pushed past the title's reach by the longer descriptions before it; an
"Initial Term" no longer seen as the contract's term); now 1.

And a few more of the same kind: a term "from 05/01/2013 to 04/30/2015" as "from May 1,
2013 to April 30, 2015" (2 of 150 lost their end), "IN WITNESS THEREOF" as "IN WITNESS
WHEREOF" (4 readings), "the duration of this Agreement" as "the term of this Agreement"
(1); now none.

A day spelled as an ordinal ("this twenty-first day of March, 2005", 5 of the 439 dev
contracts write one) was no date at all: with every "1st day of" of the 150 contracts
spelled so, 44 readings changed; now none. Sentences are our own.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen import RoutingPolicy, prescreen_document
from chalicelib.prescreen.contract_dates import ContractDates, find_contract_dates
from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.dates import find_dates
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text
from tests.wording import as_contract, hereinafter, will_for_shall

_PREAMBLE = (
    'This Supply Agreement (the "Agreement") is made as of March 1, 2020 (the "Effective '
    'Date") by and between Acme Widgets, Inc. ("Seller") and Beta Foods LLC ("Buyer").\n\n'
    "1. Supply. Seller shall supply the products listed in Exhibit A to Buyer.\n\n"
)


def _dates(text: str) -> ContractDates:
    return find_contract_dates(prepare_text(text), english=True)


def _ends(text: str) -> date | None:
    return _dates(text).ends_on


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        # the term's end written as a date
        ("2. Term. This Agreement expires on December 31, 2025.", date(2025, 12, 31)),
        # a length named the term of the contract
        (
            "2. Term. Seller shall supply the products during the three (3) year term of this "
            "Agreement.",
            date(2023, 3, 1),
        ),
        # an anniversary of the contract
        (
            "2. Term. This Agreement shall expire on the second anniversary of this Agreement.",
            date(2022, 3, 1),
        ),
        # a contract that runs on indefinitely has no end to compute from a length elsewhere
        (
            "2. Term. This Agreement shall continue indefinitely. Prices are fixed for two (2) "
            "years from the Effective Date.",
            None,
        ),
    ],
)
def test_the_end_of_a_contract_that_calls_itself_a_contract(term: str, ends: date | None) -> None:
    text = _PREAMBLE + term + "\n\n3. Price. Buyer shall pay within thirty days of invoice.\n"
    assert _ends(text) == ends
    assert _ends(as_contract(text)) == ends


def test_a_renewal_option_and_an_auto_renewal_of_this_contract() -> None:
    option = (
        _PREAMBLE + "2. Renewal. Buyer may renew this Agreement once, by written notice to Seller "
        "given sixty days in advance, for twelve months.\n"
    )
    for text in (option, as_contract(option)):
        flag = find_renewal_option(prepare_text(text), can_judge=True)
        assert flag is not None
        assert flag.present, text[-160:]
    automatic = (
        _PREAMBLE + "2. Duration. The first period is one year. Thereafter, this Agreement shall "
        "continue in effect until either party gives ninety days' written notice.\n\n"
        "3. Price. Buyer shall pay within thirty days of invoice, as set out in Exhibit B.\n"
    )
    policy = RoutingPolicy()
    for text in (automatic, as_contract(automatic)):
        result = prescreen_document(text, pipeline="contract", policy=policy)
        assert result.auto_renewal is not None
        assert result.auto_renewal.present, text[-200:]


def test_a_notice_of_termination_of_this_contract_is_a_grant_to_end_it() -> None:
    text = (
        _PREAMBLE
        + "2. Termination. Either party may end its obligations by giving the other sixty (60) "
        "days' written notice of termination of this Agreement, for any reason or no reason.\n"
    )
    policy = RoutingPolicy()
    for version in (text, as_contract(text)):
        result = prescreen_document(version, pipeline="contract", policy=policy)
        assert result.unilateral_termination is not None
        assert result.unilateral_termination.present, version[-200:]


def test_a_title_glued_to_the_first_name_is_cut_off_for_either_word() -> None:
    text = (
        "Exhibit 10.7\n\nSUPPLY AGREEMENT\n\nAcme Widgets, Inc., with a place of business at "
        '12 Main Street, Berkeley, CA 94710 ("Seller") and Beta Foods B.V having an address '
        'at 16 Kade, Leiden, the Netherlands, represented by Anna van Dijk, ("Buyer") agree to '
        'all terms and conditions of this Supply Agreement ("Agreement") dated June 1, 2020.'
        "\n\n1. Supply. Seller shall supply the products listed in Exhibit A.\n"
    )
    for version in (text, as_contract(text)):
        names = [party.name for party in find_parties_en(prepare_text(version))]
        assert names == ["Acme Widgets, Inc.", "Beta Foods B.V"], names


def test_a_defined_effective_date_and_the_term_from_it_whether_shall_orwill_for_shall() -> None:
    text = (
        "MANUFACTURING AND SUPPLY AGREEMENT\n\n"
        "This Agreement is entered into as of the Effective Date by and between Acme Widgets, "
        'Inc. ("Acme") and Beta Foods LLC ("Beta").\n\n'
        '1. Definitions. "Effective Date" shall mean December 5, 2014.\n\n'
        "2. Term. This Agreement shall continue for five (5) years from the Effective Date.\n"
    )
    for version in (text, will_for_shall(text)):
        dates = _dates(version)
        assert dates.starts_on == date(2014, 12, 5), version
        assert dates.ends_on == date(2019, 12, 5)


def test_a_definition_line_is_no_title_whether_shall_orwill_for_shall() -> None:
    # the title runs on into the preamble on its line; a defined term in capitals opens a
    # later line, and that line is a sentence, no title
    text = (
        "EXHIBIT 10(d)\n\nPROMOTION AGREEMENT        ACME, INC. AND BETA MEDIA, INC.        "
        'THIS AGREEMENT is entered into by ACME, INC. ("Acme") and BETA MEDIA, INC. ("Beta"), '
        "effective as of June 1, 1998.\n\nDEFINITIONS\n\nCONTRACT YEAR shall mean a period of "
        "twelve (12) successive months commencing on June 1.\n\nPRODUCTS shall mean the goods "
        "in Exhibit A.\n"
    )
    for version in (text, will_for_shall(text)):
        assert find_title(prepare_text(version)) == "PROMOTION AGREEMENT", version


def test_the_applicable_law_whether_it_is_or_will_be() -> None:
    for verb in (" is", " shall be", " will be", ":"):
        text = (
            _PREAMBLE
            + f"9. Law. The applicable law{verb} the law of England and Wales, and its courts "
            "have jurisdiction.\n"
        )
        assert find_governing_law(prepare_text(text), ("en",)) == "GB", verb


def test_a_date_defined_at_length_as_the_effective_date() -> None:
    text = (
        "SUPPLY AGREEMENT\n\n"
        'THIS SUPPLY AGREEMENT is made this, 20th day of January, 2020 (the "Effective Date"), '
        "by and between Hovione Inter AG, a Swiss company, and Acme Inc., a Delaware "
        "corporation.\n\n"
        "1. Term. This Agreement shall continue for five (5) years from the Effective Date.\n"
    )
    for version in (text, hereinafter(text)):
        dates = _dates(version)
        assert dates.starts_on == date(2020, 1, 20), version
        assert dates.ends_on == date(2025, 1, 20)


def test_the_preamble_date_after_long_descriptions_of_the_sides() -> None:
    # "made ... between A ... and B ... as of <date>": the sides' addresses and defined
    # terms may run past the first 400 characters before the date comes
    text = (
        "Reseller Agreement\n\nThis Agreement is made and entered into by and between Galaxy "
        "Telecom Ltd., having a principal office at 200 - 375 Water Street, Vancouver, British "
        'Columbia V6B 5C6 Canada (the "Galaxy") and Telnet SRL, having a principal office at '
        "Aleea Malinului, Nr. 11, Bl. D, Scara C, Apt. 43, Constanta, Judetul Constanta, "
        'Romania (the "Telnet") as of the 1st day of June, 2004.\n\n'
        "WHEREAS Galaxy provides telephony services.\n\n"
        "1. Term. This Agreement shall remain in force for two (2) years.\n"
    )
    for version in (text, hereinafter(text)):
        dates = _dates(version)
        assert dates.signed_on == date(2004, 6, 1), version
        assert dates.ends_on == date(2006, 6, 1)


def test_a_length_the_contract_defines_as_its_initial_term() -> None:
    text = (
        _PREAMBLE
        + "2. Term. Each party's duties last for two (2) years from and after the Effective "
        'Date (the "Initial Term").\n'
    )
    for version in (text, hereinafter(text)):
        assert _ends(version) == date(2022, 3, 1), version


def test_a_term_from_one_numeric_date_to_another_ends_on_the_second() -> None:
    for start, end in (("May 1, 2013", "April 30, 2015"), ("05/01/2013", "04/30/2015")):
        text = (
            "COOPERATION AGREEMENT\n\nThis Agreement is made by and between Acme Widgets, Inc. "
            "and Beta Foods LLC.\n\n3.1 Cooperation Term. The Cooperation Term of the parties "
            f"shall be two years from {start} to {end}.\n"
        )
        assert _ends(text) == date(2015, 4, 30), start


def test_the_signature_block_dates_the_contract_whatever_its_opening_words() -> None:
    # the signatures stand before long exhibits, so only the block's opening words say
    # where they are
    exhibit = "EXHIBIT A\n\n" + "The products are the widgets listed by model number. " * 160

    def signed(opening: str) -> date | None:
        text = (
            "SALES AGREEMENT\n\nAcme Widgets, Inc. and Beta Foods LLC agree as follows.\n\n"
            "1. Supply. Acme shall supply the products listed in Exhibit A to Beta.\n\n"
            f"{opening}, the parties have executed this Agreement as of the last date below.   "
            "ACME WIDGETS, INC.:   BETA FOODS LLC:   S/ Jane Roe   S/ John Doe   CEO   President"
            "       Date:   Date:       3-29-2016   3-31-16\n\n" + exhibit
        )
        return _dates(text).signed_on

    usual = signed("IN WITNESS WHEREOF")
    assert usual == date(2016, 3, 31)  # made when the last side signs
    assert signed("IN WITNESS THEREOF") == usual
    assert signed("IN TESTIMONY WHEREOF") == usual


def test_the_duration_of_this_agreement_from_its_date_is_its_term() -> None:
    for word in ("term", "duration"):
        text = (
            "ENDORSEMENT AGREEMENT\n\nThis Agreement is made as of the 20th day of March 2002, "
            "by and between Holiday Inc. and Affinity Group, Inc.\n\n"
            f"3. Term. The {word} of this Agreement shall be three years, commencing on the date "
            "of this Agreement.\n"
        )
        dates = _dates(text)
        assert dates.starts_on == date(2002, 3, 20), word
        assert dates.ends_on == date(2005, 3, 20)


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("the first day of June, 2004", date(2004, 6, 1)),
        ("this twenty-first day of March 2005", date(2005, 3, 21)),
        ("the Thirtieth day of September, 1999", date(1999, 9, 30)),
        ("the thirty first day of December, 2010", date(2010, 12, 31)),
    ],
)
def test_a_day_spelled_as_an_ordinal_is_a_date(written: str, day: date) -> None:
    assert [found.value for found in find_dates(written.lower(), english=True)] == [day]
    text = (
        f"LICENSE AGREEMENT\n\nThis License Agreement is made and entered into {written} by "
        "and between Acme Widgets, Inc. and Beta Foods LLC.\n\n1. Grant. Acme grants Beta a "
        "licence to sell the products.\n"
    )
    assert _dates(text).signed_on == day


def test_no_date_where_a_spelled_day_lacks_its_month_or_year_or_cannot_be() -> None:
    for words in (
        "payable on the first day of each month",
        "the second day of june",  # no year
        "the thirtieth day of february, 2004",  # no such day
        "the twentieth day of the term",
    ):
        assert find_dates(words, english=True) == [], words


def test_a_right_to_terminate_on_written_notice_as_upon_it() -> None:
    policy = RoutingPolicy()
    for word in ("upon", "on"):
        text = (
            _PREAMBLE
            + f"7. Termination. Either Seller or Buyer may terminate this Agreement {word} prior "
            "written notice thereof to the other party.\n"
        )
        result = prescreen_document(text, pipeline="contract", policy=policy)
        assert result.unilateral_termination is not None
        assert result.unilateral_termination.present, word


def test_a_term_that_runs_through_a_date_as_one_that_runs_until_it() -> None:
    for word in ("until", "through"):
        text = (
            "JOINT VENTURE AGREEMENT\n\nThis Agreement is made by and between Acme Widgets, "
            "Inc. and Beta Foods LLC.\n\n8. Term of Joint Venture. The Joint Venture shall "
            f"commence on the 1st of March, 2003, and shall be effective {word} February 28, "
            "2004 unless extended by written agreement.\n"
        )
        assert _ends(text) == date(2004, 2, 28), word
        year_end = (
            _PREAMBLE + "2. Term. This Agreement shall begin upon its execution and shall "
            f"remain in effect {word} the end of the current calendar year.\n"
        )
        assert _ends(year_end) == date(2020, 12, 31), word
