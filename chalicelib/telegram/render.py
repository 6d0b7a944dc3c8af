"""Messages the bot sends about a document: its progress line and its result.

Built with aiogram's formatting nodes, which send plain text plus message entities:
contract text (names, quotes) is never parsed as markup, so nothing is escaped by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiogram.utils.formatting import BlockQuote, Bold, Italic, Text, as_key_value, as_list

from chalicelib.models import SEVERITY_ORDER, DocumentStatus, facts_to_check
from chalicelib.statements.money import money_value
from chalicelib.statements.report import amount_text
from chalicelib.telegram.texts import contract_type_name, failure_text, text

if TYPE_CHECKING:
    from chalicelib.models import Document
    from chalicelib.telegram.texts import Lang

TELEGRAM_TEXT_LIMIT = 4096
TOP_FIGURES = 6  # a statement's key figures shown in the chat
TOP_FINDINGS = 3
_QUOTE_CHARS = 280

# The steps a person sees, in order, and the status that is "at" each step.
_STEPS: tuple[tuple[str, frozenset[DocumentStatus]], ...] = (
    ("status_received", frozenset({DocumentStatus.AWAITING_UPLOAD})),
    ("status_reading", frozenset({DocumentStatus.EXTRACTING})),
    ("status_prescreen", frozenset({DocumentStatus.PRESCREENING})),
    ("status_analysis", frozenset({DocumentStatus.ANALYZING, DocumentStatus.IN_REVIEW})),
    ("status_done", frozenset({DocumentStatus.DONE})),
)
_SEVERITY_ICONS = {"high": "🔴", "medium": "🟠", "low": "🟡", "info": "⚪"}
# The summary's facts, by their names in a prescreen's fact_confidence: one unlikely right
# (`facts_to_check`) is named in the line that asks to check it.
_SUMMARY_FACTS = ("contract_type", "parties", "amount", "signed_on", "starts_on", "ends_on")


def progress_text(lang: Lang, document: Document) -> Text:
    """The progress message: where the document is (first, for the chat list's preview),
    its file's name, and the steps done and to come; a failure says why and what to do."""
    if document.status == DocumentStatus.FAILED:
        error = document.error
        reason = (
            failure_text(lang, error.code, error.message, refunded=document.refunded)
            if error is not None
            else text(lang, "error_unexpected")
        )
        return as_list(
            Bold(f"❌ {text(lang, 'status_failed')}"), Text(f"📄 {document.filename}"), Text(reason)
        )
    return steps_text(lang, document.filename, document.status)


def steps_text(lang: Lang, filename: str, status: DocumentStatus) -> Text:
    """The progress of a document that has not failed (also before it exists: received)."""
    current = next((i for i, (_, statuses) in enumerate(_STEPS) if status in statuses), 0)
    done = status == DocumentStatus.DONE
    marks = []
    for index, (key, _) in enumerate(_STEPS):
        if index < current or done:
            marks.append(f"✅ {text(lang, key)}")
        elif index == current:
            marks.append(f"⏳ {text(lang, key)}")
        else:
            marks.append(f"▫️ {text(lang, key)}")
    if done:
        headline = f"✅ {text(lang, 'status_done')}"
    elif status == DocumentStatus.IN_REVIEW:
        headline = f"👩‍⚖️ {text(lang, 'status_review')}"
    else:
        headline = f"⏳ {text(lang, _STEPS[current][0])}…"
    return as_list(Bold(headline), Text(f"📄 {filename}"), Text(" · ".join(marks)))


def summary_text(lang: Lang, document: Document, report: dict[str, Any]) -> Text:
    """The result: type, parties, amount, dates, route, findings by severity, top quotes.

    Kept under Telegram's 4096 characters: quotes are cut, and only the gravest findings
    are shown; the full report is a button away.
    """
    if report.get("kind") == "statement":
        return _statement_summary(lang, document, report)
    prescreen: dict[str, Any] = report.get("prescreen") or {}
    analysis: dict[str, Any] = report.get("analysis") or {}
    findings = sorted(
        analysis.get("findings") or [], key=lambda f: SEVERITY_ORDER.get(f.get("severity"), 9)
    )
    none = text(lang, "none")
    parts: list[Text | str] = [
        Bold(f"{text(lang, 'summary_title')}: {document.filename}"),
        as_key_value(text(lang, "field_type"), _contract_type(lang, prescreen) or none),
        as_key_value(text(lang, "field_parties"), _parties(prescreen) or none),
        as_key_value(text(lang, "field_amount"), _amount(prescreen) or none),
        as_key_value(
            text(lang, "field_dates"),
            text(
                lang,
                "dates_value",
                signed=prescreen.get("signed_on") or none,
                starts=prescreen.get("starts_on") or none,
                ends=prescreen.get("ends_on") or none,
            ),
        ),
        as_key_value(text(lang, "field_route"), _route(lang, report.get("route"))),
        as_key_value(text(lang, "field_findings"), _counts(lang, findings)),
    ]
    unsure = _unsure_facts(lang, prescreen)
    if unsure:
        parts.insert(5, Italic(f"❔ {text(lang, 'check_first')}: {unsure}"))
    review = report.get("review")
    if review:
        parts.append(Italic(text(lang, "review_decided", decision=review.get("decision"))))
    if findings:
        parts.append(Bold(f"\n{text(lang, 'top_findings')}:"))
        for finding in findings[:TOP_FINDINGS]:
            icon = _SEVERITY_ICONS.get(finding.get("severity", ""), "•")
            parts.append(Text(f"{icon} ", Bold(finding.get("title", ""))))
            quote = _cut(finding.get("quote", ""), _QUOTE_CHARS)
            if quote:
                parts.append(BlockQuote(quote))
        if len(findings) > TOP_FINDINGS:
            parts.append(Text(text(lang, "more_findings", count=len(findings) - TOP_FINDINGS)))
    parts.append(Italic(f"\n{text(lang, 'disclaimer')}"))
    return as_list(*parts)


def _unsure_facts(lang: Lang, prescreen: dict[str, Any]) -> str:
    """The summary's facts not likely right, named for a person to check: a value read, or a
    value left out ("—") where the contract is likely to give one."""
    chances: dict[str, float] = prescreen.get("fact_confidence") or {}
    return ", ".join(text(lang, f"fact_{fact}") for fact in facts_to_check(chances, _SUMMARY_FACTS))


def _statement_summary(lang: Lang, document: Document, report: dict[str, Any]) -> Text:
    """A counterparty's accounting: company, result, key figures, failed checks, signs."""
    company = report.get("organization") or text(lang, "none")
    if report.get("inn"):
        company = f"{company} (ИНН {report['inn']})"
    status = "result_needs_check" if report.get("status") == "needs_check" else "result_done"
    parts: list[Text | str] = [
        Bold(f"{text(lang, 'statement_title')}: {document.filename}"),
        as_key_value(text(lang, "field_company"), company),
        as_key_value(text(lang, "field_result"), text(lang, status)),
    ]
    for figure in (report.get("key_figures") or [])[:TOP_FIGURES]:
        parts.append(as_key_value(figure["name"], _figure(figure)))
    for key, items, icon in (
        ("failed_checks", report.get("failed_checks") or [], "🔴"),
        ("warning_signs", report.get("warning_signs") or [], "🟠"),
    ):
        if items:
            parts.append(Bold(f"\n{text(lang, key)}:"))
            parts += [Text(f"{icon} {_cut(item, _QUOTE_CHARS)}") for item in items[:TOP_FINDINGS]]
    parts.append(Italic(f"\n{text(lang, 'disclaimer')}"))
    return as_list(*parts)


def _figure(figure: dict[str, Any]) -> str:
    return amount_text(money_value(figure.get("value")), figure.get("units"))


def fits_in_a_message(body: str) -> bool:
    """Whether a text can go as one Telegram message."""
    return len(body) <= TELEGRAM_TEXT_LIMIT


def _contract_type(lang: Lang, prescreen: dict[str, Any]) -> str:
    kind = prescreen.get("contract_type")
    return contract_type_name(lang, kind) if kind else ""


def _parties(prescreen: dict[str, Any]) -> str:
    names = []
    for party in prescreen.get("parties") or []:
        name = party.get("name", "")
        if party.get("inn"):
            name = f"{name} (ИНН {party['inn']})"
        names.append(name)
    return "; ".join(names)


def _amount(prescreen: dict[str, Any]) -> str:
    money = prescreen.get("amount")
    if not money:
        return ""
    return f"{money.get('amount')} {money.get('currency', '')}".strip()


def _route(lang: Lang, route: str | None) -> str:
    return text(lang, f"route_{route}") if route else text(lang, "none")


def _counts(lang: Lang, findings: list[dict[str, Any]]) -> str:
    if not findings:
        return text(lang, "no_findings")
    counts: dict[str, int] = {}
    for finding in findings:
        severity = finding.get("severity", "info")
        counts[severity] = counts.get(severity, 0) + 1
    ordered = sorted(counts, key=lambda s: SEVERITY_ORDER.get(s, 9))
    return ", ".join(f"{text(lang, f'severity_{s}')}: {counts[s]}" for s in ordered)


def _cut(value: str, limit: int) -> str:
    value = " ".join(value.split())
    return value if len(value) <= limit else value[: limit - 1].rstrip() + "…"
