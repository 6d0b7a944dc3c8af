"""Multi-page scans made in the test: text rendered to pixels, small pages to keep OCR fast."""

from __future__ import annotations

import io

import pymupdf
from PIL import Image

# A half-height page: OCR takes a fraction of a second per page, the layout is still prose.
PAGE_RECT = pymupdf.Rect(0, 0, 420, 300)
TEXT_BOX = pymupdf.Rect(20, 20, 400, 280)
# An A4 page's text area, for scans as dense as a contract's.
A4_TEXT_BOX = pymupdf.Rect(40, 40, 555, 800)


def page_text(number: int) -> str:
    """A short paragraph that names its page, so the order of pages can be checked."""
    return (
        f"Clause {number}. The Tenant shall pay the rent for month {number} "
        "before the fifth day of that month."
    )


def rendered_page(html: str, dpi: int = 200) -> Image.Image:
    """The HTML on a small page, drawn in grayscale as a scanner would."""
    page = pymupdf.open().new_page(width=PAGE_RECT.width, height=PAGE_RECT.height)
    page.insert_htmlbox(TEXT_BOX, f"<p style='font-size: 12pt'>{html}</p>")
    pixmap = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return Image.frombytes("L", (pixmap.width, pixmap.height), pixmap.samples)


def scan_tiff(pages: int, *, extra_frames: list[Image.Image] | None = None) -> bytes:
    """A multi-page TIFF of `pages` rendered pages (then any `extra_frames`)."""
    frames = [rendered_page(page_text(n)) for n in range(1, pages + 1)]
    return tiff_of(frames + (extra_frames or []))


def dense_scan(pages: int, paragraph: str) -> bytes:
    """A multi-page TIFF of A4 pages full of `paragraph` at 200 dpi: seconds of OCR each."""
    frames = []
    for _ in range(pages):
        page = pymupdf.open().new_page()
        page.insert_htmlbox(A4_TEXT_BOX, f"<p style='font-size: 11pt'>{paragraph}</p>")
        pixmap = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        frames.append(Image.frombytes("L", (pixmap.width, pixmap.height), pixmap.samples))
    return tiff_of(frames)


def tiff_of(frames: list[Image.Image]) -> bytes:
    """Frames as one multi-page TIFF (LZW), as a scanner saves them."""
    buffer = io.BytesIO()
    frames[0].save(
        buffer, format="TIFF", save_all=True, append_images=frames[1:], compression="tiff_lzw"
    )
    return buffer.getvalue()


def scan_pdf(pages: int, *, text_first_page: str | None = None) -> bytes:
    """An image-only PDF of `pages` rendered pages, after a real text page when given."""
    document = pymupdf.open()
    if text_first_page is not None:
        page = document.new_page(width=PAGE_RECT.width, height=PAGE_RECT.height)
        page.insert_htmlbox(TEXT_BOX, f"<p>{text_first_page}</p>")
    for number in range(1, pages + 1):
        image = rendered_page(page_text(number))
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        page = document.new_page(width=PAGE_RECT.width, height=PAGE_RECT.height)
        page.insert_image(page.rect, stream=buffer.getvalue())
    return document.tobytes()
