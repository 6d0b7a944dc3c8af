"""Judging text layers and telling the language of extracted text."""

from __future__ import annotations

import pytest

from chalicelib.extract.quality import bad_char_share, is_garbage, plausible_share
from chalicelib.language import detect_language

# What the dedoc Russian law's text layer extracts as (Cyrillic glyphs mapped to Latin).
GARBLED = (
    ";_kieZlgZy\x03xjb^bq_kdZy\x03dhgkmevlZpby\x03ih\x03l_e_nhgZf\x1d 8 (495) 899-03-81 "
    "Fhkd\\Z\x03b\x03FH Lj_[h\\Zgby h\x03aZsbl_\x03bgnhjfZpbb\x0f\x03g_\x03khklZ\\eyxs_c\x03"
    "]hkm^Zjkl\\_ggmx\x03lZcgm kh^_j`Zs_cky\x03\\\x03]hkm^Zjkl\\_gguo\x03bgnhjfZpbhgguo"
)
RUSSIAN = (
    "Поставщик обязуется передать в собственность Покупателя товар, а Покупатель обязуется "
    "принять этот товар и уплатить за него определённую денежную сумму (цену)."
)
ENGLISH = (
    "The Supplier shall deliver the Products to the Distributor in accordance with the terms "
    "of this Agreement and any purchase order accepted by the Supplier."
)
GERMAN_MATHS = (
    "Sei X ein topologischer Raum und A eine Teilmenge von X. Dann heißt A abgeschlossen, "
    "wenn X \\ A offen ist. f: X → Y, x ↦ f(x), ∀ε > 0 ∃δ > 0: d(x, y) < δ ⇒ d(f(x), f(y)) < ε."
)


@pytest.mark.parametrize("text", [RUSSIAN, ENGLISH, GERMAN_MATHS])
def test_real_text_is_not_garbage(text: str) -> None:
    assert not is_garbage(text)


def test_glyph_mapped_cyrillic_is_garbage() -> None:
    assert is_garbage(GARBLED)
    share = plausible_share(GARBLED)
    assert share is not None
    assert share < 0.2


def test_private_use_and_replacement_characters_make_garbage() -> None:
    text = "\ue001\ue002\ue003 \ufffd\ufffd\ufffd " * 20 + RUSSIAN[:40]
    assert bad_char_share(text) > 0.1
    assert is_garbage(text)


def test_too_little_text_is_not_judged() -> None:
    assert plausible_share("стр. 3") is None
    assert not is_garbage("стр. 3")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (RUSSIAN, "ru"),
        (
            RUSSIAN + " E-mail: info@example.com, www.example.com, ООО «Ромашка» (Romashka LLC)",
            "ru",
        ),
        (ENGLISH, "en"),
        (GERMAN_MATHS, "unknown"),
        ("Potato", "unknown"),
        ("12345 67890", "unknown"),
    ],
)
def test_detect_language_by_script_share_and_function_words(text: str, expected: str) -> None:
    assert detect_language(text) == expected
