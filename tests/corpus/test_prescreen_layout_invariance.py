"""Prescreen reads a contract the same way whatever file it comes in.

CUAD's contracts are clean texts; users send typeset PDFs, Word files and texts wrapped at a
fixed width. The same 60 train contracts (the dev folds, as the wording check takes them) go
through Extract in each of those layouts, and the facts the rules decide must stay as they were
through Extract as plain text, within a few readings. No label is read.

Each layout's budget is one reading more than changed when this test was written. Before the
fixes it guards: typeset PDFs set ligatures ("Eﬀective Date"), which matched nothing (on 80 train
contracts 37 effective dates lost); a text wrapped at 72 columns had two-line paragraphs cut in
two by a blank line (19 readings of 342 contracts lost, 33 with words hyphenated across lines).
A text whose lines were joined by runs of spaces (as half of CUAD's filings are) lost its cover
fields, its header's date and the agreeing sentence after its title: 11 readings of these 60
contracts changed before the runs were read as line breaks where a line's start matters, 6 after
(a cover page's stacked sides, "Between / X / and / Y", still need their lines). A text wrapped
with no blank line anywhere (saved line by line) was one block, joined into one paragraph: its
title, headings and fields ran into the text, 11 readings changed; 4 once such a block is read
line by line, 3 once a short line whose first word had room on the line before ("... issue 7 /
Between") is read as a break the writer made.

Scans are measured apart, on fewer pages (OCR is slow): a typeset PDF's first pages read from
their text layer and from page images only must give the same facts. Their budget is none:
each reading they changed before its fix was one.
"""

from __future__ import annotations

import html
import io
import random
import re
import textwrap
import zipfile
from functools import cache
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

import pymupdf
import pytest
from PIL import Image

from chalicelib.extract import extract_document
from chalicelib.prescreen import RoutingPolicy, prescreen_document
from tests.limits import PRODUCTION_LIMITS
from tests.wording import changed_readings, dev_contracts_or_skip, rule_facts

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

pytestmark = pytest.mark.corpus

CONTRACTS = 60
_WIDTH = 72
_SPACES = re.compile(r"[ \t]+")
_WORD = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
    'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxml'
    'formats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"'
    '/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.wordprocessingml.document.main+xml"/></Types>'
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats'
    '.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxml'
    'formats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    "</Relationships>"
)


def _paragraphs(text: str) -> list[str]:
    """The text's lines as paragraphs, their runs of spaces folded (as any layout folds them)."""
    return [folded for line in text.split("\n") if (folded := _SPACES.sub(" ", line).strip())]


def _as_text(text: str) -> tuple[bytes, str]:
    return "\n\n".join(_paragraphs(text)).encode(), "txt"


def _typeset(text: str) -> tuple[bytes, str]:
    """Letter pages laid out by PyMuPDF's HTML engine (which sets ligatures), each with a
    running header and its page number."""
    body = "".join(f"<p>{html.escape(line)}</p>" for line in _paragraphs(text))
    story = pymupdf.Story(html=body, user_css="p {font-size: 11pt; margin-bottom: 6pt;}")
    buffer = io.BytesIO()
    writer = pymupdf.DocumentWriter(buffer)
    page = pymupdf.paper_rect("letter")
    more = True
    while more:
        device = writer.begin_page(page)
        more, _ = story.place(pymupdf.Rect(72, 72, page.width - 72, page.height - 72))
        story.draw(device)
        writer.end_page()
    writer.close()
    with pymupdf.open(stream=buffer.getvalue(), filetype="pdf") as document:
        for number, sheet in enumerate(document, 1):
            sheet.insert_text((72, 40), "CONFIDENTIAL", fontsize=8)
            sheet.insert_text((280, 760), f"Page {number} of {len(document)}", fontsize=9)
        return document.tobytes(), "pdf"


def _wrapped(text: str) -> tuple[bytes, str]:
    """Every paragraph wrapped at 72 columns, a blank line between paragraphs."""
    blocks = [
        "\n".join(textwrap.wrap(line, _WIDTH, break_on_hyphens=False)) for line in _paragraphs(text)
    ]
    return "\n\n".join(blocks).encode(), "txt"


def _wrapped_single(text: str) -> tuple[bytes, str]:
    """Every paragraph wrapped at 72 columns and no blank line anywhere, as a text saved line
    by line is: the whole document one block of lines."""
    lines = [row for line in _paragraphs(text) for row in textwrap.wrap(line, _WIDTH)]
    return "\n".join(lines).encode(), "txt"


def _word_file(text: str) -> tuple[bytes, str]:
    """A Word file whose runs break mid-word, as Word's revisions break them."""
    chance = random.Random(len(text))  # a layout, not a secret
    paragraphs = []
    for line in _paragraphs(text):
        runs, at = [], 0
        while at < len(line):
            end = min(len(line), at + chance.randint(5, 60))
            piece = escape(line[at:end])
            runs.append(f'<w:r><w:t xml:space="preserve">{piece}</w:t></w:r>')
            at = end
        paragraphs.append(f"<w:p>{''.join(runs)}</w:p>")
    document = f"<w:document {_WORD}><w:body>{''.join(paragraphs)}</w:body></w:document>"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("[Content_Types].xml", _CONTENT_TYPES)
        package.writestr("_rels/.rels", _RELS)
        package.writestr("word/document.xml", document)
    return buffer.getvalue(), "docx"


