"""The faster ways prescreen finds dates, sentence ends and features give what the plain
ones did: each is checked here against the straightforward version it replaced."""

from __future__ import annotations

import itertools
import random
import re
import zlib

import pytest

from chalicelib.prescreen import clause_model, clauses, dates, text, word_index
from chalicelib.prescreen.dates import MONTH_SPELLINGS, find_dates
from chalicelib.prescreen.word_index import WordIndex

_FULL_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip


# The digit-first pattern, tried only where a run of ASCII or full-width digits opens: a
# match that opens inside a run is never kept, so it must not hide a date after it either.
_RUN_DATE = re.compile(r"(?<!\d)(?=[0-9０-９])" + dates._DIGIT_DATE.pattern)


def _plain_find_dates(low: str, *, english: bool) -> list[tuple[object, int, int]]:
    """find_dates as plain as it gets: each pattern searched for over the whole text."""
    found: list[tuple[object, int, int]] = []
    patterns = (_RUN_DATE, dates._MONTH_DATE) if english else (_RUN_DATE,)
    for pattern in patterns:
        for match in pattern.finditer(low):
            before = low[match.start() - 1] if match.start() else " "
            if before.isdigit() or before.isalpha() or (before == "." and match.group(1)):
                continue
            value = dates._date_of(match, month_first=english)
            if value is not None:
                found.append((value, match.start(), match.end()))
            if len(found) >= dates._MAX_DATES:
                break
    found.sort(key=lambda item: item[1])
    return found


def _found(low: str, *, english: bool) -> list[tuple[object, int, int]]:
    return [(d.value, d.start, d.end) for d in find_dates(low, english=english)]


def test_month_spellings_are_every_spelling_the_pattern_accepts() -> None:
    month = re.compile(dates._en_month("m").removesuffix(r"(?![a-z])\.?"))
    accepted = {
        full[:n]
        for full in _FULL_MONTHS
        for n in range(1, len(full) + 1)
        if month.fullmatch(full[:n])
    }
    assert accepted == set(MONTH_SPELLINGS)


@pytest.mark.parametrize(
    "written",
    [
        "signed on jan. 5, 2020 and sept 6th, 2021",
        "xjan 5, 2020; march\n\n  7 , 1999",  # inside a word: found, then refused
        "may 5, 2020 june 6, 2021 dec.  31 2030",
        "jan.. 5, 2020 jan.5, 2020 5 jan 2020 on 1/2/03",
        "december 5, 2020december 6, 2021",
        "«01» января 2024 г. 2024-01-01 3-31-16 12.05.2001 mar 32, 2020",
    ],
)
def test_dates_are_those_the_whole_text_search_finds(written: str) -> None:
    for english in (False, True):
        assert _found(written, english=english) == _plain_find_dates(written, english=english)


def test_dates_match_the_whole_text_search_on_random_text() -> None:
    pieces = [
        "jan", "january", "sept", "sep", "may", "june", "dec.", "xmar", "march", "1", "12",
        "2024", "1999", "31", " ", "  ", "\n", ".", ",", "/", "-", "st", " th", "of",
        "day of", "января", "«", "»", "2020-01-01", "3/4/05", "１２", "\u2003", "a",
    ]  # fmt: skip
    rng = random.Random(13)
    for _ in range(3000):
        written = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        assert _found(written, english=True) == _plain_find_dates(written, english=True)


def test_the_date_cap_holds_as_before() -> None:
    written = " ".join(["january 5, 2020", "5 may 2021", "01.02.2003"] * 150)
    assert _found(written, english=True) == _plain_find_dates(written, english=True)


_PLAIN_SENTENCE_END = re.compile(r"[.;:]\s+(?=[A-Z(\"“0-9])|\n\s*\n")
_PLAIN_BOUNDARY = re.compile(
    r"\n[ ]*\n"
    r"|[.;!?][ ]*\n"
    r"|\n(?=[ ]*(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?\)?[ ]|[-•*–—][ ]|#|\||<!--))"
    r"|[.!?](?=[ ]+[\"«“(]?[A-ZА-ЯЁ]|[ ]{3})"
    r"|[.;:](?=[ ]+(?:\d{1,3}(?:\.\d{1,3})+\.?|\([a-zа-я0-9]{1,4}\))[ ])"
)
_SAMPLE = (
    "1. Term.\n\nThis Agreement shall renew. 2.1 Either party may terminate; (a) on notice:"
    " \n\n  - bullet\n# Heading\n| row |\n<!-- page -->\nInc. Foo: 3.2 Bar! Baz? «Qux» “Quote”"
    " (b) Г. Москва. Договор;\n\n\n Joined.   § 8 Next.   lower"
)


