"""How a prescreen value is compared with a hand label: the matching rules of the eval.

Every rule here is written down in the README too ("How prescreen is measured"):

- dates are compared as ISO dates; a label with a blank part (CUAD's ``[]/[]/2018``) or
  ``perpetual`` means the contract gives no date, so the right answer is none; a label of
  several values (``09/01/2006; 8/31/2007``: a contract with two effective dates) accepts
  any of them;
- amounts are compared as ``Decimal`` (``70161.00`` equals ``70161``);
- parties match by token overlap after case folding, dropping quotes, punctuation
  and legal forms (ООО, АО, ИП, LLC, Inc., Ltd. …) and cutting each word to its
  first five letters, so "John Hopkins" meets "Johns Hopkins" and Russian case
  endings do not matter; the Dice coefficient of the two token sets must reach 0.5;
- governing law is a normalised jurisdiction: an ISO 3166 country code, with the
  US state or Canadian province (``US-NY``, ``CA-BC``, ``GB`` for England);
- contract type is one of the label set; a label may list alternatives (``a/b``);
  ``other`` and no type are the same answer;
- a labelled ИНН that fails its control digits is no ИНН (the form's sample value),
  so the right answer there is none.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation

from chalicelib.prescreen.governing_law import jurisdiction_code

_US_DATE = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\s*$")
_ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")
_RU_DATE = re.compile(r"^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$")

# Legal forms, dropped before two names are compared; written folded, without dots.
_LEGAL_FORMS = frozenset(
    {
        # Russian
        "ооо", "оао", "зао", "пао", "ао", "ип", "нко", "ано", "фгуп", "гуп", "муп",
        "гбуз", "гбу", "гку", "гау", "фгбу", "фгбоу", "мбу", "мку", "нп", "тсж", "снт",
        "общество", "ограниченной", "ответственностью", "акционерное", "публичное",
        "закрытое", "открытое", "индивидуальный", "предприниматель", "государственное",
        "бюджетное", "казенное", "казённое", "автономное", "учреждение", "унитарное",
        "предприятие", "муниципальное", "федеральное", "некоммерческая", "организация",
        "здравоохранения",
        # English and international
        "llc", "l", "c", "inc", "incorporated", "corp", "corporation", "co", "company", "ltd",
        "limited", "plc", "lp", "llp", "lllp", "gmbh", "ag", "sa", "s", "a", "nv", "bv", "b",
        "v", "ab", "as", "oy", "kk", "pte", "pty", "the", "and", "of",
    }
)  # fmt: skip
_WORD = re.compile(r"[^\W_]+")
_STEM = 5
_PARTY_MATCH = 0.5
_TITLE_MATCH = 0.8

# What the labels write where a contract leaves a party's name out.
# A blank, a redaction ("[*]", "[]") or an empty form field ("________"): no name.
_UNNAMED = re.compile(
    r"^(?:blank|unnamed\b.*|physical person|\[\s*\**\s*\]|\*|-|_+|)$", re.IGNORECASE
)


def label_date(value: str) -> date | None:
    """An ISO, US (``4/1/11``) or Russian (``01.04.2011``) label as a date; blanks mean none.

    A slashed date whose first number cannot be a month is read day first."""
    for pattern, order in ((_ISO_DATE, (0, 1, 2)), (_US_DATE, (2, 0, 1)), (_RU_DATE, (2, 1, 0))):
        found = pattern.match(value)
        if found is None:
            continue
        year, month, day = (int(found.group(i + 1)) for i in order)
        if year < 100:
            year += 2000 if year < 50 else 1900
        if pattern is _US_DATE and month > 12 >= day:
            month, day = day, month  # "31/01/2025": written day first, and only so can it be
        try:
            return date(year, month, day)
        except ValueError:
            return None
    return None


def label_dates(value: str) -> frozenset[date | None]:
    """Every answer a date label accepts: each of its ";"-separated values (`label_date`)."""
    return frozenset(label_date(part) for part in value.split(";"))


def label_amount(value: str) -> Decimal | None:
    """A labelled amount as a Decimal; blank (or not a number) means no amount."""
    cleaned = value.replace("\u00a0", "").replace(" ", "").replace(",", ".")
    if not cleaned:
        return None
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def is_unnamed(value: str) -> bool:
    """Whether a label says the contract does not name this party."""
    return bool(_UNNAMED.match(value.strip()))


def name_tokens(name: str) -> frozenset[str]:
    """The words of a name that tell it apart: folded, no legal forms, cut to a stem."""
    words = _WORD.findall(name.casefold().replace("ё", "е"))
    return frozenset(word[:_STEM] for word in words if word not in _LEGAL_FORMS)


def dice(left: frozenset[str], right: frozenset[str]) -> float:
    """The Dice coefficient of two token sets, 0..1."""
    if not left or not right:
        return 0.0
    return 2 * len(left & right) / (len(left) + len(right))


def names_match(expected: str, found: str) -> bool:
    """Whether two spellings name the same party (see the module's rules)."""
    return dice(name_tokens(expected), name_tokens(found)) >= _PARTY_MATCH


def titles_match(expected: str, found: str | None) -> bool:
    """Whether a found title is the labelled one: word overlap after folding."""
    if not found:
        return not expected.strip()
    left = frozenset(_WORD.findall(expected.casefold()))
    right = frozenset(_WORD.findall(found.casefold()))
    return dice(left, right) >= _TITLE_MATCH


def role_matches(expected: str, found: str | None) -> bool:
    """Whether a found role is one of the words the label gives for it."""
    if not found:
        return False
    wanted = {word[:_STEM] for word in _WORD.findall(expected.casefold())}
    words = [word[:_STEM] for word in _WORD.findall(found.casefold())]
    return bool(words) and all(word in wanted for word in words)


def label_jurisdiction(value: str) -> str | None:
    """A labelled governing law ('RU', 'New York', 'England') as a jurisdiction code."""
    value = value.strip()
    if not value:
        return None
    if re.fullmatch(r"[A-Z]{2}(?:-[A-Z]{2})?", value):
        return value
    return jurisdiction_code(value) or value


def contract_type_matches(expected: str, found: str | None) -> bool:
    """Whether a found type is one of the label's alternatives ('a/b'); 'other' = none."""
    wanted = {kind.strip() for kind in expected.split("/") if kind.strip()}
    if not wanted or wanted == {"other"}:
        return found in (None, "other")
    return found in wanted


# "переговоры, затем Арбитражный суд Республики Башкортостан" → arbitrazh.
_FORUM_KINDS = (("третейск", "arbitration"), ("арбитражн", "arbitrazh"), ("суд", "court"))


def label_forum(value: str) -> str | None:
    """The kind of forum a Russian label describes: arbitrazh, arbitration or court."""
    folded = value.casefold()
    return next((kind for word, kind in _FORUM_KINDS if word in folded), None)
