"""What Tesseract gets wrong on English pages read with Russian too, and is given back.

Sixteen train contracts laid out as PDFs, rasterised at 200 dpi and read by the OCR path
("rus+eng", as configured) held 23 Cyrillic words in their first two pages, among them
"Сотрапу" (Company), "Ву:" (By:), "оп the" (on the) and "(а)"; 6 are left, none with a Latin
look-alike for every letter.
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
