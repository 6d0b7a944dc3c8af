"""prescreen_document end to end: a contract, an English one, a statement, noise and abuse."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from chalicelib.analysis.quotes import normalize_for_match
from chalicelib.prescreen import RoutingPolicy, prescreen_document

_POLICY = RoutingPolicy()

RU_CONTRACT = """# ДОГОВОР ПОСТАВКИ № 17/2024

г. Казань «15» марта 2024 г.

Общество с ограниченной ответственностью «Ромашка» (ИНН 7707083893), именуемое в дальнейшем
«Поставщик», в лице генерального директора Иванова И.И., действующего на основании Устава, с одной
стороны, и Акционерное общество «Лютик» (ИНН 7736050003), именуемое в дальнейшем «Покупатель», в
лице директора Петрова П.П., действующего на основании Устава, с другой стороны, заключили
настоящий договор о нижеследующем.

## 1. Предмет договора

1.1. Поставщик обязуется поставить, а Покупатель принять и оплатить промышленное оборудование.

## 2. Цена и порядок расчётов

2.1. Общая стоимость оборудования составляет 2 500 000,00 (два миллиона пятьсот тысяч) рублей,
в том числе НДС 20%.

## 3. Ответственность сторон

3.1. За просрочку поставки Поставщик уплачивает Покупателю неустойку в размере 0,5% от
стоимости непоставленного оборудования за каждый день просрочки.

3.2. Поставщик вправе в одностороннем порядке отказаться от исполнения договора, уведомив
Покупателя за 10 дней.

## 4. Разрешение споров

4.1. Все споры разрешаются в Арбитражном суде Республики Татарстан. Применимое право —
законодательство Российской Федерации.

## 5. Срок действия

5.1. Договор вступает в силу с 15.03.2024 и действует до 31.12.2024. Если ни одна из сторон не
заявит о его прекращении, договор считается продлённым на следующий календарный год.
"""

EN_CONTRACT = """<!-- page 1 -->
CONSULTING AGREEMENT

Aduro Biotech, Inc., with a place of business at 740 Heinz Avenue, Berkeley, CA 94710 (“Aduro”)
and IREYA B.V having an address at Staalwijkstraat 16, Leiden (“Consultant”) agree to all terms
of this Consulting Agreement (“Agreement”) dated June 1, 2020, effective as of July 1, 2020
(“Effective Date”).

