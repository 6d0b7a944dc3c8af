"""Readings drawn from the twenty-seventh blind round's misses (en_contracts_extra53 and 54:
late-1990s filings, renewals and choices of law), each written here in other words than the
fixture that showed it: an English right to end "without giving any reason", and a term that
goes on "indefinitely until terminated" once its first period is over."""

from __future__ import annotations

from tests.clause_text import section_flagged

_HEAD = (
    "SPONSORSHIP AGREEMENT\n\nTHIS AGREEMENT is made on 3rd February 1997 BETWEEN Alder Racing "
    'Limited ("the Team") and Corbin Lubricants plc ("the Sponsor").'
)


def test_a_right_to_end_without_giving_any_reason_is_convenience() -> None:
    assert section_flagged(
        _HEAD,
        "12.3 The Sponsor may terminate this Agreement with effect from 31st December 1998 by "
        "giving the Team not less than ninety (90) days' written notice expiring on that date, "
        "without giving any reason, provided that the Sponsor shall pay to the Team, on or before "
        "the date on which termination takes effect, a termination payment of two hundred "
        "thousand pounds (£200,000).",
        "unilateral_termination",
    )


def test_a_term_that_goes_on_indefinitely_after_its_first_period_renews() -> None:
    assert section_flagged(
        _HEAD,
        '5.1 This Agreement shall continue until 31st March 2000 (the "Initial Term"). '
        "Following the Initial Term, this Agreement shall continue in force indefinitely until "
        "terminated by either party upon six (6) months' written notice.",
        "auto_renewal",
    )
