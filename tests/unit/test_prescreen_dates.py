"""Dates in every written form, and which one is the signing, the start and the end."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.contract_term import add_months, end_from_term
from chalicelib.prescreen.dates import find_dates, parse_date
from chalicelib.prescreen.text import prepare_text


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("«01» января 2024 г.", date(2024, 1, 1)),
        ("«27» ноября 2018 г.", date(2018, 11, 27)),
        ("1 марта 2020 года", date(2020, 3, 1)),
        ("15 мая 2021", date(2021, 5, 15)),
        ("01.01.2024", date(2024, 1, 1)),
        ("31/12/2024", date(2024, 12, 31)),
        ("2024-01-01", date(2024, 1, 1)),
        ("January 1, 2024", date(2024, 1, 1)),
        ("Sept. 5, 2019", date(2019, 9, 5)),
        ("May 3,2006", date(2006, 5, 3)),
        ("1st day of January, 2024", date(2024, 1, 1)),
        ("15th day of July, 2010", date(2010, 7, 15)),
        ("1 st day of May 2006", date(2006, 5, 1)),
        ("the 1st of March, 2003", date(2003, 3, 1)),
        ("31 December 2013", date(2013, 12, 31)),
    ],
)
def test_parse_date_reads_russian_and_english_forms(written: str, value: date) -> None:
    assert parse_date(written) == value


@pytest.mark.parametrize(
    "written",
    [
        "«__» ____ 20__ г.",
        "«___» __________ 20___ г.",
        "September __, 2018",
        "31.02.2024",  # no such day
        "12.34.2024",
        "123.05.2024",  # the tail of a longer number
    ],
)
def test_parse_date_ignores_blanks_and_impossible_dates(written: str) -> None:
    assert parse_date(written) is None


def test_english_slashes_are_month_first_russian_day_first() -> None:
    low = "4/1/2011"

    assert find_dates(low, english=True)[0].value == date(2011, 4, 1)
    assert find_dates(low)[0].value == date(2011, 1, 4)


def test_russian_header_date_is_the_signing_date_and_the_term_gives_start_and_end() -> None:
    text = prepare_text(
        "ДОГОВОР ПОСТАВКИ № 15\n"
        "г. Москва                                «01» февраля 2024 г.\n\n"
        "ООО «Ромашка», именуемое в дальнейшем «Поставщик», на основании доверенности "
        "от 10.01.2024, с одной стороны, ...\n"
        "8.1. Договор вступает в силу с момента его подписания и действует по 31.12.2024."
    )

    dates = find_contract_dates(text)

    assert (dates.signed_on, dates.starts_on, dates.ends_on) == (
        date(2024, 2, 1),
        date(2024, 2, 1),
        date(2024, 12, 31),
    )


def test_russian_range_gives_start_and_end() -> None:
    text = prepare_text(
        "8.1. Настоящий Контракт вступает в силу с момента его подписания Сторонами и "
        "действует с 01 января 2019 г. по 30 июня 2019 г., а в части оплаты до полного исполнения."
    )

    dates = find_contract_dates(text)

    assert (dates.starts_on, dates.ends_on) == (date(2019, 1, 1), date(2019, 6, 30))


def test_edition_and_statute_dates_are_not_the_signing_date() -> None:
    text = prepare_text(
        "Лицензионный договор-оферта\n(редакция от 15.05.2025)\n"
        "Федеральный закон от 05.04.2013 № 44-ФЗ\nДата вступления в силу: 21.08.2025\n"
    )

    dates = find_contract_dates(text)

    assert dates.signed_on is None
    assert dates.starts_on == date(2025, 8, 21)


@pytest.mark.parametrize(
    ("document", "day", "end"),
    [
        (
            'MAINTENANCE AGREEMENT (this "Agreement"), dated as of July 23, 2003, made by '
            'Universal Access, Inc. (the "Company") and CityNet, Inc. (the "Provider").\n'
            "1.1. Initial Term. This Agreement commences on the date first above written, and "
            "will remain in effect for the period of five (5) years, except as otherwise provided "
            "herein.",
            date(2003, 7, 23),
            date(2008, 7, 23),
        ),
        # a PDF's text can lose the space between "as of" and the date
        (
            'THIS DISTRIBUTOR AGREEMENT (this "Agreement") is made and effective as of1 August '
            '2019, by and between Alpha LLC ("Company") and Beta Inc. ("Distributor").\n\n'
            "7. Term. This Agreement shall become effective on the date first written above and "
            "shall continue in effect for a period of Three (3) years.\n",
            date(2019, 8, 1),
            date(2022, 8, 1),
        ),
    ],
)
def test_english_dated_as_of_is_signing_and_effective_date(
    document: str, day: date, end: date
) -> None:
    dates = find_contract_dates(prepare_text(document), english=True)

    assert (dates.signed_on, dates.starts_on, dates.ends_on) == (day, day, end)


def test_english_dated_and_effective_dates_differ() -> None:
    text = prepare_text(
        "Aduro and Consultant agree to all terms of this Consulting Agreement dated June 1, 2020, "
        "effective as of July 1, 2020 (“Effective Date”). This Agreement shall expire on "
        "December 31, 2020."
    )

    dates = find_contract_dates(text, english=True)

    assert (dates.signed_on, dates.starts_on, dates.ends_on) == (
        date(2020, 6, 1),
        date(2020, 7, 1),
        date(2020, 12, 31),
    )


@pytest.mark.parametrize(
    "reference",
    [
        "dated as of December 8, 2009",
        # the date written as a day of a month (session 14: whole train contracts so
        # rewritten took the amended agreement's date for the amendment's)
        "dated the 8th day of December, 2009",
    ],
)
def test_date_of_another_agreement_is_not_this_ones(reference: str) -> None:
    text = prepare_text(
        f"THIS AMENDMENT NO. 2 to the Manufacturing and Supply Agreement {reference}, by and "
        "between Columbia Laboratories, Ltd. and Fleet Laboratories Limited."
    )

    assert find_contract_dates(text, english=True).signed_on is None


def test_last_signature_date_when_the_preamble_has_none() -> None:
    body = "MASTER AGREEMENT\nThis Agreement is between A Inc. and B Ltd.\n" + "Text. " * 200
    text = prepare_text(body + "\nDate: August 07, 2018      Date: August 08, 2018\n")

    assert find_contract_dates(text, english=True).signed_on == date(2018, 8, 8)


def test_end_of_an_exclusivity_is_not_the_end_of_the_contract() -> None:
    text = prepare_text(
        "Licensee’s term of exclusivity with respect to the Clips shall expire on October 29, 2005."
    )

    assert find_contract_dates(text, english=True).ends_on is None


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("This Agreement shall remain in effect for a period of 5 years.", date(2029, 3, 1)),
        ("The term of this Agreement shall continue for twenty (20) years.", date(2044, 3, 1)),
        (
            "This Agreement shall commence on the Effective Date and shall remain in full force "
            "until one (1) year subsequent to the Effective Date.",
            date(2025, 3, 1),
        ),
        ("Договор заключен сроком на 2 (два) года.", date(2026, 3, 1)),
        ("Срок действия договора – 6 месяцев.", date(2024, 9, 1)),
        ("Срок поставки – 6 месяцев.", None),  # a period inside the contract, not its term
        ("Confidentiality survives for a period of three (3) years after the term.", None),
    ],
)
def test_end_from_term_adds_the_stated_term_to_the_start(sentence: str, end: date | None) -> None:
    assert end_from_term(prepare_text(sentence), date(2024, 3, 1)) == end


def test_add_months_keeps_the_day_or_takes_the_month_end() -> None:
    assert add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert add_months(date(2024, 2, 29), 12) == date(2025, 2, 28)
    assert add_months(date(2023, 11, 15), 14) == date(2025, 1, 15)


def test_date_opening_the_title_line_is_the_agreement_date() -> None:
    text = prepare_text(
        "Exhibit 6.2\n\nMay 3, 2016 NON-EXCLUSIVE LICENSE AGREEMENT This Agreement is entered into "
        "by and between The Johns Hopkins University and Virtuoso Surgical, Inc."
    )

    assert find_contract_dates(text, english=True).signed_on == date(2016, 5, 3)


def test_date_inside_a_sentence_before_the_title_does_not_head_it() -> None:
    text = prepare_text(
        "The parties met on May 3, 2016 LICENSE AGREEMENT to discuss terms with A Inc. and "
        "B Ltd. at length, in good faith and over several long meetings.\n"
        + "Text of the agreement. "
        * 10
    )

    assert find_contract_dates(text, english=True).signed_on is None


def test_effective_date_defined_as_the_last_signature_is_the_latest_signing_date() -> None:
    body = (
        "LICENSE AGREEMENT between A Inc. and B Ltd.\n"
        "2.1 “EFFECTIVE DATE” of this Agreement shall mean the date the last party hereto has "
        "executed this Agreement.\n"
        "IN WITNESS WHEREOF the parties have executed this Agreement. By: /s/ N. Veloso "
        "Date:5/11/2016 By: /s/ C. Pickrell Date:: 5/4/2016\n"
    )
    exhibits = "EXHIBIT A LICENSE FEES. " * 400

    assert find_contract_dates(prepare_text(body + exhibits), english=True).starts_on == date(
        2016, 5, 11
    )


def test_term_of_a_single_year_without_a_number_ends_a_year_later() -> None:
    text = prepare_text(
        "This Agreement is effective as of April 1, 2011 (the “Effective Date”).\n"
        "This Agreement shall commence on the Effective Date and shall continue for an initial "
        "term of year as of the Effective Date."
    )

    dates = find_contract_dates(text, english=True)

    assert (dates.starts_on, dates.ends_on) == (date(2011, 4, 1), date(2012, 4, 1))


def test_single_year_term_of_a_warranty_is_not_the_contract_term() -> None:
    text = prepare_text(
        "This Agreement is effective as of April 1, 2011 (the “Effective Date”).\n"
        "This Agreement shall continue to bind Supplier to a warranty term of one year."
    )

    assert find_contract_dates(text, english=True).ends_on is None


def test_blank_preamble_date_gives_no_date() -> None:
    text = prepare_text(
        "MARKETING AGREEMENT\nThis Marketing Agreement is dated as of September [ ], 2018, by "
        "and between Loop Industries, Inc. and Indorama Loop Technologies, LLC."
    )

    dates = find_contract_dates(text, english=True)

    assert (dates.signed_on, dates.starts_on, dates.ends_on) == (None, None, None)


def test_term_in_guillemet_dates_gives_start_and_end() -> None:
    text = prepare_text(
        "3.1. Договор вступает в силу с «01» марта 2023 г. и действует по «31» января 2024 г."
    )

    found = find_contract_dates(text)

    assert (found.starts_on, found.ends_on) == (date(2023, 3, 1), date(2024, 1, 31))


def test_contract_end_wins_over_the_end_of_the_works_inside_it() -> None:
    text = prepare_text(
        "3.1. Срок выполнения работ: с 01.11.2022 по 31.03.2023.\n\n"
        "6.1. Договор вступает в силу с момента подписания и действует до 31 декабря 2023 года."
    )

    assert find_contract_dates(text).ends_on == date(2023, 12, 31)


def test_end_of_the_services_is_the_end_when_the_contract_gives_none() -> None:
    text = prepare_text("Окончание оказания услуг: 15.12.2020.")

    assert find_contract_dates(text).ends_on == date(2020, 12, 15)


def test_english_term_that_shall_be_n_years_gives_the_end() -> None:
    text = prepare_text(
        'This Agreement is made and entered into this 15th day of January, 2019 (the "Effective '
        'Date").\n\n3. Term. The term of this Agreement shall be five (5) years from the '
        "Effective Date."
    )

    found = find_contract_dates(text, english=True)

    assert (found.starts_on, found.ends_on) == (date(2019, 1, 15), date(2024, 1, 15))


def test_russian_term_counted_from_signing_starts_on_the_signing_date() -> None:
    text = prepare_text(
        "г. Москва 12 сентября 2023 года\n\n3. Настоящее Соглашение заключено сроком на 3 (три) "
        "года с даты его подписания."
    )

    found = find_contract_dates(text)

    assert (found.signed_on, found.starts_on, found.ends_on) == (
        date(2023, 9, 12),
        date(2023, 9, 12),
        date(2026, 9, 12),
    )


@pytest.mark.parametrize(
    ("low", "value"),
    [
        ("made and effective as of1 august 2019, by and between", date(2019, 8, 1)),
        ("dated as ofmarch 1, 2010 by and between", date(2010, 3, 1)),
        ("dated1st march 2010", date(2010, 3, 1)),
        ("заключен от1 января 2020 г.", date(2020, 1, 1)),
        ("article1 january 2020", None),  # a word's tail, not a preposition
        ("model a1 january 2020", None),
        ("item2/3/2020", None),  # a number's form glued to a word stays unread
    ],
)
def test_date_glued_to_the_preposition_before_it_is_read(low: str, value: date | None) -> None:
    # a PDF's text can lose the space between "as of" and the date
    found = find_dates(low, english=True)

    assert (found[0].value if found else None) == value


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("Двадцать второе апреля две тысячи двадцать четвертого года", date(2024, 4, 22)),
        ("первого марта две тысячи десятого года", date(2010, 3, 1)),
        ("третьего июня две тысячи пятого года", date(2005, 6, 3)),
        ("тридцать первое декабря тысяча девятьсот девяносто девятого года", date(1999, 12, 31)),
        ("пятое мая двухтысячного года", date(2000, 5, 5)),
    ],
)
def test_a_russian_date_in_words_as_notaries_write_it(written: str, value: date) -> None:
    low = prepare_text("г. Москва. " + written).low

    assert [found.value for found in find_dates(low)] == [value]


def test_a_sum_in_words_is_no_date() -> None:
    low = prepare_text("Цена составляет две тысячи двадцать рублей, уплачиваемых до года.").low

    assert find_dates(low) == []
