"""The isolated worker: same result as in-process, errors cross the boundary, limits hold."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import (
    DomainError,
    EncryptedDocumentError,
    ExtractionCrashedError,
    ExtractionTimeoutError,
    HostileDocumentError,
    UnsupportedFormatError,
)
from chalicelib.extract import extract_document, extract_isolated, isolate
from chalicelib.extract.isolate import WORKERS, _result, encode_request
from chalicelib.extract.worker import handle
from tests.limits import UNIT_LIMITS
from tests.scans import dense_scan

if TYPE_CHECKING:
    from pathlib import Path

LIMITS = dataclasses.replace(UNIT_LIMITS, max_ocr_pages=10)
CONTRACT = "ДОГОВОР ПОСТАВКИ\n\nПоставщик обязуется передать товар Покупателю.".encode()


def dense_tiff(pages: int) -> bytes:
    """A multi-page scan full of text: seconds of OCR work."""
    return dense_scan(pages, "Арендатор обязуется вносить плату. " * 120)


def test_extract_isolated_returns_what_extract_document_returns() -> None:
    isolated = extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS)
    assert isolated == extract_document(CONTRACT, declared_ext="txt", limits=LIMITS)


@pytest.mark.parametrize(
    ("fixture", "declared", "error"),
    [
        ("poi_bug53475-password-is-pass.docx", "docx", EncryptedDocumentError),
        ("poi_54764.xlsx", "xlsx", HostileDocumentError),
        ("qpdf_bad-xref.pdf", "docx", UnsupportedFormatError),
    ],
)
def test_extract_isolated_raises_the_childs_domain_error_with_its_message(
    fixtures_dir: Path, fixture: str, declared: str, error: type[DomainError]
) -> None:
    data = (fixtures_dir / "extract" / fixture).read_bytes()
    with pytest.raises(error) as in_process:
        extract_document(data, declared_ext=declared, limits=LIMITS)
    with pytest.raises(error) as isolated:
        extract_isolated(data, declared_ext=declared, limits=LIMITS)
    assert type(isolated.value) is type(in_process.value)
    assert isolated.value.message == in_process.value.message


def test_extract_isolated_kills_a_child_that_runs_past_the_timeout() -> None:
    limits = dataclasses.replace(LIMITS, timeout_seconds=1, ocr_workers=1)
    started = time.monotonic()
    with pytest.raises(ExtractionTimeoutError):
        extract_isolated(dense_tiff(3), declared_ext="tiff", limits=limits)
    assert time.monotonic() - started < 5


def test_extract_isolated_reports_a_child_out_of_memory_as_crashed(fixtures_dir: Path) -> None:
    # GIVEN a memory cap too small for the PDF reader to even load
    data = (fixtures_dir / "extract" / "qpdf_bad-xref.pdf").read_bytes()
    limits = dataclasses.replace(LIMITS, memory_mb=64)
    # THEN the child fails and the parent reports a crash, not a hang or its own death
    with pytest.raises(ExtractionCrashedError):
        extract_isolated(data, declared_ext="pdf", limits=limits)
    assert extract_isolated(data, declared_ext="pdf", limits=LIMITS).markdown.endswith("Potato")


@pytest.mark.parametrize(
    ("returncode", "stdout"),
    [
        (-9, b""),
        (3, b""),
        (0, b"not json"),
        (0, json.dumps({"ok": False, "error": "NoSuchError", "message": "x"}).encode()),
    ],
    ids=["killed-by-signal", "memory-error-exit", "garbled-reply", "unknown-error-class"],
)
def test_result_treats_any_broken_reply_as_a_crash(returncode: int, stdout: bytes) -> None:
    with pytest.raises(ExtractionCrashedError):
        _result(returncode, stdout, b"Traceback ...")


def test_worker_handle_answers_with_the_extraction_or_the_error() -> None:
    ok = handle(io.BytesIO(encode_request(CONTRACT, "txt", LIMITS)))
    assert ok["ok"] is True
    assert ok["extraction"]["facts"]["format"] == "txt"
    refused = handle(io.BytesIO(encode_request(bytes(range(256)) * 4, "txt", LIMITS)))
    assert refused == {
        "ok": False,
        "error": "UnsupportedFormatError",
        "message": refused["message"],
    }
    assert ".txt" in refused["message"]


def _idle_pids() -> list[int]:
    return [worker.process.pid for worker in WORKERS._idle]


def test_a_warm_worker_reads_the_next_document_too() -> None:
    WORKERS.close()
    first = extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS)
    [pid] = _idle_pids()
    second = extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS)
    assert first == second
    assert _idle_pids() == [pid]  # the same process, still waiting for the next one
    # A document's own error leaves the worker fit for the next document.
    with pytest.raises(UnsupportedFormatError):
        extract_isolated(bytes(range(256)) * 4, declared_ext="txt", limits=LIMITS)
    assert _idle_pids() == [pid]


def test_a_worker_is_replaced_after_a_timeout_a_crash_or_its_last_document(
    monkeypatch: pytest.MonkeyPatch, fixtures_dir: Path
) -> None:
    WORKERS.close()
    extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS)
    [first] = _idle_pids()
    with pytest.raises(ExtractionTimeoutError):
        extract_isolated(
            dense_tiff(3),
            declared_ext="tiff",
            limits=dataclasses.replace(LIMITS, timeout_seconds=1, ocr_workers=1),
        )
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)  # killed with what it started
    assert _idle_pids() == []
    extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS)
    [second] = _idle_pids()
    assert second != first
    # A worker that has served its share is stopped when it hands its last reply back.
    monkeypatch.setattr(isolate, "MAX_DOCUMENTS_PER_WORKER", 2)
    extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS)
    assert _idle_pids() == []
    # One out of memory is a crash; the next document gets a fresh worker with the cap asked.
    pdf = (fixtures_dir / "extract" / "qpdf_bad-xref.pdf").read_bytes()
    with pytest.raises(ExtractionCrashedError):
        extract_isolated(pdf, declared_ext="pdf", limits=dataclasses.replace(LIMITS, memory_mb=64))
    assert _idle_pids() == []


def test_documents_read_at_once_each_get_a_worker() -> None:
    WORKERS.close()
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(
            pool.map(
                lambda _: extract_isolated(CONTRACT, declared_ext="txt", limits=LIMITS), range(6)
            )
        )
    assert all(result == results[0] for result in results)
    assert 1 <= len(_idle_pids()) <= isolate.MAX_IDLE_WORKERS
    WORKERS.close()
    assert _idle_pids() == []
