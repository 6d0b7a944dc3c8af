"""RTF to Markdown paragraphs, whatever mix of raw bytes, \\'xx and \\uN escapes it uses."""

from __future__ import annotations

import codecs
import re
from typing import TYPE_CHECKING

from striprtf.striprtf import rtf_to_text

from chalicelib.extract import text
from chalicelib.extract.reading import ReaderOutput, estimate_pages

if TYPE_CHECKING:
    from chalicelib.extract.reading import ReadContext

_ANSICPG = re.compile(rb"\\ansicpg(\d{3,5})")
# Groups that hold pictures, embedded objects or themes as long runs of hex: striprtf
# would walk them a character at a time, seconds per megabyte, for no text.
_BINARY_GROUP = re.compile(
    r"\{(?:\\\*)?\\(?:pict|objdata|objclass|datastore|themedata|colorschememapping|blipuid)\b"
)
_BRACE_OR_ESCAPE = re.compile(r"\\.|[{}]", re.DOTALL)


def _code_page(data: bytes) -> str | None:
    """The code page `\\ansicpg` declares, when Python knows it."""
    match = _ANSICPG.search(data[:4096])
    if not match:
        return None
    name = f"cp{int(match.group(1))}"
    try:
        codecs.lookup(name)
    except LookupError:
        return None
    return name


def decode_rtf(data: bytes) -> str:
    """RTF bytes as str: UTF-8 if valid (some tools write raw Cyrillic), else its code page."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    code_page = _code_page(data)
    if code_page:
        return data.decode(code_page, errors="replace")
    return text.decode_text(data) or data.decode("cp1251", errors="replace")


def drop_binary_groups(rtf: str) -> str:
    """The RTF without picture and object groups (found by brace matching, bounded by the text)."""
    kept: list[str] = []
    position = 0
    while match := _BINARY_GROUP.search(rtf, position):
        kept.append(rtf[position : match.start()])
        depth = 0
        end = len(rtf)
        for token in _BRACE_OR_ESCAPE.finditer(rtf, match.start()):
            if token.group() == "{":
                depth += 1
            elif token.group() == "}":
                depth -= 1
                if depth == 0:
                    end = token.end()
                    break
        position = end
    kept.append(rtf[position:])
    return "".join(kept)


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """An RTF document as Markdown paragraphs (one per `\\par`)."""
    source = drop_binary_groups(decode_rtf(data))
    ctx.check_deadline()
    # Escapes (\'xx) without a declared code page are most likely Windows Cyrillic here.
    code_page = _code_page(data) or "cp1251"
    plain: str = rtf_to_text(source, encoding=code_page, errors="replace")  # type: ignore[no-untyped-call]
    ctx.check_deadline()
    paragraphs = [" ".join(line.split()) for line in plain.splitlines()]
    markdown = "\n\n".join(p for p in paragraphs if p)
    return ReaderOutput(markdown=markdown, pages=estimate_pages(len(markdown)))
