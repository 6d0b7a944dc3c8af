"""Dates written in Russian and English, and the reporting period of a statement."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date
from functools import cache

from ahocorasick_rs import AhoCorasick

from chalicelib.prescreen import word_index
from chalicelib.prescreen.number_words import words_to_number
from chalicelib.prescreen.text import PreparedText, prepare_text

# Stems in this order: "март" must be tried before "ма" (мая).
_RU_MONTHS = {
    "январ": 1, "феврал": 2, "март": 3, "апрел": 4, "ма": 5, "июн": 6,
    "июл": 7, "август": 8, "сентябр": 9, "октябр": 10, "ноябр": 11, "декабр": 12,
}  # fmt: skip
_EN_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_RU_MONTH = (
    r"(?P<ru_m>январ[яь]|феврал[яь]|марта?|апрел[яь]|ма[яй]|июн[яь]|июл[яь]|августа?"
    r"|сентябр[яь]|октябр[яь]|ноябр[яь]|декабр[яь])"
)


def _en_month(name: str) -> str:
    return (
        rf"(?P<{name}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
        rf"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\.?"
    )


def ordinal_suffix(gap: str) -> str:
    """A pattern for "st", "nd", "rd" or "th" after a day's digits, with `gap` before and
    inside it, as some PDFs split it ("1 st", "18t h")."""
    return rf"{gap}(?:s{gap}t|n{gap}d|r{gap}d|t{gap}h)"


# The AIA forms' words before a year: "the twelfth day of April in the year of Nineteen Hundred
# and Ninety-Nine", "the 3rd day of May in the year 2005"
_IN_THE_YEAR = r"in\s+the\s+year\s+(?:of\s+)?"
# "1st", and "1 st" or "18t h" as some PDFs split it
_ORDINAL = "(?:" + ordinal_suffix(r"\s?") + r"\b)?"
# Every form that opens with a digit, in one pattern that opens with the digit itself:
# the engine then skips straight between digits (ten times faster than alternatives
# that each open with a group).
_DIGIT_DATE = re.compile(
    r"(?P<d1>\d)(?:"
    # «01» января 2024 г. / 1 января 2024 года
    rf"(?P<ru_d>\d?)\s?[»\"”]?\s*{_RU_MONTH}\s+(?P<ru_y>\d{{4}})"
    # 01.01.2024 / 01/01/2024 (day first, except slashes in English: month first)
    r"|(?P<n_a>\d?)(?P<sep>[./])(?P<n_b>\d{1,2})(?P=sep)(?P<n_y>\d{4})(?!\d)"
    # 2024-01-01
    r"|(?P<iso_y>\d{3})-(?P<iso_m>\d{2})-(?P<iso_d>\d{2})(?!\d)"
    # English short forms, month first: 7/18/11, 3-31-16, 12-23-2019 (read only in English
    # texts); a two-digit year is this century below 50, the last one from 50
    r"|(?P<s_a>\d?)(?:/(?P<s_d>\d{1,2})/(?P<s_y2>\d{2})|-(?P<s_dd>\d{1,2})-(?P<s_y>\d{4}|\d{2}))"
    r"(?![\d/-])"
    # 1 January 2024 / 1st day of January, 2024 / 1st of March, 2003 / Indonesian and
    # Philippine drafting's "the 14th (fourteenth) day of September 2015"
    rf"|(?P<dmy_d>\d?){_ORDINAL}(?:\s*\([a-z-]{{3,20}}\))?\s+(?:day\s+of\s+|of\s+)?"
    rf"{_en_month('dmy_m')}\s*,?\s+(?:{_IN_THE_YEAR})?(?P<dmy_y>\d{{4}})"
    r")"
)
# January 1, 2024 / Jan. 1st 2024 / May 3,2006
_MONTH_DATE = re.compile(
    rf"{_en_month('mdy_m')}\s+(?P<mdy_d>\d{{1,2}}){_ORDINAL}\s*,?\s*(?P<mdy_y>\d{{4}})"
)
_MAX_DATES = 300
# "the first day of June, 2004", "this twenty-first day of March 2005": a day spelled as an
# ordinal. It is matched only where " day of " stands (str.find, a few times a contract),
# the ordinal read backwards from there and the month and year forwards.
_ORDINAL_DAYS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
# (Latin American drafting writes the figure after the word: "the fifteenth (15th) day of")
_SPELLED_DAY_BEFORE = re.compile(
    rf"\b(?:(?P<tens>twenty|thirty)[\s-])?(?P<ordinal>{'|'.join(_ORDINAL_DAYS)})"
    r"(?:\s*\(\d{1,2}(?:st|nd|rd|th)?\))?$"
)
_SPELLED_DAY_REACH = 30
# The year may be spelled too: "the thirty-first day of December, two thousand ten", "the
# first day of June, nineteen hundred and ninety-eight".
_UNITS = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_YEAR_TAIL = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]" + _UNITS + r")?"
    r"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|"
    + _UNITS
    + ")"
)
# (the AIA forms' "the twelfth day of April in the year of Nineteen Hundred and Ninety-Nine";
# Latin American drafting's "the fifteenth (15th) day of the month of April of two thousand
# thirteen (2013)")
_MONTH_YEAR_AFTER = re.compile(
    r"(?:the\s+month\s+of\s+)?"
    rf"{_en_month('month')}\s*,?\s+(?:{_IN_THE_YEAR}|of\s+(?=two|nineteen))?"
    r"(?:(?P<year>\d{4})(?!\d)"
    r"|(?P<year_words>(?:two\s+thousand|nineteen\s+hundred)(?:\s+(?:and\s+)?"
    + _YEAR_TAIL
    + r")?)\b(?:\s*\(\d{4}\))?)"
)
_DAY_OF = " day of "
# A month-first date has a day after spaces: the month-first pattern is tried only at the
# month name before one, instead of being searched for over the whole text, where it
# stopped at every j, f, m, a, s, o, n and d.
# Every spelling of a month `_en_month` accepts: the words a month-first date opens with.
MONTH_SPELLINGS = (
    "january", "jan", "february", "feb", "march", "mar", "april", "apr", "may",
    "june", "jun", "july", "jul", "august", "aug", "september", "sept", "sep",
    "october", "oct", "november", "nov", "december", "dec",
)  # fmt: skip
# The spellings by their last three letters, longest first: of the spellings that end at
# the same place, the longest opens first.
_MONTH_WORDS = {
    ending: tuple(sorted((w for w in MONTH_SPELLINGS if w[-3:] == ending), key=len, reverse=True))
    for ending in {word[-3:] for word in MONTH_SPELLINGS}
}


@dataclass(frozen=True)
class FoundDate:
    """A date written in the text and where it is."""

    value: date
    start: int
    end: int


def _make(year: int, month: int, day: int) -> date | None:
    if not 1950 <= year <= 2100:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def find_dates(low: str, *, english: bool = False) -> list[FoundDate]:
    """Every complete date in the text, in order; blanks like «__» ____ 20__ are not dates.

    English texts also get month-first forms ('January 1, 2024', '4/1/2011').
    """
    found: list[FoundDate] = (
        _spelled_dates(low) + _month_ends(low) if english else _ru_spelled_dates(low)
    )
    for matches in _date_matches(low, english=english):
        for match in matches:
            before = low[match.start() - 1] if match.start() else " "
            if before.isdigit() or (before == "." and match.group(1)):
                continue  # the tail of a longer number, not a date
            if before.isalpha() and not _glued_to_word(low, match):
                continue  # the tail of a word ("A1 2024"), not a date
            value = _date_of(match, month_first=english)
            if value is not None:
                found.append(FoundDate(value, match.start(), match.end()))
            if len(found) >= _MAX_DATES:
                break
    found.sort(key=lambda item: item.start)
    return [_with_weekday(low, item) for item in found]


# "made and effective as of1 August 2019": a PDF's text can lose the space between a
# preposition and the date after it. A date whose month is a word is then still read, when
# the word it is glued to is one that stands before a date.
_GLUED_AFTER = re.compile(r"(?:\b|^)(?:of|on|dated|from|until|through|effective|от|с|по|до)$")


def _glued_to_word(low: str, match: re.Match[str]) -> bool:
    groups = match.groupdict()
    if not (groups.get("ru_y") or groups.get("dmy_y") or groups.get("mdy_y")):
        return False
    return _GLUED_AFTER.search(low, max(0, match.start() - 12), match.start()) is not None


# "made on Friday, February 20, 2015": the day of the week belongs to the date, so the words
# before it ("made on") read as they do before a bare date.
_WEEKDAY_BEFORE = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+(?:the\s+)?$"
)
_WEEKDAY_REACH = 16


def _with_weekday(low: str, found: FoundDate) -> FoundDate:
    """The date, taking in a day of the week written right before it (in any of its forms:
    "Friday, February 20, 2015", "Friday, the twentieth day of February, 2015")."""
    if found.start == 0 or low[found.start - 1] not in " ,":
        return found
    weekday = _WEEKDAY_BEFORE.search(low, max(0, found.start - _WEEKDAY_REACH), found.start)
    return FoundDate(found.value, weekday.start(), found.end) if weekday else found


def _spelled_dates(low: str) -> list[FoundDate]:
    """English dates whose day is a spelled ordinal: 'the twenty-first day of March, 2005'."""
    found: list[FoundDate] = []
    for at in word_index.SHARED.positions(low, _DAY_OF):
        if len(found) >= _MAX_DATES:
            break
        ordinal = _SPELLED_DAY_BEFORE.search(low, max(0, at - _SPELLED_DAY_REACH), at)
        after = _MONTH_YEAR_AFTER.match(low, at + len(_DAY_OF)) if ordinal else None
        if ordinal and after:
            tens = {"twenty": 20, "thirty": 30}.get(ordinal.group("tens") or "", 0)
            day = tens + _ORDINAL_DAYS[ordinal.group("ordinal")]
            month = _EN_MONTHS[after.group("month")[:3]]
            written = after.group("year")
            year = int(written) if written else _spelled_year(after.group("year_words"))
            value = _make(year, month, day)
            if value is not None:
                found.append(FoundDate(value, ordinal.start(), after.end()))
    return found


def _spelled_year(words: str) -> int:
    """'two thousand ten' as 2010, 'nineteen hundred and ninety-eight' as 1998."""
    century, _, rest = words.partition(" thousand" if words.startswith("two") else " hundred")
    base = 2000 if century == "two" else 1900
    tail = words_to_number(rest.strip().removeprefix("and").strip()) if rest.strip() else 0
    return base + int(tail or 0)


# A notary's date in words: «Двадцать второе апреля две тысячи двадцать четвертого года».
# Ordinals by stem, each followed by its ending; the longest stem wins («девятнадцат»).
_RU_ORDINALS = {
    "перв": 1, "втор": 2, "трет": 3, "четверт": 4, "пят": 5, "шест": 6, "седьм": 7,
    "восьм": 8, "девят": 9, "десят": 10, "одиннадцат": 11, "двенадцат": 12, "тринадцат": 13,
    "четырнадцат": 14, "пятнадцат": 15, "шестнадцат": 16, "семнадцат": 17,
    "восемнадцат": 18, "девятнадцат": 19, "двадцат": 20, "тридцат": 30, "сороков": 40,
    "пятидесят": 50, "шестидесят": 60, "семидесят": 70, "восьмидесят": 80, "девяност": 90,
    "двухтысячн": 2000,
}  # fmt: skip
_RU_ORDINAL_ENDINGS = frozenset({"ое", "ого", "ье", "ьего", "ый", "ий", "ой", "ее", "его"})
_RU_TENS = {
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90,
}  # fmt: skip
_RU_SPELLED_DATE = re.compile(
    r"(?<![а-яё])(?P<day>(?:(?:двадцать|тридцать)\s+)?[а-яё]+)\s+"
    + _RU_MONTH
    + r"\s+(?P<century>две\s+тысячи|тысяча\s+девятьсот)?\s*(?P<year>(?:[а-яё]+\s+){0,1}[а-яё]+)"
    r"\s+год"
)
_RU_YEAR_WORDS = ("две тысячи", "тысяча девятьсот", "двухтысячн")
_SPELLED_DAY_MONTH_REACH = 50  # «двадцать девятое сентября » before the year


def _ru_ordinal(word: str) -> int | None:
    """3 for «третье» or «третьего», 20 for «двадцатого»; None for any other word."""
    for stem in sorted(_RU_ORDINALS, key=len, reverse=True):
        if word.startswith(stem) and word[len(stem) :] in _RU_ORDINAL_ENDINGS:
            return _RU_ORDINALS[stem]
    return None


def _ru_spelled_number(words: list[str]) -> int | None:
    """«двадцать второе» as 22, «десятого» as 10: tens in words, then an ordinal."""
    if not words:
        return None
    tens = _RU_TENS.get(words[0], 0) if len(words) == 2 else 0
    if len(words) == 2 and not tens:
        return None
    ordinal = _ru_ordinal(words[-1])
    return None if ordinal is None else tens + ordinal


def _ru_spelled_date_matches(low: str) -> list[re.Match[str]]:
    """The spelled dates around each spelled year: the pattern opens with any word, so it is
    tried only in a window before a year's words, not at every position of the text."""
    matches: dict[int, re.Match[str]] = {}
    for marker in _RU_YEAR_WORDS:
        at = low.find(marker)
        for _ in range(_MAX_DATES):
            if at == -1:
                break
            match = _RU_SPELLED_DATE.search(low, max(0, at - _SPELLED_DAY_MONTH_REACH), at + 80)
            if match is not None and match.start() not in matches:
                matches[match.start()] = match
            at = low.find(marker, at + len(marker))
    return [matches[start] for start in sorted(matches)]


