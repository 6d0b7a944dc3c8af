"""Sides of a Russian contract: the preamble's «именуемое в дальнейшем» and the requisites."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.models import Party
from chalicelib.prescreen.inn import find_inns

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_PREAMBLE_REACH = 8000
_MAX_PARTIES = 6
_INN_REACH = 900

# Organisational forms that open a party's name in a preamble or requisites block.
_ORG_FORM = re.compile(
    r"общество\s+с\s+ограниченной\s+ответственностью"
    r"|(?:(?:публичное|непубличное|закрытое|открытое)\s+)?акционерное\s+общество"
    r"|индивидуальный\s+предприниматель\b|\bпредприниматель\b"
    r"|(?:федеральное|государственное|муниципальное|областное|краевое|автономное)\s+"
    r"(?:[а-яё]+\s+){0,4}?(?:учреждение|предприятие|унитарное)"
    r"|автономная\s+некоммерческая\s+организация|федеральная\s+служба"
    r"|\b(?:ооо|пао|зао|оао|ао|нао|ип|гбуз|гбу|гку|фгбу|фгбоу|мбу|муп|гуп|фгуп|ано|нко)\b"
)
# «именуемое в дальнейшем «Поставщик»», «далее именуемое "Поставщик"», «(далее – Заказчик)».
_ROLE_ANCHOR = re.compile(
    r"именуем\w*(?:\s*\(\s*-?\s*[а-я]{1,3}\s*\))?\s+(?:в\s+дальнейшем|далее)?\s*(?:по\s+тексту\s*)?"
    r"[-–—:]?\s*[«\"“'„]?\s*(?P<role>[а-яё]+(?:\s+\d)?)"
    r"|\(\s*далее(?:\s+по\s+тексту)?\s*[-–—:]?\s*[«\"“'„]?\s*(?P<role2>[а-яё]+(?:\s+\d)?)"
)
_SIDE_ANCHOR = re.compile(r"с\s+одной\s+стороны|с\s+другой\s+стороны")
_NAME_END = re.compile(
    r"\s*,\s*(?:в\s+лице|именуем|действующ|далее|с\s+одной|с\s+другой|зарегистрир|огрн|инн|"
    r"юридическ|адрес|место)|\s+в\s+лице|\s+именуем|\s*\(\s*далее|\s*\n\s*\n|\s*,?\s*инн\b"
    r"|\s+[лр]/с\b"
)
_NOT_A_ROLE = frozenset(
    (
        "договор", "договора", "соглашение", "соглашения", "контракт", "контракта", "товар",
        "товара", "стороны", "сторонами", "работы", "услуги", "оферта", "оферты", "по",
    )
)  # fmt: skip
# Roles a requisites block is headed with ("Поставщик:", "ИСПОЛНИТЕЛЬ", "0.4. ПРАВООБЛАДАТЕЛЬ —").
_ROLE_WORDS = (
    "поставщик|покупатель|продавец|исполнитель|заказчик|подрядчик|субподрядчик|лицензиар|"
    "лицензиат|сублицензиат|правообладатель|пользователь|арендатор|арендодатель|ссудодатель|"
    "ссудополучатель|займодавец|заимодавец|заемщик|заёмщик|кредитор|агент|принципал|комиссионер|"
    "комитент|поверенный|доверитель|работодатель|работник|цедент|цессионарий|залогодатель|"
    "залогодержатель|поручитель|гарант|бенефициар|перевозчик|грузоотправитель|экспедитор|"
    "хранитель|поклажедатель|дистрибьютор|дилер|страховщик|страхователь|застройщик|инвестор|"
    "наймодатель|наниматель|сторона\\s+\\d"
)
# Opens with the newline itself so the scan jumps from line to line.
_ROLE_HEADING = re.compile(rf"\n[ \d.]*(?P<role>{_ROLE_WORDS})\s*(?::|[-–—]\s|\n|\s*\|)")
# «…» may hold straight quotes inside: «Производственная фирма "Мастер"».
_QUOTED = re.compile(
    r"«\s*([^»\n]{2,80}?)\s*»|\"\s*([^\"\n]{2,60}?)\s*\"|[“„]\s*([^”“\n]{2,60}?)\s*[”“]"
)


@dataclass
class _Found:
    name: str | None
    role: str | None
    inn: str | None
    start: int


def find_parties_ru(text: PreparedText) -> tuple[Party, ...]:
    """Parties from the preamble, completed with the ИНН and roles of the requisites block."""
    preamble = _preamble_parties(text) or _named_organisations(text)
    for found in _requisites_parties(text):
        _merge(preamble, found)
    parties = [
        Party(name=item.name, role=item.role, inn=item.inn) for item in preamble if item.name
    ]
    return tuple(parties[:_MAX_PARTIES])


def _preamble_parties(text: PreparedText) -> list[_Found]:
    found: list[_Found] = []
    cursor = 0
    anchors = sorted(
        [
            (m.start(), m.end(), _role_word(m))
            for m in _ROLE_ANCHOR.finditer(text.low, 0, _PREAMBLE_REACH)
        ]
        + [(m.start(), m.end(), None) for m in _SIDE_ANCHOR.finditer(text.low, 0, _PREAMBLE_REACH)]
    )
    for start, end, role in anchors[: _MAX_PARTIES * 3]:
        if role is None and found and found[-1].start >= cursor:
            cursor = end  # "с одной стороны" closing a party already named by its role
            continue
        name_start = _last_org_form(text.low, cursor, start)
        if name_start is not None:
            name = _name_from(text, name_start, start)
            found.append(_Found(name=name, role=role, inn=None, start=name_start))
        elif role is not None and found and found[-1].role is None and found[-1].start >= cursor:
            found[-1].role = role
        cursor = end
    return found


def _named_organisations(text: PreparedText) -> list[_Found]:
    """Without a preamble ('соглашение между вами и ООО «РИТ»'): quoted organisations up top."""
    found: list[_Found] = []
    for match in _ORG_FORM.finditer(text.low, 0, 2000):
        name = _name_from(text, match.start(), min(len(text.low), match.start() + 200))
        if name and _QUOTED.search(name) and all(_core(f.name) != _core(name) for f in found):
            found.append(_Found(name=name, role=None, inn=None, start=match.start()))
        if len(found) == 2:
            break
    return found


def _role_word(match: re.Match[str]) -> str | None:
    word = match.group("role") or match.group("role2")
    if not word or word.split()[0] in _NOT_A_ROLE:
        return None
    return word[:1].upper() + word[1:]


def _last_org_form(low: str, lo: int, hi: int) -> int | None:
    last = None
    for match in _ORG_FORM.finditer(low, max(lo, hi - 500), hi):
        last = match.start()
    return last


def _name_from(text: PreparedText, start: int, limit: int, *, one_line: bool = False) -> str | None:
    """The party's name from its organisational form up to its closing quote or ', в лице'."""
    end_match = _NAME_END.search(text.low, start, limit + 1)
    end = end_match.start() if end_match else limit
    # A name never runs past a table cell (`|`) or a line break inside one (`<br>`).
    for stop in ("\n", "<br>", "|") if one_line else ("<br>", "|"):
        cut = text.low.find(stop, start, end)
        end = cut if cut != -1 else end
    quoted = _QUOTED.search(text.norm, start, min(len(text.norm), start + 160))
    if quoted is not None and quoted.start() < end:
        end = quoted.end()  # a quoted name ends with its quote, whatever follows
    name = " ".join(text.raw[start:end].split()).strip(" ,;")
    return name if 3 <= len(name) <= 200 and "___" not in name else None


