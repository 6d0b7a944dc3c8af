"""The hardened ZIP + XML reader: bombs, overlaps, lies and entities are refused before reading."""

from __future__ import annotations

import dataclasses
import io
import os
import struct
import warnings
import zipfile
import zlib
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import (
    DocumentTooLargeError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
)
from chalicelib.extract import extract_document, ooxml
from chalicelib.extract.ooxml import OoxmlPackage, parse_xml_bytes
from tests.limits import UNIT_LIMITS

if TYPE_CHECKING:
    from pathlib import Path

LIMITS = dataclasses.replace(UNIT_LIMITS, max_unpacked_bytes=4 * 1024 * 1024)
DOCUMENT = (
    b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
    b"<w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>"
)


def _zip(members: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # duplicate names are the point of a test
        with zipfile.ZipFile(buffer, "w", method) as archive:
            for name, data in members:
                archive.writestr(name, data)
    return buffer.getvalue()


def _patch_central(data: bytes, index: int, offset: int, value: bytes) -> bytes:
    """Overwrite bytes of the `index`-th central directory record."""
    position = -1
    for _ in range(index + 1):
        position = data.index(b"PK\x01\x02", position + 1)
    start = position + offset
    return data[:start] + value + data[start + len(value) :]


def test_package_reads_a_normal_member() -> None:
    package = OoxmlPackage(_zip([("word/document.xml", DOCUMENT)]), LIMITS)
    assert package.read("word/document.xml") == DOCUMENT
    assert package.names == frozenset({"word/document.xml"})


def test_package_refuses_a_member_that_inflates_more_than_100_to_1() -> None:
    bomb = _zip([("word/document.xml", b"\x00" * (3 * 1024 * 1024))])
    with pytest.raises(HostileDocumentError, match="zip bomb"):
        OoxmlPackage(bomb, LIMITS)


def test_package_refuses_a_member_declaring_more_than_the_unpacked_limit() -> None:
    data = _zip([("word/document.xml", b"\x00" * (5 * 1024 * 1024))], zipfile.ZIP_STORED)
    with pytest.raises(HostileDocumentError):
        OoxmlPackage(data, LIMITS)


def test_package_calls_a_large_but_ordinary_total_too_large() -> None:
    # GIVEN incompressible members that together exceed the unpacked limit
    members = [(f"word/media/image{i}.bin", os.urandom(300_000)) for i in range(3)]
    small = dataclasses.replace(LIMITS, max_unpacked_bytes=500_000)
    # THEN it is too large, not hostile: the ratio is that of real pictures
    with pytest.raises(DocumentTooLargeError):
        OoxmlPackage(_zip(members), small)


def test_package_refuses_overlapping_members_like_the_zbsm_bomb() -> None:
    # GIVEN a zip whose second entry points at the first entry's bytes
    data = _zip([("word/document.xml", DOCUMENT), ("word/styles.xml", DOCUMENT)])
    overlapping = _patch_central(data, 1, 42, struct.pack("<L", 0))
    with pytest.raises(HostileDocumentError):
        OoxmlPackage(overlapping, LIMITS)


def test_package_refuses_duplicate_member_names() -> None:
    data = _zip([("word/document.xml", DOCUMENT), ("word/document.xml", b"<evil/>")])
    with pytest.raises(HostileDocumentError, match="same name"):
        OoxmlPackage(data, LIMITS)


def test_package_refuses_too_many_members(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ooxml, "MAX_ENTRIES", 3)
    data = _zip([(f"part{i}.xml", b"<a/>") for i in range(4)])
    with pytest.raises(HostileDocumentError):
        OoxmlPackage(data, LIMITS)


def test_package_reports_zip_encryption_as_a_password() -> None:
    data = _zip([("word/document.xml", DOCUMENT)])
    flagged = _patch_central(data, 0, 8, struct.pack("<H", 0x1))
    with pytest.raises(EncryptedDocumentError):
        OoxmlPackage(flagged, LIMITS)


def test_package_never_inflates_past_a_size_the_header_understates() -> None:
    # GIVEN a member whose headers claim 100 bytes but whose stream holds 100 000
    body = b"<a>" + b"x" * 99_990 + b"</a>"
    data = _zip([("word/document.xml", body)])
    lying = _patch_central(data, 0, 24, struct.pack("<L", 100))
    lying = lying[:22] + struct.pack("<L", 100) + lying[26:]  # the local header too
    package = OoxmlPackage(lying, LIMITS)
    # THEN reading stops at the declared size (and the CRC then exposes the lie)
    try:
        read = package.read("word/document.xml")
    except (UnreadableDocumentError, HostileDocumentError):
        return
    assert len(read) <= 100


def test_package_calls_a_corrupt_archive_unreadable() -> None:
    data = _zip([("word/document.xml", DOCUMENT)])
    with pytest.raises(UnreadableDocumentError, match="damaged"):
        OoxmlPackage(data[: len(data) // 2] + b"\x00" * 40, LIMITS)


@pytest.mark.parametrize(
    "xml",
    [
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><a>&lol2;</a>',
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
        b'<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://example.invalid/r.dtd"><r/>',
    ],
    ids=["billion-laughs", "external-entity", "external-dtd"],
)
def test_parse_xml_refuses_any_dtd_as_hostile(xml: bytes) -> None:
    with pytest.raises(HostileDocumentError, match="XML"):
        parse_xml_bytes(xml)


def test_parse_xml_calls_broken_xml_unreadable() -> None:
    with pytest.raises(UnreadableDocumentError):
        parse_xml_bytes(b"<a><b></a>")


def test_extract_document_refuses_the_poi_external_entity_docx(fixtures_dir: Path) -> None:
    data = (fixtures_dir / "extract" / "poi_ExternalEntityInText.docx").read_bytes()
    with pytest.raises(HostileDocumentError):
        extract_document(data, declared_ext="docx", limits=LIMITS)


def test_extract_document_refuses_the_poi_billion_laughs_xlsx(fixtures_dir: Path) -> None:
    data = (fixtures_dir / "extract" / "poi_54764.xlsx").read_bytes()
    with pytest.raises(HostileDocumentError):
        extract_document(data, declared_ext="xlsx", limits=LIMITS)


def test_extract_document_refuses_an_overlapping_docx_bomb() -> None:
    # GIVEN a DOCX-shaped zip built like zbsm: many entries sharing one deflate stream
    kernel = zlib.compressobj(9, zlib.DEFLATED, -15)
    stream = kernel.compress(b"\x00" * 1_000_000) + kernel.flush()
    data = _zip([("word/document.xml", DOCUMENT), ("word/a.xml", stream), ("word/b.xml", stream)])
    overlapping = _patch_central(data, 2, 42, _patch_offset_of(data, 1))
    with pytest.raises(HostileDocumentError):
        extract_document(overlapping, declared_ext="docx", limits=LIMITS)


def _patch_offset_of(data: bytes, index: int) -> bytes:
    """The local-header offset field of the `index`-th central record."""
    position = -1
    for _ in range(index + 1):
        position = data.index(b"PK\x01\x02", position + 1)
    return data[position + 42 : position + 46]
