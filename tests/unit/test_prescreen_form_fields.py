"""Issue 13: a cover page or order form whose fields are headings over their values.

Standard agreements (Common Paper's, many SaaS vendors') put the deal's values on a cover page
(as Markdown, or in Word, whose heading styles and checkboxes Extract gives as Markdown):
"### Effective Date", a blank line, "April 1, 2024"; options as checkboxes ("- [x] Expires 2
year(s) from Effective Date.", "- [ ] In perpetuity."); the sides in a signature table's
"| Company |" row. The cover pages here are written for the test.
"""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.extract import extract_document
from chalicelib.prescreen import RoutingPolicy, prescreen_document, screen_text
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import screen_english
from tests.limits import UNIT_LIMITS
from tests.unit.test_extract_docx import MC, W, _cell, _p, build_docx

_TERMS = (
    "\n\n---\n\n# Standard Terms\n\n1. **Term.** This Agreement starts on the Effective Date "
    "and continues for the Subscription Period.\n\n2. **Assignment.** Neither party may assign "
    "this Agreement without the prior written consent of the other party.\n"
)
_SIGNATURES = (
    "\n\nBy signing this Cover Page, each party agrees to enter into this Agreement as of the "
    "Effective Date.\n\n|| PROVIDER | CUSTOMER |\n|:--- | :----: | :----: |\n"
    "| Signature | /s/ Ann Lee | /s/ Bo Chan |\n| Print Name | Ann Lee | Bo Chan |\n"
    "| Company | Alder Robotics, Inc. | Birch Lane Foods LLC |\n"
    "| Date | {first} | {second} |\n"
)


def _cover(fields: str, first: str = "March 1, 2024", second: str = "March 3, 2024") -> str:
    return (
        "# Cloud Service Agreement\n\n## Cover Page\n\n"
        + fields
        + _SIGNATURES.format(first=first, second=second)
        + _TERMS
    )


def test_heading_fields_give_the_dates_term_law_and_sides() -> None:
    result = screen_english(
        _cover(
            "### Provider\n\nAlder Robotics, Inc.\n\n### Customer\n\nBirch Lane Foods LLC\n\n"
            "### Effective Date\n\nApril 1, 2024\n\n### Subscription Period\n\n2 year(s)\n\n"
            "### Governing Law\n\nThe laws of the State of New York\n"
        )
    )

    assert [(party.name, party.role) for party in result.parties] == [
        ("Alder Robotics, Inc.", "Provider"),
        ("Birch Lane Foods LLC", "Customer"),
    ]
    assert (result.starts_on, result.ends_on) == (date(2024, 4, 1), date(2026, 4, 1))
    assert result.governing_law == "US-NY"


def test_a_pilot_period_is_the_contract_term() -> None:
    result = screen_english(
        _cover(
            "### Effective Date\n\nJune 2, 2025\n\n### Pilot Period\n\n1 year(s) from the "
            "Effective Date.\n"
        )
    )

    assert result.ends_on == date(2026, 6, 2)


def test_only_the_chosen_option_of_a_field_counts() -> None:
    chosen = (
        "### Effective Date\n\nOctober 7, 2022\n\n### MNDA Term\n\n"
        "- [x]     Expires 2 year(s) from Effective Date.\n"
        "- [ ]     Continues until terminated in accordance with the terms of the MNDA.\n"
    )
    other = chosen.replace("[x]", "[-]").replace("[ ]", "[x]").replace("[-]", "[ ]")

    assert screen_english(_cover(chosen)).ends_on == date(2024, 10, 7)
    assert screen_english(_cover(other)).ends_on is None  # it runs until terminated


def test_the_sides_of_a_signature_table_without_any_other_naming() -> None:
    result = screen_english(_cover("### Effective Date\n\nApril 1, 2024\n"))

    assert [(party.name, party.role) for party in result.parties] == [
        ("Alder Robotics, Inc.", "Provider"),
        ("Birch Lane Foods LLC", "Customer"),
    ]


def test_effective_on_the_last_signature_of_a_signature_table() -> None:
    result = screen_english(
        _cover(
            "### Effective Date\n\nThe date of the last signature on this Cover Page.\n\n"
            "### Subscription Period\n\n1 year(s)\n",
            "November 12, 2024",
            "November 15, 2024",
        )
    )

    assert result.starts_on == date(2024, 11, 15)
    assert result.ends_on == date(2025, 11, 15)


@pytest.mark.parametrize(
    "heading",
    [
        # a section heading over a clause is no field: a sentence of many words follows
        "## Governing Law\n\nThis Agreement and all matters relating to it are governed by the "
        "laws of the State of Delaware, without regard to its conflict of laws rules, and the "
        "parties submit to the courts of Wilmington, Delaware for every dispute about it.\n",
        # a numbered clause under a heading
        "## Term\n\n6.1 This Agreement starts on the Effective Date.\n",
        # a heading of many words
        "### What each party must do before the launch of the service\n\nTrain the staff.\n",
    ],
)
def test_a_heading_over_a_clause_stays_a_heading(heading: str) -> None:
    text = prepare_text(heading)

    assert text.norm.count("\n") == heading.count("\n")


def test_a_heading_field_keeps_every_offset() -> None:
    raw = "### Effective Date\n\nApril 1, 2024\n\n- [ ] In perpetuity.\n"
    text = prepare_text(raw)

    assert len(text.norm) == len(raw)
    assert text.norm.startswith("### Effective Date: April 1, 2024")
    assert "perpetuity" not in text.low
    assert text.raw == raw