def _ru_spelled_dates(low: str) -> list[FoundDate]:
    """Russian dates written in words, as notaries write them; only where a year is spelled."""
    found: list[FoundDate] = []
    for match in _ru_spelled_date_matches(low):
        day = _ru_spelled_number(match.group("day").split())
        year_words = match.group("year").split()
        century = match.group("century")
        if century:
            year = _ru_spelled_number(year_words)
            year = None if year is None else year + (2000 if century.startswith("две") else 1900)
        else:
            year = 2000 if year_words == ["двухтысячного"] else None
        month = next(
            number for stem, number in _RU_MONTHS.items() if match.group("ru_m").startswith(stem)
        )
        value = _make(year, month, day) if day is not None and year is not None else None
        if value is not None:
            found.append(FoundDate(value, match.start(), match.end()))
        if len(found) >= _MAX_DATES:
            break
    return found


# "the last day of February, 2018", "the last day in December 2017": a month's last day.
_LAST_DAY = "last day "
_OF_MONTH_YEAR = re.compile(rf"(?:of|in)\s+{_en_month('month')}\s*,?\s+(?P<year>\d{{4}})(?!\d)")


def _month_ends(low: str) -> list[FoundDate]:
    """English dates that are a month's last day, written so; found where "last day "
    stands (a few times a contract, if at all)."""
    found: list[FoundDate] = []
    for at in word_index.SHARED.positions(low, _LAST_DAY):
        if len(found) >= _MAX_DATES:
            break
        after = _OF_MONTH_YEAR.match(low, at + len(_LAST_DAY))
        if after is not None and (at == 0 or not low[at - 1].isalnum()):
            month = _EN_MONTHS[after.group("month")[:3]]
            value = _make(int(after.group("year")), month, 1)
            if value is not None:
                found.append(FoundDate(month_end(value), at, after.end()))
    return found


