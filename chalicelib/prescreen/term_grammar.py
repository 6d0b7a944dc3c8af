"""The day a contract's term ends on, read as a small grammar over the words that name it.

A term's end is written as a few parts put together, whatever the wording:
- an anchor: the contract's start, a date, a day the contract names ("the Launch Date"),
  the end of a period it defines ("the last day of the Program Period");
- an offset from it: "twenty-four (24) months after", "the third anniversary of";
- a rounding: "the last day of the calendar month (quarter, year) in which ... occurs",
  "December 31 of the third full calendar year following", "the first day of the month
  following";
- a combination: "the later of (a) ... and (b) ...".

`day_of` reads such an expression at the start of some words; `end_by_grammar` finds the
words that carry the contract's term to its end ("shall continue through", "and end on")
and reads the expression after them. It runs where the readers of particular wordings in
`contract_term` found no end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from chalicelib.prescreen.contract_term import (
    COMMENCEMENT_ON_EVENT,
    DAY_NAME,
    DEFINES,
    ORDINAL,
    ORDINALS,
    add_months,
    definition_of,
    field_value,
    named_day,
    of_a_part_of_the_term,
    ordinal_count,
    sets_the_term,
)
from chalicelib.prescreen.contract_years import YEAR_OR_SEASON, end_of_nth_year
from chalicelib.prescreen.dates import find_dates, month_end
from chalicelib.prescreen.number_words import words_to_number
from chalicelib.prescreen.recitals import in_recital
from chalicelib.prescreen.text import name_pattern
from chalicelib.prescreen.word_index import finditer, indexed, search

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.prescreen.text import PreparedText


@dataclass(frozen=True)
class _Context:
    """What a day's words are read against: the text, its start, the days it names."""

    text: PreparedText
    start: date | None  # (None where the contract's start is unknown)
    named: dict[str, date]


# A period or a term the contract names: "the Restricted Period", "the Research Term"
# (an advertising campaign's "Flight": "until the last day of the Flight")
# (a name that joins two: "the Warranty and Service Period")
_PERIOD_NAME = (
    r"\s+the\s+(?P<name>(?:[a-z][a-z-]{1,20}\s+(?:and\s+)?){1,2}(?:period|term)|flight)\b"
)
# ... and its definition: '"Restricted Period" means the period commencing on the Closing Date
# and ending on the fifth (5th) anniversary of the Closing Date', '"License Period" means the
# period of eighty-four (84) months commencing on the Availability Date', or in brackets after
# the name: "the end of the Exclusivity Period (i.e., a three (3) year period commencing on the
# Effective Date)"
_LENGTH = r"(?P<length>(?:\d{1,3}|[a-z-]+(?:\s+[a-z-]+)?)\s*(?:\(\s*(?P<digits>\d{1,3})\s*\)\s*)?)"
# The words of an hour, whose full stops end no sentence: "at 11:59 p.m. Eastern Time"
_HOUR_WORDS = r"(?:[^.;]|(?<=\b[ap])\.|(?<=\b[ap]\.m)\.)"
_PERIOD = (
    r"(?:the|a)\s+(?:period\s+of\s+"
    + _LENGTH
    # "the period of twenty-four (24) consecutive months"
    + r"(?:consecutive\s+|full\s+)?(?:calendar\s+)?(?P<unit>years?|months?)\s+"
    r"|"
    + _LENGTH.replace("<length>", "<length2>").replace("<digits>", "<digits2>")
    + r"[\s-]*(?P<unit2>years?|months?)\s+period\s+|period\s+)"
    # (at an hour: "commencing at 00:00 hours Central Prevailing Time on the Delivery Start Date
    # and ending at 24:00 hours Central Prevailing Time on the last day of ...")
    r"(?:commencing|beginning|starting)\s+(?:at\s+"
    + _HOUR_WORDS
    # (or at a time the contract names: "commencing at the Effective Time")
    + r"{1,40}?\s+)?(?:on|upon|with|as\s+of|at(?=\s+the\s+[a-z-]+\s+time\b))\s+"
    r"(?P<start>[^.;]{4,80}?)"
    r"(?:,?\s+and\s+(?:(?:ending|expiring)\s+(?:at\s+"
    + _HOUR_WORDS
    + r"{1,40}?\s+)?on\s+(?P<end>[^.;]{4,120}?)"
    # "... and ending thirty (30) months thereafter", "... and continuing for thirty (30)
    # months thereafter"
    r"|(?:ending|expiring|continuing\s+for)\s+"
    + _LENGTH.replace("<length>", "<length3>").replace("<digits>", "<digits3>")
    + r"[\s-]*(?P<unit3>years?|months?)\s+thereafter"
    # "... and ending eighteen (18) months after the Effective Date"
    r"|(?:ending|expiring)\s+(?P<end2>"
    + _LENGTH.replace("<length>", "<length4>").replace("<digits>", "<digits4>")
    + r"[\s-]*(?:years?|months?|days?)\s+(?:after|following)\s+[^.;,]{4,60}?)))?"
)
_PERIOD_MEANS = (
    DEFINES
    + r"\s*"
    + _PERIOD.replace("{", "{{").replace("}", "}}")
    # ("unless sooner terminated", "unless ended earlier under Section 6")
    + r"(?:,?\s+unless\s+(?:(?:sooner|earlier)\s+)?(?:terminated|ended)[^.;]{{0,80}})?"
    # ("..., as it may be extended under Section 3.3")
    r"(?:,?\s+as\s+(?:it|the\s+same)\s+may\s+be\s+extended[^.;]{{0,80}})?\s*[.;]"
)
_PERIOD_BRACKETED = re.compile(
    r"\s*\(\s*(?:i\.\s?e\.|that\s+is|being)?\s*,?\s*" + _PERIOD + r"\s*\)"
)
# (or a deadline: "the Final Development Deadline")
_NAMED_DAY = re.compile(
    r"(?:the\s+)?(?P<name>" + DAY_NAME + r"|(?:[a-z][a-z-]{1,20}\s+){1,2}deadline)\b"
)
# The contract's own start, by any of its names: "the Effective Date", "the date hereof", "the
# date first written above", "its execution", "the date on which it was signed", "this
# Agreement" ("the fifth anniversary of this Agreement"), "thereof" ("the tenth (10th)
# anniversary thereof"); "the Agreement" where no verb follows (not "until the Agreement is
# terminated")
_OWN_START = re.compile(
    r"(?:(?:the\s+)?(?:effective\s+date|commencement\s+date|execution\s+date"
    r"|date\s+(?:hereof|of\s+(?:execution\s+of\s+)?this|of\s+(?:its\s+)?(?:execution|signing"
    r"|signature)|first\s+(?:above\s+)?written|(?:on\s+|upon\s+)?which\s+(?:it|this\s+agreement)"
    r"\s+(?:was|is)\s+(?:signed|executed))"
    r"|(?:its|the)\s+(?:execution|signing|signature)\b(?:\s+(?:hereof|of\s+this\s+agreement))?"
    r"(?!\s+of\b))"
    r"|this\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract)"
    r"|the\s+(?:agreement|contract)\b(?!\s+(?:is|are|shall|will|has|was|may|terminat|expir))"
    r"|thereof|hereof)\b"
)
# An event by its name, of up to four words: "the First Commercial Shipment Date"
_EVENT = re.compile(r"the\s+(?P<name>[a-z][a-z-]{1,20}(?:\s+[a-z][a-z-]{1,20}){0,3})\b")
_ANNIVERSARY_OF = re.compile(
    r"(?:the\s+)?"
    + ORDINAL
    + r"(?:annual\s+)?anniversary\s+(?:date\s+)?(?:of\s+|(?=thereof|hereof))"
)