def test_a_cover_table_of_key_terms_names_the_sides_and_the_term() -> None:
    text = (
        "# Mutual Non-Disclosure Agreement\n\n## Cover Page\n\n| Key Term | Details |\n|---|---|\n"
        "| Party 1 | Alder Robotics, Inc., a Delaware corporation |\n"
        "| Party 2 | Birch Lane Foods LLC, a Georgia limited liability company |\n"
        "| Effective Date | October 23, 2024 |\n| Term of NDA | 2 years from the Effective Date |\n"
        "| Governing Law | The laws of the State of Georgia |\n\n## Signatures\n\n"
        "PARTY 1: Alder Robotics, Inc.\nBy: /s/ Ann Lee\n\nPARTY 2: Birch Lane Foods LLC\n"
        "By: /s/ Bo Chan\n" + _TERMS
    )
    result = screen_english(text)

    assert [(party.name, party.role) for party in result.parties] == [
        ("Alder Robotics, Inc.", "Party 1"),
        ("Birch Lane Foods LLC", "Party 2"),
    ]
    assert (result.starts_on, result.ends_on) == (date(2024, 10, 23), date(2026, 10, 23))


def test_a_cloud_agreement_is_a_services_contract_by_its_title() -> None:
    text = "# Cloud Agreement\n\n## Cover Page\n\nCustomer: Birch Lane Foods LLC\n" + _TERMS
    text += "\n\n# Service Level Agreement\n\nProvider will make the Cloud Service available.\n"
    result = screen_english(text)

    assert (result.title, result.contract_type) == ("Cloud Agreement", "services")


def _word_box(checked: bool, text: str) -> str:
    """A paragraph opening with a Word checkbox content control, as Word writes one."""
    glyph = "☒" if checked else "☐"
    return (
        f'<w:p><w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="{int(checked)}"/>'
        f"</w14:checkbox></w:sdtPr><w:sdtContent><w:r><w:t>{glyph}</w:t></w:r></w:sdtContent>"
        f"</w:sdt><w:r><w:t xml:space='preserve'> {text}</w:t></w:r></w:p>"
    )


def test_a_word_cover_page_reads_as_its_markdown_does() -> None:
    # headings in Word's heading styles, a checkbox content control, a signature table
    w14 = 'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"'
    body = "".join(
        [
            _p("Mutual Non-Disclosure Agreement", "Title"),
            _p("Effective Date", "Heading2"),
            _p("October 7, 2022"),
            _p("MNDA Term", "Heading2"),
            _word_box(True, "Expires 2 year(s) from Effective Date."),
            _word_box(False, "Continues until terminated in accordance with the MNDA."),
            _p("Governing Law", "Heading2"),
            _p("The laws of the State of Texas"),
            "<w:tbl><w:tr>",
            _cell(""),
            _cell("PARTY 1"),
            _cell("PARTY 2"),
            "</w:tr><w:tr>",
            _cell("Signature"),
            _cell("/s/ Ann Lee"),
            _cell("/s/ Bo Chan"),
            "</w:tr><w:tr>",
            _cell("Company"),
            _cell("Alder Robotics, Inc."),
            _cell("Birch Lane Foods LLC"),
            "</w:tr></w:tbl>",
            _p("Standard Terms", "1"),
            _p(
                "1. Term. This MNDA commences on the Effective Date and expires at the end of "
                "the MNDA Term. Either party may terminate this MNDA for any or no reason upon "
                "written notice to the other party."
            ),
        ]
    )
    document = f"<w:document {W} {MC} {w14}><w:body>{body}<w:sectPr/></w:body></w:document>"
    extraction = extract_document(build_docx(document), declared_ext="docx", limits=UNIT_LIMITS)
    result = prescreen_document(
        extraction.markdown, pipeline=extraction.facts.pipeline, policy=RoutingPolicy()
    )

    assert [party.name for party in result.parties] == [
        "Alder Robotics, Inc.",
        "Birch Lane Foods LLC",
    ]
    assert (result.starts_on, result.ends_on) == (date(2022, 10, 7), date(2024, 10, 7))
    assert result.governing_law == "US-TX"


def test_a_field_over_the_effective_date_field_is_not_the_start() -> None:
    # a swap confirmation's terms: the trade date's line is followed by the Effective Date's
    # label, which names the next field, not the trade date
    text = (
        "INTEREST RATE SWAP TRANSACTION LETTER AGREEMENT\n\nDate: 06/30/2005\n\nThis letter "
        "agreement sets forth the terms of the Transaction entered into between Alpha Bank AG "
        "and Beta Devices S.A.\n\nNotional Amount: 300000000.00 USD\nTrade Date: 06/23/2005\n"
        "Effective Date: 06/27/2005\nTermination Date: 06/18/2008\n"
    )
    result = screen_text(text, pipeline="contract", policy=RoutingPolicy()).result

    assert (result.signed_on, result.starts_on, result.ends_on) == (
        date(2005, 6, 30),
        date(2005, 6, 27),
        date(2008, 6, 18),
    )


def test_a_plain_text_cover_page_gives_the_sides_their_table_columns_roles() -> None:
    """A .txt file's signature table comes out of Extract as one table, and its "| Company |"
    row finds its columns' header above it, with a blank line after each row or not."""
    text = _cover("### Effective Date\n\nApril 1, 2024\n")
    extraction = extract_document(text.encode(), declared_ext="txt", limits=UNIT_LIMITS)
    assert "| Signature | /s/ Ann Lee | /s/ Bo Chan |\n| Print Name |" in extraction.markdown

    for markdown in (extraction.markdown, extraction.markdown.replace("|\n|", "|\n\n|")):
        result = screen_english(markdown)

        assert [(party.name, party.role) for party in result.parties] == [
            ("Alder Robotics, Inc.", "Provider"),
            ("Birch Lane Foods LLC", "Customer"),
        ]
