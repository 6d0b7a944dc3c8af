"""The one language detector: the answers Extract, Prescreen and the analysis each take."""

from __future__ import annotations

import pytest

from chalicelib.language import (
    SAMPLE_CHARS,
    detect_language,
    is_bilingual,
    language_of,
    letter_counts,
    main_language,
)

RUSSIAN = "Поставщик обязуется передать в собственность Покупателя товар. " * 3
ENGLISH = "The Supplier shall deliver the Products in accordance with this Agreement. " * 3
FRENCH = "Le fournisseur livre les produits au distributeur selon les conditions du contrat. " * 3


def test_letters_are_counted_in_either_case_and_links_are_not() -> None:
    assert letter_counts("Договор AND договор and") == (14, 6)
    assert letter_counts("договор https://example.com/path www.example.org") == (7, 0)


def test_only_the_first_pages_are_counted() -> None:
    text = "a" * SAMPLE_CHARS + "б" * 1000

    assert letter_counts(text) == (0, SAMPLE_CHARS)


def test_a_third_of_cyrillic_letters_is_russian() -> None:
    assert language_of(30, 70) == "ru"
    assert language_of(29, 71) == "en"
    assert language_of(5, 10) == "unknown"  # too few letters to tell


def test_the_bilingual_band_needs_both_scripts_in_force() -> None:
    assert is_bilingual(50, 50)
    assert not is_bilingual(10, 90)
    assert not is_bilingual(90, 10)
    assert not is_bilingual(5, 5)  # too few letters to tell


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (RUSSIAN, "ru"),
        (ENGLISH, "en"),
        (FRENCH, "unknown"),  # Latin, but not English: not read as English
        (RUSSIAN + " " + ENGLISH, "ru"),  # a bilingual contract: Prescreen runs both
        ("Potato", "unknown"),
    ],
)
def test_a_documents_language_is_the_scripts_unless_latin_is_not_english(
    text: str, expected: str
) -> None:
    assert detect_language(text) == expected


def test_prescreens_answer_and_the_documents_agree_on_russian_and_english() -> None:
    for text in (RUSSIAN, ENGLISH, RUSSIAN + " " + ENGLISH):
        assert detect_language(text) == language_of(*letter_counts(text))


def test_the_main_language_answers_however_little_text_there_is() -> None:
    assert main_language("Договор, Ltd.") == "ru"
    assert main_language("Agreement with ООО") == "en"
    assert main_language("") == "en"
    assert main_language("12345") == "en"