def _end_of_period(definition: re.Match[str], context: _Context, depth: int = 0) -> date | None:
    """The last day a period's definition (`_PERIOD`) gives, or its first plus its length."""
    end = definition.group("end") or definition.group("end2")
    if end:
        return day_of(end, context, depth + 1)
    first = day_of(definition.group("start"), context, depth + 1)
    lengths = [n for n in ("", "2", "3") if definition.group("unit" + n)]
    if first is None or not lengths:
        return None
    unit = definition.group("unit" + lengths[0])
    digits = definition.group("digits" + lengths[0])
    written = definition.group("length" + lengths[0]).strip()
    length = digits or (int(written) if written.isdigit() else words_to_number(written))
    if not length:
        return None
    return add_months(first, int(length) * (12 if unit.startswith("year") else 1))


# '"Initial Term" means the period beginning on the Effective Date and ending on the last day
# of the Campaign Period', where '"Campaign Period" means the twenty-four (24) month period
# commencing on the Effective Date': a chain of periods, followed as deep as `_MAX_DEPTH` allows
_END_OF_NAMED_PERIOD = re.compile(
    # ("upon the expiration or termination of the Service Term": its end, where none comes sooner)
    r"(?:the\s+)?(?:last\s+day|end|expiration|expiry)(?:\s+or\s+(?:earlier\s+)?termination)?\s+of"
    + _PERIOD_NAME
)


_MAX_DEPTH = 6
_DATE_REACH = 40
_DATE_LEAD = 4
_FIELD_REACH = 160
# A number written in words, digits or both: "twenty-four (24)", "36", "three"
_COUNT = r"(?P<{0}>\d{{1,3}}|[a-z]+(?:[\s-][a-z]+)?)\s*(?:\(\s*(?P<{0}_d>\d{{1,3}})\s*\)\s*)?"
# An ordinal written in words, digits or both: "third (3rd)", "twenty-fourth (24th)", "36th"
_NTH = (
    r"(?P<{0}>\d{{1,3}}(?:st|nd|rd|th)|[a-z]+(?:-[a-z]+)?)\s*"
    r"(?:\(\s*(?P<{0}_d>\d{{1,3}})(?:st|nd|rd|th)?\s*\)\s*)?"
)
_UNIT = r"(?P<unit>year|month|quarter)s?"
_AFTER = r"(?:following|after|from|succeeding)"
# (a fiscal year counts as a calendar year where the contract defines it so: `_CALENDAR_FISCAL`)
_CAL = r"(?:full\s+)?(?:(?P<fiscal>fiscal\s+)|calendar\s+)?"
_CALENDAR_FISCAL = re.compile(
    DEFINES.format(name=r"fiscal\s+year") + r"\s*(?:each|a|the)\s+calendar\s+year\b"
)
# The last day of a year by its date: "December 31", "31st December"
_DEC31 = r"(?:december\s+31(?:st)?|31(?:st)?\s+december)"
# "the end of 2006", "December 31 of the current calendar year"
_YEAR_END = re.compile(
    r"(?:the\s+)?(?:end|last\s+day|" + _DEC31 + r"),?\s+of\s+(?:the\s+)?"
    r"(?:calendar\s+year\s+)?(?:(?P<year>\d{4})\b"
    # (not a season or another year that bears the number: "the end of the 2009 Season", a
    # tour's whose definition ends it on September 30; "the end of the 2009 fiscal year", a
    # "2009-2010 season")
    r"(?!\s*[-–/]\s*\d|\s+(?!calendar\s)(?:[a-z-]+\s+)?(?:season|year)\b)"
    r"|(?:current|then[\s-]current)\s+(?:calendar\s+)?year)"
)
# "the later of (a) December 31, 2011, and (b) ...": both limbs read as days
_COMBINED = re.compile(
    r"(?:the\s+)?(?P<which>later|latest|earlier|earliest|first)\s+(?:of|to\s+occur\s+of)\s*:?\s*"
    # "the earlier of the below events occur: (a) ..."
    r"(?:the\s+(?:following|below)\s+(?:events|dates)(?:\s+to)?(?:\s+occur)?\s*:?\s*)?"
    r"(?:\(\s*(?:a|i|1)\s*\)\s*)?"
)
# The next limb's mark: "... and (b)", and a third limb's ("(a) ...; (b) ...; and (c) ..."),
# where only the last is joined by "and" or "or"
_NEXT_LIMB = re.compile(
    r"[^;]{0,300}?(?:[,;]?\s+(?:and|or)\s+|;\s*)\(\s*(?:b|c|d|ii|iii|iv|2|3|4)\s*\)\s*"
)
_MAX_LIMBS = 4
# "the last day of the calendar month in which ... occurs", "December 31 of the year in which"
_ROUNDED = re.compile(
    r"(?:the\s+)?(?:(?:last\s+day|end|close)\s+of\s+the\s+(?:then[\s-]current\s+)?"
    r"(?:calendar\s+|(?P<fiscal>fiscal\s+))?(?P<unit>month|quarter|year)"
    r"|(?P<dec31>" + _DEC31 + r"),?\s+of\s+the\s+(?:calendar\s+)?year)"
    r"\s+(?:in|during)\s+which\s+"
)
# "the first day of the calendar month following the ...": the month after ("the first day of
# the first full calendar month following the Effective Date": the same month)
_FIRST_OF_NEXT = re.compile(
    r"(?:the\s+)?first\s+day\s+of\s+the\s+(?:first\s+(?:full\s+)?)?(?:calendar\s+)?"
    r"(?P<unit>month|quarter|year)\s+" + _AFTER + r"\s+"
)
# "the last day of the thirty-sixth (36th) calendar month following the month in which ...",
# "December 31 of the third (3rd) full calendar year following the Effective Date"
_NTH_AFTER = re.compile(
    r"(?:the\s+)?(?:(?:last\s+day|end|close)\s+of|(?P<dec31>"
    + _DEC31
    + r"),?\s+of)\s+the\s+"
    # (no ordinal: the first, "the last day of the calendar year following the calendar year in
    # which the Effective Date occurs")
    + r"(?:(?!(?:calendar|full|fiscal)\b)"
    + _NTH.format("nth")
    + ")?"
    + _CAL
    + _UNIT
    + r"\s+"
    + _AFTER
    + r"\s+(?:the\s+(?:calendar\s+)?(?:month|quarter|year)\s+(?:in|during)\s+which\s+)?"
)
# "twenty-four (24) months after the Effective Date", "the date that is three years from"
_OFFSET = re.compile(
    r"(?:the\s+(?:date|day)\s+(?:(?:that|which)\s+is\s+|falling\s+)?)?"
    + _COUNT.format("count")
    + r"[\s-]*(?:full\s+|consecutive\s+)?(?:calendar\s+)?(?P<unit>year|month|day)s?\s+"
    # (a period's length and its first day: "Twelve (12) months commencing on the Start Date")
    + r"(?:"
    + _AFTER
    + r"|(?:commencing|beginning|starting)\s+(?:on|with))\s+"
)


