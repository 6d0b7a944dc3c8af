"""The analysis port: what every analysis provider (rules, Ollama, OpenAI, YandexGPT) offers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from chalicelib.models import AnalysisResult, PrescreenResult


class AnalysisProvider(Protocol):
    """Reads a contract's Markdown and returns findings against the checklist.

    An implementation must quote the document verbatim in every finding and
    pass its findings through `chalicelib.analysis.quotes.verify_quotes`, so
    that `AnalysisResult.dropped_quotes` counts the quotes it could not prove.
    Retryable failures (rate limits, timeouts) are raised as the
    `RetryableError` subclasses of `chalicelib.errors`; an answer that stays
    invalid is an `InvalidModelOutputError`.
    """

    name: str

    def analyze(self, markdown: str, prescreen: PrescreenResult) -> AnalysisResult:
        """Analyse one document's text, given what prescreen learned about it."""
        ...
