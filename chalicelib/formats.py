"""The file formats Contract-check reads: the one list the upload checks, the format
sniffing, the readers and the messages are all taken from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FileFormat:
    """One format: what its bytes are, the names and content types it may be sent under
    (the first of each is the canonical one), how it is described, and what reads it."""

    kind: str  # what sniffing the bytes says: "pdf", "jpeg", …
    extensions: tuple[str, ...]
    content_types: tuple[str, ...]
    description: str
    reader: str  # "module" (its `read`) or "module:function"; imported on first use
    image: bool = False


_OOXML = "application/vnd.openxmlformats-officedocument"
FORMATS: tuple[FileFormat, ...] = (
    FileFormat("pdf", ("pdf",), ("application/pdf",), "a PDF document", "chalicelib.extract.pdf"),
    FileFormat(
        "docx",
        ("docx",),
        (f"{_OOXML}.wordprocessingml.document",),
        "a DOCX document",
        "chalicelib.extract.docx",
    ),
    FileFormat(
        "doc",
        ("doc",),
        ("application/msword",),
        "a Word 97-2003 document (.doc)",
        "chalicelib.extract.doc",
    ),
    FileFormat(
        "rtf",
        ("rtf",),
        ("application/rtf", "text/rtf"),
        "an RTF document",
        "chalicelib.extract.rtf",
    ),
    FileFormat("txt", ("txt",), ("text/plain",), "a plain-text file", "chalicelib.extract.text"),
    FileFormat(
        "png", ("png",), ("image/png",), "a PNG image", "chalicelib.extract.images", image=True
    ),
    FileFormat(
        "jpeg",
        ("jpg", "jpeg"),
        ("image/jpeg",),
        "a JPEG image",
        "chalicelib.extract.images",
        image=True,
    ),
    FileFormat(
        "tiff",
        ("tiff", "tif"),
        ("image/tiff",),
        "a TIFF image",
        "chalicelib.extract.images",
        image=True,
    ),
    FileFormat(
        "xlsx",
        ("xlsx",),
        (f"{_OOXML}.spreadsheetml.sheet",),
        "an XLSX spreadsheet",
        "chalicelib.extract.spreadsheet:read_xlsx",
    ),
    # Accounting as 1C and Excel save it: the old binary book, the binary workbook, and ODS.
    FileFormat(
        "xls",
        ("xls",),
        ("application/vnd.ms-excel",),
        "an Excel 97-2003 workbook (.xls)",
        "chalicelib.extract.spreadsheet:read_xls",
    ),
    FileFormat(
        "xlsb",
        ("xlsb",),
        ("application/vnd.ms-excel.sheet.binary.macroenabled.12",),
        "a binary Excel workbook (.xlsb)",
        "chalicelib.extract.spreadsheet:read_xlsb",
    ),
    FileFormat(
        "ods",
        ("ods",),
        ("application/vnd.oasis.opendocument.spreadsheet",),
        "an OpenDocument spreadsheet (.ods)",
        "chalicelib.extract.spreadsheet:read_ods",
    ),
)
BY_KIND: dict[str, FileFormat] = {f.kind: f for f in FORMATS}
BY_EXTENSION: dict[str, FileFormat] = {ext: f for f in FORMATS for ext in f.extensions}
SUPPORTED_EXTENSIONS: frozenset[str] = frozenset(BY_EXTENSION)
IMAGE_KINDS: frozenset[str] = frozenset(f.kind for f in FORMATS if f.image)
# "PDF, DOCX, …, XLSB or ODS", for messages: each format once, by its canonical name.
_NAMES = [f.extensions[0].upper() for f in FORMATS]
SUPPORTED_LIST = f"{', '.join(_NAMES[:-1])} or {_NAMES[-1]}"
