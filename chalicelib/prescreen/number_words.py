"""Amounts written in words, as Russian contracts repeat them (прописью) and English ones may.

"два миллиона пятьсот тысяч" → 2500000; "one hundred twenty-five thousand" → 125000.
Only whole numbers: the kopecks and cents follow in figures ("рублей 00 копеек").
A phrase with a word that is not part of a number is no number (None), so a stray
"договора" or "dollars" ends the reading instead of being guessed around.
"""

from __future__ import annotations

import re
from decimal import Decimal

# Units, teens and tens by stem, in both languages; Russian words in every case and gender.
_RU_VALUE_PATTERNS: tuple[tuple[str, int], ...] = (
    (r"нол[ья]|нуля", 0),
    (r"одн[аоуиейм]\w*|один", 1),
    (r"дв[аеу]х?|двум\w*|двое", 2),
    (r"тр[иеё]х?|трем\w*|трём\w*", 3),
    (r"четыр[еёих]\w*|четырьм\w*", 4),
    (r"пят[ьи]|пятью", 5),
    (r"шест[ьи]|шестью", 6),
    (r"сем[ьи]|семью", 7),
    (r"восем[ьи]|восьм[иью]\w*", 8),
    (r"девят[ьи]|девятью", 9),
    (r"десят[ьи]|десятью", 10),
    (r"одиннадцат\w+", 11),
    (r"двенадцат\w+", 12),
    (r"тринадцат\w+", 13),
    (r"четырнадцат\w+", 14),
    (r"пятнадцат\w+", 15),
    (r"шестнадцат\w+", 16),
    (r"семнадцат\w+", 17),
    (r"восемнадцат\w+", 18),
    (r"девятнадцат\w+", 19),
    (r"двадцат\w+", 20),
    (r"тридцат\w+", 30),
    (r"сорок\w*", 40),
    (r"пятьдесят|пятидесят\w*", 50),
    (r"шестьдесят|шестидесят\w*", 60),
    (r"семьдесят|семидесят\w*", 70),
    (r"восемьдесят|восьмидесят\w*", 80),
    (r"девяност\w+", 90),
    (r"сто|ста", 100),
    (r"двести|двухсот\w*", 200),
    (r"триста|трехсот\w*|трёхсот\w*", 300),
    (r"четыреста|четырехсот\w*|четырёхсот\w*", 400),
    (r"пятьсот|пятисот\w*", 500),
    (r"шестьсот|шестисот\w*", 600),
    (r"семьсот|семисот\w*", 700),
    (r"восемьсот|восьмисот\w*", 800),
    (r"девятьсот|девятисот\w*", 900),
)
_EN_VALUES: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
# Largest first: "четыреста" must meet 400 before the stem of 4 ("четыр…") claims it.
_RU_VALUES = tuple(
    (re.compile(pattern), value)
    for pattern, value in sorted(_RU_VALUE_PATTERNS, key=lambda item: -item[1])
)
_RU_SCALES = ((re.compile(r"миллиард\w*"), 10**9), (re.compile(r"миллион\w*"), 10**6),
              (re.compile(r"тысяч\w*"), 10**3))  # fmt: skip
_EN_SCALES = {"billion": 10**9, "million": 10**6, "thousand": 10**3}
_FILLERS = frozenset({"and", "и"})
_TOKEN = re.compile(r"[a-zа-яё]+", re.IGNORECASE)
_MAX_WORDS = 24


def _value_of(word: str) -> int | None:
    if word in _EN_VALUES:
        return _EN_VALUES[word]
    return next((value for pattern, value in _RU_VALUES if pattern.fullmatch(word)), None)


def _scale_of(word: str) -> int | None:
    if word in _EN_SCALES:
        return _EN_SCALES[word]
    return next((factor for pattern, factor in _RU_SCALES if pattern.fullmatch(word)), None)


def words_to_number(phrase: str) -> Decimal | None:
    """The whole number a phrase spells out, or None when it is not only a number."""
    words = [w for w in _TOKEN.findall(phrase.casefold().replace("ё", "е")) if w not in _FILLERS]
    if not words or len(words) > _MAX_WORDS:
        return None
    total, group, seen = 0, 0, False
    for word in words:
        if word == "hundred":
            group = (group or 1) * 100
            continue
        scale = _scale_of(word)
        if scale is not None:
            total += (group or 1) * scale
            group, seen = 0, True
            continue
        value = _value_of(word)
        if value is None:
            return None
        group += value
        seen = True
    return Decimal(total + group) if seen else None
