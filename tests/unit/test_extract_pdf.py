"""PDF: Markdown from the text layer, OCR where it is missing or garbage, and every refusal."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pymupdf
import pytest

from chalicelib.errors import (
    DocumentTooLongError,
    EncryptedDocumentError,
    ExtractionTimeoutError,
    TooManyScannedPagesError,
    UnreadableDocumentError,
)
from chalicelib.extract import extract_document
from chalicelib.extract.quality import is_garbage
from tests.limits import UNIT_LIMITS as LIMITS

if TYPE_CHECKING:
    from pathlib import Path

CELL = 'style="border: 1px solid black; padding: 4px"'
CONTRACT_HTML = f"""
<h1>ДОГОВОР ПОСТАВКИ № 7</h1>
<p>г. Москва, 1 марта 2024 г.</p>
<h2>1. Предмет договора</h2>
<p>1.1. Поставщик обязуется передать товар, а Покупатель принять и оплатить его
в порядке и сроки, установленные настоящим договором.</p>
<table style="border-collapse: collapse">
<tr><td {CELL}>Товар</td><td {CELL}>Цена</td></tr>
<tr><td {CELL}>Молоко</td><td {CELL}>100 руб.</td></tr>
<tr><td {CELL}>Хлеб</td><td {CELL}>50 руб.</td></tr>
</table>
"""
SCAN_HTML = """
<p style="font-size: 16pt">ДОГОВОР АРЕНДЫ</p>
<p style="font-size: 14pt">Арендодатель передаёт Арендатору помещение во временное
владение и пользование за плату.</p>
"""


def text_pdf(*pages_html: str) -> pymupdf.Document:
    """A PDF with a real text layer, one page per HTML fragment."""
    document = pymupdf.open()
    for html in pages_html:
        document.new_page().insert_htmlbox(pymupdf.Rect(50, 50, 545, 790), html)
    return document


def scan_pdf(html: str) -> bytes:
    """An image-only PDF: the page drawn to pixels and placed back as a picture."""
    source = text_pdf(html)
    pixmap = source[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    document = pymupdf.open()
    page = document.new_page()
    page.insert_image(page.rect, pixmap=pixmap)
    return document.tobytes()


def test_pdf_text_layer_becomes_markdown_with_headings_table_and_page_markers() -> None:
    data = text_pdf(CONTRACT_HTML, "<p>Подписи сторон: Поставщик, Покупатель.</p>").tobytes()
    extraction = extract_document(data, declared_ext="pdf", limits=LIMITS)
    lines = extraction.markdown.splitlines()
    assert lines[0] == "<!-- page 1 -->"
    assert "# ДОГОВОР ПОСТАВКИ № 7" in lines
    assert any(line.startswith("#") and "Предмет договора" in line for line in lines)
    assert "| Товар | Цена |" in lines
    assert "| Молоко | 100 руб. |" in lines
    assert "<!-- page 2 -->" in lines
    assert "1.1. Поставщик обязуется передать товар, а Покупатель принять и оплатить его" in (
        extraction.markdown
    )
    facts = extraction.facts
    assert (facts.pages, facts.format, facts.pipeline) == (2, "pdf", "contract")
    assert facts.has_tables
    assert not facts.ocr_used
    assert facts.language == "ru"


def test_pdf_without_a_text_layer_is_recognised_by_ocr() -> None:
    extraction = extract_document(scan_pdf(SCAN_HTML), declared_ext="pdf", limits=LIMITS)
    assert "ДОГОВОР АРЕНДЫ" in extraction.markdown
    assert "Арендатору" in extraction.markdown
    facts = extraction.facts
    assert (facts.ocr_used, facts.ocr_pages, facts.pipeline) == (True, 1, "image")
    assert facts.warnings == ("page 1 had no text layer; OCR used",)


def test_pdf_with_a_garbled_text_layer_goes_to_ocr_and_yields_cyrillic(fixtures_dir: Path) -> None:
    # GIVEN the dedoc Russian law whose fonts map Cyrillic glyphs to Latin garbage
    data = (
        fixtures_dir / "extract" / "dedoc_ru_ugolovnyi_kodeks_garbled_textlayer.pdf"
    ).read_bytes()
    garbled = pymupdf.open(stream=data, filetype="pdf")[0].get_text()
    assert is_garbage(garbled)
    # WHEN it is extracted THEN OCR replaces the layer and the text is Russian
    extraction = extract_document(data, declared_ext="pdf", limits=LIMITS)
    assert "Уголовный кодекс" in extraction.markdown
    assert extraction.facts.ocr_pages == 2
    assert extraction.facts.language == "ru"
    assert "unreadable text layer" in extraction.facts.warnings[0]


def test_pdf_repaired_by_mupdf_is_read(fixtures_dir: Path) -> None:
    data = (fixtures_dir / "extract" / "qpdf_bad-xref.pdf").read_bytes()
    extraction = extract_document(data, declared_ext="pdf", limits=LIMITS)
    assert "Potato" in extraction.markdown


def test_pdf_with_a_user_password_is_refused_without_trying_passwords(fixtures_dir: Path) -> None:
    data = (fixtures_dir / "extract" / "pypdf_encryption_r2-user-password.pdf").read_bytes()
    with pytest.raises(EncryptedDocumentError, match="password"):
        extract_document(data, declared_ext="pdf", limits=LIMITS)


def test_pdf_encrypted_with_aes_is_refused() -> None:
    data = text_pdf("<p>Секретный договор</p>").tobytes(
        encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="user", owner_pw="owner"
    )
    with pytest.raises(EncryptedDocumentError):
        extract_document(data, declared_ext="pdf", limits=LIMITS)


def test_pdf_with_only_an_owner_password_is_read() -> None:
    data = text_pdf("<p>Договор с ограничением печати</p>").tobytes(
        encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner", permissions=0
    )
    extraction = extract_document(data, declared_ext="pdf", limits=LIMITS)
    assert "Договор с ограничением печати" in extraction.markdown


def test_pdf_with_more_pages_than_allowed_is_too_long() -> None:
    data = text_pdf("<p>один</p>", "<p>два</p>", "<p>три</p>").tobytes()
    with pytest.raises(DocumentTooLongError, match="3 pages"):
        extract_document(data, declared_ext="pdf", limits=dataclasses.replace(LIMITS, max_pages=2))


def test_pdf_with_more_scanned_pages_than_allowed_has_its_own_error() -> None:
    limits = dataclasses.replace(LIMITS, max_ocr_pages=0)
    with pytest.raises(TooManyScannedPagesError, match="scanned pages") as raised:
        extract_document(scan_pdf(SCAN_HTML), declared_ext="pdf", limits=limits)
    assert raised.value.code == "TOO_MANY_SCANNED_PAGES"


def test_pdf_that_cannot_be_opened_is_unreadable() -> None:
    with pytest.raises(UnreadableDocumentError, match="damaged"):
        extract_document(b"%PDF-1.7\n" + b"\x00garbage" * 50, declared_ext="pdf", limits=LIMITS)


def test_pdf_of_blank_pages_has_no_readable_text() -> None:
    document = pymupdf.open()
    document.new_page()
    with pytest.raises(UnreadableDocumentError, match="No readable text"):
        extract_document(document.tobytes(), declared_ext="pdf", limits=LIMITS)


def test_pdf_past_its_deadline_times_out() -> None:
    data = text_pdf(CONTRACT_HTML).tobytes()
    limits = dataclasses.replace(LIMITS, timeout_seconds=0)
    with pytest.raises(ExtractionTimeoutError):
        extract_document(data, declared_ext="pdf", limits=limits)


def test_english_scans_in_an_english_pdf_are_read_without_cyrillic_look_alikes() -> None:
    # GIVEN an English contract whose second page is a scan
    body = "<p>" + "The Supplier shall deliver the goods to the Buyer. " * 20 + "</p>"
    document = text_pdf(body)
    scan = pymupdf.open(stream=scan_pdf("<p style='font-size: 16pt'>MASTER AGREEMENT</p>"))
    document.insert_pdf(scan)
    extraction = extract_document(document.tobytes(), declared_ext="pdf", limits=LIMITS)
    # THEN the scanned page is read as English (rus+eng turns "A" or "E" into Cyrillic)
    assert "MASTER AGREEMENT" in extraction.markdown
    assert extraction.facts.ocr_pages == 1
    assert extraction.facts.pipeline == "contract"
    assert extraction.facts.language == "en"


def _filled_form() -> bytes:
    """A one-page PDF form: labels in the page's text, values in its fields (as Acrobat
    leaves a form filled in and not flattened)."""
    document = pymupdf.open()
    page = document.new_page()
    page.insert_text((72, 72), "MUTUAL NON-DISCLOSURE AGREEMENT", fontsize=14)
    page.insert_text((72, 110), "This Agreement is made between the parties below.", fontsize=10)
    labels = (("Party 1:", "Northwind Traders Inc."), ("Party 2:", "Contoso Ltd."))
    for row, (label, _) in enumerate(labels):
        page.insert_text((72, 140 + 30 * row), label, fontsize=10)
    fields = [*((140 + 30 * row, value) for row, (_, value) in enumerate(labels))]
    fields.append((230, "Signed in Austin on March 3, 2015"))  # a field with no label beside it
    for number, (y, value) in enumerate(fields):
        widget = pymupdf.Widget()
        widget.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
        widget.field_name = f"field{number}"
        widget.rect = pymupdf.Rect(160 if y < 230 else 72, y - 12, 400, y + 4)
        widget.field_value = value
        widget.text_fontsize = 10
        page.add_widget(widget)
    page.insert_text((72, 270), "1. Each party shall keep the other's information secret.")
    return document.tobytes()


def test_a_filled_forms_values_stand_where_their_fields_do() -> None:
    # PyMuPDF gives the fields' values after the page's own text; a value goes back beside
    # its label, or where its field stands on the page
    paragraphs = extract_document(_filled_form(), declared_ext="pdf", limits=LIMITS).markdown
    blocks = paragraphs.split("\n\n")

    assert "Party 1: Northwind Traders Inc." in blocks
    assert "Party 2: Contoso Ltd." in blocks
    assert blocks.index("Signed in Austin on March 3, 2015") < blocks.index(
        "1. Each party shall keep the other's information secret."
    )
