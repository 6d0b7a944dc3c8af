"""Checklist items about leaving or changing the deal: termination, amendment, renewal."""

from __future__ import annotations

from typing import Any

from chalicelib.analysis import RulesProvider
from chalicelib.models import Finding, PrescreenResult


def _findings(text: str, item: str, language: str = "ru", **facts: Any) -> list[Finding]:
    prescreen = PrescreenResult(language=language, confidence=0.5, route="deep_analysis", **facts)
    result = RulesProvider().analyze(text, prescreen)
    assert result.dropped_quotes == 0
    return [f for f in result.findings if f.checklist_item == item]


# --- unilateral termination --------------------------------------------------


def test_termination_at_will_by_one_side_is_high() -> None:
    text = (
        "7.2. Заказчик имеет право в любое время отказаться от исполнения договора с учетом "
        "условий, предусмотренных в параграфе 5 настоящего договора."
    )
    [finding] = _findings(text, "unilateral_termination")
    assert finding.severity == "high"
    assert finding.quote == text


def test_termination_by_either_side_without_cause_is_low() -> None:
    text = "6.2. Каждая из СТОРОН вправе отказаться от ДОГОВОРА в одностороннем порядке."
    [finding] = _findings(text, "unilateral_termination")
    assert finding.severity == "low"


def test_termination_for_breach_by_one_side_is_low() -> None:
    text = (
        "11. ПРЕКРАЩЕНИЕ ДЕЙСТВИЯ СОГЛАШЕНИЯ. Компания РИТ может прекратить действие "
        "Лицензионного соглашения с конечным пользователем в случае нарушения вами его условий."
    )
    [finding] = _findings(text, "unilateral_termination")
    assert finding.severity == "low"


def test_termination_in_a_list_takes_its_side_from_the_heading() -> None:
    text = (
        "3.3. Поставщик вправе:\n"
        "3.3.1. Требовать оплаты поставленного Товара.\n"
        "3.3.2. Расторгнуть настоящий Договор в одностороннем порядке в случае нарушения сроков "
        "оплаты Товара.\n"
    )
    [finding] = _findings(text, "unilateral_termination")
    assert finding.severity == "low"
    assert finding.quote.startswith("3.3.2. Расторгнуть")


def test_termination_by_agreement_of_both_sides_is_not_unilateral() -> None:
    text = "10.1. Договор может быть расторгнут по соглашению сторон или по решению суда."
    assert _findings(text, "unilateral_termination") == []


def test_termination_for_any_reason_in_english_is_high() -> None:
    text = (
        "Achaogen may terminate this Agreement in its entirety, for any reason, by providing at "
        "least sixty (60) days prior written notice to Microgenics."
    )
    [finding] = _findings(text, "unilateral_termination", language="en")
    assert finding.severity == "high"
    assert finding.title == "Unilateral termination"


def test_termination_by_either_party_on_notice_in_english_is_low() -> None:
    text = "Either party may terminate this Agreement at any time on prior written notice."
    [finding] = _findings(text, "unilateral_termination", language="en")
    assert finding.severity == "low"


def test_termination_for_material_breach_by_either_party_yields_nothing() -> None:
    text = (
        "Either of Wildform or On2 may terminate this Agreement if the other Party is in material "
        "breach of this Agreement and fails to cure such breach within thirty (30) days."
    )
    assert _findings(text, "unilateral_termination", language="en") == []


# --- unilateral amendment ----------------------------------------------------


def test_amendment_by_one_side_is_high() -> None:
    text = (
        "3.1. ПРАВООБЛАДАТЕЛЬ ВПРАВЕ:\n"
        "В одностороннем порядке вносить изменения в Оферту (см. порядок уведомления);\n"
        "Изменять тарифы и условия при обязательном предварительном уведомлении Пользователя;\n"
    )
    [finding] = _findings(text, "unilateral_amendment")
    assert finding.severity == "high"
    assert "В одностороннем порядке вносить изменения в Оферту" in finding.quote


def test_amendment_forbidden_yields_nothing() -> None:
    text = "Стороны не вправе в одностороннем порядке изменять условия настоящего Договора."
    assert _findings(text, "unilateral_amendment") == []


def test_amendment_of_prices_at_will_in_english_is_high() -> None:
    text = "Supplier reserves the right to change its prices at any time by notice on its website."
    [finding] = _findings(text, "unilateral_amendment", language="en")
    assert finding.severity == "high"


def test_amendment_of_an_administrator_is_not_a_change_of_terms() -> None:
    text = (
        "2.5 Each Party may change its Agreement Administrators, at any time, with written notice."
    )
    assert _findings(text, "unilateral_amendment", language="en") == []


# --- automatic renewal -------------------------------------------------------


def test_renewal_automatic_is_low() -> None:
    text = (
        "8.2. Если ни одна из сторон не заявит о расторжении за 30 дней до окончания срока, "
        "договор считается пролонгированным на следующий календарный год."
    )
    [finding] = _findings(text, "auto_renewal")
    assert finding.severity == "low"


def test_renewal_without_notice_is_medium() -> None:
    text = "2. ОБЯЗАТЕЛЬСТВА СТОРОН\n- Автоматическое продление соглашения без уведомления\n"
    [finding] = _findings(text, "auto_renewal")
    assert finding.severity == "medium"
    assert finding.quote == "Автоматическое продление соглашения без уведомления"


def test_renewal_excluded_yields_nothing() -> None:
    assert _findings("8.3. Договор не подлежит пролонгации.", "auto_renewal") == []


def test_renewal_with_a_long_opt_out_window_in_english_is_medium() -> None:
    text = (
        "This Agreement shall automatically be renewed for successive one (1) year increments "
        "unless either party request in writing, at least ninety (90) days prior to the "
        "anniversary date, that this Agreement not be renewed."
    )
    [finding] = _findings(text, "auto_renewal", language="en")
    assert finding.severity == "medium"


def test_renewal_in_english_with_a_short_window_is_low() -> None:
    text = (
        "After the initial term, unless terminated, this Agreement will automatically renew for "
        "periods of one (1) calendar year each."
    )
    [finding] = _findings(text, "auto_renewal", language="en")
    assert finding.severity == "low"
