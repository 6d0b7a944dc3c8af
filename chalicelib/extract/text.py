"""Plain text: detecting its encoding and keeping its paragraphs."""

from __future__ import annotations

import bisect
import codecs
import itertools
import re
import unicodedata
from collections import Counter
from typing import TYPE_CHECKING

import charset_normalizer

from chalicelib.errors import UnreadableDocumentError
from chalicelib.extract.reading import ReaderOutput, estimate_pages

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chalicelib.extract.reading import ReadContext

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Only the encodings Russian and English users' files come in: a wider list lets
# charset-normalizer pick exotic code pages for short Cyrillic texts.
_CANDIDATE_ENCODINGS = [
    "utf_8", "cp1251", "koi8_r", "cp866", "mac_cyrillic", "cp1252", "iso8859_5",
    "utf_16", "utf_16_le", "utf_16_be",
]  # fmt: skip
SNIFF_SAMPLE_BYTES = 64 * 1024
# Text files carry tabs and line breaks, not other control characters; binary data does.
MAX_CONTROL_SHARE = 0.01
_ALLOWED_CONTROLS = frozenset("\t\n\r\f\v")
_DROPPED_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufeff]")
_SENTENCE_END = tuple(".:;!?")
_WRAP_WIDTHS = (40, 120)  # the widths texts are hard-wrapped at


def looks_like_text(data: bytes) -> bool:
    """True when the start of `data` decodes as text in an encoding we know."""
    sample = data[:SNIFF_SAMPLE_BYTES]
    return _decode(sample, complete=len(sample) == len(data)) is not None


def decode_text(data: bytes) -> str | None:
    """The text of `data` (BOM, UTF-8, or a detected Cyrillic/Latin code page); None if binary."""
    return _decode(data, complete=True)


def _decode(data: bytes, *, complete: bool) -> str | None:
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(codec, errors="replace")
    try:
        # A sample may end inside a multi-byte character: only a complete file must end clean.
        decoded = codecs.getincrementaldecoder("utf-8")().decode(data, final=complete)
    except UnicodeDecodeError:
        match = charset_normalizer.from_bytes(data, cp_isolation=_CANDIDATE_ENCODINGS).best()
        if match is None:
            return None
        decoded = str(match)
    return decoded if _control_share(decoded) <= MAX_CONTROL_SHARE else None


def _control_share(decoded: str) -> float:
    if not decoded:
        return 0.0
    controls = sum(
        1
        for c in decoded
        if c not in _ALLOWED_CONTROLS and unicodedata.category(c) in ("Cc", "Cs", "Co")
    )
    return controls / len(decoded)


def text_to_markdown(decoded: str) -> str:
    """Paragraphs of a plain text as Markdown: blank-line blocks, hard wraps joined."""
    cleaned = _DROPPED_CONTROLS.sub("", decoded.replace("\r\n", "\n").replace("\r", "\n"))
    # each line as written, indented or not: where it ends tells whether the next word fitted
    written = [
        _grid_rows_joined(
            [line.rstrip().expandtabs() for line in block.split("\n") if line.strip()]
        )
        for block in re.split(r"\n\s*\n", cleaned)
    ]
    blocks = [[line.strip() for line in lines] for lines in written]
    width = _wrap_width([len(line) for lines in blocks for line in lines])
    paragraphs: list[str] = []
    for block, block_as_written in zip(blocks, written, strict=True):
        for lines, as_written, is_table in _table_runs(block, block_as_written):
            if is_table:
                paragraphs.append("\n".join(lines))
                continue
            paragraphs.extend(_block_paragraphs(lines, as_written, width))
    return "\n\n".join(_across_page_breaks(paragraphs))


