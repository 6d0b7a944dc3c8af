"""A PDF page's text layer as Markdown: headings by font size, paragraphs, ruled tables.

Headings come from the span sizes of `get_text("dict")`, which costs about what
plain text does. Tables are built (`pdf_grid`) only on pages whose vector drawings
form a grid of crossing rules, from those drawings and the same spans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from statistics import median
from typing import TYPE_CHECKING, Any

from chalicelib.extract.markdown import markdown_table
from chalicelib.extract.pdf_grid import grid_tables
from chalicelib.extract.text import join_wrapped_lines

if TYPE_CHECKING:
    import pymupdf

_BOLD_FLAG = 16
# A heading is notably larger than body text; a title much larger still.
HEADING_SCALE = 1.15
TITLE_SCALE = 1.5
MAX_HEADING_CHARS = 200
MAX_BOLD_HEADING_CHARS = 120
# A grid needs 3 distinct rules each way (2x2 cells); fewer is a frame or an underline.
MIN_GRID_RULES = 3
_RULE_MIN_LENGTH = 5.0
_RULE_MAX_THICKNESS = 3.0
_GRID_TOLERANCE = 2.0
_VECTOR_BLOCK = 3  # a vector path's box in a `get_text("dict")` with TEXT_COLLECT_VECTORS
_BULLETS = ("\u2022", "\u25cf", "\u25aa", "\u25e6", "\uf0b7", "\u2013", "\u2014")  # • ● ▪ ◦  – —
# "1.2." or "а)" opening a line, alone or before the item's text.
_ITEM_START = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*[.)]|[a-zа-яё]\))(?:\s+(?P<next>\S)|$)")

Rule = tuple[float, float, float]  # (start, end, position) of a horizontal or vertical rule


@dataclass(frozen=True)
class TextBlock:
    """A block of the text layer: its lines, position and typography."""

    bbox: tuple[float, float, float, float]
    lines: tuple[str, ...]
    size: float
    bold: bool

    @cached_property
    def chars(self) -> int:
        """Characters in the block (counted once: the heading and size passes ask often)."""
        return sum(len(line) for line in self.lines)


@dataclass(frozen=True)
class PageTable:
    """A table found on a page, already as Markdown."""

    bbox: tuple[float, float, float, float]
    markdown: str


def text_blocks(layout: dict[str, Any]) -> list[TextBlock]:
    """Compact text blocks from a `get_text("dict")` result (spans reduced to size and bold).

    It runs on every span of every page, so it avoids work where it can: blank spans
    (word spaces) add nothing to the sizes, and a line's text is joined once.
    """
    blocks = []
    for block in layout.get("blocks", ()):
        if block.get("type") != 0:
            continue
        lines: list[str] = []
        weighted = chars = bold_chars = 0.0
        for line in block.get("lines", ()):
            parts = []
            for span in line.get("spans", ()):
                span_text = span.get("text", "")
                parts.append(span_text)
                count = len(span_text.strip())
                if not count:
                    continue
                weighted += span.get("size", 0.0) * count
                chars += count
                if span.get("flags", 0) & _BOLD_FLAG or "bold" in span.get("font", "").lower():
                    bold_chars += count
            words = "".join(parts).split()
            if words:
                lines.append(" ".join(words))
        if lines and chars:
            x0, y0, x1, y1 = block.get("bbox", (0.0, 0.0, 0.0, 0.0))
            bbox = (float(x0), float(y0), float(x1), float(y1))
            blocks.append(TextBlock(bbox, tuple(lines), weighted / chars, bold_chars >= chars))
    return blocks


# A form field's value stands inside the field's box, and PyMuPDF gives it after the page's
# own text: "Party 1:" ... "Effective Date:", then "Alpha Corp." and "March 3, 2015" at the
# end of the page. A value goes back beside the label on its left (one line: "Party 1: Alpha
# Corp."), or else after the last block above it.
_FIELD_SLACK = 2.0
_MAX_FIELDS = 300


def with_form_values(
    blocks: list[TextBlock], fields: list[tuple[float, float, float, float]]
) -> list[TextBlock]:
    """The page's blocks with each form field's value put where the field stands (a page of
    more than _MAX_FIELDS fields, a grid of boxes or a hostile file, is left as it is)."""
    if len(fields) > _MAX_FIELDS:
        return blocks
    values = [block for block in blocks if any(_within(block.bbox, box) for box in fields)]
    if not values:
        return blocks
    moved = {id(block) for block in values}
    placed = [block for block in blocks if id(block) not in moved]
    for value in values:
        label = _label_of(value, placed)
        if label is not None and len(label.lines) == 1:
            index = placed.index(label)
            x0, y0, _, y1 = label.bbox
            line = " ".join((label.lines[0], *value.lines))
            placed[index] = TextBlock((x0, y0, value.bbox[2], y1), (line,), label.size, label.bold)
            continue
        placed.insert(_place_after(value, label, placed), value)
    return placed


def _place_after(value: TextBlock, label: TextBlock | None, blocks: list[TextBlock]) -> int:
    """Where a field's value goes among the page's blocks: after its label, or else after
    the last block that opens above it (first, if none does)."""
    if label is not None:
        return blocks.index(label) + 1
    above = (i for i in range(len(blocks) - 1, -1, -1) if blocks[i].bbox[1] <= value.bbox[1])
    return next(above, -1) + 1


def _within(bbox: tuple[float, ...], box: tuple[float, ...]) -> bool:
    """Whether a block's box lies in a field's (its value, drawn there)."""
    return (
        bbox[0] >= box[0] - _FIELD_SLACK
        and bbox[1] >= box[1] - _FIELD_SLACK
        and bbox[2] <= box[2] + _FIELD_SLACK
        and bbox[3] <= box[3] + _FIELD_SLACK
    )


def _label_of(value: TextBlock, blocks: list[TextBlock]) -> TextBlock | None:
    """The block on the value's line that ends nearest before it, if any."""
    middle = (value.bbox[1] + value.bbox[3]) / 2
    row = [
        block
        for block in blocks
        if block.bbox[1] <= middle <= block.bbox[3]
        and block.bbox[2] <= value.bbox[0] + _FIELD_SLACK
    ]
    return max(row, key=lambda block: block.bbox[2], default=None)


