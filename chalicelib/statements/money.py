"""Amounts and periods as accounting statements print them, in Russian.

Amounts come back as strings matching `^-?\\d+(\\.\\d{1,2})?$` (the result file's money):
a cell's float never reaches the result as a float, it goes through `Decimal` first.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.statements.grid import CellValue

_CENT = Decimal("0.01")
# Spaces 1C and Excel put between thousands: plain, no-break, narrow no-break, thin.
_GROUP_SPACES = re.compile(r"[\s\u00a0\u202f\u2009\u2007']+")
# Minus signs as typed or as a typesetter prints them: hyphen, minus, en and em dash.
_MINUS = "-\u2212\u2013\u2014"
# What a cell prints for "no amount": a dash of any length, or nothing.
_EMPTY = re.compile(rf"[{_MINUS}\s]*")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# Currency or units after the number: "1 234 руб.", "1 234 ₽", "1 234 р."
_CURRENCY_SUFFIX = re.compile(r"(?:руб(?:лей|\.)?|р\.|₽)$", re.IGNORECASE)


def _format(amount: Decimal) -> str | None:
    """The amount rounded to kopecks, without trailing zeros: Decimal("1234.50") → "1234.5"."""
    if not amount.is_finite():
        return None
    rounded = amount.quantize(_CENT, rounding=ROUND_HALF_UP)
    if rounded == 0:
        return "0"
    text = f"{rounded:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def money_value(value: object) -> Decimal | None:
    """A result file's money (a string like "-1234.5") as a Decimal; None when absent."""
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def _digits_to_decimal(digits: str) -> Decimal | None:
    """ "1234,56", "1.234.567", "1,234.56" → Decimal; the last lone separator is the decimal one."""
    commas, dots = digits.count(","), digits.count(".")
    if commas and dots:
        decimal_mark = "," if digits.rfind(",") > digits.rfind(".") else "."
        group_mark = "." if decimal_mark == "," else ","
        if digits.count(decimal_mark) > 1:
            return None
        digits = digits.replace(group_mark, "").replace(decimal_mark, ".")
    elif commas > 1 or dots > 1:
        # "1.234.567" or "1,234,567": separators only group thousands.
        digits = digits.replace(",", "").replace(".", "")
    else:
        # Russian statements write the decimal comma: "1234,5" and "1234.5" are the same.
        digits = digits.replace(",", ".")
    try:
        return Decimal(digits)
    except InvalidOperation:  # pragma: no cover - the pattern admits only digits and marks
        return None


def _text_to_decimal(text: str) -> Decimal | None:
    text = _GROUP_SPACES.sub("", text)
    text = _CURRENCY_SUFFIX.sub("", text)
    negative = False
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1]
    if text[:1] == "+":
        text = text[1:]
    elif text[:1] and text[0] in _MINUS:
        negative, text = not negative, text[1:]
    if not _NUMBER.fullmatch(text):
        return None
    amount = _digits_to_decimal(text)
    if amount is None:
        return None
    return -amount if negative else amount


def parse_money(value: CellValue) -> str | None:
    """A cell's amount as a money string: "(1 234,5)" → "-1234.5", 1234.0 → "1234", "—" → None."""
    if value is None or isinstance(value, bool | dt.date):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        # repr() is the shortest text that reads back as the same float: 0.1 + 0.2 → 0.3.
        return _format(Decimal(repr(value)))
    text = value.strip()
    if _EMPTY.fullmatch(text):
        return None
    amount = _text_to_decimal(text)
    return None if amount is None else _format(amount)


# --- periods -------------------------------------------------------------------------

_MONTH_STEMS = (
    "январ",
    "феврал",
    "март",
    "апрел",
    "ма[йя]",
    "июн",
    "июл",
    "август",
    "сентябр",
    "октябр",
    "ноябр",
    "декабр",
)
_MONTH = "(?:" + "|".join(s + (r"\b" if s == "ма[йя]" else r"\w*") for s in _MONTH_STEMS) + ")"
_YEAR = r"(?:19|20)\d{2}"
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
# One period piece each; alternatives are tried in this order at each position, so a
# month with its year is one piece and never a month and then a bare year.
_PERIOD_PIECE = re.compile(
    rf"""
    (?P<d>\d{{1,2}})\.(?P<m>\d{{1,2}})\.(?P<y>\d{{4}}|\d{{2}})(?!\d)
  | (?P<iy>{_YEAR})-(?P<im>\d{{2}})-(?P<id>\d{{2}})
  | (?P<wd>\d{{1,2}})\s+(?P<wm>{_MONTH})\s+(?P<wy>{_YEAR})
  | \b(?P<q>IV|I{{1,3}}|[1-4])\s*-?\s*(?:й\s+)?кв(?:артал\w*|\.)?\s*(?P<qy>{_YEAR})?
  | \b(?P<h>I{{1,2}}|[12])\s*-?\s*(?:е\s+)?полугоди\w*\s*(?P<hy>{_YEAR})?
  | \b(?P<n>\d{{1,2}})\s+месяц\w*\s*(?P<ny>{_YEAR})?
  | \b(?P<mm>{_MONTH})\s*(?P<my>{_YEAR})?
  | \b(?P<year>{_YEAR})(?!\d)
    """,
    re.IGNORECASE | re.VERBOSE,
)


