"""The annual statements' forms (0710001, 0710002, the other 0710xxx) read off sheets.

1C:Бухгалтерия and the ФНС «бухгалтерская отчётность» service lay the forms out alike:
a title («Бухгалтерский баланс», «на 31 декабря 2024 г.»), a header of requisites
(«Форма по ОКУД 0710001», «Организация», «ИНН», «Единица измерения: в тыс. рублей»,
«по ОКЕИ 384») and a table whose header row holds «Наименование показателя», «Код» and
one column per date or period. A sheet may hold several forms one under another, and a
form may run over two sheets (the ФНС service prints Актив and Пассив on two pages):
sheets are cut into segments at each form title, and a segment that carries on the
form before it (the same form, none of its line codes) joins that document.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chalicelib.prescreen.inn import is_valid_inn
from chalicelib.statements.checks import check_statement
from chalicelib.statements.money import parse_money, parse_period

if TYPE_CHECKING:
    from collections.abc import Iterator

    from chalicelib.statements.grid import CellValue, Sheet

# Form titles as printed, normalised (lower case, ё → е); the Bank of Russia's forms for
# non-credit financial organisations share some of these words but not the line codes.
_TITLES: tuple[tuple[str, str], ...] = (
    ("бухгалтерский баланс", "BALANCE"),
    ("отчет о финансовых результатах", "INCOME"),
    ("отчет о прибылях и убытках", "INCOME"),
    ("отчет о финансовом результате", "INCOME"),
    ("отчет об изменениях", "DISCLOSURE"),
    ("отчет о движении денежных средств", "DISCLOSURE"),
    ("отчет о потоках денежных средств", "DISCLOSURE"),
    ("отчет о целевом использовании", "DISCLOSURE"),
    ("пояснения к бухгалтерскому балансу", "DISCLOSURE"),
    ("пояснения к бухгалтерской", "DISCLOSURE"),
)
_TITLE_MAX_LENGTH = 160
_OKUD = re.compile(r"(?<!\d)(07100\d\d|0420\d{3})(?!\d)")
_FORM_CODE_START = re.compile(r"^(0420\d{3}|07100\d\d)\b")
_CODE = re.compile(r"\d{4}")
_CODE_HEADERS = frozenset({"код", "код строки", "код показателя"})
# "ИНН", "ИНН/КПП", "Идентификационный номер налогоплательщика"; not "Инновации".
_INN_LABEL = re.compile(r"инн\b|идентификационный номер налогоплательщика")
_INN_DIGITS = re.compile(r"(?<!\d)(\d{12}|\d{10})(?!\d)")
_UNITS_TEXT = re.compile(r"в\s+(тыс|млн)\.?\s*руб\w*\.?|в\s+рублях|в\s+руб\.")
_OKEI = {"384": "thousand_rub", "385": "million_rub", "383": "rub"}
_UNITS_WORD = {"тыс": "thousand_rub", "млн": "million_rub"}
# How far below a segment's start the requisites and the table header may stand.
_HEADER_ROWS = 60
# Codes of the balance and of the income statement (2020 edition and the older ones).
_BALANCE_CODES = frozenset(
    {str(c) for c in range(1100, 1800, 10)} | {"1100", "1200", "1300", "1400", "1500"}
)
_INCOME_CODES = frozenset(
    {str(c) for c in range(2100, 2600, 10)} | {"2411", "2412", "2421", "2900", "2910"}
)
# Enough known codes for a table without a title or a form code to be taken for a form.
_MIN_CODES_UNTITLED = 5


def _norm(value: CellValue) -> str:
    """A cell's text as compared: lower case, ё → е, whitespace runs as one space."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).lower().replace("ё", "е").split())


