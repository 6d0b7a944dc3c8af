"""Telling a file's real format by its bytes, and refusing one that is not what it claims."""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from chalicelib.errors import EncryptedDocumentError, UnsupportedFormatError
from chalicelib.extract import text
from chalicelib.extract.ooxml import sniff_package
from chalicelib.formats import (
    BY_EXTENSION,
    BY_KIND,
    IMAGE_KINDS,
    SUPPORTED_EXTENSIONS,
    SUPPORTED_LIST,
)

if TYPE_CHECKING:
    from chalicelib.extract.limits import ExtractLimits

_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_PDF_SEARCH_WINDOW = 1024
_REFUSALS = {
    "ppt": "The file is a PowerPoint presentation, which we do not read. Save it as PDF.",
    "ole": "The file is an old Microsoft Office document of a kind we do not read. Save it as "
    "DOCX, XLSX or PDF.",
    "pptx": "The file is a PowerPoint presentation, which we do not read. Save it as PDF.",
    "ooxml": "The file is an Office document of a kind we do not read. Save it as DOCX or PDF.",
    "odf": "The file is an OpenDocument file other than a spreadsheet. Save it as PDF or DOCX.",
    "zip": "The file is a ZIP archive. Send the document itself (PDF, DOCX, XLSX), not an archive.",
    "djvu": "The file is a DjVu scan, which we do not read. Save it as PDF or send the pages "
    "as images.",
    "image": f"This image format is not supported. Send {SUPPORTED_LIST}.",
    "binary": f"The file's format is not one we read. Send {SUPPORTED_LIST}.",
}


def sniff_format(data: bytes, limits: ExtractLimits) -> str:
    """The real format of `data` by its signature: pdf, docx, xlsx, ..., or a refused kind."""
    if b"%PDF" in data[:_PDF_SEARCH_WINDOW]:
        return "pdf"
    if data.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return sniff_package(data, limits)
    if data.startswith(_OLE2_MAGIC):
        return _sniff_ole2(data)
    if data.lstrip(b"\xef\xbb\xbf \t\r\n")[:5] == b"{\\rtf":
        return "rtf"
    signatures = (
        (b"\x89PNG\r\n\x1a\n", "png"),
        (b"\xff\xd8\xff", "jpeg"),
        (b"II*\x00", "tiff"),
        (b"MM\x00*", "tiff"),
        (b"AT&TFORM", "djvu"),
        (b"GIF8", "image"),
        (b"BM", "image"),
        (b"RIFF", "image"),
    )
    for signature, kind in signatures:
        if data.startswith(signature):
            return kind
    return "txt" if text.looks_like_text(data) else "binary"


def _sniff_ole2(data: bytes) -> str:
    """Which Office file an OLE2 container is, by the names of its streams."""
    if _has_ole2_stream(data, "EncryptedPackage"):
        return "encrypted"
    for stream, kind in (("WordDocument", "doc"), ("Workbook", "xls"), ("Book", "xls")):
        if _has_ole2_stream(data, stream):
            return kind
    if _has_ole2_stream(data, "PowerPoint Document"):
        return "ppt"
    return "ole"


def _has_ole2_stream(data: bytes, name: str) -> bool:
    """True when a directory entry names `name`.

    Directory entries are 128-byte records on 128-byte boundaries holding the
    UTF-16LE name and its byte length at offset 64; checking both keeps the same
    words inside a document's text from counting.
    """
    needle = name.encode("utf-16-le") + b"\x00\x00"
    start = data.find(needle)
    while start != -1:
        length_field = data[start + 64 : start + 66]
        if start % 128 == 0 and len(length_field) == 2:
            (length,) = struct.unpack("<H", length_field)
            if length == len(needle):
                return True
        start = data.find(needle, start + 1)
    return False


def family_of_extension(extension: str) -> str:
    """The format family an extension stands for: jpg/png/tif are all "image"."""
    form = BY_EXTENSION.get(extension)
    return "image" if form and form.image else extension


def family_of_format(kind: str) -> str:
    """The family of a sniffed format, matching `family_of_extension`."""
    return "image" if kind in IMAGE_KINDS else kind


def ensure_acceptable(kind: str, declared_ext: str) -> None:
    """Raise the user-facing error when `kind` cannot be read as an upload named `.ext`."""
    if kind == "encrypted":
        raise EncryptedDocumentError(
            "The file is protected by a password. Remove the password in the program that "
            "made it, save it and send it again."
        )
    if kind == "binary" and declared_ext == "txt":
        raise UnsupportedFormatError(
            "The file was uploaded as .txt but holds binary data, not text. Send the document "
            f"in its own format ({SUPPORTED_LIST})."
        )
    if kind in _REFUSALS:
        raise UnsupportedFormatError(_REFUSALS[kind])
    if declared_ext not in SUPPORTED_EXTENSIONS:
        shown = f".{declared_ext}" if declared_ext else "a file without an extension"
        raise UnsupportedFormatError(
            f"Files of type {shown} are not supported. Send {SUPPORTED_LIST}."
        )
    if family_of_format(kind) != family_of_extension(declared_ext):
        raise UnsupportedFormatError(
            f"The file is {BY_KIND[kind].description} but was uploaded as .{declared_ext}. "
            f"Rename it to .{BY_KIND[kind].extensions[0]} and send it again."
        )
