"""Office packages (ZIP + XML) opened without trusting a size, an offset or a DTD in them.

Every check runs on the central directory and the local headers before one byte
is inflated; reads are bounded again while inflating, and XML is parsed only by
defusedxml with DTDs forbidden, so zip bombs (including overlapping-entry ones),
entity-expansion bombs and external entities end as HostileDocumentError.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from itertools import pairwise
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as SafeElementTree

from chalicelib.errors import (
    DocumentTooLargeError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from chalicelib.extract.limits import ExtractLimits

MIB = 1024 * 1024
# Real DOCX/XLSX files hold tens to a few hundred parts; thousands mean a crafted file.
MAX_ENTRIES = 5000
# XML and text deflate 5-20:1; more than 100:1 on a big member is a bomb, not a document.
MAX_RATIO = 100
RATIO_CHECK_MIN_BYTES = 1 * MIB
# ElementTree holds several times a part's size in memory: this keeps one part well
# inside the worker's memory limit.
MAX_XML_PART_BYTES = 32 * MIB
_CHUNK = 64 * 1024
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
_LOCAL_SIGNATURE = b"PK\x03\x04"
# What zipfile raises on damaged archives and streams.
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    ValueError,
    NotImplementedError,
    RuntimeError,
    struct.error,
)
_OFFICE_DOCUMENT = "/officeDocument"

DAMAGED_MESSAGE = "The file is damaged and cannot be opened. Save it again and send the new copy."
_BOMB_MESSAGE = (
    "The file is built to exhaust memory when unpacked (a zip bomb), so we do not open it. "
    "Save the document again from the program that made it."
)
_XML_BOMB_MESSAGE = (
    "The file contains XML entity declarations (an XML bomb or an external reference), "
    "which real Office documents never have, so we do not open it."
)


class OoxmlPackage:
    """A validated ZIP package whose members can only be read within the limits."""

    def __init__(self, data: bytes, limits: ExtractLimits) -> None:
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self._zip.infolist()
        except _ZIP_ERRORS as exc:
            raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc
        _check_directory(infos, limits)
        _check_layout(infos, data, self._zip.start_dir)
        self._infos = {info.filename: info for info in infos}
        self._budget = limits.max_unpacked_bytes

    @property
    def names(self) -> frozenset[str]:
        """Names of every member."""
        return frozenset(self._infos)

    def read(self, name: str, *, limit: int = MAX_XML_PART_BYTES) -> bytes:
        """A member's bytes, never inflating more than declared, `limit` or the package budget."""
        info = self._infos[name]
        cap = min(limit, self._budget)
        if info.file_size > cap:
            raise DocumentTooLargeError(
                "A part of the document is too large to read. Split the document into smaller "
                "files and send them one by one."
            )
        return b"".join(self._read_chunks(info, info.file_size))

    def stream(self, name: str) -> _BoundedReader:
        """A file-like reader of a member, for parsing large parts incrementally."""
        info = self._infos[name]
        if info.file_size > self._budget:
            raise DocumentTooLargeError("A part of the document is too large to read.")
        return _BoundedReader(self._read_chunks(info, info.file_size))

    def _read_chunks(self, info: zipfile.ZipInfo, cap: int) -> Iterator[bytes]:
        total = 0
        try:
            with self._zip.open(info) as member:
                while chunk := member.read(_CHUNK):
                    total += len(chunk)
                    # The header said `cap`; a member that inflates past it lied.
                    if total > cap:
                        raise HostileDocumentError(_BOMB_MESSAGE)
                    self._budget -= len(chunk)
                    yield chunk
        except _ZIP_ERRORS as exc:
            raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc

    def parse_xml(self, name: str) -> Element:
        """A member parsed as XML with DTDs and entities forbidden."""
        return parse_xml_bytes(self.read(name))

    def main_part(self) -> str | None:
        """The package's main document part, from its root relationships."""
        if "_rels/.rels" not in self._infos:
            return None
        for rel in self.parse_xml("_rels/.rels"):
            if rel.get("Type", "").endswith(_OFFICE_DOCUMENT):
                return rel.get("Target", "").lstrip("/") or None
        return None


