"""Word 97-2003 (.doc, [MS-DOC]) to Markdown: the main text from the piece table.

The document is an OLE2 compound file. Its `WordDocument` stream opens with the
FIB, which says whether the file is encrypted, which table stream (`0Table` or
`1Table`) holds the Clx, where the Clx is and how many characters the main text
has. The Clx's piece table maps character positions to runs of text in the
`WordDocument` stream, each either UTF-16LE or "compressed" 8-bit text. Every
offset and length in these structures is untrusted: each is checked against the
bytes that are really there, and the text read is capped by the limits.
"""

from __future__ import annotations

import io
import re
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING

import olefile

from chalicelib.errors import (
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.extract.reading import ReaderOutput, estimate_pages

if TYPE_CHECKING:
    from chalicelib.extract.reading import ReadContext

DAMAGED_MESSAGE = (
    "The Word document (.doc) is damaged and its text cannot be read. Open it in Word, "
    "save it as DOCX or PDF and send it again."
)
_ENCRYPTED_MESSAGE = (
    "The Word document is protected by a password. Remove the password in Word, save it "
    "and send it again."
)
_OLD_WORD_MESSAGE = (
    "The file is a Word 6 or Word 95 document, which we do not read. Open it in Word, "
    "save it as DOCX or PDF and send it again."
)
_BOMB_MESSAGE = (
    "The Word document's text table repeats the same text far beyond the size of the "
    "file. It looks crafted to exhaust the reader and was not processed."
)

_OLE_HEADER = 512
_FIB_IDENT = 0xA5EC
# Word 97 writes nFib 0xC1 (later versions too, in FibBase); below 106 it is Word 6/95,
# whose FIB has another layout (Apache POI draws the line at the same place).
_FIRST_WORD97_NFIB = 106
_F_ENCRYPTED = 0x0100
_F_WHICH_TBL_STM = 0x0200
_F_COMPRESSED = 0x40000000
_FC_MASK = 0x3FFFFFFF
# FibRgLw97: ccpText is the fourth 32-bit field. FibRgFcLcb97: fcClx/lcbClx is pair 33.
_CCP_TEXT_INDEX = 3
_CLX_PAIR_INDEX = 33
_CLXT_PRC = 0x01
_CLXT_PCDT = 0x02
_PCD_SIZE = 8
# A long, much-edited document has thousands of pieces; a million is no document.
_MAX_PIECES = 1_000_000
_SUMMARY_STREAM = "\x05SummaryInformation"
_PIDSI_PAGECOUNT = 14
_DEADLINE_EVERY = 2000

# [MS-DOC] 2.4.1: compressed text is Latin-1 except these bytes (Windows-1252 punctuation).
_COMPRESSED_EXCEPTIONS = {
    0x82: "\u201a",
    0x83: "\u0192",
    0x84: "\u201e",
    0x85: "\u2026",
    0x86: "\u2020",
    0x87: "\u2021",
    0x88: "\u02c6",
    0x89: "\u2030",
    0x8A: "\u0160",
    0x8B: "\u2039",
    0x8C: "\u0152",
    0x91: "\u2018",
    0x92: "\u2019",
    0x93: "\u201c",
    0x94: "\u201d",
    0x95: "\u2022",
    0x96: "\u2013",
    0x97: "\u2014",
    0x98: "\u02dc",
    0x99: "\u2122",
    0x9A: "\u0161",
    0x9B: "\u203a",
    0x9C: "\u0153",
    0x9F: "\u0178",
}

# Word's control characters in the text stream, as plain text (None drops the character).
_PARAGRAPH = "\n\n"
_CONTROL: dict[int, str | None] = {
    0x0D: _PARAGRAPH,  # paragraph mark
    0x0B: "\n",  # line break
    0x0C: _PARAGRAPH,  # page or section break
    0x0E: _PARAGRAPH,  # column break
    0x09: "\t",
    0x1E: "-",  # non-breaking hyphen
    0x1F: None,  # optional hyphen
    0xA0: " ",  # non-breaking space
}
_FIELD_BEGIN, _FIELD_SEPARATOR, _FIELD_END, _CELL_MARK = 0x13, 0x14, 0x15, 0x07
_CELL_GAP = " | "
_STRUCTURE = re.compile("[\x07\x13\x14\x15]")
# Other C0 controls (pictures 0x01, drawn objects 0x08, note marks 0x02...) carry no text.
_TRANSLATION = str.maketrans(
    {chr(code): None for code in range(0x20)} | {chr(code): text for code, text in _CONTROL.items()}
)
_SPACE_RUNS = re.compile(r"[ \t]+")


@dataclass(frozen=True)
class _Fib:
    """The few FIB fields the text needs."""

    table_stream: str
    fc_clx: int
    lcb_clx: int
    ccp_text: int


@dataclass(frozen=True)
class _Piece:
    """A run of characters [cp_start, cp_end) stored at `offset` of the WordDocument stream."""

    cp_start: int
    cp_end: int
    offset: int
    compressed: bool


def _u16(data: bytes, offset: int) -> int:
    if offset < 0 or offset + 2 > len(data):
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    value: int = struct.unpack_from("<H", data, offset)[0]
    return value


def _u32(data: bytes, offset: int) -> int:
    if offset < 0 or offset + 4 > len(data):
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    value: int = struct.unpack_from("<I", data, offset)[0]
    return value


def _check_ole_header(data: bytes) -> None:
    """Refuse headers whose FAT counts exceed the file: olefile would loop over them."""
    if len(data) < _OLE_HEADER:
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    sector_shift = _u16(data, 0x1E)
    if sector_shift not in (9, 12):
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    sectors = len(data) // (1 << sector_shift)
    fat_sectors, difat_sectors = _u32(data, 0x2C), _u32(data, 0x48)
    if fat_sectors > sectors or difat_sectors > sectors:
        raise UnreadableDocumentError(DAMAGED_MESSAGE)


class _Container:
    """The OLE2 compound file, with every stream read capped at the file's own size."""

    def __init__(self, data: bytes) -> None:
        _check_ole_header(data)
        self._size = len(data)
        try:
            # A file object, never the bytes: olefile takes short bytes for a file name.
            self._ole = olefile.OleFileIO(io.BytesIO(data), raise_defects=olefile.DEFECT_INCORRECT)
        except (OSError, ValueError, struct.error, IndexError, KeyError, EOFError) as exc:
            raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc

    def has(self, name: str) -> bool:
        try:
            return bool(self._ole.exists(name)) and self._ole.get_type(name) == olefile.STGTY_STREAM
        except (OSError, ValueError, IndexError, KeyError) as exc:
            raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc

    def read(self, name: str) -> bytes:
        if not self.has(name):
            raise UnreadableDocumentError(DAMAGED_MESSAGE)
        try:
            # A stream cannot hold more than the file; a FAT loop could claim gigabytes.
            if self._ole.get_size(name) > self._size:
                raise UnreadableDocumentError(DAMAGED_MESSAGE)
            return self._ole.openstream(name).read()
        except (OSError, ValueError, struct.error, IndexError, KeyError, EOFError) as exc:
            raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc

    def declared_pages(self) -> int | None:
        """The page count Word saved in SummaryInformation, when it is there and sane."""
        try:
            if not self.has(_SUMMARY_STREAM) or self._ole.get_size(_SUMMARY_STREAM) > self._size:
                return None
            properties = self._ole.getproperties(_SUMMARY_STREAM, convert_time=False)
        except (
            UnreadableDocumentError,
            OSError,
            ValueError,
            struct.error,
            IndexError,
            KeyError,
            EOFError,
            TypeError,
            UnicodeError,
        ):
            return None
        pages = properties.get(_PIDSI_PAGECOUNT)
        return pages if isinstance(pages, int) and 0 < pages < 1_000_000 else None

    def close(self) -> None:
        self._ole.close()


def _parse_fib(word: bytes) -> _Fib:
    """The FIB at the start of the WordDocument stream, every offset checked."""
    if _u16(word, 0x00) != _FIB_IDENT:
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    if _u16(word, 0x02) < _FIRST_WORD97_NFIB:
        raise UnsupportedFormatError(_OLD_WORD_MESSAGE)
    flags = _u16(word, 0x0A)
    if flags & _F_ENCRYPTED:
        raise EncryptedDocumentError(_ENCRYPTED_MESSAGE)
    position = 0x20  # after FibBase: csw, fibRgW, cslw, fibRgLw, cbRgFcLcb, fibRgFcLcbBlob
    csw = _u16(word, position)
    position += 2 + 2 * csw
    cslw = _u16(word, position)
    if cslw <= _CCP_TEXT_INDEX:
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    ccp_text = _u32(word, position + 2 + 4 * _CCP_TEXT_INDEX)
    position += 2 + 4 * cslw
    pairs = _u16(word, position)
    if pairs <= _CLX_PAIR_INDEX:
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    clx_at = position + 2 + 8 * _CLX_PAIR_INDEX
    return _Fib(
        table_stream="1Table" if flags & _F_WHICH_TBL_STM else "0Table",
        fc_clx=_u32(word, clx_at),
        lcb_clx=_u32(word, clx_at + 4),
        ccp_text=ccp_text,
    )


def _piece_table(table: bytes, fib: _Fib) -> bytes:
    """The PlcPcd inside the Clx: Prc entries (formatting) skipped, Pcdt's payload returned."""
    end = fib.fc_clx + fib.lcb_clx
    if fib.lcb_clx == 0 or end > len(table):
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    position = fib.fc_clx
    while position < end:
        clxt = table[position]
        if clxt == _CLXT_PRC:
            size = _u16(table, position + 1)
            position += 3 + size
        elif clxt == _CLXT_PCDT:
            lcb = _u32(table, position + 1)
            start = position + 5
            if start + lcb > end:
                raise UnreadableDocumentError(DAMAGED_MESSAGE)
            return table[start : start + lcb]
        else:
            break
    raise UnreadableDocumentError(DAMAGED_MESSAGE)


def _pieces(plc: bytes, word_size: int) -> list[_Piece]:
    """The pieces of a PlcPcd: n+1 character positions, then n 8-byte PCDs."""
    count, remainder = divmod(len(plc) - 4, 4 + _PCD_SIZE)
    if count <= 0 or remainder or count > _MAX_PIECES:
        raise UnreadableDocumentError(DAMAGED_MESSAGE)
    cps = struct.unpack_from(f"<{count + 1}I", plc, 0)
    pcd_base = 4 * (count + 1)
    pieces: list[_Piece] = []
    for index in range(count):
        cp_start, cp_end = cps[index], cps[index + 1]
        if cp_end < cp_start:
            raise UnreadableDocumentError(DAMAGED_MESSAGE)
        fc_field = _u32(plc, pcd_base + index * _PCD_SIZE + 2)
        compressed = bool(fc_field & _F_COMPRESSED)
        fc = fc_field & _FC_MASK
        offset = fc // 2 if compressed else fc
        length = (cp_end - cp_start) * (1 if compressed else 2)
        if offset + length > word_size:
            raise UnreadableDocumentError(DAMAGED_MESSAGE)
        pieces.append(_Piece(cp_start, cp_end, offset, compressed))
    return pieces


def _main_text(word: bytes, pieces: list[_Piece], ccp_text: int, ctx: ReadContext) -> str:
    """The characters [0, ccpText) of the document, decoded piece by piece."""
    budget = ctx.limits.max_unpacked_bytes
    parts: list[str] = []
    for index, piece in enumerate(pieces):
        if index % _DEADLINE_EVERY == 0:
            ctx.check_deadline()
        if piece.cp_start >= ccp_text:
            break
        chars = min(piece.cp_end, ccp_text) - piece.cp_start
        size = chars if piece.compressed else 2 * chars
        budget -= size
        if budget < 0:
            # Pieces may all point at the same bytes: the text can outgrow the file.
            raise HostileDocumentError(_BOMB_MESSAGE)
        raw = word[piece.offset : piece.offset + size]
        if piece.compressed:
            parts.append(raw.decode("latin-1").translate(_COMPRESSED_EXCEPTIONS))
        else:
            parts.append(raw.decode("utf-16-le", errors="replace"))
    return "".join(parts)


def _plain_text(raw: str) -> str:
    """Word's text with fields reduced to their results and control characters made text."""
    out: list[str] = []
    # One entry per open field: True once past its separator (its result is shown).
    fields: list[bool] = []
    hidden = 0  # open fields still in their instructions
    previous_cell = False
    position = 0
    for match in _STRUCTURE.finditer(raw):
        segment = raw[position : match.start()]
        position = match.end()
        if segment and not hidden:
            out.append(segment.translate(_TRANSLATION))
            previous_cell = False
        code = ord(match.group())
        if code == _FIELD_BEGIN:
            fields.append(False)
            hidden += 1
        elif code == _FIELD_SEPARATOR:
            if fields and not fields[-1]:
                fields[-1] = True
                hidden -= 1
        elif code == _FIELD_END:
            if fields and not fields.pop():
                hidden -= 1
        elif not hidden:
            # A cell ends in a mark; its row ends in one more, right after the last cell's.
            out.append(_PARAGRAPH if previous_cell else _CELL_GAP)
            previous_cell = not previous_cell
            continue
        else:
            continue
        previous_cell = False
    if not hidden:
        out.append(raw[position:].translate(_TRANSLATION))
    return "".join(out)


def _markdown(plain: str) -> str:
    paragraphs = (_SPACE_RUNS.sub(" ", block).strip() for block in plain.split(_PARAGRAPH))
    blocks = ("\n".join(line.strip() for line in p.split("\n")) for p in paragraphs)
    return "\n\n".join(block.strip(" |\n") for block in blocks if block.strip(" |\n"))


def read(data: bytes, ctx: ReadContext) -> ReaderOutput:
    """A Word 97-2003 document as Markdown paragraphs."""
    container = _Container(data)
    try:
        word = container.read("WordDocument")
        fib = _parse_fib(word)
        table = container.read(fib.table_stream)
        pieces = _pieces(_piece_table(table, fib), len(word))
        raw = _main_text(word, pieces, fib.ccp_text, ctx)
        declared = container.declared_pages()
    finally:
        container.close()
    ctx.check_deadline()
    markdown = _markdown(_plain_text(raw))
    pages = declared or estimate_pages(len(markdown))
    return ReaderOutput(markdown=markdown, pages=pages, has_tables=chr(_CELL_MARK) in raw)