def _joined(text: str) -> tuple[bytes, str]:
    """Every line break turned into three spaces, as half of CUAD's filings already are."""
    return "   ".join(_paragraphs(text)).encode(), "txt"


# Each layout and the readings it may change over the contracts.
LAYOUTS: dict[str, tuple[Callable[[str], tuple[bytes, str]], int]] = {
    "typeset PDF": (_typeset, 2),
    "wrapped at 72 columns": (_wrapped, 1),
    "wrapped, single line breaks": (_wrapped_single, 4),
    "Word file": (_word_file, 1),
    "lines joined by spaces": (_joined, 7),
}


@cache
def _read(data: bytes, kind: str) -> dict[str, Any]:
    extraction = extract_document(data, declared_ext=kind, limits=PRODUCTION_LIMITS)
    pipeline = extraction.facts.pipeline
    return rule_facts(
        prescreen_document(extraction.markdown, pipeline=pipeline, policy=RoutingPolicy())
    )


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_a_layout_keeps_the_facts_of_the_text(layout: str) -> None:
    contracts = dev_contracts_or_skip(CONTRACTS)
    lay_out, budget = LAYOUTS[layout]
    changed = changed_readings(
        contracts, lambda text: _read(*_as_text(text)), lambda text: _read(*lay_out(text))
    )
    assert len(changed) <= budget, "\n".join(changed)


# The scanned layout: the first pages of a typeset PDF, once with their text layer and once
# as page images only (grey, 150 dpi, JPEG), which Extract reads by OCR ("rus+eng", as
# configured). OCR is slow, so fewer contracts and pages than the layouts above.
SCANNED_EVERY = 5  # every fifth of the contracts above, from the fourth: 12 of them
SCANNED_PAGES = 2
SCAN_DPI = 150
SCANNED_BUDGET = 0


def _first_pages(text: str) -> bytes:
    data, _ = _typeset(text)
    with pymupdf.open(stream=data, filetype="pdf") as document:
        document.select(range(min(SCANNED_PAGES, len(document))))
        return document.tobytes()


def _as_scan(pdf: bytes, *, dpi: int = SCAN_DPI, turn: float = 0.0, seed: str = "") -> bytes:
    """The PDF's pages as images with no text layer, as a scanner makes them; with `turn`,
    each page turned up to that many degrees either way and specked with dust (one pixel in
    20,000), as a sheet fed a little askew is."""
    chance = random.Random(seed)  # a layout, not a secret
    scan = pymupdf.open()
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        for sheet in document:
            image = sheet.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
            if turn:
                picture = Image.open(io.BytesIO(image.tobytes("png")))
                picture = picture.rotate(
                    chance.uniform(-turn, turn), fillcolor=255, resample=Image.Resampling.BICUBIC
                )
                pixels = picture.load()
                for _ in range(picture.width * picture.height // 20000):
                    spot = (chance.randrange(picture.width), chance.randrange(picture.height))
                    pixels[spot] = chance.choice((0, 255))
                buffer = io.BytesIO()
                picture.save(buffer, "JPEG", quality=60)
                data = buffer.getvalue()
            else:
                data = image.tobytes("jpg", jpg_quality=75)
            page = scan.new_page(width=sheet.rect.width, height=sheet.rect.height)
            page.insert_image(page.rect, stream=data)
    return scan.tobytes()


def test_a_scan_keeps_the_facts_of_its_text_layer() -> None:
    """Two readings of these 12 changed before their fixes: "JAMES W. NANTZ III", a side,
    came back from OCR as "NANTZ Ш" (Tesseract reading English with Russian too took the
    serif Roman numeral for one Cyrillic capital), and a cover's "Party B: Baidu ... Co., Ltd."
    ran on into "April 2013", the next line of the same block, which OCR's paragraphs had
    joined."""
    contracts = dev_contracts_or_skip(CONTRACTS)[3::SCANNED_EVERY]
    changed = changed_readings(
        contracts,
        lambda text: _read(_first_pages(text), "pdf"),
        lambda text: _read(_as_scan(_first_pages(text)), "pdf"),
    )
    assert len(changed) <= SCANNED_BUDGET, "\n".join(changed)


RUSSIAN_EVERY = 3  # every third of the Russian fixture texts, from the second: 9 of them
RUSSIAN_SCAN = {"dpi": 200, "turn": 0.7}


def test_a_russian_scan_keeps_the_facts_of_its_text_layer(fixtures_dir: Path) -> None:
    """The same for Russian contracts (no corpus needed), scanned askew. Before its fix a
    preamble's second side, "Общество с ограниченной ответственностью «Агроснаб-Воронеж»",
    was cut to "Общество с": Tesseract had ended its block mid-sentence."""
    texts = sorted((fixtures_dir / "ru_contracts_extra").glob("*.txt"))[1::RUSSIAN_EVERY]
    contracts = tuple((path.name, path.read_text(encoding="utf-8")) for path in texts)
    names = {text: name for name, text in contracts}  # each page's turn drawn by its file's name
    changed = changed_readings(
        contracts,
        lambda text: _read(_first_pages(text), "pdf"),
        lambda text: _read(_as_scan(_first_pages(text), seed=names[text], **RUSSIAN_SCAN), "pdf"),
    )
    assert len(contracts) == 9
    assert len(changed) <= SCANNED_BUDGET, "\n".join(changed)
