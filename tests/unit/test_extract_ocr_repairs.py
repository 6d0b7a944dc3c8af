"""What Tesseract gets wrong on English pages read with Russian too, and is given back.

Sixteen train contracts laid out as PDFs, rasterised at 200 dpi and read by the OCR path
("rus+eng", as configured) held 23 Cyrillic words in their first two pages, among them
"Сотрапу" (Company), "Ву:" (By:), "оп the" (on the) and "(а)"; 6 are left, none with a Latin
look-alike for every letter. Twenty-four more, whole and at 150 dpi, changed one reading of
240: a party's "NANTZ III" read as "NANTZ Ш" (now given back).
"""

from __future__ import annotations

import pytest

from chalicelib.extract.ocr import latin_restored, ocr_text_to_markdown

_ENGLISH = (
    "The Supplier shall deliver the goods to the Buyer within thirty days of the order and "
    "shall bear all costs of transportation and insurance until the goods are accepted. "
)


@pytest.mark.parametrize(
    ("read", "meant"),
    [
        ('between Alpha Corp. ("Сотрапу") and Beta', 'between Alpha Corp. ("Company") and Beta'),
        ("Ву: John Smith", "By: John Smith"),
        ("shall commence оп the first day", "shall commence on the first day"),
        ("(а) the goods and (b) the services", "(a) the goods and (b) the services"),
        # a word of both scripts
        ("the Рarties agree", "the Parties agree"),
        # a Roman numeral's serifs joined into one Cyrillic capital (a party's name at 150 dpi)
        ('JAMES W. NANTZ Ш ("Nantz")', 'JAMES W. NANTZ III ("Nantz")'),
        ("as set out in Article П below", "as set out in Article II below"),
        ("EXHIBIT АЗ - Domain Name Assignment", "EXHIBIT A3 - Domain Name Assignment"),
    ],
)
def test_latin_letters_read_as_cyrillic_on_an_english_page_are_given_back(
    read: str, meant: str
) -> None:
    assert latin_restored(f"{_ENGLISH}{read}. {_ENGLISH}") == f"{_ENGLISH}{meant}. {_ENGLISH}"


@pytest.mark.parametrize(
    "kept",
    [
        # a Russian name quoted in an English contract: two Cyrillic words side by side
        "the Seller, ООО «Ромашка», a Russian company",
        # a Cyrillic letter with no Latin look-alike
        "the Buyer, Дмитрий, agrees",
    ],
)
def test_russian_words_on_an_english_page_keep_their_letters(kept: str) -> None:
    page = f"{_ENGLISH}{kept}. {_ENGLISH}"

    assert latin_restored(page) == page


def test_a_russian_page_keeps_every_letter() -> None:
    page = (
        "Договор поставки № 12 заключен между Сторонами в городе Москве. Поставщик обязуется "
        "передать Покупателю товар, а Покупатель принять и оплатить его. Company: ООО Ромашка."
    )

    assert latin_restored(page) == page


def test_a_first_day_read_with_an_i_or_an_l_is_the_first() -> None:
    read = "The term shall commence on the Ist of March, 2003 and the lst day of June, 2004."

    markdown = ocr_text_to_markdown(f"{read} Isthmus and Ist stay as they are.")

    assert markdown == (
        "The term shall commence on the 1st of March, 2003 and the 1st day of June, 2004. "
        "Isthmus and Ist stay as they are."
    )


# A scanned page as Tesseract reads it: blocks apart by blank lines, each block's lines as set.
_WRAPPED = (
    "This Cooperation Agreement is executed by and between the parties below in Haidian\n"
    "District, Beijing, the People's Republic of China, and each of them shall perform its\n"
    "obligations in good faith and in accordance with the laws and regulations in force, and\n"
    "the parties shall keep the terms of this Agreement confidential during its whole term.\n"
)


def test_short_lines_stacked_in_one_block_stay_apart_and_a_wrapped_paragraph_is_joined() -> None:
    stacked = (
        "Cooperation Agreement\n\n"
        "Party A: Beike Internet (Beijing) Security Technology Co., Ltd.\n"
        "Party B: Baidu Online Network Technology (Beijing) Co., Ltd.\n"
        "April 2013\n\n"
    )

    paragraphs = ocr_text_to_markdown(stacked + _WRAPPED + "\n" + _WRAPPED).split("\n\n")

    assert paragraphs[1:4] == [
        "Party A: Beike Internet (Beijing) Security Technology Co., Ltd.",
        "Party B: Baidu Online Network Technology (Beijing) Co., Ltd.",
        "April 2013",
    ]
    assert paragraphs[4] == " ".join(_WRAPPED.split())  # the page's own paragraph, one
    assert len(paragraphs) == 6


def test_a_page_of_a_few_lines_keeps_each_block_one_paragraph() -> None:
    """Too few lines to tell the page's width: a block is one paragraph, as Tesseract set it."""
    page = "Party A: Beike Internet Co., Ltd.\nParty B: Baidu Online Co., Ltd.\n\nApril 2013"

    assert ocr_text_to_markdown(page) == (
        "Party A: Beike Internet Co., Ltd. Party B: Baidu Online Co., Ltd.\n\nApril 2013"
    )


def test_a_paragraph_in_capitals_stays_one_though_its_lines_hold_fewer_characters() -> None:
    """A line of capitals runs to the margin in fewer characters than one of small letters:
    a line is measured by how far it runs printed, not by its count of characters."""
    capitals = (
        "CONTENT LICENSE AGREEMENT BETWEEN ROGERS CABLE AND\n"
        "EUROMEDIA HOLDINGS CORP. MADE AS OF JULY 11, 2006\n"
    )
    first_line = capitals.split("\n", 1)[0]
    assert len(first_line) < 0.7 * max(len(line) for line in _WRAPPED.splitlines())

    paragraphs = ocr_text_to_markdown(f"{_WRAPPED}\n{capitals}\n{_WRAPPED}").split("\n\n")

    assert paragraphs[1] == " ".join(capitals.split())


def test_a_paragraph_tesseract_cut_in_two_blocks_mid_sentence_is_one_again() -> None:
    cut = _WRAPPED.replace(
        "the laws and regulations in force, and\n", "the laws and regulations in force, and\n\n"
    )
    assert cut.count("\n\n") == 1

    paragraphs = ocr_text_to_markdown(f"{_WRAPPED}\n{cut}").split("\n\n")

    assert paragraphs == [" ".join(_WRAPPED.split())] * 2


@pytest.mark.parametrize(
    "item", ["a) the goods are delivered", "iii) the price is paid", "ii. Notices"]
)
def test_a_list_item_in_small_letters_after_a_cut_sentence_stays_its_own(item: str) -> None:
    lead_in = _WRAPPED.replace("during its whole term.", "during its whole term, where")
    page = f"{_WRAPPED}\n{lead_in}\n{item}\n"

    assert ocr_text_to_markdown(page).split("\n\n")[-1] == item
