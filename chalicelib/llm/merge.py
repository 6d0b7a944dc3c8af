"""Merging the chunks' findings: one finding per risk, the gravest kept, in report order.

Overlapping chunks and a model that reads a clause twice produce the same finding more
than once. Two findings are one when they concern the same checklist item and their
quotes share words of the document (compared as the quote check compares them); the
graver survives. The report lists findings worst first, then in document order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.analysis.quotes import normalize_for_match
from chalicelib.models import SEVERITY_ORDER, Finding

if TYPE_CHECKING:
    from collections.abc import Sequence

    from chalicelib.llm.schema import ModelFinding


@dataclass(frozen=True)
class _Located:
    """A finding with its quote in comparison form and where that stands in the document."""

    finding: Finding
    needle: str
    position: int  # in the document's comparison form; -1 when the quote is not there
    sequence: int  # the order it arrived in: chunk order, then the model's order

    def overlaps(self, other: _Located) -> bool:
        """Same item, and the quotes share words of the document (or one holds the other)."""
        if self.finding.checklist_item != other.finding.checklist_item:
            return False
        if not (self.needle and other.needle):
            return False
        if self.position >= 0 and other.position >= 0:
            self_end = self.position + len(self.needle)
            other_end = other.position + len(other.needle)
            return self.position < other_end and other.position < self_end
        return self.needle in other.needle or other.needle in self.needle


def merge_findings(answers: Sequence[Sequence[ModelFinding]], markdown: str) -> list[Finding]:
    """All chunks' findings without duplicates (the graver kept), worst first, in document order."""
    haystack = normalize_for_match(markdown)
    kept: list[_Located] = []
    sequence = 0
    for findings in answers:
        for model_finding in findings:
            finding = Finding(
                checklist_item=model_finding.checklist_item,
                title=model_finding.title.strip(),
                severity=model_finding.severity,
                quote=model_finding.quote.strip(),
                explanation=model_finding.explanation.strip(),
                recommendation=model_finding.recommendation.strip(),
            )
            needle = normalize_for_match(finding.quote)
            located = _Located(finding, needle, haystack.find(needle) if needle else -1, sequence)
            sequence += 1
            _keep_graver(kept, located)
    unplaced = len(haystack) + 1
    kept.sort(
        key=lambda item: (
            SEVERITY_ORDER[item.finding.severity],
            item.position if item.position >= 0 else unplaced,
            item.sequence,
        )
    )
    return [item.finding for item in kept]


def _keep_graver(kept: list[_Located], candidate: _Located) -> None:
    """Add the candidate, or let it replace an overlapping finding it is graver than."""
    for index, existing in enumerate(kept):
        if existing.overlaps(candidate):
            graver = (
                SEVERITY_ORDER[candidate.finding.severity]
                < SEVERITY_ORDER[existing.finding.severity]
            )
            if graver:
                kept[index] = candidate
            return
    kept.append(candidate)
