"""The offline, deterministic analysis provider: the checklist's patterns and severity logic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.analysis.checklist import CHECKLIST, CHECKLIST_IDS
from chalicelib.analysis.contract_text import ContractText
from chalicelib.analysis.findings import order_findings
from chalicelib.analysis.quotes import normalize_for_match, verify_quotes
from chalicelib.models import SEVERITY_ORDER, AnalysisResult, Finding

if TYPE_CHECKING:
    from chalicelib.analysis.items import ChecklistItem, Observation
    from chalicelib.models import PrescreenResult


class RulesProvider:
    """Checks a contract against the checklist with regular expressions; no network, no model."""

    name = "rules"

    def analyze(self, markdown: str, prescreen: PrescreenResult) -> AnalysisResult:
        """Findings for every checklist item, worst first, each quote checked against the text."""
        doc = ContractText(markdown, prescreen)
        findings = [
            finding
            for item in CHECKLIST
            for finding in findings_for(item, item.assess(doc), doc.language)
        ]
        kept, dropped = verify_quotes(order_findings(findings), markdown)
        return AnalysisResult(
            provider=self.name,
            findings=tuple(kept),
            dropped_quotes=dropped,
            checked_items=CHECKLIST_IDS,
        )


def findings_for(
    item: ChecklistItem, observations: list[Observation], language: str
) -> list[Finding]:
    """An item's observations worded as findings; two verdicts on one quote become one finding."""
    by_quote: dict[str, list[Observation]] = {}
    for observation in observations:
        by_quote.setdefault(normalize_for_match(observation.quote), []).append(observation)
    return [_merge(item, group, language) for group in by_quote.values()]


def _merge(item: ChecklistItem, group: list[Observation], language: str) -> Finding:
    verdicts = [item.verdicts[observation.verdict] for observation in group]
    explanations = [
        verdict.explanation.render(language, observation.params)
        for verdict, observation in zip(verdicts, group, strict=True)
    ]
    recommendations = [
        verdict.recommendation.render(language, observation.params)
        for verdict, observation in zip(verdicts, group, strict=True)
    ]
    return Finding(
        checklist_item=item.id,
        title=item.title.ru if language == "ru" else item.title.en,
        severity=min((verdict.severity for verdict in verdicts), key=SEVERITY_ORDER.__getitem__),
        quote=group[0].quote,
        explanation=" ".join(dict.fromkeys(explanations)),
        recommendation=" ".join(dict.fromkeys(recommendations)),
    )
