"""Word 97-2003 (.doc) to Markdown: the piece table, control characters, and hostile files.

No .doc with a permissive licence is in the shared corpus, so the documents here
are built byte by byte: a minimal OLE2 compound file (one FAT sector, 512-byte
sectors, every stream at least 4096 bytes so none lives in the mini stream) holding
a `WordDocument` stream with a Word 97 FIB and a `1Table` stream with the Clx.
"""

from __future__ import annotations

import contextlib
import dataclasses
import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import olefile
import pytest

from chalicelib.errors import (
    DomainError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.extract import extract_document
from chalicelib.extract.doc import read
from chalicelib.extract.reading import ReadContext
from chalicelib.extract.sniff import sniff_format
from tests.limits import UNIT_LIMITS as LIMITS

if TYPE_CHECKING:
    from pathlib import Path

SECTOR = 512
ENDOFCHAIN, FREESECT, FATSECT, NOSTREAM = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
COMPRESSED = 0x40000000
FIB_SIZE = 900  # FibBase 32, csw+28, cslw+88, cbRgFcLcb+744 (93 pairs), cswNew
TEXT_AT = 1024  # where the pieces' bytes start in the WordDocument stream
SUMMARY_FMTID = bytes.fromhex("e0859ff2f94f6810ab9108002b27b3d9")


def compound_file(streams: dict[str, bytes]) -> bytes:
    """An OLE2 (CFB v3) file holding `streams`, each padded to 4096 bytes or more."""
    padded = {name: data.ljust(4096, b"\x00") for name, data in streams.items()}
    entries = 1 + len(padded)
    dir_sectors = -(-entries // 4)
    fat = [FATSECT] + [1 + i + 1 for i in range(dir_sectors - 1)] + [ENDOFCHAIN]
    starts: dict[str, int] = {}
    for name, data in padded.items():
        count = -(-len(data) // SECTOR)
        starts[name] = len(fat)
        fat += [len(fat) + i + 1 for i in range(count - 1)] + [ENDOFCHAIN]
    assert len(fat) <= SECTOR // 4, "one FAT sector only: keep the test streams small"
    fat += [FREESECT] * (SECTOR // 4 - len(fat))

    header = bytearray(SECTOR)
    header[0:8] = MAGIC
    struct.pack_into("<HHHHH", header, 0x18, 0x3E, 3, 0xFFFE, 9, 6)
    struct.pack_into("<III", header, 0x2C, 1, 1, 0)  # FAT sectors, first dir sector, txn
    struct.pack_into("<IIIII", header, 0x38, 4096, ENDOFCHAIN, 0, ENDOFCHAIN, 0)
    difat = [0] + [FREESECT] * 108
    struct.pack_into("<109I", header, 0x4C, *difat)

    def entry(name: str, kind: int, *, right: int, child: int, start: int, size: int) -> bytes:
        encoded = (name.encode("utf-16-le") + b"\x00\x00").ljust(64, b"\x00")
        head = struct.pack("<HBBIII", len(name) * 2 + 2, kind, 1, NOSTREAM, right, child)
        return encoded + head + b"\x00" * 36 + struct.pack("<IQ", start, size)

    names = list(padded)
    directory = entry("Root Entry", 5, right=NOSTREAM, child=1, start=ENDOFCHAIN, size=0)
    for index, name in enumerate(names):
        right = index + 2 if index + 1 < len(names) else NOSTREAM
        directory += entry(
            name, 2, right=right, child=NOSTREAM, start=starts[name], size=len(padded[name])
        )
    directory = directory.ljust(dir_sectors * SECTOR, b"\x00")
    body = b"".join(
        data.ljust(-(-len(data) // SECTOR) * SECTOR, b"\x00") for data in padded.values()
    )
    return bytes(header) + struct.pack(f"<{SECTOR // 4}I", *fat) + directory + body


def summary_information(pages: int) -> bytes:
    """A SummaryInformation property set with only the page count (PIDSI_PAGECOUNT, VT_I4)."""
    section = struct.pack("<II", 8 + 8 + 8, 1) + struct.pack("<II", 14, 16)
    section += struct.pack("<Ii", 3, pages)
    header = struct.pack("<HHI", 0xFFFE, 0, 0x00020006) + b"\x00" * 16
    return header + struct.pack("<I", 1) + SUMMARY_FMTID + struct.pack("<I", 48) + section


@dataclass
class WordFile:
    """The knobs of a built .doc: its pieces, and FIB fields a hostile file would lie in."""

    # (text, compressed?) per piece, in order
    pieces: list[tuple[str, bool]] = field(default_factory=list)
    flags: int = 0x0200  # fWhichTblStm: the Clx is in 1Table
    n_fib: int = 0xC1
    ccp_text: int | None = None
    lcb_clx: int | None = None
    prc: bytes = b"\x01\x02\x00\x00\x00"  # one Prc (formatting) before the piece table
    piece_offsets: list[int] | None = None  # override each piece's stream offset
    pages: int | None = None

    def build(self) -> bytes:
        text_bytes = bytearray()
        cps = [0]
        pcds = b""
        for index, (text, compressed) in enumerate(self.pieces):
            raw = text.encode("cp1252") if compressed else text.encode("utf-16-le")
            offset = TEXT_AT + len(text_bytes)
            if self.piece_offsets is not None:
                offset = self.piece_offsets[index]
            fc = (offset * 2) | COMPRESSED if compressed else offset
            pcds += struct.pack("<HIH", 0, fc, 0)
            if self.piece_offsets is None or index == 0:
                text_bytes += raw  # overridden offsets all share the first piece's bytes
            cps.append(cps[-1] + len(text))
        plc = struct.pack(f"<{len(cps)}I", *cps) + pcds
        clx = self.prc + b"\x02" + struct.pack("<I", len(plc)) + plc
        table = b"\x00" * 16 + clx

        fib = bytearray(FIB_SIZE)
        struct.pack_into("<HH", fib, 0, 0xA5EC, self.n_fib)
        struct.pack_into("<H", fib, 0x0A, self.flags)
        struct.pack_into("<H", fib, 0x20, 14)
        struct.pack_into("<H", fib, 0x3E, 22)
        ccp_text = cps[-1] if self.ccp_text is None else self.ccp_text
        struct.pack_into("<I", fib, 0x40 + 12, ccp_text)
        struct.pack_into("<H", fib, 0x98, 0x5D)
        lcb_clx = len(clx) if self.lcb_clx is None else self.lcb_clx
        struct.pack_into("<II", fib, 0x9A + 33 * 8, 16, lcb_clx)
        word = bytes(fib).ljust(TEXT_AT, b"\x00") + bytes(text_bytes)
        table_name = "1Table" if self.flags & 0x0200 else "0Table"
        streams = {"WordDocument": word, table_name: table}
        if self.pages is not None:
            streams["\x05SummaryInformation"] = summary_information(self.pages)
        return compound_file(streams)


CONTRACT = WordFile(
    pieces=[
        ("Contract No. 7 “Support”\r", True),
        (
            "Договор оказания услуг\r"
            "Исполнитель обязуется оказать услуги,\x0bа Заказчик – оплатить их.\r"
            '\x13 HYPERLINK "http://example.com" \x14сайт Исполнителя\x15 в сети\r'
            "Сторона\x07Подпись\x07\x07Исполнитель\x07Иванов\x07\x07"
            "Стр.\x13 PAGE \x14\x13 NESTED \x141\x15\x15\x0c"
            "Конец\x01 договора\x1f.\r",
            False,
        ),
    ]
)


def _read(data: bytes) -> str:
    return read(data, ReadContext.start(LIMITS)).markdown


def test_read_doc_joins_compressed_and_unicode_pieces_as_paragraphs() -> None:
    markdown = _read(CONTRACT.build())
    assert markdown.startswith("Contract No. 7 “Support”\n\nДоговор оказания услуг\n\n")
    assert "Исполнитель обязуется оказать услуги,\nа Заказчик – оплатить их." in markdown
    assert markdown.endswith("Конец договора.")


def test_read_doc_keeps_field_results_and_drops_field_instructions() -> None:
    markdown = _read(CONTRACT.build())
    assert "сайт Исполнителя в сети" in markdown
    assert "HYPERLINK" not in markdown and "example.com" not in markdown
    assert "Стр.1" in markdown and "PAGE" not in markdown and "NESTED" not in markdown


def test_read_doc_puts_each_table_row_on_its_own_line() -> None:
    output = read(CONTRACT.build(), ReadContext.start(LIMITS))
    assert "Сторона | Подпись\n\nИсполнитель | Иванов" in output.markdown
    assert output.has_tables


def test_read_doc_takes_the_page_count_from_summary_information() -> None:
    with_pages = dataclasses.replace(CONTRACT, pages=3)
    assert read(with_pages.build(), ReadContext.start(LIMITS)).pages == 3
    assert read(CONTRACT.build(), ReadContext.start(LIMITS)).pages == 1  # estimated


def test_read_doc_stops_at_the_end_of_the_main_text() -> None:
    # GIVEN a second piece that is footnote text, past ccpText
    doc = WordFile(pieces=[("Main text.\r", False), ("Footnote.\r", False)], ccp_text=11)
    assert _read(doc.build()) == "Main text."


def test_read_doc_reads_a_table_stream_named_0table() -> None:
    doc = WordFile(pieces=[("Договор\r", False)], flags=0)
    assert _read(doc.build()) == "Договор"


def test_extract_document_reads_a_doc_as_a_russian_contract() -> None:
    extraction = extract_document(CONTRACT.build(), declared_ext="doc", limits=LIMITS)
    assert sniff_format(CONTRACT.build(), LIMITS) == "doc"
    assert extraction.facts.format == "doc"
    assert extraction.facts.pipeline == "contract"
    assert extraction.facts.language == "ru"
    assert not extraction.facts.ocr_used


def test_extract_document_refuses_a_doc_uploaded_as_docx_naming_both() -> None:
    with pytest.raises(UnsupportedFormatError, match=r"Word 97-2003.*\.docx.*\.doc"):
        extract_document(CONTRACT.build(), declared_ext="docx", limits=LIMITS)


def test_read_doc_refuses_an_encrypted_document() -> None:
    doc = dataclasses.replace(CONTRACT, flags=0x0200 | 0x0100)
    with pytest.raises(EncryptedDocumentError, match="password"):
        extract_document(doc.build(), declared_ext="doc", limits=LIMITS)


def test_read_doc_refuses_word_95_with_advice_to_save_as_docx() -> None:
    doc = dataclasses.replace(CONTRACT, n_fib=0x65)
    with pytest.raises(UnsupportedFormatError, match="DOCX"):
        _read(doc.build())


def test_read_doc_refuses_a_lying_lcb_clx_as_unreadable() -> None:
    doc = dataclasses.replace(CONTRACT, lcb_clx=0x7FFFFFFF)
    with pytest.raises(UnreadableDocumentError, match=r"damaged"):
        _read(doc.build())


def test_read_doc_refuses_a_clx_without_a_piece_table() -> None:
    doc = dataclasses.replace(CONTRACT, lcb_clx=len(CONTRACT.prc))
    with pytest.raises(UnreadableDocumentError):
        _read(doc.build())


def test_read_doc_refuses_a_piece_pointing_past_the_stream() -> None:
    doc = dataclasses.replace(CONTRACT, piece_offsets=[TEXT_AT, 10**8])
    with pytest.raises(UnreadableDocumentError):
        _read(doc.build())


def test_read_doc_refuses_pieces_that_repeat_text_beyond_the_limit() -> None:
    # GIVEN a thousand pieces all pointing at the same 4 KB of text
    text = "Договор " * 256
    doc = WordFile(pieces=[(text, False)] * 1000, piece_offsets=[TEXT_AT] * 1000)
    small = dataclasses.replace(LIMITS, max_unpacked_bytes=1024 * 1024)
    with pytest.raises(HostileDocumentError):
        read(doc.build(), ReadContext.start(small))


def test_read_doc_refuses_a_wrong_fib_signature() -> None:
    data = bytearray(CONTRACT.build())
    word_at = data.index(b"\xec\xa5\xc1\x00")
    data[word_at] = 0
    with pytest.raises(UnreadableDocumentError):
        _read(bytes(data))


@pytest.mark.parametrize("keep", [512, 1536, 2048, 4096, 6000, 9000])
def test_read_doc_refuses_a_truncated_file_as_unreadable(keep: int) -> None:
    data = CONTRACT.build()
    assert keep < len(data)
    with pytest.raises(UnreadableDocumentError):
        _read(data[:keep])


def test_read_doc_refuses_a_header_claiming_more_fat_than_the_file_holds() -> None:
    data = bytearray(CONTRACT.build())
    struct.pack_into("<I", data, 0x2C, 0xFFFFFFFF)
    with pytest.raises(UnreadableDocumentError):
        _read(bytes(data))


def test_read_doc_refuses_a_fib_with_the_encrypted_bit_patched_in(tmp_path: Path) -> None:
    # GIVEN a built document whose FIB flags are rewritten in place through olefile
    path = tmp_path / "contract.doc"
    path.write_bytes(CONTRACT.build())
    with olefile.OleFileIO(str(path), write_mode=True) as ole:
        word = bytearray(ole.openstream("WordDocument").read())
        struct.pack_into("<H", word, 0x0A, struct.unpack_from("<H", word, 0x0A)[0] | 0x0100)
        ole.write_stream("WordDocument", bytes(word))
    # THEN it is refused as password-protected
    with pytest.raises(EncryptedDocumentError):
        _read(path.read_bytes())


def test_read_doc_never_crashes_on_random_damage() -> None:
    # GIVEN the contract with bytes overwritten at spread-out positions
    data = CONTRACT.build()
    for step in range(0, len(data) - 4, 97):
        damaged = bytearray(data)
        struct.pack_into("<I", damaged, step, 0xFFFFFFF0 ^ step)
        with contextlib.suppress(DomainError):  # a clear refusal is fine, a crash is not
            _read(bytes(damaged))
