"""Older blind rounds' misses read since session 34, written here in other words than the
fixtures that showed them: a consultant's fee owed if the company ends the agreement early is
a termination fee whatever it is called."""

from __future__ import annotations

from tests.clause_text import section_flagged

_HEAD = (
    "CONSULTING AGREEMENT\n\nThis Consulting Agreement is entered into as of March 2, 2018 by "
    'and between Harwood Minerals Corp. (the "Company") and Lisle Advisory LLC ("Consultant").'
)


def test_a_fee_owed_if_the_company_ends_the_agreement_early() -> None:
    assert section_flagged(
        _HEAD,
        "6. Either party may terminate this Agreement at any time on thirty days' written "
        "notice. The Company shall pay Consultant a fee of $20,000 if this Agreement is "
        "terminated by the Company before March 1, 2019, other than for Consultant's breach.",
        "penalty",
    )


def test_fees_accrued_to_the_day_it_ends_are_no_fee() -> None:
    assert not section_flagged(
        _HEAD,
        "6. Either party may terminate this Agreement at any time on thirty days' written "
        "notice. If this Agreement is terminated, the Company shall pay Consultant the fees "
        "earned through the date of termination, being an amount of $2,000 per month.",
        "penalty",
    )
