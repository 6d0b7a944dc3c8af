"""A term counted in the contract's own years, where the definitions say what such a year is:
"shall continue for three (3) Contract Years" (`end_of_contract_years`), and the last day of
the Nth of them (`end_of_nth_year`), which the term grammar reads as one of its anchors ("shall
expire on the last day of the third (3rd) Contract Year", "through the end of the fifth (5th)
Contract Year", "at the close of the third (3rd) Program Year").

Three shapes of definition are read, each worked out from one written day:

- calendar years: '"Contract Year" means each calendar year during the Term. The first Contract
  Year is the calendar year 2007' (or '(a) the period from the Effective Date through December
  31, 1999, and (b) each calendar year thereafter'; with neither, the first is the start's);
  the Nth ends on December 31 of the first one's year plus N - 1;
- years of twelve months from a day: '"Agreement Year" means each consecutive twelve (12) month
  period beginning on the Effective Date' (or on a day the contract names and dates); the Nth
  ends on that day's Nth anniversary, as CUAD counts a term of N years;
- years between two days of the calendar: '"Contract Year" means a period of twelve (12)
  consecutive Months beginning on November 1 ... and ending ... on October 31 of the following
  calendar year; provided that the first Contract Year shall begin on the Commencement Date'
  (or "each period from February 1 through the following January 31 ...; provided that the
  first Agreement Year shall ... end on January 31, 2012"); the first ends on the day written
  for it, or on the first such day after the first begins.

Anything else (a year that runs from an event no text dates, a fiscal year of "Full" years the
business decides) gives no end.
"""

from __future__ import annotations

import calendar
import heapq
import re
from datetime import date, timedelta
from typing import TYPE_CHECKING

from chalicelib.prescreen.contract_term import (
    OWN_YEAR_KINDS,
    add_months,
    definition_of,
    named_day,
    sets_the_term,
)
from chalicelib.prescreen.dates import find_dates
from chalicelib.prescreen.number_words import words_to_number
from chalicelib.prescreen.text import name_pattern
from chalicelib.prescreen.word_index import finditer, indexed

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

