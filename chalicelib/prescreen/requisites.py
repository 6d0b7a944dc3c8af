"""Sides of a Russian contract as its requisites block gives them.

Each ИНН with valid check digits belongs to the block, table cell, row or column it is
written in, and so to that block's role and organisation: Markdown tables (the cell's
own label, its row's first cell, its column's header), plain blocks under a role
heading, and a two-column block that OCR read flat («Заказчик: Исполнитель:», then
the names, then the ИНН). Labelled lines («Заказчик: Федеральная служба …») name a
side without an ИНН. When a layout does not say whose ИНН or role it is, nothing is
attached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.prescreen.inn import find_inn_labels, find_inns, is_person_inn, is_valid_inn
from chalicelib.prescreen.org_names import (
    MAX_PARTIES,
    NAME_REACH,
    ORG_FORM,
    WORD,
    Found,
    is_company,
    last_org_form,
    name_from,
    name_span,
)
from chalicelib.prescreen.text import name_pattern, table_cells, table_header

if TYPE_CHECKING:
    from collections.abc import Sequence

    from chalicelib.prescreen.text import PreparedText

_INN_REACH = 900
_BLOCK_REACH = 2000

# Roles a requisites block is headed with ("Поставщик:", "ИСПОЛНИТЕЛЬ", "0.4. ПРАВООБЛАДАТЕЛЬ —").
_ROLE_WORDS = (
    "поставщик|покупатель|продавец|исполнитель|заказчик|подрядчик|субподрядчик|лицензиар|"
    "лицензиат|сублицензиат|правообладатель|пользователь|арендатор|арендодатель|ссудодатель|"
    "ссудополучатель|займодавец|заимодавец|заемщик|заёмщик|кредитор|агент|принципал|комиссионер|"
    "комитент|поверенный|доверитель|работодатель|работник|цедент|цессионарий|залогодатель|"
    "залогодержатель|поручитель|гарант|бенефициар|перевозчик|грузоотправитель|экспедитор|"
    "хранитель|поклажедатель|дистрибьютор|дилер|страховщик|страхователь|застройщик|инвестор|"
    "наймодатель|наниматель|субарендодатель|субарендатор|лизингодатель|лизингополучатель|"
    "грузополучатель|абонент|адвокат|клиент|фактор|потребитель|производитель|заготовитель|"
    "(?:региональный\\s+)?оператор|управляющая\\s+организация|участник\\s+долевого\\s+строительства|"
    "ученик|должник|акционер|даритель|одаряемый|приобретатель|концедент|концессионер|"
    "получатель|благополучатель|жертвователь|заявитель|сетевая\\s+организация|сторона\\s+\\d"
)
_ROLE_WORD = re.compile(_ROLE_WORDS)


def _role_heading(words: str) -> re.Pattern[str]:
    """A line that heads a block with one of these roles («Поставщик:», «ИСПОЛНИТЕЛЬ»); it
    opens with the newline itself so the scan jumps from line to line."""
    return re.compile(rf"\n[ \d.#*]*(?P<role>{words})[*\s]*(?::|[-–—]\s|\n|\|)")


_ROLE_HEADING = _role_heading(_ROLE_WORDS)
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


# --- requisites: each ИНН with the role and name of its block ---------------------------------


def requisites_parties(
    text: PreparedText, roles: Sequence[str] = ()
) -> tuple[list[Found], list[tuple[int, int]]]:
    """Each valid ИНН with the role and organisation of the block it stands in.

    The same ИНН often appears twice (payment details, then the signature block);
    the occurrence with a role wins. Also returns the spans of flattened two-column
    blocks, where no other rule may pair a role with a name. A block is headed by one of
    the usual roles or by a role the preamble gave its side (`roles`: «Экспонент»,
    «Региональный оператор»), whatever the contract calls it.
    """
    lines = "\n" + text.low  # so that the first line is a line too; offsets shift by one
    headings = [(m.start(), m.end() - 1, m.group("role")) for m in _ROLE_HEADING.finditer(lines)]
    own = _own_role_heading(roles)
    if own is not None:
        usual = {start for start, _, _ in headings}
        headings = sorted(
            headings
            + [
                (m.start(), m.end() - 1, m.group("role"))
                for m in own.finditer(lines)
                if m.start() not in usual
            ]
        )
    found, flat = _flat_columns(text, headings)
    inns = find_inns(text.low, limit=MAX_PARTIES * 4)
    by_inn: dict[str, Found] = {}
    for inn, position in inns:
        if any(lo <= position < hi for lo, hi in flat):
            continue  # a flattened two-column block: its own rule or nothing
        role, name = _table_block(text, position) or _plain_block(text, position, headings, inns)
        if name is not None and is_person_inn(inn) and is_company(name):
            name = None  # a person's ИНН (a self-employed side's in the preamble) is no company's
        known = by_inn.get(inn)
        if known is None:
            by_inn[inn] = Found(name=name, role=role, inn=inn, start=position)
        elif known.role is None and role is not None:
            known.role, known.name = role, known.name or name
    return found + list(by_inn.values()), flat


def _own_role_heading(roles: Sequence[str]) -> re.Pattern[str] | None:
    """A heading of the roles the preamble named that the usual roles do not cover."""
    words = sorted(
        {
            name_pattern(role.lower())
            for role in roles
            if role.strip() and not _ROLE_WORD.fullmatch(role.lower())
        }
    )
    return _role_heading("|".join(words)) if words else None


def _flat_columns(
    text: PreparedText, headings: list[tuple[int, int, str]]
) -> tuple[list[Found], list[tuple[int, int]]]:
    """A two-column requisites block read as one text: «Заказчик: Исполнитель:» on one
    line, or «Заказчик:» and «Исполнитель:» on adjacent lines, then the names.

    The k-th role, the k-th name and the k-th ИНН label below belong together
    whether the columns were read down or across, when the counts agree; else
    nothing is paired, and the block's ИНН are given to nobody.
    """
    found: list[Found] = []
    spans: list[tuple[int, int]] = []
    for group in _heading_rows(text.low, headings):
        roles = [role for _, role in group.roles]
        if len(roles) < 2:
            continue
        next_heading = next((h[0] for h in headings if h[0] > group.end), len(text.low))
        block_end = min(len(text.low), group.end + _BLOCK_REACH, next_heading)
        spans.append((group.start, block_end))
        labels = find_inn_labels(text.low, group.roles[0][0], block_end)
        names_end = min(labels[0][1] if labels else block_end, group.end + NAME_REACH)
        names = _names_in_row(text, group.roles[0][0], names_end)
        inns = [inn for inn, _ in labels] if len(labels) == len(roles) else [""] * len(roles)
        if len(names) != len(roles):
            names = [None] * len(roles)
        for (offset, role), name, inn in zip(group.roles, names, inns, strict=True):
            valid = inn if is_valid_inn(inn) else None
            if name or valid:
                found.append(Found(name=name, role=_capitalise(role), inn=valid, start=offset))
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
        bare = not WORD.search(_ROLE_COLON.sub("", low[line_start:line_end]).replace(role, ""))
        if rows and rows[-1].bare and bare and not low[rows[-1].end : line_start].strip():
            rows[-1].end = line_end
            rows[-1].roles.extend(labels)
        else:
            rows.append(_HeadingRow(line_start, line_end, labels, bare))
    return rows


def _names_in_row(text: PreparedText, start: int, end: int) -> list[str | None]:
    names: list[str | None] = []
    cursor = start
    while cursor < end and len(names) <= MAX_PARTIES:
        match = ORG_FORM.search(text.low, cursor, end)
        if match is None:
            break
        name, name_end = name_span(text, match.start(), end, one_line=True)
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
    cells = table_cells(low[line_start:line_end])
    opening = _ROLE_LABEL.match(low, cell_start - 1, line_end)
    role: str | None = opening.group("role") if opening else None
    if role is None and column > 0 and cells:
        role = _cell_role(cells[0])
    if role is None:
        header = table_header(low, line_start)
        if header is not None and len(header) > column:
            role = _cell_role(header[column])
    form = ORG_FORM.search(low, cell_start, position)
    name = name_from(text, form.start(), position) if form else None
    return (_capitalise(role) if role else None), name


def _cell_role(cell: str) -> str | None:
    match = _ROLE_CELL.fullmatch(cell)
    return match.group("role") if match else None


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
        form = ORG_FORM.search(text.low, heading[1], position)
        name = name_from(text, form.start(), position, one_line=True) if form else None
        return _capitalise(heading[2]), name
    earlier = [p for inn, p in inns if p < position and inn != inn_here]
    lo = max(position - NAME_REACH, earlier[-1] if earlier else 0)
    name_start = last_org_form(text.low, lo, position)
    if name_start is None:
        return None, None
    return None, name_from(text, name_start, position, one_line=True)


def _line_end(low: str, start: int) -> int:
    end = low.find("\n", start)
    return end if end != -1 else len(low)


# --- labelled lines: «Заказчик: Федеральная служба …» -------------------------------------------


def labelled_parties(text: PreparedText, flat: list[tuple[int, int]]) -> list[Found]:
    """A line or cell opening with a role, then (on it or just below) an organisation's name.

    Not inside a flattened two-column block: there the name under a role may be the
    other column's.
    """
    found: list[Found] = []
    for match in _ROLE_LABEL.finditer(text.low):
        if any(lo <= match.start() < hi for lo, hi in flat):
            continue
        gap = _GAP.match(text.low, match.end())
        start = gap.end() if gap else match.end()
        form = ORG_FORM.match(text.low, start)
        if form is None or not text.raw[start : start + 1].isupper():
            continue  # «Исполнитель: индивидуальный предприниматель или …» defines, not names
        name, _ = name_span(text, start, _line_end(text.low, start), one_line=True, comma=True)
        if name:
            found.append(Found(name, _capitalise(match.group("role")), None, start))
        if len(found) >= MAX_PARTIES * 2:
            break
    return found


def _capitalise(role: str) -> str:
    role = " ".join(role.split())
    return role[:1].upper() + role[1:]
