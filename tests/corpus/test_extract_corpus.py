"""The shared corpus through the isolated extractor with production limits.

Every file in `malformed/` must end in the outcome recorded below (a domain error
or a correct extraction): no crash, no hang, bounded memory. The real contracts
and scans must come out as sensible text.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import (
    DomainError,
    EncryptedDocumentError,
    HostileDocumentError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.extract import extract_isolated
from tests.conftest import corpus_dir
from tests.limits import PRODUCTION_LIMITS as LIMITS

if TYPE_CHECKING:
    from pathlib import Path

    from chalicelib.models import Extraction

pytestmark = pytest.mark.corpus

# The defaults a deployment runs with (20 MB, 300 pages, 20 OCR pages, 240 s, 1536 MB).
PER_FILE_TIMEOUT = 60


@dataclass(frozen=True)
class Readable:
    """The file must extract, and its Markdown must contain `text`."""

    text: str
    ocr: bool = False


Outcome = type[DomainError] | Readable

# file name (as uploaded, i.e. with the extension we declare) -> expected outcome
MALFORMED: dict[str, Outcome] = {
    "DANGER_zipbomb_zbsm_overlapping_5GB.zip": HostileDocumentError,
    "dedoc_broken.djvu": UnsupportedFormatError,
    "dedoc_broken.docx": UnsupportedFormatError,  # 17 bytes of text named .docx
    "dedoc_broken.zip": UnsupportedFormatError,  # an archive, not a document
    "dedoc_ru_prikaz_fstek17_garbled_textlayer.pdf": Readable("ФСТЭК", ocr=True),
    "dedoc_ru_ugolovnyi_kodeks_garbled_textlayer.pdf": Readable("Уголовный кодекс", ocr=True),
    "poi_54764-2.xlsx": HostileDocumentError,
    "poi_54764.xlsx": HostileDocumentError,
    "poi_ExternalEntityInText.docx": HostileDocumentError,
    "poi_bug53475-password-is-pass.docx": EncryptedDocumentError,
    "poi_clusterfuzz-testcase-minimized-XLSX2CSVFuzzer-5025401116950528.xlsx": (
        UnreadableDocumentError
    ),
    "poi_documentProtection_readonly_no_password.docx": Readable("Readonly senza password"),
    "poi_password.xls": EncryptedDocumentError,  # Excel 97-2003 with a password
    "poi_poc-xmlbomb.xlsx": HostileDocumentError,
    "poi_protected_passtika.xlsb": EncryptedDocumentError,
    "poi_xxe_in_schema.xlsx": Readable("Column1"),  # the schema is never processed
    "pypdf_Seige_of_Vicksburg_Sample_OCR.pdf": Readable("SIEGE OF VICKSBURG"),
    "pypdf_encrypted_doc_no_id.pdf": Readable("patent", ocr=True),
    "pypdf_encryption_r2-user-password.pdf": EncryptedDocumentError,
    "pypdf_encryption_r4-aes-user-password.pdf": EncryptedDocumentError,
    "pypdf_encryption_r6-owner-password.pdf": Readable("pdf encryption test"),
    "pypdf_issue-297.pdf": Readable("test example"),
    "pypdf_libreoffice-writer-password.pdf": EncryptedDocumentError,
    "pypdf_outlines-with-invalid-destinations.pdf": Readable("Hello, here is some text"),
    "qpdf_append-xref-loop.pdf": UnreadableDocumentError,  # no pages
    "qpdf_bad-encryption-length.pdf": EncryptedDocumentError,
    "qpdf_bad-jpeg.pdf": Readable("DCTDecode"),
    "qpdf_bad-token-startxref.pdf": Readable("Potato"),
    "qpdf_bad-xref.pdf": Readable("Potato"),
    "qpdf_bad1.pdf": UnsupportedFormatError,  # "oops": a text file named .pdf
    "qpdf_broken-lzw.pdf": UnreadableDocumentError,  # a page with nothing on it
    "qpdf_enc-R2_V1_U-view_O-master.pdf": EncryptedDocumentError,
    "qpdf_global_damaged.pdf": Readable("Potato"),
    "qpdf_issue-141b.pdf": UnreadableDocumentError,
    "qpdf_issue-335b.pdf": UnsupportedFormatError,  # no PDF header: text named .pdf
    "sample-files_GeoTopo_117pages.pdf": Readable("Geometrie und Topologie"),
    "sample-files_unreadablemetadata.pdf": UnreadableDocumentError,  # no pages
}
# The zip bomb uploaded under the Office names the README suggests trying.
RENAMED: dict[tuple[str, str], Outcome] = {
    ("DANGER_zipbomb_zbsm_overlapping_5GB.zip", "docx"): HostileDocumentError,
    ("DANGER_zipbomb_zbsm_overlapping_5GB.zip", "xlsx"): HostileDocumentError,
}


def _malformed_files() -> list[str]:
    folder = corpus_dir() / "malformed"
    found = sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []
    return found or sorted(MALFORMED)


def _extract(path: Path, declared_ext: str) -> Extraction:
    return extract_isolated(path.read_bytes(), declared_ext=declared_ext, limits=LIMITS)


def _check(path: Path, declared_ext: str, expected: Outcome) -> None:
    if isinstance(expected, Readable):
        extraction = _extract(path, declared_ext)
        assert expected.text in extraction.markdown
        assert extraction.facts.ocr_used == expected.ocr
    else:
        with pytest.raises(expected) as caught:
            _extract(path, declared_ext)
        assert caught.value.code == expected.code
        assert "Traceback" not in caught.value.message
    # Every child (the worker and its Tesseract processes) stayed under the cap.
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert peak_kib < LIMITS.memory_mb * 1024


@pytest.mark.timeout(PER_FILE_TIMEOUT)
@pytest.mark.parametrize("name", _malformed_files())
def test_malformed_file_ends_in_its_recorded_outcome(corpus: Path, name: str) -> None:
    assert name in MALFORMED, f"{name} is new in the corpus: record its expected outcome"
    path = corpus / "malformed" / name
    _check(path, path.suffix.lstrip(".").lower(), MALFORMED[name])


@pytest.mark.timeout(PER_FILE_TIMEOUT)
@pytest.mark.parametrize(("name", "declared_ext"), sorted(RENAMED))
def test_zip_bomb_under_an_office_name_is_hostile(
    corpus: Path, name: str, declared_ext: str
) -> None:
    _check(corpus / "malformed" / name, declared_ext, RENAMED[(name, declared_ext)])


def _files(folder: str, *patterns: str) -> list[str]:
    root = corpus_dir() / folder
    return sorted({path.name for pattern in patterns for path in root.glob(pattern)})


@pytest.mark.timeout(PER_FILE_TIMEOUT)
@pytest.mark.parametrize("name", _files("ru_contracts", "*.pdf", "*.docx", "*.rtf", "*.txt"))
def test_russian_contract_reads_as_russian_contract_text(corpus: Path, name: str) -> None:
    path = corpus / "ru_contracts" / name
    extraction = _extract(path, path.suffix.lstrip("."))
    text = extraction.markdown.lower()
    assert any(word in text for word in ("договор", "соглашени", "контракт"))
    assert extraction.facts.language == "ru"
    assert not extraction.facts.ocr_used
    assert extraction.facts.chars > 500


@pytest.mark.timeout(PER_FILE_TIMEOUT)
def test_legacy_word_contract_reads_as_russian_contract_text(corpus: Path) -> None:
    path = corpus / "ru_contracts" / "ru_dogovor_techpodderzhka_PAU.doc"
    extraction = _extract(path, "doc")
    assert extraction.markdown.startswith("Договор № ___\n")
    assert "Общество с ограниченной ответственностью «Русские Информационные Технологии»" in (
        extraction.markdown
    )
    assert "Исполнитель" in extraction.markdown
    assert "HYPERLINK" not in extraction.markdown  # field codes dropped, results kept
    assert extraction.facts.format == "doc"
    assert extraction.facts.language == "ru"
    assert extraction.facts.pages == 6  # as Word saved it in SummaryInformation
    assert extraction.facts.chars > 10_000


CUAD_SAMPLE = [
    "ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING_AGREEMENT.PDF",
    "LUCIDINC_04_15_2011-EX-10.9-DISTRIBUTOR_AGREEMENT.PDF",
    "Microgenics_Corporation_-_Collaborative_Development_and_Commercialization_Agreement.PDF",
]


@pytest.mark.timeout(PER_FILE_TIMEOUT)
@pytest.mark.parametrize("name", CUAD_SAMPLE)
def test_cuad_contract_reads_as_english_agreement(corpus: Path, name: str) -> None:
    extraction = _extract(corpus / "en_cuad" / name, "pdf")
    assert "agreement" in extraction.markdown.lower()
    assert extraction.facts.language == "en"
    assert extraction.facts.pages > 1
    assert extraction.markdown.count("<!-- page ") == extraction.facts.pages


SCANS = {
    "ru_dogovor_posl_str_rekvizity_scan.jpg": "ФОРС-МАЖОР",
    "ru_platezhnoe_poruchenie_1.png": "ПЛАТЕЖНОЕ ПОРУЧЕНИЕ",
    "ru_table_page_rotated90.png": "охотничьих",
    "ru_tz_scan_imageonly.pdf": "Техническое задание",
}


@pytest.mark.timeout(PER_FILE_TIMEOUT)
@pytest.mark.parametrize("name", sorted(SCANS))
def test_russian_scan_is_recognised(corpus: Path, name: str) -> None:
    path = corpus / "ru_scans" / name
    extraction = _extract(path, path.suffix.lstrip("."))
    assert SCANS[name] in extraction.markdown
    assert extraction.facts.pipeline == "image"
    assert extraction.facts.ocr_pages == 1
    assert extraction.facts.language == "ru"
    if "rotated" in name:
        assert any("turned upright" in warning for warning in extraction.facts.warnings)


@pytest.mark.timeout(PER_FILE_TIMEOUT)
@pytest.mark.parametrize("name", _files("ru_accounting", "*.xlsx"))
def test_accounting_workbook_reads_as_tables(corpus: Path, name: str) -> None:
    extraction = _extract(corpus / "ru_accounting" / name, "xlsx")
    # Bank of Russia forms: accounting, so the statements branch (recognised as OTHER there)
    assert extraction.facts.pipeline == "statement"
    assert extraction.sheets
    assert extraction.facts.has_tables
    assert extraction.facts.language == "ru"
    assert "|---|" in extraction.markdown
