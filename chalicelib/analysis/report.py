"""The report a user reads: Markdown for people, JSON for machines, always with the disclaimer."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from chalicelib.models import CHECK_FACT_BELOW, DISCLAIMER_EN, DISCLAIMER_RU, SEVERITY_ORDER
from chalicelib.versions.compare import VersionChanges

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import date

    from chalicelib.models import (
        AnalysisResult,
        ClauseFlag,
        ExtractedFacts,
        Finding,
        Money,
        PrescreenResult,
        Report,
        ReviewDecision,
    )
    from chalicelib.run_config import RunConfig

_SEVERITY_LABELS = {"high": "High", "medium": "Medium", "low": "Low", "info": "Info"}
_ROUTE_LABELS = {
    "deep_analysis": "Deep analysis",
    "manual_review": "Held for manual review",
    "auto_approve": "Approved automatically",
}
_CLAUSE_FLAGS = (
    ("penalty", "Penalty"),
    ("unilateral_termination", "Unilateral termination"),
    ("dispute_forum", "Dispute forum"),
    ("liability_cap", "Liability cap"),
    ("auto_renewal", "Automatic renewal"),
)
# Judged for English contracts only (by the learned detectors, or English-only rules such
# as the renewal option): shown where judged.
_LEARNED_FLAGS = (
    ("anti_assignment", "Anti-assignment"),
    ("non_compete", "Non-compete"),
    ("exclusivity", "Exclusivity"),
    ("uncapped_liability", "Uncapped liability"),
    ("renewal_option", "Renewal option"),
)
_NONE = "—"
_CHANCE_NOTE = (
    "Likely right: how often a reading like this one was right on the labelled contracts "
    "prescreen was calibrated on. Check the flagged ones against the text first."
)
_EVIDENCE_CHARS = 160
# Characters that would turn contract text into Markdown structure or HTML.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")
_LINE_START_MARK = re.compile(r"^(\d{1,9})([.)])(?=\s)|^([-+])(?=\s)")


def render_markdown(report: Report) -> str:
    """The report as Markdown: header, disclaimer, route, facts, extraction, findings, review."""
    sections = [
        _header(report),
        _disclaimers(report),
        _route(report.route, report.prescreen),
        _facts(report.prescreen),
        _extraction(report.facts),
        _findings(report.analysis),
        _review(report.review),
        _changes(report.changes),
        _configuration(report.config),
    ]
    return "\n\n".join(section for section in sections if section) + "\n"


def render_json(report: Report) -> str:
    """The report as JSON: the model's JSON form (amounts as strings), keys in model order."""
    return json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n"


def summarize_findings(result: AnalysisResult | None) -> dict[str, int]:
    """How many findings of each severity (high, medium, low, info), zeros included."""
    counts = dict.fromkeys(SEVERITY_ORDER, 0)
    for finding in result.findings if result else ():
        counts[finding.severity] += 1
    return counts


# --- sections ------------------------------------------------------------------


def _header(report: Report) -> str:
    title = report.prescreen.title or report.filename
    rows = [
        ("Document", title),
        ("File", report.filename),
        ("Document id", report.document_id),
        ("Version", f"v{report.version}"),
        ("Generated", report.generated_at.isoformat()),
    ]
    if report.rerun:
        rows.insert(4, ("Re-analysis", f"r{report.rerun}, under the configuration of its day"))
    return f"# Contract screening report: {_escape(title)}\n\n" + _table(("Field", "Value"), rows)


def _disclaimers(report: Report) -> str:
    """The English disclaimer always, the report's own, and the Russian one for a Russian text."""
    russian = "ru" in (report.prescreen.language, report.facts.language)
    texts = [DISCLAIMER_EN, report.disclaimer, DISCLAIMER_RU if russian else ""]
    return "\n>\n".join(f"> **{_escape(text)}**" for text in dict.fromkeys(texts) if text)


def _route(route: str, prescreen: PrescreenResult) -> str:
    lines = [
        "## Route",
        "",
        f"**{_ROUTE_LABELS.get(route, route)}** (prescreen confidence {prescreen.confidence:.2f})",
    ]
    if prescreen.route_reasons:
        lines += ["", "Reasons:", ""] + [
            f"- {_escape(reason)}" for reason in prescreen.route_reasons
        ]
    return "\n".join(lines)