def _month_number(name: str) -> int:
    low = name.lower()
    return next(i for i, stem in enumerate(_MONTH_STEMS, 1) if re.match(stem, low))


def _month_end(year: int, month: int) -> dt.date:
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def _ordinal(text: str) -> int:
    return _ROMAN.get(text.upper()) or int(text)


class _Piece:
    """One period named in the text: its months (first and last) and, once known, its year."""

    def __init__(self, first_month: int, last_month: int, year: int | None) -> None:
        self.first_month, self.last_month, self.year = first_month, last_month, year
        self.exact: tuple[dt.date, dt.date] | None = None

    @classmethod
    def of_date(cls, day: dt.date) -> _Piece:
        piece = cls(day.month, day.month, day.year)
        piece.exact = (day, day)
        return piece

    def start(self) -> dt.date:
        assert self.year is not None
        return self.exact[0] if self.exact else dt.date(self.year, self.first_month, 1)

    def end(self) -> dt.date:
        assert self.year is not None
        return self.exact[1] if self.exact else _month_end(self.year, self.last_month)


def _exact_piece(g: dict[str, str | None]) -> _Piece | None:
    """A date the text names ("31.03.2025", "2025-03-31", "31 марта 2025 г.")."""
    if g["d"] and g["m"] and g["y"]:
        year = int(g["y"]) + (2000 if len(g["y"]) == 2 else 0)
        return _Piece.of_date(dt.date(year, int(g["m"]), int(g["d"])))
    if g["iy"] and g["im"] and g["id"]:
        return _Piece.of_date(dt.date(int(g["iy"]), int(g["im"]), int(g["id"])))
    if g["wd"] and g["wm"] and g["wy"]:
        return _Piece.of_date(dt.date(int(g["wy"]), _month_number(g["wm"]), int(g["wd"])))
    return None


def _span_piece(g: dict[str, str | None]) -> _Piece | None:
    """Months the text names: a quarter, a half-year, "9 месяцев", a month, a year."""
    if g["q"]:
        quarter = _ordinal(g["q"])
        return _Piece(quarter * 3 - 2, quarter * 3, _year(g["qy"]))
    if g["h"]:
        half = _ordinal(g["h"])
        return _Piece(half * 6 - 5, half * 6, _year(g["hy"]))
    if g["n"]:
        months = int(g["n"])
        return _Piece(1, months, _year(g["ny"])) if 1 <= months <= 12 else None
    if g["mm"]:
        month = _month_number(g["mm"])
        return _Piece(month, month, _year(g["my"]))
    return _Piece(1, 12, _year(g["year"]))


def _piece(match: re.Match[str]) -> _Piece | None:
    """The period one match names, or None for an impossible date ("31.02.2025")."""
    groups = match.groupdict()
    try:
        return _exact_piece(groups) or _span_piece(groups)
    except ValueError:
        return None


def _year(text: str | None) -> int | None:
    return int(text) if text else None


def parse_period(text: str | None) -> tuple[dt.date | None, dt.date | None]:
    """The first and last day a Russian period text names: "1 квартал 2025 г." → Jan 1, Mar 31.

    A range ("Октябрь 2024 г. – Сентябрь 2025 г.", "за январь - декабрь 2024 г.") runs from
    the start of its first piece to the end of its last; a piece without a year takes the
    year of the piece after it (or, failing that, before it). (None, None) when nothing fits.
    """
    if not text:
        return None, None
    pieces = [p for p in map(_piece, _PERIOD_PIECE.finditer(text)) if p is not None]
    if not pieces:
        return None, None
    first, last = pieces[0], pieces[-1]
    if first.year is None and last.year is not None:
        # "за октябрь - сентябрь 2025": the first month wraps into the year before.
        wraps = first is not last and first.first_month > last.last_month
        first.year = last.year - 1 if wraps else last.year
    if last.year is None:
        last.year = first.year
    if first.year is None:
        return None, None
    start, end = first.start(), last.end()
    return (start, end) if start <= end else (None, None)
