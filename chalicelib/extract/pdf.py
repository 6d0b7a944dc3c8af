"""PDF: the text layer where it is real text, OCR where it is missing or garbage."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pymupdf
from PIL import Image

from chalicelib.errors import (
    DocumentTooLongError,
    DomainError,
    EncryptedDocumentError,
    TooManyScannedPagesError,
    UnreadableDocumentError,
)
from chalicelib.extract import ocr, pdf_layout
from chalicelib.extract.markdown import page_marker
from chalicelib.extract.quality import is_garbage
from chalicelib.extract.reading import ReaderOutput, fans_out_ocr, scanned_pages_limit
from chalicelib.models import PagePlan

if TYPE_CHECKING:
    from collections.abc import Iterator

    from chalicelib.extract.reading import ReadContext

# Spans with sizes and fonts, but no image bytes: those would cost memory for nothing.
# The vector paths' boxes come in the same pass, so that most pages can be told to have
# no table without a second pass over their drawings. Ligatures are spelled out: a PDF
# typeset with them ("ﬁrst", "Eﬀective Date", as Word and LaTeX set them) otherwise keeps
# one character for "ff", and no word with it reads as written.
_TEXT_FLAGS = (
    pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES & ~pymupdf.TEXT_PRESERVE_LIGATURES
) | pymupdf.TEXT_COLLECT_VECTORS
# Fewer letters than this over a picture is a scan with a page number or a stamp on it.
MIN_TEXT_LAYER_LETTERS = 40
_LETTER = re.compile(r"[^\W\d_]")
# A scan covers most of its page; a logo or a signature image does not.
MIN_SCAN_COVERAGE = 0.3
# Text converted to outlines shows up as hundreds of vector paths.
MIN_OUTLINED_TEXT_PATHS = 100
# Enough text-layer letters to say a document has no Russian in it.
MIN_LETTERS_FOR_LANGUAGE = 500
NO_TEXT_LAYER = "had no text layer"
GARBLED_TEXT_LAYER = "had an unreadable text layer"
_DAMAGED = "The PDF is damaged and cannot be opened. Save or print it to PDF again and send it."


@dataclass
class _Page:
    """What triage learned about one page: its text blocks and tables, or why it needs OCR."""

    number: int
    blocks: list[pdf_layout.TextBlock] = field(default_factory=list)
    tables: list[pdf_layout.PageTable] = field(default_factory=list)
    ocr_reason: str | None = None


def _open(data: bytes, ctx: ReadContext) -> pymupdf.Document:
    # MuPDF would print every repair it makes to stderr; damage is reported by exceptions.
    pymupdf.TOOLS.mupdf_display_errors(False)  # type: ignore[no-untyped-call]
    pymupdf.TOOLS.mupdf_display_warnings(False)  # type: ignore[no-untyped-call]
    try:
        document = pymupdf.open(stream=data, filetype="pdf")  # type: ignore[no-untyped-call]
    except Exception as exc:  # MuPDF reports damage as many exception types
        raise UnreadableDocumentError(_DAMAGED) from exc
    try:
        _check_openable(document, ctx)
    except DomainError:
        document.close()  # type: ignore[no-untyped-call]
        raise
    return document


def _check_openable(document: pymupdf.Document, ctx: ReadContext) -> None:
    """Refuse a PDF that needs a password, has no pages or too many."""
    if document.needs_pass:
        raise EncryptedDocumentError(
            "The PDF is protected by a password. Save a copy without the password "
            "(or print it to PDF) and send that."
        )
    if document.page_count == 0:
        raise UnreadableDocumentError(_DAMAGED)
    if document.page_count > ctx.limits.max_pages:
        raise DocumentTooLongError(
            f"The PDF has {document.page_count} pages; we read at most "
            f"{ctx.limits.max_pages}. Split it and send the parts separately."
        )


def _looks_scanned(page: pymupdf.Page) -> bool:
    """True when the page shows a picture over much of it, or text drawn as outlines."""
    area = abs(page.rect) or 1.0
    covered = sum(
        abs(pymupdf.Rect(info["bbox"]) & page.rect)  # type: ignore[no-untyped-call]
        for info in page.get_image_info()
    )
    if covered / area >= MIN_SCAN_COVERAGE:
        return True
    paths = page.get_cdrawings()  # type: ignore[no-untyped-call]
    return len(paths) >= MIN_OUTLINED_TEXT_PATHS


def _triage(document: pymupdf.Document, number: int, ctx: ReadContext) -> _Page:
    """Read a page's text layer and decide whether OCR must replace it."""
    try:
        page = document[number - 1]
        layout = page.get_text("dict", flags=_TEXT_FLAGS)  # type: ignore[no-untyped-call]
        blocks = pdf_layout.text_blocks(layout)
        if page.first_widget is not None:  # a form: its fields' values where they stand
            fields = [tuple(widget.rect) for widget in page.widgets()]  # type: ignore[no-untyped-call]
            blocks = pdf_layout.with_form_values(blocks, fields)
        text = "\n".join(line for block in blocks for line in block.lines)
        if is_garbage(text):
            return _Page(number, ocr_reason=GARBLED_TEXT_LAYER)
        few_letters = (
            len(_LETTER.findall(text, 0, 4 * MIN_TEXT_LAYER_LETTERS)) < MIN_TEXT_LAYER_LETTERS
        )
        if few_letters and _looks_scanned(page):
            return _Page(number, ocr_reason=NO_TEXT_LAYER)
        tables: list[pdf_layout.PageTable] = []
        if pdf_layout.may_be_ruled(layout):
            paths = pdf_layout.drawings(page)
            if pdf_layout.looks_ruled(paths):
                tables = pdf_layout.page_tables(paths, layout)
    except Exception:  # noqa: BLE001  # one damaged page must not lose the others
        ctx.warn(f"page {number} is damaged and was skipped")
        return _Page(number)
    return _Page(number, blocks, tables)