# both anchors are found by the shared word index, whose pass over a whole text the rules and
# detectors pay for (a `str.find` through 30 pages costs 0.07 ms a word)
word_index.index_words((_DAY_OF, _LAST_DAY))


def month_end(day: date) -> date:
    """The last day of the month the day falls in."""
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _date_matches(low: str, *, english: bool) -> tuple[list[re.Match[str]], ...]:
    """The digit-first dates of the text (and in English the month-first ones), each
    tried where a run of digits opens.

    Every date has a digit, and a digit is rare in a contract's text (under one character
    in two hundred): the digits are found by `str.find`, which skips through the text many
    times faster than the regex engine steps (the two whole-text scans this replaced were
    a sixth of prescreen's time on 30 pages), and each pattern is tried only there. A
    match that opens inside a run of digits was never kept (the tail of a longer number),
    so a run's first digit is the only place to try. A month-first date ("Jan. 5, 2024")
    is a month name, perhaps a full stop, spaces and its day: it is tried where one of the
    month's spellings ends just before the spaces before a run of digits, in text order
    and not inside the last one found.
    """
    digit_first: list[re.Match[str]] = []
    month_first: list[re.Match[str]] = []
    digit_end = month_end = 0  # where the last date of each kind ended
    for at in _digit_runs(low):
        if at >= digit_end and (found := _DIGIT_DATE.match(low, at)):
            digit_first.append(found)
            digit_end = found.end()
        if not english or not at or not low[at - 1].isspace():
            continue
        # where the spaces before the run start: stripped in C off a short slice (a
        # table's digits stand after dozens of them), walked on only past its start
        window = max(0, at - _SPACES_REACH)
        spaces = window + len(low[window:at].rstrip())
        while spaces == window and spaces and low[spaces - 1].isspace():
            spaces -= 1
            window -= 1
        name_end = spaces - 1 if spaces and low[spaces - 1] == "." else spaces
        # of the spellings that end there, the one that opens first is the one search finds
        for word in _MONTH_WORDS.get(low[max(0, name_end - 3) : name_end], ()):
            start = name_end - len(word)
            if start >= month_end and low.startswith(word, start):
                match = _MONTH_DATE.match(low, start)
                if match:
                    month_first.append(match)
                    month_end = match.end()
                    break
    return (digit_first, month_first) if english else (digit_first,)


