"""Foreign counterparties in Russian contracts, and bilingual (English | Russian) contracts.

Import and export deals name a foreign side in the Russian preamble («компания «Бета
Индастриз Лтд», учрежденная на Кипре», «Beta Industries GmbH»), and are often written in two
columns, English beside Russian. The sentences are our own.
"""

from __future__ import annotations

import html
from datetime import date
from typing import TYPE_CHECKING

import pymupdf
import pytest

from chalicelib.extract import extract_document
from chalicelib.prescreen import RoutingPolicy, screen_text
from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.parties import find_parties_ru
from chalicelib.prescreen.text import prepare_text
from tests.limits import UNIT_LIMITS

if TYPE_CHECKING:
    from collections.abc import Callable

_BUYER = (
    "Общество с ограниченной ответственностью «Альфа Трейд», именуемое в дальнейшем "
    "«Покупатель», в лице Генерального директора Петрова И.С., действующего на основании "
    "Устава, с одной стороны, и "
)
_CLOSE = ", с другой стороны, заключили настоящий Договор о нижеследующем:"


@pytest.mark.parametrize(
    ("side", "name"),
    [
        (
            "компания «Бета Индастриз Лтд», учрежденная на Кипре, именуемая в дальнейшем "
            "«Поставщик», в лице Директора Андреаса Георгиу",
            "компания «Бета Индастриз Лтд»",
        ),
        (
            "компания Beta Industries Ltd., учрежденная и действующая по законодательству "
            "Республики Кипр, именуемая в дальнейшем «Поставщик», в лице Директора А. Георгиу",
            "компания Beta Industries Ltd.",
        ),
        (
            "Beta Industries Ltd. (Кипр), именуемая в дальнейшем «Поставщик», в лице Директора "
            "Андреаса Георгиу",
            "Beta Industries Ltd.",
        ),
        (
            "Beta Industries GmbH, именуемое в дальнейшем «Поставщик», в лице управляющего "
            "директора Ганса Мюллера",
            "Beta Industries GmbH",
        ),
        (
            "фирма «Бета ГмбХ» (Германия), именуемая в дальнейшем «Поставщик», в лице Директора "
            "Ганса Мюллера",
            "фирма «Бета ГмбХ»",
        ),
        (
            "Компания с ограниченной ответственностью «Бета Индастриз Лимитед» (Beta Industries "
            "Limited), зарегистрированная по законодательству Республики Кипр, именуемая в "
            "дальнейшем «Поставщик», в лице директора Андреаса Георгиу",
            "Компания с ограниченной ответственностью «Бета Индастриз Лимитед»",
        ),
        (
            "ТОО «Бета-Казахстан», именуемое в дальнейшем «Поставщик», в лице директора "
            "Ахметова А.А.",
            "ТОО «Бета-Казахстан»",
        ),
        # a name in nested quotes closes with its last quote
        (
            "Общество с ограниченной ответственностью «Управляющая компания «Бета»», именуемое в "
            "дальнейшем «Поставщик», в лице директора Ахметова А.А.",
            "Общество с ограниченной ответственностью «Управляющая компания «Бета»»",
        ),
        # «фирма» after its adjective is a word of a Russian name, not a foreign form
        (
            "ООО Производственная фирма «Бета», именуемое в дальнейшем «Поставщик», в лице "
            "директора Ахметова А.А.",
            "ООО Производственная фирма «Бета»",
        ),
    ],
)
def test_foreign_side_of_a_russian_preamble_is_read(side: str, name: str) -> None:
    parties = find_parties_ru(prepare_text(_BUYER + side + _CLOSE))

    assert [(p.name, p.role) for p in parties] == [
        ("Общество с ограниченной ответственностью «Альфа Трейд»", "Покупатель"),
        (name, "Поставщик"),
    ]


def test_a_company_word_inside_a_description_opens_no_side() -> None:
    # «управляющая компания» describes the side; its name is the ООО before it
    text = prepare_text(
        _BUYER + "ООО «Бета», управляющая компания дома, именуемое в дальнейшем «Исполнитель», "
        "в лице директора Ахметова А.А." + _CLOSE
    )

    assert [p.name for p in find_parties_ru(text)][1] == "ООО «Бета»"
    # a company named in a sentence, with no legal form after its Latin name, is no side
    sentence = prepare_text(
        "ЭТИ УСЛОВИЯ РЕГУЛИРУЮТ ПРОБНОЕ ИСПОЛЬЗОВАНИЕ СЛУЖБЫ, ЕСЛИ КОМПАНИЯ GITHUB НЕ ЗАКЛЮЧИЛА "
        "ОТДЕЛЬНОЕ ПИСЬМЕННОЕ СОГЛАШЕНИЕ С КЛИЕНТОМ (ДАЛЕЕ ИМЕНУЕТСЯ **КЛИЕНТ**)."
    )
    assert not any("GITHUB НЕ" in (p.name or "") for p in find_parties_ru(sentence))


