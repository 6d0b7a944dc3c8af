"""Report order for findings: worst first, then checklist order, without duplicates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.analysis.checklist import CHECKLIST_IDS
from chalicelib.analysis.quotes import normalize_for_match
from chalicelib.models import SEVERITY_ORDER

if TYPE_CHECKING:
    from collections.abc import Iterable

    from chalicelib.models import Finding

_ITEM_ORDER = {item_id: index for index, item_id in enumerate(CHECKLIST_IDS)}


def order_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Findings sorted by severity then checklist order, keeping the first of any duplicate."""
    unique: dict[tuple[str, str], Finding] = {}
    for finding in findings:
        key = (finding.checklist_item, normalize_for_match(finding.quote))
        # Of two findings on the same words for the same item, the graver one stays.
        kept = unique.get(key)
        if kept is None or SEVERITY_ORDER[finding.severity] < SEVERITY_ORDER[kept.severity]:
            unique[key] = finding
    # Items no checklist knows (a model's own) go after ours, by name, deterministically.
    return sorted(
        unique.values(),
        key=lambda f: (
            SEVERITY_ORDER[f.severity],
            _ITEM_ORDER.get(f.checklist_item, len(_ITEM_ORDER)),
            f.checklist_item,
        ),
    )