_DIGITS = "0123456789"
# Full-width digits (１２), as some PDFs and OCR write them; digits of other scripts are
# never a date here.
_WIDE_DIGITS = "０１２３４５６７８９"


_SPACES_REACH = 40
# Past this many digits (a text of tables) one automaton pass beats a search per digit.
_FEW_DIGITS = 2000


@cache
def _digit_finder() -> AhoCorasick:
    return AhoCorasick(list(_DIGITS + _WIDE_DIGITS))


def _digit_runs(low: str) -> list[int]:
    """Where each run of digits (ASCII or full-width) opens, in text order.

    A contract's digits are few (under one character in two hundred): each digit is found
    with `str.find`, which skips through the text at memory speed, about a quarter of the
    time of one Aho-Corasick pass over it (whose cost is mostly handing it the text). A
    text with more digits than `_FEW_DIGITS` is left to the automaton, whose pass costs
    the same however many digits it meets.
    """
    found: list[int] = []
    for digit in _DIGITS + _WIDE_DIGITS:
        at = low.find(digit)
        while at != -1:
            found.append(at)
            if len(found) > _FEW_DIGITS:
                found = [start for _, start, _ in _digit_finder().find_matches_as_indexes(low)]
                return _run_starts(low, found)
            at = low.find(digit, at + 1)
    found.sort()
    return _run_starts(low, found)


