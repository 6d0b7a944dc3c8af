"""The correlation id: accepted or minted per request, stored on the upload, carried by the run,
and the id every step logs with."""

from __future__ import annotations

import json
import logging
import threading
import uuid
from datetime import UTC, datetime

import pytest
from aws_lambda_powertools import Logger

from chalicelib import wiring
from chalicelib.correlation import (
    accepted_correlation_id,
    correlation_scope,
    current_correlation_id,
)
from chalicelib.events import ExecutionStatusDetail
from chalicelib.keys import build_upload_key
from chalicelib.models import ExtractedFacts, Extraction
from chalicelib.request_logging import api_logger, correlated_request
from chalicelib.services.extraction import ExtractionService, UploadEvent
from chalicelib.services.failures import FailureRecorder
from chalicelib.services.uploads import UploadRequest, UploadService
from chalicelib.services.users import UserService
from tests.conftest import PROJECT_ROOT
from tests.fakes.ports import FakeObjectStore, FakeRepository, FakeWorkflow

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
PDF = UploadRequest(filename="contract.pdf", content_type="application/pdf", size=12)


@pytest.mark.parametrize("given", ["abc-123", "partner:req/42", "A" * 128, "trace=1.2_3+4"])
def test_a_plain_callers_id_is_kept(given: str) -> None:
    assert accepted_correlation_id(given) == given


@pytest.mark.parametrize(
    "given", [None, "", "   ", "A" * 129, "has space", "line\nbreak", 'quo"te', "-leading", "ü"]
)
def test_anything_else_gets_a_new_uuid4(given: str | None) -> None:
    minted = accepted_correlation_id(given)
    assert uuid.UUID(minted).version == 4
    assert accepted_correlation_id(given) != minted  # a new one each time


def test_a_scope_sets_the_current_id_for_its_thread_only_and_restores_it() -> None:
    seen: list[str | None] = []
    assert current_correlation_id() is None
    with correlation_scope("outer"):
        with correlation_scope("inner"):
            assert current_correlation_id() == "inner"
        assert current_correlation_id() == "outer"
        other = threading.Thread(target=lambda: seen.append(current_correlation_id()))
        other.start()
        other.join()
    assert current_correlation_id() is None
    assert seen == [None]


# --- the upload stores it; Extract carries it into the run ----------------------------------


class World:
    def __init__(self, correlation_id: str | None) -> None:
        self.repo = FakeRepository()
        self.store = FakeObjectStore()
        self.workflow = FakeWorkflow()
        self.correlated: list[str] = []
        self.uploads = UploadService(
            repo=self.repo,
            store=self.store,
            users=UserService(self.repo, signup_credits=3, region="ru"),
            max_upload_bytes=10_000,
            url_ttl_seconds=900,
            grace_seconds=600,
            clock=lambda: NOW,
            correlation_id=lambda: correlation_id,
        )
        self.extraction = ExtractionService(
            repo=self.repo,
            deadlines=self.repo,
            store=self.store,
            workflow=self.workflow,
            failures=FailureRecorder(self.repo, "all"),
            extractor=lambda data, ext: Extraction(
                markdown="# Договор\n\nТекст.",
                facts=ExtractedFacts(pipeline="contract", format="pdf", pages=1, chars=10),
            ),
            max_upload_bytes=10_000,
            stuck_after_seconds=1800,
            review_timeout_seconds=3600,
            clock=lambda: NOW,
            correlate=self.correlated.append,
        )

    def upload_and_extract(self) -> str:
        doc = self.uploads.request_upload("alice", PDF).document
        key = build_upload_key(doc.region, doc.document_id, doc.version, doc.ext)
        self.store.objects[key] = b"%PDF-1.7 ..."
        self.extraction.handle_upload(UploadEvent("b", key, 12, "v1", "e"))
        return doc.document_id


def test_the_request_id_goes_onto_the_document_into_the_run_and_into_extracts_logs() -> None:
    world = World("req-7")
    document_id = world.upload_and_extract()
    assert world.repo.documents[document_id].correlation_id == "req-7"
    (run_input,) = world.workflow.runs.values()
    assert run_input["correlation_id"] == "req-7"
    assert world.correlated == ["req-7"]


def test_a_document_uploaded_outside_a_request_is_correlated_by_its_own_id() -> None:
    world = World(None)  # the bot's upload, or a document stored before ids were carried
    document_id = world.upload_and_extract()
    assert world.repo.documents[document_id].correlation_id is None
    (run_input,) = world.workflow.runs.values()
    assert run_input["correlation_id"] == document_id
    assert world.correlated == [document_id]


def test_the_wiring_sets_the_id_the_handlers_logger_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    # GIVEN a function's logger (its service from the environment, as on Lambda)
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "correlation-test")
    handler_logger = Logger()
    # WHEN Extract's service is told a document's id through the wiring
    wiring.log_correlation_id("doc-9")
    # THEN the handler's logger (and chalicelib's, which share its formatter) writes it
    try:
        assert handler_logger.get_correlation_id() == "doc-9"
    finally:
        handler_logger.set_correlation_id(None)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"document_id": "d", "correlation_id": "req-7"}', "req-7"),
        ('{"document_id": "d"}', None),
        ('{"correlation_id": 7}', None),
        ("not json", None),
        (None, None),
    ],
)
def test_a_failed_runs_correlation_id_is_read_from_its_input(
    raw: str | None, expected: str | None
) -> None:
    detail = ExecutionStatusDetail.model_validate(
        {"executionArn": "arn", "status": "FAILED", "input": raw}
    )
    assert detail.correlation_id == expected


# --- the HTTP API's request log -------------------------------------------------------------


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_request_logs_under_its_id_and_says_what_was_answered() -> None:
    logger = api_logger()
    records = Records()
    standard = logging.getLogger(logger.name)
    # Whatever level an earlier test left on the shared logger, the request line is INFO.
    level = standard.level
    standard.setLevel(logging.INFO)
    standard.addHandler(records)
    try:
        with correlated_request("POST", "/v1/documents", "req-7") as request:
            # THEN inside the request, the logs and the services see the caller's id
            assert logger.get_correlation_id() == "req-7"
            assert current_correlation_id() == "req-7"
            request.status = 201
    finally:
        standard.removeHandler(records)
        standard.setLevel(level)
    # AND one line tells the request, and the id is gone once it is answered
    (line,) = [r for r in records.records if r.getMessage() == "request handled"]
    assert (line.method, line.route, line.status) == ("POST", "/v1/documents", 201)  # type: ignore[attr-defined]
    assert logger.get_correlation_id() is None
    assert current_correlation_id() is None


def test_a_request_without_an_id_gets_a_new_one() -> None:
    with correlated_request("GET", "/v1/me", None) as request:
        assert uuid.UUID(request.correlation_id).version == 4
        assert current_correlation_id() == request.correlation_id


def test_every_task_of_the_pipeline_hands_its_handler_the_runs_correlation_id() -> None:
    asl = json.loads((PROJECT_ROOT / "statemachines" / "document_pipeline.asl.json").read_text())
    tasks = {name: s for name, s in asl["States"].items() if s["Type"] == "Task"}
    assert tasks
    for name, state in tasks.items():
        parameters = state["Parameters"].get("Payload", state["Parameters"])
        assert parameters.get("correlation_id.$") == "$.correlation_id", name
