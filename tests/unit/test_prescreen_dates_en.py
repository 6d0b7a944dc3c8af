"""English contract dates as CUAD reads them: the agreement, effective and expiration dates.

Short quotes are from train-split CUAD contracts (CC BY 4.0) or written in their style.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import _witness_start, find_contract_dates
from chalicelib.prescreen.dates import find_dates
from chalicelib.prescreen.text import prepare_text

# A preamble dated March 3, 2015, its Effective Date, for the term sentences below.
_MADE = 'This Agreement is made as of March 3, 2015 (the "Effective Date") by Alpha and Beta.\n\n'


def _dates(text: str) -> tuple[date | None, date | None, date | None]:
    found = find_contract_dates(prepare_text(text), english=True)
    return found.signed_on, found.starts_on, found.ends_on


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("signed on 7/18/11 by", date(2011, 7, 18)),
        ("Date: 03/24/06", date(2006, 3, 24)),
        ("Date: 3-31-16", date(2016, 3, 31)),
        ("Date: 12-23-2019", date(2019, 12, 23)),
        ("the 18t h day of August 2014", date(2014, 8, 18)),
        ("the 1s t day of June, 2004", date(2004, 6, 1)),
        ("11/19/99", date(1999, 11, 19)),
    ],
)
def test_english_short_and_split_forms(written: str, value: date) -> None:
    assert [found.value for found in find_dates(written.lower(), english=True)] == [value]


@pytest.mark.parametrize("written", ["page 1/2/3", "555-12-2019", "13/40/19", "Section 2-1-a"])
def test_numbers_that_are_no_short_dates(written: str) -> None:
    assert find_dates(written.lower(), english=True) == []


def test_russian_text_keeps_day_first_and_no_short_forms() -> None:
    assert [d.value for d in find_dates("01.02.2024 и 3/4/24")] == [date(2024, 2, 1)]


def test_effective_as_of_in_the_preamble_is_the_agreement_date() -> None:
    text = (
        'STRATEGIC ALLIANCE AGREEMENT\nThis Strategic Alliance Agreement (this "Agreement"), '
        'effective as of December 10, 2015 (the "Effective Date"), is by and between Allscripts '
        "Healthcare, LLC and Phreesia, Inc."
    )

    assert _dates(text)[:2] == (date(2015, 12, 10), date(2015, 12, 10))


def test_made_as_of_but_effective_as_of_another_day() -> None:
    text = (
        "CELEBRITY ENDORSEMENT AGREEMENT\nThis Agreement is made as of this March 14, 2012 but "
        'effective as of March 1, 2012 ("Effective Date") by and between Bizzingo, Inc. and '
        "the Celebrity."
    )

    assert _dates(text)[:2] == (date(2012, 3, 14), date(2012, 3, 1))


def test_is_made_this_day_dates_the_document_past_the_title() -> None:
    text = (
        "FIRST AMENDMENT TO SUPPLY AND MANUFACTURING AGREEMENT\n"
        + "Recitals of the parties and their addresses. " * 10
        + 'This first amendment to the supply and manufacturing agreement (the "Agreement") is '
        "made this 22 day of June 2018."
    )

    assert _dates(text)[0] == date(2018, 6, 22)


def test_in_witness_whereof_gives_the_agreement_date() -> None:
    text = (
        "JOINT FILING AGREEMENT\nThe undersigned agree to file jointly. "
        + "Filler. " * 600
        + "IN WITNESS WHEREOF, the undersigned hereby execute this Joint Filing Agreement as of "
        "February 19, 2020.\nPRAIRIE ECI ACQUIROR LP"
    )

    assert _dates(text)[0] == date(2020, 2, 19)


def test_date_beside_a_signature_and_the_filing_footer() -> None:
    text = (
        "WEB HOSTING AGREEMENT\nAny disputes arising herein shall be settled in a court in "
        "Florida.\n/s/ Yannick Tessier 9/9/97\n"
        "Source: GALACTICOMM TECHNOLOGIES INC, 10-K, 11/7/1997"
    )

    assert _dates(text)[0] == date(1997, 9, 9)


def test_no_effective_date_of_its_own_when_only_dated() -> None:
    text = (
        "SUPPLY AGREEMENT\nThis Agreement is made July 31, 2017 between Profound Medical Inc. "
        "and Philips Medical Systems Nederland B.V. The parties agree as follows."
    )

    assert _dates(text)[:2] == (date(2017, 7, 31), None)


def test_term_that_begins_on_the_date_hereof_starts_on_the_signing_date() -> None:
    text = (
        'SUPPLY AGREEMENT\nThis supply agreement (the "Agreement") is entered into as of '
        "February 28, 2019 by and between Florida Chemical Company and Flotek.\n"
        '3. Term. The "Term" shall begin on the date hereof and shall expire December 31, 2023.'
    )

    assert _dates(text) == (date(2019, 2, 28), date(2019, 2, 28), date(2023, 12, 31))


def test_effective_date_defined_by_an_event_has_no_date() -> None:
    text = (
        'INTELLECTUAL PROPERTY AGREEMENT dated as of August 28, 2009.\nThe term "Effective Date" '
        "means the Closing Date."
    )

    assert _dates(text)[:2] == (date(2009, 8, 28), None)


def test_effective_as_of_the_latest_signature() -> None:
    text = (
        "OPERATIONS AND MAINTENANCE AGREEMENT\nThe parties have signed this Agreement effective "
        'as of the latest date set forth below.\n"Owner:" Date: December 10, 2009 By: /s/ A. B.\n'
        '"Service Provider:" Date: December 11, 2009 By: /s/ C. D.'
    )

    assert _dates(text)[1] == date(2009, 12, 11)


@pytest.mark.parametrize(
    ("term", "end"),
    [
        (
            "This Agreement will commence on the Effective Date, and will terminate on the third "
            "anniversary of the Effective Date.",
            date(2017, 9, 21),
        ),
        (
            "The Agreement shall have an initial term of ten (10) years commencing from the "
            "Effective Date and ending on the tenth (10th) anniversary thereof.",
            date(2024, 9, 21),
        ),
        (
            "Unless terminated earlier as provided herein, this Agreement shall terminate on the "
            "date three (3) years from the Effective Date.",
            date(2017, 9, 21),
        ),
        (
            "The term of this Agreement is twenty-four (24) months.",
            date(2016, 9, 21),
        ),
        (
            "This Agreement shall commence on the Effective Date and shall continue for a period "
            "of twelve (12) full calendar months.",
            date(2015, 9, 21),
        ),
        (
            "This agreement shall remain in effect until the end of the current calendar year.",
            date(2014, 12, 31),
        ),
    ],
)
def test_end_computed_from_the_term(term: str, end: date) -> None:
    text = (
        "CO-HOSTING AGREEMENT\nThis Agreement is entered into as of September 21, 2014 (the "
        '"Effective Date") by and between the parties.\n2. Term. ' + term
    )

    assert _dates(text)[2] == end


def test_explicit_end_of_a_renewal_period_is_not_the_end() -> None:
    text = (
        "ENDORSEMENT AGREEMENT\nThis Agreement is effective as of January 1, 2000.\n1.1 The term "
        "of this Agreement shall begin on January 1, 2000 and continue for an initial period of "
        "five (5) years.\n8. The Company may renew this Agreement for one (1) additional five "
        "year period that shall begin on January 1, 2005 and end on December 31, 2009."
    )

    assert _dates(text)[2] == date(2005, 1, 1)


def test_defined_expiration_and_term_headings() -> None:
    assert _dates(
        'PROMOTION AGREEMENT dated as of August 6, 2019.\n1.40 "Expiration Date" means '
        "March 31, 2020."
    )[2] == date(2020, 3, 31)
    assert _dates(
        "TRANSPORTATION AGREEMENT dated December 14, 2015.\n6. TERM: November 01, 2014 to "
        "October 31, 2017\n7. Effect on previous contracts."
    )[2] == date(2017, 10, 31)


def test_a_period_inside_the_contract_starts_nothing() -> None:
    text = (
        "COOPERATION AGREEMENT\nThis Cooperation Agreement is made July 1, 2020.\n"
        "4. Support Period. During the period commencing on the date hereof and ending at the "
        "meeting, each party shall vote its shares."
    )

    assert _dates(text)[:2] == (date(2020, 7, 1), None)


def test_no_end_for_a_contract_year_an_event_start_or_an_indefinite_term() -> None:
    contract_year = (
        "AGENCY AGREEMENT made as of March 29, 1999. This Agreement will continue in effect "
        "until terminated. The business plan relating to the contract year ending Oct 31, 1999 "
        "will be agreed upon at least sixty days before."
    )
    event_start = (
        "HOSTING AGREEMENT dated as of August 9, 1999. This Agreement shall be effective as "
        'of that date (the "Effective Date") the Site becomes fully operational and shall '
        "continue for a period of one (1) year from the Effective Date."
    )
    indefinite = (
        "TRANSPORTATION AGREEMENT dated May 20, 1996. This Agreement shall be effective from "
        "the date first above written and shall continue indefinitely until terminated. Each "
        "order shall be for a period of one (1) year."
    )

    assert [_dates(text)[2] for text in (contract_year, event_start, indefinite)] == [None] * 3


@pytest.mark.parametrize(
    "closing",
    [
        "on this 1st day of October, 2010",
        "this 1st day of October, 2010",
        "on October 1, 2010",
        "as of October 1, 2010",
    ],
)
def test_the_preamble_date_after_the_parties_dates_the_contract(closing: str) -> None:
    text = (
        'SERVICES AGREEMENT\nThis Services Agreement (the "Agreement") is made by and between '
        'Alpha Corp., a Delaware corporation ("Alpha"), and Beta LLC, a Nevada limited '
        f'liability company ("Beta"), {closing}.\n1. Services. Beta shall provide the services.'
    )

    assert _dates(text)[0] == date(2010, 10, 1)


def test_a_sides_own_date_after_the_parties_does_not_date_the_contract() -> None:
    text = (
        "SERVICES AGREEMENT\nThis Services Agreement is made by and between Alpha Corp., a "
        "Delaware corporation incorporated on March 2, 1998, and Beta LLC.\n1. Services."
    )

    assert _dates(text)[0] is None


def test_a_term_commencing_on_the_date_hereof_starts_on_the_signing_date() -> None:
    text = (
        'SERVICES AGREEMENT\nThis Services Agreement ("Agreement") is entered into by and '
        'between Alpha Corp. ("Alpha") and Beta LLC ("Beta") as of 02/14/2011.\n3. Term. This '
        "Agreement shall be for a term of twenty-four (24) months commencing on the date hereof."
    )

    assert _dates(text) == (date(2011, 2, 14), date(2011, 2, 14), date(2013, 2, 14))


def test_no_end_for_a_term_that_runs_from_an_event() -> None:
    text = (
        "DISTRIBUTOR AGREEMENT\nThis Distributor Agreement is made by and between Alpha Corp. "
        '("Company") and Beta LLC ("Distributor") this 7th day of September, 1999.\n1.3 Term. '
        'The term of this Agreement shall be ten (10) years (the "Term") which shall commence '
        "on the date upon which the Company delivers to Distributor the last Sample."
    )

    assert _dates(text) == (date(1999, 9, 7), None, None)


@pytest.mark.parametrize(
    "low",
    [
        "in witness whereof the parties have signed",
        "recitals. in  \n testimony thereof, and later in witness whereof",
        "within witness hereof",  # the pattern never asked for a word's start
        "witness whereof, without 'in' before it; then in evidence whereof",
        "in\twitness\n\nwhereof",
        "in witnesses whereof",
        "n witness whereof",
        "",
    ],
)
def test_the_signature_block_opens_where_the_plain_pattern_finds_it(low: str) -> None:
    plain = re.search(r"in\s+(?:witness|evidence|testimony)\s+(?:whereof|thereof|hereof)", low)

    assert _witness_start(low) == (plain.start() if plain else None)


def test_a_term_that_ends_automatically_on_a_date_ends_then() -> None:
    ends = _dates(
        _MADE + "3. Term. This Agreement shall terminate automatically on December 31, 2017."
    )[2]
    order = _dates(
        _MADE + "3. Orders. Each purchase order shall terminate automatically on June 30, 2016."
    )[2]

    assert ends == date(2017, 12, 31)
    assert order is None  # an order's end, not the contract's


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        (
            "Unless terminated earlier, this Agreement shall terminate automatically on the date"
            " three (3) years from the Effective Date.",
            date(2018, 3, 3),
        ),
        (
            "This Agreement shall terminate automatically on the third anniversary of the"
            " Effective Date.",
            date(2018, 3, 3),
        ),
        # (the later of a day and an event no text dates is no day: three blind writers of
        # three left such ends empty)
        (
            "This Agreement shall terminate automatically on the later of (i) the third"
            " anniversary of the Effective Date and (ii) the completion of the Services.",
            None,
        ),
        (
            "This Agreement shall terminate automatically on the earlier of (a) June 30, 2017"
            " and (b) the completion of the Services.",
            date(2017, 6, 30),
        ),
    ],
)
def test_automatically_changes_no_computed_end(term: str, ends: date | None) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == ends


@pytest.mark.parametrize(
    ("definition", "ends"),
    [
        (
            '"Term" shall mean the period commencing on the Effective Date and terminating on'
            " the eighth anniversary of the Effective Date, unless extended.",
            date(2023, 3, 3),
        ),
        (
            "“Term” means the period commencing on the Effective Date and ending on the fifth"
            " anniversary of the Effective Date.",
            date(2020, 3, 3),
        ),
        (
            '"Initial Term" means the period commencing on the Effective Date and ending on the'
            " third anniversary of the Effective Date.",
            date(2018, 3, 3),
        ),
        ('"Term" means a period of three (3) years from the Effective Date.', date(2018, 3, 3)),
        # other terms' definitions, or none
        ('"Term" has the meaning given in Section 10.1.', None),
        ('"Renewal Term" means each additional period of one (1) year.', None),
        ('"Warranty Term" means a period of two (2) years from delivery.', None),
    ],
)
def test_a_term_defined_in_the_definitions_ends_as_a_term_clause_does(
    definition: str, ends: date | None
) -> None:
    assert _dates(f"{_MADE}1. Definitions. {definition}")[2] == ends


def test_the_anniversary_of_an_event_counts_from_the_day_the_parties_expect_it() -> None:
    term = (
        "2. Term. The term of this Agreement will begin on the Effective Date and will end on the"
        ' second (2nd) anniversary of the Commencement Date. The "Commencement Date" means the'
        " date on which Beta first delivers the Services."
    )
    expected = " The parties anticipate the Commencement Date will be on or about May 1, 2015."
    synonym = term.replace(
        "means the date on which Beta first delivers the Services", "means the Effective Date"
    )

    assert _dates(_MADE + term + expected)[2] == date(2017, 5, 1)
    assert _dates(_MADE + term)[2] is None  # no day is given for the event
    assert _dates(_MADE + synonym)[2] == date(2017, 3, 3)


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        (
            "This Agreement shall continue until the third (3rd) anniversary of its execution.",
            date(2018, 3, 3),
        ),
        (
            "This Agreement will terminate on the third anniversary of the date on which it was"
            " signed.",
            date(2018, 3, 3),
        ),
        (
            "This Agreement shall expire on the fifth (5th) annual anniversary of the Effective"
            " Date.",
            date(2020, 3, 3),
        ),
        # CUAD's train labels (2 of 2) give the anniversary itself as the end of a term "through
        # the day prior to" it; the reader gives it too, a day late
        (
            "This Agreement shall continue through the day prior to the second anniversary of the"
            " Effective Date.",
            date(2017, 3, 3),
        ),
        (
            "The Term shall end on the date falling three (3) years after the Effective Date.",
            date(2018, 3, 3),
        ),
        # another agreement's signing, and a warranty's end, are not this contract's
        (
            "This Agreement shall continue until the third anniversary of the signing of the"
            " Supply Agreement.",
            None,
        ),
        ("The warranty shall end on the date falling two (2) years after delivery.", None),
    ],
)
def test_an_end_counted_from_the_signing_in_other_words(term: str, ends: date | None) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == ends


def test_a_contract_concluded_on_a_day_was_made_then_not_ended() -> None:
    # European drafting: "is concluded on" is "is entered into on"; "shall conclude on" ends it
    body = "\n\n3. Term. This Agreement shall continue for two (2) years.\n"
    made = "This Supply Agreement is concluded on March 1, 2015 between Alpha Corp. and Beta LLC."
    ending = (
        "This Supply Agreement is made on March 1, 2015 between Alpha Corp. and Beta LLC.\n\n"
        "3. Term. This Agreement shall conclude on December 31, 2017.\n"
    )

    assert _dates(made + body)[0] == date(2015, 3, 1)
    assert _dates(made + body)[2] == date(2017, 3, 1)
    assert _dates(ending)[2] == date(2017, 12, 31)


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        # the first item of a list after a colon reads with the sentence that leads into it
        (
            "This Agreement shall remain in effect until the earlier of: (a) the third"
            " anniversary of this Agreement; and (b) the date Alpha ceases to hold any shares.",
            date(2018, 3, 3),
        ),
        (
            "This Agreement shall expire on the earlier of: (a) three (3) years after the"
            " Effective Date; and (b) the date Alpha ceases to hold any shares.",
            date(2018, 3, 3),
        ),
        # ... but a list under a party's right to end it gives no end
        (
            "Alpha may terminate this Agreement on the earlier of: (a) the third anniversary of"
            " the Effective Date; and (b) the date Alpha ceases to hold any shares.",
            None,
        ),
        (
            "This Agreement shall remain in effect until the third anniversary hereof.",
            date(2018, 3, 3),
        ),
        # an ordinal as some PDFs split it ("5t h"): 57 of the 439 CUAD texts have such splits
        (
            "This Agreement shall remain in effect until the earlier of: (a) the fifth (5t h)"
            " anniversary of this Agreement; and (b) the date Alpha ceases to hold any shares.",
            date(2020, 3, 3),
        ),
        (
            "This Agreement shall remain in effect until the 2n d anniversary hereof.",
            date(2017, 3, 3),
        ),
        ("This Agreement runs for three years from the Effective Date.", date(2018, 3, 3)),
        (
            "This Agreement has been entered into for a period of three (3) years from the"
            " Effective Date.",
            date(2018, 3, 3),
        ),
        (
            "This Agreement shall remain in effect until the close of business on December 31,"
            " 2017.",
            date(2017, 12, 31),
        ),
        ("This Agreement shall expire, unless renewed, on December 31, 2017.", date(2017, 12, 31)),
        (
            "This Agreement shall terminate automatically without notice on December 31, 2017.",
            date(2017, 12, 31),
        ),
        (
            "The Term shall begin on the Effective Date and will end, without further notice, on"
            " December 31, 2017.",
            date(2017, 12, 31),
        ),
        (
            "This Agreement shall terminate automatically without notification on December 31,"
            " 2017.",
            date(2017, 12, 31),
        ),
        # a right to end it on a day is no end of its term
        ("Alpha may terminate this Agreement without notice on December 31, 2017.", None),
        # the first limb written as "the Nth day of": the words before a date come stripped
        (
            "The term of this Agreement will end the later of (i) the 31st day of December, 2017"
            " or (ii) the delivery of all Products.",
            date(2017, 12, 31),
        ),
        (
            "This Master Services Agreement shall remain in effect until the third anniversary of"
            " this Master Services Agreement.",
            date(2018, 3, 3),
        ),
        (
            "This Agreement shall expire, unless sooner terminated, on December 31, 2017.",
            date(2017, 12, 31),
        ),
        # a renewal's end is not the first term's
        (
            "This Agreement shall be renewed for an additional term ending on December 31, 2019.",
            None,
        ),
        # a warranty that runs on is not the contract
        ("The warranty runs for three years from the Effective Date.", None),
    ],
)
def test_term_sentences_read_across_asides_and_lead_ins(term: str, ends: date | None) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == ends


@pytest.mark.parametrize(
    "written",
    ["Friday, the twentieth day of February, 2015", "Friday, the 20th day of February, 2015"],
)
def test_a_day_of_the_week_belongs_to_a_date_in_any_form(written: str) -> None:
    text = (
        f'This Agreement is made on {written} by and between Alpha Corp. ("Alpha") and Beta LLC'
        ' ("Beta").\n\n3. Term. This Agreement shall continue for two (2) years.'
    )

    assert _dates(text) == (date(2015, 2, 20), None, date(2017, 2, 20))


@pytest.mark.parametrize(
    "verbs", ["made and concluded on", "made and signed on", "made and executed on"]
)
def test_a_preamble_made_and_concluded_on_a_day_is_signed_then(verbs: str) -> None:
    text = (
        f'This Agreement is {verbs} March 3, 2015 by and between Alpha Corp. ("Alpha") and Beta'
        ' LLC ("Beta").\n\n3. Term. This Agreement shall continue for two (2) years.'
    )

    assert _dates(text) == (date(2015, 3, 3), None, date(2017, 3, 3))


def test_a_day_of_the_week_before_the_date_is_part_of_it() -> None:
    text = (
        "This Agreement is made on Friday, February 20, 2015 by and between Alpha Corp. "
        '("Alpha") and Beta LLC ("Beta").\n\n3. Term. This Agreement shall continue for two (2) '
        "years."
    )

    found = find_dates(text.lower(), english=True)

    assert text[found[0].start : found[0].end] == "Friday, February 20, 2015"
    assert _dates(text) == (date(2015, 2, 20), None, date(2017, 2, 20))


@pytest.mark.parametrize(
    "term",
    [
        "The term of this Agreement shall run from March 10, 2015 through March 9, 2017.",
        "This Agreement covers the period March 10, 2015 to March 9, 2017.",
    ],
)
def test_a_term_that_runs_over_a_period_starts_and_ends_with_it(term: str) -> None:
    entered = "This Agreement is entered into on February 20, 2015 by Alpha and Beta.\n\n"

    assert _dates(f"{entered}3. Term. {term}") == (
        date(2015, 2, 20),
        date(2015, 3, 10),
        date(2017, 3, 9),
    )


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        (
            "This Agreement shall expire on the last day of the month in which the third"
            " anniversary of the Effective Date falls.",
            date(2018, 3, 31),
        ),
        (
            "The Term shall end at midnight on the last day of the month three (3) years from the"
            " Effective Date.",
            date(2018, 3, 31),
        ),
        # the month's last day of something else leaves the term's end where it was
        (
            "This Agreement shall continue for three (3) years, and fees are due on the last day"
            " of the month.",
            date(2018, 3, 3),
        ),
    ],
)
def test_a_term_that_ends_with_the_month_of_its_anniversary_ends_on_its_last_day(
    term: str, ends: date
) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == ends


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        ("This Addendum shall remain in effect for three (3) years.", date(2018, 3, 3)),
        (
            "This Statement of Work shall continue for a period of twelve (12) months.",
            date(2016, 3, 3),
        ),
        # a party, not the document
        ("This Contractor shall be engaged for a period of three (3) years.", None),
    ],
)
def test_a_document_that_calls_itself_otherwise_has_its_term_read(
    term: str, ends: date | None
) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == ends


@pytest.mark.parametrize(
    "term",
    [
        # justified EDGAR text: two spaces between words (some 40 of the 439 CUAD texts)
        "This  Agreement  shall  be  for  a  period  of  thirty  six  (36)  months.",
        "This  Agreement  shall  continue  until  the  third  (3r  d)  anniversary  hereof.",
    ],
)
def test_a_term_in_justified_text_reads_as_in_plain_text(term: str) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == date(2018, 3, 3)


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        ("This Agreement shall end on 31/12/2017.", date(2017, 12, 31)),
        # month first where either number may be the month, as US contracts write it
        ("This Agreement shall end on 12/11/2017.", date(2017, 12, 11)),
        (
            "This Agreement shall continue in force until midnight on December 31, 2017.",
            date(2017, 12, 31),
        ),
        ("This Agreement shall last until December 31, 2017.", date(2017, 12, 31)),
        (
            "This Agreement shall remain in effect for a period of three (3) consecutive years.",
            date(2018, 3, 3),
        ),
        # a month's last day, written so: the day is the month's last
        ("This Agreement shall expire on the last day of February, 2018.", date(2018, 2, 28)),
        ("This Agreement shall expire on the last day of February 2016.", date(2016, 2, 29)),
        (
            "This Agreement shall be effective from the Effective Date through the last day of"
            " December 2017.",
            date(2017, 12, 31),
        ),
        ("This Agreement shall terminate on the last day in June, 2017.", date(2017, 6, 30)),
        # the contract as "the Agreement", right before its verb
        ("The Agreement shall terminate on December 31, 2016.", date(2016, 12, 31)),
        # not an end: the last day of a month a fee is paid in, or "the last day of the month"
        ("Fees for 2017 are due on the last day of January, 2017.", None),
        ("This Agreement shall expire on the last day of the month.", None),
        # the Agreement is another's when a name stands between
        ("The Supply Agreement shall terminate on December 31, 2016.", None),
        # a memorandum of understanding names itself so; a form's "Validity:" field
        ("This MOU shall be valid for two years from the date of signature.", date(2017, 3, 3)),
        ("Validity: 12 months from the date of signing.", date(2016, 3, 3)),
        ("The validity of the guarantee shall be 12 months from delivery.", None),
    ],
)
def test_more_ways_a_term_ends(term: str, ends: date | None) -> None:
    assert _dates(f"{_MADE}3. Term. {term}")[2] == ends


def test_a_day_counted_from_the_commencement_date_is_not_its_definition() -> None:
    text = (
        "This Agreement is made on March 3, 2015 by Alpha and Beta. The Commencement Date is the"
        " date of signing.\n\n7. Manufacturing. The parties shall enter into the Manufacturing"
        " Agreement by 20/3/2015 of the Commencement Date."
    )

    # no date is written as the start (it was March 20, the date counted from it)
    assert _dates(text)[1] is None


@pytest.mark.parametrize(
    ("sheet", "ends"),
    [
        ("End Date: December 31, 2017", date(2017, 12, 31)),
        ("Contract Period: March 3, 2015 - December 31, 2017", date(2017, 12, 31)),
        ("Term of Agreement: 3 years", date(2018, 3, 3)),
        (
            "Expiration Date: at midnight on the last day of the month fifteen (15) years from the"
            " Effective Date",
            date(2030, 3, 31),
        ),
        ("| Term | 3 years |", date(2018, 3, 3)),
        ("| Expiry | 31 December 2017 |", date(2017, 12, 31)),
        # the field's words as the end reads them, and as its context check reads them
        ("Contract End Date: December 31, 2017", date(2017, 12, 31)),
        ("| Agreement Expiry | 31 December 2017 |", date(2017, 12, 31)),
        ("Contract Term: 24 months from the Effective Date", date(2017, 3, 3)),
        # a public contract's field
        ("Period of Performance: March 3, 2015 – March 2, 2016", date(2016, 3, 2)),
        # an order form's or a cover page's fields (Common Paper's among them)
        ("Subscription Period: 1 year(s)", date(2016, 3, 3)),
        ("MNDA Term: Expires 2 year(s) from Effective Date.", date(2017, 3, 3)),
        ("SOW End Date: June 30, 2015", date(2015, 6, 30)),
        ("Service End Date: 03/02/2016", date(2016, 3, 2)),
        # ... not another period's
        ("Warranty End Date: June 30, 2015", None),
        ("Renewal Period: 1 year", None),
        # a period of something else on the sheet ends no term
        ("Warranty Period: March 3, 2015 - December 31, 2017", None),
    ],
)
def test_a_cover_sheet_or_a_table_gives_the_end(sheet: str, ends: date | None) -> None:
    text = f"{_MADE}3. Term. See the Cover Sheet.\n\nCOVER SHEET\n\n{sheet}\n"

    assert _dates(text)[2] == ends


def test_spelled_days_and_month_ends_are_found_alike_in_short_and_whole_texts() -> None:
    # a whole text's anchors come from the shared word index, a short piece's from str.find
    clause = "made on the first day of March, 2015 and ending on the last day of June, 2016. "
    short = find_dates(clause.lower(), english=True)
    whole = find_dates((clause + "filler words " * 2000).lower(), english=True)

    assert [d.value for d in short] == [date(2015, 3, 1), date(2016, 6, 30)]
    assert [(d.value, d.start, d.end) for d in whole] == [(d.value, d.start, d.end) for d in short]


@pytest.mark.parametrize(
    "field", ["Service Start Date", "SOW Start Date", "Subscription Start Date"]
)
def test_an_order_forms_start_date_field_starts_the_term(field: str) -> None:
    text = (
        f"ORDER FORM\n\nCustomer: Alpha Corp.\nSupplier: Beta LLC\n{field}: 03/05/2015\n"
        "Initial Term: 12 months\n\nThis Order Form is governed by the Agreement."
    )

    assert _dates(text)[1:] == (date(2015, 3, 5), date(2016, 3, 5))


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        # the one date among the events that end the contract is the latest it runs
        (
            "This Agreement will expire upon the earlier of (i) completion of the Services; or "
            "(ii) December 31, 2019.",
            date(2019, 12, 31),
        ),
        (
            "This instrument will expire and terminate upon the earlier of (i) the issuance of "
            "Tokens to the Purchaser; (ii) the payment of amounts due the Purchaser; (iii) "
            '04/20/2018 (the "Deadline Date"), if the Network Launch has not occurred.',
            date(2018, 4, 20),
        ),
        # "the later of" an event and a date: the date is the one the contract schedules
        (
            'The term of this Agreement (the "Term") shall commence as of April 1, 2018 and '
            "shall expire upon the later of: (a) the conclusion of the 2022/23 season and (b) "
            'the last day in February, 2023 (the "Scheduled Expiration Date").',
            date(2023, 2, 28),
        ),
        # a party's right to end it by a date ends nothing by itself
        (
            "The Distributor may terminate this Agreement upon the earlier of (i) notice; or "
            "(ii) December 31, 2019.",
            None,
        ),
    ],
)
def test_a_date_in_a_later_limb_of_the_earlier_or_later_of_ends_the_contract(
    sentence: str, end: date | None
) -> None:
    assert _dates(_MADE + sentence)[2] == end


def test_a_safe_is_dated_by_the_day_its_money_is_paid() -> None:
    text = (
        "THIS CERTIFIES THAT in exchange for the payment by Northwind Ventures Fund I, L.P. (the "
        '"Investor") of $25,000 (the "Purchase Amount") on or about May 1, 2020, Acme Corp., a '
        'Delaware corporation (the "Company"), issues to the Investor the right to shares.'
    )

    assert _dates(text)[0] == date(2020, 5, 1)