def test_sentence_ends_are_those_of_the_plain_patterns() -> None:
    tokens = re.findall(r"\S+|\s", _SAMPLE)
    rng = random.Random(5)
    ends = 0
    for _ in range(300):
        sample = "".join(rng.choices(tokens, k=40))
        spans = [m.span() for m in _PLAIN_BOUNDARY.finditer(sample)]
        assert [m.span() for m in text._BOUNDARY.finditer(sample)] == spans
        # the detectors' ends, found by their literal marks and blank lines apart
        detector_spans = [m.span() for m in _PLAIN_SENTENCE_END.finditer(sample)]
        assert clause_model._ends(sample) == detector_spans
        ends += len(spans) + len(detector_spans)
    assert ends > 1000  # the samples do have sentence ends of every kind to find


def test_a_blank_line_in_the_spaces_after_a_mark_is_no_second_end() -> None:
    sample = "Term. \n\n Next; lower\n \n\nThen: \u2028\n(a) item.\n\nb"

    ends = clause_model._ends(sample)

    assert ends == [m.span() for m in _PLAIN_SENTENCE_END.finditer(sample)]
    assert ends == [(4, 9), (20, 24), (28, 32), (41, 43)]


def test_features_are_the_hashes_of_words_and_pairs() -> None:
    sentence = "Neither party's liability shall exceed 100 fees paid in 2024; see § 3.1 Ünïcode."
    words = re.findall(r"[a-z][a-z0-9']*|\d+", sentence.lower())
    grams = [*words, *(f"{a} {b}" for a, b in itertools.pairwise(words))]
    expected = sorted({zlib.crc32(g.encode("utf-8")) % clause_model.BUCKETS for g in grams})
    assert clause_model.features(sentence) == expected


@pytest.mark.parametrize(
    ("pattern", "prefix"),
    [
        (r"liquidated\s+damages", "liquidated"),
        (r"courts?\b", "court"),
        (r"non-?\s?renewal", "non"),
        (r"penalt(?:y|ies)\b", "penalt"),
        (r"evergreen|tacit", ""),  # either word may open a match
        (r"evergreen[|(]x|tacit", ""),  # a bar in a class, then one outside every group
        (r"evergreen(?:a|b)", "evergreen"),
        (r"evergreen[]|]", "evergreen"),
        (r"(?i)evergreen", ""),
        (r"\bevergreen", ""),
        (r"пролонгир", "пролонгир"),
        # a lookbehind it opens with is no part of the match
        (r"(?<=\bon\s)written\s+notice", "written"),
        (r"(?<!ограниченной\s)ответственност\w*", "ответственност"),
        (r"(?<=[)(])(?<!x)notice", "notice"),
        (r"(?<=on\s)written|notice", ""),
    ],
)
def test_literal_prefix_is_what_every_match_opens_with(pattern: str, prefix: str) -> None:
    assert word_index.opening_word(re.compile(pattern)) == prefix


def test_trigger_matches_are_those_finditer_gives() -> None:
    low = (
        "termination for convenience fee; -termination fee. evergreen evergreenevergreen "
        "liability liability shall be limited to liabilityliability ответственность пролонгируется"
        " may terminate on written notice, on prior written notice, upon written notice"
    )
    for rule in clauses.RULES:
        for trigger in rule.triggers:
            found = [m.span() for m in word_index.finditer(trigger, low)]
            assert found == [m.span() for m in trigger.finditer(low)]


