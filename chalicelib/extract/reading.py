"""What every reader is given (limits, a deadline, a list of warnings) and gives back."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chalicelib.errors import ExtractionTimeoutError

if TYPE_CHECKING:
    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.models import GridSheet, PagePlan, Pipeline


@dataclass
class ReadContext:
    """One extraction's limits, its wall-clock deadline and the warnings it collects."""

    limits: ExtractLimits
    deadline: float
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, limits: ExtractLimits) -> ReadContext:
        """A context whose deadline is `limits.timeout_seconds` from now."""
        return cls(limits=limits, deadline=time.monotonic() + limits.timeout_seconds)

    def remaining(self) -> float:
        """Seconds left before the deadline (never negative)."""
        return max(0.0, self.deadline - time.monotonic())

    def check_deadline(self) -> None:
        """Raise ExtractionTimeoutError once the deadline has passed."""
        if time.monotonic() >= self.deadline:
            raise ExtractionTimeoutError(
                f"Reading the document took longer than {self.limits.timeout_seconds} seconds. "
                "Send a shorter file or a PDF with a text layer."
            )

    def warn(self, message: str) -> None:
        """Record something the user should know about the extracted text."""
        self.warnings.append(message)


@dataclass(frozen=True)
class ReaderOutput:
    """A reader's result before the facts common to every format are worked out."""

    markdown: str
    pages: int
    pipeline: Pipeline = "contract"
    ocr_pages: int = 0
    has_tables: bool = False
    sheets: tuple[GridSheet, ...] = ()  # a spreadsheet's cells, for statement recognition
    # Set when the scanned pages are left to the pipeline's per-page OCR (the markdown is
    # then empty: the plan holds what was read).
    page_plan: PagePlan | None = None

    def fans_out(self) -> bool:
        """Whether OCR is left to the pipeline."""
        return self.page_plan is not None


# A dense contract page holds about 3000 characters; used where a format has no pages.
CHARS_PER_PAGE = 3000


def fans_out_ocr(pages_needing_ocr: int, ctx: ReadContext) -> bool:
    """Whether this many scanned pages are left to the pipeline's per-page OCR."""
    threshold = ctx.limits.ocr_fanout_min_pages
    return threshold > 0 and pages_needing_ocr > threshold


def scanned_pages_limit(fanned_out: bool, ctx: ReadContext) -> int:
    """The most scanned pages a document may have to OCR: more when the run OCRs them."""
    return ctx.limits.max_fanout_ocr_pages if fanned_out else ctx.limits.max_ocr_pages


def estimate_pages(chars: int) -> int:
    """Pages a text of `chars` characters would fill when printed (at least one)."""
    return max(1, -(-chars // CHARS_PER_PAGE))
