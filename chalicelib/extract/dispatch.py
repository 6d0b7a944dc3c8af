"""In-process extraction: sniff the real format, run its reader, work out the common facts."""

from __future__ import annotations

import importlib
import logging
import re
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from chalicelib.errors import (
    DocumentTooLargeError,
    DomainError,
    ExtractionCrashedError,
    UnreadableDocumentError,
)
from chalicelib.extract.markdown import PAGE_MARKER
from chalicelib.extract.reading import ReadContext, ReaderOutput
from chalicelib.extract.sniff import ensure_acceptable, sniff_format
from chalicelib.formats import BY_KIND, IMAGE_KINDS
from chalicelib.language import detect_language
from chalicelib.models import ExtractedFacts, Extraction, PagePlan
from chalicelib.statements.detect import mentions_accounting
from chalicelib.statements.grid import grid_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.extract.limits import ExtractLimits

    Reader = Callable[[bytes, ReadContext], ReaderOutput]

logger = logging.getLogger(__name__)

# Readers are imported on first use: a TXT upload should not pay PyMuPDF's import.
# A form names itself in its header: the first pages say whether a PDF is accounting.
_ACCOUNTING_SAMPLE_CHARS = 20_000


def extract_document(data: bytes, *, declared_ext: str, limits: ExtractLimits) -> Extraction:
    """Read a document in this process: real format by its bytes, Markdown and facts out."""
    extension = declared_ext.lower().lstrip(".")
    if not data:
        raise UnreadableDocumentError("The file is empty. Check the document and send it again.")
    if len(data) > limits.max_bytes:
        raise DocumentTooLargeError(
            f"The file is larger than {limits.max_bytes // (1024 * 1024)} MB. "
            "Compress the scans or split the document, then send it again."
        )
    ctx = ReadContext.start(limits)
    kind = sniff_format(data, limits)
    ensure_acceptable(kind, extension)
    output = _run_reader(kind, data, ctx)
    if output.page_plan is not None:
        return _planned(kind, output, output.page_plan, ctx)
    return complete_extraction(kind, output, ctx)


def _planned(kind: str, output: ReaderOutput, plan: PagePlan, ctx: ReadContext) -> Extraction:
    """A scan left to the pipeline's per-page OCR: no text yet, the facts known so far."""
    facts = ExtractedFacts(
        pipeline=output.pipeline,
        format=kind,
        pages=output.pages,
        chars=0,
        ocr_used=True,
        ocr_pages=len(plan.ocr_pages),
        has_tables=plan.has_tables,
        warnings=tuple(ctx.warnings),
    )
    return Extraction(markdown="", facts=facts, page_plan=plan.model_copy(update={"format": kind}))


def _run_reader(kind: str, data: bytes, ctx: ReadContext) -> ReaderOutput:
    module, _, name = BY_KIND[kind].reader.partition(":")
    reader = cast("Reader", getattr(importlib.import_module(module), name or "read"))
    try:
        return reader(data, ctx)
    except DomainError:
        raise
    except RecursionError as exc:
        raise UnreadableDocumentError(
            "The document is nested too deeply to read. Save it again and send the new copy."
        ) from exc
    except MemoryError:
        raise
    except Exception as exc:
        # A parser failing on a hostile or broken file is the file's fault for the user;
        # the traceback stays in our logs for us.
        logger.exception("reader for %s failed", kind)
        raise ExtractionCrashedError(
            "The file could not be read: our reader failed on it. Save it again, or send it as PDF."
        ) from exc


def _statement_in_pdf(kind: str, output: ReaderOutput) -> ReaderOutput:
    """A PDF (or a scan) that holds a balance, an income statement or an ОСВ: its pages as
    sheets, for the statements branch; any other document as it was read."""
    if kind not in ("pdf", *IMAGE_KINDS) or not mentions_accounting(
        output.markdown[:_ACCOUNTING_SAMPLE_CHARS]
    ):
        return output
    # The statements package reads Extract's Markdown helpers: imported here, not above.
    from chalicelib.statements.text_grid import recognised_statements  # noqa: PLC0415

    sheets, found = recognised_statements(output.markdown)
    if not found:
        return output
    return replace(output, pipeline="statement", sheets=grid_of(sheets))


# Typographic ligatures, spelled out: a text copied out of a typeset PDF into a Word file or
# a plain text keeps them ("ﬁrst", "Eﬀective Date"), and no word with one reads as written.
# (The PDF reader has PyMuPDF spell them out as it reads.) And the characters that sit inside
# a word unseen, dropped: a soft hyphen where a word may break ("Agree\u00adment", as web pages
# and hyphenating editors leave them), the zero-width joiners and the word joiner.
_SPELLED_OUT = str.maketrans(
    {
        "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
        "\u00ad": None, "\u200c": None, "\u200d": None, "\u2060": None,
    }
)  # fmt: skip
_TO_SPELL_OUT = re.compile("[ﬀ-ﬆ\u00ad\u200c\u200d\u2060]")


def spelled_out(markdown: str) -> str:
    """The text with its ligatures spelled out and its invisible in-word characters dropped
    (the same string when it has none)."""
    return markdown.translate(_SPELLED_OUT) if _TO_SPELL_OUT.search(markdown) else markdown


def complete_extraction(kind: str, output: ReaderOutput, ctx: ReadContext) -> Extraction:
    """A reader's output checked for text, with the facts every format gets."""
    output = replace(output, markdown=spelled_out(output.markdown))
    content = PAGE_MARKER.sub("", output.markdown)
    if not any(char.isalnum() for char in content):
        raise UnreadableDocumentError(
            "No readable text found in the document. If it is a scan, send a clearer one "
            "(300 dpi); if it is a form, fill it in first."
        )
    output = _statement_in_pdf(kind, output)
    facts = ExtractedFacts(
        pipeline=output.pipeline,
        format=kind,
        pages=output.pages,
        chars=len(output.markdown),
        ocr_used=output.ocr_pages > 0,
        ocr_pages=output.ocr_pages,
        language=detect_language(content),
        has_tables=output.has_tables,
        warnings=tuple(ctx.warnings),
    )
    return Extraction(markdown=output.markdown, facts=facts, sheets=output.sheets)
