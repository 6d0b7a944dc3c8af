"""The document text prepared for matching: normalised copies that keep every offset.

Every rule matches against `norm` (original case) or `low` (lower case) and
reports spans; evidence is then cut from `raw` with the same span (by
`chalicelib.sentences`, as analysis cuts its quotes), so a quote is the
caller's own words with only its whitespace folded onto one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chalicelib.language import language_of, letter_counts
from chalicelib.sentences import clean_quote, sentence_bounds

# One character in, one character out: offsets stay valid across raw/norm/low.
# (str.replace per character is several times faster than str.translate on Cyrillic text.)
# A line break in text whose lines were joined by runs of spaces ("AGREEMENT   Date: ..."), as
# `str.find` looks for it and as the patterns that read a line's start write it
JOINED_LINES = "   "
JOINED_BREAK = r"[ ]{3}"

_SAME_LENGTH = (
    ("\u00a0", " "),  # no-break space, common in Word documents between digit groups
    ("\u202f", " "),
    ("\u2007", " "),
    ("\u2009", " "),
    ("\u200b", " "),
    ("\ufeff", " "),
    ("\t", " "),
    ("\r", " "),
    ("\u2010", "-"),
    ("\u2011", "-"),
    ("\u0130", "I"),  # the only character whose lower() is two characters long
)

# A form's options as Markdown or Word writes them: "- [x] Expires 2 year(s) from Effective
# Date." chosen, "- [ ] Continues until terminated" not; ☒ and ☐ for a Word form's boxes.
_UNCHECKED = re.compile(r"(?m)^[ ]*(?:[-*+][ ]+)?(?:\[ \]|☐)[^\n]*")
_CHECKED = re.compile(r"(?m)^[ ]*(?:[-*+][ ]+)?(?:\[[xX]\]|☒|☑)")
# A form's field as a heading over its value: "### Effective Date" (or "**Effective Date**"),
# a blank line, then "April 1, 2024" alone in its paragraph. A few words, no sentence's
# mark; a value that is no heading, table, quote or numbered clause, and ends its paragraph.
_HEADING_FIELD = re.compile(
    r"(?m)^[ ]*(?:#{1,6}[ ]+|\*\*)(?P<name>[^\s#*:.;!?][^\n#*:.;!?]{1,58}?)(?:\*\*)?[ ]*"
    r"(?P<gap>\n[ ]*\n)"
    r"(?=[ ]*(?![#|>]|\d+\.\s|\d+(?:\.\d+)+\s)[^\s][^\n]{0,160}(?:\n[ ]*\n|\n[ ]*#|\n?$))"
)
_MAX_FIELD_WORDS = 6
# A field's label in bold at a line's start, "**Provider:** Acme Inc." or "**Order Date**: May
# 1, 2025": its marks blanked, the line reads as the field's.
_BOLD_LABEL = re.compile(r"(?m)^[ ]*\*\*[^\s*:][^\n*:]{0,58}(?::\*\*|\*\*:)")
# A table row's label with a hint under it, as a Word cover page sets them: "| NDA Term <br>
# Period for sharing Confidential Information | Expires 2 years from Effective Date. |". The
# hint (one line of words, from the cell's line break to its end) is blanked, so the row reads
# as the field's; a cell that holds a value ("Заказчик: ГБУЗ ЦРБ <br> ИНН 0247001159"), or
# several lines (a party's requisites), is left as it is.
_LABEL_HINT = re.compile(
    r"(?m)^(?P<label>\|[ ]*[^|<:\n]{1,60}?)(?P<hint>[ ]*<br>[^|<:\d\n]{1,80})(?=\|)"
)
_FORM_REACH = 20_000
# A field as a Markdown definition list writes it (Pandoc's, PHP Markdown Extra's): its name
# on one line, its value on the next after a colon ("Employer" / ": Pellworth Freight, Inc."),
# a blank line between them or not.
_DEFINITION_FIELD = re.compile(
    r"(?m)^(?P<name>[ ]*[^\s#|>:*-][^\n:]{0,58}?)[ ]*(?P<gap>\n(?:[ ]*\n)?:[ ])"
)

# OCR and careless typing put Latin look-alikes inside Russian words ("cor Сторон").
_LOOKALIKES = "aceopxyACEHKMOPTXB"
_LATIN_TO_CYRILLIC = str.maketrans(_LOOKALIKES, "асеорхуАСЕНКМОРТХВ")
# A Latin word made of look-alikes only, standing between two Russian words: "Общество c
# ограниченной", "ООО" typed or read in Latin letters.
_LOOKALIKE_WORD = re.compile(rf"(?<![^\W\d_])[{_LOOKALIKES}]+(?![^\W\d_])")
# "«ОЗ» сентября 2024 г.": OCR reads a date's day in quotes as the letters it resembles
_OCR_DAY = re.compile(
    r"(?<=«)\s?[0-9ОOоoЗзIl|]{1,2}\s?(?=»\s*(?:январ|феврал|март|апрел|ма[яй]|июн|июл"
    r"|август|сентябр|октябр|ноябр|декабр))"
)
_OCR_DIGITS = str.maketrans("ОOоoЗзIl|", "000033111")
_CYRILLIC_WORD_BEFORE = re.compile(r"[а-яёА-ЯЁ][^\w\n]{0,3}$")
_CYRILLIC_WORD_AFTER = re.compile(r"[^\w\n]{0,3}[«\"]?[а-яёА-ЯЁ]")
_SCRIPT_SWITCH = re.compile(r"[а-яёА-ЯЁ][a-zA-Z]|[a-zA-Z][а-яёА-ЯЁ]")
CYRILLIC_LETTER = re.compile(r"[а-яёА-ЯЁ]")
_LATIN_LETTER = re.compile(r"[a-zA-Z]")
_MAX_WORD = 40
_MAX_MIXED_FIXES = 5000  # beyond this the text is garbage anyway; keep the work bounded

# Sentence ends: a blank line; a line ending in . ; ! ?; a new numbered item,
# bullet, heading, table row or page marker; ". " before a capital letter, or before a run
# of spaces where a filing's lines were joined; or ". " before a clause number ("...
# notice. 6.2 Termination") or a list item "(a)".
# Every end opens with a line break or a mark, so the pattern opens with one class of
# them and each branch then checks (looking back one character) that it opened with its
# own: the regex engine skips straight between those characters instead of trying five
# branches at every position. The ends found are those of the five branches written
# `\n[ ]*\n|[.;!?][ ]*\n|\n(?=...)|[.!?](?=...)|[.;:](?=...)`, tried in that order.
_BOUNDARY = re.compile(
    r"[\n.;!?:](?:"
    r"(?<=\n)[ ]*\n"
    r"|(?<=[.;!?])[ ]*\n"
    r"|(?<=\n)(?=[ ]*(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?\)?[ ]|[-•*–—][ ]|#|\||<!--))"
    r"|(?<=[.!?])(?=[ ]+[\"«“(]?[A-ZА-ЯЁ]|" + JOINED_BREAK + ")"
    r"|(?<=[.;:])(?=[ ]+(?:\d{1,3}(?:\.\d{1,3})+\.?|\((?:[a-zа-я0-9]{1,4}|[A-ZА-Я]{1,4})\))[ ])"
    r")"
)
# Words after which a period does not end a sentence ("г. Москва", "Inc. (").
_ABBREVIATIONS = frozenset(
    (
        "г", "гг", "ул", "д", "им", "пр", "просп", "т", "ст", "п", "пп", "ч", "руб", "коп",
        "тыс", "млн", "млрд", "стр", "рис", "см", "тел", "кв", "оф", "корп",
        "inc", "ltd", "co", "corp", "no", "nos", "mr", "mrs", "ms", "dr", "st", "jr", "sr",
        "llc", "l.l.c", "u.s", "n.v", "b.v", "s.a", "e.g", "i.e", "vs", "art", "sec", "para",
        "pty", "plc", "a.m", "p.m", "u.s.c", "seq",
    )
)  # fmt: skip
_WORD_BEFORE = re.compile(r"([\w.]{1,6})$")
_PARAGRAPH_END = re.compile(r"[ ]*\n[ ]*\n")
_CLAUSE_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3})*$")
_SENTENCE_REACH = 700
_EVIDENCE_MAX = 480


@dataclass(frozen=True)
class PreparedText:
    """The caller's text and two same-length copies for matching."""

    raw: str
    norm: str
    low: str
    mixed_script_words: int

    # whether `norm` differs from `raw` in nothing but spaces written otherwise
    spaces_only: bool

    @property
    def raw_low(self) -> str | None:
        """`raw` lowered as every pattern reads it, where `low` is that, else None: `low`
        where `norm` differs from `raw` only in spaces written otherwise (a no-break space
        for a space is whitespace to `\\s`, a non-word character to `\\b` and `\\W` either
        way, and no pattern names one), None where a dash or a letter was changed."""
        return self.low if self.spaces_only else None

    def sentence_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the sentence (or list item) around [start, end)."""
        lo = max(0, start - _SENTENCE_REACH)
        begin = lo
        # The sentence opens after the last end before it that is no abbreviation. The
        # ends are found left to right (a regex cannot run backwards), then checked from
        # the nearest back, so only the nearest few are checked for an abbreviation.
        for found in reversed(list(_BOUNDARY.finditer(self.norm, lo, start))):
            if not self._is_abbreviation(found):
                begin = found.end()
                break
        hi = min(len(self.norm), end + _SENTENCE_REACH)
        finish = hi
        for found in _BOUNDARY.finditer(self.norm, end, hi):
            if not self._is_abbreviation(found):
                finish = found.start() + (1 if self.norm[found.start()] in ".;!?" else 0)
                break
        return begin, finish

    def evidence(self, start: int, end: int) -> str:
        """The sentence around [start, end) as one line, cut as analysis cuts its quotes."""
        begin, finish = sentence_bounds(self.norm, start, end, _EVIDENCE_MAX)
        return clean_quote(self.raw[begin:finish])

    def sentence(self, start: int, end: int) -> str:
        """The lower-case sentence around [start, end), for context checks."""
        begin, finish = self.sentence_span(start, end)
        return self.low[begin:finish]

    def line_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the line around [start, end): between line breaks, or runs of three
        spaces, where text whose lines were joined (as many filings' text is) kept them."""
        begin = self.norm.rfind("\n", 0, start) + 1
        joined = self.norm.rfind(JOINED_LINES, begin, start)
        if joined != -1:
            begin = joined + len(JOINED_LINES)
        finish = self.norm.find("\n", end)
        finish = len(self.norm) if finish == -1 else finish
        joined = self.norm.find(JOINED_LINES, end, finish)
        return begin, finish if joined == -1 else joined

    def _is_abbreviation(self, found: re.Match[str]) -> bool:
        if self.norm[found.start()] != "." or _PARAGRAPH_END.match(self.norm, found.start() + 1):
            return False  # "... and Tallis Media Ltd.", then a blank line: the paragraph ends
        before = _WORD_BEFORE.search(self.low, max(0, found.start() - 6), found.start())
        if before is None:
            return False
        word = before.group(1).lstrip(".")
        if _CLAUSE_NUMBER.match(word):
            # "5.2. За просрочку": a clause number opening a line, not a sentence end
            line_start = self.norm.rfind("\n", 0, found.start()) + 1
            return not self.norm[line_start : found.start() - len(word)].strip()
        return len(word) == 1 or word in _ABBREVIATIONS


