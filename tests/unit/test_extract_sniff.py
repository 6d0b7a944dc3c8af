"""Sniffing the real format by magic bytes, and refusing what does not match its name."""

from __future__ import annotations

import importlib
import io
import struct
import zipfile

import pymupdf
import pytest
from PIL import Image

from chalicelib.errors import (
    DomainError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.extract import SUPPORTED_EXTENSIONS, extract_document
from chalicelib.extract.sniff import ensure_acceptable, sniff_format
from chalicelib.formats import BY_KIND, FORMATS
from tests.limits import UNIT_LIMITS as LIMITS


def _pdf() -> bytes:
    document = pymupdf.open()
    document.new_page().insert_text((72, 72), "Agreement between the parties")
    return document.tobytes()


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _rels(target: str) -> bytes:
    return (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        f'relationships/officeDocument" Target="{target}"/></Relationships>'
    ).encode()


def _ole2(stream_name: str) -> bytes:
    """An OLE2 header and one directory entry naming `stream_name`, as Office writes them."""
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1".ljust(512, b"\x00")
    name = (stream_name.encode("utf-16-le") + b"\x00\x00").ljust(64, b"\x00")
    entry = name + struct.pack("<H", len(stream_name) * 2 + 2)
    return header + entry.ljust(128, b"\x00")


def _image(fmt: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("L", (8, 8), 255).save(buffer, format=fmt)
    return buffer.getvalue()


SAMPLES: dict[str, bytes] = {
    "pdf": _pdf(),
    "pdf-after-junk": b"garbage before the header\n" + _pdf(),
    "docx": _zip({"_rels/.rels": _rels("word/document.xml"), "word/document.xml": b"<w/>"}),
    "xlsx": _zip({"_rels/.rels": _rels("xl/workbook.xml"), "xl/workbook.xml": b"<w/>"}),
    "xlsb": _zip({"_rels/.rels": _rels("xl/workbook.bin"), "xl/workbook.bin": b"\x00"}),
    "docx-without-rels": _zip({"word/document.xml": b"<w/>"}),
    "ods": _zip(
        {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<o/>"}
    ),
    "odt": _zip({"mimetype": b"application/vnd.oasis.opendocument.text", "content.xml": b"<o/>"}),
    "zip": _zip({"readme.txt": b"hello"}),
    "encrypted": _ole2("EncryptedPackage"),
    "doc": _ole2("WordDocument"),
    "xls": _ole2("Workbook"),
    "rtf": b"{\\rtf1\\ansi Hello}",
    "png": _image("PNG"),
    "jpeg": _image("JPEG"),
    "tiff": _image("TIFF"),
    "djvu": b"AT&TFORM\x00\x00\x00\x10DJVU",
    "txt-utf8": "Договор поставки".encode(),
    "txt-cp1251": "Договор поставки товара".encode("cp1251"),
    "binary": bytes(range(256)) * 4,
}

SNIFFED = [
    ("pdf", "pdf"),
    ("pdf-after-junk", "pdf"),
    ("docx", "docx"),
    ("xlsx", "xlsx"),
    ("xlsb", "xlsb"),
    ("docx-without-rels", "docx"),
    ("zip", "zip"),
    ("encrypted", "encrypted"),
    ("doc", "doc"),
    ("xls", "xls"),
    ("ods", "ods"),
    ("odt", "odf"),
    ("rtf", "rtf"),
    ("png", "png"),
    ("jpeg", "jpeg"),
    ("tiff", "tiff"),
    ("djvu", "djvu"),
    ("txt-utf8", "txt"),
    ("txt-cp1251", "txt"),
    ("binary", "binary"),
]


@pytest.mark.parametrize(("sample", "expected"), SNIFFED)
def test_sniff_format_tells_the_real_format_by_its_bytes(sample: str, expected: str) -> None:
    assert sniff_format(SAMPLES[sample], LIMITS) == expected


def test_sniff_format_ignores_stream_names_off_the_directory_grid() -> None:
    # GIVEN an OLE2 file whose body merely mentions "EncryptedPackage" at an odd offset
    data = _ole2("WordDocument") + b"\x00" + "EncryptedPackage".encode("utf-16-le") + b"\x00\x00"
    # THEN it is still a Word document, not an encrypted package
    assert sniff_format(data, LIMITS) == "doc"


ACCEPTANCE = [
    # (sniffed kind, declared extension, expected error or None, words in the message)
    ("pdf", "pdf", None, ()),
    ("png", "jpg", None, ()),
    ("jpeg", "png", None, ()),
    ("tiff", "tif", None, ()),
    ("docx", "pdf", UnsupportedFormatError, ("DOCX document", ".pdf")),
    ("pdf", "docx", UnsupportedFormatError, ("PDF document", ".docx")),
    ("txt", "pdf", UnsupportedFormatError, ("plain-text", ".pdf")),
    ("binary", "txt", UnsupportedFormatError, (".txt", "binary")),
    ("doc", "doc", None, ()),
    ("doc", "docx", UnsupportedFormatError, ("Word 97-2003", ".docx", ".doc")),
    ("xls", "xls", None, ()),
    ("xlsb", "xlsb", None, ()),
    ("ods", "ods", None, ()),
    ("xls", "doc", UnsupportedFormatError, ("Excel 97-2003", ".doc", ".xls")),
    ("odf", "ods", UnsupportedFormatError, ("OpenDocument",)),
    ("ppt", "doc", UnsupportedFormatError, ("PowerPoint",)),
    ("ole", "doc", UnsupportedFormatError, ("old Microsoft Office",)),
    ("encrypted", "doc", EncryptedDocumentError, ("password",)),
    ("xlsb", "xlsx", UnsupportedFormatError, ("binary Excel", ".xlsx", ".xlsb")),
    ("encrypted", "docx", EncryptedDocumentError, ("password",)),
    ("zip", "docx", UnsupportedFormatError, ("ZIP",)),
    ("djvu", "djvu", UnsupportedFormatError, ("DjVu",)),
    ("pdf", "odt", UnsupportedFormatError, (".odt",)),
]


@pytest.mark.parametrize(("kind", "extension", "error", "words"), ACCEPTANCE)
def test_ensure_acceptable_refuses_with_a_message_naming_the_problem(
    kind: str, extension: str, error: type[DomainError] | None, words: tuple[str, ...]
) -> None:
    if error is None:
        ensure_acceptable(kind, extension)
        return
    with pytest.raises(error) as caught:
        ensure_acceptable(kind, extension)
    for word in words:
        assert word in caught.value.message


def test_supported_extensions_are_the_published_list() -> None:
    documents = {"pdf", "docx", "doc", "rtf", "txt", "png", "jpg", "jpeg", "tif", "tiff"}
    spreadsheets = {"xlsx", "xls", "xlsb", "ods"}
    assert documents | spreadsheets == SUPPORTED_EXTENSIONS
    # What an upload may declare is what Extract reads: every format has a reader, and
    # every reader is found.
    assert all(form.content_types and form.description for form in FORMATS)
    for form in FORMATS:
        module, _, name = form.reader.partition(":")
        assert callable(getattr(importlib.import_module(module), name or "read")), form.kind
    assert set(BY_KIND) == {form.kind for form in FORMATS}


def test_extract_document_names_both_formats_when_a_docx_is_uploaded_as_pdf() -> None:
    with pytest.raises(UnsupportedFormatError, match=r"DOCX document but was uploaded as \.pdf"):
        extract_document(SAMPLES["docx"], declared_ext="pdf", limits=LIMITS)


def test_extract_document_refuses_an_empty_file_as_unreadable() -> None:
    with pytest.raises(UnreadableDocumentError, match="empty"):
        extract_document(b"", declared_ext="txt", limits=LIMITS)


def test_extract_document_accepts_an_extension_with_a_dot_and_capitals() -> None:
    extraction = extract_document("Договор".encode(), declared_ext=".TXT", limits=LIMITS)
    assert extraction.facts.format == "txt"


def test_sniff_format_refuses_a_zip_bomb_before_classifying_it() -> None:
    bomb = _zip({"word/document.xml": b"\x00" * (8 * 1024 * 1024)})
    with pytest.raises(HostileDocumentError):
        sniff_format(bomb, LIMITS)
