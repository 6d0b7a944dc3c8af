"""Amounts: Russian and English figures, currencies, VAT notes, and which one is the price."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chalicelib.prescreen.money import currency_code, find_total_amount, parse_money, parse_number
from chalicelib.prescreen.text import prepare_text


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("1 250 000,00", "1250000.00"),
        ("1\u00a0250\u00a0000,00", "1250000.00"),  # no-break spaces from Word
        ("1\u202f250\u202f000", "1250000"),  # narrow no-break spaces
        ("1,250,000.00", "1250000.00"),
        ("1.250.000,50", "1250000.50"),
        ("1'250'000", "1250000"),
        ("13900.00", "13900.00"),
        ("70161", "70161"),
        ("0,5", "0.5"),
    ],
)
def test_parse_number_reads_grouped_and_decimal_figures(written: str, value: str) -> None:
    assert parse_number(prepare_text(written).norm) == Decimal(value)


@pytest.mark.parametrize(
    ("fragment", "amount", "currency"),
    [
        ("1 250 000,00 руб.", "1250000.00", "RUB"),
        ("70 161 рубль 00 копеек", "70161.00", "RUB"),
        ("13 900.00 (тринадцать тысяч девятьсот) рублей", "13900.00", "RUB"),
        ("1\u00a0250\u00a0000 ₽", "1250000.00", "RUB"),
        ("1,5 млн. рублей", "1500000.00", "RUB"),
        ("$1,250,000.00", "1250000.00", "USD"),
        ("USD 2,000", "2000.00", "USD"),
        ("$1.5 million", "1500000.00", "USD"),
        ("€500", "500.00", "EUR"),
        ("10 000 евро", "10000.00", "EUR"),
        ("£2,500", "2500.00", "GBP"),
    ],
)
def test_parse_money_gives_decimal_and_iso_currency(
    fragment: str, amount: str, currency: str
) -> None:
    assert parse_money(fragment) == (Decimal(amount), currency)


@pytest.mark.parametrize(
    "fragment", ["____ руб.", "__________ руб. ____ коп.", "рублей", "12 штук"]
)
def test_parse_money_ignores_blanks_and_figures_without_currency(fragment: str) -> None:
    assert parse_money(fragment) is None


def test_currency_code_knows_russian_words_and_signs() -> None:
    assert [
        currency_code(s) for s in ("руб.", "рублей", "₽", "$", "долларов США", "евро", "юаней")
    ] == [
        "RUB",
        "RUB",
        "RUB",
        "USD",
        "USD",
        "EUR",
        "CNY",
    ]


@pytest.mark.parametrize(
    ("fragment", "amount", "currency"),
    [
        # the neighbours' currencies: Belarusian roubles are no roubles
        ("250 000 (двести пятьдесят тысяч) белорусских рублей", Decimal("250000"), "BYN"),
        ("990 000 (девятьсот девяносто тысяч) тенге", Decimal("990000"), "KZT"),
        ("80 000 гривен", Decimal("80000"), "UAH"),
        ("KZT 5 000 000", Decimal("5000000"), "KZT"),
        ("250 000 рублей", Decimal("250000"), "RUB"),
    ],
)
def test_parse_money_knows_the_neighbours_currencies(
    fragment: str, amount: Decimal, currency: str
) -> None:
    assert parse_money(fragment) == (amount, currency)


def test_total_amount_comes_from_the_price_clause_with_its_vat_note() -> None:
    text = prepare_text(
        "2.1. Цена Договора составляет 1 250 000,00 (один миллион двести пятьдесят тысяч) "
        "рублей 00 копеек, в т.ч. НДС 20%.\n"
        "2.2. Штраф за нарушение срока составляет 5 000 000 рублей."
    )

    money = find_total_amount(text)

    assert money is not None
    assert (money.amount, money.currency) == (Decimal("1250000.00"), "RUB")
    assert money.vat_note == "в т.ч. НДС 20%"


def test_total_amount_notes_when_no_vat_is_charged() -> None:
    text = prepare_text("Общая стоимость работ составляет 90 000 руб., НДС не облагается.")

    money = find_total_amount(text)

    assert money is not None and money.vat_note == "НДС не облагается"


def test_total_amount_in_english_contract() -> None:
    text = prepare_text(
        "3. Price. The total purchase price for the Equipment is $1,250,000.00 (one million two "
        "hundred fifty thousand US dollars), payable in two instalments."
    )

    money = find_total_amount(text)

    assert money is not None and (money.amount, money.currency) == (Decimal("1250000.00"), "USD")


@pytest.mark.parametrize(
    "clause",
    [
        "4.1. Стоимость составляет: ____________ руб.",  # a blank template
        "Размер ежемесячных лицензионных отчислений составляет 13 900 рублей 00 копеек.",
        "Стоимость услуг составляет 1 500 рублей в месяц.",  # a rate, not a total
        "1000 рублей, если цена контракта не превышает 3 млн. рублей.",  # a condition
        "Пользователь уплачивает штраф в размере 16 000 000 рублей.",  # a fine
        "Consultant is paid at the rate of €500 per hour.",
    ],
)
def test_total_amount_stays_empty_when_no_total_is_stated(clause: str) -> None:
    assert find_total_amount(prepare_text(clause)) is None


def test_amount_in_figures_is_checked_against_the_amount_in_words() -> None:
    agree = find_total_amount(
        prepare_text("Цена договора составляет 2 500 000,00 (два миллиона пятьсот тысяч) рублей.")
    )
    differ = find_total_amount(
        prepare_text("Цена договора составляет 2 500 000,00 (два миллиона триста тысяч) рублей.")
    )
    no_words = find_total_amount(prepare_text("Цена договора составляет 2 500 000,00 рублей."))

    assert agree is not None and agree.words_agree is True
    assert differ is not None and differ.words_agree is False
    assert no_words is not None and no_words.words_agree is None


def test_amount_written_only_in_words_is_read() -> None:
    found = find_total_amount(prepare_text("Цена договора составляет сто двадцать тысяч рублей."))

    assert found is not None and (found.amount, found.currency) == (Decimal(120000), "RUB")


def test_loan_principal_is_the_amount_of_a_loan_contract() -> None:
    found = find_total_amount(
        prepare_text(
            "1.1. Займодавец передает Заемщику денежные средства в размере 1 500 000 "
            "(Один миллион пятьсот тысяч) рублей 00 копеек, а Заемщик обязуется их вернуть."
        )
    )

    assert found is not None and found.amount == Decimal(1500000) and found.words_agree


def test_price_per_hour_in_words_is_no_total() -> None:
    text = prepare_text("Стоимость услуг составляет 1 000 рублей за один час работы специалиста.")

    assert find_total_amount(text) is None


@pytest.mark.parametrize(
    ("clause", "amount"),
    [
        ("2.1. Цена автомобиля составляет 850 000 (восемьсот пятьдесят тысяч) рублей.", 850000),
        ("Цена Квартиры – 5 600 000 (пять миллионов шестьсот тысяч) рублей 00 копеек.", 5600000),
        ("Стоимость Имущества определена Сторонами в размере 2 000 000 рублей.", 2000000),
        ("Стоимость обучения по настоящему договору составляет 120 000 рублей.", 120000),
        ("Вознаграждение Адвоката составляет 150 000 (сто пятьдесят тысяч) рублей.", 150000),
        ("Размер лицензионного вознаграждения составляет 360 000 рублей.", 360000),
        ("Банк предоставляет Заемщику кредит в размере 30 000 000 рублей.", 30000000),
        ("Займодавец передает Заемщику заем в сумме 700 000 рублей.", 700000),
        ("Указанная Квартира продается за 7 450 000 (семь миллионов …) рублей 00 копеек.", 7450000),
        ("Указанная Доля продается за два миллиона четыреста тысяч рублей.", 2400000),
        ("За уступаемое право Цессионарий уплачивает Цеденту 3 400 000 рублей.", 3400000),
        ("Займодавец передает денежные средства (заем) в размере 12 500 000,00 ₽.", 12500000),
        (
            "Вознаграждение Исполнителя за весь период оказания Услуг составляет 60 000 рублей.",
            60000,
        ),
        ("Плата за пользование Автобусом (фрахт) составляет 96 000 рублей 00 копеек.", 96000),
        ("Страховая премия по Договору составляет 87 500 (восемьдесят семь …) рублей.", 87500),
    ],
)
def test_the_price_of_what_the_contract_is_about_is_its_total(clause: str, amount: int) -> None:
    # No "цена договора" anywhere: the price of the car, the fee, the loan is the total
    found = find_total_amount(prepare_text(clause), ("ru",))

    assert found is not None and (found.amount, found.currency) == (Decimal(amount), "RUB")


@pytest.mark.parametrize(
    "clause",
    [
        "Стоимость одного часа работы Исполнителя составляет 3 000 рублей.",
        "Цена за единицу Товара составляет 1 200 рублей.",
        "Вознаграждение Агента составляет 10 % от суммы каждой сделки, но не менее 5 000 рублей.",
        "Ежемесячное вознаграждение Управляющего составляет 50 000 рублей.",
        "Стоимость арендной платы за пользование Помещением составляет 30 000 рублей.",
        "Цена Товара составляет 1 200 рублей за килограмм.",
        # kopecks written out, then the period: still a rate
        "2.1. Стоимость Услуг составляет 145 000 (сто сорок пять тысяч) рублей 00 копеек в месяц.",
        "Сверх 50 операций в месяц дополнительно оплачивается 150 рублей за каждую операцию.",
        "Заказчик уплачивает Исполнителю 5 000 рублей за каждого работника сверх десяти.",
        "Исполнитель уплачивает Заказчику неустойку 0,1 % от цены за каждый день просрочки.",
        # a value that is no price, a payment of another kind, a share of the price
        "1.3. Кадастровая стоимость Участка составляет 2 304 000 (два миллиона …) рублей.",
        "По соглашению Сторон залоговая стоимость Предмета ипотеки составляет 18 450 000 рублей.",
        "Абонентская плата составляет 38 500 рублей.",
        "Оплата услуг составляет 100 000 рублей и производится авансом.",
        "Сторона 2 уплачивает Стороне 1 разницу в цене в размере 170 000 рублей.",
        "Заказчик выплачивает аванс в размере 30% цены работ — 234 000 ₽ — в течение 5 дней.",
    ],
)
def test_the_price_of_a_unit_or_a_share_is_no_total(clause: str) -> None:
    assert find_total_amount(prepare_text(clause), ("ru",)) is None


def test_the_contracts_own_price_comes_before_the_price_of_a_part() -> None:
    text = prepare_text(
        "3.1. Стоимость доставки составляет 5 000 рублей. "
        "3.2. Цена договора составляет 240 000 рублей."
    )

    found = find_total_amount(text, ("ru",))

    assert found is not None and found.amount == Decimal(240000)


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_a_specifications_total_row_in_its_columns_currency(gap: str) -> None:
    # the figures carry no currency: the column's header names it; a plain text's table
    # comes with a blank line between its rows
    rows = [
        "| № | Товар | Кол-во | Цена за ед., руб. | Сумма, руб. (с НДС) |",
        "|---|---|---|---|---|",
        "| 1 | Кабель ВВГ 3х2,5 | 5 000 | 98,40 | 492 000,00 |",
        "|   | **Итого:** |   |   | **492 000,00** |",
        "|   | в том числе НДС 20%: |   |   | 82 000,00 |",
    ]
    text = prepare_text("Цена Товара указывается в Спецификациях.\n\n" + gap.join(rows) + "\n")

    found = find_total_amount(text, ("ru",))

    assert found is not None
    assert (found.amount, found.currency, found.vat_note) == (
        Decimal(492000),
        "RUB",
        "в том числе НДС 20%",
    )


def test_a_total_row_whose_column_names_no_currency_is_no_price() -> None:
    rows = ["| Товар | Кол-во, шт. |", "|---|---|", "| Кабель | 5 |", "| Итого | 5 |"]

    assert find_total_amount(prepare_text("\n".join(rows) + "\n"), ("ru",)) is None


@pytest.mark.parametrize(
    ("clause", "amount", "currency"),
    [
        # an option's price is its premium, not the price of the contract it offers
        (
            "2.1. Цена Акций по Основному договору составляет 1 250 000 (один миллион двести "
            "пятьдесят тысяч) долларов США.\n3.1. За предоставление права заключить Основной "
            "договор Инвестор уплачивает Акционеру опционную премию в размере 40 000 (сорок "
            "тысяч) долларов США.",
            "40000.00",
            "USD",
        ),
        # a fee for the whole term is the total
        (
            "3.1. Плата за торговое место за весь срок аренды составляет 18 600 ₽ (восемнадцать "
            "тысяч шестьсот рублей). НДС не облагается.",
            "18600.00",
            "RUB",
        ),
        (
            "1.1. Клиент вносит, а Банк принимает денежные средства в сумме 3 000 000,00 (три "
            "миллиона) китайских юаней (далее — «Депозит»).",
            "3000000.00",
            "CNY",
        ),
        (
            "2.1. Размер Субсидии составляет 1 850 000 (один миллион восемьсот пятьдесят тысяч) "
            "рублей 00 копеек.",
            "1850000.00",
            "RUB",
        ),
        # a sum that opens within reach of its anchor and ends past it
        (
            "8. Размер платы за технологическое присоединение определяется в соответствии с "
            "постановлением Региональной службы по тарифам Ростовской области от 19.12.2024 № "
            "71/4 и составляет 84 612 (восемьдесят четыре тысячи шестьсот двенадцать) рублей 40 "
            "копеек.",
            "84612.40",
            "RUB",
        ),
        # the total a rate gives, said in the rate's sentence
        (
            "2.1. Стоимость работ рассчитывается исходя из ставки 2 500 (две тысячи пятьсот) "
            "рублей за 1 кв. м площади Квартиры и составляет 196 000 (сто девяносто шесть тысяч) "
            "рублей.",
            "196000.00",
            "RUB",
        ),
        # a credit line's limit is its principal
        (
            "1.2. Лимит задолженности по Договору составляет 25 000 000 (двадцать пять "
            "миллионов) рублей 00 копеек.",
            "25000000.00",
            "RUB",
        ),
        # a conventional unit's rate is no price
        (
            "2.1. Цены на Товар устанавливаются в условных единицах (у.е.), где 1 у.е. равна 1 "
            "(одному) евро.",
            None,
            None,
        ),
    ],
)
def test_more_ways_a_russian_contract_states_its_price(
    clause: str, amount: str | None, currency: str | None
) -> None:
    money = find_total_amount(prepare_text(clause + "\n"))

    found = (str(money.amount), money.currency) if money else (None, None)
    assert found == (amount, currency)