1. Services. Consultant will provide advice to Aduro as requested from time to time.
2. Compensation. Aduro shall pay Consultant for the Services at the rate of €500 per hour.
3. Term. This Agreement shall expire on December 31, 2020. Either party may terminate this
Agreement at any time on prior written notice to the other.
4. Limitation. In no event shall either party be liable for any indirect or consequential damages.
5. Miscellaneous. This Agreement shall be construed and enforced in accordance with the laws of
the State of California. Any dispute shall be brought exclusively in the courts located in
San Francisco, California, and each party irrevocably submits to their jurisdiction.
"""


def test_russian_supply_contract_is_screened_field_by_field() -> None:
    result = prescreen_document(RU_CONTRACT, pipeline="contract", policy=_POLICY)

    assert (result.language, result.contract_type) == ("ru", "supply")
    assert result.title == "ДОГОВОР ПОСТАВКИ № 17/2024"
    assert [(p.role, p.inn) for p in result.parties] == [
        ("Поставщик", "7707083893"),
        ("Покупатель", "7736050003"),
    ]
    assert result.amount is not None
    assert (result.amount.amount, result.amount.currency) == (Decimal("2500000.00"), "RUB")
    assert result.amount.vat_note == "в том числе НДС 20%"
    assert (result.signed_on, result.starts_on, result.ends_on) == (
        date(2024, 3, 15),
        date(2024, 3, 15),
        date(2024, 12, 31),
    )
    assert result.governing_law == "RU"
    assert result.dispute_forum is not None and result.dispute_forum.detail == "arbitrazh"
    flags = (result.penalty, result.unilateral_termination, result.auto_renewal)
    assert all(flag is not None and flag.present for flag in flags)
    assert result.liability_cap is not None and not result.liability_cap.present
    for flag in (*flags, result.dispute_forum):
        assert flag is not None and flag.evidence is not None and quoted(flag.evidence, RU_CONTRACT)
    # 2.5 million is over the default threshold of one million
    assert result.route == "deep_analysis"
    assert "high-value" in result.route_reasons[0]


def test_english_consulting_agreement_is_screened_field_by_field() -> None:
    result = prescreen_document(EN_CONTRACT, pipeline="contract", policy=_POLICY)

    assert (result.language, result.contract_type, result.title) == (
        "en",
        "consulting",
        "CONSULTING AGREEMENT",
    )
    assert [(p.name, p.role) for p in result.parties] == [
        ("Aduro Biotech, Inc.", "Aduro"),
        ("IREYA B.V", "Consultant"),
    ]
    assert result.amount is None  # an hourly rate is not a total
    assert (result.signed_on, result.starts_on, result.ends_on) == (
        date(2020, 6, 1),
        date(2020, 7, 1),
        date(2020, 12, 31),
    )
    assert result.governing_law == "US-CA"
    assert result.dispute_forum is not None and result.dispute_forum.detail == "court"
    assert result.unilateral_termination is not None and result.unilateral_termination.present
    assert result.liability_cap is not None and result.liability_cap.present
    assert result.penalty is not None and not result.penalty.present
    assert 0.4 <= result.confidence <= 1


def test_language_hint_wins_over_detection() -> None:
    result = prescreen_document(
        EN_CONTRACT, pipeline="contract", language_hint="ru", policy=_POLICY
    )

    assert result.language == "ru"


def test_accounting_statement_has_its_own_facts_and_no_clauses() -> None:
    markdown = (
        "# Бухгалтерский баланс некредитной финансовой организации\n\n"
        "| Показатель | Значение |\n|---|---|\n"
        "| Полное наименование организации | Общество с ограниченной ответственностью «Ромашка» |\n"
        "| ИНН | 7707083893 |\n"
        "| Period Start | 2019-04-01 |\n| Period End | 2019-06-30 |\n"
        "| Дата подписания отчетности | 2019-07-23 |\n"
        "| Денежные средства | 320521.16 |\n"
    )

    result = prescreen_document(markdown, pipeline="tabular", policy=_POLICY)

    assert result.contract_type == "accounting_statement"
    assert result.title == "Бухгалтерский баланс некредитной финансовой организации"
    assert [(p.name, p.inn) for p in result.parties] == [
        ("Общество с ограниченной ответственностью «Ромашка»", "7707083893")
    ]
    assert (result.starts_on, result.ends_on, result.signed_on) == (
        date(2019, 4, 1),
        date(2019, 6, 30),
        date(2019, 7, 23),
    )
    assert result.penalty is None and result.amount is None and result.governing_law is None
    assert result.confidence >= 0.8


def test_empty_text_goes_to_a_person_with_nothing_judged() -> None:
    result = prescreen_document("", pipeline="contract", policy=_POLICY)

    assert (result.language, result.contract_type, result.penalty) == ("unknown", None, None)
    assert result.route == "manual_review"


def test_ocr_noise_lowers_confidence() -> None:
    clean = prescreen_document(RU_CONTRACT, pipeline="contract", policy=_POLICY).confidence
    scanned = prescreen_document(RU_CONTRACT, pipeline="image", policy=_POLICY).confidence
    garbled = prescreen_document(
        RU_CONTRACT + "\n" + "kieZlgZy xjb^bq_kdZy dhgkmevlZpby ih l_e_nhgZf ‡ " * 60,
        pipeline="contract",
        policy=_POLICY,
    ).confidence

    assert clean > scanned > garbled


def test_unknown_pipeline_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown pipeline"):
        prescreen_document(RU_CONTRACT, pipeline="video", policy=_POLICY)


@pytest.mark.parametrize(
    "chunk",
    [
        "неустойка пени штраф " * 4,
        "а" * 1000 + " ",
        "1 " * 200,
        "1.1.1.1.1.1 " * 50,
        "ООО «" * 50,
        "именуемое в дальнейшем «" * 20,
        "terminate at any time " * 10,
        "in no event shall " * 10,
        "aB" * 300,
        "«» " * 200,
        "| " * 300 + "\n",
        "| Полное наименование организации | ООО «Ромашка» |\n",
        "ИНН 7736303529 ",
        "Цена договора составляет 100 рублей. ",
        "законодательства Российской Федерации ",
        "dated as of July 23, 2003 (the “Effective Date”) ",
        "for a period of five (5) years. ",
        "Date: August 07, 2018\n",
        "ДОГОВОР " * 30 + "\n",
        "x" * 5000,
        "SUPPLY AGREEMENT ",
        "aggregate liability for damages shall ",
        "This Agreement shall commence and continue for a period of five (5) years ",
        "Acme Robotics, Inc. (“Acme”) and ",
        "(1) ACME LIMITED, a company incorporated in England and Wales (the ",
        "Party A: Xi’an Energy Co., Ltd. ",
        "| Заказчик: ООО «Альфа» ИНН 7736303529 | ",
        "Заказчик:\nИсполнитель:\nПАО «Альфа» ",
        "два миллиона пятьсот тысяч ",
        "в размере 1 500 000 (один миллион ",
        "liquidated damages shall be payable ",
        "renew for successive one year periods unless ",
    ],
)
@pytest.mark.timeout(60)  # catastrophic backtracking would run for hours, not seconds
def test_a_megabyte_of_adversarial_text_does_not_hang(chunk: str) -> None:
    # A megabyte is enough: a pattern that backtracks quadratically takes hours on it.
    text = (chunk * (1_000_000 // len(chunk) + 1))[:1_000_000]
    for pipeline in ("contract", "image", "tabular"):
        result = prescreen_document(text, pipeline=pipeline, policy=_POLICY)
        assert 0 <= result.confidence <= 1


def quoted(evidence: str, text: str) -> bool:
    """The evidence is in the text as the quote check reads it (whitespace folded)."""
    return normalize_for_match(evidence) in normalize_for_match(text)


def test_an_order_form_that_never_says_agreement_has_its_clauses_read() -> None:
    # an order form, a statement of work or an addendum is a contract too: a text without
    # "agreement" or "contract" had no clause read at all (as a letter or a payment order)
    text = (
        "ORDER FORM\n\nCustomer: Northwind Traders Inc.\nVendor: Contoso Ltd.\n\n"
        "Service Start Date: 03/03/2015\nInitial Term: 12 months\n"
        "Renewal Term: This Order Form will automatically renew for successive 12-month "
        "periods unless either party gives notice of non-renewal at least 30 days before the "
        "end of the then-current term.\nGoverning Law: New York\n"
    )

    result = prescreen_document(text, pipeline="contract", policy=_POLICY)

    assert result.auto_renewal is not None and result.auto_renewal.present
    assert (result.starts_on, result.ends_on) == (date(2015, 3, 3), date(2016, 3, 3))
    assert result.governing_law == "US-NY"
    assert [party.name for party in result.parties] == ["Northwind Traders Inc.", "Contoso Ltd."]


def test_a_memorandum_of_understanding_is_read_as_a_deal_document() -> None:
    # it never says "agreement": it had no title, no kind and no clause read
    text = (
        'MEMORANDUM OF UNDERSTANDING\n\nThis Memorandum of Understanding (this "MOU") is '
        "entered into on March 3, 2015 by and between Alpha Corp., a Delaware corporation "
        '("Alpha"), and Beta LLC, a New York limited liability company ("Beta").\n\n'
        "1. Purpose. The parties intend to cooperate in the development of a joint marketing "
        "program for Alpha's products in the Territory.\n\n2. Term. This MOU shall be valid for "
        "two years from the date of signature.\n\n3. Termination. Either party may terminate "
        "this MOU at any time for any reason upon thirty (30) days written notice.\n\n"
        "4. Governing Law. This MOU shall be governed by the laws of the State of New York.\n"
    )

    result = prescreen_document(text, pipeline="contract", policy=_POLICY)

    assert (result.title, result.contract_type) == ("MEMORANDUM OF UNDERSTANDING", "other")
    assert result.unilateral_termination is not None and result.unilateral_termination.present
    assert result.ends_on == date(2017, 3, 3)
