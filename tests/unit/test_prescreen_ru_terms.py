"""A Russian contract's term in the ways contracts write it: a length with a dash or «составляет»,
a lease's term, a field «Срок аренды: с … по …», and a term with no start written (a contract
takes effect when concluded, ст. 425 ГК). The sentences are our own."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.text import prepare_text

_HEAD = (
    "ДОГОВОР АРЕНДЫ № 7\n\nг. Казань «5» апреля 2023 г.\n\nОбщество с ограниченной "
    "ответственностью «Альфа», именуемое в дальнейшем «Арендодатель», в лице директора Иванова "
    "И.И., с одной стороны, и Общество с ограниченной ответственностью «Бета», именуемое в "
    "дальнейшем «Арендатор», в лице директора Петрова П.П., с другой стороны, заключили "
    "настоящий Договор о нижеследующем:\n\n1. Арендодатель предоставляет Арендатору во временное "
    "владение и пользование нежилое помещение.\n\n7. "
)
_TAIL = "\n\n8. Споры разрешаются в Арбитражном суде Республики Татарстан.\n"
_SIGNED = date(2023, 4, 5)


@pytest.mark.parametrize(
    ("term", "start", "end"),
    [
        ("Срок действия договора – 1 (один) год с момента подписания.", _SIGNED, date(2024, 4, 5)),
        (
            "Срок действия договора составляет 1 (один) год с момента подписания.",
            _SIGNED,
            date(2024, 4, 5),
        ),
        ("Договор действует один календарный год с даты подписания.", _SIGNED, date(2024, 4, 5)),
        (
            "Договор действует с момента подписания до 31 декабря 2023 г.",
            _SIGNED,
            date(2023, 12, 31),
        ),
        # no start written: the term runs from the signing, the start stays unread
        ("Настоящий Договор заключен сроком на 11 (одиннадцать) месяцев.", None, date(2024, 3, 5)),
        ("Помещение передается в аренду на срок 5 (пять) лет.", None, date(2028, 4, 5)),
        ("Срок аренды: с 01.05.2023 по 31.03.2024.", date(2023, 5, 1), date(2024, 3, 31)),
        (
            "Срок действия Договора: с «01» мая 2023 г. по «30» апреля 2024 г.",
            date(2023, 5, 1),
            date(2024, 4, 30),
        ),
        # a services contract's period of performance is its run
        (
            "Услуги оказываются в период с 01 мая 2023 г. по 30 июня 2023 г.",
            date(2023, 5, 1),
            date(2023, 6, 30),
        ),
        # a surety's term (ГК РФ ст. 367) is the suretyship's
        ("Поручительство дается на срок до 12 марта 2026 г.", None, date(2026, 3, 12)),
        # an employment's first day starts it; an employment for no fixed term has no end
        (
            "Дата начала работы: 10.04.2023. Договор заключен на неопределенный срок.",
            date(2023, 4, 10),
            None,
        ),
        ("Работник приступает к работе с 10 апреля 2023 г.", date(2023, 4, 10), None),
    ],
)
def test_the_term_gives_the_start_and_the_end(
    term: str, start: date | None, end: date | None
) -> None:
    found = find_contract_dates(prepare_text(_HEAD + term + _TAIL))

    assert (found.signed_on, found.starts_on, found.ends_on) == (_SIGNED, start, end)


@pytest.mark.parametrize(
    "term",
    [
        # a licence's own term, not the contract's
        "Срок действия Лицензии – 1 год.",
        # a contract taking effect on an event has no day to count a term from
        "Договор вступает в силу с момента передачи денег и заключен сроком на 1 (один) год.",
        "Гарантийный срок составляет 12 (двенадцать) месяцев.",
    ],
)
def test_what_is_not_the_contracts_term_gives_no_end(term: str) -> None:
    found = find_contract_dates(prepare_text(_HEAD + term + _TAIL))

    assert found.ends_on is None
    assert found.starts_on is None


def test_a_period_inside_the_contract_does_not_start_it() -> None:
    # «Срок выполнения работ: с … по …» is the works' period; its end stands in for the
    # contract's only where the contract names none
    found = find_contract_dates(
        prepare_text(_HEAD + "Срок выполнения работ: с 01.05.2023 по 31.03.2024." + _TAIL)
    )

    assert found.starts_on is None


def test_the_header_date_of_a_scan_whose_title_and_place_ran_into_one_paragraph() -> None:
    # OCR joins the title lines and "г. Екатеринбург «03» сентября 2024 г." into one paragraph
    text = prepare_text(
        "ЛИЦЕНЗИОННЫЙ ДОГОВОР № Л-2024/09 о предоставлении права использования программы для "
        "ЭВМ г. Екатеринбург «ОЗ» сентября 2024 г.\n\nАО «УПС», именуемое в дальнейшем "
        "«Лицензиар», с одной стороны, и ООО «Логистик Плюс», именуемое в дальнейшем «Лицензиат», "
        "с другой стороны, заключили настоящий Договор о нижеследующем:\n\n4.1. Договор "
        "вступает в силу с момента подписания и действует в течение одного года.\n",
        fix_lookalikes=True,
    )

    found = find_contract_dates(text)

    assert (found.signed_on, found.starts_on, found.ends_on) == (
        date(2024, 9, 3),
        date(2024, 9, 3),
        date(2025, 9, 3),
    )


@pytest.mark.parametrize(
    ("term", "start", "end"),
    [
        # the services period starts a contract that says nothing of taking effect...
        (
            "Услуги оказываются в период с 01 мая 2023 г. по 30 июня 2023 г.",
            date(2023, 5, 1),
            date(2023, 6, 30),
        ),
        # ...but not one that takes effect on signing: the period is inside it
        (
            "Услуги оказываются в период с 01 мая 2023 г. по 30 июня 2023 г.\n\n8. Договор "
            "вступает в силу с момента его подписания и действует до 31 июля 2023 г.",
            _SIGNED,
            date(2023, 7, 31),
        ),
        # what outlives the contract, said after its end, does not unmake the end
        (
            "Договор вступает в силу с даты его подписания и действует до 31 декабря 2023 г., а в "
            "части гарантийных обязательств — до их полного исполнения.",
            _SIGNED,
            date(2023, 12, 31),
        ),
        (
            "Договор заключен сроком на 3 (три) года: с 01.05.2023 по 30.04.2026.",
            date(2023, 5, 1),
            date(2026, 4, 30),
        ),
        # the length first, then the range
        (
            "Договор заключен на срок 11 (одиннадцать) месяцев: с «01» мая 2023 г. по «31» марта "
            "2024 г. включительно.",
            date(2023, 5, 1),
            date(2024, 3, 31),
        ),
    ],
)
def test_a_period_or_a_surviving_duty_beside_the_term(
    term: str, start: date | None, end: date | None
) -> None:
    found = find_contract_dates(prepare_text(_HEAD + term + _TAIL))

    assert (found.starts_on, found.ends_on) == (start, end)


_PEOPLE = (
    "ДОГОВОР ЗАЙМА\n\nг. Пермь\n\nТрофимов Николай Геннадьевич, 03.04.1965 года рождения, "
    "паспорт 57 10 № 338416, выдан Отделом УФМС России по Пермскому краю в Ленинском р-не "
    "гор. Перми 22.04.2010, именуемый в дальнейшем «Займодавец», с одной стороны, и Юсупова "
    "Марина Рашидовна, именуемая в дальнейшем «Заемщик», действующая через представителя по "
    "доверенности, удостоверенной нотариусом, сроком действия по 31.12.2025, с другой стороны, "
    "заключили настоящий договор о нижеследующем:\n\n1. Займодавец передает Заемщику заем.\n\n"
)


def test_a_contract_dated_only_at_its_end_is_signed_then_not_on_a_passports_day() -> None:
    text = prepare_text(
        _PEOPLE + "ПОДПИСИ СТОРОН\n\nДоговор подписан Сторонами в г. Перми "
        "«07» октября 2024 года.\n"
    )

    found = find_contract_dates(text)

    # not the passport's 22.04.2010 (an address's abbreviations before it), nor the power of
    # attorney's 31.12.2025
    assert (found.signed_on, found.ends_on) == (date(2024, 10, 7), None)


def test_a_notarised_contract_dated_in_words_takes_effect_on_that_day() -> None:
    text = prepare_text(
        "ДОГОВОР\nкупли-продажи доли\n\nГород Нижний Новгород\nДвадцать второе апреля две тысячи "
        "двадцать четвертого года\n\nМы, Зуев Олег Степанович, и ООО «Ока», заключили настоящий "
        "договор.\n\n16. Настоящий договор вступает в силу с момента его нотариального "
        "удостоверения.\n"
    )

    found = find_contract_dates(text)

    assert (found.signed_on, found.starts_on) == (date(2024, 4, 22), date(2024, 4, 22))


def test_a_term_after_a_preamble_run_into_one_line_is_no_power_of_attorneys() -> None:
    text = prepare_text(
        "ДОГОВОР № 3 г. Москва 01.02.2024 ООО «Альфа» в лице Иванова И.И., действующего по "
        "доверенности, и ООО «Бета» заключили настоящий договор: 1. Договор действует с "
        "01.03.2024 по 31.12.2024."
    )

    found = find_contract_dates(text)

    assert (found.starts_on, found.ends_on) == (date(2024, 3, 1), date(2024, 12, 31))


def test_a_date_under_the_signatures_and_a_title_dating_the_contract_it_ends() -> None:
    text = prepare_text(
        "СОГЛАШЕНИЕ\nо расторжении договора аренды нежилого помещения № 14/А от 01.02.2023\n\n"
        "г. Пермь\n\nООО «Кама», именуемое в дальнейшем «Арендодатель», с одной стороны, и ООО "
        "«Урал», именуемое в дальнейшем «Арендатор», с другой стороны, заключили настоящее "
        "Соглашение.\n\n1. Стороны расторгают договор аренды.\n\nПОДПИСИ СТОРОН\n\n"
        "Дата подписания Соглашения: 28.03.2025\n"
    )

    assert find_contract_dates(text).signed_on == date(2025, 3, 28)


@pytest.mark.parametrize(
    ("term", "end"),
    [
        # a works period's end stands in for the contract's where the contract names none...
        ("Срок выполнения работ: с 01.05.2023 по 31.03.2024.", date(2024, 3, 31)),
        # ...but a deadline alone leaves the contract's end open: it runs until performed
        ("Исполнитель выполняет работы в срок до 16.05.2023 включительно.", None),
        ("3.1. Срок выполнения работ — до 31 мая 2023 г.", None),
    ],
)
def test_a_works_deadline_alone_is_no_end_of_the_contract(term: str, end: date | None) -> None:
    assert find_contract_dates(prepare_text(_HEAD + term + _TAIL)).ends_on == end


@pytest.mark.parametrize(
    ("term", "start"),
    [
        # the day itself after «вступает в силу», with no «с»
        ("Договор вступает в силу 01.07.2023.", date(2023, 7, 1)),
        # a contract applied to what went before it (п. 2 ст. 425 ГК)
        (
            "Условия настоящего Договора применяются к отношениям сторон, возникшим с 01 "
            "января 2023 г.",
            date(2023, 1, 1),
        ),
        # the validity of a guarantee the contract issues is not the contract's
        ("Срок действия Гарантии: с 25.04.2023 по 31.01.2024 включительно.", None),
        ("Срок действия доверенности: с 01.05.2023 по 31.12.2023.", None),
    ],
)
def test_what_starts_the_contract_and_what_starts_a_paper_it_issues(
    term: str, start: date | None
) -> None:
    assert find_contract_dates(prepare_text(_HEAD + term + _TAIL)).starts_on == start


def test_the_day_the_preamble_says_the_sides_concluded_the_contract_signs_it() -> None:
    text = _HEAD.replace("г. Казань «5» апреля 2023 г.", "г. Казань").replace(
        "заключили настоящий", "заключили 9 июля 2023 года настоящий"
    )

    found = find_contract_dates(prepare_text(text + "Прочие условия." + _TAIL))

    assert found.signed_on == date(2023, 7, 9)


def test_an_agreement_signed_in_its_closing_line_in_the_neuter() -> None:
    text = _HEAD.replace("г. Казань «5» апреля 2023 г.", "г. Казань")
    closing = "\n\nСоглашение подписано Сторонами 12 ноября 2023 года в г. Белгороде.\n"

    found = find_contract_dates(prepare_text(text + "Прочие условия." + _TAIL + closing))

    assert found.signed_on == date(2023, 11, 12)


_MAY_1, _APRIL_30 = date(2023, 5, 1), date(2024, 4, 30)


@pytest.mark.parametrize(
    ("term", "start", "end"),
    [
        # the hour a term opens and closes on
        ("Срок страхования — с 00 часов 00 минут 01.05.2023 по 24 часа 00 минут 30.04.2024.",
         _MAY_1, _APRIL_30),
        ("Договор действует с 12:00 01.05.2023 до 18:00 30.04.2024.", _MAY_1, _APRIL_30),
        ("Срок проката: с 10 ч 00 мин 01.05.2023 до 10 ч 00 мин 04.05.2023 (3 суток).",
         _MAY_1, date(2023, 5, 4)),
        # what a lease lets for a period, and a field that gives the length first
        ("Торговое место предоставляется на период проведения ярмарки — с 01 мая 2023 г. по 30 "
         "апреля 2024 г.", _MAY_1, _APRIL_30),
        ("Помещение предоставляется в аренду на срок с 01.05.2023 по 30.04.2024.",
         _MAY_1, _APRIL_30),
        ("Срок аренды — 11 (одиннадцать) месяцев: с 01 мая 2023 года по 31 марта 2024 года.",
         _MAY_1, date(2024, 3, 31)),
        # words of effect
        ("Договор вступает в силу после его подписания Сторонами и действует до 31 декабря "
         "2023 года.", _SIGNED, date(2023, 12, 31)),
        ("Настоящий договор вступает в действие с момента его подписания.", _SIGNED, None),
        ("Договор действует до окончания навигационного периода 2023 года, но не позднее 15 "
         "ноября 2023 года.", None, date(2023, 11, 15)),
        # the term of a contract cited by its number and date is that contract's
        ("Ответственность туроператора застрахована по договору страхования № 7701-ГОТ от "
         "26.11.2022, страховая сумма 50 000 000 рублей, срок действия с 01.01.2023 по "
         "31.12.2023.", None, None),
        ("«Лицензионный договор» — лицензионный договор № DL-7781 от 02.09.2022, заключенный "
         "между Правообладателем и Сублицензиаром, по которому Сублицензиару предоставлено "
         "право заключать сублицензионные договоры на территории Российской Федерации на срок "
         "до 01.09.2027. Договор действует до 31 марта 2024 года.", None, date(2024, 3, 31)),
        # a contract that runs until performed does not end with the period of its services
        ("Услуги оказываются в период с 03.05.2023 по 30.06.2023. Договор вступает в силу с "
         "даты подписания и действует до полного исполнения Сторонами своих обязательств.",
         _SIGNED, None),
    ],
)  # fmt: skip
def test_more_ways_a_term_is_written(term: str, start: date | None, end: date | None) -> None:
    found = find_contract_dates(prepare_text(_HEAD + term + _TAIL))

    assert (found.starts_on, found.ends_on) == (start, end)


def test_a_contract_signed_with_electronic_signatures_on_a_day() -> None:
    text = _HEAD.replace("г. Казань «5» апреля 2023 г.", "г. Казань")
    closing = (
        "\n\nДокумент подписан усиленными квалифицированными электронными подписями Сторон "
        "20.11.2023.\n"
    )

    found = find_contract_dates(prepare_text(text + "Прочие условия." + _TAIL + closing))

    assert found.signed_on == date(2023, 11, 20)


def test_an_offers_edition_in_force_is_not_the_contracts_start() -> None:
    text = prepare_text(
        "ПУБЛИЧНАЯ ОФЕРТА\nо продаже товаров дистанционным способом\n\nРедакция № 4, действует "
        "с 01.10.2023 (предыдущая редакция от 15.03.2022 утратила силу)\n\nООО «Альфа», "
        "именуемое в дальнейшем «Продавец», предлагает заключить договор.\n"
    )

    assert find_contract_dates(text).starts_on is None
