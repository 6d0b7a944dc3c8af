"""Checklist items about disputes: the forum and the governing law."""

from __future__ import annotations

from typing import Any

from chalicelib.analysis import RulesProvider
from chalicelib.models import Finding, PrescreenResult


def _findings(text: str, item: str, language: str = "ru", **facts: Any) -> list[Finding]:
    prescreen = PrescreenResult(language=language, confidence=0.5, route="deep_analysis", **facts)
    result = RulesProvider().analyze(text, prescreen)
    assert result.dropped_quotes == 0
    return [f for f in result.findings if f.checklist_item == item]


# --- dispute forum -------------------------------------------------------------


def test_forum_absent_is_medium_and_quotes_the_title() -> None:
    text = "ДОГОВОР НА ОКАЗАНИЕ УСЛУГ ПО РЕМОНТУ ТЕХНИКИ\n\n1. Исполнитель проводит диагностику."
    [finding] = _findings(text, "dispute_forum")
    assert finding.severity == "medium"
    assert finding.quote == "ДОГОВОР НА ОКАЗАНИЕ УСЛУГ ПО РЕМОНТУ ТЕХНИКИ"


def test_forum_named_court_is_a_note() -> None:
    text = (
        "7.2. При не достижении Сторонами согласия спор подлежит передаче на рассмотрение в "
        "Арбитражный суд Республики Башкортостан."
    )
    [finding] = _findings(text, "dispute_forum")
    assert finding.severity == "info"
    assert finding.quote == text


def test_forum_at_the_claimants_seat_is_a_note() -> None:
    text = "Спор подлежит рассмотрению в Арбитражном суде по месту нахождения Истца."
    [finding] = _findings(text, "dispute_forum")
    assert finding.severity == "info"


def test_forum_generic_court_yields_nothing() -> None:
    text = (
        "При неурегулировании Сторонами возникших разногласий спор разрешается в судебном "
        "порядке в соответствии с действующим законодательством РФ."
    )
    assert _findings(text, "dispute_forum") == []


def test_forum_named_in_english_is_a_note() -> None:
    text = (
        "Any claim arising out of this Agreement must be brought exclusively in the state or "
        "federal courts located in San Diego County, California."
    )
    [finding] = _findings(text, "dispute_forum", language="en")
    assert finding.severity == "info"
    assert finding.title == "Dispute resolution and forum"


# --- governing law -------------------------------------------------------------


def test_law_russian_yields_nothing_for_a_russian_contract() -> None:
    text = "13. ПРИМЕНИМОЕ ПРАВО. Соглашение регулируется законодательством Российской Федерации."
    assert _findings(text, "governing_law") == []


def test_law_unnamed_is_low() -> None:
    text = (
        "7.6. Во всем остальном, что не урегулировано условиями настоящего договора, стороны "
        "будут руководствоваться действующим законодательством."
    )
    [finding] = _findings(text, "governing_law")
    assert finding.severity == "low"


def test_law_foreign_is_a_note() -> None:
    text = "12.1. Настоящий Договор регулируется и толкуется в соответствии с правом Англии."
    [finding] = _findings(text, "governing_law")
    assert finding.severity == "info"
    assert "иностранному праву" in finding.explanation


def test_law_absent_is_medium() -> None:
    text = "СОГЛАШЕНИЕ О КОНФИДЕНЦИАЛЬНОСТИ\n\nСтороны обязуются не разглашать информацию."
    [finding] = _findings(text, "governing_law")
    assert finding.severity == "medium"
    assert finding.quote == "СОГЛАШЕНИЕ О КОНФИДЕНЦИАЛЬНОСТИ"


def test_law_named_in_an_english_contract_is_a_note() -> None:
    text = (
        "20. Governing Law\nA) This Agreement shall be governed by and interpreted in accordance "
        "with the laws of the State of New York, USA without regard to conflict of laws principles."
    )
    [finding] = _findings(text, "governing_law", language="en")
    assert finding.severity == "info"
    assert "laws of the State of New York" in finding.quote
