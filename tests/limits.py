"""Extraction limits the tests share: small ones for unit tests, production ones for the corpus."""

from __future__ import annotations

from chalicelib.extract import ExtractLimits
from chalicelib.settings import Settings

UNIT_LIMITS = ExtractLimits(
    max_bytes=5 * 1024 * 1024,
    max_pages=50,
    max_ocr_pages=5,
    timeout_seconds=60,
    ocr_page_timeout_seconds=30,
)
PRODUCTION_LIMITS = ExtractLimits.from_settings(Settings(table_name="-", bucket_name="-"))
