"""One document version's identity: every key and run name built from it parses back."""

from __future__ import annotations

import pytest

from chalicelib.keys import (
    DocumentRef,
    build_import_key,
    parse_execution_name,
    parse_import_key,
    parse_upload_key,
)

_REF = DocumentRef("3f2a9c1e-77aa-4d5e-9a0b-1c2d3e4f5a6b", 12, "ru")


def test_a_ref_builds_the_layout_of_every_key() -> None:
    document_id = _REF.document_id
    assert _REF.upload_key("pdf") == f"uploads/ru/{document_id}/v12/original.pdf"
    assert _REF.artifact_key("report.md") == f"artifacts/ru/{document_id}/v12/report.md"
    assert _REF.execution_name == f"{document_id}-v12"
    assert _REF.run_result_key == f"results/{document_id}/{document_id}-v12/result.json"


def test_the_upload_key_and_the_execution_name_parse_back() -> None:
    parsed = parse_upload_key(_REF.upload_key("docx"))
    assert parsed is not None
    assert (parsed.ref, parsed.ext) == (_REF, "docx")
    # An id with dashes and "v" in it still splits at the last "-v{n}".
    assert parse_execution_name(_REF.execution_name) == (_REF.document_id, 12)
    assert parse_execution_name("abc-vvv-v2-v3") == ("abc-vvv-v2", 3)


@pytest.mark.parametrize(
    "name", ["", "short-v1", "UPPER-CASE-ID-v1", "document-id-v0", "document-id-v", "doc id-v1"]
)
def test_a_name_not_ours_parses_to_none(name: str) -> None:
    assert parse_execution_name(name) is None


def test_a_record_names_its_ref() -> None:
    from chalicelib.events import RunInput

    run = RunInput(document_id=_REF.document_id, version=12, region="ru")
    assert run.ref == DocumentRef.of(run) == _REF


def test_an_import_key_takes_a_city_region_as_an_upload_key_does() -> None:
    key = build_import_key("ru-msk", "batch-0123456789")
    assert key == "imports/ru-msk/batch-0123456789/archive.zip"
    assert parse_import_key(key) == ("ru-msk", "batch-0123456789")
    assert parse_import_key("imports/ru/batch-0123456789/archive.zip") == ("ru", "batch-0123456789")
    assert parse_import_key("imports/RU-MSK/batch-0123456789/archive.zip") is None
