"""Typographic ligatures ("ﬁ", "ﬀ") come out spelled, and soft hyphens and zero-width joiners
inside words dropped, whatever the document was made with.

A PDF typeset with them (as PyMuPDF's own HTML layout sets "ff" and "fi") kept one character
for two or three letters, and prescreen then read no "Effective Date" in it: 80 train
contracts laid out as such PDFs lost the effective date in 37 (it read in 73 as plain text,
36 as PDFs), and 73 again with the ligatures spelled out.
"""

from __future__ import annotations

import io

import pymupdf

from chalicelib.extract import extract_document
from chalicelib.prescreen import RoutingPolicy, prescreen_document
from tests.limits import UNIT_LIMITS as LIMITS

_PREAMBLE = (
    'This Services Agreement is made as of March 3, 2015 (the "Effective Date") by and between'
    ' Alpha Corp. ("Alpha") and Beta LLC ("Beta"). The first term of this Agreement shall'
    " continue for two (2) years from the Effective Date, and its official offices are listed"
    " in the schedule."
)


def _typeset(text: str) -> bytes:
    """A one-page PDF laid out by PyMuPDF's HTML engine, which sets ligatures."""
    story = pymupdf.Story(html=f"<p>{text}</p>")
    buffer = io.BytesIO()
    writer = pymupdf.DocumentWriter(buffer)
    page = pymupdf.paper_rect("letter")
    device = writer.begin_page(page)
    story.place(pymupdf.Rect(72, 72, page.width - 72, page.height - 72))
    story.draw(device)
    writer.end_page()
    writer.close()
    return buffer.getvalue()


def test_a_typeset_pdf_sets_ligatures_that_extract_spells_out() -> None:
    data = _typeset(_PREAMBLE)
    with pymupdf.open(stream=data, filetype="pdf") as document:
        as_set = document[0].get_text()

    markdown = extract_document(data, declared_ext="pdf", limits=LIMITS).markdown

    assert "ﬀ" in as_set or "ﬁ" in as_set  # the layout did set them: the test tests something
    assert "Effective Date" in markdown
    assert "first term" in markdown
    assert "official offices" in markdown
    assert not any("ﬀ" <= char <= "ﬆ" for char in markdown)


def test_the_effective_date_of_a_typeset_pdf_is_read() -> None:
    markdown = extract_document(_typeset(_PREAMBLE), declared_ext="pdf", limits=LIMITS).markdown

    result = prescreen_document(markdown, pipeline="contract", policy=RoutingPolicy())

    assert str(result.starts_on) == "2015-03-03"
    assert str(result.ends_on) == "2017-03-03"


def test_ligatures_pasted_into_a_text_file_are_spelled_out() -> None:
    pasted = "The Eﬀective Date is the ﬁrst day of the ﬁscal year; see the oﬃcial ﬂow chart."

    markdown = extract_document(pasted.encode(), declared_ext="txt", limits=LIMITS).markdown

    assert (
        markdown
        == "The Effective Date is the first day of the fiscal year; see the official flow chart."
    )


def test_invisible_characters_inside_words_are_dropped() -> None:
    # a soft hyphen where a word may break, as web pages and hyphenating editors leave them
    pasted = (
        'This Agree\u00adment is made as of March 3, 2015 (the "Effec\u00adtive Date") and is '
        "gov\u00aderned by the laws of the State of New\u2060York; it shall con\u200dtinue for two "
        "(2) years."
    )

    markdown = extract_document(pasted.encode(), declared_ext="txt", limits=LIMITS).markdown
    result = prescreen_document(markdown, pipeline="contract", policy=RoutingPolicy())

    assert "Agreement" in markdown and "Effective Date" in markdown
    assert str(result.starts_on) == "2015-03-03"
    assert str(result.ends_on) == "2017-03-03"
