"""Checklist items about who bears the loss: liability and force majeure."""

from __future__ import annotations

from typing import Any

from chalicelib.analysis import RulesProvider
from chalicelib.models import Finding, PrescreenResult


def _findings(text: str, item: str, language: str = "ru", **facts: Any) -> list[Finding]:
    prescreen = PrescreenResult(language=language, confidence=0.5, route="deep_analysis", **facts)
    result = RulesProvider().analyze(text, prescreen)
    assert result.dropped_quotes == 0
    return [f for f in result.findings if f.checklist_item == item]


# --- liability -----------------------------------------------------------------


def test_liability_clause_absent_is_medium_and_quotes_the_title() -> None:
    text = "ДОГОВОР ПОСТАВКИ № 7\n\n1. Поставщик передаёт товар. 2. Покупатель оплачивает товар."
    [finding] = _findings(text, "liability")
    assert finding.severity == "medium"
    assert finding.quote == "ДОГОВОР ПОСТАВКИ № 7"
    assert "заголовок документа" in finding.explanation


def test_liability_excluded_for_all_losses_is_high() -> None:
    text = (
        "Компания РИТ не несет ответственность за ущерб или убытки, возникшие в связи с "
        "использованием Программного обеспечения."
    )
    [finding] = _findings(text, "liability")
    assert finding.severity == "high"
    assert finding.quote == text


def test_liability_excluded_for_direct_and_indirect_losses_is_high() -> None:
    text = (
        "5.3. За любые убытки, прямые либо косвенные, возникшие вследствие использования "
        "Контента, Правообладатель ответственности не несёт."
    )
    [finding] = _findings(text, "liability")
    assert finding.severity == "high"


def test_liability_excluded_for_indirect_loss_only_is_low() -> None:
    text = (
        "IN NO EVENT WILL EITHER PARTY BE LIABLE TO THE OTHER FOR CONSEQUENTIAL, SPECIAL, "
        "INCIDENTAL, EXEMPLARY OR PUNITIVE DAMAGES ARISING OUT OF THIS AGREEMENT."
    )
    [finding] = _findings(text, "liability", language="en")
    assert finding.severity == "low"


def test_liability_exclusion_for_force_majeure_or_a_specific_cause_is_not_a_waiver() -> None:
    text = (
        "Ни одна из Сторон не будет нести ответственность за неисполнение обязательств, если это "
        "будет являться следствием обстоятельств непреодолимой силы и повлечёт убытки. "
        "Лицензиар не несет ответственность за убытки, если это вызвано сбоями оборудования "
        "Лицензиата."
    )
    assert _findings(text, "liability") == []


def test_liability_cap_is_medium() -> None:
    text = (
        "Notwithstanding any provision in this Agreement, M&I's total liability under this "
        "Agreement shall not exceed payments made to M&I by Customer during the three months prior."
    )
    [finding] = _findings(text, "liability", language="en")
    assert finding.severity == "medium"
    assert "capped" in finding.explanation


def test_liability_cap_written_into_a_penalty_counts() -> None:
    text = (
        "Продавец вправе потребовать с Покупателя неустойку в размере 0.03% от суммы долга за "
        "каждый день просрочки, но всего не более 5% от суммы долга."
    )
    [finding] = _findings(text, "liability")
    assert finding.severity == "medium"


def test_liability_expressly_unlimited_is_medium() -> None:
    text = (
        "The obligation to indemnify shall survive termination and shall not be limited by any "
        "other limitation of liability elsewhere in the Agreement."
    )
    [finding] = _findings(text, "liability", language="en")
    assert finding.severity == "medium"
    assert "unlimited" in finding.explanation


def test_liability_ordinary_clause_yields_nothing() -> None:
    text = (
        "5.1 Стороны несут ответственность за неисполнение или ненадлежащее исполнение "
        "обязательств в соответствии с законодательством Российской Федерации."
    )
    assert _findings(text, "liability") == []


# --- force majeure -------------------------------------------------------------


def test_force_majeure_absent_is_medium() -> None:
    text = "CONSULTING AGREEMENT\n\n1. Services. Consultant shall provide the services."
    [finding] = _findings(text, "force_majeure", language="en")
    assert finding.severity == "medium"
    assert finding.quote == "CONSULTING AGREEMENT"


def test_force_majeure_present_in_either_language_yields_nothing() -> None:
    ru = (
        "6.1. Стороны освобождаются от ответственности, если неисполнение явилось следствием "
        "обстоятельств непреодолимой силы."
    )
    en = "Neither party shall be liable for delays caused by force majeure events."
    assert _findings(ru, "force_majeure") == []
    assert _findings(en, "force_majeure", language="en") == []


def test_force_majeure_absence_in_an_annex_is_not_reported() -> None:
    text = "Приложение № 1\nк документации об аукционе\n\nТехническое задание на поставку."
    assert _findings(text, "force_majeure") == []
