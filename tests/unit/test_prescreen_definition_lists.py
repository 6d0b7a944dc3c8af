"""Forms whose cover terms are a Markdown definition list, and what else OpenAgreements'
employment and founder forms (the fixture set `en_openagreements`, labelled before any of our
code read it) showed the screen had never met. The sentences are our own, in those forms'
manner."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import _START_BEFORE
from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import screen_english

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
    result = screen_english(_COVER)

    assert result.governing_law == "US-OR"
    assert result.starts_on == date(2025, 3, 3)


def test_an_offers_expiration_date_is_no_end_of_the_contract() -> None:
    text = _COVER.replace(
        "Governing Law\n", "Offer Expiration Date\n: March 20, 2025\n\nGoverning Law\n"
    )

    assert screen_english(text).ends_on is None


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
    flag = screen_english(_COVER + "\n### Term\n\n" + sentence + "\n").auto_renewal

    assert bool(flag and flag.present) is renews


@pytest.mark.parametrize("title", ["Employment Offer Letter", "ENGAGEMENT LETTER"])
def test_an_offer_or_engagement_letter_is_titled_so(title: str) -> None:
    text = f"# {title}\n\nEmployer\n: Harrowdale Analytics, Inc.\n\n1. Position."

    assert find_title(prepare_text(text)) == title


# --- Word cover pages as Extract gives them: tables, a hint under a field's name ------------

_SOW = (
    "Professional Services Agreement\n\n"
    "| SOW <br> The key business terms of this SOW are as follows: |  |\n|---|---|\n"
    "| SOW and Agreement | This SOW incorporates the Agreement with a Key Terms Effective Date of"
    " January 6, 2025 between Kelderwick Data LLC and Orchard Mutual Insurance Company. |\n"
    "| SOW Date <br> The date this SOW begins | Date of last signature on this Cover Page |\n\n"
    "By signing this Cover Page, each party agrees to enter into this SOW as of the SOW Date.\n\n"
    "|  | PROVIDER: Kelderwick Data LLC |  | CUSTOMER: Orchard Mutual Insurance Company |\n"
    "|---|---|---|---|\n"
    "| Date | 07/28/2025 |  | 07/30/2025 |\n"
)


def test_a_hint_under_a_fields_name_is_blanked_and_the_value_kept() -> None:
    line = "| NDA Term <br> Period for sharing Confidential Information | Expires 2 years. |"
    prepared = prepare_text(line)

    assert prepared.norm.startswith("| NDA Term ")
    assert "Period for sharing" not in prepared.norm
    assert prepared.norm.endswith("| Expires 2 years. |")
    assert len(prepared.norm) == len(line)


@pytest.mark.parametrize(
    "line",
    [
        # a party's requisites in one cell: no hint under a name
        "| Заказчик: <br> ГБУЗ «Больница» <br> ИНН 0247001159 | Поставщик: ООО «Азат» |",
        # a cell that holds its value already, a line of numbers under it
        "| Заказчик:ГБУЗ РБ Федоровская ЦРБ <br> ИНН 0247001159 КПП 024701001 | Поставщик |",
    ],
)
def test_a_cell_holding_a_value_keeps_its_lines(line: str) -> None:
    assert prepare_text(line).norm == line


def test_a_sow_dated_by_its_last_signature_starts_then_not_on_the_master_agreements_date() -> None:
    result = screen_english(_SOW)

    assert (result.signed_on, result.starts_on) == (date(2025, 7, 30), date(2025, 7, 30))


def test_the_sides_of_a_signature_tables_header_cells_are_read() -> None:
    parties = find_parties_en(prepare_text(_SOW))

    assert [(p.name, p.role) for p in parties] == [
        ("Kelderwick Data LLC", "Provider"),
        ("Orchard Mutual Insurance Company", "Customer"),
    ]


def test_a_disclosers_field_and_a_signature_tables_company_name_the_sides() -> None:
    text = (
        "One-Way NDA\n\n| Discloser | Ferrowind Turbine Systems, Inc., 2200 Kessler Road |\n"
        "|---|---|\n| Effective Date | 9 June 2025 |\n\n"
        "|  |  | RECIPIENT |\n|---|---|---|\n| Company |  | Ambervale Castings LLC |\n"
    )

    assert [p.name for p in find_parties_en(prepare_text(text))] == [
        "Ferrowind Turbine Systems, Inc.",
        "Ambervale Castings LLC",
    ]


def test_a_start_dates_field_in_a_schedule_gives_way_to_the_last_signature() -> None:
    # "'Effective Date' means the date of last signature on the SOW": not the Services' start
    terms = "".join(
        f"{n}. Services. Contractor will perform the Services described on the SOW in a"
        " professional manner and in accordance with the Agreement and its terms.\n\n"
        for n in range(1, 40)
    )
    text = (
        "Independent Contractor Agreement\n\n"
        "| Schedule | Start date: March 10, 2025. End date: May 30, 2025. |\n|---|---|\n\n"
        "This Independent Contractor Agreement is entered into as of the Effective Date.\n\n"
        + terms
        + "40. Definitions. “Effective Date” means the date of last signature on the SOW.\n\n"
        "|  | COMPANY |  | CONTRACTOR |\n|---|---|---|---|\n"
        "| Date | March 3, 2025 |  | March 5, 2025 |\n"
    )
    assert screen_english(text).starts_on == date(2025, 3, 5)


@pytest.mark.parametrize(
    ("first_lines", "title"),
    [
        ("| Amendment <br> The parties identified below agree to the following: |  |", "Amendment"),
        ("# Term Sheet\n\n# This non-binding Term Sheet expresses our intention.", "Term Sheet"),
        # a field's name is no title
        ("| Cover Page |\n|---|\n| Name of Agreement: |\n| Acme Cloud Terms |", None),
    ],
)
def test_a_cover_tables_title_cell(first_lines: str, title: str | None) -> None:
    assert find_title(prepare_text(f"{first_lines}\n\n1. Services.")) == title


def test_a_cover_tables_effective_date_and_end_date_fields_give_the_term() -> None:
    text = (
        "Partnership Agreement\n\n"
        "| End Date <br> When this Agreement ends | 3 years after the Effective Date |  |\n"
        "|---|---|---|\n"
        "| Key Terms <br> The key legal terms of this Agreement are as follows: |  |  |\n"
        "| Effective Date <br> The date the Agreement starts | 1 September 2025 |  |\n"
    )
    result = screen_english(text)

    assert (result.starts_on, result.ends_on) == (date(2025, 9, 1), date(2028, 9, 1))


def test_a_signature_tables_party_name_cells_are_the_sides() -> None:
    text = (
        "| Cover Page <br> for Bonterms Mutual NDA |\n|---|\n\n"
        "| Signatures |  |\n|---|---|\n"
        "| Party Name: Tamsworth Clinical Informatics, Inc. <br> Signature: <br> Date: February"
        " 14, 2025 | Party Name: Greyhaven Orthopedic Partners LLC <br> Signature: |\n"
    )
    prepared = prepare_text(text)

    assert [(p.name, p.role) for p in find_parties_en(prepared)] == [
        ("Tamsworth Clinical Informatics, Inc.", "Party 1"),
        ("Greyhaven Orthopedic Partners LLC", "Party 2"),
    ]
    assert find_title(prepared) == "Bonterms Mutual NDA"


def test_a_signature_table_after_long_key_terms_still_names_the_sides() -> None:
    rows = "".join(
        f"| Obligation {n} | Partner will host client webinars and list Company as a recommended"
        " provider in its client newsletter each quarter. |\n"
        for n in range(30)
    )
    text = (
        "Partnership Agreement\n\n| Business Terms |  |\n|---|---|\n"
        + rows
        + "\n|  | COMPANY: Maplecroft Ledger Systems Inc. |  | PARTNER: Haldane & Roux LLP |\n"
    )

    assert len(text) > 4000
    assert [p.name for p in find_parties_en(prepare_text(text))] == [
        "Maplecroft Ledger Systems Inc.",
        "Haldane & Roux LLP",
    ]


def test_a_sow_term_cell_that_ends_after_a_line_break_gives_the_end() -> None:
    text = _SOW.replace(
        "\n\nBy signing",
        "\n| SOW Term <br> How long this SOW lasts | The SOW Term begins on the SOW Date and"
        " ends: <br> 6 months after the SOW Date |\n\nBy signing",
    )

    assert screen_english(text).ends_on == date(2026, 1, 30)


@pytest.mark.parametrize("field", ["BAA Effective Date", "DPA Effective Date", "Effective Date"])
def test_a_forms_own_effective_date_field_is_read_as_its_start(field: str) -> None:
    # the words before a date, as the date rules see them: a cover row's field name
    before = f"\n| {field.lower()}                              | "

    assert _START_BEFORE.search(before)