def body_size(pages: list[list[TextBlock]]) -> float:
    """The font size most text is set in: the character-weighted median of block sizes."""
    sizes: list[float] = []
    for blocks in pages:
        for block in blocks:
            # Weight by characters, capped so one block does not need a huge list.
            sizes.extend([round(block.size, 1)] * min(block.chars // 20 + 1, 50))
    return median(sizes) if sizes else 0.0


def drawings(page: pymupdf.Page) -> list[dict[str, Any]]:
    """The page's vector drawings, read once for both the grid test and the tables.

    `get_cdrawings` gives plain tuples, three times faster than `get_drawings`.
    """
    paths: list[dict[str, Any]] = page.get_cdrawings()  # type: ignore[no-untyped-call]
    return paths


def _rules(paths: list[dict[str, Any]]) -> tuple[list[Rule], list[Rule]]:
    """Horizontal and vertical rules among a page's vector drawings."""
    horizontal: list[Rule] = []
    vertical: list[Rule] = []
    for path in paths:
        stroked = path.get("color") is not None
        for item in path.get("items", ()):
            if item[0] == "l":
                (x0, y0), (x1, y1) = item[1], item[2]
                if abs(y0 - y1) < 1 and abs(x0 - x1) > _RULE_MIN_LENGTH:
                    horizontal.append((min(x0, x1), max(x0, x1), y0))
                elif abs(x0 - x1) < 1 and abs(y0 - y1) > _RULE_MIN_LENGTH:
                    vertical.append((min(y0, y1), max(y0, y1), x0))
            elif item[0] == "re":
                _rect_rules(item[1], stroked=stroked, horizontal=horizontal, vertical=vertical)
    return horizontal, vertical


def _rect_rules(
    rect: tuple[float, float, float, float],
    *,
    stroked: bool,
    horizontal: list[Rule],
    vertical: list[Rule],
) -> None:
    """A thin filled rectangle is one rule; a stroked box is four (a cell border)."""
    x0, y0, x1, y1 = rect
    width, height = abs(x1 - x0), abs(y1 - y0)
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    if height < _RULE_MAX_THICKNESS and width > _RULE_MIN_LENGTH:
        horizontal.append((x0, x1, (y0 + y1) / 2))
    elif width < _RULE_MAX_THICKNESS and height > _RULE_MIN_LENGTH:
        vertical.append((y0, y1, (x0 + x1) / 2))
    elif stroked and min(width, height) > _RULE_MIN_LENGTH:
        horizontal += [(x0, x1, y0), (x0, x1, y1)]
        vertical += [(y0, y1, x0), (y0, y1, x1)]


def may_be_ruled(layout: dict[str, Any]) -> bool:
    """False when a page's vector paths cannot hold both a horizontal and a vertical rule.

    `layout` is a `get_text("dict")` taken with `TEXT_COLLECT_VECTORS`: every path's box
    comes with it (type 3 blocks). A rule longer than `_RULE_MIN_LENGTH` makes its path's
    box at least that wide or tall, so a page without a path both ways has no grid, and
    its drawings need not be read (most pages of prose: an underline, a signature line).
    """
    wide = tall = False
    for block in layout.get("blocks", ()):
        if block.get("type") != _VECTOR_BLOCK:
            continue
        x0, y0, x1, y1 = block["bbox"]
        wide = wide or x1 - x0 > _RULE_MIN_LENGTH
        tall = tall or y1 - y0 > _RULE_MIN_LENGTH
        if wide and tall:
            return True
    return False


def looks_ruled(paths: list[dict[str, Any]]) -> bool:
    """True when rules cross in a grid of at least 3x3 distinct lines (a table's borders)."""
    horizontal, vertical = _rules(paths)
    if len(horizontal) < MIN_GRID_RULES or len(vertical) < MIN_GRID_RULES:
        return False
    xs: set[int] = set()
    ys: set[int] = set()
    tol = _GRID_TOLERANCE
    for x0, x1, y in horizontal:
        for y0, y1, x in vertical:
            if x0 - tol <= x <= x1 + tol and y0 - tol <= y <= y1 + tol:
                # Rules a hair apart (double borders) count as one.
                xs.add(round(x / 3))
                ys.add(round(y / 3))
        if len(xs) >= MIN_GRID_RULES and len(ys) >= MIN_GRID_RULES:
            return True
    return False


def page_tables(paths: list[dict[str, Any]], layout: dict[str, Any]) -> list[PageTable]:
    """Ruled tables of at least 2x2 cells on a page that `looks_ruled`.

    `paths` are the page's `drawings`, `layout` its `get_text("dict")`.
    """
    tables = []
    for table in grid_tables(paths, layout):
        rows = table.rows
        if len(rows) < 2 or len(rows[0]) < 2:
            continue
        if any(any(cell.strip() for cell in row) for row in rows):
            tables.append(PageTable(table.bbox, markdown_table(rows)))
    return tables


def _inside(block: TextBlock, table: PageTable) -> bool:
    x = (block.bbox[0] + block.bbox[2]) / 2
    y = (block.bbox[1] + block.bbox[3]) / 2
    x0, y0, x1, y1 = table.bbox
    return x0 <= x <= x1 and y0 <= y <= y1


def _starts_item(line: str) -> bool:
    """True for a bullet or a clause number opening a line.

    A number followed by a lowercase word is a wrapped reference ("... в порядке п.
    6.1.1. настоящей оферты"), not a new clause.
    """
    if line.startswith(_BULLETS):
        return True
    match = _ITEM_START.match(line)
    if not match:
        return False
    following = match.group("next")
    return following is None or not following.islower() or line[0].isalpha()


def _split_items(lines: tuple[str, ...]) -> list[list[str]]:
    """A block's lines grouped into paragraphs; a bullet or clause number starts a new one."""
    groups: list[list[str]] = []
    for line in lines:
        if not groups or _starts_item(line):
            groups.append([])
        groups[-1].append(line)
    return groups


def block_markdown(block: TextBlock, body: float) -> str:
    """A block as a heading (by size, or bold and short) or as paragraphs and list items."""
    text = " ".join(block.lines)
    if body and len(block.lines) <= 3 and block.chars <= MAX_HEADING_CHARS:
        if block.size >= body * TITLE_SCALE:
            return f"# {text}"
        if block.size >= body * HEADING_SCALE:
            return f"## {text}"
    short = len(block.lines) <= 2 and block.chars <= MAX_BOLD_HEADING_CHARS
    if block.bold and short and any(c.isalpha() for c in text) and not text.endswith((":", ",")):
        return f"### {text}"
    paragraphs = []
    for group in _split_items(block.lines):
        paragraph = join_wrapped_lines(group)
        if paragraph.startswith(_BULLETS):
            paragraph = "- " + paragraph[1:].lstrip()
        paragraphs.append(paragraph)
    return "\n\n".join(paragraphs)


def _heading_prefix(markdown: str) -> str | None:
    prefix, _, _ = markdown.partition(" ")
    return prefix if prefix and set(prefix) == {"#"} else None


def page_markdown(blocks: list[TextBlock], tables: list[PageTable], body: float) -> str:
    """A page's Markdown: blocks in reading order, each table in place of the text it covers."""
    parts: list[str] = []
    pending = sorted(tables, key=lambda table: table.bbox[1])
    previous: TextBlock | None = None
    for block in blocks:
        if any(_inside(block, table) for table in tables):
            continue
        while pending and pending[0].bbox[1] <= block.bbox[1]:
            parts.append(pending.pop(0).markdown)
            previous = None
        markdown = block_markdown(block, body)
        prefix = _heading_prefix(markdown)
        if prefix and previous and parts and _heading_prefix(parts[-1]) == prefix:
            line_height = block.bbox[3] - block.bbox[1]
            if 0 <= block.bbox[1] - previous.bbox[3] < line_height:
                # A title set as two blocks (two centred lines) is one heading.
                parts[-1] += markdown[len(prefix) :]
                previous = block
                continue
        parts.append(markdown)
        previous = block
    parts.extend(table.markdown for table in pending)
    return "\n\n".join(part for part in parts if part)