def _number(match: re.Match[str], group: str) -> int:
    """A count or ordinal a pattern of `_COUNT` or `_NTH` read: its digits, or its words."""
    digits = match.group(group + "_d")
    if digits:
        return int(digits)
    word = match.group(group)
    if word[:1].isdigit():
        return int(re.sub(r"\D", "", word))
    if word in ORDINALS:
        return ORDINALS[word]
    spelled = words_to_number(word.replace("-", " "))
    return int(spelled) if spelled is not None and spelled < 1000 else 0


def _rounded(rounded: re.Match[str], day: date) -> date | None:
    """The last day of the month, quarter or year a day falls in (`_ROUNDED`)."""
    if rounded.group("dec31") or rounded.group("unit") == "year":
        return date(day.year, 12, 31)
    if rounded.group("unit") == "quarter":
        return month_end(date(day.year, (day.month + 2) // 3 * 3, 1))
    return month_end(day)


def _first_of_next(first: re.Match[str], day: date) -> date | None:
    """The first day of the month, quarter or year after a day's (`_FIRST_OF_NEXT`)."""
    if first.group("unit") == "year":
        return date(day.year + 1, 1, 1)
    if first.group("unit") == "quarter":
        return add_months(date(day.year, (day.month - 1) // 3 * 3 + 1, 1), 3)
    return add_months(day.replace(day=1), 1)


def _nth_after(nth: re.Match[str], day: date) -> date | None:
    """The last day of the Nth month, quarter or year after a day's (`_NTH_AFTER`)."""
    count = _number(nth, "nth") if nth.group("nth") else 1
    if not count:
        return None
    if nth.group("unit") == "year" or nth.group("dec31"):
        return date(day.year + count, 12, 31)
    months = count * (3 if nth.group("unit") == "quarter" else 1)
    return month_end(add_months(day.replace(day=1), months))


def _offset(offset: re.Match[str], day: date) -> date | None:
    """A day some years, months or days after another (`_OFFSET`)."""
    count = _number(offset, "count")
    if not count:
        return None
    if offset.group("unit") == "day":
        return day + timedelta(days=count)
    return add_months(day, count * (12 if offset.group("unit") == "year" else 1))


# "the sixtieth (60th) day after the Effective Date": as many days after it
_NTH_DAY_AFTER = re.compile(r"(?:the\s+)?" + _NTH.format("nth") + r"day\s+" + _AFTER + r"\s+")


def _nth_day_after(nth: re.Match[str], day: date) -> date | None:
    """The Nth day after a day (`_NTH_DAY_AFTER`)."""
    count = _number(nth, "nth")
    return day + timedelta(days=count) if count else None


def _the_day_itself(_: re.Match[str], day: date) -> date | None:
    """The day itself: at whatever hour (`_AT_A_TIME`), or the day before it, which CUAD's
    labels read as the day (`_DAY_BEFORE`: two train contracts of two)."""
    return day


def _anniversary(anniversary: re.Match[str], day: date) -> date | None:
    """The Nth anniversary of a day (`_ANNIVERSARY_OF`)."""
    return add_months(day, 12 * ordinal_count(anniversary))


# "11:59 p.m. Central Time on ...", "midnight on", "the close of business on": the day itself
_AT_A_TIME = re.compile(
    # ("until 11:59 p.m., New York City time, on": the zone between commas)
    r"(?:\d{1,2}:\d{2}\s*(?:[ap]\.?\s?m\.?|hours\b)?(?:,?\s*\(?[a-z]+(?:\s+[a-z]+){0,2}\s+time\)?,?)?"
    r"|(?:12:00\s+)?midnight|(?:the\s+)?close\s+of\s+business)\s+(?:on\s+)?"
)
# "through the day prior to the second anniversary of the Effective Date"
_DAY_BEFORE = re.compile(
    r"(?:the\s+)?(?:day|date)\s+(?:immediately\s+)?(?:(?:prior|previous|advance)\s+to|before|preceding)\s+(?:the\s+)?(?=\w)"
)
# The expressions that move or round the day of the expression after them, in the order tried
_SHIFTS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str], date], date | None]], ...] = (
    (_ROUNDED, _rounded),
    (_FIRST_OF_NEXT, _first_of_next),
    (_NTH_AFTER, _nth_after),
    (_OFFSET, _offset),
    (_NTH_DAY_AFTER, _nth_day_after),
    (_ANNIVERSARY_OF, _anniversary),
    (_AT_A_TIME, _the_day_itself),
    (_DAY_BEFORE, _the_day_itself),
)


def day_of(words: str, context: _Context, depth: int = 0) -> date | None:
    """The day an expression at the start of `words` (lower case) names, or None: a
    combination of two, a shift of another (`_SHIFTS`), or a plain one (`_atom`)."""
    if depth > _MAX_DEPTH:
        return None
    combined = _COMBINED.match(words)
    if combined is not None:
        return _combined(words, combined, context, depth)
    for pattern, shift in _SHIFTS:
        prefix = pattern.match(words)
        if prefix is not None:
            if prefix.groupdict().get("fiscal") and not _CALENDAR_FISCAL.search(context.text.low):
                # A fiscal year no calendar year: its own definition may say when it ends
                # ("the twelve-month period commencing on November 1 ... and ending on October
                # 31 of the following calendar year"), read as a contract's own year.
                return _atom(words, context, depth)
            rest = words[prefix.end() :]
            if shift is _anniversary and _SUCH_DATE.match(rest):
                # "shall commence on the date hereof and shall expire on the fifth (5th)
                # anniversary of such date": the day the term started on, the contract's own
                # (or an event's, which CUAD's labels count from the contract's start too)
                day = context.start
            else:
                day = day_of(rest, context, depth + 1)
            return shift(prefix, day) if day is not None else None
    return _atom(words, context, depth)


