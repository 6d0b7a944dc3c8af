"""Session 9, issue 13: a long contract opens with a cover page and a table of contents, and
its preamble ("This Agreement is made as of ...") comes pages later; its date still dates
the contract. Only the contract naming itself right before the verb opens the preamble: a
later sentence about "this Agreement" or a cited agreement's date does not.

Sentences are made up, in the style of the dev-fold train contracts.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

_COVER = "MASTER SERVICES AGREEMENT\n\nbetween\n\nACME CORP.\n\nand\n\nWIDGET LLC\n\n"
# A table of contents: headings and page numbers, several pages of them.
_CONTENTS = "TABLE OF CONTENTS\n\n" + "".join(
    f"{n}. Heading of article number {n} ........................ {n + 2}\n" for n in range(1, 90)
)


def _signed(text: str) -> date | None:
    return find_contract_dates(prepare_text(text), english=True).signed_on


@pytest.mark.parametrize(
    ("preamble", "signed"),
    [
        (
            'This Master Services Agreement (the "Agreement") is made as of the 16th day of '
            "February, 1998, by and between Acme Corp. and Widget LLC.",
            date(1998, 2, 16),
        ),
        (
            'This Agreement (this "Agreement"), dated December 30, 2016 (the "Effective '
            'Date"), is between Acme Corp. and Widget LLC.',
            date(2016, 12, 30),
        ),
        (
            "This Outsourcing Agreement is entered into on June 3, 2011 by and between Acme "
            "Corp. and Widget LLC.",
            date(2011, 6, 3),
        ),
    ],
)
def test_preamble_after_a_table_of_contents_dates_the_contract(preamble: str, signed: date) -> None:
    assert len(_COVER + _CONTENTS) > 4000  # past the usual reach of a preamble date
    assert _signed(_COVER + _CONTENTS + "\n" + preamble + "\n\n1. Services.") == signed


def test_a_later_sentence_about_this_agreement_opens_no_preamble() -> None:
    # the contract names itself without a date of its own; a sentence pages on that speaks of
    # "this Agreement" and a payment "made" under it, and a cited agreement "dated", are no
    # preamble: their dates stay out of the signing date
    text = (
        _COVER
        + _CONTENTS
        + "\nAcme Corp. and Widget LLC agree as follows.\n\n"
        + "Payments under this Agreement shall be made by wire. "
        + "The Supply Agreement dated April 2, 2009 between the parties remains in force.\n"
    )
    assert _signed(text) is None


def test_a_short_contract_keeps_its_preamble_date() -> None:
    text = (
        "This Agreement is made as of May 1, 2004 by and between Acme Corp. and Widget LLC.\n\n"
        "Notices shall be made in writing. The Prior Agreement dated March 3, 2001 is ended."
    )
    assert _signed(text) == date(2004, 5, 1)
