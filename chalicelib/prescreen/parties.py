"""Sides of a Russian contract: the preamble's «именуемое в дальнейшем» and the requisites.

Four sources, most trusted first:

1. the preamble: «ООО «Ромашка», именуемое в дальнейшем «Исполнитель», в лице ...,
   с одной стороны, и ...» (or, without one, the organisations named up top);
2. the requisites: each ИНН with valid check digits belongs to the block, table cell,
   row or column it is written in, and so to that block's role and organisation;
3. labelled lines: «Заказчик: Федеральная служба ...», «## Поставщик:» over a name;
4. the ownership formula «исключительные права ... принадлежат ООО «РИТ»» makes a side
   without a role its Правообладатель.

One organisation written in full and abbreviated («Государственное бюджетное
учреждение здравоохранения ...» / «ГБУЗ ...») is one party. When a layout does not
say whose ИНН or role it is, nothing is attached.

This module reads the preamble (1), merges what the requisites give into it and
applies the ownership rule (4); `requisites` reads sources 2 and 3, and `org_names`
says where a name ends and when two spellings are one organisation.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.models import Party
from chalicelib.prescreen.inn import find_inns, is_person_inn
from chalicelib.prescreen.org_names import (
    FOREIGN_FORM,
    GENITIVE_ORG_FORM,
    GIVEN_NAMES,
    MAX_PARTIES,
    NAME_REACH,
    ORG_FORM,
    QUOTED,
    SURNAME,
    Found,
    last_org_form,
    name_from,
    name_span,
    quoted_core,
    same_organisation,
)
from chalicelib.prescreen.requisites import labelled_parties, requisites_parties

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

__all__ = ["find_parties_ru", "same_organisation"]

_PREAMBLE_REACH = 8000
_OWNERSHIP_REACH = 60_000

# «именуемое в дальнейшем «Поставщик»», «далее именуемое "Поставщик"», «(далее – Заказчик)»,
# «(в дальнейшем — «Арендатор»)», «(далее именуемое «Займодавец»)», «, далее — «Покупатель»».
_ROLE_ANCHOR = re.compile(
    r"именуем\w*(?:\s*\(\s*-?\s*[а-я]{1,3}\s*\))?\s+(?:в\s+дальнейшем|далее)?\s*(?:по\s+тексту\s*)?"
    r"[-–—:]?\s*[«\"“'„]?\s*(?P<role>[а-яё]+(?:\s+(?:\d|сторона))?)"
    r"|\(\s*(?:далее|в\s+дальнейшем)(?:\s+по\s+тексту)?(?:\s+именуем\w*)?\s*[-–—:]?\s*[«\"“'„]?\s*"
    r"(?P<role2>[а-яё]+(?:\s+(?:\d|сторона))?)"
    # «…, действующего на основании Устава, далее — «Поставщик»», «, далее «Исполнитель»»:
    # no «именуемое», no bracket; a dash or a quote says a name follows, not «далее по тексту».
    r"|,\s*(?:далее|в\s+дальнейшем)(?:\s+по\s+тексту)?\s*(?:[-–—:]\s*[«\"“'„]?|[«\"“'„])\s*"
    r"(?P<role3>[а-яё]+(?:\s+(?:\d|сторона))?)"
)
# Фамилия Имя Отчество in the nominative, opening a side of the preamble.
_PERSON = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?:[Гг]ражданин|[Гг]ражданка)(?:\s+(?:РФ|Российской\s+Федерации))?\s+)?"
    rf"(?P<name>(?P<surname>{SURNAME})"
    # a name before marriage, in brackets: «Рябова (до заключения брака — Сухова) Виктория»
    r"(?P<maiden>\s*\([^()\n]{1,60}\))?"
    rf"(?P<given>\s+{GIVEN_NAMES}))(?![а-яё])"
)
_REPRESENTATIVE = re.compile(r"в\s+лице|действующ|представител|директор")
_SIDE_ANCHOR = re.compile(r"с\s+одной\s+стороны|с\s+другой\s+стороны")
# The preamble's close: «…, с другой стороны, заключили настоящий Договор о нижеследующем».
# Whoever the text names after it with a role («у продавца — ООО «ТехАгроИмпорт» (далее —
# Продавец)») is a third person the contract speaks of, not a side, once two sides stand
# before it.
_PREAMBLE_CLOSE = re.compile(
    r"(?:заключили|договорились|пришли\s+к\s+соглашению)[^;\n]{0,300}?о\s+(?:ниже)?следующем"
)
_NOT_A_ROLE = frozenset(
    (
        "договор", "договора", "соглашение", "соглашения", "контракт", "контракта", "товар",
        "товара", "стороны", "сторонами", "работы", "услуги", "оферта", "оферты", "по",
    )
)  # fmt: skip
# «Исключительные права на программу принадлежат ООО «РИТ»», «… является правообладателем».
_OWNERSHIP = re.compile(
    r"(?:исключительн|интеллектуальн|авторск|имущественн)\w*\s+прав\w*"
    r"[^.;\n]{0,160}?\bпринадлеж\w*\s+(?:исключительно\s+|только\s+)?"
)
_IS_OWNER = re.compile(r"являет\w*\s+(?:\w+\s+){0,2}?правообладател\w*")
_CYRILLIC = re.compile(r"[а-яё]")
# A company's name in Latin letters and the foreign legal form that ends it: "GitHub, Inc.",
# "Acme Trading Ltd", "Siemens AG". Capitalised words only, so a sentence is no name.
_FOREIGN_ORG = re.compile(
    r"\b[A-Z][A-Za-z0-9&'-]*(?:\s+[A-Z][A-Za-z0-9&'-]*){0,4},?\s+" + FOREIGN_FORM + r"\.?"
)


def find_parties_ru(text: PreparedText) -> tuple[Party, ...]:
    """Parties from the preamble, completed with the ИНН and roles of the requisites block."""
    parties = _preamble_parties(text) or _named_organisations(text)
    requisites, flat = requisites_parties(text, [party.role for party in parties if party.role])
    for found in requisites + labelled_parties(text, flat):
        _merge(parties, found)
    parties = sorted(_without_repeats(parties), key=lambda party: party.start)
    _owner_roles(text, parties)
    named = [Party(name=item.name, role=item.role, inn=item.inn) for item in parties if item.name]
    return tuple(named[:MAX_PARTIES])


# --- the preamble ---------------------------------------------------------------------------


def _preamble_parties(text: PreparedText) -> list[Found]:
    found: list[Found] = []
    cursor = 0
    anchors = sorted(
        [
            (m.start(), m.end(), _role_word(m))
            for m in _ROLE_ANCHOR.finditer(text.low, 0, _PREAMBLE_REACH)
        ]
        + [(m.start(), m.end(), None) for m in _SIDE_ANCHOR.finditer(text.low, 0, _PREAMBLE_REACH)]
    )
    close = _PREAMBLE_CLOSE.search(text.low, 0, _PREAMBLE_REACH)
    for start, end, role in anchors[: MAX_PARTIES * 3]:
        if close is not None and start >= close.end() and len(found) >= 2:
            break
        if role is None and found and found[-1].start >= cursor:
            cursor = end  # "с одной стороны" closing a party already named by its role
            continue
        last = last_org_form(text.low, cursor, start)
        name_start = _full_name_start(text.low, cursor, last)
        foreign = _foreign_side(text, cursor, start) if name_start is None else None
        person = _person_side(text, cursor, start) if name_start is None and not foreign else None
        maker = (
            _offer_maker(text, cursor, start)
            if name_start is None and not foreign and not person
            else None
        )
        if maker is not None:
            found.append(Found(name=maker[0], role=role, inn=maker[2], start=maker[1]))
        elif foreign is not None:
            found.append(Found(name=foreign[0], role=role, inn=None, start=foreign[1]))
        elif name_start is not None:
            name = name_from(text, name_start, start)
            if name is None:
                # «Банк «Северная звезда» (публичное акционерное общество)»: the form follows
                name, name_start = _name_before_form(text, cursor, name_start) or (None, name_start)
            bracketed = last is not None and last != name_start
            alias = name_from(text, last, start) if bracketed and last is not None else None
            found.append(Found(name=name, role=role, inn=None, start=name_start, alias=alias))
        elif person is not None:
            # «гражданин … Ефремов Глеб Андреевич, ИНН 100155225031, применяющий …»: a person's
            # ИНН in the preamble (requisites often list it lines below the name, unpaired)
            inns = find_inns(text.low[person[1] : start], limit=1)
            inn = inns[0][0] if inns and is_person_inn(inns[0][0]) else None
            found.append(Found(name=person[0], role=role, inn=inn, start=person[1]))
        elif role is not None and found and found[-1].role is None and found[-1].start >= cursor:
            found[-1].role = role
        cursor = end
    return found


def _full_name_start(low: str, lo: int, start: int | None) -> int | None:
    """The full name, not its abbreviation in brackets: in «Публичное акционерное общество
    «Северная энергетическая компания» (ПАО «СЭК»), именуемое …» the side's name is the first.
    """
    if start is None:
        return None
    bracket = low.rfind("(", lo, start)
    if bracket == -1 or low[bracket + 1 : start].strip():
        return start
    earlier = last_org_form(low, lo, bracket)
    if earlier is None or low.find(")", earlier, bracket) != -1:
        return start
    return earlier


def _name_before_form(text: PreparedText, lo: int, form: int) -> tuple[str, int] | None:
    """A name with its legal form after it, in brackets, as banks write theirs: «Банк ВТБ
    (публичное акционерное общество)», «АКБ «Заря» (ПАО)». The name starts where its clause
    does: a new line, or the « и » before the second side."""
    low = text.low
    bracket = low.rfind("(", lo, form)
    close = low.find(")", form, form + 60)
    if bracket == -1 or low[bracket + 1 : form].strip() or close == -1:
        return None
    start = max(lo, low.rfind("\n", lo, bracket) + 1)
    joined = low.rfind(" и ", start, bracket)
    start = joined + 3 if joined != -1 else start
    name = " ".join(text.raw[start : close + 1].split()).strip(" ,;:")
    if not (5 <= len(name) <= 160 and name[:1].isupper()):
        return None
    return name, start


def _foreign_side(text: PreparedText, lo: int, hi: int) -> tuple[str, int] | None:
    """A foreign company written in Latin letters with its legal form, as a side of a Russian
    preamble: «… и Beta Industries Ltd. (Кипр), именуемая в дальнейшем «Поставщик» …»."""
    window = max(lo, hi - NAME_REACH)
    found = list(_FOREIGN_ORG.finditer(text.norm, window, hi))
    if not found:
        return None
    return " ".join(found[-1].group(0).split()), found[-1].start()


# The words an offer names its maker after: «является публичной офертой Общества …»,
# «предложение Общества …».
_OFFER_OF = re.compile(r"(?:оферт|предложени)\w*\s+$")


def _offer_maker(text: PreparedText, lo: int, hi: int) -> tuple[str, int, str | None] | None:
    """A company named in the genitive, with its quoted name, as an offer names its maker:
    «Настоящий документ является публичной офертой Общества с ограниченной ответственностью
    «КлаудДеск» (ОГРН …, ИНН 7714216015), именуемого в дальнейшем «Лицензиар»». Read only
    where no side in the nominative, no foreign company and no citizen stands before the role;
    the name is given in the nominative, with the ИНН its brackets hold."""
    window = max(lo, hi - NAME_REACH)
    found = list(GENITIVE_ORG_FORM.finditer(text.low, window, hi))
    if not found or not _OFFER_OF.search(
        text.low, max(0, found[-1].start() - 40), found[-1].start()
    ):
        return None  # «участником Общества …»: the company a side holds a share in is no side
    start = found[-1].start()
    name, end = name_span(text, start, hi)
    if name is None or not name[:1].isupper() or QUOTED.search(name) is None:
        return None
    inns = find_inns(text.low[end:hi], limit=1)
    return name, start, inns[0][0] if inns else None


def _person_side(text: PreparedText, lo: int, hi: int) -> tuple[str, int] | None:
    """A citizen as a side: 'Гражданин РФ Орлов Дмитрий Сергеевич, паспорт …, именуемый …'.

    The name is in the nominative (a patronymic in -вич/-вна), and nothing in the clause
    before it says 'в лице' or 'действующ': a representative signs for a side, he is none.
    The clause starts after the last « и » («…, действующего на основании Устава, и Кузьмин
    Павел Андреевич, именуемый …»): the other side's representative is no doubt about this one.
    """
    window = max(lo, hi - NAME_REACH)
    found = _PERSON.search(text.norm, window, hi)
    if found is None:
        return None
    clause = max(window, text.low.rfind(" и ", window, found.start()))
    if _REPRESENTATIVE.search(text.low, clause, found.start()):
        return None
    return found.group("surname") + found.group("given"), found.start("name")


def _named_organisations(text: PreparedText) -> list[Found]:
    """Without a preamble ('соглашение между вами и ООО «РИТ»'): quoted organisations up top,
    else a foreign company by its legal form ('между вами и GitHub, Inc.')."""
    found: list[Found] = []
    for match in ORG_FORM.finditer(text.low, 0, 2000):
        name = name_from(text, match.start(), min(len(text.low), match.start() + 200))
        if (
            name
            and QUOTED.search(name)
            and all(quoted_core(f.name) != quoted_core(name) for f in found)
        ):
            found.append(Found(name=name, role=None, inn=None, start=match.start()))
        if len(found) == 2:
            break
    return found or _foreign_organisations(text)


def _foreign_organisations(text: PreparedText) -> list[Found]:
    """A foreign side written in Latin letters with its legal form, in the opening lines of
    a Russian text: «… между вами и GitHub, Inc. («GitHub», «мы»)», «компания Acme Ltd.»."""
    found: list[Found] = []
    opening = text.low[:2000]
    if sum(c.isascii() and c.isalpha() for c in opening) * 2 > len(_CYRILLIC.findall(opening)):
        return found  # an English text (or one half so): its own parties' rules read it
    for match in _FOREIGN_ORG.finditer(text.norm, 0, 2000):
        name = " ".join(match.group(0).split())
        if all((f.name or "").lower() != name.lower() for f in found):
            found.append(Found(name=name, role=None, inn=None, start=match.start()))
        if len(found) == 2:
            break
    return found


def _role_word(match: re.Match[str]) -> str | None:
    word = match.group("role") or match.group("role2") or match.group("role3")
    if not word or word.split()[0] in _NOT_A_ROLE:
        return None
    return word[:1].upper() + word[1:]


# --- merging ----------------------------------------------------------------------------------


def _same(left: Found, right: Found) -> bool:
    """One organisation, by its name or the abbreviation its preamble gave it."""
    return any(
        same_organisation(a, b)
        for a in (left.name, left.alias)
        for b in (right.name, right.alias)
        if a and b
    )


def _merge(parties: list[Found], found: Found) -> None:
    for party in parties:
        if _same(party, found) and not _other_inn(party, found):
            _complete(party, found)
            return
    for party in parties:
        same_role = party.role and found.role and party.role.lower() == found.role.lower()
        if same_role and party.inn is None:
            _complete(party, found)
            return
    used_roles = {p.role.lower() for p in parties if p.role}
    roleless = [p for p in parties if p.role is None and p.inn is None]
    # A role and ИНН the layout gave without a name go to the one side still without them.
    if found.name is None and found.role and found.role.lower() not in used_roles:
        if len(roleless) != 1:
            return
        roleless[0].role, roleless[0].inn = found.role, found.inn
        return
    if found.role and found.role.lower() in used_roles:
        return  # that side is named already; another name for it is a doubt, not a party
    # Sides the preamble named are the sides: a third name is another spelling or a stranger.
    if found.name and (found.role or found.inn) and len(parties) < 2:
        parties.append(found)


def _other_inn(party: Found, found: Found) -> bool:
    return bool(party.inn and found.inn and party.inn != found.inn)


def _complete(party: Found, found: Found) -> None:
    party.inn = party.inn or found.inn
    party.role = party.role or found.role
    party.name = party.name or found.name


def _without_repeats(parties: list[Found]) -> list[Found]:
    """One party per organisation: a later spelling of an earlier one only completes it."""
    kept: list[Found] = []
    for party in parties:
        twin = next(
            (
                k
                for k in kept
                if _same(k, party)
                and not _other_inn(k, party)
                and not (k.role and party.role and k.role.lower() != party.role.lower())
            ),
            None,
        )
        if twin is None:
            kept.append(party)
        else:
            _complete(twin, party)
    return kept


def _owner_roles(text: PreparedText, parties: list[Found]) -> None:
    """«Исключительные права … принадлежат ООО «РИТ»»: a side without a role owns the rights."""
    roleless = [p for p in parties if p.role is None and p.name]
    if not roleless:
        return
    for match in _OWNERSHIP.finditer(text.low, 0, _OWNERSHIP_REACH):
        form = ORG_FORM.match(text.low, match.end())
        if form is None:
            continue
        owner = name_from(text, form.start(), min(len(text.low), form.start() + 200))
        for party in roleless:
            if same_organisation(party.name, owner):
                party.role = "Правообладатель"
                return
    for match in _IS_OWNER.finditer(text.low, 0, _OWNERSHIP_REACH):
        before = max(0, match.start() - 200)
        for party in roleless:
            core = quoted_core(party.name)
            if core and core in text.low[before : match.start()].replace("ё", "е")[-120:]:
                party.role = "Правообладатель"
                return
