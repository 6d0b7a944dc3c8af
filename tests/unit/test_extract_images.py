"""Scans as images: OCR, orientation, multi-page TIFF, and decompression bombs."""

from __future__ import annotations

import dataclasses
import io
import struct
import zlib

import pymupdf
import pytest
from PIL import Image

from chalicelib.errors import (
    HostileDocumentError,
    TooManyScannedPagesError,
    UnreadableDocumentError,
)
from chalicelib.extract import extract_document
from tests.limits import UNIT_LIMITS as LIMITS

LEASE = """
<p style="font-size: 15pt">ДОГОВОР АРЕНДЫ НЕЖИЛОГО ПОМЕЩЕНИЯ</p>
<p style="font-size: 13pt">1. Арендодатель передаёт Арендатору во временное владение и
пользование нежилое помещение общей площадью 120 квадратных метров.</p>
<p style="font-size: 13pt">2. Арендная плата составляет пятьдесят тысяч рублей в месяц и
вносится не позднее пятого числа каждого месяца.</p>
<p style="font-size: 13pt">3. Договор вступает в силу с момента подписания и действует
до тридцать первого декабря текущего года.</p>
"""


def scan(html: str = LEASE, dpi: int = 150) -> Image.Image:
    """A page of text drawn to a grayscale picture, as a scanner would deliver it."""
    document = pymupdf.open()
    page = document.new_page(width=595, height=500)
    page.insert_htmlbox(pymupdf.Rect(40, 40, 555, 460), html)
    pixmap = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return Image.frombytes("L", (pixmap.width, pixmap.height), pixmap.samples)


def encode(image: Image.Image, fmt: str, **options: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt, **options)
    return buffer.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that declares a size but carries almost no pixels: a decompression bomb's shape."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00"))
        + chunk(b"IEND", b"")
    )


def test_png_scan_is_recognised_as_russian_text() -> None:
    extraction = extract_document(encode(scan(), "PNG"), declared_ext="png", limits=LIMITS)
    assert "ДОГОВОР АРЕНДЫ" in extraction.markdown
    assert "Арендатору" in extraction.markdown
    facts = extraction.facts
    assert (facts.format, facts.pipeline, facts.pages, facts.ocr_pages) == ("png", "image", 1, 1)
    assert facts.ocr_used
    assert facts.language == "ru"


def test_scan_rotated_by_90_degrees_is_turned_upright_before_reading() -> None:
    rotated = scan().rotate(90, expand=True)
    extraction = extract_document(encode(rotated, "JPEG"), declared_ext="jpg", limits=LIMITS)
    assert "Арендная плата" in extraction.markdown
    assert any("turned upright" in warning for warning in extraction.facts.warnings)


def test_multi_page_tiff_is_read_page_by_page() -> None:
    first, second = scan(), scan("<p style='font-size: 15pt'>АКТ ПРИЁМА-ПЕРЕДАЧИ</p>")
    data = encode(first, "TIFF", save_all=True, append_images=[second], compression="tiff_lzw")
    extraction = extract_document(data, declared_ext="tiff", limits=LIMITS)
    assert extraction.facts.pages == 2
    assert "<!-- page 2 -->" in extraction.markdown
    assert "АКТ" in extraction.markdown.split("<!-- page 2 -->")[1]


def test_tiff_with_more_pages_than_ocr_allows_has_too_many_scanned_pages() -> None:
    page = Image.new("L", (50, 50), 255)
    data = encode(page, "TIFF", save_all=True, append_images=[page] * 3)
    limits = dataclasses.replace(LIMITS, max_ocr_pages=3)
    with pytest.raises(TooManyScannedPagesError, match="4 pages"):
        extract_document(data, declared_ext="tif", limits=limits)


@pytest.mark.parametrize(("width", "height"), [(50_000, 50_000), (10_000, 10_000)])
def test_image_declaring_a_bomb_sized_canvas_is_refused_unopened(width: int, height: int) -> None:
    with pytest.raises(HostileDocumentError, match="decompression bomb"):
        extract_document(png_header_only(width, height), declared_ext="png", limits=LIMITS)


def test_truncated_image_is_unreadable() -> None:
    data = encode(scan(), "PNG")
    with pytest.raises(UnreadableDocumentError):
        extract_document(data[: len(data) // 3], declared_ext="png", limits=LIMITS)