# The names of the contract's own years: "Contract Year", "Program Year", "Agreement Year"
YEAR_NAME = r"(?P<name>(?:" + OWN_YEAR_KINDS + r")\s+year)\b"
# ... or a season the definitions date as a year of its own: '"Season" means the twelve (12)
# month period beginning on September 1 of a calendar year and ending on August 31 of the
# following calendar year' ("through the last day of the third (3rd) full Season that begins
# after the Effective Date")
# (or a year the contract names for its business and defines: '"Card Year" means each calendar
# year during the Term, beginning with calendar year 2008')
YEAR_OR_SEASON = (
    r"(?P<name>(?:" + OWN_YEAR_KINDS + r"|(?!calendar\b|financial\b|tax\b)[a-z]+)\s+year"
    r"|(?:[a-z]+\s+)?season)\b"
)
# A term of a number of them: "shall commence on the Effective Date and continue for three (3)
# Contract Years (the "Initial Term")"
# ('"Term" means the period of three (3) Contract Years')
_FOR_YEARS = tuple(
    indexed(
        re.compile(
            opening
            + r"\s+(?P<words>[a-z]+(?:-[a-z]+)?)\s*(?:\(\s*(?P<digits>\d{1,2})\s*\)\s*)?"
            + YEAR_NAME.replace(r"\s+year)\b", r"\s+year)s\b")
        )
    )
    # ("shall continue for an initial term of three (3) Contract Years": no opening of "term",
    # a word the shared index would find hundreds of times in 30 pages)
    for opening in (r"for(?:\s+an?\s+(?:initial\s+)?(?:period|term)\s+of)?", r"period\s+of")
)
_MAX_ENDS = 10
_DATE_REACH = 40
_DEFINITION_REACH = 400
# ("each calendar year during the Term", not "the same day ... of the following calendar year")
# ("each subsequent Contract Year shall be the calendar year beginning on January 1")
# ('"Contract Year" means a calendar year. The first Contract Year is calendar year 2013.')
_CALENDAR_YEAR = re.compile(
    r"\beach\s+(?:full\s+)?calendar\s+year\b|\bthe\s+calendar\s+year\s+\d{4}\b"
    r"|^\s*an?\s+calendar\s+year\b|\bis\s+calendar\s+year\s+\d{4}\b"
    r"|\bthe\s+calendar\s+year\s+beginning\s+on\s+january\s+1\b"
)
# "ending on December 31 of the calendar year in which the first anniversary of the First
# Delivery Date occurs"
_YEAR_OF_ANNIVERSARY = re.compile(
    r"december\s+31\s+of\s+the\s+(?:calendar\s+)?year\s+in\s+which\s+the\s+"
    r"(?P<nth>first|1st|second|2nd)\s+anniversary\s+of\s+the\s+"
    r"(?P<name>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?\s+date)\s+(?:occurs|falls)"
)
# ('"Card Year" means each calendar year during the Term, beginning with calendar year 2008')
_FIRST_CALENDAR_YEAR = re.compile(
    r"(?:first\s+[a-z]+\s+year\s+(?:is|shall\s+be|being)|(?:beginning|commencing|starting)\s+with)"
    r"\s+(?:the\s+)?calendar\s+year\s+(?P<year>\d{4})\b"
)
_TWELVE_MONTHS = re.compile(
    r"(?:twelve\s*(?:\(\s*12\s*\)\s*)?|12\s*)[\s-]*(?:consecutive\s+)?(?:calendar\s+)?months?"
    r"(?:\s+period)?\s+(?:period\s+)?"
    # ('each consecutive twelve (12) month period during the Term, the first of which shall
    # commence on the Effective Date')
    # ("..., the first of which begins on the Commencement Date")
    r"(?:during\s+the\s+(?:initial\s+)?term\s*,?\s+the\s+first\s+of\s+which\s+"
    r"(?:(?:shall|will)\s+(?:begin|commence|start)|begins|commences|starts)"
    r"|beginning|commencing|starting)\s+(?:on|with)\s+(?:the\s+)?"
    r"(?P<base>[a-z][a-z -]{1,40}?\s+date)\b"
)
_OWN_START = re.compile(r"(?:effective|commencement|execution)\s+date$")
_MONTH = (
    r"(?P<month>january|february|march|april|may|june|july|august|september|october|november"
    r"|december)\s+(?P<day>\d{1,2})(?!\d)(?:st|nd|rd|th)?\b"
)
# ("ending ... on October 31 of the following calendar year", "from February 1 through the
# following January 31", "begins on February 1 of each calendar year and ends on January 31 of
# the following calendar year")
_ENDING_ON_A_DAY = re.compile(
    # ("beginning on September 1 and ending on the following August 31")
    r"(?:end(?:ing|s)\s+(?:[^.;]{0,40}?\s)?on(?:\s+the\s+following)?|through(?:\s+the\s+following)?)\s+"
    + _MONTH
    + r"(?!\s*,?\s*\d{4})"
)
# "provided, however, that the first Agreement Year shall begin on the date of this Agreement
# and end on January 31, 2012"
_FIRST_ENDS = re.compile(r"first\s+[a-z]+\s+year\b[^.;]{0,80}?\bend(?:s|ing)?\s+on\s+")
# ("provided that the first Contract Year shall begin on the Commencement Date", "... shall
# begin on July 1, 2012")
# ("... the first Contract Year commencing on the Delivery Start Date")
_FIRST_BEGINS = re.compile(
    r"first\s+[a-z]+\s+year\s+(?:shall\s+(?:begin|commence)|beginning|commencing)\s+on\s+"
    r"(?:the\s+)?"
)
_BASE_NAME = re.compile(r"[a-z][a-z -]{1,40}?\s+date\b")
_MONTHS = {name: number for number, name in enumerate(calendar.month_name) if name}


def end_of_contract_years(
    text: PreparedText, start: date | None, named: dict[str, date]
) -> date | None:
    """The last day of the last of the N contract years the term runs for, or None. (`start`
    may be unknown, "this ____ day of ______, 1999", where the first year's end is written.)"""
    ends = heapq.merge(
        *(finditer(pattern, text.low) for pattern in _FOR_YEARS),
        key=lambda found: found.start(),
    )
    for number, found in enumerate(ends):
        if number >= _MAX_ENDS:
            break
        count = _years_counted(found)
        if not count:
            continue
        begin, _ = text.sentence_span(found.start(), found.end())
        if not sets_the_term(text.low[begin : found.start()]):
            continue
        return end_of_nth_year(text, found.group("name"), count, start, named)
    return None


def end_of_nth_year(
    text: PreparedText,
    name: str,
    count: int,
    start: date | None,
    named: dict[str, date],
    *,
    full: bool = False,
) -> date | None:
    """The last day of the `count`th year of the name (in lower case) the contract defines
    ("contract year"), or None where no definition says what such a year is. `full` counts
    only whole years ("the fifth (5th) full Fiscal Year following the Commencement Date"): a
    first year the start cuts short is not one of them."""
    definition = definition_of(text, name_pattern(name))
    if definition is None:
        return None
    meaning = text.low[definition.end() : definition.end() + _DEFINITION_REACH]
    return _nth_year_end(text, meaning, count, start, named, full=full)


def _years_counted(found: re.Match[str]) -> int | None:
    """How many contract years a term counts: "for three (3) Contract Years"."""
    if found.group("digits"):
        return int(found.group("digits"))
    written = found.group("words")
    number = int(written) if written.isdigit() else words_to_number(written)
    return int(number) if number else None