_PAIRS = (
    ("SUPPLY CONTRACT No. 15/2024", "ДОГОВОР ПОСТАВКИ № 15/2024"),
    ("Moscow, 12 March 2024", "г. Москва, 12 марта 2024 г."),
    (
        'Alfa Trade LLC, hereinafter referred to as the "Buyer", on the one part, and Beta '
        'Industries Ltd., hereinafter referred to as the "Supplier", on the other part, have '
        "concluded this Contract as follows:",
        _BUYER.replace("Общество с ограниченной ответственностью", "ООО")
        + "компания «Бета Индастриз Лтд», именуемая в дальнейшем «Поставщик»"
        + _CLOSE,
    ),
    (
        "1. The Supplier shall deliver, and the Buyer shall accept and pay for, the Goods.",
        "1. Поставщик обязуется поставить, а Покупатель принять и оплатить Товар.",
    ),
    (
        "2. This Contract enters into force on the date of its signing and remains in force "
        "until 31 December 2025.",
        "2. Настоящий Договор вступает в силу с даты его подписания и действует до 31 декабря "
        "2025 г.",
    ),
)


@pytest.mark.parametrize(
    "layout",
    [
        # a two-column table read row by row: a short row's two cells on one line
        lambda: "\n\n".join(f"{en} {ru}" if len(en) < 40 else f"{en}\n\n{ru}" for en, ru in _PAIRS),
        # the columns read one after the other
        lambda: "\n\n".join(en for en, _ in _PAIRS) + "\n\n" + "\n\n".join(ru for _, ru in _PAIRS),
    ],
)
def test_bilingual_contract_reads_as_its_russian_text(layout: Callable[[], str]) -> None:
    text = layout()
    russian = "\n\n".join(ru for _, ru in _PAIRS)
    policy = RoutingPolicy()

    both = screen_text(text, pipeline="contract", policy=policy).result
    alone = screen_text(russian, pipeline="contract", policy=policy).result

    assert both.language == "ru"
    assert both.title == alone.title == "ДОГОВОР ПОСТАВКИ № 15/2024"
    assert (
        [p.name for p in both.parties]
        == [p.name for p in alone.parties]
        == [
            "ООО «Альфа Трейд»",
            "компания «Бета Индастриз Лтд»",
        ]
    )
    assert (both.signed_on, both.starts_on, both.ends_on) == (
        date(2024, 3, 12),
        date(2024, 3, 12),
        date(2025, 12, 31),
    )


def test_a_two_column_bilingual_pdf_reads_as_its_russian_text() -> None:
    # the columns as a table, English left and Russian right, read through Extract
    rows = "".join(
        f"<tr><td>{html.escape(en)}</td><td>{html.escape(ru)}</td></tr>" for en, ru in _PAIRS
    )
    with pymupdf.open() as document:
        page = document.new_page(width=595, height=842)
        page.insert_htmlbox(pymupdf.Rect(36, 36, 559, 806), f"<table>{rows}</table>")
        pdf = document.tobytes()
    extraction = extract_document(pdf, declared_ext="pdf", limits=UNIT_LIMITS)

    result = screen_text(extraction.markdown, pipeline="contract", policy=RoutingPolicy()).result

    assert result.title == "ДОГОВОР ПОСТАВКИ № 15/2024"
    assert [p.name for p in result.parties] == [
        "ООО «Альфа Трейд»",
        "компания «Бета Индастриз Лтд»",
    ]
    assert result.ends_on == date(2025, 12, 31)


def test_english_title_of_an_english_text_stays() -> None:
    text = prepare_text("SUPPLY CONTRACT No. 15/2024\n\nThis Contract is made between A and B.")

    assert find_title(text) == find_title(text, russian=False)
    assert find_title(text, russian=True) == find_title(text)  # no Russian line to prefer


@pytest.mark.parametrize(
    "sentence",
    [
        "This Contract enters into force on the date of its signing and remains in force until "
        "31 December 2025.",
        "This Contract shall enter into force upon signature by both Parties and shall remain in "
        "force until 31 December 2025.",
        "This Contract comes into force on the date of signing and is valid until 31 December "
        "2025.",
    ],
)
def test_a_contract_entering_into_force_on_signing_starts_on_its_date(sentence: str) -> None:
    text = (
        "SUPPLY CONTRACT\n\nThis Supply Contract is made on 12 March 2024 by and between Alpha "
        'Corp. ("Buyer") and Beta LLC ("Supplier").\n\n1. Supply. Supplier shall deliver the '
        "Goods.\n\n2. Term. " + sentence + "\n"
    )

    result = screen_text(text, pipeline="contract", policy=RoutingPolicy()).result

    assert (result.starts_on, result.ends_on) == (date(2024, 3, 12), date(2025, 12, 31))


def test_a_contract_entering_into_force_on_another_event_has_no_start() -> None:
    text = (
        "SUPPLY CONTRACT\n\nThis Supply Contract is made on 12 March 2024 by and between Alpha "
        'Corp. ("Buyer") and Beta LLC ("Supplier").\n\n2. Term. This Contract shall enter into '
        "force on the date of its registration.\n"
    )

    assert screen_text(text, pipeline="contract", policy=RoutingPolicy()).result.starts_on is None