def _requisites_parties(text: PreparedText) -> list[_Found]:
    """Each valid ИНН with the role heading and organisation name written above it.

    The same ИНН often appears twice (payment details, then the signature block);
    the occurrence under a role heading wins.
    """
    lines = "\n" + text.low  # so that the first line is a line too; offsets shift by one
    headings = [(m.start(), _capitalise(m.group("role"))) for m in _ROLE_HEADING.finditer(lines)]
    by_inn: dict[str, _Found] = {}
    for inn, position in find_inns(text.low, limit=_MAX_PARTIES * 4):
        role = next(
            (r for p, r in reversed(headings) if position - _INN_REACH <= p < position), None
        )
        name_start = _last_org_form(text.low, max(0, position - 400), position)
        name = (
            _name_from(text, name_start, position, one_line=True)
            if name_start is not None
            else None
        )
        known = by_inn.get(inn)
        if known is None:
            by_inn[inn] = _Found(name=name, role=role, inn=inn, start=position)
        elif known.role is None and role is not None:
            known.role, known.name = role, known.name or name
    return list(by_inn.values())


def _capitalise(role: str) -> str:
    return role[:1].upper() + role[1:]


def _core(name: str | None) -> str | None:
    """The quoted part of a name ('азат' of 'ООО «Азат»'), for matching two spellings."""
    if not name:
        return None
    quoted = _QUOTED.search(name)
    core = next((group for group in quoted.groups() if group), name) if quoted else name
    return core.lower().replace("ё", "е")


def _merge(parties: list[_Found], found: _Found) -> None:
    for party in parties:
        same_role = party.role and found.role and party.role.lower() == found.role.lower()
        same_name = _core(party.name) is not None and _core(party.name) == _core(found.name)
        if same_name or (same_role and not same_name and party.inn is None):
            party.inn = party.inn or found.inn
            party.role = party.role or found.role
            party.name = party.name or found.name
            return
    used_roles = {p.role.lower() for p in parties if p.role}
    roleless = [p for p in parties if p.role is None and p.inn is None]
    if roleless and found.role and found.role.lower() not in used_roles:
        roleless[0].role, roleless[0].inn = found.role, found.inn
        return
    if found.name or found.role:
        parties.append(found)