# A printed page's mark that a filed text keeps between two pages: "Page 2 of 7", "-3-",
# "<PAGE>", "12", "<PAGE> 4".
_PAGE_MARK = re.compile(
    r"(?:<page>\s*)?(?:page\s+)?[-–—]?\s*\d{1,3}\s*[-–—]?(?:\s+of\s+\d{1,3})?(?:\s*<page>)?|<page>",
    re.IGNORECASE,
)
# A paragraph cut off mid-sentence: long, ending on a word or a comma; or shorter, ending on a
# word no sentence ends on ("6.1 Termination for Convenience. Buyer may terminate this" over
# the page's number, "Agreement, in whole or in part, ..." on the next page)
_CUT_OFF = re.compile(
    r"[^\n]{60,}[\w,]"
    r"|[^\n]{12,}\s(?:the|this|that|these|a|an|of|to|and|or|in|by|for|with|on|at|from|such|any"
    r"|its|their|shall|may|will|is|are|be)"
)
# A number in words cut off before its figure: "... for a period of three" over the page's
# number, "(3) years from the Effective Date" on the next page (a figure in brackets there is
# no list item's mark)
_NUMBER_IN_WORDS_CUT = re.compile(
    r"[^\n]{12,}\s(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|eighteen|twenty|thirty|forty|forty-five|fifty|sixty|seventy|seventy-five|eighty|ninety"
    r"|hundred|thousand)"
)
_FIGURE_IN_BRACKETS = re.compile(r"\(\d{1,4}\)\s")
# What opens a paragraph of its own, not the rest of a sentence: a section's number, a list
# item's mark, a heading's word.
_OWN_OPENING = re.compile(
    r"(?:\d+(?:\.\d+)*\.?|\(?[a-z0-9]{1,4}\))\s|(?:article|section|schedule|exhibit|annex)\b",
    re.IGNORECASE,
)


# A running header or footer is a short line of its own.
_MAX_RUNNING_LINE = 100
_MIN_RUNNING = 3


def _running_lines(paragraphs: list[str], marks: list[bool]) -> set[str]:
    """The one-line paragraphs that stand beside a page break's marks at three breaks or more,
    and at half of them: a running header or footer ("CONFIDENTIAL TREATMENT REQUESTED" under
    each "- 3 -" and "<PAGE>"). `marks` tells which paragraphs are a page's mark."""
    seen: Counter[str] = Counter()
    breaks = 0
    at = 0
    while at < len(paragraphs):
        if not marks[at]:
            at += 1
            continue
        end = at
        while end < len(paragraphs) and marks[end]:
            end += 1
        breaks += 1
        for beside in paragraphs[max(0, at - 1) : at] + paragraphs[end : end + 1]:
            line = beside.strip()
            # (a heading is no furniture: "SCHEDULE 4" over the schedule on the next page)
            if (
                line
                and "\n" not in line
                and len(line) <= _MAX_RUNNING_LINE
                and not _OWN_OPENING.match(line)
            ):
                seen[line] += 1
        at = end
    # (on most of the pages, not a form's "[Form follows.]" beside two exhibits' numbers)
    return {line for line, count in seen.items() if count >= _MIN_RUNNING and 2 * count >= breaks}


def _across_page_breaks(paragraphs: list[str]) -> list[str]:
    """The paragraphs with a sentence a page break cut rejoined: "... If the other party
    accepts the request in writing within thirty (30) days after receiving it, this" / "Page 2
    of 7" / "Agreement will be renewed for the further term ..." is one paragraph, its mark
    dropped, and the running header or footer beside it (`_running_lines`). A mark between
    whole paragraphs stays where it is."""
    joined: list[str] = []
    carried = ""  # the first part of a sentence a page break cut, waiting for its rest
    marks = [_PAGE_MARK.fullmatch(paragraph.strip()) is not None for paragraph in paragraphs]
    running = _running_lines(paragraphs, marks)
    position = 0
    while position < len(paragraphs):
        paragraph = carried + paragraphs[position]
        carried = ""
        following = position + 1
        marked = False  # (a running line alone is no page break: the letter's own date line)
        while following < len(paragraphs):
            if marks[following]:
                marked = True
            elif paragraphs[following].strip() not in running:
                break
            following += 1
        if (
            marked
            and following < len(paragraphs)
            and _cut_by_the_page(paragraph.rsplit("\n", 1)[-1], paragraphs[following])
        ):
            carried = paragraph + " "
            position = following
            continue
        joined.append(paragraph)
        position += 1
    return joined


def _cut_by_the_page(last_line: str, next_paragraph: str) -> bool:
    """Whether a paragraph whose last line is `last_line` is a sentence cut off that
    `next_paragraph`, across a page break, finishes."""
    if not _CUT_OFF.fullmatch(last_line):
        return False
    if next_paragraph[:1].isalpha():
        return not _OWN_OPENING.match(next_paragraph)
    return bool(
        _NUMBER_IN_WORDS_CUT.fullmatch(last_line) and _FIGURE_IN_BRACKETS.match(next_paragraph)
    )


