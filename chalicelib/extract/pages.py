"""One scanned page at a time: draw it from the original, OCR it; then join the pages.

The pipeline's Map state calls `recognise_page` once per page of a `PagePlan` (each
its own Lambda invocation, with its own retries) and `join_pages` once at the end.
Both follow the inline readers (`pdf.read`, `images.read`) step for step, so a scan
read page by page gives the Markdown and the facts it would give read at once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.errors import DomainError, ExtractionCrashedError
from chalicelib.extract import images, ocr
from chalicelib.extract.dispatch import complete_extraction
from chalicelib.extract.reading import ReadContext, ReaderOutput

if TYPE_CHECKING:
    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.models import Extraction, PagePlan

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PageText:
    """What OCR read on one page; `drawn` is False when the page could not be drawn."""

    number: int
    text: str = ""
    rotation: int = 0
    drawn: bool = True


def recognise_page(data: bytes, plan: PagePlan, number: int, limits: ExtractLimits) -> PageText:
    """Draw page `number` of the original (a PDF page or an image frame) and OCR it."""
    if number not in plan.ocr_pages:
        raise ValueError(f"page {number} is not one the plan leaves to OCR")
    ctx = ReadContext.start(limits)
    try:
        if plan.format == "pdf":
            # The PDF reader is heavy: imported when a PDF page is asked for.
            from chalicelib.extract.pdf import draw_page  # noqa: PLC0415

            image = draw_page(data, number, ctx)
        else:
            image = images.frame_at(images.open_image(data), number - 1, ctx)
        if image is None:
            return PageText(number, drawn=False)
        result = ocr.recognise(image, number, plan.languages, ctx)
    except (DomainError, MemoryError):
        raise
    except Exception as exc:
        # As for a whole document (dispatch): a library failing on the file is reported
        # as unreadable to the user; the traceback stays in our logs.
        logger.exception("page %s could not be read", number)
        raise ExtractionCrashedError(
            "The file could not be read: our reader failed on it. Save it again, or send it as PDF."
        ) from exc
    return PageText(number, result.text, result.rotation)


def join_pages(plan: PagePlan, results: list[PageText], limits: ExtractLimits) -> Extraction:
    """The plan's pages in order with the OCR text in place: text.md and facts.json's content.

    Warnings come in the inline reader's order: the plan's, then pages that could not
    be drawn, then pages turned upright.
    """
    by_number = {result.number: result for result in results}
    missing = sorted(set(plan.ocr_pages) - by_number.keys())
    if missing:
        raise ValueError(f"no OCR result for pages {missing}")
    recognised = [by_number[number] for number in plan.ocr_pages if by_number[number].drawn]
    parts = list(plan.parts)
    for page in recognised:
        content = ocr.ocr_text_to_markdown(page.text)
        parts[page.number - 1] = _part(plan, page.number, content)
    ctx = ReadContext.start(limits)
    ctx.warnings.extend(plan.warnings)
    for number in plan.ocr_pages:
        if not by_number[number].drawn:
            ctx.warn(f"page {number} could not be drawn for OCR and was skipped")
    for page in recognised:
        if page.rotation:
            ctx.warn(f"page {page.number} was turned upright ({page.rotation}° rotation)")
    output = ReaderOutput(
        markdown="\n\n".join(parts),
        pages=plan.pages,
        pipeline="image" if recognised and not plan.text_pages else "contract",
        ocr_pages=len(recognised),
        has_tables=plan.has_tables,
    )
    return complete_extraction(plan.format, output, ctx)


def _part(plan: PagePlan, number: int, content: str) -> str:
    if plan.format == "pdf":
        from chalicelib.extract.pdf import page_part  # noqa: PLC0415

        return page_part(number, content)
    # images.read: a marker before each page of a multi-page scan, no trailing strip.
    return f"{plan.parts[number - 1]}\n\n{content}"
