"""Page breaks read through: what a PDF's page break cuts reads as one sentence again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen import RoutingPolicy, prescreen_document
from chalicelib.prescreen.pages import seam_pages

if TYPE_CHECKING:
    from collections.abc import Callable

_FOOTER = "Source: ACME HOLDINGS INC., 10-K, 3/1/2019"


def _paged(*pages: str, footer: str = _FOOTER) -> str:
    """Pages as the PDF reader writes them: a marker opens each, the footer and the page's
    number close it."""
    return "\n\n".join(
        f"<!-- page {n} -->\n\n{body}\n\n{footer}\n\n{n}" for n, body in enumerate(pages, 1)
    )


# Three pages, the first ending inside a sentence, and how they read once seamed.
_CUT_PAGES = (
    "1. Term. This Agreement shall be governed by and construed in accordance with the laws of",
    "the State of New York, without regard to its conflict of laws rules.",
    "2. Notices. All notices shall be in writing.",
)
_READ_THROUGH = (
    "1. Term. This Agreement shall be governed by and construed in accordance with the laws of "
    "the State of New York, without regard to its conflict of laws rules. 2. Notices. All "
    "notices shall be in writing."
)


def _filed(*pages: str) -> str:
    """Pages as an EDGAR exhibit's text writes them (CUAD's contracts): no markers, each page
    closed by its number and the filing's stamp on lines of their own."""
    return "".join(f"{body}\n\n{n}\n\n{_FOOTER}\n\n\n\n\n\n" for n, body in enumerate(pages, 1))


def _numbered(*pages: str) -> str:
    """Pages closed by nothing but their numbers, each on a line of its own."""
    return "".join(f"{body}\n\n- {n} -\n\n" for n, body in enumerate(pages, 1))


@pytest.mark.parametrize("layout", [_paged, _filed, _numbered])
def test_a_sentence_cut_by_a_page_break_is_one_sentence_again(
    layout: Callable[..., str],
) -> None:
    markdown = layout(*_CUT_PAGES)
    seamed = seam_pages(markdown)

    assert len(seamed) == len(markdown)
    assert " ".join(seamed.split()) == _READ_THROUGH
    assert "rules.\n" in seamed  # a page that ends its sentence keeps its break


def test_a_break_after_a_full_stop_or_before_a_heading_stays_a_break() -> None:
    markdown = _paged(
        "The Supplier shall deliver the goods within thirty days of the order.",
        "## 5. Term and Termination of this Agreement by either party",
        "Either party may terminate this Agreement upon thirty days notice to the other party",
        "(a) if the other party is in breach.",
    )
    seamed = seam_pages(markdown)

    assert "<!--" not in seamed and _FOOTER not in seamed  # markers and furniture blanked
    paragraphs = [" ".join(p.split()) for p in seamed.split("\n\n") if p.strip()]
    assert paragraphs == [
        "The Supplier shall deliver the goods within thirty days of the order.",
        "## 5. Term and Termination of this Agreement by either party",
        "Either party may terminate this Agreement upon thirty days notice to the other party",
        "(a) if the other party is in breach.",
    ]


def test_a_line_at_the_edge_of_one_page_only_is_text() -> None:
    markdown = (
        "<!-- page 1 -->\n\nThe parties agree as follows, each of them acting in good faith\n\n"
        "<!-- page 2 -->\n\nCONFIDENTIAL TREATMENT\n\nand in accordance with the schedule.\n\n"
        "<!-- page 3 -->\n\nNothing further."
    )
    seamed = seam_pages(markdown)

    assert seamed.count("CONFIDENTIAL TREATMENT") == 1
    assert len(seamed) == len(markdown)


def test_a_text_without_pages_is_left_as_it_is() -> None:
    text = "This Agreement is made between Acme Inc. and Beta LLC.\n\nIt ends in 2030."

    assert seam_pages(text) is text


def test_prescreen_reads_a_clause_across_a_page_break_as_from_a_text_file() -> None:
    body = (
        "CONSULTING AGREEMENT",
        "This Consulting Agreement is made as of May 1, 2019 between Acme Holdings Inc., a "
        'Delaware corporation ("Acme"), and Beta Tools LLC, a Nevada limited liability company '
        '("Consultant"). This Agreement shall be governed by and construed in accordance with '
        "the laws of",
        "the State of New York. Either party may terminate this Agreement for convenience upon "
        "thirty (30) days prior written notice to the other party. The Consultant shall "
        "provide the services described in Exhibit A, and Acme shall pay the fees set out "
        "in Exhibit B within thirty days of each invoice under this Agreement.",
    )
    plain = prescreen_document("\n\n".join(body), pipeline="contract", policy=RoutingPolicy())
    paged = prescreen_document(
        _paged("\n\n".join(body[:2]), body[2]), pipeline="contract", policy=RoutingPolicy()
    )

    assert plain.governing_law == "US-NY"
    assert paged.governing_law == plain.governing_law
    assert paged.signed_on == plain.signed_on
    assert [p.name for p in paged.parties] == [p.name for p in plain.parties]


def test_a_stamp_met_once_is_text() -> None:
    text = f"Exhibit 10.1\n\n{_FOOTER}\n\nThis Agreement is made between Acme Inc. and Beta LLC."

    assert seam_pages(text) == text


def test_a_single_number_line_is_text() -> None:
    text = "The Fee per unit shall be\n\n12\n\ndollars, payable monthly."

    assert seam_pages(text) == text
