"""Prepared text: offsets kept across copies, sentences found, look-alikes repaired."""

from __future__ import annotations

import pytest

from chalicelib.analysis.quotes import normalize_for_match
from chalicelib.language import detect_language, is_bilingual, letter_counts
from chalicelib.prescreen.text import prepare_text, table_cells, table_header


def test_prepared_copies_keep_every_offset() -> None:
    raw = "Цена\u00a0договора:\t1\u202f000 руб.\r\nİstanbul"

    text = prepare_text(raw)

    assert len(text.norm) == len(text.low) == len(raw)
    assert text.norm == "Цена договора: 1 000 руб. \nIstanbul"
    assert text.low.startswith("цена договора")


def test_evidence_is_the_whole_sentence_on_one_line() -> None:
    raw = (
        "5.1. Стороны несут ответственность по закону.\n"
        "5.2. За просрочку оплаты Покупатель уплачивает пени\u00a0в размере 0,1% за каждый день. "
        "Иные санкции не применяются."
    )
    text = prepare_text(raw)
    start = text.low.index("пени")

    evidence = text.evidence(start, start + 4)

    assert evidence == (
        "5.2. За просрочку оплаты Покупатель уплачивает пени в размере 0,1% за каждый день."
    )
    assert normalize_for_match(evidence) in normalize_for_match(raw)


def test_sentences_do_not_break_after_abbreviations() -> None:
    raw = "Договор заключён в г. Москве между ООО «Ромашка» и ИП Иванов И. И. в 2024 году. Конец."
    text = prepare_text(raw)
    start = text.low.index("москве")

    assert text.evidence(start, start + 6) == raw[: raw.index(" Конец")]


def test_a_blank_line_after_an_abbreviation_ends_the_sentence() -> None:
    raw = 'It is made by Orrin, Inc. and Tallis Media Ltd.\n\n"Term" means five years.'
    text = prepare_text(raw)
    begin, _ = text.sentence_span(raw.index("five"), raw.index("five") + 4)
    joined = prepare_text(raw.replace("\n\n", " "))

    assert raw[begin:].lstrip().startswith('"Term"')
    assert joined.sentence_span(raw.index("five"), raw.index("five") + 4)[0] == 0


def test_sentences_break_before_numbered_clauses_in_joined_paragraphs() -> None:
    raw = "6.1 Expiration: the term ends on expiry. 6.2 Termination: Company may terminate."
    text = prepare_text(raw)
    start = text.low.index("company")

    assert text.evidence(start, start + 7) == "6.2 Termination: Company may terminate."


def test_long_sentence_evidence_is_trimmed_around_the_match_and_still_a_quote() -> None:
    raw = "Слово " * 300 + "неустойка " + "слово " * 300 + "."
    text = prepare_text(raw)
    start = text.low.index("неустойка")

    evidence = text.evidence(start, start + 9)

    assert (
        "неустойка" in evidence
        and normalize_for_match(evidence) in normalize_for_match(raw)
        and len(evidence) <= 500
    )


def test_latin_look_alikes_in_russian_words_are_repaired_for_ocr_text() -> None:
    raw = "Cтороны дoговора"  # Latin C and o, as OCR leaves them

    text = prepare_text(raw, fix_lookalikes=True)

    assert text.low == "стороны договора"
    assert text.mixed_script_words == 2
    assert prepare_text(raw).low == raw.lower()  # typed text is left alone


@pytest.mark.parametrize(
    ("raw", "repaired"),
    [
        # more Latin than Russian letters, but each Latin one a look-alike: OCR on a Russian page
        ("ДOГOВOP поставки «12» мapтa 2024 г.", "договор поставки «12» марта 2024 г."),
        # a Latin word of look-alikes only between two Russian words
        ("Общество c ограниченной ответственностью", "общество с ограниченной ответственностью"),
        ("и OOO «Бета»", "и ооо «бета»"),
        # a Latin name, a Latin word beside English, and an English word with one Russian
        # letter stay as they are
        ("программа iPhone для", "программа iphone для"),
        ("the Company and a Сompany", "the company and a сompany"),
        ("код ABC 123", "код abc 123"),
    ],
)
def test_ocr_look_alikes_on_a_russian_page(raw: str, repaired: str) -> None:
    assert prepare_text(raw, fix_lookalikes=True).low == repaired


