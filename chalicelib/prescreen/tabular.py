"""Facts of an accounting spreadsheet rendered as Markdown tables: who reports, for when."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.models import Party
from chalicelib.prescreen.dates import find_period, parse_date
from chalicelib.prescreen.inn import is_valid_inn

if TYPE_CHECKING:
    from datetime import date

    from chalicelib.prescreen.text import PreparedText

_MAX_ROWS = 20_000
_TITLE_LINES = 80
_TITLE_REACH = 20_000
# Bank of Russia XBRL tables name themselves "[Отчет о ...]_open".
_XBRL_MARKS = re.compile(r"[\[\]]|_open\b")

_NAME_KEY = re.compile(
    r"(?:полное|сокращенное|сокращённое)\s+наименование|наименование\s+(?:организации|"
    r"юридического\s+лица|предприятия|отчитывающейся)|^организация$|entity\s+name|company\s+name"
)
_INN_KEY = re.compile(r"^\W*инн\b")
_OGRN_KEY = re.compile(
    r"\bогрн\b|основной\s+государственный\s+регистрационный\s+номер|^identifier$"
)
_SIGNED_KEY = re.compile(r"дата\s+подписания|date\s+signed")
_OGRN = re.compile(r"^\d{13}$|^\d{15}$")
_STATEMENT = re.compile(
    r"бухгалтерск|баланс|отч[её]т|ведомост|balance\s+sheet|statement|income|cash\s+flow",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class StatementFacts:
    """Who reports in a statement and for which period."""

    title: str | None
    parties: tuple[Party, ...]
    starts_on: date | None
    ends_on: date | None
    signed_on: date | None


def read_statement(text: PreparedText) -> StatementFacts:
    """Name, ИНН or ОГРН of the reporting organisation, the period and the signing date."""
    name = inn = ogrn = None
    signed = None
    for count, line in enumerate(text.norm.split("\n")):
        if count >= _MAX_ROWS:
            break
        pair = _key_value(line)
        if pair is None:
            continue
        key, value = pair
        if name is None and _NAME_KEY.search(key) and value:
            name = value
        elif inn is None and _INN_KEY.search(key) and is_valid_inn(value):
            inn = value
        elif ogrn is None and _OGRN_KEY.search(key) and _OGRN.match(value):
            ogrn = value
        elif signed is None and _SIGNED_KEY.search(key):
            signed = parse_date(value)
    parties: tuple[Party, ...] = ()
    if name or inn or ogrn:
        parties = (Party(name=name or (f"ИНН {inn}" if inn else f"ОГРН {ogrn}"), inn=inn),)
    starts, ends = find_period(text)
    return StatementFacts(_statement_title(text), parties, starts, ends, signed)


def _key_value(line: str) -> tuple[str, str] | None:
    """('полное наименование организации', 'ООО «ДонТК»') from '| key | value |' or 'key: value'."""
    if "|" in line:
        cells = [cell.strip(" *") for cell in line.split("|")]
        cells = [cell for cell in cells if cell]
    else:
        cells = [cell.strip(" *") for cell in line.split(":", 1)]
    if len(cells) < 2 or not cells[0] or not cells[1] or len(cells[0]) > 200:
        return None
    return cells[0].lower(), cells[1]


def _statement_title(text: PreparedText) -> str | None:
    """A heading naming the statement, else the first table cell that names one."""
    lines = [line.strip() for line in text.raw[:_TITLE_REACH].split("\n") if line.strip()]
    headings = [line.lstrip("#").strip() for line in lines if line.startswith("#")]
    cells = [
        cell.strip()
        for line in lines[:_TITLE_LINES]
        if not line.startswith("#")
        for cell in line.split("|")
    ]
    for candidate in headings + cells:
        if _STATEMENT.search(candidate) and len(candidate) <= 200 and "://" not in candidate:
            return " ".join(_XBRL_MARKS.sub(" ", candidate).split())
    return None
