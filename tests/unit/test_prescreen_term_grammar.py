"""The term's end read as a grammar: an anchor, an offset, a rounding, a combination.

The end-to-end cases are written in the style of the blind rounds whose first runs missed
them (en_contracts_extra14, extra21, extra22); each states the end a lawyer would read.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.term_grammar import _Context, day_of, end_by_grammar
from chalicelib.prescreen.text import prepare_text

_BODY = "The parties shall cooperate in good faith in all matters under this Agreement. " * 70
_START = date(2012, 9, 4)
_DEFINITIONS = prepare_text(
    '"Launch Date" means March 15, 2013.\n\n'
    '"Acceptance Date" means the date on which Owner accepts the System.\n\n'
    '"Go-Live Date" means the first day of the calendar month following the Launch Date.\n\n'
    '"Pilot Period" means the period of six (6) consecutive months commencing on the '
    "Launch Date.\n\n"
    '"Rollout Period" means the period of twelve (12) months beginning upon the end of the '
    "Pilot Period.\n\n"
    '"Show Period" means the period from 3 May 2013 to 26 June 2013 inclusive.\n\n'
    '"Wind-Down Period" means the period of sixty (60) days following the last day of the Show '
    "Period.\n\n"
    '"Final Opening Deadline" means the last Opening Deadline stated in the Opening Schedule.\n\n'
    + _BODY
    + "\n\n                              OPENING SCHEDULE\n\n"
    "Opening Deadline        Store\n"
    "March 31, 2014          1st\n"
    "June 30, 2015           2nd\n\n"
    "                              EXHIBIT C\n\nGUARANTY\n\nDated March 1, 2020.\n"
)
_FISCAL = prepare_text('"Fiscal Year" means each calendar year ending December 31.\n\n' + _BODY)


@pytest.mark.parametrize(
    ("words", "day"),
    [
        ("december 31, 2015, unless", date(2015, 12, 31)),
        ("the effective date", _START),
        ("the third (3rd) anniversary of the effective date", date(2015, 9, 4)),
        ("twenty-four (24) months after the launch date", date(2015, 3, 15)),
        ("the date that is three years from the effective date", date(2015, 9, 4)),
        # roundings
        ("the last day of the calendar month in which the launch date occurs", date(2013, 3, 31)),
        ("the end of the calendar quarter in which the launch date falls", date(2013, 3, 31)),
        ("december 31 of the year in which the second anniversary of the launch date occurs",
         date(2015, 12, 31)),
        ("the first day of the calendar month following the launch date", date(2013, 4, 1)),
        ("the first day of the calendar quarter following the launch date", date(2013, 4, 1)),
        ("the first day of the calendar year following the launch date", date(2014, 1, 1)),
        # Nth unit after
        ("december 31 of the third (3rd) full calendar year following the effective date",
         date(2015, 12, 31)),
        ("the last day of the thirty-sixth (36th) calendar month following the month in which "
         "the launch date occurs", date(2016, 3, 31)),
        ("the end of the 8th full calendar quarter following the launch date", date(2015, 3, 31)),
        # named days: dated, described, or an event with no day
        ("the go-live date", date(2013, 4, 1)),
        ("the second anniversary of the go-live date", date(2015, 4, 1)),
        ("the acceptance date", None),
        ("the first day of the month following the acceptance date", None),
        # periods, chained
        ("the last day of the pilot period", date(2013, 9, 15)),
        ("the expiration of the rollout period", date(2014, 9, 15)),
        # combinations
        ("the later of (a) december 31, 2013, and (b) the last day of the pilot period",
         date(2013, 12, 31)),
        ("the earlier of (i) the fifth anniversary of the effective date or (ii) december 31, "
         "2016", date(2016, 12, 31)),
        # the later of a day and an event no text dates is no day; the earlier is the day
        ("the later of (a) december 31, 2013 and (b) the acceptance date", None),
        ("the earlier of (a) the acceptance date and (b) december 31, 2016", date(2016, 12, 31)),
        ("the earlier of the below events occur: (a) the fifth (5t h) anniversary of this "
         "agreement; and (b) the acceptance date", date(2017, 9, 4)),
        # anchors: "thereof", and the day before a day read as the day (CUAD's train labels)
        ("the tenth (10th) anniversary thereof", date(2022, 9, 4)),
        ("the day prior to the second anniversary of the effective date", date(2014, 9, 4)),
        # periods from one day to another, or a length after a day
        ("the end of the show period", date(2013, 6, 26)),
        ("the expiration of the wind-down period", date(2013, 8, 25)),
        ("sixty (60) days after the launch date", date(2013, 5, 14)),
        # the latest day a schedule lists, directly or through a name's definition
        ("the last opening deadline set forth in the opening schedule", date(2015, 6, 30)),
        ("11:59 p.m. central time on the final opening deadline", date(2015, 6, 30)),
        ("midnight on december 31, 2015", date(2015, 12, 31)),
        # a fiscal year is a calendar year only where the contract says so (below)
        ("the last day of the fifteenth (15th) full fiscal year following the launch date", None),
        # no day at all
        ("terminated in accordance with article 12", None),
        ("the zeroth anniversary of the effective date", None),
    ],
)  # fmt: skip
def test_an_expression_names_the_day_its_parts_compose(words: str, day: date | None) -> None:
    assert day_of(words, _Context(_DEFINITIONS, _START, {})) == day


def test_a_fiscal_year_the_contract_defines_as_a_calendar_year_counts_as_one() -> None:
    words = "the last day of the fifteenth (15th) full fiscal year following the effective date"
    assert day_of(words, _Context(_FISCAL, _START, {})) == date(2027, 12, 31)


def _end(text: str) -> date | None:
    return find_contract_dates(prepare_text(text), english=True).ends_on


_PREAMBLE = (
    'THIS AGREEMENT (this "Agreement") is entered into as of September 4, 2012 (the '
    '"Effective Date") by and between Halvard Systems, Inc. and Morrow Grid LLC.\n\n'
)


@pytest.mark.parametrize(
    ("terms", "end"),
    [
        (
            "5.1 Initial Term. The initial term of this Agreement shall commence on the "
            "Effective Date and end on December 31 of the third full calendar year following "
            "the Effective Date.",
            date(2015, 12, 31),
        ),
        (
            '1.7 "Campaign Period" means the period of twenty-four (24) consecutive months '
            "commencing on the Effective Date.\n\n9.1 Term. The term of this Agreement shall "
            "begin on the Effective Date and shall continue through the last day of the "
            'Campaign Period (the "Initial Term").',
            date(2014, 9, 4),
        ),
        (
            '1.3 "Build Period" means the period of eighteen (18) months beginning on the '
            'Effective Date.\n\n1.4 "Support Period" means the period of thirty-six (36) '
            'months beginning upon the end of the Build Period.\n\n1.9 "Term" means the Build '
            "Period together with the Support Period.\n\n3.1 This Agreement shall come into "
            "force on the Effective Date and shall remain in force for the Term.",
            date(2017, 3, 4),
        ),
        (
            "10.1 This Agreement shall remain in effect until the later of (a) December 31, "
            "2013 and (b) the last day of the twenty-fourth (24th) calendar month following the "
            "month in which the Effective Date occurs.",
            date(2014, 9, 30),
        ),
        (
            '"Service Start Date" means the first day of the calendar month following the '
            "Effective Date.\n\n4.1 The term of this Agreement shall commence on the Effective "
            "Date and shall expire on the third (3rd) anniversary of the Service Start Date.",
            date(2015, 10, 1),
        ),
        (
            '8.1 The term of this Agreement (the "Term") shall begin on the Effective Date and '
            "shall consist of the Contract Years set forth in Schedule A, unless terminated "
            "earlier in accordance with Section 6.\n\nSCHEDULE A\nCONTRACT YEARS AND BASE "
            "COMPENSATION\n\nContract Year 1   October 1, 2012 through September 30, 2013   "
            "$[***]\nContract Year 2   October 1, 2013 through September 30, 2014   $[***]\n\n"
            "SCHEDULE B\nPERFORMANCE BONUSES\n\nWinner of a major championship in 2015: "
            "$[***]\n",
            date(2014, 9, 30),
        ),
        (
            '"Contract Year" means each period of twelve (12) consecutive months commencing on '
            "June 1 and ending on May 31, the first Contract Year commencing on the Delivery "
            'Start Date.\n\n"Delivery Start Date" means June 1, 2013.\n\n"Delivery Term" means '
            "the period commencing at 00:00 hours Central Prevailing Time on the Delivery Start "
            "Date and ending at 24:00 hours Central Prevailing Time on the last day of the "
            "thirtieth (30th) Contract Year, as such period may be extended under Section 2.3.\n"
            "\n2.2 Term. The term of this Agreement shall commence on the Effective Date and "
            "shall continue until the end of the Delivery Term.",
            date(2043, 5, 31),
        ),
        (
            "5.1 Term. The term of this Agreement begins on the Effective Date and expires at "
            "11:59 p.m. (Central time) on the last Development Deadline set forth in the "
            "Development Schedule.\n\nSCHEDULE A\nDEVELOPMENT AREA AND DEVELOPMENT SCHEDULE\n\n"
            "2.   Development Schedule:\n\n     Development Deadline      Restaurants open\n     "
            "December 31, 2013                1\n     December 31, 2014                3\n",
            date(2014, 12, 31),
        ),
    ],
)
def test_a_term_ends_on_the_day_its_words_compose(terms: str, end: date) -> None:
    assert _end(_PREAMBLE + _BODY + "\n\n" + terms) == end


@pytest.mark.parametrize(
    "terms",
    [
        # a part of the term ends on the date, not the term
        '1.18 "Calendar Year" means each twelve-month period ending on December 31; provided '
        "that the first calendar year of the Term shall begin on the Effective Date and end on "
        "December 31, 2012.",
        # each order's term, not the contract's
        "6.1 With respect to each of the Services, the term thereof will be for a period "
        "commencing on the date hereof and shall continue until 12 months following the "
        "Commencement Date.",
        # an end that waits on an event no text dates
        "8.1 This Agreement shall remain in force until the later of (a) December 31, 2013 and "
        "(b) the date on which the last Product is delivered.",
    ],
)
def test_no_end_where_the_words_compose_none_for_the_term(terms: str) -> None:
    text = prepare_text(_PREAMBLE + _BODY + "\n\n" + terms)
    assert end_by_grammar(text, _START, {}) is None


_SIGNED_BELOW = (
    "\n\nGROWER:                                  HALVARD SYSTEMS, INC.\n\n"
    "/s/ Harlan J. Moss                       By: /s/ Natalie S. Kern\n"
    "Date: 3/9/09                             Date: March 16, 2009\n"
)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        # a contract year's first day is no start of the contract
        (
            'THIS SUPPLY AGREEMENT (the "Agreement") is made and entered into this 1st day of '
            "August, 2008, by and between Cordell Coffee S.A. and Ridgeway Roasters, Inc.\n\n1.5 "
            '"Contract Year" means each period from October 1 through the following September 30;'
            " the first Contract Year begins October 1, 2008.\n\n" + _BODY + "\n\n9.1 Term. This "
            "Agreement shall commence on the date first written above and shall continue in full "
            "force and effect until terminated by either party upon not less than one hundred "
            "eighty (180) days' prior written notice to the other party.",
            date(2008, 8, 1),
            None,
        ),
        # effective "when signed by both parties": the last signature
        (
            "PRODUCTION AGREEMENT\n\nThis Agreement is between Harlan J. Moss and Halvard Systems, "
            "Inc.\n\n" + _BODY + "\n\n11.7 Effectiveness. This Agreement becomes effective when "
            "signed by both parties." + _SIGNED_BELOW,
            date(2009, 3, 16),
            None,
        ),
        # a length that runs on past the term is not the term
        (
            _PREAMBLE
            + "Distributor shall execute on the date of this Agreement a power of attorney in "
            "favor of Manufacturer, "
            "which shall be irrevocable for the term of this Agreement and for one (1) year "
            "thereafter.\n\n" + _BODY + "\n\n11.1 This Agreement shall remain in force for an "
            "initial term of three (3) years from the Effective Date.",
            date(2012, 9, 4),
            date(2015, 9, 4),
        ),
        # until terminated: no end, whatever a condition's anniversary says
        (
            _PREAMBLE + _BODY + "\n\n5.1 Term. This Agreement shall commence on the Effective "
            "Date and shall continue in effect until terminated by either party in accordance "
            "with this Section 5.\n\n5.2 If this Agreement is terminated under this Section 5.2 "
            "before the first anniversary of the Effective Date, the parties shall not enter into "
            "any new agreement for the same services.",
            date(2012, 9, 4),
            None,
        ),
        # a rider's term, and other agreements' own terms, are not the master agreement's
        (
            _PREAMBLE + _BODY + "\n\n2. TERM. This Agreement shall be effective from the date "
            "first above written and shall remain in full force until the expiration of the term "
            "of the last Rider entered into hereunder.\n\n7. TERM: The term of the lease of the "
            "Cars covered by this Rider shall be one hundred twenty (120) months, commencing on "
            "the Average Date of Delivery.",
            date(2012, 9, 4),
            None,
        ),
        (
            _PREAMBLE + _BODY + "\n\n3.3 The expiration of this Agreement shall not affect any "
            "Unit Franchise Agreement then in effect, each of which shall continue for its own "
            "term of ten (10) years from the opening of its Restaurant.",
            date(2012, 9, 4),
            None,
        ),
    ],
)
def test_what_starts_or_ends_a_part_or_another_paper_does_not_date_the_contract(
    text: str, start: date, end: date | None
) -> None:
    found = find_contract_dates(prepare_text(text), english=True)
    assert (found.starts_on, found.ends_on) == (start, end)