def prepare_text(markdown: str, *, fix_lookalikes: bool = False) -> PreparedText:
    """Normalise spaces and dashes, and for OCR text Latin look-alikes, keeping every offset."""
    norm = markdown
    spaces_only = True
    for old, new in _SAME_LENGTH:
        if old in norm:
            norm = norm.replace(old, new)
            spaces_only = spaces_only and old.isspace()
    formed = _form_fields(norm)
    spaces_only = spaces_only and formed is norm
    norm = formed
    # Look-alikes are an OCR habit; typed text rarely has them and the scan is not free.
    spaced = norm
    norm, fixes = _repair_ocr_letters(norm) if fix_lookalikes else (norm, 0)
    low = norm.lower()
    return PreparedText(
        raw=markdown,
        norm=norm,
        low=low,
        mixed_script_words=fixes,
        spaces_only=spaces_only and norm is spaced,
    )


def _form_fields(text: str) -> str:
    """A form's fields read as "Field: value" lines, keeping every offset.

    A label in bold ("**Provider:** Acme Inc.") loses its marks. An option not chosen is
    blanked and a chosen one's box dropped, so "- [ ] In perpetuity."
    says nothing and "- [x] Expires 2 year(s) from Effective Date." is the field's value; a
    heading over its value ("### Governing Law", a blank line, "The laws of the State of New
    York") becomes the field's line ("### Governing Law: The laws of ..."), as the rules read a
    cover page's fields; so does a definition list's field ("Employer" / ": Acme Inc." as
    "Employer:  Acme Inc."), and a table row's label loses the hint set under it ("| NDA Term
    <br> Period for sharing ... |" as "| NDA Term |"). The same text is returned where the
    form has none of these.
    """
    if "[" in text or "☐" in text or "☒" in text or "☑" in text:
        blanked = _UNCHECKED.sub(lambda found: " " * len(found.group()), text)
        text = _CHECKED.sub(lambda found: " " * len(found.group()), blanked)
    # a cover's fields stand on its first pages: only there is either mark looked for (each
    # look over 30 pages cost a tenth of a millisecond)
    head = text[:_FORM_REACH]
    if "\n:" in head:
        text = _DEFINITION_FIELD.sub(_as_field_line, text)
    if "<br>" in head:
        text = _LABEL_HINT.sub(lambda found: found["label"] + " " * len(found["hint"]), text)
    if "#" not in text and "**" not in text:
        return text
    if "**" in text:
        text = _BOLD_LABEL.sub(lambda found: found.group().replace("*", " "), text)
    return _HEADING_FIELD.sub(_as_field_line, text)


