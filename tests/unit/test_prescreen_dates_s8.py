"""Session 8, issue 13: dates of a contract's term written as a lawyer writes them, not as
one contract happened to word them: a range the term runs over, the first limb of "the
later of", a length the contract names its Initial Term, an end long before the start, and
a closing "Signed and effective this ..." sentence above the signatures.

Short quotes are from dev-fold train CUAD contracts (CC BY 4.0) or written in their style.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

_PREAMBLE = (
    "This Agreement is entered into as of March 1, 2010 by and between Acme Corp. and "
    "Widget LLC.\n\n"
)
# Filler pushes a clause past the preamble, where most body dates belong to other things.
_BODY = "The parties shall cooperate in good faith in all matters under this Agreement. " * 70


def _dates(text: str) -> tuple[date | None, date | None, date | None]:
    found = find_contract_dates(prepare_text(text), english=True)
    return found.signed_on, found.starts_on, found.ends_on


@pytest.mark.parametrize(
    ("clause", "end"),
    [
        # a range the term runs over: its second date ends it
        (
            "The Cooperation Term of the parties shall be two years from May 1, 2013 to "
            "April 30, 2015.",
            date(2015, 4, 30),
        ),
        ("Terms of the project: 12 weeks from February 8, 2018 to May 3, 2018.", date(2018, 5, 3)),
        # the first limb of "the later of" / "the earlier of"
        (
            "The term of this Agreement will begin on March 1, 2010 and will end the later of "
            "(i) December 15, 2012 or (ii) the delivery of all guaranteed Click-throughs.",
            date(2012, 12, 15),
        ),
        (
            "This Agreement shall expire upon the earlier of (a) June 30, 2013 and (b) the "
            "sale of all Shares.",
            date(2013, 6, 30),
        ),
        # a length the contract names its Initial Term, though the sentence's subject is
        # far from it
        (
            "This Agreement will become effective as of the Effective Date and, unless sooner "
            "terminated pursuant to Sections 3.1 [Advertising and Promotion] or 10.2 "
            "[Termination for Breach], shall remain effective for two (2) years from and "
            'after the Effective Date (the "Initial Term").',
            date(2012, 3, 1),
        ),
    ],
)
def test_the_end_of_a_term_written_in_general_words(clause: str, end: date) -> None:
    assert _dates(_PREAMBLE + _BODY + clause)[2] == end


@pytest.mark.parametrize(
    "clause",
    [
        # a period inside the term, not the term's end
        "During the Term of this Agreement, Premier shall purchase a minimum volume for the "
        "twelve-month period commencing July 1, 2010 and ending June 30, 2011.",
        # a range of payments, not of the term
        "Fees for the period from January 1, 2011 to December 31, 2011 are due in advance.",
    ],
)
def test_a_period_inside_the_contract_does_not_end_it(clause: str) -> None:
    assert _dates(_PREAMBLE + _BODY + clause)[2] is None


def test_an_end_long_before_the_start_ends_something_earlier() -> None:
    text = (
        "This Agreement is made as of January 1st, 2013 (the Effective Date) by and between "
        "Acme Corp. and Widget LLC.\n\n"
        + _BODY
        + '"Year" means the period commencing with the date of this Agreement and ending on '
        "November 7th 2009.\n\n"
        "13.1 Term. The term of this Agreement is three years from and including the date of "
        'this Agreement (the "Initial Term").'
    )
    assert _dates(text)[2] == date(2016, 1, 1)


def test_an_amendment_signed_late_keeps_the_end_it_restates() -> None:
    text = (
        "AMENDMENT dated as of February 19, 2007 to the Agreement.\n\n"
        "The rights granted under this Agreement shall be effective as of the Effective Date "
        'and shall expire on December 31, 2006 (the "Term").'
    )
    assert _dates(text)[2] == date(2006, 12, 31)


def test_a_closing_sentence_above_the_signatures_dates_the_contract() -> None:
    text = (
        "AGENCY AGREEMENT\n\nThe Company appoints the Agency as its agent.\n\n"
        + _BODY
        + "Signed and effective this 25th day of May, 1999.\n\n"
        "AGENCY\n\nBy: /s/ Terrence L. Walsh\n\nIts: President"
    )
    signed, start, _ = _dates(text)
    assert signed == date(1999, 5, 25)
    assert start == date(1999, 5, 25)


def test_a_signature_written_with_backslashes_dates_its_side() -> None:
    text = (
        "OUTSOURCING AGREEMENT between MMI and Dragon Systems, Inc. EFFECTIVE AS OF "
        "(EFFECTIVE DATE)\n\n"
        + _BODY
        + "MMI\n\n\\s\\ John Dick   General Manager   19 Jan. 1998\n\n"
        "DRAGON SYSTEMS, INC.\n\n\\s\\ Janet M. Baker, President   12 Jan. 1998\n"
    )
    assert _dates(text)[0] == date(1998, 1, 19)


@pytest.mark.parametrize(
    ("clause", "end"),
    [
        # any number a lawyer spells, not only the ones listed
        ("This Agreement shall remain in effect for sixty months.", date(2015, 3, 1)),
        ("The term of this Agreement shall be forty-eight (48) months.", date(2014, 3, 1)),
        ("The term of this Agreement shall be for twenty four months.", date(2012, 3, 1)),
        ("This Agreement shall continue for thirteen years.", date(2023, 3, 1)),
        # the term runs from the date written right after its length
        (
            "The remaining term of this Agreement shall be for a period of twenty four (24) "
            "months to commence on the tentative launch date of January 4, 1999.",
            date(2001, 1, 4),
        ),
        (
            "The term of this Agreement shall be for one year commencing on the 1st day of "
            "May, 2006.",
            date(2007, 5, 1),
        ),
    ],
)
def test_a_stated_length_in_any_words(clause: str, end: date) -> None:
    assert _dates(_PREAMBLE + _BODY + clause)[2] == end


@pytest.mark.parametrize(
    "clause",
    [
        "The term of this Agreement shall be for several years.",
        "This Agreement may be renewed for successive one (1) year terms by mutual agreement.",
        "This Agreement shall remain in effect for a thousand years.",
    ],
)
def test_words_that_are_no_length_give_no_end(clause: str) -> None:
    assert _dates(_PREAMBLE + _BODY + clause)[2] is None


@pytest.mark.parametrize(
    ("later", "start"),
    [
        # the effective date of something else: the contract defines none of its own
        (
            "Notice of a change of address is given ten days in advance of the effective date "
            "of such designation.",
            None,
        ),
        (
            "Insurers give notice at least thirty (30) days in advance of the effective date of "
            "the cancellation.",
            None,
        ),
        # the contract's own Effective Date: the date it is made as of is its start
        ("Fees are payable from the Effective Date of this Agreement.", date(1996, 3, 13)),
        ("Fees are payable from the Effective Date.", date(1996, 3, 13)),
    ],
)
def test_only_the_contracts_own_effective_date_makes_its_date_the_start(
    later: str, start: date | None
) -> None:
    text = (
        "This Sponsorship Agreement is made as of March 13, 1996 by and between Acme Corp. "
        "and Widget LLC.\n\n" + later
    )
    assert _dates(text)[:2] == (date(1996, 3, 13), start)


def test_a_term_commencing_on_the_date_of_the_agreement_starts_on_its_date() -> None:
    text = (
        "This Endorsement Agreement is made this 20th day of March 2002 by and between Acme "
        "Corp. and John Roe.\n\n"
        + _BODY
        + "Unless otherwise provided for in this Agreement, the term of this Agreement shall be "
        "three years, commencing on the date of this Agreement and expiring on the third "
        'anniversary date of this Agreement (the "Termination Date").'
    )
    assert _dates(text) == (date(2002, 3, 20), date(2002, 3, 20), date(2005, 3, 20))


def test_two_signature_dates_flattened_into_one_row_give_the_later() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nThis Agreement is between Acme Corp. and Widget LLC. It shall "
        "become effective when it shall have been executed by all parties.\n\n"
        + _BODY
        + "IN WITNESS WHEREOF, the parties have signed this Agreement.\n\n"
        "ACME CORP.   WIDGET LLC   S/ Jane Roe   S/ John Doe   President   CEO       "
        "Date:   Date:       3-29-2016   3-31-16\n"
    )
    assert _dates(text)[0] == date(2016, 3, 31)


@pytest.mark.parametrize(
    ("clause", "end"),
    [
        # a definitions section: the Initial Term is defined with its end
        (
            '"Initial Term" means the period commencing on the Effective Date and ending on '
            "December 31, 2020.",
            date(2020, 12, 31),
        ),
        # a cover sheet
        ("Term: 3 years from the Effective Date.", date(2013, 3, 1)),
    ],
)
def test_a_term_defined_or_tabled_gives_its_end(clause: str, end: date) -> None:
    assert _dates(_PREAMBLE + _BODY + clause)[2] == end


def test_a_term_that_ends_on_an_event_gives_no_date() -> None:
    clause = (
        "This Agreement shall terminate one (1) year from the rig release date, if it has not "
        "been terminated sooner."
    )
    assert _dates(_PREAMBLE + _BODY + clause)[2] is None


def test_an_effective_date_defined_by_an_event_and_then_dated() -> None:
    text = (
        "MAINTENANCE AGREEMENT made this 31 January, 1994 between Ximage Corp. and Kuwait "
        "Airways.\n\n"
        "EFFECTIVE DATE shall mean the Date of Installation of the PSS in Kuwait, i.e. "
        "December 10, 1993.\n"
    )
    assert _dates(text)[:2] == (date(1994, 1, 31), date(1993, 12, 10))


def test_a_range_under_payment_terms_does_not_end_the_contract() -> None:
    clause = (
        "Payment terms: invoices for services from January 1, 2011 to March 31, 2011 are due "
        "within thirty days."
    )
    assert _dates(_PREAMBLE + _BODY + clause)[2] is None


def test_a_date_cited_after_the_length_for_another_document_is_not_its_start() -> None:
    clause = (
        "The term of this Agreement shall be two (2) years from the Effective Date (as defined "
        "in the Agreement dated June 1, 2004)."
    )
    assert _dates(_PREAMBLE + _BODY + clause)[2] == date(2012, 3, 1)


def test_a_russian_length_spelled_out_is_read_too() -> None:
    text = (
        "г. Москва 01.03.2010\n\nНастоящий договор вступает в силу с момента подписания и "
        "действует в течение семи лет."
    )
    found = find_contract_dates(prepare_text(text))
    assert found.ends_on == date(2017, 3, 1)


def test_a_renewal_term_defined_with_its_end_does_not_end_the_contract() -> None:
    clause = (
        '"Renewal Term" means each period of twelve consecutive calendar months that follows '
        "the end of the initial period of this arrangement, ending on December 31, 2015."
    )
    assert _dates(_PREAMBLE + _BODY + clause)[2] is None
