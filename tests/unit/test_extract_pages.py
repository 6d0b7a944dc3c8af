"""A scan read page by page (the run's Map) gives what reading it at once gives."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pytest
from PIL import Image

from chalicelib.errors import HostileDocumentError, TooManyScannedPagesError
from chalicelib.extract import extract_document
from chalicelib.extract.images import MAX_IMAGE_PIXELS
from chalicelib.extract.pages import PageText, join_pages, recognise_page
from tests.limits import UNIT_LIMITS
from tests.scans import page_text, scan_pdf, scan_tiff

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.models import Extraction

INLINE = UNIT_LIMITS
FANNED = dataclasses.replace(UNIT_LIMITS, ocr_fanout_min_pages=1)


def read_page_by_page(data: bytes, declared_ext: str) -> Extraction:
    """What the run does: Extract's plan, each page on its own, then the join."""
    planned = extract_document(data, declared_ext=declared_ext, limits=FANNED)
    plan = planned.page_plan
    assert plan is not None and planned.markdown == ""
    pages = [recognise_page(data, plan, number, UNIT_LIMITS) for number in plan.ocr_pages]
    return join_pages(plan, list(reversed(pages)), UNIT_LIMITS)  # order comes from the plan


def test_a_multi_page_tiff_read_page_by_page_equals_reading_it_at_once() -> None:
    data = scan_tiff(3)
    at_once = extract_document(data, declared_ext="tiff", limits=INLINE)
    assert at_once.page_plan is None
    by_page = read_page_by_page(data, "tiff")
    assert by_page == at_once
    assert by_page.facts.ocr_pages == 3
    assert by_page.facts.pipeline == "image"
    assert "month 3" in by_page.markdown.split("<!-- page 3 -->")[1]


def test_a_pdf_with_a_text_page_and_scans_read_page_by_page_equals_reading_it_at_once() -> None:
    body = "The Landlord lets the premises to the Tenant for a term of one year. " * 8
    data = scan_pdf(3, text_first_page=body)
    at_once = extract_document(data, declared_ext="pdf", limits=INLINE)
    by_page = read_page_by_page(data, "pdf")
    assert by_page == at_once
    assert (by_page.facts.pages, by_page.facts.ocr_pages) == (4, 3)
    assert by_page.facts.pipeline == "contract"
    assert by_page.facts.warnings == ("pages 2-4 had no text layer; OCR used",)


def test_a_scan_with_no_more_pages_than_the_threshold_is_read_at_once() -> None:
    limits = dataclasses.replace(UNIT_LIMITS, ocr_fanout_min_pages=2)
    extraction = extract_document(scan_tiff(2), declared_ext="tiff", limits=limits)
    assert extraction.page_plan is None
    assert page_text(2).split(".")[0] in extraction.markdown


@pytest.mark.parametrize(("make", "ext"), [(scan_tiff, "tiff"), (scan_pdf, "pdf")])
def test_a_scan_longer_than_extract_reads_itself_is_planned_up_to_the_runs_own_limit(
    make: Callable[[int], bytes], ext: str
) -> None:
    # Extract OCRs at most 5 pages itself (its time limit); the run OCRs up to 7, a page each
    limits = dataclasses.replace(
        FANNED, max_bytes=20 * 1024 * 1024, max_ocr_pages=5, max_fanout_ocr_pages=7
    )
    planned = extract_document(make(7), declared_ext=ext, limits=limits)
    assert planned.page_plan is not None
    assert planned.page_plan.ocr_pages == tuple(range(1, 8))
    with pytest.raises(TooManyScannedPagesError, match=r"8 pages.*at most 7 scanned pages"):
        extract_document(make(8), declared_ext=ext, limits=limits)
    # Read inside Extract (no fan-out), the same 7 pages are too many for its time limit
    inline = dataclasses.replace(limits, ocr_fanout_min_pages=0)
    with pytest.raises(TooManyScannedPagesError, match=r"7 pages.*at most 5 scanned pages"):
        extract_document(make(7), declared_ext=ext, limits=inline)


def test_a_frame_beyond_the_pixel_limit_fails_its_page_as_the_whole_scan_would() -> None:
    side = int(MAX_IMAGE_PIXELS**0.5) + 10
    data = scan_tiff(2, extra_frames=[Image.new("1", (side, side), 1)])
    with pytest.raises(HostileDocumentError):
        extract_document(data, declared_ext="tiff", limits=INLINE)
    plan = extract_document(data, declared_ext="tiff", limits=FANNED).page_plan
    assert plan is not None and plan.ocr_pages == (1, 2, 3)
    assert recognise_page(data, plan, 1, UNIT_LIMITS).text.strip()
    with pytest.raises(HostileDocumentError):
        recognise_page(data, plan, 3, UNIT_LIMITS)


def test_a_page_that_could_not_be_drawn_stays_empty_with_the_inline_warning() -> None:
    data = scan_pdf(2)
    plan = extract_document(data, declared_ext="pdf", limits=FANNED).page_plan
    assert plan is not None
    pages = [recognise_page(data, plan, 1, UNIT_LIMITS), PageText(2, drawn=False)]
    joined = join_pages(plan, pages, UNIT_LIMITS)
    assert joined.markdown.endswith("<!-- page 2 -->")
    assert joined.facts.ocr_pages == 1
    assert joined.facts.warnings[-1] == "page 2 could not be drawn for OCR and was skipped"