def _as_field_line(found: re.Match[str]) -> str:
    """A field's name over its value as the field's line: the gap between them (a heading's
    blank line, a definition list's break and colon) as ": ", the same length."""
    heading, gap = found.group()[: found.start("gap") - found.start()], found.group("gap")
    if len(found.group("name").split()) > _MAX_FIELD_WORDS:
        return found.group()
    return heading + ":" + " " * (len(gap) - 1)


def _repair_ocr_letters(text: str) -> tuple[str, int]:
    """OCR's look-alikes in Russian letters: mixed words, a quoted day, Latin words of
    look-alikes between Russian ones. Returns the text and how many words were repaired."""
    pieces: list[str] = []
    cursor = 0  # end of the text already copied into pieces
    seen = 0  # end of the last mixed word looked at
    fixes = 0
    for switch in _SCRIPT_SWITCH.finditer(text):
        if switch.start() < seen:
            continue  # another switch inside a word already counted
        begin = _word_edge(text, switch.start(), -1)
        seen = _word_edge(text, switch.end() - 1, 1)
        word = text[begin:seen]
        fixes += 1
        latin = _LATIN_LETTER.findall(word)
        # Russian letters are the most, or every Latin one has a Russian twin ("ДOГOВOP",
        # "мapтa" as OCR reads a Russian page): not "iPhone", not "Сompany" on an English one
        if len(CYRILLIC_LETTER.findall(word)) >= len(latin) or all(
            letter in _LOOKALIKES for letter in latin
        ):
            pieces.append(text[cursor:begin])
            pieces.append(word.translate(_LATIN_TO_CYRILLIC))
            cursor = seen
        if fixes >= _MAX_MIXED_FIXES:
            break
    if pieces:
        pieces.append(text[cursor:])
        text = "".join(pieces)
    text = _OCR_DAY.sub(lambda found: found.group().translate(_OCR_DIGITS), text)
    # a Latin word between two Russian ones is a misreading only on a Russian page; an English
    # page's many short words need not be looked at (a third of the OCR repair's time)
    if language_of(*letter_counts(text)) == "en":
        return text, fixes
    return _russian_lookalike_words(text, fixes)


