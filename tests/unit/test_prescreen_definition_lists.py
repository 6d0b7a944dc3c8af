"""Forms whose cover terms are a Markdown definition list, and what else OpenAgreements'
employment and founder forms (the fixture set `en_openagreements`, labelled before any of our
code read it) showed the screen had never met. The sentences are our own, in those forms'
manner."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen import RoutingPolicy, screen_text
from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult

_COVER = (
    "# Employee Restrictive Covenant Agreement\n\n"
    "## Cover Terms\n\n"
    "The terms below are incorporated into and form part of this agreement.\n\n"
    "Employer\n: Harrowdale Analytics, Inc.\n\n"
    "Employee\n: Mara Quinlan\n\n"
    "Effective Date\n: March 3, 2025\n\n"
    "Governing Law\n: Oregon\n\n"
    "## Standard Terms\n\n"
    "### Non-Solicitation\n\n"
    "During the Restricted Period, Employee must not solicit any Covered Customer.\n"
)


def _screen(text: str) -> PrescreenResult:
    return screen_text(text, pipeline="contract", language_hint="en", policy=RoutingPolicy()).result


def test_a_definition_lists_field_reads_as_the_fields_line() -> None:
    text = "Employer\n: Harrowdale Analytics, Inc.\n\nEmployee\n\n: Mara Quinlan\n"
    prepared = prepare_text(text)

    assert prepared.norm == "Employer:  Harrowdale Analytics, Inc.\n\nEmployee:   Mara Quinlan\n"
    assert len(prepared.norm) == len(text)


def test_a_definition_lists_long_name_is_no_field() -> None:
    # seven words and more: a sentence broken before a colon, not a field's name
    text = "The parties have agreed the following terms today\n: see below\n"

    assert prepare_text(text).norm == text


def test_an_employer_and_an_employee_are_the_sides_of_a_covers_fields() -> None:
    parties = find_parties_en(prepare_text(_COVER))

    assert [(p.name, p.role) for p in parties] == [
        ("Harrowdale Analytics, Inc.", "Employer"),
        ("Mara Quinlan", "Employee"),
    ]


def test_a_definition_lists_law_and_start_are_read() -> None:
    result = _screen(_COVER)

    assert result.governing_law == "US-OR"
    assert result.starts_on == date(2025, 3, 3)


def test_an_offers_expiration_date_is_no_end_of_the_contract() -> None:
    text = _COVER.replace(
        "Governing Law\n", "Offer Expiration Date\n: March 20, 2025\n\nGoverning Law\n"
    )

    assert _screen(text).ends_on is None


@pytest.mark.parametrize(
    ("sentence", "renews"),
    [
        # the words after "subsequent" say what follows, not how long a term is
        (
            "If Employee is laid off, the covenant applies only with pay for the period of "
            "enforcement, minus compensation earned through subsequent employment during the "
            "period of enforcement, unless the Employer waives it before the termination.",
            False,
        ),
        (
            "This Agreement shall renew for subsequent one-year periods unless either party gives "
            "notice of termination.",
            True,
        ),
    ],
)
def test_subsequent_periods_renew_only_as_a_terms_length(sentence: str, renews: bool) -> None:
    flag = _screen(_COVER + "\n### Term\n\n" + sentence + "\n").auto_renewal

    assert bool(flag and flag.present) is renews


@pytest.mark.parametrize("title", ["Employment Offer Letter", "ENGAGEMENT LETTER"])
def test_an_offer_or_engagement_letter_is_titled_so(title: str) -> None:
    text = f"# {title}\n\nEmployer\n: Harrowdale Analytics, Inc.\n\n1. Position."

    assert find_title(prepare_text(text)) == title
