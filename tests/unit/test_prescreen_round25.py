"""Readings drawn from the twenty-fifth blind round's misses (en_contracts_extra49 and 50: how
the parties are named and when the contract takes effect), each written here in other words
than the fixture that showed it: a side that joins "solely for purposes of" some sections, an
Effective Date that is the day of an event nobody has dated, and a European "shall enter into
force upon its signature by both Parties"."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY


@pytest.mark.parametrize(
    "joins",
    [
        "solely for purposes of Article 9 and Article 12, KESTREL HOLDINGS, INC.",
        "solely for the purposes of Section 9.4, KESTREL HOLDINGS, INC.",
    ],
)
def test_a_side_that_joins_for_some_sections_is_named_not_its_sections(joins: str) -> None:
    text = prepare_text(
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is entered into as of May 2, 2014 by and "
        'among ALDER FIBRE, INC., an Ohio corporation ("Supplier"), CORBIN CARTONS, LLC, a '
        f'Delaware limited liability company ("Buyer"), and, {joins}, a Delaware corporation '
        '("Guarantor").' + BODY
    )
    assert [party.name for party in find_parties_en(text)] == [
        "ALDER FIBRE, INC.",
        "CORBIN CARTONS, LLC",
        "KESTREL HOLDINGS, INC.",
    ]


def test_an_effective_date_that_is_an_undated_events_day_is_unknown() -> None:
    text = prepare_text(
        "RESEARCH AGREEMENT\n\nThis Research Agreement is made as of March 4, 2015 between Alder "
        "Labs, Inc. and the Corbin Institute.\n\n2.1 This Agreement shall come into force on the "
        'date (the "Effective Date") on which the regulator issues its approval of the Study.'
        "\n\n2.2 This Agreement shall continue in force until the second (2nd) anniversary of "
        "the Effective Date." + BODY
    )
    dates = find_contract_dates(text, english=True)
    assert (dates.starts_on, dates.ends_on) == (None, None)


@pytest.mark.parametrize(
    ("sentence", "starts"),
    [
        (
            "2.2 This Agreement shall become effective on, and only upon the occurrence of, the "
            'Closing, and the date on which the Closing occurs is the "Effective Date."',
            None,
        ),
        # a right to end it on a sale's closing is no start on an event
        (
            "8.3 If Owner sells the Property, Owner may terminate this Agreement effective upon "
            "the closing of the sale.",
            date(2007, 6, 14),
        ),
    ],
)
def test_a_contract_effective_only_upon_the_closing_has_no_start_of_its_own(
    sentence: str, starts: date | None
) -> None:
    text = prepare_text(
        "SERVICES AGREEMENT\n\nThis Services Agreement is made and entered into as of June 14, "
        "2007 by and between Alder Realty, LLC and Corbin Management, Inc.\n\n2.1 Manager shall "
        "begin the Services on the Effective Date." + BODY + "\n\n" + sentence + BODY
    )
    assert find_contract_dates(text, english=True).starts_on == starts


def test_in_force_upon_signature_by_both_parties_starts_on_the_last_signature() -> None:
    text = prepare_text(
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Alder Werke GmbH and Corbin "
        "Foods Inc." + BODY + "\n\n13.1 This Agreement shall enter into force upon its "
        "signature by both Parties and shall remain in force until 31.12.2011."
        + BODY
        + "\n\nAlder Werke GmbH\n\nBy: ____________\n\nDate: 04.11.2008\n\nCorbin Foods Inc."
        "\n\nBy: ____________\n\nDate: 12.11.2008\n"
    )
    assert find_contract_dates(text, english=True).starts_on == date(2008, 11, 12)