def _text(value: CellValue) -> str:
    """A cell's text as printed, whitespace runs as one space."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def _title_kind(text: str) -> str | None:
    if not text or len(text) > _TITLE_MAX_LENGTH:
        return None
    body = _FORM_CODE_START.sub("", text).strip().lstrip("[")
    return next((kind for title, kind in _TITLES if body.startswith(title)), None)


@dataclass
class _Segment:
    """Rows `first..last` of a sheet that hold (at most) one form."""

    sheet: Sheet
    first: int
    last: int
    title_row: int | None = None
    title_kind: str | None = None


@dataclass
class _Table:
    header_row: int
    code_column: int
    name_column: int
    columns: list[tuple[int, int, str]]  # (first column, last column, label)
    lines: list[dict[str, Any]] = field(default_factory=list)


def _segments(sheet: Sheet) -> Iterator[_Segment]:
    """The sheet cut at each form title that follows a table's line codes."""
    current = _Segment(sheet, 0, len(sheet.rows) - 1)
    code_column: int | None = None  # the «Код» column of the current segment's table
    has_lines = False
    for r, row in enumerate(sheet.rows):
        kind = _row_title_kind(row)
        if kind and has_lines:
            current.last = r - 1
            yield current
            current = _Segment(sheet, r, len(sheet.rows) - 1)
            code_column, has_lines = None, False
        if kind and current.title_kind is None:
            current.title_row, current.title_kind = r, kind
        if code_column is None:
            code_column = next((c for c, v in enumerate(row) if _norm(v) in _CODE_HEADERS), None)
        elif not has_lines:
            has_lines = _is_line(row, code_column)
    yield current


def _row_title_kind(row: list[CellValue]) -> str | None:
    """The form a title row names; a title stands alone in its row (a table of contents,
    listing titles beside numbers, is no title)."""
    texts = [text for text in map(_norm, row) if text]
    if not texts or len(texts) > 2:
        return None
    return next((kind for kind in map(_title_kind, texts) if kind), None)


def _rows(segment: _Segment) -> Iterator[tuple[int, list[CellValue]]]:
    for r in range(segment.first, segment.last + 1):
        yield r, segment.sheet.rows[r]


def _find_table(segment: _Segment) -> _Table | None:
    """The table header (a «Код» cell, with «Наименование показателя» beside it) and its lines."""
    stop = min(segment.last, segment.first + _HEADER_ROWS)
    for r in range(segment.first, stop + 1):
        row = [_norm(c) for c in segment.sheet.rows[r]]
        codes = [c for c, text in enumerate(row) if text in _CODE_HEADERS]
        names = [c for c, text in enumerate(row) if text.startswith("наименование показател")]
        if codes and (names or r > segment.first):
            code_column = codes[0]
            name_column = next((c for c in names if c < code_column), 0)
            table = _Table(r, code_column, name_column, _value_columns(segment, r, code_column))
            table.lines = list(_lines(segment, table))
            if table.lines:
                return table
    return None


def _value_columns(
    segment: _Segment, header_row: int, code_column: int
) -> list[tuple[int, int, str]]:
    """The date or period columns right of «Код»: labels may run over two header rows."""
    rows = segment.sheet.rows
    labels: dict[int, list[str]] = {}
    for r in range(header_row, min(header_row + 3, segment.last + 1)):
        row = rows[r]
        if r > header_row and _is_line(row, code_column):
            break
        for c in range(code_column + 1, len(row)):
            text = _text(row[c])
            # A row of column numbers ("4", "5", "6") under the labels is not a label.
            if text and not text.isdigit():
                labels.setdefault(c, []).append(text)
    starts = sorted(labels)
    width = max((len(rows[r]) for r in range(header_row, segment.last + 1)), default=0)
    ends = [*(s - 1 for s in starts[1:]), width - 1]
    return [(s, e, " ".join(labels[s])) for s, e in zip(starts, ends, strict=True)]


def _code(value: CellValue) -> str | None:
    text = _norm(value)
    return text if _CODE.fullmatch(text) else None


def _is_line(row: list[CellValue], code_column: int) -> bool:
    return code_column < len(row) and _code(row[code_column]) is not None


def _lines(segment: _Segment, table: _Table) -> Iterator[dict[str, Any]]:
    sheet = segment.sheet
    for r in range(table.header_row + 1, segment.last + 1):
        row = sheet.rows[r]
        if not _is_line(row, table.code_column):
            continue
        names = [_text(row[c]) for c in range(table.name_column, table.code_column)]
        # The «Пояснения» column left of the name holds references like "5.1": the name
        # is the longest text.
        name = max(names, key=len, default="")
        values = [_first_money(row, first, last) for first, last, _ in table.columns]
        yield {
            "code": _code(row[table.code_column]),
            "name": name,
            "values": values,
            "cell": sheet.ref(r, table.code_column),
        }


