"""The bot's words: both languages complete, failures explained with what to do."""

from __future__ import annotations

import pytest

from chalicelib.telegram.texts import catalogue_keys, failure_text, pick_language, text


def test_texts_every_key_exists_in_both_languages() -> None:
    keys = catalogue_keys()
    assert keys["ru"] == keys["en"]


@pytest.mark.parametrize(
    ("code", "expected"),
    [("ru", "ru"), ("ru-RU", "ru"), ("uk", "ru"), ("en", "en"), ("de", "en"), (None, "en"),
     ("", "en")],
)  # fmt: skip
def test_texts_language_follows_the_client(code: str | None, expected: str) -> None:
    assert pick_language(code) == expected


def test_texts_failure_of_ours_says_the_credit_came_back_and_to_try_later() -> None:
    said = failure_text("en", "TEMPORARILY_UNAVAILABLE", "boom", refunded=True)
    assert "refunded" in said and "try again" in said
    assert "boom" not in said  # our internals are not the user's business


@pytest.mark.parametrize(
    ("code", "words"),
    [("ENCRYPTED", "password"), ("UNREADABLE", "rescan"), ("UNSUPPORTED_FORMAT", "PDF"),
     ("TOO_LARGE", "Compress"), ("INSUFFICIENT_CREDITS", "credits")],
)  # fmt: skip
def test_texts_failure_of_the_file_says_what_to_do(code: str, words: str) -> None:
    assert words in failure_text("en", code, "detail", refunded=False)


def test_texts_failure_in_russian_is_russian() -> None:
    said = failure_text("ru", "ENCRYPTED", "x", refunded=True)
    assert "паролем" in said and "Кредит возвращён" in said


def test_texts_fill_in_values() -> None:
    assert "3" in text("ru", "balance", credits=3)
