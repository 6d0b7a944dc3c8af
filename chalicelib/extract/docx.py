"""DOCX to Markdown: paragraphs, headings from styles, numbered lists and tables."""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from chalicelib.errors import UnreadableDocumentError
from chalicelib.extract.docx_styles import (
    Numbering,
    Styles,
    attr,
    child,
    heading_level,
    local,
    numbering_ref,
)
from chalicelib.extract.markdown import markdown_table
from chalicelib.extract.ooxml import OoxmlPackage
from chalicelib.extract.reading import ReaderOutput, estimate_pages

if TYPE_CHECKING:
    from collections.abc import Iterator
    from xml.etree.ElementTree import Element

    from chalicelib.extract.reading import ReadContext

# Subtrees whose text is not the document's: properties, the VML copy of a drawing
# (mc:Fallback repeats mc:Choice), deleted and moved-away revisions.
_SKIPPED = frozenset({"pPr", "rPr", "tblPr", "Fallback", "del", "moveFrom", "instrText"})
_CONTAINERS = frozenset({"sdt", "sdtContent", "customXml", "smartTag", "ins", "moveTo"})
# Tabs align columns on paper; in text they are just a gap.
_BREAKS = {"tab": " ", "br": "\n", "cr": "\n", "noBreakHyphen": "-"}
_SPACE_RUNS = re.compile(r"[ \t]{2,}")
_DEADLINE_EVERY = 200


def _walk(element: Element) -> Iterator[Element]:
    """Descendants in document order, skipping non-text subtrees; iterative (depth is hostile)."""
    stack = [iter(element)]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
            continue
        if local(item.tag) in _SKIPPED:
            continue
        yield item
        stack.append(iter(item))


def paragraph_text(paragraph: Element) -> str:
    """The visible text of a paragraph (runs, tabs, breaks, hyperlinks, text boxes)."""
    parts: list[str] = []
    for item in _walk(paragraph):
        tag = local(item.tag)
        if tag == "t":
            parts.append(item.text or "")
        elif tag in _BREAKS:
            parts.append(_BREAKS[tag])
    return _SPACE_RUNS.sub(" ", "".join(parts)).strip()


class _Renderer:
    """Turns body elements into Markdown blocks, keeping list counters across paragraphs."""

    def __init__(self, styles: Styles, numbering: Numbering, ctx: ReadContext) -> None:
        self.styles = styles
        self.numbering = numbering
        self.ctx = ctx
        self.blocks: list[str] = []
        self.tables = 0
        self._seen = 0

    def render(self, body: Element) -> None:
        """Append the blocks of every paragraph and table in `body`, in order."""
        stack = [iter(body)]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
                continue
            self._seen += 1
            if self._seen % _DEADLINE_EVERY == 0:
                self.ctx.check_deadline()
            tag = local(item.tag)
            if tag == "p":
                self._paragraph(item)
            elif tag == "tbl":
                self._table(item)
            elif tag in _CONTAINERS:
                stack.append(iter(item))

    def _paragraph(self, paragraph: Element) -> None:
        text = paragraph_text(paragraph)
        if not text:
            return
        ppr = child(paragraph, "pPr")
        style = attr(child(ppr, "pStyle"), "val") or ""
        level = heading_level("", attr(child(ppr, "outlineLvl"), "val"))
        level = level or self.styles.headings.get(style)
        ref = numbering_ref(child(ppr, "numPr")) or self.styles.numbering.get(style)
        label = self.numbering.label(ref) if ref else None
        if label == "-" and ref is not None:
            text = "  " * ref.level + "- " + text
        elif label:
            text = f"{label} {text}"
        if level is not None:
            text = "#" * level + " " + " ".join(text.split())
        self.blocks.append(text)

    def _table(self, table: Element) -> None:
        rows: list[list[str]] = []
        for row in table:
            if local(row.tag) != "tr":
                continue
            cells: list[str] = []
            for cell in row:
                if local(cell.tag) != "tc":
                    continue
                tcpr = child(cell, "tcPr")
                merged = child(tcpr, "vMerge")
                continued = merged is not None and attr(merged, "val") in (None, "continue")
                texts = [paragraph_text(p) for p in _walk(cell) if local(p.tag) == "p"]
                cells.append("" if continued else "\n".join(t for t in texts if t))
                span = attr(child(tcpr, "gridSpan"), "val") or "1"
                cells.extend([""] * (int(span) - 1 if span.isdigit() else 0))
            if any(cells):
                rows.append(cells)
        if not rows:
            return
        if len(rows) == 1 and len(rows[0]) == 1:
            # A one-cell table is a frame around text, not tabular data.
            self.blocks.append(rows[0][0])
            return
        self.tables += 1
        self.blocks.append(markdown_table(rows))


def resolve_target(folder: str, target: str) -> str:
    """A relationship target as a package path (absolute, or relative to the source folder)."""
    path = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
    return posixpath.normpath(path)


def _related_part(package: OoxmlPackage, main: str, kind: str) -> str | None:
    """The part of relationship type `kind` (styles, numbering) next to the main part."""
    folder, name = posixpath.split(main)
    rels = posixpath.join(folder, "_rels", f"{name}.rels")
    if rels in package.names:
        for rel in package.parse_xml(rels):
            if (attr(rel, "Type") or "").endswith(f"/{kind}"):
                target = attr(rel, "Target") or ""
                return resolve_target(folder, target)
    fallback = posixpath.join(folder, f"{kind}.xml")
    return fallback if fallback in package.names else None


def _declared_pages(package: OoxmlPackage) -> int | None:
    """The page count Word saved in `docProps/app.xml`, when it did."""
    if "docProps/app.xml" not in package.names:
        return None
    pages = child(package.parse_xml("docProps/app.xml"), "Pages")
    text = (pages.text or "").strip() if pages is not None else ""
    return int(text) if text.isdigit() and int(text) > 0 else None


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A DOCX document as Markdown."""
    package = OoxmlPackage(data, ctx.limits)
    main = package.main_part() or "word/document.xml"
    if main not in package.names:
        raise UnreadableDocumentError("The DOCX file has no document body. Save it again in Word.")
    root = package.parse_xml(main)
    styles_part = _related_part(package, main, "styles")
    numbering_part = _related_part(package, main, "numbering")
    renderer = _Renderer(
        Styles.parse(package.parse_xml(styles_part) if styles_part else None),
        Numbering.parse(package.parse_xml(numbering_part) if numbering_part else None),
        ctx,
    )
    body = child(root, "body")
    if body is not None:
        renderer.render(body)
    markdown = "\n\n".join(renderer.blocks)
    pages = _declared_pages(package) or estimate_pages(len(markdown))
    return ReaderOutput(markdown=markdown, pages=pages, has_tables=renderer.tables > 0)
