"""Russian prescreen on the Civil Code's own wording, beyond the shared corpus's phrasing.

Each case is a short sentence or preamble in the words Russian contracts use for the notion
(ГК РФ: ст. 450.1, 717, 782, 977, 1003 for one-sided refusal; «не превышает», «не свыше»,
«только реальный ущерб» for a limit of liability; the names of the contract kinds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.models import Party
from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_type import classify_contract, find_title
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.parties import find_parties_ru
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag

_PADDING = "\nПрочие условия договора изложены ниже и не содержат особых оговорок." * 30


def _flag(sentence: str, clause: str) -> ClauseFlag | None:
    return find_clauses(prepare_text(sentence + _PADDING), ("ru",), can_judge=True)[clause]


@pytest.mark.parametrize(
    "sentence",
    [
        "Арендодатель вправе расторгнуть настоящий Договор, письменно уведомив Арендатора не менее "
        "чем за 30 (тридцать) календарных дней.",
        "Наниматель вправе с согласия других граждан, постоянно проживающих с ним, в любое время "
        "расторгнуть договор с письменным предупреждением Наймодателя за три месяца.",
        "Настоящий Договор может быть расторгнут по инициативе Заказчика с предварительным "
        "письменным уведомлением Исполнителя.",
        "Каждая из Сторон имеет право досрочно расторгнуть Договор, уведомив другую Сторону.",
        "Комитент вправе в любое время отменить данное Комиссионеру поручение.",
        "Заказчик вправе расторгнуть договор в соответствии со статьей 782 ГК РФ.",
        "Любая Сторона может выйти из настоящего Договора, уведомив об этом другую Сторону за 60 "
        "дней.",
        "Наниматель в любое время может расторгнуть настоящий Договор.",
        "Экспонент вправе отказаться от участия в Выставке и от исполнения Договора, направив "
        "Организатору письменное уведомление.",
    ],
)
def test_one_sided_termination_in_civil_code_words(sentence: str) -> None:
    flag = _flag(sentence, "unilateral_termination")

    assert flag is not None and flag.present
    assert flag.evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Договор может быть расторгнут по соглашению Сторон, а также по решению суда.",
        "Покупатель вправе потребовать расторжения Договора в судебном порядке.",
        "Стороны вправе по взаимному соглашению расторгнуть настоящий Договор.",
        "Арендатор не вправе расторгнуть настоящий Договор до истечения первого года аренды.",
        "Товарищ не вправе выйти из договора простого товарищества до окончания его срока.",
        "Наймодатель может расторгнуть настоящий Договор в судебном порядке.",
    ],
)
def test_termination_by_agreement_or_by_a_court_is_not_one_sided(sentence: str) -> None:
    flag = _flag(sentence, "unilateral_termination")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "Ответственность Арендодателя по настоящему Договору в любом случае не превышает суммы "
        "арендной платы за один месяц.",
        "Штраф начисляется за каждый случай, но не более 10 (десяти) процентов от стоимости услуг.",
        "Размер неустойки не может быть более 5% стоимости непоставленной продукции.",
        "Перевозчик несет ответственность за утрату груза в размере его стоимости, но не свыше "
        "объявленной ценности груза.",
        "Хранитель отвечает в размере стоимости товара, но не более суммы оценки товара.",
        "Возмещению подлежит только реальный ущерб; упущенная выгода возмещению не подлежит.",
        "Ответственность Лицензиара по Договору, включая ответственность по гарантиям пункта "
        "3.3, ограничивается размером полученного им вознаграждения.",
        "Ответственность Оператора перед Абонентом за неоказание или ненадлежащее оказание "
        "услуг ограничивается размером абонентской платы.",
    ],
)
def test_limit_of_liability_in_civil_code_words(sentence: str) -> None:
    flag = _flag(sentence, "liability_cap")

    assert flag is not None and flag.present
    assert flag.evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # the legal form is no limit of liability
        "Общество с ограниченной ответственностью «Ромашка» и его филиалы, ограниченные "
        "в правах, указаны в приложении к договору.",
        "Виновная Сторона возмещает другой Стороне убытки, включая реальный ущерб и упущенную "
        "выгоду, в полном объеме.",
        "Срок поставки не может быть более 30 дней с даты заявки.",
    ],
)
def test_no_limit_of_liability_where_none_is_set(sentence: str) -> None:
    flag = _flag(sentence, "liability_cap")

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    ("document", "kind"),
    [
        ("ДОГОВОР НАЙМА ЖИЛОГО ПОМЕЩЕНИЯ\n\nг. Воронеж", "lease"),
        ("ДОГОВОР ФИНАНСОВОЙ АРЕНДЫ (ЛИЗИНГА) № 5\n\nг. Москва", "lease"),
        ("ДОГОВОР НА ВЫПОЛНЕНИЕ РЕМОНТНЫХ РАБОТ № 8\n\nг. Курган", "works"),
        ("ДОГОВОР НА ТЕХНИЧЕСКОЕ ОБСЛУЖИВАНИЕ ЛИФТОВ\n\nг. Омск", "services"),
        ("СОГЛАШЕНИЕ ОБ ОКАЗАНИИ ЮРИДИЧЕСКОЙ ПОМОЩИ № 19\n\nг. Тула", "services"),
        (
            "ДОГОВОР № 112/У\n\n1.1. Исполнитель обязуется в соответствии с Графиком уборки "
            "(Приложение № 1) оказывать услуги по уборке помещений.",
            "services",
        ),
        (
            "ДОГОВОР № 3\n\n1.1. Займодавец обязуется передать в собственность Заемщику денежные "
            "средства, а Заемщик обязуется возвратить сумму займа.",
            "loan",
        ),
        (
            "ДОГОВОР № 9\n\n1.1. Продавец обязуется передать Покупателю в собственность "
            "автомобиль.",
            "sale",
        ),
        (
            "ДОГОВОР № 77\n\n1.1. Перевозчик обязуется доставлять вверенные ему грузы в пункт "
            "назначения.",
            "transportation",
        ),
    ],
)
def test_kind_of_contract_by_its_civil_code_name(document: str, kind: str) -> None:
    text = prepare_text(document)

    assert classify_contract(text, find_title(text), ()) == kind


def test_a_suppliers_goods_passed_into_ownership_are_a_supply() -> None:
    text = prepare_text("ДОГОВОР № 45\n\n1.1. Поставщик обязуется передать в собственность товар.")

    kind = classify_contract(text, find_title(text), (Party(name="ИП Иванов", role="Поставщик"),))

    assert kind == "supply"


def test_a_complex_of_exclusive_rights_is_a_franchise_whoever_grants_it() -> None:
    # коммерческая концессия (ст. 1027 ГК) under a title that names no kind: its
    # Правообладатель alone would make it a licence
    text = prepare_text(
        "ДОГОВОР № 12\n\n1.1. Правообладатель обязуется предоставить Пользователю за "
        "вознаграждение право использовать в предпринимательской деятельности комплекс "
        "исключительных прав."
    )
    owner = (Party(name="ООО «Альфа»", role="Правообладатель"),)

    assert classify_contract(text, find_title(text), owner) == "franchise"


def test_roles_tell_the_kind_when_nothing_else_does() -> None:
    text = prepare_text("ДОГОВОР № 14\n\nСтороны заключили настоящий договор.")
    parties = (Party(name="ООО «Альфа»", role="Комиссионер"),)

    assert classify_contract(text, find_title(text), parties) == "commission"


def test_full_name_wins_over_its_bracketed_abbreviation() -> None:
    text = prepare_text(
        "Публичное акционерное общество «Северная энергетическая компания» (ПАО «СЭК»), "
        "именуемое в дальнейшем «Заказчик», с одной стороны, и Общество с ограниченной "
        "ответственностью «БашТелеНет» (ООО «БТН»), именуемое в дальнейшем «Исполнитель», с другой "
        "стороны, заключили договор.\n\nЗаказчик: ПАО «СЭК», ИНН 7730123456\n"
        "Исполнитель: ООО «БТН», ИНН 0278123453\n"
    )

    assert find_parties_ru(text) == (
        Party(
            name="Публичное акционерное общество «Северная энергетическая компания»",
            role="Заказчик",
            inn="7730123456",
        ),
        Party(
            name="Общество с ограниченной ответственностью «БашТелеНет»",
            role="Исполнитель",
            inn="0278123453",
        ),
    )


@pytest.mark.parametrize(
    ("preamble", "roles"),
    [
        (
            "ООО «ТехПрокат» (в дальнейшем — «Арендодатель»), в лице директора, и АО «Ладога» "
            "(в дальнейшем — «Арендатор»), заключили договор.",
            ["Арендодатель", "Арендатор"],
        ),
        (
            "ООО «Опора» (далее именуемое «Займодавец»), в лице директора, и АО «Сибирь» (далее "
            "именуемое «Заемщик»), заключили договор.",
            ["Займодавец", "Заемщик"],
        ),
    ],
)
def test_roles_in_brackets(preamble: str, roles: list[str]) -> None:
    assert [p.role for p in find_parties_ru(prepare_text(preamble))] == roles


def test_non_profit_and_a_citizen_after_the_other_sides_representative() -> None:
    text = prepare_text(
        "Благотворительный фонд «Добрые руки», именуемый в дальнейшем «Заказчик», в лице "
        "президента Фроловой В.П., действующей на основании Устава, с одной стороны, и Кузьмин "
        "Павел Андреевич, именуемый в дальнейшем «Исполнитель», с другой стороны, заключили "
        "договор."
    )

    assert find_parties_ru(text) == (
        Party(name="Благотворительный фонд «Добрые руки»", role="Заказчик"),
        Party(name="Кузьмин Павел Андреевич", role="Исполнитель"),
    )


def test_a_representative_in_the_nominative_is_still_no_side() -> None:
    text = prepare_text(
        "ООО «Альфа», именуемое в дальнейшем «Заказчик», в лице директора Петров Петр Петрович, "
        "действующего на основании Устава, с одной стороны, заключило договор."
    )

    assert [p.name for p in find_parties_ru(text)] == ["ООО «Альфа»"]


def test_limit_of_liability_said_with_bolshe() -> None:
    sentence = "Ответственность Исполнителя не может быть больше стоимости услуг по Договору."

    flag = _flag(sentence, "liability_cap")

    assert flag is not None and flag.present


def test_requisites_of_a_sublease_give_each_side_its_inn() -> None:
    text = prepare_text(
        "Договор субаренды № 3\n\nСтороны заключили настоящий договор.\n\n"
        "Реквизиты сторон\n"
        "Субарендодатель:\nООО «Кубань-Ритейл»\nИНН 2310123454\n\n"
        "Субарендатор:\nИП Арутюнян Карен Ашотович\nИНН 231012345648\n"
    )

    assert [(p.role, p.inn) for p in find_parties_ru(text)] == [
        ("Субарендодатель", "2310123454"),
        ("Субарендатор", "231012345648"),
    ]


def test_a_plain_text_table_with_blank_lines_between_rows_keeps_its_header() -> None:
    text = prepare_text(
        "ДОГОВОР ПОСТАВКИ № 1\n\nАО «Альфа», именуемое в дальнейшем «Поставщик», и АО «Бета», "
        "именуемое в дальнейшем «Покупатель», заключили договор.\n\n"
        "| Поставщик | Покупатель |\n\n|---|---|\n\n| АО «Альфа» | АО «Бета» |\n\n"
        "| ИНН 6164123450 | ИНН 6163123458 |"
    )

    assert [(p.role, p.inn) for p in find_parties_ru(text)] == [
        ("Поставщик", "6164123450"),
        ("Покупатель", "6163123458"),
    ]


@pytest.mark.parametrize(
    "name",
    [
        # a form inside the quoted name («Фонд …») opens no name: the form before the quote does
        "Некоммерческая организация «Фонд развития промышленности»",
        "Региональная общественная организация «Союз садоводов»",
        "Потребительское общество «Центральный рынок»",
        "Благотворительный фонд «Добро»",
    ],
)
def test_non_profit_and_consumer_society_forms_open_a_side(name: str) -> None:
    text = prepare_text(
        "ООО «Альфа», именуемое в дальнейшем «Покупатель», в лице директора Иванова И.И., с "
        f"одной стороны, и {name}, именуемое в дальнейшем «Поставщик», в лице председателя "
        "Петрова П.П., с другой стороны, заключили настоящий договор."
    )

    assert [(p.name, p.role) for p in find_parties_ru(text)] == [
        ("ООО «Альфа»", "Покупатель"),
        (name, "Поставщик"),
    ]


@pytest.mark.parametrize(
    ("sentence", "present"),
    [
        (
            "Все споры подлежат окончательному разрешению в Арбитражном институте Торговой палаты "
            "г. Стокгольма.",
            True,
        ),
        ("Споры между Сторонами разрешаются в арбитраже в соответствии с Регламентом ICC.", True),
        ("Споры разрешаются путем переговоров.", False),
    ],
)
def test_international_arbitration_is_a_dispute_forum(sentence: str, present: bool) -> None:
    flag = _flag(sentence, "dispute_forum")

    assert (flag is not None and flag.present) == present


@pytest.mark.parametrize(
    ("sentence", "present"),
    [
        (
            "Если ни одна из Сторон за 30 дней до окончания срока действия Договора не заявит о "
            "его прекращении, Договор считается продленным на тот же срок на тех же условиях.",
            True,
        ),
        ("Договор автоматически пролонгируется на каждый последующий календарный год.", True),
        # the renewal denied, its noun before the negation
        ("Пролонгация Договора не допускается.", False),
        ("Продление настоящего Договора не предусмотрено.", False),
    ],
)
def test_renewal_by_silence_is_automatic_and_a_denied_one_is_none(
    sentence: str, present: bool
) -> None:
    flag = _flag(sentence, "auto_renewal")

    assert (flag is not None and flag.present) == present


# Russian translations of American terms: the punitive damages they exclude, the state's law
# they choose, the courts whose jurisdiction they accept.
@pytest.mark.parametrize(
    "sentence",
    [
        "НИ ПРИ КАКИХ ОБСТОЯТЕЛЬСТВАХ ИСПОЛНИТЕЛЬ НЕ НЕСЕТ ОТВЕТСТВЕННОСТИ ЗА КОСВЕННЫЙ, "
        "ОСОБЫЙ, ПРИМЕРНЫЙ УЩЕРБ ИЛИ ШТРАФНЫЕ УБЫТКИ.",
        "Лицензиар не несет ответственности за упущенную выгоду, а также за любой случайный, "
        "косвенный или штрафной ущерб.",
    ],
)
def test_punitive_damages_excluded_are_no_penalty(sentence: str) -> None:
    flag = _flag(sentence, "penalty")

    assert flag is None or not flag.present


def test_a_penalty_beside_excluded_punitive_damages_still_counts() -> None:
    flag = _flag(
        "За просрочку оплаты Покупатель уплачивает пеню в размере 0,1% от суммы долга за "
        "каждый день просрочки.",
        "penalty",
    )

    assert flag is not None and flag.present


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        (
            "Настоящее Соглашение регулируется федеральными законами Соединенных Штатов Америки "
            "и законами штата Калифорния без учета коллизионных норм.",
            "US-CA",
        ),
        ("Настоящие Условия регулируются законодательством штата Нью-Йорк.", "US-NY"),
        ("Лицензия регулируется федеральными законами США.", "US"),
        # the law named first is the law; a court's state after it is only the forum
        (
            "Договор регулируется законодательством Российской Федерации, споры рассматриваются "
            "в суде штата Нью-Йорк.",
            "RU",
        ),
    ],
)
def test_a_translated_choice_of_an_american_law(sentence: str, code: str) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


@pytest.mark.parametrize(
    ("sentence", "present"),
    [
        (
            "Все споры подлежат исключительной юрисдикции судов штата и федеральных судов, "
            "расположенных в округе Сан-Франциско, штат Калифорния.",
            True,
        ),
        (
            "Вы и Компания соглашаетесь подчиняться исключительной юрисдикции судов, "
            "расположенных в городе Сан-Франциско.",
            True,
        ),
        (
            "Если вы обязаны раскрыть информацию по постановлению суда компетентной юрисдикции, "
            "вы уведомите нас заранее.",
            False,
        ),
    ],
)
def test_courts_whose_jurisdiction_is_accepted_are_a_forum(sentence: str, present: bool) -> None:
    flag = _flag(sentence, "dispute_forum")

    assert bool(flag and flag.present) is present


@pytest.mark.parametrize(
    "title",
    [
        "Условия использования сервиса «Облако Плюс»",
        "Дополнительные условия для партнёров сервиса",
        "Правила оказания услуг связи",
    ],
)
def test_terms_in_russian_are_a_title(title: str) -> None:
    text = prepare_text(
        f"# {title}\n\nПользуясь сервисом, вы соглашаетесь с настоящими условиями в полном "
        "объеме.\n\n## 1. Общие положения\n"
    )

    assert find_title(text, russian=True) == title


@pytest.mark.parametrize(
    ("sentence", "clause", "present"),
    [
        # an employee's liability «в пределах своего среднего месячного заработка» is capped
        (
            "Работник несет материальную ответственность за ущерб, причиненный Работодателю, в "
            "пределах своего среднего месячного заработка.",
            "liability_cap",
            True,
        ),
        # a consumer may refuse the goods at any time before delivery: a one-sided refusal
        (
            "Покупатель вправе отказаться от Товара в любое время до его передачи.",
            "unilateral_termination",
            True,
        ),
        # fines a carrier or a hotel charges, repaid by the principal, are no contract penalty
        (
            "Сборы и штрафы перевозчиков и гостиниц за изменение или аннуляцию бронирования "
            "возмещаются Принципалом Агенту.",
            "penalty",
            False,
        ),
        # an amendment striking the renewal out
        (
            "Пункт 8.2 Договора (об автоматическом продлении срока действия Договора на каждый "
            "следующий календарный год) исключить.",
            "auto_renewal",
            False,
        ),
    ],
)
def test_everyday_wordings_of_caps_refusals_fines_and_renewals(
    sentence: str, clause: str, present: bool
) -> None:
    flag = _flag(sentence, clause)

    assert flag is not None and flag.present is present