def _block_paragraphs(lines: list[str], as_written: list[str], width: float | None) -> list[str]:
    """The paragraphs of lines written without a blank line between them."""
    lines, as_written = _with_hanging_values(lines, as_written)
    ends = [len(line) for line in as_written]
    if _is_hard_wrapped(lines):
        return _unwrapped(lines, ends)
    if width is not None:
        return _reflowed(lines, width, ends)
    return lines


# A grid table's border ("+------+-------+", "+======+=======+") and its rows, whose cells may
# run over several lines between two borders:
#   | Initial Term | the period commencing on the Effective Date and |
#   |              | ending on the fifth (5th) anniversary of it.    |
_GRID_BORDER = re.compile(r"[ \t]*\+(?:[-=:]+\+)+")
_GRID_LINE = re.compile(r"[ \t]*\|.*\|")


def _grid_rows_joined(lines: list[str]) -> list[str]:
    """The lines with each grid table's rows one line each, a cell's lines joined ("| Initial
    Term | the period commencing on the Effective Date and ending on the fifth (5th)
    anniversary of it. |"), and its borders dropped: a Markdown table, read as one."""
    if not any(_GRID_BORDER.fullmatch(line) for line in lines):
        return lines
    out: list[str] = []
    row: list[list[str]] = []  # the pieces of each cell of the row being read
    columns = 0  # the cells between the last border's "+"s (0: not in a table)

    def flush() -> None:
        if row:
            out.append("| " + " | ".join(" ".join(" ".join(cell).split()) for cell in row) + " |")
            row.clear()

    for line in lines:
        if _GRID_BORDER.fullmatch(line):
            flush()
            columns = line.count("+") - 1
            continue
        cells = line.strip().split("|")[1:-1] if _GRID_LINE.fullmatch(line) else []
        if columns and len(cells) == columns:
            if not row:
                row.extend([] for _ in cells)
            for pieces, cell in zip(row, cells, strict=True):
                if cell.strip():
                    pieces.append(cell.strip())
            continue
        flush()
        columns = 0
        out.append(line)
    flush()
    return out


# A Markdown table's row, as a plain text may hold one ("| Итого | 1 000 |").
_TABLE_ROW = re.compile(r"\|.*\|")


def _table_runs(lines: list[str], as_written: list[str]) -> list[tuple[list[str], list[str], bool]]:
    """A block cut into its runs of Markdown table rows (two or more, kept line by line as one
    table) and the runs of other lines between them."""
    runs: list[tuple[list[str], list[str], bool]] = []
    start = 0
    for is_table, group in itertools.groupby(
        range(len(lines)), key=lambda i: bool(_TABLE_ROW.fullmatch(lines[i]))
    ):
        count = len(list(group))
        table = is_table and count >= 2
        if runs and not table and not runs[-1][2]:  # a lone pipe line stays with its text
            runs[-1][0].extend(lines[start : start + count])
            runs[-1][1].extend(as_written[start : start + count])
        else:
            runs.append((lines[start : start + count], as_written[start : start + count], table))
        start += count
    return runs


# A text wrapped at a fixed width (an EDGAR filing's 70 columns, an e-mail's 72): most of its
# lines run close to that width, and a paragraph's last line, a heading or a list item stops
# short of it.
_MIN_WRAPPED_LINES = 8
_WRAP_PERCENTILE = 0.95
_FULL_LINE = 0.7
_FULL_SHARE = 0.3


def _wrap_width(lengths: Sequence[float]) -> float | None:
    """The width the whole text was hard-wrapped at, or None where its lines are paragraphs."""
    if len(lengths) < _MIN_WRAPPED_LINES:
        return None
    ordered = sorted(lengths)
    width = ordered[int(_WRAP_PERCENTILE * (len(ordered) - 1))]
    if not _WRAP_WIDTHS[0] <= width <= _WRAP_WIDTHS[1]:
        return None
    full = len(ordered) - bisect.bisect_left(ordered, _FULL_LINE * width)
    return width if full >= _FULL_SHARE * len(ordered) else None