def _run_starts(low: str, digits: list[int]) -> list[int]:
    # `isdecimal` is what `\d` matches: a run goes on over any script's digits
    return [at for at in digits if not at or not low[at - 1].isdecimal()]


_MONTHS_IN_YEAR = 12


def _date_of(match: re.Match[str], *, month_first: bool) -> date | None:
    group = match.groupdict()
    if group.get("mdy_m"):
        return _make(int(group["mdy_y"]), _EN_MONTHS[group["mdy_m"][:3]], int(group["mdy_d"]))
    first = group["d1"]
    if group["s_d"] or group["s_dd"]:
        return _short_date(group, month_first=month_first)
    if group["ru_m"]:
        month = next(n for stem, n in _RU_MONTHS.items() if group["ru_m"].startswith(stem))
        return _make(int(group["ru_y"]), month, int(first + group["ru_d"]))
    if group["sep"]:
        day, month = int(first + group["n_a"]), int(group["n_b"])
        # month first in English, unless the first number can be no month: "31/12/2017"
        if month_first and group["sep"] == "/" and day <= _MONTHS_IN_YEAR:
            day, month = month, day
        return _make(int(group["n_y"]), month, day)
    if group["iso_y"]:
        return _make(int(first + group["iso_y"]), int(group["iso_m"]), int(group["iso_d"]))
    return _make(int(group["dmy_y"]), _EN_MONTHS[group["dmy_m"][:3]], int(first + group["dmy_d"]))


def _short_date(group: dict[str, str], *, month_first: bool) -> date | None:
    """7/18/11, 3-31-16: month first, and only in English ("3-31-16" is no Russian date)."""
    if not month_first:
        return None
    year = int(group["s_y2"] or group["s_y"])
    if year < 100:
        year += 2000 if year < 50 else 1900
    return _make(year, int(group["d1"] + group["s_a"]), int(group["s_d"] or group["s_dd"]))


def parse_date(fragment: str) -> date | None:
    """The first date in a fragment: '«01» января 2024 г.', '01.01.2024', 'January 1, 2024'."""
    low = prepare_text(fragment).low
    dates = find_dates(low) or find_dates(low, english=True)
    return dates[0].value if dates else None


_PERIOD_START_BEFORE = re.compile(r"(?:period\s+start|начал\w*(?:\s+[а-яё]+)?|\bс|\bfrom)\W*$")
_PERIOD_END_BEFORE = re.compile(
    r"(?:period\s+end|оконча\w*(?:\s+[а-яё]+)?|отчетн\w+\s+дат\w*|\bпо|\bна|\bto|\bas\s+at)\W*$"
)


def find_period(text: PreparedText) -> tuple[date | None, date | None]:
    """The reporting period of a statement: its first and last day when written."""
    start = end = None
    for found in find_dates(text.low):
        before = text.low[max(0, found.start - 60) : found.start]
        if start is None and _PERIOD_START_BEFORE.search(before):
            start = found.value
        elif end is None and _PERIOD_END_BEFORE.search(before):
            end = found.value
    return start, end
