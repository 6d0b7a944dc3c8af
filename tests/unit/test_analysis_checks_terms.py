"""Checklist items about performance terms: acceptance, confidentiality, assignment."""

from __future__ import annotations

from typing import Any

from chalicelib.analysis import RulesProvider
from chalicelib.models import Finding, PrescreenResult


def _findings(text: str, item: str, language: str = "ru", **facts: Any) -> list[Finding]:
    prescreen = PrescreenResult(language=language, confidence=0.5, route="deep_analysis", **facts)
    result = RulesProvider().analyze(text, prescreen)
    assert result.dropped_quotes == 0
    return [f for f in result.findings if f.checklist_item == item]


# --- acceptance ----------------------------------------------------------------


def test_acceptance_deemed_after_a_short_window_is_medium() -> None:
    text = (
        "14.3. В течение 3 (трёх) календарных дней с момента Акцепта Пользователь вправе заявить "
        "о выявлении существенных недостатков. При отсутствии таких заявлений по окончании "
        "указанного срока Контент считается принятым полностью, в надлежащем качестве и объёме."
    )
    [finding] = _findings(text, "acceptance")
    assert finding.severity == "medium"
    assert "3" in finding.explanation
    assert "Контент считается принятым полностью" in finding.quote


def test_acceptance_deemed_without_a_window_is_medium() -> None:
    text = (
        "3.16. В случае необоснованного отказа Заказчика от подписания акта приема-передачи, "
        "изделия считается переданным Заказчику в надлежащем качестве."
    )
    [finding] = _findings(text, "acceptance")
    assert finding.severity == "medium"


def test_acceptance_deemed_after_a_long_window_in_english_is_low() -> None:
    text = (
        "Each of the Deliverables shall be deemed accepted by On2 unless On2 delivers to Wildform "
        "a Nonconformance Notice within thirty (30) business days of the delivery."
    )
    [finding] = _findings(text, "acceptance", language="en")
    assert finding.severity == "low"
    assert "30 days" in finding.explanation


def test_acceptance_by_signature_or_of_an_offer_is_not_deemed_acceptance() -> None:
    text = (
        "4.4. Обязательства Поставщика считаются выполненными с момента передачи Товара и "
        "подписания представителем Заказчика товарной накладной. "
        "Оферта считается принятой, если Пользователь не направил отказ в течение 3 дней."
    )
    assert _findings(text, "acceptance") == []


def test_acceptance_terms_absent_from_a_works_contract_are_low() -> None:
    text = "ДОГОВОР ПОДРЯДА № 3\n\n1. Подрядчик выполняет ремонт помещения."
    [finding] = _findings(text, "acceptance", contract_type="works")
    assert finding.severity == "low"
    assert finding.quote == "ДОГОВОР ПОДРЯДА № 3"


# --- confidentiality ------------------------------------------------------------


def test_confidentiality_absent_from_a_services_contract_is_low() -> None:
    text = "SERVICES AGREEMENT\n\n1. Services. The Administrator shall provide fund services."
    [finding] = _findings(text, "confidentiality", language="en")
    assert finding.severity == "low"
    assert finding.quote == "SERVICES AGREEMENT"


def test_confidentiality_absent_from_a_supply_contract_is_not_reported() -> None:
    text = "ДОГОВОР ПОСТАВКИ\n\n1. Поставщик передаёт товар Покупателю."
    assert _findings(text, "confidentiality") == []


def test_confidentiality_without_end_is_a_note() -> None:
    text = (
        "9.1. Стороны обязуются сохранять конфиденциальность полученной информации. "
        "9.2. Обязательства по сохранению конфиденциальности действуют бессрочно."
    )
    [finding] = _findings(text, "confidentiality")
    assert finding.severity == "info"
    assert "бессрочно" in finding.quote


def test_confidentiality_in_perpetuity_in_english_is_a_note() -> None:
    text = "The obligations of confidentiality under this Section shall survive in perpetuity."
    [finding] = _findings(text, "confidentiality", language="en")
    assert finding.severity == "info"


# --- assignment ----------------------------------------------------------------


def test_assignment_without_consent_is_medium() -> None:
    text = (
        "8.4. Поставщик вправе уступить права требования по настоящему Договору третьим лицам "
        "без согласия Покупателя."
    )
    [finding] = _findings(text, "assignment")
    assert finding.severity == "medium"
    assert finding.quote == text


def test_assignment_forbidden_without_consent_yields_nothing() -> None:
    text = (
        "2.1. Пользователь не вправе передавать, уступать, предоставлять сублицензию, отчуждать "
        "права третьим лицам без предварительного письменного согласия Правообладателя."
    )
    assert _findings(text, "assignment") == []
    text_en = "Neither Party may assign its rights without the prior written consent of the other."
    assert _findings(text_en, "assignment", language="en") == []


def test_assignment_without_consent_in_english_is_medium() -> None:
    text = "Company may assign this Agreement to any third party without the consent of Customer."
    [finding] = _findings(text, "assignment", language="en")
    assert finding.severity == "medium"


def test_assignment_to_affiliates_only_is_low() -> None:
    text = (
        "Neither party shall assign this Agreement without the prior written consent of the "
        "other, provided that each party may assign this Agreement without such consent to any "
        "Affiliate or to any successor by merger."
    )
    [finding] = _findings(text, "assignment", language="en")
    assert finding.severity == "low"