_SUCH_DATE = re.compile(r"(?:such|that|said)\s+date\b")


# "the last Development Deadline set forth in the Development Schedule": the latest day a
# schedule lists, under its heading on a line of its own
# (or the end of the last period it lists: "the expiration of the last License Period set out in
# Schedule A", or of all of them: "the Contract Years set forth in Schedule A")
# A schedule, exhibit, annex or appendix by its number or letter: "Schedule A", "Exhibit 2"
_SCHEDULE = r"(?:schedule|exhibit|annex|appendix)\s+[a-z0-9]{1,3}\b"
_LAST_LISTED = re.compile(
    r"(?:(?:the\s+)?(?:last\s+day|end|expiration|expiry)\s+of\s+)?"
    r"(?:the\s+)?(?:(?:last|final|latest)\s+(?:[a-z-]+\s+){0,2}(?:deadline|date|period|year)s?"
    # (all of them: "shall consist of the Contract Years set forth in Schedule A")
    r"|(?:[a-z-]+\s+){0,2}(?:deadline|date|period|year)s)\s+"
    r"(?:set\s+(?:forth|out)|specified|stated|listed|shown|scheduled)\s+(?:in|on)\s+(?:the\s+)?"
    r"(?P<where>(?:[a-z-]+\s+)?schedule\b(?!\s+[a-z0-9]{1,3}\b)|"
    + _SCHEDULE
    +
    # ... or in a section of the body: "the last Development Deadline set forth in Section 3.1"
    r"|section\s+\d{1,2}\.\d{1,2}\b)"
)
# The last of several periods a schedule dates, each ending on its own day: a transition
# services agreement's "until the expiration or termination of the last Service Period to
# end", a transitional licence's "upon the expiration of the last Phase-Out Period to expire",
# where the period's definition (or the End Date's it ends on) sends the reader to "Schedule A"
_LAST_TO_END = re.compile(
    r"(?:(?:the\s+)?(?:expiration|expiry|end)(?:\s+or\s+termination)?\s+of\s+)?"
    r"(?:the\s+)?last\s+(?P<name>(?:[a-z-]+\s+){0,2}?(?:period|term|end\s+date))"
    r"(?:\s+to\s+(?:end|expire|terminate))?\b"
)
_SCHEDULE_NAMED = re.compile(r"\b" + _SCHEDULE)
_NEXT_HEADING = re.compile(r"\n[ \t]*(?:exhibit|schedule|annex|appendix)\b[^\n]{0,40}\n")
_LISTING_REACH = 3000


def _last_day_listed(where: str, context: _Context) -> date | None:
    """The latest date in the schedule headed by `where` (the last heading of that name), or in
    the numbered section it names ("Section 3.1", up to the next numbered section)."""
    if where.startswith("section"):
        number = re.escape(where.rsplit(maxsplit=1)[-1])
        opening = re.search(rf"(?:^|\n)[ \t]*{number}[ \t]", context.text.low)
        if opening is None:
            return None
        following = _NEXT_SECTION.search(context.text.low, opening.end())
        end = following.start() if following else opening.end() + _LISTING_REACH
        block = context.text.low[opening.end() : min(end, opening.end() + _LISTING_REACH)]
        days = [found.value for found in find_dates(block, english=True)]
        return max(days) if days else None
    words = name_pattern(where)
    # (a line of its own, or one that ends with the name: "DEVELOPMENT AREA AND DEVELOPMENT
    # SCHEDULE", an item's "2.   Development Schedule:")
    headings = list(
        re.finditer(rf"(?:^|\n)[^\n]{{0,40}}?\b{words}[ \t]*:?[ \t]*\n", context.text.low)
    )
    if not headings:
        return None
    begin = headings[-1].end()
    following = _NEXT_HEADING.search(context.text.low, begin, begin + _LISTING_REACH)
    block = context.text.low[begin : following.start() if following else begin + _LISTING_REACH]
    # (not the years an extension would add: "If Client exercises its extension right under
    # Section 3.2, Contract Year 6 shall run from July 1, 2011 through June 30, 2012")
    days = [
        found.value
        for found in find_dates(block, english=True)
        if not _AN_EXTENSIONS.search(_line_of(block, found.start))
    ]
    return max(days) if days else None


_AN_EXTENSIONS = re.compile(r"\b(?:exten[ds]|renew|option)")
_NEXT_SECTION = re.compile(r"\n[ \t]*\d{1,2}\.\d{1,2}[ \t]")


def _line_of(block: str, at: int) -> str:
    """The line of `block` that holds the position `at`."""
    start = block.rfind("\n", 0, at) + 1
    end = block.find("\n", at)
    return block[start : end if end != -1 else len(block)]


def _atom(words: str, context: _Context, depth: int) -> date | None:
    """The day the plainest expressions name: a date written, or one of `_ATOMS`."""
    dates = find_dates(words[:_DATE_REACH], english=True)
    if dates and dates[0].start <= _DATE_LEAD:
        return dates[0].value
    for pattern, read in _ATOMS:
        found = pattern.match(words)
        if found is not None:
            return read(found, context, depth)
    return None


def _year_end(found: re.Match[str], context: _Context, _: int) -> date | None:
    """December 31 of the year written, or of the start's (`_YEAR_END`)."""
    if found.group("year") is not None:
        return date(int(found.group("year")), 12, 31)
    return date(context.start.year, 12, 31) if context.start is not None else None


# "the last day of Fiscal Year 2012", "the end of the Company's 2012 fiscal year": the day the
# contract's definition of its fiscal year ends it ('"Fiscal Year" means ... which begins on July
# 1 ... and ends on June 30 of the following calendar year'), in the year that names it (a
# fiscal year is named by the year it ends in, unless the definition says it is named by the
# year it begins in)
_FISCAL_YEAR_END = re.compile(
    r"(?:the\s+)?(?:last\s+day|end)\s+of\s+(?:the\s+)?(?:[a-z]+['’]s?\s+)?"
    r"(?:fiscal\s+year\s+(?P<year>\d{4})|(?P<year2>\d{4})\s+fiscal\s+year"
    # ("through the last day of Fiscal 2017")
    r"|fiscal\s+(?P<year3>\d{4}))\b"
)
_FISCAL_YEAR_ENDS_ON = re.compile(
    r"fiscal\s+year\W{0,3}\s+(?:shall\s+)?means?\b[^.]{0,200}?\bend(?:s|ing)?\s+on\s+"
    r"(?P<month>january|february|march|april|may|june|july|august|september|october|november"
    r"|december)\s+(?P<day>\d{1,2})\b(?P<rest>[^.]{0,160})"
)
_NAMED_BY_ITS_START = re.compile(r"calendar\s+year\s+in\s+which\s+it\s+(?:begins|commences|starts)")


