"""What a DOCX's styles and numbering definitions say: heading levels and list labels."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

_HEADING_NAME = re.compile(r"^(?:heading|заголовок)\s*(\d)$", re.IGNORECASE)
_TITLE_NAMES = frozenset({"title", "название", "заголовок"})
_MAX_BASED_ON_DEPTH = 10
_RUSSIAN_LOWER = "абвгдежзиклмнопрстуфхцчшщэюя"


def local(tag: str) -> str:
    """An element's tag without its namespace (DOCX comes in two namespace flavours)."""
    return tag.rsplit("}", 1)[-1]


def attr(element: Element | None, name: str) -> str | None:
    """An attribute by local name, whatever its namespace prefix."""
    if element is None:
        return None
    for key, value in element.attrib.items():
        if local(key) == name:
            return value
    return None


def child(element: Element | None, name: str) -> Element | None:
    """The first child with local name `name`."""
    if element is None:
        return None
    for item in element:
        if local(item.tag) == name:
            return item
    return None


@dataclass(frozen=True)
class NumberingRef:
    """Which list and which level a paragraph belongs to."""

    num_id: str
    level: int


@dataclass
class Styles:
    """Heading levels and list membership of paragraph styles, with `basedOn` resolved."""

    headings: dict[str, int] = field(default_factory=dict)
    numbering: dict[str, NumberingRef] = field(default_factory=dict)

    @classmethod
    def parse(cls, root: Element | None) -> Styles:
        """Styles from `word/styles.xml` (an empty set when the part is missing)."""
        raw: dict[str, tuple[int | None, NumberingRef | None, str | None]] = {}
        for style in root if root is not None else ():
            if local(style.tag) != "style" or attr(style, "type") != "paragraph":
                continue
            style_id = attr(style, "styleId") or ""
            name = (attr(child(style, "name"), "val") or "").strip()
            ppr = child(style, "pPr")
            raw[style_id] = (
                heading_level(name, attr(child(ppr, "outlineLvl"), "val")),
                numbering_ref(child(ppr, "numPr")),
                attr(child(style, "basedOn"), "val"),
            )
        styles = cls()
        for style_id in raw:
            level, ref = _resolve(style_id, raw)
            if level is not None:
                styles.headings[style_id] = level
            if ref is not None:
                styles.numbering[style_id] = ref
        return styles


def _resolve(
    style_id: str, raw: dict[str, tuple[int | None, NumberingRef | None, str | None]]
) -> tuple[int | None, NumberingRef | None]:
    """A style's heading level and numbering, inherited along `basedOn` (bounded: may loop)."""
    level: int | None = None
    ref: NumberingRef | None = None
    current: str | None = style_id
    for _ in range(_MAX_BASED_ON_DEPTH):
        if current is None or current not in raw:
            break
        own_level, own_ref, current = raw[current]
        level = own_level if level is None else level
        ref = own_ref if ref is None else ref
    return level, ref


def heading_level(name: str, outline_level: str | None) -> int | None:
    """1-6 for a title or heading style name or an outline level, else None."""
    match = _HEADING_NAME.match(name)
    if match:
        return min(max(int(match.group(1)), 1), 6)
    if name.lower() in _TITLE_NAMES:
        return 1
    if outline_level is not None and outline_level.isdigit() and int(outline_level) < 6:
        return int(outline_level) + 1
    return None


def numbering_ref(num_pr: Element | None) -> NumberingRef | None:
    """The list a `w:numPr` points to; None for none or the "no numbering" id 0."""
    num_id = attr(child(num_pr, "numId"), "val")
    if num_id is None or num_id == "0":
        return None
    level = attr(child(num_pr, "ilvl"), "val") or "0"
    return NumberingRef(num_id=num_id, level=int(level) if level.isdigit() else 0)


@dataclass(frozen=True)
class _Level:
    fmt: str
    text: str
    start: int


@dataclass
class Numbering:
    """List definitions and running counters, turning a paragraph's list ref into its label."""

    levels: dict[str, dict[int, _Level]] = field(default_factory=dict)
    abstract_of: dict[str, str] = field(default_factory=dict)
    counters: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def parse(cls, root: Element | None) -> Numbering:
        """Definitions from `word/numbering.xml` (empty when the part is missing)."""
        numbering = cls()
        for item in root if root is not None else ():
            kind = local(item.tag)
            if kind == "abstractNum":
                levels: dict[int, _Level] = {}
                for lvl in item:
                    ilvl = attr(lvl, "ilvl") or ""
                    if local(lvl.tag) == "lvl" and ilvl.isdigit():
                        start = attr(child(lvl, "start"), "val") or "1"
                        levels[int(ilvl)] = _Level(
                            fmt=attr(child(lvl, "numFmt"), "val") or "decimal",
                            text=attr(child(lvl, "lvlText"), "val") or "",
                            start=int(start) if start.isdigit() else 1,
                        )
                numbering.levels[attr(item, "abstractNumId") or ""] = levels
            elif kind == "num":
                abstract = attr(child(item, "abstractNumId"), "val") or ""
                numbering.abstract_of[attr(item, "numId") or ""] = abstract
        return numbering

    def label(self, ref: NumberingRef) -> str | None:
        """The label ("1.2.", "а)", "-" for bullets) of the next paragraph in this list."""
        abstract = self.abstract_of.get(ref.num_id)
        levels = self.levels.get(abstract or "")
        if not levels or ref.level not in levels:
            return None
        level = levels[ref.level]
        if level.fmt == "bullet":
            return "-"
        counters = self.counters.setdefault(abstract or "", [0] * 10)
        if ref.level >= len(counters):
            return None
        counters[ref.level] += 1
        for deeper in range(ref.level + 1, len(counters)):
            counters[deeper] = 0

        def number(match: re.Match[str]) -> str:
            """The counter a `%N` placeholder stands for, in its level's format."""
            index = int(match.group(1)) - 1
            spec = levels.get(index)
            if spec is None:
                return ""
            value = counters[index] + spec.start - 1 if counters[index] else spec.start
            return format_number(value, spec.fmt)

        return re.sub(r"%(\d)", number, level.text).strip() or None


def format_number(value: int, fmt: str) -> str:
    """A list counter in Word's number formats."""
    if fmt in ("lowerLetter", "upperLetter"):
        letter = chr(ord("a") + (value - 1) % 26)
        return letter.upper() if fmt == "upperLetter" else letter
    if fmt in ("russianLower", "russianUpper"):
        letter = _RUSSIAN_LOWER[(value - 1) % len(_RUSSIAN_LOWER)]
        return letter.upper() if fmt == "russianUpper" else letter
    if fmt in ("lowerRoman", "upperRoman"):
        roman = _roman(value)
        return roman if fmt == "upperRoman" else roman.lower()
    if fmt == "decimalZero":
        return f"{value:02d}"
    if fmt == "none":
        return ""
    return str(value)


def _roman(value: int) -> str:
    numerals = (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    )  # fmt: skip
    if value <= 0:
        return str(value)
    out = []
    for amount, numeral in numerals:
        count, value = divmod(value, amount)
        out.append(numeral * count)
    return "".join(out)
