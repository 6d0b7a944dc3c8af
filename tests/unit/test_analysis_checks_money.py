"""Checklist items about money: penalties and payment terms, in Russian and English."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from chalicelib.analysis import RulesProvider
from chalicelib.models import Finding, Money, PrescreenResult


def _findings(text: str, item: str, language: str = "ru", **facts: Any) -> list[Finding]:
    prescreen = PrescreenResult(language=language, confidence=0.5, route="deep_analysis", **facts)
    result = RulesProvider().analyze(text, prescreen)
    assert result.dropped_quotes == 0
    return [f for f in result.findings if f.checklist_item == item]


# --- penalty -----------------------------------------------------------------


def test_penalty_above_a_tenth_of_a_percent_a_day_is_high() -> None:
    text = (
        "5. ОТВЕТСТВЕННОСТЬ СТОРОН\n"
        "5.1. За просрочку оплаты – неустойка 1% от суммы задолженности за каждый день, но\n"
        "не более 50% от суммы задолженности.\n"
    )
    [finding] = _findings(text, "penalty")
    assert finding.severity == "high"
    assert "неустойка 1% от суммы задолженности за каждый день" in finding.quote
    assert "1%" in finding.explanation
    assert finding.title == "Неустойка (штрафы, пени)"


def test_penalty_for_one_side_only_is_high() -> None:
    text = (
        "5.3. В случае нарушения Исполнителем сроков передачи изделия, Покупатель имеет право "
        "требовать уплаты неустойки в размере 0,1% за каждый день просрочки от суммы изделия."
    )
    [finding] = _findings(text, "penalty")
    assert finding.severity == "high"
    assert "только для одной стороны" in finding.explanation


def test_penalty_mutual_and_moderate_is_low() -> None:
    text = (
        "В случае нарушения срока оплаты Покупателем, Продавец вправе потребовать с Покупателя "
        "неустойку в размере 0.03% от суммы долга за каждый день просрочки, но всего не более 5% "
        "от суммы долга.\n\n"
        "В случае нарушения срока поставки Продавцом. Покупатель вправе потребовать с Продавца "
        "неустойку в размере 0.03% от стоимости не поставленного товара за каждый день просрочки."
    )
    [finding] = _findings(text, "penalty")
    assert finding.severity == "low"


def test_penalty_as_a_multiple_of_the_price_is_high_and_merged_with_one_sidedness() -> None:
    text = (
        "7.2. В случае нарушения Лицензиатом указанных в разделе 6 настоящей публичной оферты "
        "обязательств, Лицензиат обязуется уплатить Лицензиару штраф в размере десятикратной "
        "стоимости Договора за каждый случай нарушения обязательств."
    )
    [finding] = _findings(text, "penalty")
    assert finding.severity == "high"
    assert "кратен цене договора" in finding.explanation
    assert "только для одной стороны" in finding.explanation


def test_penalty_fine_above_the_contract_price_is_high() -> None:
    text = "Стороны договорились: за каждое нарушение Стороны уплачивают штраф 500 000 рублей."
    amount = Money(amount=Decimal("100000"), currency="RUB")
    [finding] = _findings(text, "penalty", amount=amount)
    assert finding.severity == "high"


def test_penalty_liquidated_damages_are_medium() -> None:
    text = (
        "13.5 Liquidated Damages. Customer acknowledges that M&I shall suffer damages upon early "
        "termination and that the fees due are liquidated damages and not a penalty."
    )
    [finding] = _findings(text, "penalty", language="en")
    assert finding.severity == "medium"
    assert finding.title == "Penalties and liquidated damages"


def test_penalty_daily_rate_within_limit_is_low_in_english() -> None:
    text = (
        "2.1 If Party B fails to pay Party A the energy saving service fee by 15th of the month "
        "and the delay is within 60 days, the daily penalty is 0.05% of the overdue payment."
    )
    [finding] = _findings(text, "penalty", language="en")
    assert finding.severity == "low"


def test_penalty_monthly_interest_is_converted_to_a_daily_rate() -> None:
    text = "Late charges of 6% per month shall be added to any amount not paid when due."
    [finding] = _findings(text, "penalty", language="en")
    assert finding.severity == "high"  # 6% a month is 0.2% a day


def test_penalty_absent_or_waived_yields_nothing() -> None:
    assert _findings("Стороны несут ответственность по закону.", "penalty") == []
    text = "Either party may terminate this Agreement without penalty upon sixty days' notice."
    assert _findings(text, "penalty", language="en") == []


# --- payment terms -----------------------------------------------------------


def test_payment_full_prepayment_is_high() -> None:
    text = (
        "Оплата Товара осуществляется путем перечисления Покупателем Предоплаты 100% на расчетный "
        "счет Продавца."
    )
    [finding] = _findings(text, "payment_terms")
    assert finding.severity == "high"
    assert finding.quote == text


def test_payment_large_advance_is_medium() -> None:
    text = "4.2. Заказчик оплачивает авансом 80% в момент подписания договора."
    [finding] = _findings(text, "payment_terms")
    assert finding.severity == "medium"


def test_payment_small_advance_is_low_and_names_the_share() -> None:
    text = "3.1. Покупатель перечисляет аванс в размере 30% цены в течение 5 дней."
    [finding] = _findings(text, "payment_terms")
    assert finding.severity == "low"
    assert "30%" in finding.explanation


def test_payment_no_advance_yields_nothing() -> None:
    text = (
        "2.5. Форма оплаты - безналичный расчет. Аванс не предусмотрен. Оплата по факту поставки."
    )
    assert _findings(text, "payment_terms") == []


def test_payment_in_advance_in_english_is_medium_but_postage_prepaid_is_not() -> None:
    text = "Customer shall pay in advance the same amount it is obligated to pay under Section 6."
    [finding] = _findings(text, "payment_terms", language="en")
    assert finding.severity == "medium"
    notice = "Notices shall be sent by registered mail, postage prepaid, to the addresses above."
    assert _findings(notice, "payment_terms", language="en") == []


def test_payment_terms_absent_from_a_supply_contract_are_low() -> None:
    text = "ДОГОВОР ПОСТАВКИ № 5\n\n1. Поставщик передаёт Покупателю товар по спецификации."
    [finding] = _findings(text, "payment_terms", contract_type="supply")
    assert finding.severity == "low"
    assert finding.quote == "ДОГОВОР ПОСТАВКИ № 5"
