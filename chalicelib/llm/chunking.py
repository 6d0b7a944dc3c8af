"""Heading-aware chunking: a contract's Markdown cut into pieces a model can read whole.

The text is split at headings (Markdown `#` lines and numbered clause headings such as
"5. ОТВЕТСТВЕННОСТЬ СТОРОН" or "12. Governing Law") into sections; whole sections are
packed into chunks of at most `chunk_chars`; a section too long for one chunk is split
at paragraphs, then sentences, then spaces. Every chunk after the first starts with up
to `overlap_chars` of its predecessor's tail, so a clause cut at a boundary is read
whole once. A chunk is a verbatim span of the text, so its quotes are the document's.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

_MD_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_NUMBERED_HEADING = re.compile(
    r"^(?:(?:статья|раздел|глава|article|section|chapter)\s+)?"
    r"(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+([^\W\d_].*)$",
    re.IGNORECASE,
)
# A clause that opens with its caption ("1. Appointment. Cobalt appoints ...") is prose.
_INNER_SENTENCE_END = re.compile(r"[.!?;:]\s")
_MAX_HEADING_CHARS = 100
_MAX_HEADING_WORDS = 12
_EMPHASIS = "*_ \t"

# Where an oversize section may be cut, best first: the cut falls after the separator.
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_SENTENCE = re.compile(r"(?<=[.!?…;])\s+")
_SPACE = re.compile(r"\s+")
_BOUNDARIES = (_PARAGRAPH, _SENTENCE, _SPACE)


@dataclass(frozen=True)
class Section:
    """A heading and the text under it, up to the next heading: a span of the document."""

    start: int
    end: int
    heading_path: tuple[str, ...]


@dataclass(frozen=True)
class Chunk:
    """A span of the document for one model call, with the overlap that precedes it."""

    index: int
    text: str  # the overlap, then the chunk's own text, verbatim
    start: int  # where the chunk's own text begins in the document
    end: int
    heading_path: tuple[str, ...]  # the headings above the chunk's own first line
    overlap_chars: int = 0


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    heading_path: tuple[str, ...]


def heading_of(line: str) -> tuple[int, str] | None:
    """The level and text of a heading line, or None for any other line."""
    markdown = _MD_HEADING.match(line)
    if markdown:
        return len(markdown.group(1)), markdown.group(2).strip(_EMPHASIS)
    bare = line.strip().strip(_EMPHASIS)
    numbered = _NUMBERED_HEADING.match(bare)
    if numbered is None or not _looks_like_caption(numbered.group(2)):
        return None
    # "5." sits under the document's title (level 1), "5.1" under "5.".
    return numbered.group(1).count(".") + 2, bare


def _looks_like_caption(caption: str) -> bool:
    caption = caption.strip()
    if len(caption) > _MAX_HEADING_CHARS or len(caption.split()) > _MAX_HEADING_WORDS:
        return False
    if _INNER_SENTENCE_END.search(caption) or caption[-1] in ",;:":
        return False
    # A full stop ends a one-line clause ("1. Товар передаётся в срок."), not a caption,
    # unless the caption is in capitals as Russian contracts write them.
    return caption.isupper() if caption.endswith(".") else caption[0].isupper()


def split_sections(markdown: str) -> list[Section]:
    """The document's sections in order; text before the first heading has an empty path."""
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []
    start = 0
    path: tuple[str, ...] = ()
    offset = 0
    for line in markdown.splitlines(keepends=True):
        heading = heading_of(line.rstrip("\r\n"))
        if heading is not None:
            if offset > start:
                sections.append(Section(start, offset, path))
            level, text = heading
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, text))
            start, path = offset, tuple(text for _, text in stack)
        offset += len(line)
    if len(markdown) > start:
        sections.append(Section(start, len(markdown), path))
    return sections


def chunk_markdown(
    markdown: str, *, chunk_chars: int, overlap_chars: int, max_chunks: int
) -> list[Chunk]:
    """The document as at most `max_chunks` chunks of at most `chunk_chars` plus the overlap."""
    if chunk_chars <= 0 or max_chunks <= 0:
        raise ValueError("chunk_chars and max_chunks must be positive")
    if not 0 <= overlap_chars < chunk_chars:
        raise ValueError("overlap_chars must be at least 0 and less than chunk_chars")
    pieces = [
        _Span(start, end, section.heading_path)
        for section in split_sections(markdown)
        for start, end in _split_span(markdown, section.start, section.end, chunk_chars)
    ]
    spans = [span for span in _pack(pieces, chunk_chars) if markdown[span.start : span.end].strip()]
    chunks: list[Chunk] = []
    for index, span in enumerate(spans[:max_chunks]):
        begin = (
            _overlap_start(markdown, spans[index - 1], span, overlap_chars) if index else span.start
        )
        chunks.append(
            Chunk(
                index=index,
                text=markdown[begin : span.end],
                start=span.start,
                end=span.end,
                heading_path=span.heading_path,
                overlap_chars=span.start - begin,
            )
        )
    return chunks


def _split_span(
    text: str, start: int, end: int, limit: int, level: int = 0
) -> list[tuple[int, int]]:
    """Cut [start, end) into contiguous spans of at most `limit`, at the best boundaries."""
    if end - start <= limit:
        return [(start, end)]
    if level == len(_BOUNDARIES):
        return [(cut, min(cut + limit, end)) for cut in range(start, end, limit)]
    cuts = [start, *(m.end() for m in _BOUNDARIES[level].finditer(text, start, end)), end]
    pieces = [
        _Span(piece_start, piece_end, ())
        for first, last in itertools.pairwise(cuts)
        if last > first
        for piece_start, piece_end in _split_span(text, first, last, limit, level + 1)
    ]
    return [(span.start, span.end) for span in _pack(pieces, limit)]


def _pack(pieces: list[_Span], limit: int) -> list[_Span]:
    """Contiguous pieces joined greedily into spans of at most `limit`, each with its first path."""
    packed: list[_Span] = []
    for piece in pieces:
        if packed and piece.end - packed[-1].start <= limit:
            packed[-1] = _Span(packed[-1].start, piece.end, packed[-1].heading_path)
        else:
            packed.append(piece)
    return packed


def _overlap_start(markdown: str, previous: _Span, span: _Span, overlap_chars: int) -> int:
    """Where the overlap before `span` begins: within `previous`, at the start of a word."""
    if overlap_chars == 0:
        return span.start
    begin = max(previous.start, span.start - overlap_chars)
    if begin > previous.start and not markdown[begin - 1].isspace():
        space = _SPACE.search(markdown, begin, span.start)
        begin = space.end() if space else span.start
    return begin
