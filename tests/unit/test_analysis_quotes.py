"""The quote check and sentence cutting: quotes must be in the text, cut where sentences end."""

from __future__ import annotations

import pytest

from chalicelib.analysis.quotes import normalize_for_match, verify_quotes
from chalicelib.models import Finding
from chalicelib.sentences import MAX_QUOTE_CHARS, clean_quote, find_sentence

CONTRACT = (
    "5. ОТВЕТСТВЕННОСТЬ СТОРОН\n"
    "5.1. За просрочку оплаты – неустойка 1% от суммы задолженности за каждый день, но\n"
    "не более 50% от суммы задолженности.\n"
    "5.2. Пользователь не вправе передавать, уступать, предоставлять сублицензию,\n"
    "отчуждать права на «Контент» для блокчейн-\n"
    "платформах и иных объектах без согласия Правообладате-\n"
    "ля.\n"
)


def _finding(quote: str) -> Finding:
    return Finding(
        checklist_item="penalty",
        title="Неустойка",
        severity="high",
        quote=quote,
        explanation="…",
        recommendation="…",
    )


# --- verify_quotes -----------------------------------------------------------


def test_verify_quotes_keeps_a_verbatim_quote() -> None:
    quote = "неустойка 1% от суммы задолженности за каждый день"
    kept, dropped = verify_quotes([_finding(quote)], CONTRACT)
    assert [f.quote for f in kept] == [quote]
    assert dropped == 0


def test_verify_quotes_drops_an_invented_quote() -> None:
    kept, dropped = verify_quotes(
        [_finding("неустойка 5% от цены договора за каждый час")], CONTRACT
    )
    assert kept == []
    assert dropped == 1


def test_verify_quotes_counts_only_the_dropped_ones() -> None:
    findings = [
        _finding("не более 50% от суммы задолженности"),
        _finding("штраф 10 000 000 рублей"),
    ]
    kept, dropped = verify_quotes(findings, CONTRACT)
    assert len(kept) == 1
    assert dropped == 1


@pytest.mark.parametrize(
    "quote",
    [
        # whitespace: the PDF broke the line after "но"
        "за каждый день, но не более 50%",
        # case
        "ЗА ПРОСРОЧКУ ОПЛАТЫ",
        # dashes: a model typed a hyphen for the en dash
        "За просрочку оплаты - неустойка 1%",
        # quote marks: straight quotes for guillemets
        'права на "Контент"',
        # line-break hyphenation joined as one word
        "без согласия Правообладателя.",
        # a real hyphen broken at the line end, quoted with the hyphen
        "для блокчейн-платформах",
        # Markdown emphasis a model may add or drop
        "**5.1.** За просрочку оплаты",
    ],
)
def test_verify_quotes_normalises_what_extraction_and_typing_change(quote: str) -> None:
    kept, dropped = verify_quotes([_finding(quote)], CONTRACT)
    assert dropped == 0, quote
    assert kept[0].quote == quote


def test_verify_quotes_keeps_a_sentence_quoted_whole_across_a_page_break() -> None:
    text = "5.3. Размер ответственности ограничен\n\n<!-- page 4 -->\n\nсуммой договора.\n"
    quote = "Размер ответственности ограничен суммой договора."
    kept, dropped = verify_quotes([_finding(quote)], text)
    assert [f.quote for f in kept] == [quote]
    assert dropped == 0


def test_verify_quotes_ignores_soft_hyphens_and_yo() -> None:
    text = "Правообладатель ответственности не несёт за убытки"
    kept, _ = verify_quotes([_finding("ответ\u00adственности не несет")], text)
    assert len(kept) == 1


def test_verify_quotes_drops_a_quote_too_short_to_prove_anything() -> None:
    kept, dropped = verify_quotes([_finding(" 5. "), _finding("")], CONTRACT)
    assert kept == []
    assert dropped == 2


def test_normalize_for_match_keeps_a_dash_that_starts_a_bullet_line() -> None:
    # "образом:\n- \nЗаказчик": the dash is a bullet, not a broken word.
    text = normalize_for_match("следующим образом:\n- \nЗаказчик оплачивает")
    assert text == normalize_for_match("следующим образом: - Заказчик оплачивает")


@pytest.mark.timeout(30)  # a quadratic search would not finish; speed itself is in `make bench`
def test_verify_quotes_finds_a_quote_at_the_end_of_two_megabytes() -> None:
    text = CONTRACT * 7000 + "«нужная» фраза в конце"
    assert len(text) > 2_000_000
    kept, _ = verify_quotes([_finding('"нужная" фраза в конце')], text)
    assert len(kept) == 1


# --- find_sentence -----------------------------------------------------------


