"""Services against in-memory fakes of the ports: credits, uploads, extraction, failures."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import (
    EncryptedDocumentError,
    InsufficientCreditsError,
    InvalidRequestError,
    UploadTooLargeError,
    UploadTypeNotSupportedError,
)
from chalicelib.keys import build_artifact_key, build_upload_key
from chalicelib.models import DocumentError, DocumentStatus, ExtractedFacts, Extraction
from chalicelib.services.extraction import ExtractionService, UploadEvent
from chalicelib.services.failures import FailureRecorder, RefundPolicy, document_error_from_name
from chalicelib.services.review import ReviewService
from chalicelib.services.run_failures import RunFailureService, RunStatusChange
from chalicelib.services.sweeper import SweeperService
from chalicelib.services.uploads import UploadRequest, UploadService, validate_upload
from chalicelib.services.users import UserService
from tests.fakes.ports import FakeObjectStore, FakeRepository, FakeWorkflow

if TYPE_CHECKING:
    from chalicelib.ports import StatusEvents

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
PDF = UploadRequest(filename="contract.pdf", content_type="application/pdf", size=1000)


class World:
    """The services wired to fakes, with a clock the test moves."""

    def __init__(
        self, policy: RefundPolicy = "all", credits: int = 2, events: StatusEvents | None = None
    ) -> None:
        self.now = NOW
        self.repo = FakeRepository()
        self.store = FakeObjectStore()
        self.workflow = FakeWorkflow()
        self.failures = FailureRecorder(self.repo, policy, events=events)
        self.extracted: Extraction | Exception = Extraction(
            markdown="# Договор поставки\n\nТекст.",
            facts=ExtractedFacts(pipeline="contract", format="pdf", pages=1, chars=24),
        )
        self.uploads = UploadService(
            repo=self.repo,
            store=self.store,
            users=UserService(self.repo, signup_credits=credits, region="ru"),
            max_upload_bytes=10_000,
            url_ttl_seconds=900,
            grace_seconds=600,
            clock=lambda: self.now,
        )
        self.extraction = ExtractionService(
            repo=self.repo,
            deadlines=self.repo,
            store=self.store,
            workflow=self.workflow,
            failures=self.failures,
            extractor=self._extract,
            max_upload_bytes=10_000,
            stuck_after_seconds=1800,
            review_timeout_seconds=3600,
            clock=lambda: self.now,
            events=events,
        )

    def _extract(self, data: bytes, ext: str) -> Extraction:
        if isinstance(self.extracted, Exception):
            raise self.extracted
        return self.extracted

    def upload(self, data: bytes = b"%PDF-1.7 ...", request: UploadRequest = PDF) -> UploadEvent:
        ticket = self.uploads.request_upload("alice", request)
        doc = ticket.document
        key = build_upload_key(doc.region, doc.document_id, doc.version, doc.ext)
        self.store.objects[key] = data
        return UploadEvent(bucket="b", key=key, size=len(data), version_id="v1", etag="e")

    def credits(self) -> int:
        return self.repo.users["alice"].credits_left


def test_validate_upload_accepts_known_types_and_canonicalises_extension() -> None:
    request = UploadRequest(filename="Скан.JPEG", content_type="image/jpeg", size=5)
    assert validate_upload(request, max_bytes=10) == ("jpg", "image/jpeg")


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        (UploadRequest("", "application/pdf", 5), InvalidRequestError),
        (UploadRequest("a.exe", "application/octet-stream", 5), UploadTypeNotSupportedError),
        (UploadRequest("a.xls", "application/pdf", 5), UploadTypeNotSupportedError),
        (UploadRequest("a.numbers", "application/octet-stream", 5), UploadTypeNotSupportedError),
        (UploadRequest("a.doc", "application/pdf", 5), UploadTypeNotSupportedError),
        (UploadRequest("a.pdf", "image/png", 5), UploadTypeNotSupportedError),
        (UploadRequest("a.pdf", "application/pdf", 0), InvalidRequestError),
        (UploadRequest("a.pdf", "application/pdf", 11), UploadTooLargeError),
    ],
)
def test_validate_upload_rejects_bad_requests(request_: UploadRequest, error: type) -> None:
    with pytest.raises(error):
        validate_upload(request_, max_bytes=10)


def test_request_upload_reserves_one_credit_and_binds_the_key() -> None:
    world = World(credits=2)
    ticket = world.uploads.request_upload("alice", PDF)
    assert world.credits() == 1
    assert ticket.document.status == DocumentStatus.AWAITING_UPLOAD
    assert ticket.form.fields["key"].endswith(f"{ticket.document.document_id}/v1/original.pdf")


def test_request_upload_without_credit_is_refused_and_creates_nothing() -> None:
    world = World(credits=1)
    world.uploads.request_upload("alice", PDF)
    with pytest.raises(InsufficientCreditsError):
        world.uploads.request_upload("alice", PDF)
    assert world.credits() == 0
    assert len(world.repo.documents) == 1


def test_extract_writes_artifacts_and_starts_one_run() -> None:
    world = World()
    event = world.upload()
    result = world.extraction.handle_upload(event)
    assert result["outcome"] == "started"
    doc = world.repo.documents[result["document_id"]]
    assert doc.status == DocumentStatus.PRESCREENING
    assert doc.pipeline == "contract"
    assert build_artifact_key("ru", doc.document_id, 1, "text.md") in world.store.text_tagged
    assert list(world.workflow.runs) == [f"{doc.document_id}-v1"]


def test_extract_ignores_a_duplicate_event() -> None:
    world = World()
    event = world.upload()
    world.extraction.handle_upload(event)
    assert world.extraction.handle_upload(event)["outcome"] == "ignored"
    assert len(world.workflow.runs) == 1
    assert world.credits() == 1


def test_extract_ignores_keys_without_a_reservation() -> None:
    world = World()
    event = UploadEvent(
        bucket="b", key="uploads/ru/unknown-doc/v1/original.pdf", size=3, version_id=None, etag=None
    )
    assert world.extraction.handle_upload(event)["outcome"] == "ignored"


def test_a_batch_upload_gets_its_own_prefix_and_extract_reads_it_there_only() -> None:
    from dataclasses import replace

    world = World()
    ticket = world.uploads.request_upload("alice", replace(PDF, lane="batch", batch_id="b-1"))
    doc = ticket.document
    key = ticket.form.fields["key"]
    assert (doc.upload_area, key) == (
        "batch",
        f"batch-uploads/ru/{doc.document_id}/v1/original.pdf",
    )
    world.store.objects[key] = b"%PDF-1.7 ..."
    # The same document's key in the other area is nobody's upload.
    elsewhere = key.replace("batch-uploads/", "uploads/", 1)
    world.store.objects[elsewhere] = b"%PDF-1.7 ..."

    stray = UploadEvent(bucket="b", key=elsewhere, size=12, version_id="v1", etag="e")
    assert world.extraction.handle_upload(stray)["outcome"] == "ignored"
    event = UploadEvent(bucket="b", key=key, size=12, version_id="v1", etag="e")
    assert world.extraction.handle_upload(event)["outcome"] == "started"
    assert list(world.workflow.runs) == [f"{doc.document_id}-v1"]


def test_extract_fails_a_file_larger_than_declared_and_refunds() -> None:
    world = World()
    event = world.upload(data=b"x" * 2000)
    result = world.extraction.handle_upload(event)
    assert (result["outcome"], result["code"], result["refunded"]) == ("failed", "TOO_LARGE", True)
    assert world.credits() == 2
    assert world.workflow.runs == {}


@pytest.mark.parametrize(("policy", "refunded"), [("all", True), ("infra_only", False)])
def test_extract_terminal_error_refunds_per_policy(policy: RefundPolicy, refunded: bool) -> None:
    world = World(policy=policy)
    world.extracted = EncryptedDocumentError()
    result = world.extraction.handle_upload(world.upload())
    doc = world.repo.documents[result["document_id"]]
    assert doc.status == DocumentStatus.FAILED
    assert doc.error is not None and doc.error.code == "ENCRYPTED"
    assert doc.refunded is refunded
    assert world.credits() == (2 if refunded else 1)


def test_refund_happens_at_most_once() -> None:
    world = World()
    result = world.extraction.handle_upload(world.upload())
    error = DocumentError(code="INTERNAL", message="x", failure_class="infra")
    assert world.failures.record(result["document_id"], error) is True
    assert world.failures.record(result["document_id"], error) is False
    assert world.credits() == 2


def test_error_names_map_to_user_facing_codes() -> None:
    assert document_error_from_name("UnreadableDocumentError").code == "UNREADABLE"
    assert document_error_from_name("LlmRateLimitedError").failure_class == "llm_quota"
    unknown = document_error_from_name("KeyError")
    assert (unknown.code, unknown.failure_class) == ("INTERNAL", "infra")
    assert "KeyError" not in unknown.message


def test_sweeper_releases_an_upload_that_never_came_whatever_the_policy() -> None:
    world = World(policy="infra_only")
    ticket = world.uploads.request_upload("alice", PDF)
    sweeper = SweeperService(world.repo, world.failures, lambda: world.now, deadlines=world.repo)
    assert sweeper.sweep() == {"released": 0, "stuck": 0, "callbacks": 0, "imports_interrupted": 0}
    world.now = NOW + timedelta(hours=1)
    assert sweeper.sweep() == {"released": 1, "stuck": 0, "callbacks": 0, "imports_interrupted": 0}
    doc = world.repo.documents[ticket.document.document_id]
    assert doc.error is not None and doc.error.code == "UPLOAD_EXPIRED"
    assert world.credits() == 2
    assert world.repo.deadlines == []


def test_sweeper_leaves_documents_that_moved_on() -> None:
    world = World()
    world.extraction.handle_upload(world.upload())
    world.now = NOW + timedelta(days=1)
    assert SweeperService(
        world.repo, world.failures, lambda: world.now, deadlines=world.repo
    ).sweep() == {
        "released": 0,
        "stuck": 0,
        "callbacks": 0,
        "imports_interrupted": 0,
    }


def test_run_failure_marks_failed_and_refunds_once_as_infra() -> None:
    world = World(policy="infra_only")
    doc_id = world.extraction.handle_upload(world.upload())["document_id"]
    service = RunFailureService(world.repo, world.failures)
    change = RunStatusChange(
        execution_arn="arn",
        status="FAILED",
        input=f'{{"document_id": "{doc_id}", "version": 1, "region": "ru"}}',
        error="StorageUnavailableError",
        cause="{}",
    )
    assert service.handle(change)["refunded"] is True
    assert service.handle(change)["refunded"] is False
    doc = world.repo.documents[doc_id]
    assert doc.error is not None and doc.error.code == "TEMPORARILY_UNAVAILABLE"
    assert world.credits() == 2


def test_run_failure_leaves_a_done_document_alone() -> None:
    world = World()
    doc_id = world.extraction.handle_upload(world.upload())["document_id"]
    world.repo.update(doc_id, {"status": DocumentStatus.DONE})
    change = RunStatusChange("arn", "FAILED", f'{{"document_id": "{doc_id}"}}', "X", None)
    assert RunFailureService(world.repo, world.failures).handle(change)["outcome"] == "ignored"
    assert world.repo.documents[doc_id].status == DocumentStatus.DONE


def test_review_decision_resumes_the_run_with_the_stored_token() -> None:
    world = World()
    doc_id = world.extraction.handle_upload(world.upload())["document_id"]
    world.repo.update(doc_id, {"status": DocumentStatus.IN_REVIEW, "task_token": "tok"})
    review = ReviewService(world.repo, world.workflow, lambda: world.now, queue=world.repo)
    updated = review.decide(doc_id, "approve", reviewer="bob", comment="fine")
    assert world.workflow.successes == [("tok", {"decision": "approve", "reviewer": "bob"})]
    assert updated.review is not None and updated.review.reviewer == "bob"
