"""The real legacy Word contract of the corpus, damaged in the ways a hostile upload would be.

The file has no licence that lets it into the repository, so it is read from
CORPUS_DIR. Every damaged copy must end in a clear domain error or in text, in
well under a second: never a crash, a hang or a memory blow-up.
"""

from __future__ import annotations

import io
import random
import struct
import time
from typing import TYPE_CHECKING

import olefile
import pytest

from chalicelib.errors import DomainError, EncryptedDocumentError, UnreadableDocumentError
from chalicelib.extract import extract_document
from chalicelib.extract.doc import read
from chalicelib.extract.reading import ReadContext
from tests.limits import PRODUCTION_LIMITS as LIMITS

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.corpus

PAU = "ru_contracts/ru_dogovor_techpodderzhka_PAU.doc"
SECTOR = 512


@pytest.fixture
def pau(corpus: Path) -> bytes:
    return (corpus / PAU).read_bytes()


def _stream_offset(data: bytes, name: str, position: int) -> int:
    """The file offset of byte `position` of stream `name`, found by its bytes (32 from there)."""
    with olefile.OleFileIO(io.BytesIO(data)) as ole:
        stream = ole.openstream(name).read()
    needle = stream[position : position + 32]
    found = data.find(needle)
    assert found != -1 and data.find(needle, found + 1) == -1, "the bytes must be unique"
    return found


def _outcome(data: bytes) -> str:
    started = time.monotonic()
    try:
        read(data, ReadContext.start(LIMITS))
        outcome = "text"
    except DomainError as exc:
        outcome = exc.code
    assert time.monotonic() - started < 5
    return outcome


def test_legacy_word_reader_reads_the_contract_with_cyrillic_text(pau: bytes) -> None:
    markdown = read(pau, ReadContext.start(LIMITS)).markdown
    assert "Исполнитель" in markdown
    assert "Общество с ограниченной ответственностью" in markdown
    assert "\ufffd" not in markdown


def test_legacy_word_reader_refuses_every_truncation_clearly(pau: bytes) -> None:
    outcomes = {_outcome(pau[:keep]) for keep in range(0, len(pau), 1531)}
    assert outcomes <= {"UNREADABLE", "text"}


def test_legacy_word_reader_refuses_the_contract_with_its_encrypted_bit_set(pau: bytes) -> None:
    data = bytearray(pau)
    flags_at = _stream_offset(pau, "WordDocument", 0x0A)
    data[flags_at + 1] |= 0x01  # fEncrypted is bit 8 of the flags word
    with pytest.raises(EncryptedDocumentError):
        extract_document(bytes(data), declared_ext="doc", limits=LIMITS)


def test_legacy_word_reader_refuses_a_lying_clx_length(pau: bytes) -> None:
    data = bytearray(pau)
    struct.pack_into("<I", data, _stream_offset(pau, "WordDocument", 0x1A6), 0x7FFFFFF0)
    with pytest.raises(UnreadableDocumentError):
        read(bytes(data), ReadContext.start(LIMITS))


def test_legacy_word_reader_survives_damage_to_fib_clx_and_header(pau: bytes) -> None:
    # GIVEN copies of the contract with words overwritten in the FIB, the Clx or the OLE header
    fib = _stream_offset(pau, "WordDocument", 0)
    (fc_clx,) = struct.unpack_from("<I", pau, fib + 0x1A2)
    clx = _stream_offset(pau, "1Table", fc_clx)
    rng = random.Random(20240501)
    for _ in range(600):
        data = bytearray(pau)
        start, size = rng.choice([(fib, 0x200), (clx, 64), (0, SECTOR)])
        for _ in range(rng.randrange(1, 4)):
            value = rng.choice([0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x40000000, rng.getrandbits(32)])
            struct.pack_into("<I", data, start + rng.randrange(size - 4), value)
        # THEN each ends in text or a domain error, quickly
        _outcome(bytes(data))