class _BoundedReader:
    """A read()-able view of a member's chunks, for ElementTree.iterparse."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks = chunks
        self._buffer = b""

    def read(self, size: int = -1) -> bytes:
        """Up to `size` bytes (all remaining when negative)."""
        while size < 0 or len(self._buffer) < size:
            chunk = next(self._chunks, b"")
            if not chunk:
                break
            self._buffer += chunk
        if size < 0:
            size = len(self._buffer)
        out, self._buffer = self._buffer[:size], self._buffer[size:]
        return out


def parse_xml_bytes(raw: bytes) -> Element:
    """XML parsed by defusedxml: a DTD or entity is hostile, broken XML is unreadable."""
    try:
        root: Element = SafeElementTree.fromstring(raw, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise HostileDocumentError(_XML_BOMB_MESSAGE) from exc
    except ParseError as exc:
        raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc
    return root


def iterparse_xml(source: _BoundedReader) -> Iterator[tuple[str, Element]]:
    """Start and end events of a large part, parsed by defusedxml with DTDs forbidden."""
    try:
        yield from SafeElementTree.iterparse(source, events=("start", "end"), forbid_dtd=True)
    except DefusedXmlException as exc:
        raise HostileDocumentError(_XML_BOMB_MESSAGE) from exc
    except ParseError as exc:
        raise UnreadableDocumentError(DAMAGED_MESSAGE) from exc


def _check_directory(infos: list[zipfile.ZipInfo], limits: ExtractLimits) -> None:
    """Refuse by the central directory alone: too many, encrypted, duplicate or bomb-sized."""
    if len(infos) > MAX_ENTRIES:
        raise HostileDocumentError(_BOMB_MESSAGE)
    if any(info.flag_bits & 0x1 for info in infos):
        raise EncryptedDocumentError(
            "The file is protected by a password. Remove the password and send it again."
        )
    if len({info.filename for info in infos}) != len(infos):
        raise HostileDocumentError(
            "The file holds two parts with the same name, which is a known way to smuggle "
            "content past checks, so we do not open it. Save the document again."
        )
    total = 0
    for info in infos:
        if info.file_size > limits.max_unpacked_bytes:
            raise HostileDocumentError(_BOMB_MESSAGE)
        big = info.file_size >= RATIO_CHECK_MIN_BYTES
        if big and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise HostileDocumentError(_BOMB_MESSAGE)
        total += info.file_size
    if total > limits.max_unpacked_bytes:
        packed = max(sum(info.compress_size for info in infos), 1)
        if total > MAX_RATIO * packed:
            raise HostileDocumentError(_BOMB_MESSAGE)
        raise DocumentTooLargeError(
            f"The document unpacks to more than {limits.max_unpacked_bytes // MIB} MB. "
            "Remove large pictures or split it, then send it again."
        )


def _check_layout(infos: list[zipfile.ZipInfo], data: bytes, directory_start: int) -> None:
    """Refuse members whose bytes overlap: the trick that makes a 42 KB zip unpack to GBs."""
    spans: list[tuple[int, int]] = []
    for info in infos:
        header = data[info.header_offset : info.header_offset + _LOCAL_HEADER.size]
        if len(header) != _LOCAL_HEADER.size or not header.startswith(_LOCAL_SIGNATURE):
            raise UnreadableDocumentError(DAMAGED_MESSAGE)
        fields = _LOCAL_HEADER.unpack(header)
        name_length, extra_length = fields[-2], fields[-1]
        end = (
            info.header_offset
            + _LOCAL_HEADER.size
            + name_length
            + extra_length
            + info.compress_size
        )
        spans.append((info.header_offset, end))
    spans.sort()
    for (_, end), (next_start, _) in pairwise(spans):
        if next_start < end:
            raise HostileDocumentError(_BOMB_MESSAGE)
    if spans and spans[-1][1] > directory_start:
        raise HostileDocumentError(_BOMB_MESSAGE)


def _opendocument_kind(package: OoxmlPackage) -> str:
    """ "ods" or "odf": the `mimetype` entry names an OpenDocument's kind (ODF 1.2, 3.3)."""
    kind = package.read("mimetype", limit=200).strip()
    return "ods" if kind == b"application/vnd.oasis.opendocument.spreadsheet" else "odf"


def sniff_package(data: bytes, limits: ExtractLimits) -> str:
    """What a ZIP holds: "docx", "xlsx", "xlsb", "ods", "pptx", "ooxml" (other Office),
    "odf" (another OpenDocument) or "zip"."""
    package = OoxmlPackage(data, limits)
    if "mimetype" in package.names and "[Content_Types].xml" not in package.names:
        return _opendocument_kind(package)
    return _office_kind(package.main_part() or "", package.names)


def _office_kind(main: str, names: frozenset[str]) -> str:
    """An Office Open XML package's kind by its main part (or, without one, its names)."""
    if main.startswith("word/") or (not main and "word/document.xml" in names):
        return "docx"
    if main.endswith(".bin") and main.startswith("xl/"):
        return "xlsb"
    if main.startswith("xl/") or (not main and "xl/workbook.xml" in names):
        return "xlsx"
    if main.startswith("ppt/"):
        return "pptx"
    if "[Content_Types].xml" in names:
        return "ooxml"
    return "zip"