def _rendered(
    document: pymupdf.Document, pages: list[_Page], ctx: ReadContext
) -> Iterator[tuple[int, Image.Image]]:
    """Pages rendered in grayscale at the OCR resolution, capped at MAX_OCR_PIXELS."""
    for item in pages:
        ctx.check_deadline()
        try:
            page = document[item.number - 1]
            area = max(page.rect.width * page.rect.height, 1.0)
            zoom = min(ctx.limits.ocr_dpi / 72, math.sqrt(ocr.MAX_OCR_PIXELS / area))
            matrix = pymupdf.Matrix(zoom, zoom)  # type: ignore[no-untyped-call]
            pixmap = page.get_pixmap(matrix=matrix, colorspace=pymupdf.csGRAY, alpha=False)
        except Exception:  # noqa: BLE001  # a page that cannot be drawn is skipped, not fatal
            ctx.warn(f"page {item.number} could not be drawn for OCR and was skipped")
            continue
        yield item.number, Image.frombytes("L", (pixmap.width, pixmap.height), pixmap.samples)


def _page_list(numbers: list[int]) -> str:
    """ "page 3" or "pages 1-4, 7" for a warning."""
    ranges: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        ranges.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    return ("page " if len(numbers) == 1 else "pages ") + ", ".join(ranges)


def _ocr_languages(pages: list[_Page], ctx: ReadContext) -> str:
    """ "eng" alone for scanned pages of an English document, else the configured languages.

    With rus+eng Tesseract reads some English words as Cyrillic look-alikes; a
    document whose text layer has no Cyrillic at all does not need Russian.
    """
    configured = ctx.limits.ocr_languages
    letters = cyrillic = 0
    for page in pages:
        for block in page.blocks:
            for line in block.lines:
                letters += sum(1 for char in line if char.isalpha())
                cyrillic += sum(1 for char in line if "\u0400" <= char <= "\u04ff")
    english_only = letters >= MIN_LETTERS_FOR_LANGUAGE and cyrillic / letters < 0.01
    if english_only and "eng" in configured.split("+"):
        return "eng"
    return configured