def _facts(prescreen: PrescreenResult) -> str:
    """Prescreen's facts, each with its calibrated chance of being right where it has one."""
    rows: list[tuple[str, str, str | None]] = [
        ("Language", prescreen.language, None),
        ("Contract type", prescreen.contract_type or _NONE, "contract_type"),
        ("Title", prescreen.title or _NONE, "title"),
    ]
    for index, party in enumerate(prescreen.parties, start=1):
        role = f" ({party.role})" if party.role else ""
        inn = f", ИНН {party.inn}" if party.inn else ""
        # the parties are read as one fact: its chance stands on the first of them
        rows.append(
            (f"Party {index}", f"{party.name}{role}{inn}", "parties" if index == 1 else None)
        )
    if not prescreen.parties:
        rows.append(("Parties", _NONE, "parties"))
    rows += [
        ("Amount", _money(prescreen.amount), "amount"),
        ("Signed on", _date(prescreen.signed_on), "signed_on"),
        ("Starts on", _date(prescreen.starts_on), "starts_on"),
        ("Ends on", _date(prescreen.ends_on), "ends_on"),
        ("Governing law", prescreen.governing_law or _NONE, "governing_law"),
    ]
    rows += [(label, _flag(getattr(prescreen, name)), name) for name, label in _CLAUSE_FLAGS]
    rows += [
        # the renewal option is judged with automatic renewal, as one fact: whether it renews
        (label, _flag(flag), "auto_renewal" if name == "renewal_option" else name)
        for name, label in _LEARNED_FLAGS
        if (flag := getattr(prescreen, name)) is not None
    ]
    chances = prescreen.fact_confidence
    if not chances:
        return "## Facts (prescreen)\n\n" + _table(("Fact", "Value"), [row[:2] for row in rows])
    table = _table(
        ("Fact", "Value", "Likely right"),
        [(label, value, _chance(chances.get(fact or ""))) for label, value, fact in rows],
    )
    return f"## Facts (prescreen)\n\n{table}\n\n{_CHANCE_NOTE}"


def _chance(probability: float | None) -> str:
    """A fact's calibrated probability of being right, as a share; low ones flagged."""
    if probability is None:
        return _NONE
    shown = f"{round(probability * 100)}%"
    return f"{shown}, check it" if probability < CHECK_FACT_BELOW else shown


def _extraction(facts: ExtractedFacts) -> str:
    ocr = f"used on {facts.ocr_pages} of {facts.pages} pages" if facts.ocr_used else "not used"
    lines = [
        "## Extraction",
        "",
        f"- Format: {facts.format}; pipeline: {facts.pipeline}",
        f"- Pages: {facts.pages}; characters: {facts.chars:,}",
        f"- OCR: {ocr}",
        f"- Language detected: {facts.language}; tables: {'yes' if facts.has_tables else 'no'}",
    ]
    lines += [f"- Warning: {_escape(warning)}" for warning in facts.warnings]
    return "\n".join(lines)


def _usage(result: AnalysisResult) -> list[str]:
    """How a model-backed analysis went: calls, tokens, time, models, fallback, repairs."""
    usage = result.usage
    if usage is None:
        return []
    models = ", ".join(usage.models) or "—"
    fallback = " (the fallback model answered after a rate limit)" if usage.fallback_used else ""
    return [
        "",
        f"Model calls: {usage.calls} over {usage.chunks} chunk(s); tokens in "
        f"{usage.input_tokens}, out {usage.output_tokens}; {usage.latency_ms / 1000:.1f} s; "
        f"models: {_escape(models)}{fallback}; answers repaired: {usage.repairs}; "
        f"prompts {usage.prompt_version or '—'}.",
    ]


def _findings(result: AnalysisResult | None) -> str:
    if result is None:
        return "## Findings\n\nNo analysis was run for this document."
    counts = summarize_findings(result)
    model = f", model {result.model}" if result.model else ""
    checked = len(result.checked_items)
    lines = [
        "## Findings",
        "",
        f"Provider: {result.provider}{model}. Checklist items checked: {checked}. "
        f"Findings dropped because their quote is not in the text: {result.dropped_quotes}.",
        *_usage(result),
        "",
        _table(("Severity", "Count"), [(_SEVERITY_LABELS[s], str(n)) for s, n in counts.items()]),
    ]
    if not result.findings:
        lines += ["", "No risks were found against the checklist."]
    number = 0
    for severity, count in counts.items():
        if not count:
            continue
        lines += ["", f"### {_SEVERITY_LABELS[severity]} ({count})"]
        for finding in (f for f in result.findings if f.severity == severity):
            number += 1
            lines += ["", _finding(number, finding)]
    return "\n".join(lines)


def _finding(number: int, finding: Finding) -> str:
    return "\n".join(
        [
            f"#### {number}. {_escape(finding.title)} (`{finding.checklist_item}`)",
            "",
            f"> {_escape(finding.quote)}",
            "",
            _escape(finding.explanation),
            "",
            f"**Recommendation:** {_escape(finding.recommendation)}",
        ]
    )


