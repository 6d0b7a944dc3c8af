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
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.models import Party
from chalicelib.prescreen.inn import find_inn_labels, find_inns, is_valid_inn

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_PREAMBLE_REACH = 8000
_MAX_PARTIES = 6
_INN_REACH = 900
_NAME_REACH = 400
_BLOCK_REACH = 2000
_TABLE_LINES = 60
_OWNERSHIP_REACH = 60_000

# Organisational forms that open a party's name in a preamble or requisites block.
_ORG_FORM = re.compile(
    r"общество\s+с\s+ограниченной\s+ответственностью"
    r"|(?:(?:публичное|непубличное|закрытое|открытое)\s+)?акционерное\s+общество"
    r"|индивидуальный\s+предприниматель\b|\bпредприниматель\b"
    r"|(?:федеральное|государственное|муниципальное|областное|краевое|автономное)\s+"
    r"(?:[а-яё]+\s+){0,4}?(?:учреждение|предприятие|унитарное)"
    r"|автономная\s+некоммерческая\s+организация|федеральная\s+служба"
    r"|\bминистерство\b|\bадминистрация\b"
    r"|\b(?:ооо|пао|зао|оао|ао|нао|ип|гбуз|гбу|гку|гау|фгбу|фгбоу|мбу|мку|муп|гуп|фгуп|ано|нко)\b"
)
# «именуемое в дальнейшем «Поставщик»», «далее именуемое "Поставщик"», «(далее – Заказчик)».
_ROLE_ANCHOR = re.compile(
    r"именуем\w*(?:\s*\(\s*-?\s*[а-я]{1,3}\s*\))?\s+(?:в\s+дальнейшем|далее)?\s*(?:по\s+тексту\s*)?"
    r"[-–—:]?\s*[«\"“'„]?\s*(?P<role>[а-яё]+(?:\s+(?:\d|сторона))?)"
    r"|\(\s*далее(?:\s+по\s+тексту)?\s*[-–—:]?\s*[«\"“'„]?\s*"
    r"(?P<role2>[а-яё]+(?:\s+(?:\d|сторона))?)"
)
# Фамилия Имя Отчество in the nominative, opening a side of the preamble.
_PERSON = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?:[Гг]ражданин|[Гг]ражданка)(?:\s+(?:РФ|Российской\s+Федерации))?\s+)?"
    r"(?P<name>[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?\s+[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+"
    r"(?:вич|вна|ична|инична|оглы|кызы))(?![а-яё])"
)
_REPRESENTATIVE = re.compile(r"в\s+лице|действующ|представител|директор")
_SIDE_ANCHOR = re.compile(r"с\s+одной\s+стороны|с\s+другой\s+стороны")
_NAME_END = re.compile(
    r"\s*,\s*(?:в\s+лице|именуем|действующ|далее|с\s+одной|с\s+другой|зарегистрир|огрн|инн|"
    r"юридическ|адрес|место)|\s+в\s+лице|\s+именуем|\s*\(\s*далее|\s*\n\s*\n|\s*,?\s*инн\b"
    r"|\s+[лр]/с\b|\s*\(\s*(?:инн|огрн|кпп)"
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
_ROLE_HEADING = re.compile(rf"\n[ \d.#*]*(?P<role>{_ROLE_WORDS})[*\s]*(?::|[-–—]\s|\n|\|)")
# Every «Роль:» on one line: two of them head a two-column requisites block read flat.
_ROLE_COLON = re.compile(rf"(?<![а-яё])(?P<role>{_ROLE_WORDS})[*\s]*:")
# A line, table cell or heading that opens with a role: «Заказчик: …», «| Исполнитель | …»,
# «## 2.3 Заказчик» over a paragraph, «0.4. ПРАВООБЛАДАТЕЛЬ — …».
_ROLE_LABEL = re.compile(
    rf"(?:^|\n|\|)[ \d.#*]*(?:<br>\s*)*(?P<role>{_ROLE_WORDS})[ *]*"
    r"(?::|[-–—](?=\s)|(?=\s*(?:\n|<br>|\|)))"
)
# The same, as the whole text of a table cell («| Исполнитель |», «| Заказчик: |»).
_ROLE_CELL = re.compile(rf"\s*[*]*(?P<role>{_ROLE_WORDS})[*\s]*:?\s*")
_GAP = re.compile(r"(?:\s|<br>)*")
# «…» may hold straight quotes inside: «Производственная фирма "Мастер"».
_QUOTED = re.compile(
    r"«\s*([^»\n]{2,80}?)\s*»|\"\s*([^\"\n]{2,60}?)\s*\"|[“„]\s*([^”“\n]{2,60}?)\s*[”“]"
)
# A template's blank or a description is no name: «Наименование», «ФИО», «юридическое лицо».
_PLACEHOLDER = re.compile(
    r"___|\.\.\.|…|наименование|название|\bф\.?\s?и\.?\s?о\b|\bфио\b|\bлицо\b|\bили\b|"
    r"\bреквизиты\b|\bподпись\b"
)
_WORD = re.compile(r"[0-9a-zа-яё]+", re.IGNORECASE)
_FUNCTION_WORDS = frozenset(("с", "и", "по", "в", "на", "для", "при", "к"))
_STEM = 5
# «Исключительные права на программу принадлежат ООО «РИТ»», «… является правообладателем».
_OWNERSHIP = re.compile(
    r"(?:исключительн|интеллектуальн|авторск|имущественн)\w*\s+прав\w*"
    r"[^.;\n]{0,160}?\bпринадлеж\w*\s+(?:исключительно\s+|только\s+)?"
)
_IS_OWNER = re.compile(r"являет\w*\s+(?:\w+\s+){0,2}?правообладател\w*")


@dataclass
class _Found:
    name: str | None
    role: str | None
    inn: str | None
    start: int


def find_parties_ru(text: PreparedText) -> tuple[Party, ...]:
    """Parties from the preamble, completed with the ИНН and roles of the requisites block."""
    parties = _preamble_parties(text) or _named_organisations(text)
    requisites, flat = _requisites_parties(text)
    for found in requisites + _labelled_parties(text, flat):
        _merge(parties, found)
    parties = sorted(_without_repeats(parties), key=lambda party: party.start)
    _owner_roles(text, parties)
    named = [Party(name=item.name, role=item.role, inn=item.inn) for item in parties if item.name]
    return tuple(named[:_MAX_PARTIES])


# --- the preamble ---------------------------------------------------------------------------


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
        person = _person_side(text, cursor, start) if name_start is None else None
        if name_start is not None:
            name = _name_from(text, name_start, start)
            found.append(_Found(name=name, role=role, inn=None, start=name_start))
        elif person is not None:
            found.append(_Found(name=person[0], role=role, inn=None, start=person[1]))
        elif role is not None and found and found[-1].role is None and found[-1].start >= cursor:
            found[-1].role = role
        cursor = end
    return found


def _person_side(text: PreparedText, lo: int, hi: int) -> tuple[str, int] | None:
    """A citizen as a side: 'Гражданин РФ Орлов Дмитрий Сергеевич, паспорт …, именуемый …'.

    The name is in the nominative (a patronymic in -вич/-вна), and nothing in the clause
    before it says 'в лице' or 'действующ': a representative signs for a side, he is none.
    """
    found = _PERSON.search(text.norm, max(lo, hi - _NAME_REACH), hi)
    if found is None or _REPRESENTATIVE.search(text.low, max(lo, hi - _NAME_REACH), found.start()):
        return None
    return found.group("name"), found.start("name")


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
    return _name_span(text, start, limit, one_line=one_line)[0]


def _name_span(
    text: PreparedText, start: int, limit: int, *, one_line: bool = False, comma: bool = False
) -> tuple[str | None, int]:
    """The name opening at `start` and the offset where it ends.

    `comma` ends an unquoted name at its first comma (a labelled line: «Заказчик:
    Федеральная служба …, Управление …»).
    """
    end_match = _NAME_END.search(text.low, start, limit + 1)
    end = end_match.start() if end_match else limit
    # A name never runs past a table cell (`|`) or a line break inside one (`<br>`).
    for stop in ("\n", "<br>", "|", *((",",) if comma else ())) if one_line else ("<br>", "|"):
        cut = text.low.find(stop, start, end)
        end = cut if cut != -1 else end
    quoted = _QUOTED.search(text.norm, start, min(len(text.norm), start + 160))
    if quoted is not None and quoted.start() < end:
        end = quoted.end()  # a quoted name ends with its quote, whatever follows
    name = " ".join(text.raw[start:end].split()).strip(" ,;:")
    return (name if _is_name(name) else None), end


def _is_name(name: str) -> bool:
    """A real name: a legal form and something more, no blank or generic description."""
    if not 3 <= len(name) <= 200 or _PLACEHOLDER.search(name.lower()):
        return False
    form = _ORG_FORM.match(name.lower())
    rest = name[form.end() :] if form else name
    return any(word.isalnum() for word in _WORD.findall(rest))


# --- requisites: each ИНН with the role and name of its block ---------------------------------


def _requisites_parties(text: PreparedText) -> tuple[list[_Found], list[tuple[int, int]]]:
    """Each valid ИНН with the role and organisation of the block it stands in.

    The same ИНН often appears twice (payment details, then the signature block);
    the occurrence with a role wins. Also returns the spans of flattened two-column
    blocks, where no other rule may pair a role with a name.
    """
    lines = "\n" + text.low  # so that the first line is a line too; offsets shift by one
    headings = [(m.start(), m.end() - 1, m.group("role")) for m in _ROLE_HEADING.finditer(lines)]
    found, flat = _flat_columns(text, headings)
    inns = find_inns(text.low, limit=_MAX_PARTIES * 4)
    by_inn: dict[str, _Found] = {}
    for inn, position in inns:
        if any(lo <= position < hi for lo, hi in flat):
            continue  # a flattened two-column block: its own rule or nothing
        role, name = _table_block(text, position) or _plain_block(text, position, headings, inns)
        known = by_inn.get(inn)
        if known is None:
            by_inn[inn] = _Found(name=name, role=role, inn=inn, start=position)
        elif known.role is None and role is not None:
            known.role, known.name = role, known.name or name
    return found + list(by_inn.values()), flat


def _flat_columns(
    text: PreparedText, headings: list[tuple[int, int, str]]
) -> tuple[list[_Found], list[tuple[int, int]]]:
    """A two-column requisites block read as one text: «Заказчик: Исполнитель:» on one
    line, or «Заказчик:» and «Исполнитель:» on adjacent lines, then the names.

    The k-th role, the k-th name and the k-th ИНН label below belong together
    whether the columns were read down or across, when the counts agree; else
    nothing is paired, and the block's ИНН are given to nobody.
    """
    found: list[_Found] = []
    spans: list[tuple[int, int]] = []
    for group in _heading_rows(text.low, headings):
        roles = [role for _, role in group.roles]
        if len(roles) < 2:
            continue
        next_heading = next((h[0] for h in headings if h[0] > group.end), len(text.low))
        block_end = min(len(text.low), group.end + _BLOCK_REACH, next_heading)
        spans.append((group.start, block_end))
        labels = find_inn_labels(text.low, group.roles[0][0], block_end)
        names_end = min(labels[0][1] if labels else block_end, group.end + _NAME_REACH)
        names = _names_in_row(text, group.roles[0][0], names_end)
        inns = [inn for inn, _ in labels] if len(labels) == len(roles) else [""] * len(roles)
        if len(names) != len(roles):
            names = [None] * len(roles)
        for (offset, role), name, inn in zip(group.roles, names, inns, strict=True):
            valid = inn if is_valid_inn(inn) else None
            if name or valid:
                found.append(_Found(name=name, role=_capitalise(role), inn=valid, start=offset))
    return found, spans


@dataclass
class _HeadingRow:
    start: int
    end: int
    roles: list[tuple[int, str]]  # where each role label ends, and the role
    bare: bool  # the line holds role labels and nothing else


def _heading_rows(low: str, headings: list[tuple[int, int, str]]) -> list[_HeadingRow]:
    """Role headings grouped into rows: one line, or lines with nothing else between them."""
    rows: list[_HeadingRow] = []
    for line_start, _, role in headings:
        line_end = _line_end(low, line_start)
        if rows and rows[-1].end >= line_start:
            continue  # a second heading match on a line already read
        labels = [
            (m.end(), m.group("role")) for m in _ROLE_COLON.finditer(low, line_start, line_end)
        ]
        labels = labels or [(line_end, role)]
        bare = not _WORD.search(_ROLE_COLON.sub("", low[line_start:line_end]).replace(role, ""))
        if rows and rows[-1].bare and bare and not low[rows[-1].end : line_start].strip():
            rows[-1].end = line_end
            rows[-1].roles.extend(labels)
        else:
            rows.append(_HeadingRow(line_start, line_end, labels, bare))
    return rows


def _names_in_row(text: PreparedText, start: int, end: int) -> list[str | None]:
    names: list[str | None] = []
    cursor = start
    while cursor < end and len(names) <= _MAX_PARTIES:
        match = _ORG_FORM.search(text.low, cursor, end)
        if match is None:
            break
        name, name_end = _name_span(text, match.start(), end, one_line=True)
        names.append(name)
        cursor = max(name_end, match.end())
    return names


def _table_block(text: PreparedText, position: int) -> tuple[str | None, str | None] | None:
    """The role and name of a Markdown table cell holding an ИНН; None outside a table.

    The role is the cell's own opening label («| Заказчик: ГБУЗ … ИНН …»), its row's
    first cell («| Исполнитель | ИП … ИНН … |») or its column's header
    («| Заказчик | Поставщик |» above the cell).
    """
    low = text.low
    line_start = low.rfind("\n", 0, position) + 1
    if not low.startswith("|", line_start):
        return None
    line_end = _line_end(low, line_start)
    pipes = [i for i in range(line_start, line_end) if low[i] == "|"]
    column = sum(1 for p in pipes if p < position) - 1
    cell_start = pipes[column] + 1
    cells = _cells(low, line_start, line_end)
    opening = _ROLE_LABEL.match(low, cell_start - 1, line_end)
    role: str | None = opening.group("role") if opening else None
    if role is None and column > 0 and cells:
        role = _cell_role(cells[0])
    if role is None:
        header = _table_header(low, line_start)
        if header is not None and len(header) > column:
            role = _cell_role(header[column])
    form = _ORG_FORM.search(low, cell_start, position)
    name = _name_from(text, form.start(), position) if form else None
    return (_capitalise(role) if role else None), name


def _cells(low: str, line_start: int, line_end: int) -> list[str]:
    return low[line_start:line_end].strip().strip("|").split("|")


def _cell_role(cell: str) -> str | None:
    match = _ROLE_CELL.fullmatch(cell)
    return match.group("role") if match else None


def _table_header(low: str, line_start: int) -> list[str] | None:
    """The cells of the header row of the table a line belongs to."""
    end = line_start - 1
    for _ in range(_TABLE_LINES):
        if end <= 0:
            return None
        start = low.rfind("\n", 0, end) + 1
        line = low[start:end].strip()
        if not line.startswith("|"):
            return None
        if set(line) <= set("|-: "):  # the separator: the header is the line above it
            above_end = start - 1
            above_start = low.rfind("\n", 0, max(above_end, 0)) + 1
            header = low[above_start:above_end].strip()
            return _cells(low, above_start, above_end) if header.startswith("|") else None
        end = start - 1
    return None


def _plain_block(
    text: PreparedText,
    position: int,
    headings: list[tuple[int, int, str]],
    inns: list[tuple[str, int]],
) -> tuple[str | None, str | None]:
    """The role heading above an ИНН and the first organisation written under it.

    A heading counts only if no other side's ИНН stands between it and this one
    (one ИНН to a side's block).
    """
    inn_here = next(inn for inn, p in inns if p == position)
    heading = next(
        ((p, end, r) for p, end, r in reversed(headings) if position - _INN_REACH <= p < position),
        None,
    )
    if heading is not None and any(
        heading[0] <= p < position and inn != inn_here for inn, p in inns
    ):
        heading = None
    if heading is not None:
        form = _ORG_FORM.search(text.low, heading[1], position)
        name = _name_from(text, form.start(), position, one_line=True) if form else None
        return _capitalise(heading[2]), name
    earlier = [p for inn, p in inns if p < position and inn != inn_here]
    lo = max(position - _NAME_REACH, earlier[-1] if earlier else 0)
    name_start = _last_org_form(text.low, lo, position)
    if name_start is None:
        return None, None
    return None, _name_from(text, name_start, position, one_line=True)


def _line_end(low: str, start: int) -> int:
    end = low.find("\n", start)
    return end if end != -1 else len(low)


# --- labelled lines: «Заказчик: Федеральная служба …» -------------------------------------------


def _labelled_parties(text: PreparedText, flat: list[tuple[int, int]]) -> list[_Found]:
    """A line or cell opening with a role, then (on it or just below) an organisation's name.

    Not inside a flattened two-column block: there the name under a role may be the
    other column's.
    """
    found: list[_Found] = []
    for match in _ROLE_LABEL.finditer(text.low):
        if any(lo <= match.start() < hi for lo, hi in flat):
            continue
        gap = _GAP.match(text.low, match.end())
        start = gap.end() if gap else match.end()
        form = _ORG_FORM.match(text.low, start)
        if form is None or not text.raw[start : start + 1].isupper():
            continue  # «Исполнитель: индивидуальный предприниматель или …» defines, not names
        name, _ = _name_span(text, start, _line_end(text.low, start), one_line=True, comma=True)
        if name:
            found.append(_Found(name, _capitalise(match.group("role")), None, start))
        if len(found) >= _MAX_PARTIES * 2:
            break
    return found


# --- merging ------------------------------------------------------------------------------------


def _capitalise(role: str) -> str:
    role = " ".join(role.split())
    return role[:1].upper() + role[1:]


def _core(name: str | None) -> str | None:
    """The quoted part of a name ('азат' of 'ООО «Азат»'), for matching two spellings."""
    if not name:
        return None
    quoted = _QUOTED.search(name)
    core = next((group for group in quoted.groups() if group), name) if quoted else name
    return core.lower().replace("ё", "е")


def same_organisation(left: str | None, right: str | None) -> bool:
    """Whether two spellings name one organisation: the same quoted name, or one abbreviates
    the other word by word («ГБУЗ РБ Федоровская ЦРБ» / «Государственное бюджетное
    учреждение здравоохранения Республики Башкортостан Федоровская центральная районная
    больница»; «ООО «РИТ»» / «ООО «Русские Информационные Технологии»»).
    """
    if not left or not right:
        return False
    if _core(left) == _core(right):
        return True
    short, long = sorted((_words(left), _words(right)), key=len)
    return _abbreviates(short, long) or _abbreviates(long, short)


def _words(name: str) -> list[str]:
    """The words of a name without «с», «и», «по»; a capital beside another is an initial."""
    words = _WORD.findall(name.replace("ё", "е").replace("Ё", "Е"))
    return [
        word
        for index, word in enumerate(words)
        if word.lower() not in _FUNCTION_WORDS
        or (
            _is_initial(word)
            and any(_is_initial(other) for other in words[max(index - 1, 0) : index + 2 : 2])
        )
    ]


def _is_initial(word: str) -> bool:
    return len(word) == 1 and word.isupper()


def _abbreviates(short: list[str], long: list[str]) -> bool:
    """Each word of `short` is the next word of `long` or the capitals of the next few.

    A person's initials («Иванов И. И.») are read as one abbreviation («ИИ»).
    """
    index = 0
    for word in _joined_initials(short):
        folded = word.lower()
        if index < len(long) and _same_word(folded, long[index].lower()):
            index += 1
            continue
        size = len(word)
        if not (2 <= size <= 8 and word.isupper() and word.isalpha()):
            return False
        initials = "".join(w[0] for w in long[index : index + size]).lower()
        if initials != folded:
            return False
        index += size
    return index == len(long)


def _joined_initials(words: list[str]) -> list[str]:
    joined: list[str] = []
    run = False  # the last word is a run of single capitals: «И» «И» → «ИИ»
    for word in words:
        initial = _is_initial(word)
        if initial and run:
            joined[-1] += word
        else:
            joined.append(word)
        run = initial
    return joined


def _same_word(left: str, right: str) -> bool:
    if min(len(left), len(right)) >= _STEM:
        return left[:_STEM] == right[:_STEM]
    return left == right


def _merge(parties: list[_Found], found: _Found) -> None:
    for party in parties:
        if same_organisation(party.name, found.name) and not _other_inn(party, found):
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


def _other_inn(party: _Found, found: _Found) -> bool:
    return bool(party.inn and found.inn and party.inn != found.inn)


def _complete(party: _Found, found: _Found) -> None:
    party.inn = party.inn or found.inn
    party.role = party.role or found.role
    party.name = party.name or found.name


def _without_repeats(parties: list[_Found]) -> list[_Found]:
    """One party per organisation: a later spelling of an earlier one only completes it."""
    kept: list[_Found] = []
    for party in parties:
        twin = next(
            (
                k
                for k in kept
                if same_organisation(k.name, party.name)
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


def _owner_roles(text: PreparedText, parties: list[_Found]) -> None:
    """«Исключительные права … принадлежат ООО «РИТ»»: a side without a role owns the rights."""
    roleless = [p for p in parties if p.role is None and p.name]
    if not roleless:
        return
    for match in _OWNERSHIP.finditer(text.low, 0, _OWNERSHIP_REACH):
        form = _ORG_FORM.match(text.low, match.end())
        if form is None:
            continue
        owner = _name_from(text, form.start(), min(len(text.low), form.start() + 200))
        for party in roleless:
            if same_organisation(party.name, owner):
                party.role = "Правообладатель"
                return
    for match in _IS_OWNER.finditer(text.low, 0, _OWNERSHIP_REACH):
        before = max(0, match.start() - 200)
        for party in roleless:
            core = _core(party.name)
            if core and core in text.low[before : match.start()].replace("ё", "е")[-120:]:
                party.role = "Правообладатель"
                return
