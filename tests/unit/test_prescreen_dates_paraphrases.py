"""The contract's end read however its term is worded.

Session 13 (issue 13) read the end from each of train's CUAD "Expiration Date" spans set
after a preamble with an Effective Date, then from the same spans reworded: "starting" for
"commencing" lost 1 of the 153 ends read, "through" for "until" 3, "calendar years" for
"years" 3, and "expire ten (10) years from" was no length at all. Session 14 added
"terminate" for "expire" to `contract-check rewordings`: it lost 3 of 9 ("shall terminate
ten (10) years from the Effective Date" was no length). Now none of those is lost; no train
contract's reading changed. The sentences are our own.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

_PREAMBLE = (
    'This Supply Agreement (the "Agreement") is made as of March 1, 2020 (the "Effective '
    'Date") by and between Acme Widgets, Inc. ("Seller") and Beta Foods LLC ("Buyer").\n\n'
    "1. Supply. Seller shall supply the products listed in Exhibit A to Buyer.\n\n2. Term. "
)
_AFTER = "\n\n3. Price. Buyer shall pay the prices listed in Exhibit B."


def _ends(term: str) -> date | None:
    return find_contract_dates(prepare_text(_PREAMBLE + term + _AFTER), english=True).ends_on


@pytest.mark.parametrize(
    ("term", "ends"),
    [
        (
            "The term of this Agreement starts on the Effective Date and, unless terminated "
            "earlier, will expire ten (10) years from the Effective Date.",
            date(2030, 3, 1),
        ),
        (
            "The initial term of this Agreement commences on the Effective Date and shall "
            "continue through five (5) years following the Effective Date.",
            date(2025, 3, 1),
        ),
        (
            "The Agreement shall have an initial term of ten (10) years starting from the "
            'Effective Date and ending on the tenth (10th) anniversary thereof (the "Initial '
            'Term").',
            date(2030, 3, 1),
        ),
        (
            "This Agreement and the provisions hereof, except as otherwise provided herein, shall "
            "be in full force and effect commencing on the date of execution by both Parties and "
            "shall extend for an initial term of two (2) years.",
            date(2022, 3, 1),
        ),
        (
            "This Agreement shall be valid for five (5) calendar years from the Effective Date "
            "through February 28, 2025, unless terminated earlier under Section 9.",
            date(2025, 2, 28),
        ),
    ],
)
def test_the_end_of_a_term_however_it_is_worded(term: str, ends: date) -> None:
    assert _ends(term) == ends


def test_a_period_inside_a_calendar_year_does_not_end_the_contract() -> None:
    term = (
        "For each calendar year, the Seller shall submit a business forecast for the period "
        "ending December 31, 2021."
    )

    assert _ends(term) is None


@pytest.mark.parametrize(
    "definition",
    [
        '"Commencement Date" shall mean June 1, 2020.',
        'This Agreement shall commence on June 1, 2020 (the "Commencement Date").',
    ],
)
def test_a_commencement_date_defined_as_a_date_starts_the_contract(definition: str) -> None:
    # "Commencement Date" for "Effective Date" in train's Effective Date spans lost 10 of 38
    # starts read; now 2 (a date after its sentence, a list of two). On train: +1 contract.
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made on May 15, 2020 between Acme "
        'Widgets, Inc. ("Acme") and Beta Foods LLC ("Beta").\n\n1. Term. '
        + definition
        + "\n\n2. Services. Acme shall provide the services listed in Exhibit A to Beta."
    )

    assert find_contract_dates(prepare_text(text), english=True).starts_on == date(2020, 6, 1)


def test_a_preamble_made_by_its_sides_is_dated_as_of_the_date_after_them() -> None:
    # "made by" as "made by and between": our own preambles filled with train's party names
    # read 0 of 231 such dates, now 229 (the two left: names the parties reader cuts short)
    text = (
        "This Supply Agreement is made by Acme Widgets, Inc., a Delaware corporation (the "
        '"Seller"), and Beta Foods LLC, a New York limited liability company (the "Buyer"), '
        "as of March 1, 2015." + _AFTER
    )

    dates = find_contract_dates(prepare_text(text), english=True)

    assert dates.signed_on == date(2015, 3, 1)


# Session 14: each rewording `contract-check rewordings` tried on train's "Expiration Date"
# spans, and what it lost of the 158 ends read before the rules learned it: "begin on" for
# "commence on" 2 of 34, "terminate" for "expire" 3 of 9, the date as "the 31st day of
# December, 2020" 20 of 40, "at midnight on" 12 of 16, "original term" 6 of 62, "until and
# including" 7 of 7, "shall lapse" 6 of 7, months for years 9 of 66, "anniversary date of" 9
# of 12, "the date of execution of this Agreement" or "the date first written above" for the
# Effective Date 7 of 76 each, "run for" 3 of 26. Now none. The sentences are our own, with
# some of our own wordings beside them; the preamble dates the contract March 1, 2020.
_REWORDED_TERMS: list[tuple[str, date | None]] = [
    # a term that begins, or becomes effective, rather than commences
    (
        "The term of this Agreement shall be for a period of twenty four (24) months to begin on "
        "the launch date of June 1, 2020.",
        date(2022, 6, 1),
    ),
    ("This Agreement shall begin on the Effective Date for a term of a year.", date(2021, 3, 1)),
    (
        "This Agreement will become effective on the Effective Date and shall remain for a term "
        "of a year.",
        date(2021, 3, 1),
    ),
    # a length after "terminate", "end" or "lapse" counts from the contract's own start only
    (
        "Unless terminated earlier under Section 9, this Agreement shall terminate five (5) "
        "years after the Effective Date.",
        date(2025, 3, 1),
    ),
    (
        'The initial term of this Agreement (the "Initial Term") shall begin on the Effective '
        "Date and end three (3) years thereafter.",
        date(2023, 3, 1),
    ),
    (
        "This Agreement will automatically terminate 18 months from the date hereof.",
        date(2021, 9, 1),
    ),
    (
        "The term of this Agreement shall commence on the Effective Date and shall lapse ten "
        "(10) years from the Effective Date.",
        date(2030, 3, 1),
    ),
    ("This Agreement shall terminate one (1) year from the First Commercial Sale.", None),
    ("Either party may terminate this Agreement five (5) years after the Effective Date.", None),
    # the same for the first limb of "the earlier of"
    (
        "This Agreement shall expire on the earlier of (a) two (2) years after the Effective "
        "Date and (b) the date on which the Buyer ceases to buy the products.",
        date(2022, 3, 1),
    ),
    (
        "The term of this Agreement will not end until the later of (a) twelve (12) months "
        "from the Launch Date or (b) the date the Buyer has bought 10,000 units.",
        None,
    ),
    # the date and the hour of the last day, however written
    (
        "This Agreement shall commence on the Effective Date and shall continue until the "
        "31st day of December, 2022, unless terminated earlier.",
        date(2022, 12, 31),
    ),
    ('"Expiration Date" means the 30th day of June, 2023.', date(2023, 6, 30)),
    (
        "The Term of the parties' cooperation shall be two years from the 1st day of March, "
        "2020 to the 28th day of February, 2022.",
        date(2022, 2, 28),
    ),
    (
        "This Agreement shall terminate five (5) years after the launch of the Website, but in "
        "no event later than the 1st day of March, 2026.",
        date(2026, 3, 1),
    ),
    ("The term of this Agreement shall end at midnight on May 31, 2021.", date(2021, 5, 31)),
    (
        "This Agreement shall expire at 11:59 p.m. (Eastern time) on June 30, 2022.",
        date(2022, 6, 30),
    ),
    (
        "This Agreement shall expire at the close of business on the earlier of (a) June 30, "
        "2022 and (b) the date the Products are withdrawn.",
        date(2022, 6, 30),
    ),
    (
        "Unless earlier terminated, the term of this Agreement shall end at midnight on the "
        "third anniversary of the Effective Date.",
        date(2023, 3, 1),
    ),
    (
        "This Agreement shall continue until and including December 31, 2021, unless "
        "terminated earlier.",
        date(2021, 12, 31),
    ),
    ("The initial term of this Agreement shall lapse on 31 December 2024.", date(2024, 12, 31)),
    # ends in sentences of our own that train's wordings lacked
    ("This Agreement is valid till December 31, 2022.", date(2022, 12, 31)),
    ("This Agreement shall terminate as at 31 December 2022.", date(2022, 12, 31)),
    ("This Agreement shall run until December 31, 2022.", date(2022, 12, 31)),
    ("Expiry Date: 31 December 2022", date(2022, 12, 31)),
    ("The Agreement term ends December 31, 2022.", date(2022, 12, 31)),
    (
        "Unless terminated earlier, the Agreement will remain in force for a five (5) year "
        "period starting on the Effective Date.",
        date(2025, 3, 1),
    ),
    (
        "The Contract Price shall be firm for a minimum period of twenty-four (24) months from "
        "the Effective Date.",
        None,
    ),
    # the term's other names and measures
    (
        "The Agreement shall have an original term of four (4) years commencing on the "
        "Effective Date.",
        date(2024, 3, 1),
    ),
    (
        'The initial term of this Agreement (the "Initial Term") shall commence on the '
        "Effective Date and continue for a period of one hundred twenty (120) months "
        "thereafter.",
        date(2030, 3, 1),
    ),
    ("This Agreement shall remain in force for one hundred (100) years.", None),
    ("This Agreement has a term of two (2) years.", date(2022, 3, 1)),
    ("The term of this Agreement shall run for two (2) years.", date(2022, 3, 1)),
    (
        "The term of this Agreement shall last for a period of twenty-four (24) months.",
        date(2022, 3, 1),
    ),
    (
        "The Supplier shall support the version the Buyer has installed for at least "
        "twenty-four (24) months after each release.",
        None,
    ),
    # anniversaries of the start by its other names
    (
        "This Agreement will commence on the Effective Date and will terminate on the third "
        "anniversary date of the Effective Date.",
        date(2023, 3, 1),
    ),
    (
        "This Agreement will commence on the date of execution of this Agreement and will "
        "terminate on the second anniversary of the date of execution of this Agreement.",
        date(2022, 3, 1),
    ),
    (
        "This Agreement shall terminate on the second anniversary of the date first written above.",
        date(2022, 3, 1),
    ),
]


@pytest.mark.parametrize(("term", "ends"), _REWORDED_TERMS)
def test_the_end_of_a_term_in_the_wordings_train_lacked(term: str, ends: date | None) -> None:
    assert _ends(term) == ends


@pytest.mark.parametrize(
    "start",
    [
        "This Agreement is effective as at 1 March 2020.",
        "The Parties agree that this Agreement is effective retroactively as of March 1, 2020.",
        "This Agreement will be in force from March 1, 2020.",
        "This Agreement shall be valid from March 1, 2020.",
    ],
)
def test_a_start_after_the_signing_however_it_is_worded(start: str) -> None:
    # sentences of our own (session 14): each was read as no start at all
    text = (
        "This Supply Agreement is made on February 10, 2020 between Acme Widgets, Inc. "
        '("Seller") and Beta Foods LLC ("Buyer").\n\n1. Term. ' + start + _AFTER
    )

    dates = find_contract_dates(prepare_text(text), english=True)

    assert (dates.signed_on, dates.starts_on) == (date(2020, 2, 10), date(2020, 3, 1))
