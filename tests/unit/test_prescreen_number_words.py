"""Amounts in words: Russian прописью in every case and gender, and English."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chalicelib.prescreen.number_words import words_to_number


@pytest.mark.parametrize(
    ("phrase", "number"),
    [
        ("два миллиона пятьсот тысяч", 2_500_000),
        ("Один миллион пятьсот тысяч", 1_500_000),
        ("семьдесят тысяч сто шестьдесят один", 70_161),
        ("двадцать одна тысяча", 21_000),
        ("одна тысяча двести", 1_200),
        ("триста сорок две тысячи", 342_000),
        ("тринадцать тысяч девятьсот", 13_900),
        ("сто", 100),
        ("Три миллиона четыреста пятьдесят тысяч", 3_450_000),
        ("четырнадцать тысяч четыре", 14_004),
        ("девятьсот девяносто девять тысяч восемьсот", 999_800),
        ("one hundred twenty-five thousand", 125_000),
        ("Two Million Five Hundred Thousand", 2_500_000),
        ("one thousand and fifty", 1_050),
    ],
)
def test_words_to_number_reads_whole_amounts(phrase: str, number: int) -> None:
    assert words_to_number(phrase) == Decimal(number)


@pytest.mark.parametrize("phrase", ["договора", "без учета НДС", "", "сто рублей"])
def test_words_to_number_refuses_a_phrase_that_is_not_only_a_number(phrase: str) -> None:
    assert words_to_number(phrase) is None