def _first_money(row: list[CellValue], first: int, last: int) -> str | None:
    """The amount in a value column, which a merged cell may have shifted right."""
    for c in range(first, min(last, len(row) - 1) + 1):
        if row[c] is not None and _text(row[c]):
            return parse_money(row[c])
    return None


@dataclass
class _Header:
    """The requisites above a form's table."""

    okud: str | None = None
    organization: str | None = None
    inn: str | None = None
    period_text: str | None = None
    units: str | None = None
    units_text: str | None = None
    okei: str | None = None
    report_day: dt.date | None = None


def _read_header(segment: _Segment, stop: int) -> _Header:
    header = _Header()
    for _, row in _rows(_Segment(segment.sheet, segment.first, stop)):
        texts = [_norm(c) for c in row]
        for c, text in enumerate(texts):
            if not text:
                continue
            _read_label(header, row, texts, c, text)
    if header.okei in _OKEI:
        header.units = _OKEI[header.okei]
    if header.okud is None:
        name_code = _FORM_CODE_START.match(segment.sheet.name)
        header.okud = name_code.group(1) if name_code else None
    return header


def _read_label(header: _Header, row: list[CellValue], texts: list[str], c: int, text: str) -> None:
    """One header cell: a label with its value beside it, or a value on its own."""
    if "окуд" in text and header.okud is None:
        header.okud = _okud_near(texts, c)
    elif "океи" in text and header.okei is None:
        header.okei = next((t for t in texts[c:] if t in _OKEI), None)
    elif _INN_LABEL.match(text) and not header.inn:
        header.inn = _inn_near(row, c)
    elif text.startswith("организация") and header.organization is None:
        header.organization = _organization_near(row, c)
    if header.units_text is None:
        _read_units(header, row, c, text)
    if header.period_text is None:
        _read_period(header, row, c, text)
    if text.startswith("дата (число, месяц, год)") and header.report_day is None:
        header.report_day = _day_near(texts, c)


def _okud_near(texts: list[str], c: int) -> str | None:
    for text in texts[c:]:
        if (found := _OKUD.search(text)) is not None:
            return found.group(1)
        # A number cell loses the leading zero: 710001 is 0710001.
        if text.isdigit() and _OKUD.fullmatch(text.zfill(7)):
            return text.zfill(7)
    return None


def _inn_near(row: list[CellValue], c: int) -> str | None:
    """The ИНН in the label's cell or right of it: whole, or a digit per box as forms print it."""
    own = _INN_DIGITS.search(_norm(row[c]).replace(" ", ""))
    if own:
        return own.group(1)
    cells = [value for value in row[c + 1 :] if _norm(value)]
    first = cells[0] if cells else None
    if isinstance(first, int | float) and not isinstance(first, bool):
        # A number cell drops leading zeros: 9 or 11 digits are an ИНН that lost its zero.
        digits = _norm(first)
        digits = digits.zfill(len(digits) + 1) if len(digits) in (9, 11) else digits
        return digits if _INN_DIGITS.fullmatch(digits) else None
    digits = ""
    for value in cells:
        text = _norm(value).replace(" ", "")
        if not text.isdigit():
            break
        digits += text
    return digits if _INN_DIGITS.fullmatch(digits) else None


def _organization_near(row: list[CellValue], c: int) -> str | None:
    own = _text(row[c])
    _, colon, rest = own.partition(":")
    if colon and rest.strip():
        return rest.strip()
    for value in row[c + 1 :]:
        text = _text(value)
        if text and not text.lower().startswith("по ") and not text.isdigit():
            return text
    return None


def _read_units(header: _Header, row: list[CellValue], c: int, text: str) -> None:
    found = _UNITS_TEXT.search(text)
    if not found:
        return
    words = {m.group(1) for m in _UNITS_TEXT.finditer(text) if m.group(1)}
    # The ФНС form prints "в тыс. рублей / в млн. рублей (ненужное зачеркнуть)": the ОКЕИ
    # code decides then.
    if len(words) > 1:
        return
    header.units_text = _text(row[c])[found.start() : found.end()]
    unit = found.group(1)
    header.units = _UNITS_WORD[unit] if unit else "rub"


