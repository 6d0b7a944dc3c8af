"""Run Extract and Prescreen on every labelled document and score each field.

The harness is honest by construction: a document's bytes go through the same
isolated Extract worker and the same prescreen call the Prescreen Lambda makes, and
the labels are read only afterwards, to score what came out. A document Extract
refuses (a legacy .doc, a missing file) is scored as an empty prescreen, so it counts
against every field it has a fact for instead of vanishing from the table.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chalicelib.errors import DomainError
from chalicelib.evaluation.fields import FIELDS, Outcome
from chalicelib.extract import ExtractLimits, extract_isolated
from chalicelib.models import PrescreenResult
from chalicelib.prescreen import RoutingPolicy, Screening, screen_text

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chalicelib.evaluation.labels import LabelledDocument
    from chalicelib.models import Extraction


@dataclass(frozen=True)
class Screened:
    """What the pipeline made of one labelled document, and how each field scored."""

    document: LabelledDocument
    result: PrescreenResult
    error: str | None
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    seconds: float = 0.0
    # What the confidence was worked out from, for fitting its calibration.
    screening: Screening | None = None

    @property
    def share_right(self) -> float | None:
        """The share of this document's scored fields that prescreen got right."""
        if not self.outcomes:
            return None
        return sum(o.correct for o in self.outcomes.values()) / len(self.outcomes)


def _isolated(data: bytes, declared_ext: str, limits: ExtractLimits) -> Extraction:
    return extract_isolated(data, declared_ext=declared_ext, limits=limits)


def screen_document(
    document: LabelledDocument,
    *,
    limits: ExtractLimits,
    policy: RoutingPolicy,
    extract: Callable[[bytes, str, ExtractLimits], Extraction] = _isolated,
) -> Screened:
    """Extract and prescreen one document, then score it against its labels."""
    started = time.perf_counter()
    error: str | None = None
    screening: Screening | None = None
    try:
        data = document.path.read_bytes()
        extraction = extract(data, document.path.suffix.lower().lstrip("."), limits)
        screening = screen_text(
            extraction.markdown,
            pipeline=extraction.facts.pipeline,
            language_hint=extraction.facts.language,
            policy=policy,
        )
        result = screening.result
    except (DomainError, OSError) as exc:
        code = exc.code if isinstance(exc, DomainError) else "FILE_UNREADABLE"
        error = f"{code}: {exc}"
        result = PrescreenResult(language=document.language, confidence=0.0, route="manual_review")
    seconds = time.perf_counter() - started
    outcomes: dict[str, Outcome] = {}
    for spec in FIELDS[document.language]:
        if any(column not in document.labels for column in spec.needs):
            continue  # a corpus whose label file lacks this column
        outcome = spec.score(document.labels, result)
        if outcome is not None:
            outcomes[f"{document.language}.{spec.name}"] = outcome
    return Screened(document, result, error, outcomes, seconds, screening)


def screen_all(
    documents: Sequence[LabelledDocument],
    *,
    limits: ExtractLimits,
    policy: RoutingPolicy | None = None,
    workers: int = 2,
    extract: Callable[[bytes, str, ExtractLimits], Extraction] = _isolated,
) -> list[Screened]:
    """Every document screened, in the order given; each Extract runs in its own process."""
    chosen = policy or RoutingPolicy()
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        return list(
            pool.map(
                lambda doc: screen_document(doc, limits=limits, policy=chosen, extract=extract),
                documents,
            )
        )
