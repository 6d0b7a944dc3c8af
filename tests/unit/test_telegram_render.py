"""The bot's messages about a document: progress line, failures, the result within limits."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from chalicelib.models import Document, DocumentError, DocumentStatus
from chalicelib.telegram.render import TELEGRAM_TEXT_LIMIT, progress_text, summary_text

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _document(status: DocumentStatus, **fields: Any) -> Document:
    return Document(
        document_id="d-1",
        owner_id="u",
        region="ru",
        status=status,
        filename="<b>Договор</b>.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=10,
        created_at=NOW,
        updated_at=NOW,
        upload_expires_at=NOW,
        **fields,
    )


def test_render_progress_marks_done_steps_and_the_current_one() -> None:
    body = progress_text("en", _document(DocumentStatus.PRESCREENING)).as_kwargs()["text"]
    assert "✅ Received" in body and "✅ Reading" in body
    assert body.startswith("⏳ Pre-screening…")  # the chat list previews the first line
    assert "⏳ Pre-screening" in body and "▫️ Analysis" in body


def test_render_progress_of_a_held_document_says_a_reviewer_has_it() -> None:
    body = progress_text("ru", _document(DocumentStatus.IN_REVIEW)).as_kwargs()["text"]
    assert "юрист" in body


def test_render_progress_of_a_failure_explains_it_and_the_refund() -> None:
    error = DocumentError(code="ENCRYPTED", message="Password", failure_class="user")
    failed = _document(DocumentStatus.FAILED, error=error, refunded=True)
    body = progress_text("en", failed).as_kwargs()["text"]
    assert "❌" in body and "password" in body and "refunded" in body


def test_render_keeps_markup_in_names_as_text_not_html() -> None:
    sent = progress_text("en", _document(DocumentStatus.DONE)).as_kwargs()
    assert "<b>Договор</b>.pdf" in sent["text"]  # shown as typed, no parse mode
    assert sent.get("parse_mode") is None
    assert any(e.type == "bold" for e in sent["entities"])


def _report(findings: int, quote: str) -> dict[str, Any]:
    return {
        "route": "deep_analysis",
        "prescreen": {
            "contract_type": "supply",
            "parties": [{"name": "ООО «Ромашка»", "inn": "7707083893"}, {"name": "ИП Иванов"}],
            "amount": {"amount": "1200000.00", "currency": "RUB"},
            "signed_on": "2026-01-10",
            "starts_on": None,
            "ends_on": "2026-12-31",
        },
        "analysis": {
            "findings": [
                {"severity": ("high", "low", "medium")[i % 3], "title": f"Risk {i}",
                 "quote": quote, "explanation": "", "recommendation": ""}
                for i in range(findings)
            ]
        },
    }  # fmt: skip


def test_render_summary_has_the_facts_and_the_gravest_findings_first() -> None:
    sent = summary_text("en", _document(DocumentStatus.DONE), _report(5, "Штраф 10%")).as_kwargs()
    body = sent["text"]
    assert "Type: supply" in body and "ООО «Ромашка» (ИНН 7707083893)" in body
    assert "1200000.00 RUB" in body and "2026-12-31" in body and "deep analysis" in body
    assert "high: 2, medium: 1, low: 2" in body
    assert body.index("Risk 0") < body.index("Risk 2")  # high before medium
    assert "2 more" in body
    assert any(e.type == "blockquote" for e in sent["entities"])


def test_render_summary_fits_one_telegram_message_whatever_the_quotes() -> None:
    body = summary_text("ru", _document(DocumentStatus.DONE), _report(40, "слово " * 3000))
    assert len(body.as_kwargs()["text"]) <= TELEGRAM_TEXT_LIMIT


def test_render_summary_without_findings_says_so() -> None:
    body = summary_text("en", _document(DocumentStatus.DONE), _report(0, "")).as_kwargs()["text"]
    assert "no risks found" in body


def test_intake_names_a_file_without_extension_by_its_type() -> None:
    from chalicelib.telegram.intake import named_by_type

    assert named_by_type("contract", "application/pdf") == "contract.pdf"
    assert named_by_type(None, "application/pdf") == "document.pdf"
    assert named_by_type("scan.tiff", "application/pdf") == "scan.tiff"  # the name decides
    assert named_by_type("notes", "application/zip") == "notes"  # refused later, by its name


def test_render_summary_names_the_contract_type_in_the_users_language() -> None:
    body = summary_text("ru", _document(DocumentStatus.DONE), _report(0, "")).as_kwargs()["text"]
    assert "Тип: поставка" in body


def test_render_summary_asks_to_check_the_facts_not_likely_right() -> None:
    report = _report(0, "")
    report["prescreen"]["fact_confidence"] = {
        "contract_type": 0.95,
        "parties": 0.62,
        "amount": 0.91,
        "signed_on": 0.88,
        "starts_on": 0.3,  # read as none, and likely wrong so: a date to look for
        "ends_on": 0.55,
    }
    english = summary_text("en", _document(DocumentStatus.DONE), report).as_kwargs()["text"]
    assert "Check against the text: parties, start date, end date" in english
    # after the facts it names, before the route
    assert english.index("Dates:") < english.index("Check against") < english.index("Route:")
    russian = summary_text("ru", _document(DocumentStatus.DONE), report).as_kwargs()["text"]
    assert "Проверьте по тексту: стороны, дату начала, дату окончания" in russian
    report["prescreen"]["fact_confidence"] = {"parties": 0.7, "ends_on": 0.93}
    sure = summary_text("en", _document(DocumentStatus.DONE), report).as_kwargs()["text"]
    assert "Check against" not in sure
