"""A statement read from a PDF: its Markdown (text and ruled tables) back into sheets.

Extract turns a PDF page into Markdown, its ruled tables into Markdown tables. A form
printed from 1C or the ФНС service is such a table under a few lines of header (the
organisation, the ИНН, the units), so each page becomes a sheet: every table row a row
of cells, every other line a row of one cell. The forms and ОСВ readers then work on it
as on a workbook's sheet, and cite its cells the same way ("page 2, C14").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from chalicelib.extract.markdown import PAGE_MARKER
from chalicelib.statements.forms import parse_forms
from chalicelib.statements.grid import Sheet
from chalicelib.statements.osv import parse_osv

if TYPE_CHECKING:
    from chalicelib.statements.grid import CellValue

_SEPARATOR = re.compile(r"^\|(?:\s*:?-{3,}:?\s*\|)+$")
_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")
_HEADING = re.compile(r"^#{1,6}\s+")
_BREAK = re.compile(r"\s*<br>\s*")


def _cells(line: str) -> list[CellValue]:
    inner = line.strip()[1:-1] if line.strip().endswith("|") else line.strip()[1:]
    cells: list[CellValue] = []
    for raw in _UNESCAPED_PIPE.split(inner):
        text = _BREAK.sub(" ", raw).replace("\\|", "|").strip()
        cells.append(text or None)
    return cells


# A form's header printed as text runs its labels and values together: "Организация
# ООО «Х» по ОКПО 12345678", "Идентификационный номер налогоплательщика ИНН 7725123450".
# Cut before each code label, and a label from its value, as the form's boxes hold them.
_BEFORE_LABEL = re.compile(r"\s+(?=(?:по\s+ОК[А-ЯЁ]+|ИНН)(?:\s|$))")
_LABEL_VALUE = re.compile(
    r"^(Организация|ИНН|по\s+ОК[А-ЯЁ]+(?:\s*/\s*ОК[А-ЯЁ]+)?)\s+(.+)$", re.IGNORECASE
)


def _requisites(line: str) -> list[CellValue]:
    """A text line as cells: one cell, or a header line cut at its labels."""
    pieces = _BEFORE_LABEL.split(line)
    if len(pieces) == 1 and not line.startswith("Организация "):
        return [line]
    cells: list[CellValue] = []
    for piece in pieces:
        found = _LABEL_VALUE.match(piece)
        cells += [found.group(1), found.group(2)] if found else [piece]
    return cells


def sheets_from_markdown(markdown: str) -> list[Sheet]:
    """One sheet per page of Extract's Markdown, named "Страница N".

    A page without a ruled table (a scan, whose OCR gives the form's lines as running
    text) gets its lines rebuilt into a table where the text shows them: a name, a
    line code and its amounts, again and again.
    """
    pages = [page for page in PAGE_MARKER.split(markdown) if page.strip()]
    sheets = []
    for number, page in enumerate(pages, 1):
        rows: list[list[CellValue]] = []
        for line in page.splitlines():
            stripped = line.strip()
            if not stripped or _SEPARATOR.match(stripped):
                continue
            if stripped.startswith("|"):
                rows.append(_cells(stripped))
            else:
                rows.append(_requisites(_HEADING.sub("", stripped)))
        if not any(line.strip().startswith("|") for line in page.splitlines()):
            rows = _table_from_running_text(rows)
        sheets.append(Sheet(name=f"Страница {number}", rows=rows))
    return sheets


# In running text: a form line is its name, its code (1100-1799 balance, 2100-2599 income:
# never a year) and its amounts: "Выручка 2110 48 620 44 310 Себестоимость продаж 2120 (36 870)".
_FORM_LINE = re.compile(
    r"(?P<name>[А-ЯЁA-Zа-яё][^\d|]{2,}?)\s+(?P<code>1[1-7]\d{2}|2[1-5]\d{2})(?=\s|$)"
    r"(?P<values>(?:\s+(?:\(\d[\d ]*\)|\d+(?: \d{3}(?!\d))*(?!\d)|[-–—]))*)"
)
_AMOUNT_TOKEN = re.compile(r"\(?\d+\)?|[-–—]")
_YEAR = re.compile(r"\b(20\d{2})\b")


def _amount_splits(tokens: list[str]) -> list[list[str]]:
    """Every way to read tokens as amounts, each a head of 1-3 digits and 3-digit groups.

    "48 620 44 310" is two amounts; "120 150 180" may be one, two or three: the column
    count decides (see `_amounts`). A token that is not 1-3 digits stands alone.
    """
    if not tokens:
        return [[]]
    first = tokens[0]
    head = first.strip("()")
    if first in "-–—" or not 1 <= len(head) <= 3 or first.endswith(")"):
        return [[first, *rest] for rest in _amount_splits(tokens[1:])]
    splits = []
    for end in range(1, len(tokens) + 1):
        group = tokens[:end]
        if end > 1 and not (len(group[-1].strip("()")) == 3 and group[-1].strip("()").isdigit()):
            break
        if any(t.startswith("(") for t in group[1:]):
            break
        splits += [[" ".join(group), *rest] for rest in _amount_splits(tokens[end:])]
        if group[-1].endswith(")"):
            break
    return splits


def _amounts(values: str, columns: int | None) -> list[str]:
    tokens = _AMOUNT_TOKEN.findall(values)
    if len(tokens) > 12:  # a run of digits that is no form line: left alone
        return [" ".join(tokens)]
    splits = _amount_splits(tokens)
    if columns is not None:
        fitting = [split for split in splits if len(split) == columns]
        if fitting:
            return fitting[0]
    # Without a column count: the fewest amounts, each group as long as it can be.
    return min(splits, key=len) if splits else []


def _table_from_running_text(rows: list[list[CellValue]]) -> list[list[CellValue]]:
    """Header lines as they are, then the form lines found in the text as a ruled table's rows."""
    text = " ".join(" ".join(str(cell) for cell in row if cell) for row in rows)
    found = list(_FORM_LINE.finditer(text))
    if len(found) < 3:  # a page that merely mentions a line code
        return rows
    greedy = [len(_amounts(m["values"], None)) for m in found]
    columns = max(set(greedy), key=greedy.count)  # what most lines print: the form's columns
    first_line = found[0]["name"].strip()
    header_lines = [row for row in rows if first_line not in " ".join(str(c) for c in row if c)]
    # The columns' years, from the header above the first line (not from the amounts).
    heading = text[: found[0].start()]
    years = sorted({int(y) for y in _YEAR.findall(heading)}, reverse=True)
    labels = [f"{years[i]} г." if i < len(years) else f"колонка {i + 1}" for i in range(columns)]
    table: list[list[CellValue]] = [["Пояснения", "Наименование показателя", "Код", *labels]]
    for match in found:
        amounts = _amounts(match["values"], columns)
        table.append([None, match["name"].strip(), match["code"], *amounts])
    return [*header_lines, *table]


def recognised_statements(markdown: str) -> tuple[list[Sheet], list[dict[str, Any]]]:
    """A PDF's pages as sheets, and the balance, income statement or ОСВ found in them.

    Only what the readers actually find counts: a contract that merely mentions
    «бухгалтерский баланс» holds no form, so it stays a contract.
    """
    sheets = sheets_from_markdown(markdown)
    found = [d for d in parse_forms(sheets) if d.get("document_type") in ("BALANCE", "INCOME")]
    found += [d for d in (parse_osv(sheet) for sheet in sheets) if d is not None and d["rows"]]
    return sheets, found