def _read_period(header: _Header, row: list[CellValue], c: int, text: str) -> None:
    """ "на 31 декабря 2024 г." or "за 2024 г.": on its own, or after the form's title."""
    start = 0
    if _title_kind(text):
        found = re.search(r"\s(на|за)\s", text)
        if found is None:
            return
        start = found.start() + 1
    elif not text.startswith(("на ", "за ")):
        return
    if parse_period(text[start:])[1] is not None:
        printed = _text(row[c])
        header.period_text = printed[start:] if len(printed) == len(text) else printed


def _day_near(texts: list[str], c: int) -> dt.date | None:
    numbers = [int(t) for t in texts[c + 1 :] if t.isdigit()][:3]
    if len(numbers) == 3:
        try:
            return dt.date(numbers[2], numbers[1], numbers[0])
        except ValueError:
            return None
    return None


def _year_end(year: int) -> dt.date:
    return dt.date(year, 12, 31)


def _column_date(label: str, period_end: dt.date | None) -> dt.date | None:
    """A column's date: printed ("На 31 декабря 2024 г.", "За 2024 г." → its last day), or
    told relative to the report ("На 31 декабря предыдущего года") as the ФНС form does."""
    low = _norm(label)
    if period_end is not None:
        if "предшествующего предыдущему" in low:
            return _year_end(period_end.year - 2)
        if "аналогичный период предыдущего года" in low:
            return _month_end_of(period_end.year - 1, period_end.month)
        if "предыдущего года" in low:
            return _year_end(period_end.year - 1)
        if "отчетн" in low:
            return period_end
    return parse_period(label)[1]


def _month_end_of(year: int, month: int) -> dt.date:
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return following - dt.timedelta(days=1)


def _period(header: _Header, table: _Table | None, kind: str) -> dict[str, Any]:
    """The period the form covers; a balance's date D reads as the year to D (RAS interim
    statements run from the year's start)."""
    text = header.period_text
    start, end = parse_period(text)
    if end is None and header.report_day is not None:
        start = end = header.report_day
    if end is None and table is not None and table.columns:
        start, end = parse_period(table.columns[0][2])
    if kind == "BALANCE" and end is not None and start == end:
        start = dt.date(end.year, 1, 1)
    return {
        "text": text,
        "start": start.isoformat() if start else None,
        "end": end.isoformat() if end else None,
    }


def _kind(segment: _Segment, header: _Header, table: _Table | None) -> str | None:
    """BALANCE, INCOME, DISCLOSURE, OTHER, or None for a sheet that holds no form."""
    codes = {line["code"] for line in table.lines} if table else set()
    okud, title = header.okud, segment.title_kind
    # The Bank of Russia's forms (0420xxx) for credit and non-credit financial organisations.
    if (okud and okud.startswith("0420")) or "кредитной" in _title_text(segment):
        return "OTHER"
    if okud:
        return {"0710001": "BALANCE", "0710002": "INCOME"}.get(okud, "DISCLOSURE")
    if title in {"BALANCE", "INCOME"}:
        known = _BALANCE_CODES if title == "BALANCE" else _INCOME_CODES
        return title if codes & known else "OTHER"
    return title or _kind_by_codes(codes)


def _kind_by_codes(codes: set[str]) -> str | None:
    """A table without a title or form code: a balance or an income statement by its codes."""
    if len(codes & _BALANCE_CODES) >= _MIN_CODES_UNTITLED:
        return "BALANCE"
    if len(codes & _INCOME_CODES) >= _MIN_CODES_UNTITLED:
        return "INCOME"
    return None


def _title_text(segment: _Segment) -> str:
    if segment.title_row is None:
        return ""
    row = segment.sheet.rows[segment.title_row]
    return next((t for t in map(_norm, row) if _title_kind(t)), "")


def _confidence(header: _Header, segment: _Segment, table: _Table | None, kind: str) -> int:
    score = 30
    score += 25 if header.okud else 0
    score += 15 if segment.title_kind == kind else 0
    score += 10 if header.organization or header.inn else 0
    score += 10 if header.units else 0
    score += 10 if table and table.columns else 0
    return min(score, 100)


def _range(segment: _Segment) -> dict[str, str]:
    rows = segment.sheet.rows
    last = segment.last
    while last > segment.first and not any(_text(c) for c in rows[last]):
        last -= 1
    width = max((len(rows[r]) for r in range(segment.first, last + 1)), default=1)
    reference = segment.sheet.range_ref((segment.first, 0), (last, max(width - 1, 0)))
    return {"sheet": segment.sheet.name, "range": reference}


