"""The report: Markdown a person reads and JSON a machine reads, always with the disclaimer."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from decimal import Decimal

from chalicelib.analysis.report import render_json, render_markdown, summarize_findings
from chalicelib.models import (
    DISCLAIMER_EN,
    DISCLAIMER_RU,
    AnalysisResult,
    AnalysisUsage,
    ClauseFlag,
    ExtractedFacts,
    Finding,
    Money,
    Party,
    PrescreenResult,
    Report,
    ReviewDecision,
)


def _finding(severity: str, item: str = "penalty", quote: str = "Неустойка 1% в день.") -> Finding:
    return Finding(
        checklist_item=item,
        title="Неустойка (штрафы, пени)",
        severity=severity,  # type: ignore[arg-type]
        quote=quote,
        explanation="Неустойка выше 0,1% в день.",
        recommendation="Снизить ставку.",
    )


def _report(
    language: str = "ru",
    analysis: AnalysisResult | None = None,
    review: ReviewDecision | None = None,
) -> Report:
    prescreen = PrescreenResult(
        language=language,  # type: ignore[arg-type]
        contract_type="supply",
        title="Договор поставки № 15",
        parties=(
            Party(name="ООО «Ромашка»", role="Поставщик", inn="7701234567"),
            Party(name="ООО «Лютик» | филиал", role="Покупатель"),
        ),
        amount=Money(amount=Decimal("1200000.50"), currency="RUB", vat_note="в т.ч. НДС 20%"),
        signed_on=date(2024, 3, 1),
        ends_on=date(2024, 12, 31),
        penalty=ClauseFlag(present=True, evidence="неустойка 1% за каждый день"),
        auto_renewal=ClauseFlag(present=False),
        governing_law="RU",
        confidence=0.82,
        fact_confidence={
            "contract_type": 0.951,
            "title": 0.9,
            "parties": 0.875,
            "amount": 0.97,
            "signed_on": 0.91,
            "ends_on": 0.55,
            "penalty": 0.93,
            "auto_renewal": 0.96,
            "governing_law": 0.99,
        },
        route="deep_analysis",
        route_reasons=("penalty above 0.1% per day", "amount over 1 000 000 RUB"),
    )
    facts = ExtractedFacts(
        pipeline="contract", format="pdf", pages=5, chars=12345, ocr_used=True, ocr_pages=2
    )
    return Report(
        document_id="d-1",
        version=2,
        filename="dogovor.pdf",
        generated_at=datetime(2024, 3, 2, 10, 0, tzinfo=UTC),
        route="deep_analysis",
        facts=facts,
        prescreen=prescreen,
        analysis=analysis,
        review=review,
    )


ANALYSIS = AnalysisResult(
    provider="rules",
    findings=(
        _finding("high"),
        _finding("high", "unilateral_termination", "Заказчик вправе отказаться в любое время."),
        _finding("low", "governing_law", "Стороны руководствуются законодательством."),
    ),
    dropped_quotes=1,
    checked_items=("penalty", "unilateral_termination", "governing_law"),
)


def test_summarize_findings_counts_every_severity_with_zeros() -> None:
    assert summarize_findings(ANALYSIS) == {"high": 2, "medium": 0, "low": 1, "info": 0}
    assert summarize_findings(None) == {"high": 0, "medium": 0, "low": 0, "info": 0}


def test_markdown_always_carries_the_disclaimer() -> None:
    for analysis in (ANALYSIS, None):
        english = render_markdown(_report("en", analysis))
        assert DISCLAIMER_EN in english
        assert DISCLAIMER_RU not in english
        russian = render_markdown(_report("ru", analysis))
        assert DISCLAIMER_EN in russian
        assert DISCLAIMER_RU in russian


def test_markdown_shows_each_disclaimer_once_whichever_the_report_carries() -> None:
    for disclaimer in (DISCLAIMER_EN, DISCLAIMER_RU):
        report = _report("ru", ANALYSIS).model_copy(update={"disclaimer": disclaimer})
        markdown = render_markdown(report)
        assert markdown.count(DISCLAIMER_EN) == 1
        assert markdown.count(DISCLAIMER_RU) == 1


def test_markdown_groups_findings_by_severity_with_counts() -> None:
    markdown = render_markdown(_report(analysis=ANALYSIS))
    assert "| High | 2 |" in markdown
    assert "| Medium | 0 |" in markdown
    assert "### High (2)" in markdown
    assert "### Low (1)" in markdown
    assert "### Medium" not in markdown
    assert markdown.index("### High") < markdown.index("### Low")
    assert "> Неустойка 1% в день." in markdown
    assert "**Recommendation:** Снизить ставку." in markdown
    assert "quote is not in the text: 1" in markdown


def test_markdown_shows_document_route_facts_and_extraction() -> None:
    markdown = render_markdown(_report(analysis=ANALYSIS))
    assert markdown.startswith("# Contract screening report: Договор поставки № 15\n")
    assert "| Version | v2 |" in markdown
    assert "| File | dogovor.pdf |" in markdown
    assert "**Deep analysis**" in markdown
    assert "- penalty above 0.1% per day" in markdown
    assert "| Party 1 | ООО «Ромашка» (Поставщик), ИНН 7701234567 | 88% |" in markdown
    assert "| Amount | 1,200,000.50 RUB (в т.ч. НДС 20%) | 97% |" in markdown
    assert "| Signed on | 2024-03-01 | 91% |" in markdown
    assert "| Penalty | yes: «неустойка 1% за каждый день» | 93% |" in markdown
    assert "| Liability cap | not checked | — |" in markdown


def test_markdown_gives_each_fact_its_chance_of_being_right_and_flags_the_unlikely() -> None:
    markdown = render_markdown(_report(analysis=ANALYSIS))
    assert "| Fact | Value | Likely right |" in markdown
    assert "| Ends on | 2024-12-31 | 55%, check it |" in markdown
    assert "| Contract type | supply | 95% |" in markdown
    assert "| Language | ru | — |" in markdown  # not read from the text: no chance to give
    # the parties are one fact: its chance stands once, on the first of them
    assert re.search(r"\| Party 2 \| [^\n]* \| — \|", markdown)
    assert "Check the flagged ones against the text first." in markdown
    # a prescreen without calibrated chances (an older report) keeps the two columns
    older = _report(analysis=ANALYSIS)
    older = older.model_copy(
        update={"prescreen": older.prescreen.model_copy(update={"fact_confidence": {}})}
    )
    plain = render_markdown(older)
    assert "| Fact | Value |\n" in plain
    assert "Likely right" not in plain
    assert "| Signed on | 2024-03-01 |\n" in plain
    assert "- OCR: used on 2 of 5 pages" in markdown


def test_markdown_tables_are_valid() -> None:
    markdown = render_markdown(_report(analysis=ANALYSIS))
    tables: list[list[str]] = []
    current: list[str] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith("|"):
            current.append(line)
        elif current:
            tables.append(current)
            current = []
    assert len(tables) == 3
    for table in tables:
        assert re.fullmatch(r"\|(---\|)+", table[1])
        widths = {len(re.findall(r"(?<!\\)\|", row)) for row in table}
        assert widths == {table[1].count("|")}, table  # every row has the header's cells


def test_markdown_escapes_contract_text() -> None:
    hostile = _finding("medium", quote="<script>alert(1)</script> | *bold* 1. item")
    analysis = AnalysisResult(provider="rules", findings=(hostile,), checked_items=("penalty",))
    markdown = render_markdown(_report(analysis=analysis))
    assert "<script>" not in markdown
    assert r"> \<script\>alert(1)\</script\> \| \*bold\* 1. item" in markdown
    assert r"ООО «Лютик» \| филиал" in markdown


def test_markdown_without_analysis_or_findings_says_so() -> None:
    assert "No analysis was run" in render_markdown(_report())
    empty = AnalysisResult(provider="rules", checked_items=("penalty",))
    assert "No risks were found" in render_markdown(_report(analysis=empty))


def test_markdown_shows_the_review_decision_when_present() -> None:
    assert "## Review decision" not in render_markdown(_report(analysis=ANALYSIS))
    review = ReviewDecision(
        decision="approve",
        reviewer="lawyer@example.com",
        comment="OK после правок",
        decided_at=datetime(2024, 3, 3, 9, 30, tzinfo=UTC),
    )
    markdown = render_markdown(_report(analysis=ANALYSIS, review=review))
    assert "## Review decision" in markdown
    assert "- Decision: approve" in markdown
    assert "- Comment: OK после правок" in markdown


def test_markdown_is_deterministic() -> None:
    assert render_markdown(_report(analysis=ANALYSIS)) == render_markdown(
        _report(analysis=ANALYSIS)
    )


def test_json_is_the_models_json_with_the_amount_as_a_string() -> None:
    report = _report(analysis=ANALYSIS)
    data = json.loads(render_json(report))
    assert data == report.model_dump(mode="json")
    assert data["prescreen"]["amount"]["amount"] == "1200000.50"
    assert data["disclaimer"] == DISCLAIMER_EN
    assert data["analysis"]["findings"][0]["severity"] == "high"
    assert "Неустойка" in render_json(report)  # not \u-escaped


def test_markdown_shows_how_a_model_backed_analysis_went() -> None:
    usage = AnalysisUsage(
        calls=5,
        chunks=3,
        input_tokens=9100,
        output_tokens=1200,
        latency_ms=4200.0,
        models=("qwen2.5:14b", "qwen2.5:7b"),
        fallback_used=True,
        repairs=1,
        prompt_version="v1",
    )
    analysis = AnalysisResult(
        provider="ollama", model="qwen2.5:7b", checked_items=("penalty",), usage=usage
    )

    markdown = render_markdown(_report(analysis=analysis))

    assert "Provider: ollama, model qwen2.5:7b." in markdown
    assert "Model calls: 5 over 3 chunk(s); tokens in 9100, out 1200; 4.2 s" in markdown
    assert "the fallback model answered after a rate limit" in markdown
    assert "answers repaired: 1; prompts v1." in markdown


def test_markdown_of_the_rules_engine_shows_no_model_usage() -> None:
    markdown = render_markdown(_report(analysis=ANALYSIS))

    assert "Model calls" not in markdown
