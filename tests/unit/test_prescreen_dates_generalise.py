"""Issue 13: date and renewal rules written as a lawyer reads a contract, not as one train
contract happened to be worded.

Short quotes are from dev-fold train CUAD contracts (CC BY 4.0) or written in their style.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag

_PREAMBLE = (
    'This Agreement (the "Agreement") is entered into as of March 1, 2010 (the "Effective '
    'Date") by and between Acme Corp. and Widget LLC.\n\n'
)
# Filler pushes a clause past the preamble, where most body dates belong to other things.
_BODY = "The parties shall cooperate in good faith in all matters under this Agreement. " * 70


def _dates(text: str) -> tuple[date | None, date | None, date | None]:
    found = find_contract_dates(prepare_text(text), english=True)
    return found.signed_on, found.starts_on, found.ends_on


def _renews(sentence: str) -> bool:
    flag = find_clauses(prepare_text(sentence), ("en",), can_judge=True)["auto_renewal"]
    return bool(flag and flag.present)


@pytest.mark.parametrize(
    "clause",
    [
        "Licensee shall pay an advertising fund fee of 2% of gross sales, beginning "
        "January 1, 2001.",
        "Theravance will invoice GSK on a quarterly basis beginning April 1, 2003.",
        "Sponsor products may be distributed from approximately October 1, 2009.",
    ],
)
def test_a_fee_or_a_promotion_beginning_in_the_body_does_not_start_the_contract(
    clause: str,
) -> None:
    text = "SERVICES AGREEMENT\n\nMade by and between Acme Corp. and Widget LLC.\n\n"
    _, start, _ = _dates(text + _BODY + clause)
    assert start is None


def test_the_contract_starting_in_the_body_still_starts_it() -> None:
    text = "JOINT VENTURE AGREEMENT\n\nBetween Acme Corp. and Widget LLC.\n\n"
    clause = "8. Term. The joint venture shall commence on the 1st of March, 2003."
    _, start, _ = _dates(text + _BODY + clause)
    assert start == date(2003, 3, 1)


def test_the_term_begins_on_a_date() -> None:
    text = (
        "ENDORSEMENT AGREEMENT\n\n1.1 The term of this Agreement shall begin on January 1, "
        "2000 and continue for an initial period of five (5) years."
    )
    _, start, end = _dates(text)
    assert (start, end) == (date(2000, 1, 1), date(2005, 1, 1))


def test_a_duty_that_survives_the_contract_is_not_its_term() -> None:
    text = _PREAMBLE + (
        "This covenant shall survive the termination or expiration of this Agreement and "
        "shall continue in full force and effect for a period of three (3) years."
    )
    assert _dates(text)[2] is None


def test_a_payment_period_after_a_termination_right_is_not_the_term() -> None:
    text = _PREAMBLE + (
        "No payment shall be due in the event that this Agreement is terminated by Achaogen "
        "under Section 9.2 (termination at will) at any time in connection with the failure "
        "to obtain, or maintain, regulatory approval for the product, whatever the reason "
        "for that failure may be and whoever may have caused it; and 9.4.5.2 for a period of "
        "two (2) years after such termination, Achaogen shall pay the fees."
    )
    assert _dates(text)[2] is None


def test_a_delivery_deadline_is_not_the_end_of_the_contract() -> None:
    text = (
        _PREAMBLE
        + _BODY
        + (
            "Within thirty (30) days of delivery of the software, but in no event later than "
            "December 1, 2010, Corio shall test the software for conformance with the "
            "documentation."
        )
    )
    assert _dates(text)[2] is None


@pytest.mark.parametrize(
    "sentence",
    [
        "This promotion shall begin on June 1, 1999 and shall terminate June 1, 2000 (herein "
        '"Term"). This term shall be extended for a 1 year period provided 3000 pagers per '
        "month are distributed to purchase customers.",
        "This Agreement shall renew for one (1) year terms unless either party gives written "
        "notice of termination sixty (60) days before the end of the term.",
        "This Agreement will renew each year for a one year period unless canceled in writing "
        "by either party.",
        "The term of this Agreement shall be renewed annually unless either party gives "
        "written notice of termination.",
        "The Agreement shall thereafter be renewed for like periods unless either party "
        "terminates it with 90 days notice.",
    ],
)
def test_the_term_extended_by_the_contract_itself(sentence: str) -> None:
    assert _renews(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The time required for performance shall be extended for a period equal to the "
        "period of delay caused by the force majeure event under this Agreement.",
        "The warranties set forth in this Agreement will extend for a period of two years.",
        "The term of this Agreement shall be extended for subsequent one year periods upon the "
        "mutual agreement of the parties.",
    ],
)
def test_a_delay_a_warranty_or_an_agreed_extension_is_no_renewal(sentence: str) -> None:
    assert not _renews(sentence)


def _renewal_option(sentence: str) -> ClauseFlag | None:
    padding = "\nThe other provisions of this Agreement are set out below in the usual way." * 20
    return find_renewal_option(prepare_text(sentence + padding), can_judge=True)


@pytest.mark.parametrize(
    "sentence",
    [
        "Distributor shall be entitled to renew this Agreement for a further term of three "
        "years by written notice given six months before the end of the term.",
        "Licensee may exercise its renewal option for an additional term of five years by "
        "notice to Licensor.",
        "Customer may, at its sole discretion, extend the term of this Agreement for up to two "
        "additional one-year periods.",
        "Distributor shall be entitled to one renewal of this Agreement for a further three year "
        "term.",
    ],
)
def test_a_right_to_renew_in_other_words(sentence: str) -> None:
    flag = _renewal_option(sentence)
    assert flag is not None and flag.present


def test_effective_on_the_day_of_a_date() -> None:
    text = "COOPERATION AGREEMENT\n\n3.1.1 This Agreement is effective on the day of May 1, 2013."
    assert _dates(text)[1] == date(2013, 5, 1)


def test_an_effective_date_defined_to_the_minute() -> None:
    text = (
        "JOINT VENTURE AGREEMENT dated March 18, 2003 between Acme Corp. and Widget LLC.\n\n"
        '1.9. "Effective Date" means 12:01 a.m. Eastern Standard Time on March 3, 2003.'
    )
    assert _dates(text)[1] == date(2003, 3, 3)


def test_a_preamble_dated_as_of_after_its_parties() -> None:
    text = (
        "RESELLER AGREEMENT\n\nThis Reseller Agreement is made by and between Galaxy Inc., "
        'having an office at Suite 1, 100 Main St., Vancouver ("Galaxy") and Telnet SRL, '
        'having a principal office at Apt. 43, Constanta, Romania ("Telnet") as of the 1st day '
        "of June, 2004.\n\n10.1 The initial term of this Agreement will be for two (2) years "
        "commencing on the Effective Date."
    )
    assert _dates(text) == (date(2004, 6, 1), date(2004, 6, 1), date(2006, 6, 1))


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("This Agreement shall have an initial five-year term.", date(2015, 3, 1)),
        ("This Agreement shall continue for a three (3)-year period.", date(2013, 3, 1)),
        (
            "Shipper shall ship its volume in each contract year of the fifteen (15) year term "
            "of this Agreement.",
            date(2025, 3, 1),
        ),
    ],
)
def test_a_term_length_written_as_one_word_or_after_the_number(sentence: str, end: date) -> None:
    assert _dates(_PREAMBLE + sentence)[2] == end


@pytest.mark.parametrize(
    "words", ["shall take effect on", "shall come into force on", "shall enter into force on"]
)
def test_the_start_in_other_words(words: str) -> None:
    text = (
        "LICENSE AGREEMENT\n\nThis Agreement is made this 5th day of June, 2012 between Acme "
        f"Corp. and Widget LLC. This Agreement {words} July 1, 2012."
    )
    assert _dates(text)[:2] == (date(2012, 6, 5), date(2012, 7, 1))


def test_an_extension_by_request_is_no_right() -> None:
    flag = _renewal_option(
        "The term may be extended by request from the Owner or the Contractor, if so stated."
    )
    assert flag is not None and not flag.present