def _reflowed(
    lines: list[str], width: float, ends: Sequence[float], measure: Callable[[str], float] = len
) -> list[str]:
    """A block's paragraphs in a hard-wrapped text: a line that runs to the width and ends
    no sentence goes on in the next ("shall be construed in / accordance with the laws"),
    where a block of a heading and two wrapped lines is not wrapped as a whole. `ends` are
    the columns the lines end at as written (their indent counted); `measure` is how long a
    piece of a line is (characters; a printed page's `visual_length`)."""
    paragraphs: list[list[str]] = [[lines[0]]]
    for at, (previous, line) in enumerate(itertools.pairwise(lines)):
        if (
            measure(previous) >= _FULL_LINE * width
            and not previous.endswith(_SENTENCE_END)
            and not _columns(previous)
            and not _columns(line)
            and (previous.endswith(",") or not _written_break(ends[at], line, width, measure))
        ) or _hyphenated(previous, line):
            paragraphs[-1].append(line)
        else:
            paragraphs.append([line])
    return [join_wrapped_lines(paragraph) for paragraph in paragraphs]


def _written_break(
    end: float, following: str, width: float, measure: Callable[[str], float] = len
) -> bool:
    """Whether a break after a line ending at column `end` was written, not wrapped: the next
    line is a short one that ends no sentence (a heading, a field, "Between") and its first
    word had room on this line, where wrapping would have put it ("GLOBAL MAINTENANCE
    AGREEMENT Contract No. DS/CS-3957/14 issue 7 / Between"). A long line after it goes on
    with the paragraph whatever the room: the width is estimated, and a text's longer lines
    (a table's) set it past the columns its paragraphs were wrapped at."""
    return (
        measure(following) < _FULL_LINE * width
        and not following.endswith(_SENTENCE_END)
        and end + measure(" ") + measure(following.split(" ", 1)[0]) <= width
    )


# A gap this wide inside a line sets columns apart (a signature block's two sides, a form's
# label and value): such lines are a layout, not a paragraph wrapped.
_COLUMN_GAP = re.compile(r"\S {3,}\S")
# ... but not the gap after a clause's number that opens a hanging indent ("13.2     This
# Agreement shall be governed by ..." over lines indented to the text): that is one paragraph.
_HANGING_MARK = re.compile(
    r"(?i:\d{1,3}(?:\.\d{1,3})*\.?|\([a-z0-9]{1,4}\)|[a-z]\.|[ivx]{1,4}\.) {2,}(?=\S)"
)


# A form's field, its label apart from its value by a gap: "Renewal:              Successive one
# (1) year renewal terms, unless", the value going on in lines indented to its column.
_FIELD_VALUE = re.compile(r"[ \t]*[^\s:][^:]{0,40}:[ ]{3,}(?=\S)")


def _with_hanging_values(lines: list[str], as_written: list[str]) -> tuple[list[str], list[str]]:
    """A block's lines with each field's value put back on one line where it goes on in the
    lines below, indented to the value's column, until a line ends a sentence: a cover
    sheet's "Renewal:   Successive one (1) year renewal terms, unless" over "either party
    gives written notice of ..." is one field, not a field and three paragraphs."""
    kept: list[str] = []
    kept_as_written: list[str] = []
    column: int | None = None
    for line, written in zip(lines, as_written, strict=True):
        indent = len(written) - len(written.lstrip())
        if column is not None and indent == column and not _columns(line):
            kept[-1] = f"{kept[-1]} {line}"
            kept_as_written[-1] = f"{kept_as_written[-1]} {line}"
        else:
            kept.append(line)
            kept_as_written.append(written)
            field = _FIELD_VALUE.match(written)
            column = field.end() if field is not None else None
        if line.endswith(_SENTENCE_END):
            column = None
    return kept, kept_as_written


def _columns(line: str) -> bool:
    """Whether a line is laid out in columns (`_COLUMN_GAP`), past a hanging indent's mark."""
    opening = _HANGING_MARK.match(line)
    return _COLUMN_GAP.search(line, opening.end() if opening else 0) is not None


def _is_hard_wrapped(lines: list[str]) -> bool:
    """True when a block's lines were broken at a fixed width rather than per paragraph."""
    if len(lines) < 3 or any(_columns(line) for line in lines):
        return False
    width = max(len(line) for line in lines)
    if not _WRAP_WIDTHS[0] <= width <= _WRAP_WIDTHS[1]:
        return False
    body = lines[:-1]
    full = sum(1 for line in body if len(line) >= 0.75 * width)
    open_ended = sum(1 for line in body if not line.endswith(_SENTENCE_END))
    return full >= 0.6 * len(body) and open_ended >= 0.6 * len(body)