def _review(review: ReviewDecision | None) -> str:
    if review is None:
        return ""
    lines = [
        "## Review decision",
        "",
        f"- Decision: {review.decision}",
        f"- Reviewer: {_escape(review.reviewer)}",
        f"- Decided at: {review.decided_at.isoformat()}",
    ]
    if review.comment:
        lines.append(f"- Comment: {_escape(review.comment)}")
    return "\n".join(lines)


def _changes(changes: dict[str, Any] | None) -> str:
    if changes is None:
        return ""
    return render_changes(VersionChanges.model_validate(changes))


def render_changes(changes: VersionChanges) -> str:
    """ "Changes since v{n}": the facts, parties and findings that differ, for people (a
    re-analysis compares with its version's own run: the same version on both sides)."""
    since = f"v{changes.from_version}"
    if changes.from_version == changes.to_version:
        since = f"the original run of v{changes.from_version}"
    lines = [f"## Changes since {since}", ""]
    if changes.unchanged:
        return "\n".join([*lines, "No fact, party or finding changed."])
    if changes.facts:
        lines += ["| Fact | Before | After |", "|---|---|---|"]
        lines += [
            f"| {_cell(c.label)} | {_cell(c.before or _NONE)} | {_cell(c.after or _NONE)} |"
            for c in changes.facts
        ]
        lines.append("")
    for party in changes.parties:
        role = f" ({_escape(party.role)})" if party.role else ""
        if party.change == "renamed":
            text = f"renamed: {_escape(party.before or '')} → {_escape(party.after or '')}"
        elif party.change == "added":
            text = f"added: {_escape(party.after or '')}"
        else:
            text = f"removed: {_escape(party.before or '')}"
        lines.append(f"- Party {text}{role}")
    for finding in changes.findings:
        label = "New finding" if finding.change == "new" else "Finding gone"
        severity = _SEVERITY_LABELS.get(finding.severity, finding.severity)
        lines.append(f"- {label} ({severity}): {_escape(finding.title)}")
    return "\n".join(lines).rstrip()


# --- formatting ----------------------------------------------------------------


def _configuration(config: RunConfig | None) -> str:
    """What the run ran with, as stored when it started: a later change of settings does
    not change how this report was made."""
    if config is None:
        return ""
    rows = [
        ("Provider", config.provider),
        ("Model", config.model or "—"),
        ("Prompts", config.prompt_version or "—"),
        ("Rule set", config.rule_set_version),
        ("Clause model", config.clause_model_version),
        (
            "Routing thresholds",
            f"review below {config.review_min_confidence}, auto-approve "
            + (
                f"from {config.auto_approve_min_confidence}"
                if config.auto_approve_enabled
                else "off"
            )
            + f", high value from {config.high_value_threshold}",
        ),
        ("Lane", config.lane),
        ("Configuration", f"{config.digest}, recorded {config.recorded_at.isoformat()}"),
    ]
    return "## Configuration of this run\n\n" + _table(("Setting", "Value"), rows)


def _thresholds(config: RunConfig) -> str:
    auto = f"from {config.auto_approve_min_confidence}" if config.auto_approve_enabled else "off"
    return (
        f"review below {config.review_min_confidence}, auto-approve {auto}, "
        f"high value from {config.high_value_threshold}"
    )


def _table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(value) for value in row) + " |" for row in rows]
    return "\n".join(lines)


def _cell(text: str) -> str:
    """Text safe inside a table cell: one line, pipes escaped."""
    return _escape(" ".join(text.split())) or _NONE


def _escape(text: str) -> str:
    """Contract text shown as text: Markdown and HTML characters escaped, one line."""
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    return _LINE_START_MARK.sub(_escape_line_start, text)


def _escape_line_start(match: re.Match[str]) -> str:
    """ "1. " and "- " at a line's start would make a list: escape their mark."""
    if match.group(3):
        return "\\" + match.group(3)
    return f"{match.group(1)}\\{match.group(2)}"


def _money(money: Money | None) -> str:
    if money is None:
        return _NONE
    vat = f" ({money.vat_note})" if money.vat_note else ""
    return f"{money.amount:,} {money.currency}{vat}"


def _date(value: date | None) -> str:
    return value.isoformat() if value else _NONE


def _flag(flag: ClauseFlag | None) -> str:
    if flag is None:
        return "not checked"
    text = "yes" if flag.present else "no"
    if flag.detail:
        text += f" ({flag.detail})"
    if flag.evidence:
        evidence = flag.evidence
        if len(evidence) > _EVIDENCE_CHARS:
            evidence = evidence[:_EVIDENCE_CHARS] + "…"
        text += f": «{evidence}»"
    return text
