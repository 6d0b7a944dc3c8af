"""The rules provider on real contracts: every quote is in the text, labelled clauses are found.

Documents are read here the simple way (PyMuPDF text, DOCX paragraphs, RTF
text), not through the Extract pipeline, so that this test depends only on
the analysis package. Legacy binary .doc files need the pipeline and are left
out.
"""

from __future__ import annotations

import csv
import zipfile
from functools import cache
from typing import TYPE_CHECKING

import pytest
from defusedxml import ElementTree

from chalicelib.analysis import RulesProvider
from chalicelib.analysis.quotes import verify_quotes
from chalicelib.models import AnalysisResult, PrescreenResult

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.corpus

_WORD = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_READABLE = {".pdf", ".txt", ".docx", ".rtf"}


def _read_text(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        import pymupdf

        with pymupdf.open(path) as document:
            return "\n\n".join(page.get_text() for page in document)
    if suffix == ".docx":
        root = ElementTree.fromstring(zipfile.ZipFile(path).read("word/document.xml"))
        paragraphs = (
            "".join(t.text or "" for t in p.iter(f"{_WORD}t")) for p in root.iter(f"{_WORD}p")
        )
        return "\n\n".join(paragraphs)
    if suffix == ".rtf":
        from striprtf.striprtf import rtf_to_text

        return str(rtf_to_text(path.read_text(encoding="utf-8")))
    return path.read_text(encoding="utf-8")


@cache
def _analysed(path: Path, language: str, contract_type: str | None) -> tuple[str, AnalysisResult]:
    text = _read_text(path)
    prescreen = PrescreenResult(
        language=language,  # type: ignore[arg-type]
        contract_type=contract_type,
        confidence=0.5,
        route="deep_analysis",
    )
    return text, RulesProvider().analyze(text, prescreen)


def _russian_rows(corpus: Path) -> list[dict[str, str]]:
    with (corpus / "ru_contracts_labels.tsv").open(encoding="utf-8") as labels:
        rows = list(csv.DictReader(labels, delimiter="\t"))
    return [
        row
        for row in rows
        if row["file"].startswith("ru_contracts/")
        and (corpus / row["file"]).suffix.lower() in _READABLE
    ]


def _cuad_rows(corpus: Path) -> list[dict[str, str]]:
    with (corpus / "en_cuad" / "labels.tsv").open(encoding="utf-8") as labels:
        return list(csv.DictReader(labels, delimiter="\t"))


def _russian(corpus: Path, row: dict[str, str]) -> AnalysisResult:
    return _analysed(corpus / row["file"], "ru", row["contract_type"])[1]


def _cuad(corpus: Path, row: dict[str, str]) -> AnalysisResult:
    return _analysed(corpus / "en_cuad" / row["file"], "en", None)[1]


def _items(result: AnalysisResult, severity: str | None = None) -> set[str]:
    return {f.checklist_item for f in result.findings if severity is None or f.severity == severity}


def test_every_quote_is_in_the_documents_text(corpus: Path) -> None:
    documents = [
        (corpus / row["file"], "ru", row["contract_type"]) for row in _russian_rows(corpus)
    ]
    documents += [(corpus / "en_cuad" / row["file"], "en", None) for row in _cuad_rows(corpus)]
    assert len(documents) >= 30
    for path, language, contract_type in documents:
        text, result = _analysed(path, language, contract_type)
        assert result.dropped_quotes == 0, path.name
        assert verify_quotes(result.findings, text)[1] == 0, path.name
        assert all(len(f.quote) <= 400 for f in result.findings), path.name


def test_quotes_survive_markdown_with_a_blank_line_between_pdf_lines(corpus: Path) -> None:
    # The Extract pipeline's Markdown may put every line of a PDF page in its own paragraph.
    pdfs = [corpus / row["file"] for row in _russian_rows(corpus) if row["file"].endswith(".pdf")]
    assert pdfs
    for path in pdfs:
        plain, plain_result = _analysed(path, "ru", None)
        markdown = "\n\n".join(line for line in plain.splitlines() if line.strip())
        prescreen = PrescreenResult(language="ru", confidence=0.5, route="deep_analysis")
        result = RulesProvider().analyze(markdown, prescreen)
        assert result.dropped_quotes == 0, path.name
        assert _items(result) == _items(plain_result), path.name


def test_russian_penalties_are_found_where_the_labels_say(corpus: Path) -> None:
    for row in _russian_rows(corpus):
        found = "penalty" in _items(_russian(corpus, row))
        assert found == (row["has_penalty"] == "yes"), row["file"]


def test_russian_dispute_clause_is_found_or_reported_missing(corpus: Path) -> None:
    for row in _russian_rows(corpus):
        if row["contract_type"] == "annex":
            continue  # an annex's disputes are settled by the main contract
        missing = "dispute_forum" in _items(_russian(corpus, row), "medium")
        assert missing == (row["has_arbitration_or_jurisdiction"] == "no"), row["file"]


def test_russian_unilateral_termination_is_found(corpus: Path) -> None:
    for row in _russian_rows(corpus):
        if row["has_unilateral_termination"] != "yes" or "borderline" in row["notes"]:
            continue
        assert "unilateral_termination" in _items(_russian(corpus, row)), row["file"]


def test_russian_automatic_renewal_is_found_only_where_it_is(corpus: Path) -> None:
    for row in _russian_rows(corpus):
        found = "auto_renewal" in _items(_russian(corpus, row))
        assert found == (row["has_auto_renewal"] == "yes"), row["file"]


def test_cuad_governing_law_is_named_in_the_quote(corpus: Path) -> None:
    for row in _cuad_rows(corpus):
        law = row["Governing Law"]
        notes = [
            f
            for f in _cuad(corpus, row).findings
            if f.checklist_item == "governing_law" and f.severity == "info"
        ]
        if not law:
            assert notes == [], row["file"]
            continue
        assert notes, row["file"]
        assert law.casefold() in notes[0].quote.casefold(), row["file"]


def test_cuad_liquidated_damages_renewal_and_termination_are_found(corpus: Path) -> None:
    checks = [
        ("Liquidated Damages", lambda value: value == "Yes", "penalty"),
        ("Renewal Term", lambda value: "successive" in value, "auto_renewal"),
        ("Termination For Convenience", lambda value: value == "Yes", "unilateral_termination"),
    ]
    for row in _cuad_rows(corpus):
        items = _items(_cuad(corpus, row))
        for column, labelled, item in checks:
            if labelled(row[column]):
                assert item in items, (row["file"], column)