def _nth_year_end(
    text: PreparedText,
    meaning: str,
    count: int,
    start: date | None,
    named: dict[str, date],
    *,
    full: bool = False,
) -> date | None:
    """The end of the `count`th year a definition (`meaning`, and what follows it) describes."""
    boundary = _ENDING_ON_A_DAY.search(meaning)
    if boundary is not None:
        return _nth_end_between_days(
            text, meaning, boundary, count, start=start, named=named, full=full
        )
    if _CALENDAR_YEAR.search(meaning):
        first = _first_calendar_year(text, meaning, start, named)
        if first is None:
            return None
        skipped = full and start is not None and _cut_short(start, (12, 31))
        return date(first + count - 1 + skipped, 12, 31)
    twelve = _TWELVE_MONTHS.search(meaning)
    base = _day(text, twelve.group("base"), start, named) if twelve is not None else None
    return add_months(base, 12 * count) if base is not None else None


def _nth_end_between_days(
    text: PreparedText,
    meaning: str,
    boundary: re.Match[str],
    count: int,
    *,
    start: date | None,
    named: dict[str, date],
    full: bool,
) -> date | None:
    """The end of the `count`th year where each year ends on one day of the calendar."""
    if _YEAR_OF_ANNIVERSARY.search(meaning):
        # the first year ends in the year of an anniversary: "ending on December 31 of the
        # calendar year in which the first anniversary of the First Delivery Date occurs"
        first = _first_calendar_year(text, meaning, start, named)
        return date(first + count - 1, 12, 31) if first is not None else None
    first_ends = _FIRST_ENDS.search(meaning)
    dated = find_dates(meaning[first_ends.end() :], english=True) if first_ends else []
    if dated and dated[0].start == 0:
        return _between_days(boundary, dated[0].value, count)
    base = _first_day(text, meaning, start, named)
    if base is None:
        return None
    return _between_days(
        boundary, base, count + (full and _cut_short(base, _boundary_day(boundary)))
    )


def _first_day(
    text: PreparedText, meaning: str, start: date | None, named: dict[str, date]
) -> date | None:
    """The day the first contract year begins: written in the definition's proviso, a day it
    names, or else the contract's start."""
    begins = _FIRST_BEGINS.search(meaning)
    if begins is not None:
        written = find_dates(meaning[begins.end() : begins.end() + _DATE_REACH], english=True)
        if written and written[0].start == 0:
            return written[0].value
        name = _BASE_NAME.match(meaning, begins.end())
        if name is not None:
            return _day(text, name.group(), start, named)
    return start


def _between_days(boundary: re.Match[str], base: date, count: int) -> date | None:
    """The `count`th year's last day where each year ends on one day of the calendar
    (`boundary`: "ending ... on October 31") and the first begins on `base`."""
    month, day = _boundary_day(boundary)
    if not 1 <= day <= calendar.monthrange(base.year + count, month)[1]:
        return None  # no such day (a February 29 in a common year)
    first_end = base.year if (month, day) >= (base.month, base.day) else base.year + 1
    return date(first_end + count - 1, month, day)


def _boundary_day(boundary: re.Match[str]) -> tuple[int, int]:
    """The month and day each year ends on ("ending ... on October 31")."""
    return _MONTHS[boundary.group("month").capitalize()], int(boundary.group("day"))


def _cut_short(base: date, year_end: tuple[int, int]) -> bool:
    """Whether a first year from `base` is short: `base` is not the day after a year's end."""
    before = base - timedelta(days=1)
    return (before.month, before.day) != year_end


def _first_calendar_year(
    text: PreparedText, meaning: str, start: date | None, named: dict[str, date]
) -> int | None:
    """The first contract year's calendar year: written ("is the calendar year 2007"), the
    year of its first period's end ("through December 31, 1999"), the year of an anniversary
    ("ending on December 31 of the calendar year in which the first anniversary of the First
    Delivery Date occurs"), or the start's."""
    written = _FIRST_CALENDAR_YEAR.search(meaning)
    if written is not None:
        return int(written.group("year"))
    anniversary = _YEAR_OF_ANNIVERSARY.search(meaning)
    if anniversary is not None:
        day = _day(text, anniversary.group("name"), start, named)
        years = 1 if anniversary.group("nth") in {"first", "1st"} else 2
        return day.year + years if day is not None else None
    year_ends = [
        found.value
        for found in find_dates(meaning, english=True)
        if (found.value.month, found.value.day) == (12, 31)
    ]
    if year_ends:
        return year_ends[0].year
    return start.year if start is not None else None


def _day(text: PreparedText, name: str, start: date | None, named: dict[str, date]) -> date | None:
    """A day the contract names and dates ("Commencement Date: November 1, 2007"), or else
    the contract's own start where the name is its own."""
    name = " ".join(name.split())
    return named_day(text, named, name) or (start if _OWN_START.search(name) else None)
