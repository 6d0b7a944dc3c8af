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


# --- upload areas: a bulk import's originals under their own prefix ------------------------


def test_a_batch_documents_upload_key_is_under_its_own_prefix_and_parses_back() -> None:
    ref = DocumentRef(_REF.document_id, 3, "ru-spb", upload_area="batch")

    key = ref.upload_key("pdf")

    assert key == f"batch-uploads/ru-spb/{_REF.document_id}/v3/original.pdf"
    parsed = parse_upload_key(key)
    assert parsed is not None
    assert (parsed.area, parsed.region, parsed.version, parsed.ext) == ("batch", "ru-spb", 3, "pdf")
    assert parsed.ref.upload_key("pdf") == key
    # Where the original is is not who the version is: refs from a run's input still match.
    assert parsed.ref == DocumentRef(_REF.document_id, 3, "ru-spb")
    assert ref.original.upload_area == "batch"


@pytest.mark.parametrize(
    "key",
    [
        # every shape an upload key had before: a province, a city, a long version
        "uploads/ru/3f2a9c1e-77aa-4d5e-9a0b-1c2d3e4f5a6b/v1/original.pdf",
        "uploads/ru-msk/3f2a9c1e-77aa-4d5e-9a0b-1c2d3e4f5a6b/v12/original.docx",
        "uploads/kz-ala/abcdef/v9999/original.xlsb",
    ],
)
def test_every_existing_upload_key_still_parses_to_the_shared_area(key: str) -> None:
    parsed = parse_upload_key(key)

    assert parsed is not None
    assert parsed.area == "uploads"
    assert parsed.ref.upload_key(parsed.ext) == key


@pytest.mark.parametrize(
    "key",
    [
        "batch/ru/3f2a9c1e-77aa-4d5e-9a0b-1c2d3e4f5a6b/v1/original.pdf",
        "uploads/batch-uploads/ru/abcdef/v1/original.pdf",
        "xbatch-uploads/ru/abcdef/v1/original.pdf",
        "batch-uploads/ru/abcdef/v0/original.pdf",
    ],
)
def test_a_key_outside_both_areas_is_not_an_upload(key: str) -> None:
    assert parse_upload_key(key) is None


def test_a_record_says_which_area_its_original_is_in() -> None:
    from datetime import UTC, datetime

    from chalicelib.keys import build_upload_prefix
    from chalicelib.lanes import upload_area
    from chalicelib.models import Document, DocumentStatus

    now = datetime(2026, 1, 1, tzinfo=UTC)
    fields = {
        "document_id": _REF.document_id,
        "owner_id": "u1",
        "region": "ru",
        "status": DocumentStatus.DONE,
        "filename": "a.pdf",
        "content_type": "application/pdf",
        "ext": "pdf",
        "declared_size": 1,
        "created_at": now,
        "updated_at": now,
        "upload_expires_at": now,
    }
    # A record written before areas existed has none: its original is where it always was.
    old = Document.model_validate(fields)
    batch = Document.model_validate({**fields, "lane": "batch", "upload_area": "batch"})

    assert old.ref.upload_key("pdf").startswith("uploads/ru/")
    assert batch.ref.upload_key("pdf").startswith("batch-uploads/ru/")
    assert build_upload_prefix("ru", batch.document_id, batch.upload_area) == (
        f"batch-uploads/ru/{batch.document_id}/"
    )
    assert [upload_area(lane) for lane in ("high", "default", "batch", "system")] == [
        "uploads",
        "uploads",
        "batch",
        "uploads",
    ]
