"""Words many checks share: the names contracts give their parties, and how they state numbers."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

# Stems of the role names Russian contracts give their sides; the match group
# is the stem, so "Исполнителю" and "Исполнитель" are one role.
ROLE_RU = (
    r"(?P<role>заказчик|исполнител|подрядчик|субподрядчик|поставщик|покупател|продав|лицензиат"
    r"|лицензиар|сублицензиат|пользовател|правообладател|арендатор|арендодател|агент|принципал"
    r"|клиент|заемщик|займодав|заимодав|экспедитор|перевозчик|оператор|компани|комитент"
    r"|комиссионер|доверител|поверенн|наймодател|нанимател)"
)

# "Each of the parties": a right or a duty that both sides have.
MUTUAL = re.compile(
    r"\b(?:кажд\w{0,3}\s{1,3}из\s{1,3}сторон|люб\w{0,3}\s{1,3}из\s{1,3}сторон"
    r"|стороны\s{1,3}(?:вправе|имеют\s{1,3}право|могут|несут)|сторона\s{1,3}(?:вправе|освобожда)"
    r"|виновн\w{0,3}\s{1,3}сторон|нарушивш\w{0,3}\s{1,3}сторон|обе\s{1,3}стороны"
    r"|either\s{1,3}party|each\s{1,3}party|any\s{1,3}party|either\s{1,3}of\b|both\s{1,3}parties"
    r"|the\s{1,3}breaching\s{1,3}party|the\s{1,3}defaulting\s{1,3}party)",
    re.IGNORECASE,
)

_PERCENT = re.compile(
    r"(?<![\d.,])(?P<value>\d{1,3}(?:[.,]\d{1,4})?)\s{0,2}"
    r"(?:%|процент\w{0,3}|percent|per\s{1,3}cent)",
    re.IGNORECASE,
)
# A percentage right after these words is a cap, not a rate ("но не более 5%").
_CAP_BEFORE = re.compile(
    r"\b(?:не\s{1,3}более|не\s{1,3}свыше|не\s{1,3}может\s{1,3}превышать|не\s{1,3}превыша\w{1,4}"
    r"|максимум|до|not\s{1,3}(?:to\s{1,3})?exceed\w{0,2}|up\s{1,3}to|maximum\s{1,3}of"
    r"|more\s{1,3}than)[\s\w]{0,24}$",
    re.IGNORECASE,
)
_PERIOD = re.compile(
    r"(?<![\d.,])(?P<count>\d{1,3})\)?\s{0,2}(?:\([^)]{1,40}\)\s{0,2})?"
    r"(?:рабоч\w{1,4}\s{1,3}|календарн\w{1,4}\s{1,3}|банковск\w{1,4}\s{1,3}|business\s{1,3}"
    r"|calendar\s{1,3}|working\s{1,3})?(?:(?P<days>дн\w{1,3}|день|сут\w{1,3}|days?)"
    r"|(?P<months>месяц\w{0,3}|months?))\b",
    re.IGNORECASE,
)
_DAYS_PER_MONTH = 30
_AMOUNT_RUB = re.compile(
    r"(?<![\d.,])(?P<amount>\d{1,3}(?:[ \u00a0\u202f]?\d{3}){0,4}(?:[.,]\d{2})?)\s{0,2}"
    r"(?:\([^)]{1,80}\)\s{0,2})?(?:руб|₽)",
    re.IGNORECASE,
)


def to_decimal(number: str) -> Decimal | None:
    """A number as contracts write it ("0,1", "16 000 000") as a Decimal, or None."""
    cleaned = re.sub(r"[ \u00a0\u202f]", "", number).replace(",", ".")
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def first_rate(text: str) -> Decimal | None:
    """The first percentage in a sentence that is not a cap ("не более 5%")."""
    for match in _PERCENT.finditer(text):
        if _CAP_BEFORE.search(text, max(0, match.start() - 40), match.start()):
            continue
        return to_decimal(match.group("value"))
    return None


def last_period_days(text: str) -> int | None:
    """The last period in a text ("30 дней", "six (6) months"), in days, or None."""
    found = [
        int(m.group("count")) * (_DAYS_PER_MONTH if m.group("months") else 1)
        for m in _PERIOD.finditer(text)
    ]
    return found[-1] if found else None


def largest_rub_amount(text: str) -> Decimal | None:
    """The largest rouble amount written in a text, or None."""
    amounts = [to_decimal(m.group("amount")) for m in _AMOUNT_RUB.finditer(text)]
    values = [a for a in amounts if a is not None]
    return max(values) if values else None


def format_number(value: Decimal, language: str) -> str:
    """A Decimal without trailing zeros, with a decimal comma in Russian."""
    text = format(value.normalize(), "f")
    return text.replace(".", ",") if language == "ru" else text