@pytest.mark.parametrize(
    ("raw", "repaired"),
    [
        # a date's day in quotes read as the letters it resembles
        ("г. Екатеринбург «ОЗ» сентября 2024 г.", "г. екатеринбург «03» сентября 2024 г."),
        ("«l5» мая 2023 г.", "«15» мая 2023 г."),
        # a quoted name before a month is no day
        ("ООО «Ромашка» сентября", "ооо «ромашка» сентября"),
    ],
)
def test_ocr_day_of_a_russian_date(raw: str, repaired: str) -> None:
    text = prepare_text(raw, fix_lookalikes=True)

    assert text.low == repaired
    assert prepare_text(raw).low == raw.lower()  # typed text is left alone


def test_language_by_share_of_cyrillic_letters() -> None:
    assert (
        detect_language("настоящий договор поставки заключён между сторонами ооо ромашка") == "ru"
    )
    assert detect_language("this agreement is made between the parties named below today") == "en"
    assert detect_language("12345 ... ---") == "unknown"


def test_links_do_not_make_a_russian_contract_bilingual() -> None:
    low = "договор оферта контент " * 20 + "https://example.com/images/photo-gallery-item.jpg " * 40

    assert detect_language(low) == "ru"
    assert not is_bilingual(*letter_counts(low))
    assert is_bilingual(*letter_counts("договор поставки " * 20 + "supply agreement " * 20))


def test_the_detectors_reuse_the_lowered_copy_only_where_spaces_alone_were_normalised() -> None:
    # a no-break space or a tab is whitespace to every pattern either way
    spaced = prepare_text("Either\u00a0party may\tterminate")
    assert spaced.raw_low == spaced.low == "either party may terminate"
    assert prepare_text("plain text").raw_low == "plain text"
    # a dash, a zero-width space or a look-alike letter changed: the detectors lower `raw`
    assert prepare_text("non\u2011compete").raw_low is None
    assert prepare_text("a\u200bb").raw_low is None
    assert prepare_text("Cтороны", fix_lookalikes=True).raw_low is None


def test_letters_are_counted_one_by_one_as_the_runs_were() -> None:
    text = "Договор ёлка, ЁЖ and Agreement 2024 — straße, ÿ"

    assert letter_counts(text) == (13, 17)  # "ß" and "ÿ" are no a-z


_SIGNED = (
    "By signing, each party agrees.\n\n"
    "|| PARTY 1 | PARTY 2 |\n\n|:--- | :----: | :----: |\n\n"
    "| Title | CEO | **VP** |\n\n| Company | Alpha Inc. | Beta LLC |\n"
)


def test_a_table_header_is_the_row_above_its_separator_blank_lines_between_rows_or_not() -> None:
    tight = _SIGNED.replace("\n\n|", "\n|")
    for text in (_SIGNED, tight):
        assert table_header(text, text.index("| Company")) == ["", "PARTY 1", "PARTY 2"]
        assert table_cells(text[text.index("| Title") :].split("\n")[0]) == ["Title", "CEO", "VP"]


def test_a_table_without_a_separator_is_headed_by_its_first_row() -> None:
    text = "Спецификация\n| Наименование | Сумма, руб. |\n| Итого | 1 000 |\n"
    assert table_header(text, text.index("| Итого")) == ["Наименование", "Сумма, руб."]


def test_a_table_first_row_and_a_row_after_two_blank_lines_have_no_header() -> None:
    text = "| Наименование | Сумма |\n\n\n| Итого | 1 000 |\n"
    assert table_header(text, 0) is None
    assert table_header(text, text.index("| Итого")) is None