def _fiscal_year_end(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The last day of the fiscal year named (`_FISCAL_YEAR_END`), as its definition ends it."""
    defined = _FISCAL_YEAR_ENDS_ON.search(context.text.low)
    if defined is None:
        return None
    year = int(found.group("year") or found.group("year2") or found.group("year3"))
    follows = "following" in defined.group("rest")
    if follows and _NAMED_BY_ITS_START.search(context.text.low, defined.end()):
        year += 1
    return _defined_year_end(defined, year)


def _defined_year_end(defined: re.Match[str], year: int) -> date | None:
    """The day a fiscal year's definition (`_FISCAL_YEAR_ENDS_ON`) ends it on, in `year`."""
    try:
        return date(
            year, datetime.strptime(defined.group("month"), "%B").month, int(defined["day"])
        )
    except ValueError:
        return None


# "the last day of the Fiscal Year in which the third (3rd) anniversary of the Effective Date
# occurs", where the definition ends each fiscal year on a day ("ends on June 30 of the
# following calendar year")
_FISCAL_YEAR_IN_WHICH = re.compile(
    r"(?:the\s+)?(?:last\s+day|end)\s+of\s+the\s+(?:[a-z]+['’]s?\s+)?fiscal\s+year\s+in\s+which\s+"
)


def _fiscal_year_in_which(found: re.Match[str], context: _Context, depth: int) -> date | None:
    """The last day of the fiscal year a day falls in (`_FISCAL_YEAR_IN_WHICH`)."""
    defined = _FISCAL_YEAR_ENDS_ON.search(context.text.low)
    day = day_of(found.string[found.end() :], context, depth + 1) if defined else None
    if defined is None or day is None:
        return None
    end = _defined_year_end(defined, day.year)
    return end if end is None or end >= day else _defined_year_end(defined, day.year + 1)


# "the last day of the 2003 Racing Season", where '"Racing Season" means the period beginning
# on February 1 and ending on November 30 of a calendar year': that day of the year named
_SEASON_END = re.compile(
    r"(?:the\s+)?(?:last\s+day|end)\s+of\s+the\s+(?P<year>\d{4})\s+(?P<name>[a-z-]+\s+season)\b"
)
# (or "the period from March 1 through November 30 of each year")
_SEASON_MEANS = (
    r"[\"“]{name}[\"”]\s+(?:shall\s+)?means?\s+the\s+period\s+(?:(?:beginning|commencing|starting)"
    r"\s+on|from)\s+(?P<from_month>[a-z]+)\s+(?P<from_day>\d{{1,2}})\s+(?:and\s+(?:ending|expiring)\s+on"
    r"|through|to|until)\s+(?P<month>[a-z]+)\s+(?P<day>\d{{1,2}})(?!\s*,?\s*\d{{4}})"
)


def _season_end(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The last day of a season named by its year, as its definition ends it (`_SEASON_END`)."""
    defined = re.search(
        _SEASON_MEANS.format(name=name_pattern(found.group("name"))), context.text.low
    )
    if defined is None:
        return None
    try:
        start = datetime.strptime(defined.group("from_month"), "%B").month
        month = datetime.strptime(defined.group("month"), "%B").month
        # (a season that runs over the new year ends in the year after the one it is named by)
        year = int(found.group("year")) + (1 if month < start else 0)
        return date(year, month, int(defined.group("day")))
    except ValueError:
        return None


def _own_start(found: re.Match[str], context: _Context, depth: int) -> date | None:
    """The contract's start, unless it is a Commencement Date the contract defines as an
    event: then the day that definition gives, if any."""
    if "commencement" in found.group() and search(COMMENCEMENT_ON_EVENT, context.text.low):
        # (or the day the parties expect it: "The parties anticipate the Commencement Date
        # will be on or about May 1, 2015")
        return _anticipated("commencement date", context) or _day_by_name(
            "commencement date", context, depth
        )
    return context.start


# "the last day of the thirtieth (30th) Contract Year": the end of the Nth of the contract's own
# years, as its definition describes them (`contract_years`)
# ("the last day of the fifth (5th) full Fiscal Year following the Commencement Date": whole
# years only)
_NTH_YEAR_END = re.compile(
    # ("until the end of the last day of the third Feed Season")
    r"(?:the\s+end\s+of\s+)?(?:the\s+)?(?:last\s+day|end|close|expiration|expiry)\s+of\s+the\s+"
    + ORDINAL
    + r"(?P<full>full\s+)?"
    + YEAR_OR_SEASON
)


# "the last day of the sixtieth (60th) full calendar month of the Term": the Nth month counted
# from the contract's start (whole months only where "full": a first month the start cuts short
# is not one of them)
_NTH_MONTH_OF_TERM = re.compile(
    r"(?:the\s+)?(?:last\s+day|end|close)\s+of\s+the\s+"
    + _NTH.format("nth")
    + r"(?P<full>full\s+)?(?:calendar\s+)?month\s+of\s+the\s+(?:initial\s+)?term\b"
)


def _nth_month_of_term(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The last day of the Nth month of the term (`_NTH_MONTH_OF_TERM`)."""
    start, count = context.start, _number(found, "nth")
    if start is None or not count:
        return None
    first = start.replace(day=1)
    if found.group("full") and start.day != 1:
        first = add_months(first, 1)
    return month_end(add_months(first, count - 1))


def _nth_year(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The last day of the Nth contract year (`_NTH_YEAR_END`)."""
    return end_of_nth_year(
        context.text,
        found.group("name"),
        ordinal_count(found),
        context.start,
        context.named,
        full=bool(found.group("full")),
    )


def _listed(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The latest day a schedule lists (`_LAST_LISTED`)."""
    return _last_day_listed(found.group("where"), context)


def _last_to_end(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The latest day the schedule lists that the named periods' definition sends the reader
    to, directly or through the End Date they end on (`_LAST_TO_END`)."""
    for name in (found.group("name"), "end date"):
        # (not `definition_of`, whose "means" takes no comma after it: '"Service Period" means,
        # with respect to any Service, the period ...'; widening it there moves other readings)
        definition = re.search(
            rf"[\"“]{name_pattern(name)}[\"”]\s+(?:(?:shall|will)\s+)?means?\b", context.text.low
        )
        if definition is None:
            continue
        _, end = context.text.sentence_span(definition.end(), definition.end())
        where = _SCHEDULE_NAMED.search(context.text.low, definition.end(), end)
        if where is not None:
            return _last_day_listed(where.group(), context)
    return None


def _period(found: re.Match[str], context: _Context, depth: int) -> date | None:
    """The last day of a period the contract names (`_END_OF_NAMED_PERIOD`), or defines in
    brackets right after its name: "the end of the Exclusivity Period (i.e., a three (3) year
    period commencing on the Effective Date)"."""
    bracketed = _PERIOD_BRACKETED.match(found.string, found.end())
    if bracketed is not None:
        return _end_of_period(bracketed, context, depth)
    return _end_of_named_period(found.group("name"), context, depth)


# A contract that lasts as long as a company does: "shall remain in effect until the expiration
# of the operating period of Party A", where the recitals say "The operating period of Party A
# as set forth in its business licence is from September 26, 2004 to September 25, 2024" (the
# English of a Chinese contract; the period's end is the licence's)
_OPERATING_PERIOD_END = re.compile(
    r"(?:the\s+)?(?:expiration|expiry|end)\s+of\s+(?:the\s+)?(?:then[\s-]+current\s+)?"
    r"(?P<name>(?:operating|business)\s+(?:period|term))\s+of\s+(?P<who>[a-z][\w ]{0,40}?)"
    r"(?=\s*(?:[.;,(]|$)|\s+(?:or|and|unless|as|under|in)\b)"
)
_OPERATING_PERIOD_REACH = 120


def _operating_period(found: re.Match[str], context: _Context, depth: int) -> date | None:
    """The last day the text gives the operating period it names (`_OPERATING_PERIOD_END`):
    "... is from <day> to <day>", "... expires on <day>"."""
    words = " ".join(found.group("name").split())
    who = " ".join(found.group("who").split())
    low = context.text.low
    told = re.compile(
        rf"{name_pattern(words)}\s+of\s+{name_pattern(who)}\b[^.;]{{0,{_OPERATING_PERIOD_REACH}}}?"
        r"\b(?:to|until|through|(?:expires?|ends?|expiring|ending)\s+on)\s+(?:and\s+including\s+)?"
    )
    for said in told.finditer(low):
        if said.start() == found.start("name"):
            continue
        _, end = context.text.sentence_span(said.end(), said.end())
        day = day_of(low[said.end() : end], context, depth + 1)
        if day is not None:
            return day
    return None


def _named(found: re.Match[str], context: _Context, depth: int) -> date | None:
    """The day a name stands for: dated by the contract, or described by its definition."""
    return _day_by_name(" ".join(found.group("name").split()), context, depth)


def _event(found: re.Match[str], context: _Context, _: int) -> date | None:
    """The day of an event the contract names and dates, by the longest of the first words
    that it dates: "the First Commercial Sale", where '"First Commercial Sale" means the first
    sale ..., which the Parties acknowledge took place on March 22, 2010'."""
    words = found.group("name").split()
    for count in range(len(words), 0, -1):
        day = named_day(context.text, context.named, " ".join(words[:count]))
        if day is not None:
            return day
    return None


def day_by_name(
    text: PreparedText, start: date | None, named: dict[str, date], name: str
) -> date | None:
    """The day a name (in lower case) stands for, dated by the contract or described by its
    definition in the grammar's terms ('"Service Start Date" means the first day of the first
    full calendar month following the Effective Date')."""
    return _day_by_name(name, _Context(text, start, named), 0)


def _day_by_name(name: str, context: _Context, depth: int) -> date | None:
    """The day a name (in lower case) stands for: dated by the contract, described by its
    definition in the grammar's terms, or the day the parties expect it on."""
    return (
        named_day(context.text, context.named, name)
        or _defined_as(name, context, depth)
        or _anticipated(name, context)
    )


# An event's day the parties expect, as they write it after its definition: "The parties
# anticipate the Commencement Date to be November 16, 1998", "... will be on or about October
# 15, 1997", "The parties anticipate that the Service Commencement Date for all Facilities will
# be January 1, 2018" (CUAD's labels count a term from such a day)
_ANTICIPATED = (
    r"\banticipate[sd]?\s+(?:that\s+)?the\s+{name}\s+(?:for\s+[^.;,]{{1,40}}?\s+)?"
    r"(?:to|will|shall|would)\s+(?:be|occur)\s+(?:on\s+)?(?:or\s+about\s+)?"
)


def _anticipated(name: str, context: _Context) -> date | None:
    """The day the contract says the parties expect the named day on (`_ANTICIPATED`)."""
    expected = re.search(_ANTICIPATED.format(name=name_pattern(name)), context.text.low)
    if expected is None:
        return None
    return _date_written_at(context.text.low, expected.end())


def _date_written_at(low: str, position: int) -> date | None:
    """The date written right at `position` of the lower-case text, if one is."""
    dates = find_dates(low[position : position + _DATE_REACH], english=True)
    return dates[0].value if dates and dates[0].start == 0 else None


# The plain expressions after a date written, in the order tried: a year's end, the contract's
# start, the latest day a schedule lists, the end of the Nth contract year, the end of a period
# the contract defines (a chain of periods: '"Initial Term" means the period beginning on the
# Effective Date and ending on the last day of the Campaign Period'), a day the contract names
_ATOMS: tuple[
    tuple[re.Pattern[str], Callable[[re.Match[str], _Context, int], date | None]], ...
] = (
    (_YEAR_END, _year_end),
    (_FISCAL_YEAR_END, _fiscal_year_end),
    (_FISCAL_YEAR_IN_WHICH, _fiscal_year_in_which),
    (_SEASON_END, _season_end),
    (_OWN_START, _own_start),
    (_LAST_LISTED, _listed),
    (_LAST_TO_END, _last_to_end),
    (_NTH_YEAR_END, _nth_year),
    (_NTH_MONTH_OF_TERM, _nth_month_of_term),
    (_OPERATING_PERIOD_END, _operating_period),
    (_END_OF_NAMED_PERIOD, _period),
    (_NAMED_DAY, _named),
    (_EVENT, _event),
)


_PERIOD_OF = re.compile(r"\s*(?:the|a)\s+period\s+of\s+(?=" + _OFFSET.pattern + ")")


_PERIOD_TO = re.compile(
    r"\s*(?:the|a)\s+period\s+(?:from|(?:beginning|commencing|starting)\s+on)\s+[^.;]{4,80}?\s+"
    r"(?:to|until|through|(?:and\s+)?(?:ending|expiring)\s+on)\s+(?:and\s+including\s+)?"
)


def _end_of_named_period(name: str, context: _Context, depth: int) -> date | None:
    """The last day of a period the contract names: by its definition ('"Campaign Period"
    means the period of twenty-four (24) months commencing on the Effective Date'), or by a
    schedule's field of that name ("Display Term:        Twelve (12) months from the Start
    Date")."""
    words = name_pattern(name)
    definition = re.search(_PERIOD_MEANS.format(name=words), context.text.low)
    if definition is not None:
        return _end_of_period(definition, context, depth)
    meaning = definition_of(context.text, words)
    if meaning is not None:
        # '"Settlement Period" means the period of sixty (60) days following the last day of
        # the Tour Period'
        # ... or "the period from 3 May 1999 to 26 June 1999 inclusive"
        length = _PERIOD_OF.match(context.text.low, meaning.end()) or _PERIOD_TO.match(
            context.text.low, meaning.end()
        )
        if length is not None:
            _, end = context.text.sentence_span(length.end(), length.end())
            return day_of(context.text.low[length.end() : end], context, depth + 1)
    named_after = re.search(_NAMED_AFTER.format(name=words), context.text.low)
    if named_after is not None:
        return _end_before_its_name(named_after, context, depth)
    # ... or a sentence whose subject it is that ends it: "The IRU Term for each Segment shall
    # commence on the Acceptance Date for that Segment and shall end on December 31, 2020"
    ending = re.search(_NAMED_ENDS_ON.format(name=words), context.text.low)
    if ending is not None:
        _, end = context.text.sentence_span(ending.end(), ending.end())
        return day_of(context.text.low[ending.end() : end], context, depth + 1)
    return _end_by_field(words, context, depth)


def _end_by_field(words: str, context: _Context, depth: int) -> date | None:
    """The last day of a named period by a schedule's field of that name (`words`, its name as
    a pattern): a length from a day, or a range of two days."""
    field = field_value(context.text, words)
    if field is None:
        return None
    value = context.text.low[field : field + _FIELD_REACH]
    if _OFFSET.match(value):
        return day_of(value, context, depth + 1)
    # ... or a range of two days: "Program Period: June 1, 2019 through May 31, 2020."
    line = value.split("\n", 1)[0]
    days = find_dates(line, english=True)
    between = line[days[0].end : days[1].start] if len(days) == _RANGE_DAYS else ""
    return days[1].value if _RANGE_JOINER.fullmatch(between) else None


_RANGE_DAYS = 2
_RANGE_JOINER = re.compile(r"\s*(?:through|to|until|[-–—])\s+(?:and\s+including\s+)?")


# A period named in brackets after the sentence that sets it: "The evaluation period shall
# begin on the Effective Date and shall end on the sixtieth (60th) day after the Effective Date
# (the "Evaluation Period")"
_NAMED_AFTER = r"\(\s*(?:the\s+)?[\"“]{name}[\"”]\s*\)"
# The verb that ends a named period on a day, in the sentence whose subject it is
_WILL_END_ON = r"\b(?:shall|will)\s+(?:end|expire|terminate)\s+(?:on|upon)\s+"
_SUBJECT_ENDS_ON = re.compile(
    r"\s*(?:,[^.;]{0,80}?,\s*)?(?:shall|will)\s+(?:begin|commence|start)\b[^.;]{0,120}?"
    + _WILL_END_ON
)
# (its name in quotes where the sentence defines it: 'The "Transition Period" shall begin on the
# Closing Date and end on March 31, 2011')
_NAMED_ENDS_ON = (
    r"(?:^|[.;]\s|\n)[\s\d.]*the\s+[\"“]?{name}\b[\"”]?[^.;]{{0,160}}?(?:"
    + _WILL_END_ON
    + r"|\band\s+(?:end|expire|terminate)\s+on\s+)"
)
# ("The Campaign shall run from March 1, 2011 through August 31, 2011 (the "Flight")")
_ENDS_ON = re.compile(
    r"\b(?:(?:end|ends|ending|expire|expires|expiring)\s+(?:on\s+)?|through\s+(?:and\s+including\s+)?)"
)


def _end_before_its_name(named: re.Match[str], context: _Context, depth: int) -> date | None:
    """The day the sentence before a period's bracketed name ends it on (`_NAMED_AFTER`), or,
    where the name is the sentence's subject, the day its verb ends it on after the name."""
    begin, finish = context.text.sentence_span(named.start(), named.start())
    ends = list(_ENDS_ON.finditer(context.text.low, begin, named.start()))
    if ends:
        return day_of(context.text.low[ends[-1].end() : named.start()], context, depth + 1)
    verb = _SUBJECT_ENDS_ON.match(context.text.low, named.end(), finish)
    if verb is None:
        return None
    return day_of(context.text.low[verb.end() : finish], context, depth + 1)


def _defined_as(name: str, context: _Context, depth: int) -> date | None:
    """The day a name's definition describes in the grammar's terms: '"Service Commencement
    Date" means the first day of the month following the Acceptance Date'."""
    definition = definition_of(context.text, name_pattern(name))
    if definition is None:
        return None
    _, end = context.text.sentence_span(definition.end(), definition.end())
    return day_of(context.text.low[definition.end() : end], context, depth + 1)


def _combined(words: str, combined: re.Match[str], context: _Context, depth: int) -> date | None:
    """The later or earlier of two limbs. The later only where both are days: "the later of (a)
    June 30, 2015 and (b) the completion of the Services" has no day (three blind writers of
    three left such ends empty). The earlier is the earliest of the limbs that are days: an
    event no text dates may come later, and CUAD labels "the earlier of (i) the first
    anniversary ... and (ii) the date that all Shares ... have been sold" as the anniversary."""
    limbs = [day_of(words[combined.end() :], context, depth + 1)]
    at = combined.end()
    while len(limbs) < _MAX_LIMBS and (limb := _NEXT_LIMB.match(words, at)) is not None:
        limbs.append(day_of(words[limb.end() :], context, depth + 1))
        at = limb.end()
    days = [day for day in limbs if day is not None]
    if combined.group("which").startswith("late"):
        return max(days) if len(limbs) > 1 and len(days) == len(limbs) else None
    return min(days) if days else None


# The words that carry the contract's term to its end: "shall continue through", "until",
# "and end on", "expiring on" (one pattern per opening word, each found by its literal in the
# shared index: an alternation of them would be tried at every position)
_CARRIERS = tuple(
    indexed(re.compile(pattern))
    for pattern in (
        r"until\s+",
        # ("shall continue through and including the Extension Date")
        r"through\s+(?:and\s+including\s+)?",
        *(
            verb + r"\s+(?:automatically\s+)?(?:on|upon|at)\s+"
            for verb in (
                "ending",
                "expiring",
                "terminating",
                "end",
                "ends",
                "expire",
                "expires",
                "expired",
                "terminate",
                "terminates",
                "terminated",
                # ("This Agreement shall lapse upon the earlier of ...")
                "lapse",
                "lapses",
            )
        ),
    )
)
# ... or to the end of a period the contract names, whose name follows them: "shall remain in
# effect for the Restricted Period", "for a primary term co-extensive with the MVC Period", "The
# term of this Agreement shall be the Study Period", "shall consist of the Contract Years set
# forth in Schedule A"
_A_PERIODS_NAME = r"(?=the\s+(?:[a-z][a-z-]{1,20}\s+){1,2}(?:periods?|term|years)\b)"
_PERIOD_CARRIERS = tuple(
    indexed(re.compile(pattern + _A_PERIODS_NAME))
    for pattern in (
        *(
            verb + r"\w*(?:\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?)?\s+"
            r"(?:for|during)\s+(?:an?\s+(?:primary|initial)\s+term\s+co-?extensive\s+with\s+)?"
            for verb in ("continu", "remain")
        ),
        r"co-extensive\s+with\s+",
        r"coextensive\s+with\s+",
        r"coterminous\s+with\s+",
        r"shall\s+be\s+",
        # "The term of this Agreement ... shall consist of the Contract Years set forth in
        # Schedule A"
        r"consist\w*\s+of\s+",
    )
)
_MAX_CARRIERS = 12
_REACH = 400


def end_by_grammar(text: PreparedText, start: date | None, named: dict[str, date]) -> date | None:
    """The day the contract's term ends on, read from the words after those that carry it
    there in a sentence that sets the term ("The initial term ... shall commence on the
    Effective Date and end on December 31 of the third full calendar year following the
    Effective Date")."""
    context = _Context(text, start, named)
    found: list[tuple[re.Match[str], bool]] = []
    for patterns, of_a_period in ((_CARRIERS, False), (_PERIOD_CARRIERS, True)):
        for pattern in patterns:
            for count, match in enumerate(finditer(pattern, text.low)):
                if count >= _MAX_CARRIERS:
                    break
                found.append((match, of_a_period))
    for carrier, of_a_period in sorted(found, key=lambda pair: pair[0].start()):
        begin, end = text.sentence_span(carrier.start(), carrier.end())
        # (with the hour it ends at: "shall end at midnight on")
        hour = _AT_A_TIME.match(text.low, carrier.end())
        said = text.low[begin : hour.end() if hour else carrier.end()]
        # (or a period the sentence names the Term after its end: "The Services shall be provided
        # during the period beginning on the First Delivery Date ... and ending on April 30, 2014,
        # being the end of the fifth Contract Year (the "Term")")
        named_term = _TERM_NAMED_AFTER.search(text.low, carrier.end(), end)
        if not (sets_the_term(said) or named_term) or of_a_part_of_the_term(
            text.low, begin, carrier.start()
        ):
            continue
        # (the recitals tell the story so far: a restatement's "WHEREAS, the term of the
        # Original Agreement was scheduled to expire on February 28, 2011", the end it replaces)
        if _REPLACED_AGREEMENT.search(said) and in_recital(text, carrier.start(), carrier.end()):
            continue
        if ":" in text.low[max(begin, end - 2) : end + 2] or _COMBINED.match(
            text.low, carrier.end()
        ):
            # a list follows: "until the earlier of: (a) ...", "until the earliest of (a) ...;
            # (b) ...; and (c) ...", its limbs cut at their semicolons
            end = carrier.end() + _REACH
        words = text.low[carrier.end() : min(end, carrier.end() + _REACH)]
        day = (None if of_a_period else _restated_day(words)) or day_of(
            "the end of " + words if of_a_period else words, context
        )
        if _after_the_start(day, start):
            return day
    day = _end_of_the_terms_periods(context)
    return day if _after_the_start(day, start) else None


# The end of a season or a year the sentence dates itself: "shall expire at the close of the
# third Operating Season on October 31, 2013", "until the end of the tenth (10th) Contract Year,
# being December 31, 2026" (the day written, whatever the grammar would count)
_RESTATED = re.compile(
    r"(?:the\s+)?(?:end|close|expiration|expiry|last\s+day)\s+of\s+(?:the\s+)?[^.;,]{1,60}?"
    r"(?:,\s+being|\s+on|,\s+i\.e\.,?|,\s+namely)\s+(?:on\s+)?"
)


def _restated_day(words: str) -> date | None:
    """The day written right after an end the words name (`_RESTATED`), if they write one."""
    restated = _RESTATED.match(words)
    if restated is None:
        return None
    return _date_written_at(words, restated.end())


# The contract's Term named in brackets after the words that end it ('... (the "Term")')
_TERM_NAMED_AFTER = re.compile(r"\(\s*(?:the\s+)?[\"“](?:initial\s+)?term[\"”]\s*\)")


# The agreement a restatement or an amendment replaces, as its recitals name it
_REPLACED_AGREEMENT = re.compile(
    r"\b(?:original|existing|prior|previous)\s+(?:[\w-]+\s+)?(?:agreement|lease|contract)\b"
)


def _after_the_start(day: date | None, start: date | None) -> bool:
    """Whether a day read is an end: one after the start, or any where the start is unknown."""
    return day is not None and (start is None or day > start)


# The term defined as periods defined elsewhere, run one after another: '"Term" means the
# Development Period together with the Commercialization Period'
# (found by "term" and its closing quote in the shared index, its opening quote checked before)
_TERM_AS_PERIODS = indexed(
    re.compile(
        r"term[\"”](?:\s*:|\s+(?:(?:shall|will)\s+)?means?)\s"
        + r"\s*(?:the\s+(?:[a-z-]+\s+){1,2}period,?\s+"
        r"(?:together\s+with|and|plus|followed\s+by)\s+)+"
        r"(?:the\s+|any\s+)?(?P<name>(?:[a-z-]+\s+){1,2}period)\b"
    )
)
_TERMS_OPENING = re.compile(r"[\"“](?:initial\s+)?$")


def _end_of_the_terms_periods(context: _Context) -> date | None:
    """The end of the last of the periods the term is defined as (`_TERM_AS_PERIODS`)."""
    low = context.text.low
    defined = next(
        (
            found
            for found in finditer(_TERM_AS_PERIODS, low)
            if _TERMS_OPENING.search(low, max(0, found.start() - 10), found.start())
        ),
        None,
    )
    if defined is None:
        return None
    return day_of("the end of the " + " ".join(defined.group("name").split()), context)