def _russian_lookalike_words(text: str, fixes: int) -> tuple[str, int]:
    """Latin words of look-alikes only, between two Russian words, in Russian letters."""
    pieces: list[str] = []
    cursor = 0
    for found in _LOOKALIKE_WORD.finditer(text):
        if fixes >= _MAX_MIXED_FIXES:
            break
        start, end = found.span()
        if not (
            _CYRILLIC_WORD_BEFORE.search(text, max(0, start - 4), start)
            and _CYRILLIC_WORD_AFTER.match(text, end)
        ):
            continue
        fixes += 1
        pieces += [text[cursor:start], found.group().translate(_LATIN_TO_CYRILLIC)]
        cursor = end
    if not pieces:
        return text, fixes
    pieces.append(text[cursor:])
    return "".join(pieces), fixes


def _word_edge(text: str, index: int, step: int) -> int:
    """Walk from index while letters continue, at most _MAX_WORD characters."""
    limit = _MAX_WORD
    position = index
    while limit and 0 <= position + step < len(text) and text[position + step].isalpha():
        position += step
        limit -= 1
    return position if step < 0 else position + 1


# A Markdown table's rows: a line that opens with a pipe, and the separator under its header.
_TABLE_LINE = re.compile(r"[ \t]*\|")
_TABLE_SEPARATOR = re.compile(r"[ \t]*\|[-:| \t]*-[-:| \t]*$")
_TABLE_REACH = 60  # rows walked up at most: a header further up is another table's


