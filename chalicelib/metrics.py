"""The metrics the services count, by name, and the `Metrics` that counts nothing.

One place for the names: the template's alarms and the operators' dashboards use them.
Every metric is a count in namespace `ContractCheck` (`POWERTOOLS_METRICS_NAMESPACE`);
a metric with a breakdown is counted twice, as its total and split by the breakdown.

- `DocumentStatusChanged`: each status a document moves to, by `Status`; a failure also
  by `Status` and `FailureClass`, a finished report by `Status` and `Route`;
- `PagesExtracted`, `OcrPages`: per extracted document, its pages and those read by OCR;
- `LlmCalls`, `LlmInputTokens`, `LlmOutputTokens`: per model-backed analysis;
- `LlmFallbacks`: per model-backed analysis, 1 when the fallback model answered, else 0;
- `LlmRateLimited`: each 429 or quota answer, switched to the fallback model or retried;
- `CreditsReserved`: each upload's reservation;
- `CreditsRefunded`: each refund of a failed document, in all and by `FailureClass`;
- `CallbackDeliveries`: each round of a partner callback, by `Outcome` (`delivered`,
  `retrying`, `failed`).

Only `DocumentStatusChanged`, `CreditsRefunded` and `CallbackDeliveries` have dimensions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

DOCUMENT_STATUS_CHANGED = "DocumentStatusChanged"
PAGES_EXTRACTED = "PagesExtracted"
OCR_PAGES = "OcrPages"
LLM_CALLS = "LlmCalls"
LLM_INPUT_TOKENS = "LlmInputTokens"
LLM_OUTPUT_TOKENS = "LlmOutputTokens"
LLM_FALLBACKS = "LlmFallbacks"
LLM_RATE_LIMITED = "LlmRateLimited"
CREDITS_RESERVED = "CreditsReserved"
CREDITS_REFUNDED = "CreditsRefunded"
CALLBACK_DELIVERIES = "CallbackDeliveries"


class NoMetrics:
    """Where nothing is counted: the services' default, and tests that do not look."""

    def count(
        self,
        name: str,
        value: float = 1,
        *,
        unit: str = "Count",
        breakdown: Mapping[str, str] | None = None,
        **dimensions: str,
    ) -> None:
        """Nothing to do."""