def _announce_ocr(pages: list[_Page], ctx: ReadContext, *, fanned_out: bool) -> list[_Page]:
    """The pages that need OCR, after checking there are not too many; warns which."""
    needing = [page for page in pages if page.ocr_reason]
    limit = scanned_pages_limit(fanned_out, ctx)
    if len(needing) > limit:
        raise TooManyScannedPagesError(
            f"{len(needing)} pages of the PDF are scans; we recognise at most "
            f"{limit} scanned pages per document. Send a PDF with a text "
            "layer or split the scan into parts."
        )
    for reason in (NO_TEXT_LAYER, GARBLED_TEXT_LAYER):
        numbers = [page.number for page in needing if page.ocr_reason == reason]
        if numbers:
            ctx.warn(f"{_page_list(numbers)} {reason}; OCR used")
    return needing


def _recognise(
    document: pymupdf.Document, pages: list[_Page], ctx: ReadContext
) -> dict[int, ocr.OcrPage]:
    """OCR the pages that need it, after checking there are not too many."""
    needing = _announce_ocr(pages, ctx, fanned_out=False)
    if not needing:
        return {}
    languages = _ocr_languages(pages, ctx)
    results = ocr.recognise_pages(_rendered(document, needing, ctx), ctx, languages)
    for result in results:
        if result.rotation:
            ctx.warn(f"page {result.number} was turned upright ({result.rotation}° rotation)")
    return {result.number: result for result in results}


def page_part(number: int, content: str) -> str:
    """One page of a PDF's Markdown: its marker, then its content."""
    return f"{page_marker(number)}\n\n{content}".rstrip()


def _page_plan(pages: list[_Page], ctx: ReadContext) -> ReaderOutput:
    """The text layer's pages read, the scanned ones left to the pipeline's per-page OCR."""
    needing = _announce_ocr(pages, ctx, fanned_out=True)
    body = pdf_layout.body_size([page.blocks for page in pages])
    plan = PagePlan(
        format="pdf",
        pages=len(pages),
        ocr_pages=tuple(page.number for page in needing),
        # A scanned page that cannot be drawn stays as the inline path leaves it: empty.
        parts=tuple(
            page_part(page.number, pdf_layout.page_markdown(page.blocks, page.tables, body))
            for page in pages
        ),
        languages=_ocr_languages(pages, ctx),
        text_pages=sum(1 for page in pages if page.blocks),
        has_tables=any(page.tables for page in pages),
        warnings=tuple(ctx.warnings),
    )
    return ReaderOutput(markdown="", pages=len(pages), pipeline="image", page_plan=plan)


def draw_page(data: bytes, number: int, ctx: ReadContext) -> Image.Image | None:
    """Page `number` drawn for OCR as `read` draws it; None when it cannot be drawn."""
    with _open(data, ctx) as document:
        drawn = list(_rendered(document, [_Page(number, ocr_reason=NO_TEXT_LAYER)], ctx))
    return drawn[0][1] if drawn else None


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A PDF as Markdown with a marker before each page."""
    with _open(data, ctx) as document:
        pages = []
        for index in range(document.page_count):
            ctx.check_deadline()
            pages.append(_triage(document, index + 1, ctx))
        if fans_out_ocr(sum(1 for page in pages if page.ocr_reason), ctx):
            return _page_plan(pages, ctx)
        recognised = _recognise(document, pages, ctx)
    body = pdf_layout.body_size([page.blocks for page in pages])
    parts = []
    for page in pages:
        if page.number in recognised:
            content = ocr.ocr_text_to_markdown(recognised[page.number].text)
        else:
            content = pdf_layout.page_markdown(page.blocks, page.tables, body)
        parts.append(page_part(page.number, content))
    text_pages = sum(1 for page in pages if page.blocks)
    return ReaderOutput(
        markdown="\n\n".join(parts),
        pages=len(pages),
        pipeline="image" if recognised and not text_pages else "contract",
        ocr_pages=len(recognised),
        has_tables=any(page.tables for page in pages),
    )