def name_pattern(name: str) -> str:
    """The pattern of a name in lower case, its words apart by any run of spaces."""
    return r"\s+".join(map(re.escape, name.split()))


def table_cells(row: str) -> list[str]:
    """The cells of a Markdown table's row, stripped of spaces and bold marks ("|| A | B |"
    opens with an empty cell)."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") else row
    return [cell.strip(" \t*") for cell in row.split("|")]


def table_header(text: str, row_start: int) -> list[str] | None:
    """The header cells of the Markdown table whose row starts at `row_start`, or None where
    that row is the table's first.

    The header is the row above the separator (`|---|---|`) or, in a table without one, its
    first row. One blank line between rows is stepped over: a plain-text file's table comes
    out of Extract with a paragraph break after every row.
    """
    start = row_start
    for _ in range(_TABLE_REACH):
        above = _line_above(text, start)
        if above is None or not _TABLE_LINE.match(text, above):
            break
        line_end = text.find("\n", above)
        if _TABLE_SEPARATOR.match(text[above:line_end]):
            header = _line_above(text, above)
            if header is None or not _TABLE_LINE.match(text, header):
                return None
            return table_cells(text[header : text.find("\n", header)])
        start = above
    if start == row_start:
        return None
    return table_cells(text[start : text.find("\n", start)])


def _line_above(text: str, line_start: int) -> int | None:
    """Where the line above starts, one blank line stepped over; None at the text's top."""
    if line_start <= 0:
        return None
    start = text.rfind("\n", 0, line_start - 1) + 1
    if not text[start : line_start - 1].strip() and start > 0:
        start = text.rfind("\n", 0, start - 1) + 1
    return start