def _document(
    segment: _Segment, header: _Header, table: _Table | None, kind: str
) -> dict[str, Any]:
    warnings: list[str] = []
    inn_valid = is_valid_inn(header.inn) if header.inn else None
    if inn_valid is False:
        warnings.append(f"ИНН {header.inn}: the control digits do not match")
    if header.units is None and kind in {"BALANCE", "INCOME"}:
        warnings.append("units not found (в тыс. рублей / в рублях / ОКЕИ)")
    period = _period(header, table, kind)
    document: dict[str, Any] = {
        "kind": "statement",
        "document_type": kind,
        "form_code": header.okud,
        "okud": header.okud,
        "confidence": _confidence(header, segment, table, kind),
        "organization": header.organization,
        "inn": header.inn,
        "inn_valid": inn_valid,
        "period": period,
        "units": header.units,
        "units_text": header.units_text,
        "locator": [_range(segment)],
    }
    if kind in {"BALANCE", "INCOME"} and table is not None:
        end = dt.date.fromisoformat(period["end"]) if period["end"] else None
        columns = []
        for _, _, label in table.columns:
            day = _column_date(label, end)
            columns.append({"label": label, "date": day.isoformat() if day else None})
            if day is None:
                warnings.append(f"column «{label}»: no date read")
        document["columns"] = columns
        document["lines"] = table.lines
    elif kind in {"BALANCE", "INCOME"}:
        document["columns"], document["lines"] = [], []
        warnings.append("the form's table (a «Код» column with line codes) was not found")
    document["warnings"] = warnings
    return document


def _continues(previous: dict[str, Any] | None, document: dict[str, Any], header: _Header) -> bool:
    """Whether a segment carries on the form before it: the same form, none of its codes."""
    if previous is None or document["document_type"] not in {"BALANCE", "INCOME"}:
        return False
    if previous["document_type"] != document["document_type"] or not document.get("lines"):
        return False
    if header.okud and header.okud != previous["okud"]:
        return False
    codes = {line["code"] for line in previous.get("lines", ())}
    return not codes & {line["code"] for line in document["lines"]}


def _join(previous: dict[str, Any], document: dict[str, Any]) -> None:
    previous["locator"].extend(document["locator"])
    previous["lines"].extend(document["lines"])
    if len(previous["columns"]) != len(document["columns"]):
        previous["warnings"].append(
            f"sheet «{document['locator'][0]['sheet']}» has {len(document['columns'])} columns,"
            f" the form's first part {len(previous['columns'])}"
        )
    for key in ("organization", "inn", "inn_valid", "units", "units_text", "okud", "form_code"):
        if previous[key] is None and document[key] is not None:
            previous[key] = document[key]
    if previous["units"] is not None:
        previous["warnings"] = [w for w in previous["warnings"] if not w.startswith("units not")]


def _share_requisites(documents: list[dict[str, Any]]) -> None:
    """A page that prints no ИНН or name borrows them when the workbook names only one."""
    for key, valid in (("inn", "inn_valid"), ("organization", None)):
        known = {d[key] for d in documents if d[key]}
        if len(known) != 1:
            continue
        source = next(d for d in documents if d[key])
        for document in documents:
            if document[key] is None:
                document[key] = source[key]
                if valid:
                    document[valid] = source[valid]


def parse_forms(sheets: list[Sheet]) -> list[dict[str, Any]]:
    """The statementDocuments in a workbook's sheets, each with its `checks` where it has any."""
    documents: list[dict[str, Any]] = []
    previous: dict[str, Any] | None = None
    for sheet in sheets:
        for segment in _segments(sheet):
            table = _find_table(segment)
            stop = table.header_row if table else min(segment.last, segment.first + _HEADER_ROWS)
            header = _read_header(segment, stop)
            kind = _kind(segment, header, table)
            if kind is None:
                continue
            document = _document(segment, header, table, kind)
            if _continues(previous, document, header):
                assert previous is not None
                _join(previous, document)
                continue
            documents.append(document)
            previous = document
    _share_requisites(documents)
    for document in documents:
        if document["document_type"] in {"BALANCE", "INCOME"}:
            document["checks"] = check_statement(document)
    return documents
