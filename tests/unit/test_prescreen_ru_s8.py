"""Russian prescreen: general phrasings of caps, one-sided termination and citizens.

Synthetic snippets written from the Civil Code's wording (ст. 450.1 ГК: a one-sided refusal
is made by notice), not from any labelled contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen import RoutingPolicy, prescreen_document

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult

_HEAD = (
    "ДОГОВОР ОКАЗАНИЯ УСЛУГ\n\n"
    "ООО «Альфа», именуемое в дальнейшем «Исполнитель», и ООО «Бета», именуемое в "
    "дальнейшем «Заказчик», заключили настоящий договор о нижеследующем.\n"
    "1. Исполнитель обязуется оказать услуги, а Заказчик обязуется их оплатить.\n"
)


def _screen(clause: str) -> PrescreenResult:
    return prescreen_document(_HEAD + clause, pipeline="contract", policy=RoutingPolicy())


@pytest.mark.parametrize(
    "clause",
    [
        "6.1. Максимальный размер ответственности Исполнителя по Договору составляет сумму, "
        "уплаченную Заказчиком за последние три месяца.",
        "6.1. Совокупная сумма ответственности Исполнителя не может превышать цену Договора.",
        "6.1. Исполнитель несет ответственность только в размере стоимости оказанных услуг.",
        "6.1. Ответственность Исполнителя ограничивается лишь в пределах полученного "
        "вознаграждения.",
    ],
)
def test_a_named_ceiling_on_liability_is_a_cap(clause: str) -> None:
    flag = _screen(clause).liability_cap
    assert flag is not None and flag.present


@pytest.mark.parametrize(
    "clause",
    [
        "6.1. За неисполнение обязательств Стороны несут ответственность в соответствии с "
        "законодательством Российской Федерации.",
        "6.1. Совокупный размер ответственности Исполнителя не ограничен.",
    ],
)
def test_liability_without_a_ceiling_is_no_cap(clause: str) -> None:
    flag = _screen(clause).liability_cap
    assert not (flag and flag.present)


@pytest.mark.parametrize(
    "clause",
    [
        "9.2. Договор может быть досрочно расторгнут Заказчиком путем направления "
        "письменного уведомления Исполнителю за 10 дней.",
        "9.2. Договор может быть расторгнут любой из Сторон, предупредив другую Сторону "
        "за 30 дней.",
        "9.2. Настоящий Договор может быть расторгнут Исполнителем с письменным "
        "уведомлением Заказчика не менее чем за месяц.",
    ],
)
def test_ending_the_contract_by_notice_is_one_sided(clause: str) -> None:
    flag = _screen(clause).unilateral_termination
    assert flag is not None and flag.present


@pytest.mark.parametrize(
    "clause",
    [
        "9.2. Договор может быть расторгнут по соглашению Сторон или по решению суда.",
        "9.2. Договор может быть расторгнут по соглашению Сторон, оформленному с "
        "уведомлением банка.",
        "9.2. Договор не может быть расторгнут путем направления уведомления.",
    ],
)
def test_ending_by_agreement_or_court_is_not_one_sided(clause: str) -> None:
    flag = _screen(clause).unilateral_termination
    assert not (flag and flag.present)


@pytest.mark.parametrize("patronymic", ["Ильич", "Кузьмич", "Фомич", "Никитич", "Петрович"])
def test_a_citizen_with_a_short_patronymic_is_a_party(patronymic: str) -> None:
    text = (
        "ДОГОВОР ЗАЙМА № 1\n\n"
        f"Гражданин Российской Федерации Морозов Дмитрий {patronymic}, именуемый в "
        "дальнейшем «Займодавец», и Общество с ограниченной ответственностью «Альфа», "
        "именуемое в дальнейшем «Заемщик», в лице директора Носова Н.Н., заключили "
        "настоящий договор.\n"
        "1. Займодавец передает в собственность Заемщику денежные средства в размере "
        "500 000 рублей, а Заемщик обязуется возвратить такую же сумму денег.\n"
    )
    result = prescreen_document(text, pipeline="contract", policy=RoutingPolicy())
    names = {party.name: party.role for party in result.parties}
    assert names.get(f"Морозов Дмитрий {patronymic}") == "Займодавец"
    assert result.contract_type == "loan"


def test_a_foreign_company_without_a_russian_preamble_is_a_party() -> None:
    text = (
        "# Соглашение об участии в программе\n\n"
        "Настоящее Соглашение является юридическим соглашением между вами («вы») и Acme "
        "Software, Inc. («Компания», «мы»). Участвуя в программе, вы соглашаетесь соблюдать "
        "все условия настоящего Соглашения.\n"
    )
    result = prescreen_document(text, pipeline="contract", policy=RoutingPolicy())
    assert [party.name for party in result.parties] == ["Acme Software, Inc."]


def test_a_russian_preamble_wins_over_a_foreign_name_in_passing() -> None:
    text = (
        "ДОГОВОР ПОСТАВКИ № 1\n\n"
        "ООО «Альфа», именуемое в дальнейшем «Поставщик», и ООО «Бета», именуемое в "
        "дальнейшем «Покупатель», заключили настоящий договор. Товар изготовлен Siemens AG.\n"
    )
    result = prescreen_document(text, pipeline="contract", policy=RoutingPolicy())
    assert [party.role for party in result.parties] == ["Поставщик", "Покупатель"]


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("9.2. Исполнитель оставляет за собой право в любое время прекратить оказание услуг, "
         "уведомив Заказчика.", True),
        ("9.2. Исполнитель оставляет за собой право изменять тарифы, уведомив Заказчика.", False),
    ],
)  # fmt: skip
def test_a_reserved_right_to_stop_performing_is_one_sided(clause: str, expected: bool) -> None:
    flag = _screen(clause).unilateral_termination
    assert bool(flag and flag.present) is expected


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("6.1. Положения об ограничении ответственности, изложенные в разделе 8 Правил, "
         "применяются к настоящему Договору.", True),
        ("6.1. Стороны несут ответственность без ограничения ответственности по размеру "
         "убытков.", False),
    ],
)  # fmt: skip
def test_a_clause_named_limitation_of_liability_is_a_cap(clause: str, expected: bool) -> None:
    flag = _screen(clause).liability_cap
    assert bool(flag and flag.present) is expected