def _unwrapped(lines: list[str], ends: list[int]) -> list[str]:
    """A hard-wrapped block's paragraphs: one, where every line but its last runs to the
    width; else line by line (`_reflowed`), as in a whole document saved with single line
    breaks, whose headings, fields and short last lines of paragraphs stop short of it."""
    width = max(len(line) for line in lines)
    if all(len(line) >= _FULL_LINE * width for line in lines[:-1]):
        return [join_wrapped_lines(lines)]
    return _reflowed(lines, width, ends)


# Helvetica's advance widths, in thousandths of an em, of the characters of English text; any
# other character as a digit (a capital as an "N"). Divided by their mean over contract
# prose, they make a printed line's length comparable to a count of characters: a line of
# capitals runs to the margin in fewer characters than a line of small letters.
_ADVANCE = {
    **dict(zip("abcdefghijklmnopqrstuvwxyz", (
        556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
        556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
    ), strict=True)),
    **dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (
        667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
        722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
    ), strict=True)),
    " ": 278, ".": 278, ",": 278, ":": 278, ";": 278, "(": 333, ")": 333, '"': 355,
    "'": 191, "-": 333,
}  # fmt: skip
_DIGIT_ADVANCE = 556
_CAPITAL_ADVANCE = 722
_PROSE_ADVANCE = 445  # the mean advance of a character of CUAD's contract prose


def visual_length(text: str) -> float:
    """How far a printed line's characters run, in characters of average prose."""
    total = 0
    for char in text:
        advance = _ADVANCE.get(char)
        if advance is None:
            advance = _CAPITAL_ADVANCE if char.isupper() else _DIGIT_ADVANCE
        total += advance
    return total / _PROSE_ADVANCE


def printed_paragraphs(blocks: list[list[str]]) -> list[str]:
    """A printed page's paragraphs from its blocks of lines (OCR's, apart by blank lines).

    Where the page's lines run to one width, a block's line that stops short of it (or a
    short one that starts where the line before had room for its first word) ends a
    paragraph, and a block whose last line runs to the width mid-sentence goes on in the
    next one, if that opens with a word in small letters ("... и Общество с / ограниченной
    ответственностью ..."). Lines are measured as they run printed (`visual_length`). Where
    too few lines run to one width to tell, each block is one paragraph."""
    width = _wrap_width([visual_length(line) for lines in blocks for line in lines])
    if width is None:
        return [join_wrapped_lines(lines) for lines in blocks if lines]
    merged: list[list[str]] = []
    for lines in filter(None, blocks):
        if merged and _goes_on(merged[-1][-1], lines[0], width):
            merged[-1].extend(lines)
        else:
            merged.append(list(lines))
    return [
        paragraph
        for lines in merged
        for paragraph in _reflowed(
            lines, width, [visual_length(line) for line in lines], visual_length
        )
    ]


# A word of small letters that opens a block and goes on with the sentence before it: not a
# list item's letter or numeral ("a)", "iii.").
_OPENS_MID_SENTENCE = re.compile(r"[^\W\d_]{2,}\b(?![).])")


def _goes_on(last: str, following: str, width: float) -> bool:
    """Whether a block whose last line is `last` goes on in the next block, whose first line
    is `following`."""
    return (
        visual_length(last) >= _FULL_LINE * width
        and not last.endswith(_SENTENCE_END)
        and following[:1].islower()
        and _OPENS_MID_SENTENCE.match(following) is not None
    )


def _hyphenated(line: str, following: str) -> bool:
    """Whether a line ends in a word hyphenated across the break ("insu- / rance", and a
    word in capitals: "AGREE- / MENT")."""
    return line.endswith("-") and (
        (line[-2:-1].isalpha() and following[:1].islower())
        or (line[-3:-1].isalpha() and line[-3:-1].isupper() and following[:2].isupper())
    )


def join_wrapped_lines(lines: list[str]) -> str:
    """Lines of one paragraph joined by spaces, a word hyphenated across a break rejoined."""
    joined = lines[0]
    for line in lines[1:]:
        joined = joined[:-1] + line if _hyphenated(joined, line) else f"{joined} {line}"
    return joined


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A plain-text file as Markdown paragraphs."""
    decoded = decode_text(data)
    if decoded is None:
        raise UnreadableDocumentError(
            "The text file's encoding could not be recognised. Save it as UTF-8 and send it again."
        )
    ctx.check_deadline()
    markdown = text_to_markdown(decoded)
    return ReaderOutput(markdown=markdown, pages=estimate_pages(len(markdown)))
