"""The bounds one extraction runs within: size, pages, time, memory."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.settings import Settings

MIB = 1024 * 1024


@dataclass(frozen=True)
class ExtractLimits:
    """Every limit an extraction obeys; built once from the settings."""

    max_bytes: int
    max_pages: int
    max_ocr_pages: int
    timeout_seconds: int
    ocr_page_timeout_seconds: int
    ocr_languages: str = "rus+eng"
    ocr_dpi: int = 300
    ocr_workers: int = 2
    memory_mb: int = 1536
    max_unpacked_bytes: int = 100 * MIB
    # More scanned pages than this are not recognised here: the reader returns a page
    # plan and the pipeline OCRs the pages in parallel (a Map state). 0: always here.
    # Only the Extract function sets it; the CLI and the eval read everything in place.
    ocr_fanout_min_pages: int = 0
    # Scanned pages a document fanned out to the pipeline may have (max_ocr_pages bounds
    # those read here, within the extraction's time limit).
    max_fanout_ocr_pages: int = 100

    @classmethod
    def from_settings(cls, settings: Settings) -> ExtractLimits:
        """The limits the settings of this deployment call for."""
        return cls(
            max_bytes=settings.max_upload_bytes,
            max_pages=settings.max_pages,
            max_ocr_pages=settings.max_ocr_pages,
            timeout_seconds=settings.extract_timeout_seconds,
            ocr_page_timeout_seconds=settings.ocr_page_timeout_seconds,
            ocr_languages=settings.ocr_languages,
            ocr_dpi=settings.ocr_dpi,
            ocr_workers=settings.ocr_workers,
            memory_mb=settings.extract_memory_mb,
            max_unpacked_bytes=settings.max_unpacked_bytes,
            max_fanout_ocr_pages=settings.max_fanout_ocr_pages,
        )
