"""Scans sent as PNG, JPEG or (multi-page) TIFF: decoded safely, then recognised by OCR."""

from __future__ import annotations

import io
import warnings
from typing import TYPE_CHECKING

from PIL import Image, ImageOps, UnidentifiedImageError

from chalicelib.errors import (
    HostileDocumentError,
    TooManyScannedPagesError,
    UnreadableDocumentError,
)
from chalicelib.extract import ocr
from chalicelib.extract.markdown import page_marker
from chalicelib.extract.reading import ReaderOutput, fans_out_ocr, scanned_pages_limit
from chalicelib.models import PagePlan

if TYPE_CHECKING:
    from collections.abc import Iterator

    from chalicelib.extract.reading import ReadContext

# A 600 dpi A3 scan is 35 MP and a phone photo 12-50 MP; past this a file that is a few
# kilobytes on disk would decode into gigabytes (a decompression bomb).
MAX_IMAGE_PIXELS = 80_000_000
_BOMB_MESSAGE = (
    "The image declares a size far beyond any scan (a decompression bomb), so we do not "
    "open it. Send the scan at 300 dpi."
)
_DAMAGED_MESSAGE = "The image is damaged or truncated. Scan or export it again and send it."
_DECODE_ERRORS = (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError)


def open_image(data: bytes) -> Image.Image:
    """The image, its header checked against the pixel limit before any decoding."""
    # Pillow's own guard is a module-wide setting; it backs up the explicit check below.
    Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise HostileDocumentError(_BOMB_MESSAGE) from exc
    except _DECODE_ERRORS as exc:
        raise UnreadableDocumentError(_DAMAGED_MESSAGE) from exc
    return image


def frame_at(image: Image.Image, index: int, ctx: ReadContext) -> Image.Image:
    """Frame `index` (from 0) decoded, size-checked and turned upright by its EXIF tag."""
    ctx.check_deadline()
    try:
        image.seek(index)
        if image.width * image.height > MAX_IMAGE_PIXELS:
            raise HostileDocumentError(_BOMB_MESSAGE)
        return ImageOps.exif_transpose(image.copy())
    except _DECODE_ERRORS as exc:
        raise UnreadableDocumentError(_DAMAGED_MESSAGE) from exc


def _frames(image: Image.Image, count: int, ctx: ReadContext) -> Iterator[tuple[int, Image.Image]]:
    """Each frame decoded, size-checked and turned upright by its EXIF tag."""
    for index in range(count):
        yield index + 1, frame_at(image, index, ctx)


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A scan's pages recognised by OCR, as Markdown with page markers."""
    image = open_image(data)
    count = int(getattr(image, "n_frames", 1))
    fanned_out = fans_out_ocr(count, ctx)
    limit = min(scanned_pages_limit(fanned_out, ctx), ctx.limits.max_pages)
    if count > limit:
        raise TooManyScannedPagesError(
            f"The image file holds {count} pages; we recognise at most {limit} scanned pages "
            "per document. Split it and send the parts separately."
        )
    if fanned_out:
        return ReaderOutput(
            markdown="",
            pages=count,
            pipeline="image",
            page_plan=PagePlan(
                format="image",  # the sniffed format is filled in by dispatch
                pages=count,
                ocr_pages=tuple(range(1, count + 1)),
                parts=tuple(page_marker(number) for number in range(1, count + 1)),
                languages=ctx.limits.ocr_languages,
            ),
        )
    pages = ocr.recognise_pages(_frames(image, count, ctx), ctx)
    blocks: list[str] = []
    for page in pages:
        if page.rotation:
            ctx.warn(f"page {page.number} was turned upright ({page.rotation}° rotation)")
        body = ocr.ocr_text_to_markdown(page.text)
        blocks.append(f"{page_marker(page.number)}\n\n{body}" if count > 1 else body)
    return ReaderOutput(
        markdown="\n\n".join(blocks), pages=count, pipeline="image", ocr_pages=count
    )
