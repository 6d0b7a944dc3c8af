"""Issue 13: text whose lines were joined by runs of spaces reads as its lines did.

Half of the filings' text in CUAD runs its lines together with three spaces ("Exhibit 10.1
COLLABORATION AGREEMENT   THIS COLLABORATION AGREEMENT ..."), and so does text copied from
many converters. Each contract here is written for the test and screened twice: as lines,
and with every line break replaced by three spaces. What the screen reads from a line's
start (a title, a form's fields, a header date, the agreeing sentence) must not depend on
which of the two it was given.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen import RoutingPolicy, screen_text
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult

_BODY = (
    "\n\n1. Services. Beta shall provide the services described in Exhibit A.\n\n"
    "2. Payment. Alpha shall pay Beta the fees set out in Exhibit B within thirty days of "
    "invoice.\n\n3. Notices. All notices shall be in writing.\n"
)


def _join(text: str) -> str:
    return re.sub(r"[ \t]*\n\s*", "   ", text)


def _both(text: str) -> tuple[PrescreenResult, PrescreenResult]:
    policy = RoutingPolicy()
    lines, joined = (
        screen_text(t, pipeline="contract", language_hint="en", policy=policy).result
        for t in (text, _join(text))
    )
    return lines, joined


def test_an_order_form_reads_its_title_dates_and_law_from_joined_fields() -> None:
    form = (
        "ORDER FORM\n\nCustomer: Northwind Traders Inc.\nVendor: Contoso Ltd.\n\n"
        "Service Start Date: 03/03/2015\nService End Date: 03/02/2016\n"
        "Governing Law: New York\n" + _BODY
    )
    for result in _both(form):
        assert result.title == "ORDER FORM"
        assert (result.starts_on, result.ends_on) == (date(2015, 3, 3), date(2016, 3, 2))
        assert result.governing_law == "US-NY"


def test_an_addendum_field_ends_the_term_in_joined_text() -> None:
    text = (
        "FRANCHISE AGREEMENT\n\nThis Franchise Agreement is made as of March 21, 2014 (the "
        '"Effective Date") by and between Alpha Corp. and Beta LLC.\n\n1. Term. The Term '
        "begins on the Effective Date and ends on the Expiration Date set forth in the "
        "Addendum.\n\nADDENDUM\n\nExpiration Date: at midnight on the last day of the month "
        "fifteen (15) years from the Effective Date\n\nMonthly Fee: four percent (4%) of Gross "
        "Rooms Revenue\n"
    )
    for result in _both(text):
        assert result.ends_on == date(2029, 3, 31)


@pytest.mark.parametrize(
    "head",
    [
        "SERVICES AGREEMENT\n\nDate of Agreement: March 3, 2015\n\nThis Services Agreement is "
        'between Alpha Corp., a Delaware corporation ("Alpha"), and Beta LLC ("Beta").',
        "SERVICES AGREEMENT\n\nMarch 3, 2015\n\nThis Services Agreement is made between Alpha "
        'Corp., a Delaware corporation ("Alpha"), and Beta LLC ("Beta").',
    ],
)
def test_a_header_date_on_its_own_line_dates_joined_text(head: str) -> None:
    for result in _both(head + _BODY):
        assert result.signed_on == date(2015, 3, 3)


def test_two_companies_agreeing_after_a_joined_title_are_the_parties() -> None:
    text = "SERVICES AGREEMENT\n\nAlpha Corp. and Beta LLC hereby agree as follows:" + _BODY
    for result in _both(text):
        assert [party.name for party in result.parties] == ["Alpha Corp.", "Beta LLC"]


def test_a_title_spaced_out_in_its_own_line_still_wins_over_joined_lines() -> None:
    # the runs of spaces are read as line breaks only when the lines give no title
    text = "SALES   AGENCY   AGREEMENT\n\nThis Agreement is made by Alpha Corp. and Beta LLC."
    lines, _ = _both(text + _BODY)
    assert lines.title == "SALES AGENCY AGREEMENT"


def test_a_sentence_ends_before_the_next_joined_line() -> None:
    text = prepare_text(
        "Either party may cancel this Agreement at any time by written notice.   "
        "§ 8 Termination of the agreement   (1) When the agreement ends, all sums fall due."
    )
    begin, end = text.sentence_span(10, 20)
    assert text.raw[begin:end].endswith("by written notice.")


def test_a_line_span_stops_at_a_run_of_spaces() -> None:
    text = prepare_text("SERVICES AGREEMENT   March 3, 2015   This Services Agreement is made")
    start = text.raw.index("March")
    begin, end = text.line_span(start, start + 5)
    assert text.raw[begin:end] == "March 3, 2015"