def _sentence_around(text: str, words: str) -> str:
    start = text.index(words)
    return find_sentence(text, start, start + len(words))


def test_find_sentence_cuts_at_sentence_ends() -> None:
    text = "Первое предложение. Покупатель оплачивает товар. Третье предложение."
    assert _sentence_around(text, "оплачивает") == "Покупатель оплачивает товар."


def test_find_sentence_does_not_split_on_clause_numbers_or_abbreviations() -> None:
    text = (
        "Иное. В соответствии с п. 3.1. Договора ИП Иванов И. И. обязан поставить товар "
        "в г. Москва до 01.02.2024 г. Покупатель принимает товар."
    )
    assert _sentence_around(text, "обязан") == (
        "В соответствии с п. 3.1. Договора ИП Иванов И. И. обязан поставить товар "
        "в г. Москва до 01.02.2024 г."
    )


def test_find_sentence_joins_lines_a_pdf_broke_inside_a_sentence() -> None:
    text = "5.2. В случае просрочки оплаты\nЗаказчик уплачивает\nпени в размере 0,1%.\n5.3. Иное."
    assert _sentence_around(text, "пени") == (
        "5.2. В случае просрочки оплаты Заказчик уплачивает пени в размере 0,1%."
    )


def test_find_sentence_joins_pdf_lines_that_markdown_separated_by_blank_lines() -> None:
    text = (
        "4.3. Оплата производится авансом.\n\n"
        "5.1. За просрочку оплаты – неустойка 1% от суммы задолженности за каждый день, но\n\n"
        "не более 50% от суммы задолженности.\n\n"
        "5.3. За любые убытки, прямые либо косвенные, возникшие вследствие использования\n\n"
        "Контента, Правообладатель ответственности не несёт.\n\n"
        "# 6. ПРЕКРАЩЕНИЕ ДОГОВОРА\n\n"
        "Договор может быть расторгнут"
    )
    assert _sentence_around(text, "неустойка") == (
        "5.1. За просрочку оплаты – неустойка 1% от суммы задолженности за каждый день, но "
        "не более 50% от суммы задолженности."
    )
    assert _sentence_around(text, "не несёт") == (
        "5.3. За любые убытки, прямые либо косвенные, возникшие вследствие использования "
        "Контента, Правообладатель ответственности не несёт."
    )
    assert _sentence_around(text, "расторгнут") == "Договор может быть расторгнут"


def test_find_sentence_starts_at_a_numbered_clause_on_a_new_line() -> None:
    text = "4.3. Оплата производится авансом\n4.4. Лицензионные отчисления не облагаются НДС"
    assert _sentence_around(text, "авансом") == "4.3. Оплата производится авансом"


def test_find_sentence_separates_a_heading_in_capitals() -> None:
    text = "3. ОТВЕТСТВЕННОСТЬ\nШтраф за нарушение конфиденциальности без ограничений.\n"
    assert (
        _sentence_around(text, "Штраф") == "Штраф за нарушение конфиденциальности без ограничений."
    )


def test_find_sentence_keeps_english_abbreviations_inside() -> None:
    text = "Background. Lucid Inc. and the Distributor agree that No. 5 applies. Next sentence."
    assert _sentence_around(text, "agree") == (
        "Lucid Inc. and the Distributor agree that No. 5 applies."
    )


def test_find_sentence_bounds_a_long_sentence_on_clause_boundaries() -> None:
    clause = "и иные обстоятельства, которые стороны не могли предвидеть"
    text = (
        "Начало. "
        + ", ".join([clause] * 30)
        + ", неустойка 1% в день, "
        + ", ".join([clause] * 30)
        + "."
    )
    quote = _sentence_around(text, "неустойка 1% в день")
    assert "неустойка 1% в день" in quote
    assert len(quote) <= MAX_QUOTE_CHARS
    assert normalize_for_match(quote) in normalize_for_match(text)


def test_find_sentence_bounds_text_without_any_boundary() -> None:
    text = "слово " * 5000 + "неустойка" + " слово" * 5000
    quote = _sentence_around(text, "неустойка")
    assert "неустойка" in quote
    assert len(quote) <= MAX_QUOTE_CHARS


def test_find_sentence_is_verbatim_up_to_whitespace() -> None:
    text = "Заказчик   оплачивает\n\tавансом 80% в момент подписания договора."
    quote = _sentence_around(text, "авансом")
    assert quote == "Заказчик оплачивает авансом 80% в момент подписания договора."
    assert verify_quotes([_finding(quote)], text)[1] == 0


def test_clean_quote_trims_bullets_and_markdown_edges() -> None:
    assert clean_quote("  - **Оплата авансом**;\n") == "Оплата авансом"