def _random_text(words: list[str], seed: int, length: int = 3000) -> str:
    """Words and their pieces run together and apart, in two scripts, with overlaps."""
    rng = random.Random(seed)
    pieces = [*words, *(word[: len(word) // 2] for word in words), " ", "-", "ё", "aa", "\n"]
    return "".join(rng.choice(pieces) for _ in range(length))


def _all_finds(text: str, word: str) -> list[int]:
    found, at = [], text.find(word)
    while at != -1:
        found.append(at)
        at = text.find(word, at + 1)
    return found


@pytest.mark.parametrize("seed", range(5))
def test_word_index_finds_every_occurrence_str_find_finds(seed: int) -> None:
    words = ["renew", "renewal", "non", "aa", "aaa", "неустойк", "стойк", "ё"]
    low = _random_text(words, seed)
    index = WordIndex(words)
    for word in words:
        assert list(index.positions(low, word)) == _all_finds(low, word), word


def test_word_index_reads_each_new_text_and_only_its_own_words() -> None:
    index = WordIndex(["term"])
    assert list(index.positions("a term; the term", "term")) == [2, 12]
    assert list(index.positions("no such word", "term")) == []
    with pytest.raises(KeyError):
        index.positions("a term", "terms")


@pytest.mark.parametrize("seed", range(3))
def test_detector_triggers_found_by_the_index_are_those_str_find_finds(seed: int) -> None:
    stems = sorted({stem.lstrip("*") for group in clause_model.TRIGGERS.values() for stem in group})
    low = _random_text([*stems, "x" + stems[0], stems[0] + "s"], seed)
    for name in clause_model.TRIGGERS:
        by_index = clause_model.trigger_positions(name, low, index=word_index.SHARED)
        assert by_index == clause_model.trigger_positions(name, low), name


@pytest.mark.parametrize("seed", range(3))
def test_trigger_matches_on_random_text_are_those_finditer_gives(seed: int) -> None:
    words = [word_index.opening_word(t) for rule in clauses.RULES for t in rule.triggers]
    low = _random_text([w for w in words if w] + ["fee", "renewal", "notice", "limited to"], seed)
    for rule in clauses.RULES:
        for trigger in rule.triggers:
            found = [m.span() for m in word_index.finditer(trigger, low)]
            assert found == [m.span() for m in trigger.finditer(low)], trigger.pattern


@pytest.mark.parametrize("seed", range(3))
def test_digit_runs_are_where_the_regex_finds_a_run_open(seed: int) -> None:
    rng = random.Random(seed)
    pieces = ["1", "23", "０", "１２", "٣", "a", " ", "-", "/", "май", "\n"]
    low = "".join(rng.choice(pieces) for _ in range(4000))
    opens = re.compile(r"(?<!\d)[0-9０-９]")

    assert dates._digit_runs(low) == [m.start() for m in opens.finditer(low)]


def _indexed_patterns() -> list[re.Pattern[str]]:
    """Every module-level pattern of prescreen whose opening word the shared index holds."""
    import importlib
    import pkgutil

    import chalicelib.prescreen as package

    found: dict[str, re.Pattern[str]] = {}
    for module_info in pkgutil.iter_modules(package.__path__, "chalicelib.prescreen."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            candidates = value if isinstance(value, tuple) else (value,)
            for pattern in candidates:
                if not isinstance(pattern, re.Pattern) or not isinstance(pattern.pattern, str):
                    continue
                word = word_index.opening_word(pattern)
                if word and word in word_index.SHARED.words:
                    found[pattern.pattern] = pattern
    return list(found.values())


def test_the_shared_index_serves_the_whole_text_scans() -> None:
    opening = {word_index.opening_word(pattern) for pattern in _indexed_patterns()}

    # the dates', terms' (the term grammar's "until", "expire"), prices' and laws' scans, beside
    # every rule's and detector's words
    assert {"until", "expire", "witness", "effective", "year", "total", "law"} <= opening


@pytest.mark.parametrize("seed", range(3))
def test_indexed_scans_find_what_the_patterns_find(seed: int) -> None:
    patterns = _indexed_patterns()
    words = [word_index.opening_word(pattern) for pattern in patterns]
    extra = ["the effective date shall mean the closing", "anniversary of the effective date",
             "in witness whereof", "term of one year", "through the end of 2020", "laws of",
             "total contract price", " ", "\n", ". ", "s", "2021"]  # fmt: skip
    low = _random_text([*words, *extra], seed, length=4000)
    rng = random.Random(seed)
    for pattern in patterns:
        assert [m.span() for m in word_index.finditer(pattern, low)] == [
            m.span() for m in pattern.finditer(low)
        ], pattern.pattern
        pos, endpos = sorted(rng.sample(range(len(low)), 2))
        assert [m.span() for m in word_index.finditer(pattern, low, pos, endpos)] == [
            m.span() for m in pattern.finditer(low, pos, endpos)
        ], pattern.pattern
        indexed, plain = word_index.search(pattern, low, pos), pattern.search(low, pos)
        assert (indexed and indexed.span()) == (plain and plain.span()), pattern.pattern


def test_the_word_index_keeps_the_last_two_texts() -> None:
    index = WordIndex(["term"])
    first, second = "a term", "the term, the term"

    assert list(index.positions(first, "term")) == [2]
    assert list(index.positions(second, "term")) == [4, 14]
    assert list(index.positions(first, "term")) == [2]
    index.add(["fee"])  # a new word: the texts are read again
    assert list(index.positions(second, "fee")) == []


def test_letters_are_counted_as_the_letters_pattern_counts_them() -> None:
    from chalicelib.prescreen import confidence

    rng = random.Random(3)
    chars = "aZ09_ ÿßéЁж中٣²½Ⅻ\u00a0\n-'’"
    for _ in range(2000):
        sample = "".join(rng.choice(chars) for _ in range(rng.randint(0, 30)))
        plain = sum(map(len, confidence._LETTERS.findall(sample)))
        assert confidence._letter_count(sample) == plain, sample


def test_renewal_anchors_are_those_str_find_finds() -> None:
    from chalicelib.prescreen import renewal_option

    low = _random_text([*renewal_option._ANCHOR_WORDS, "renewal", "extended", "prolongation"], 7)
    plain: list[int] = []  # each word's places in turn, as many as the cap allows
    for word in renewal_option._ANCHOR_WORDS:
        for at in _all_finds(low, word):
            if len(plain) < renewal_option._MAX_ANCHORS:
                plain.append(at)

    assert renewal_option._anchors(low) == sorted(plain)
    assert len(plain) > 10
