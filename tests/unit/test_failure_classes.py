"""Failure classes: every error names whose fault it is, and the refund policy reads them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chalicelib import errors
from chalicelib.errors import FAILURE_CLASSES, DomainError, FailureClass, error_class_by_name
from chalicelib.models import Document, DocumentError, DocumentStatus
from chalicelib.services.failures import (
    FailureRecorder,
    document_error_from_name,
    review_timeout_error,
    should_refund,
)
from chalicelib.services.run_failures import RunFailureService, RunStatusChange
from tests.fakes.ports import FakeRepository

# Whose fault each error of the state machine is: the architecture's classes.
EXPECTED: dict[str, FailureClass] = {
    "StorageUnavailableError": "storage",
    "StoredObjectMissingError": "storage",
    "WorkflowUnavailableError": "infra",
    "LlmRateLimitedError": "llm_quota",
    "LlmCapacityExhaustedError": "llm_quota",
    "OcrCapacityExhaustedError": "ocr_failed",
    "LlmTimeoutError": "llm_timeout",
    "LlmUnavailableError": "llm_unavailable",
    "LlmRequestRejectedError": "llm_rejected",
    "InvalidModelOutputError": "llm_output",
    "OcrEngineUnavailableError": "ocr_failed",
    "ReviewTimedOutError": "review",
    "UnsupportedFormatError": "user",
    "UnreadableDocumentError": "user",
    "EncryptedDocumentError": "user",
    "DocumentTooLargeError": "user",
    "DocumentTooLongError": "user",
    "TooManyScannedPagesError": "user",
    "HostileDocumentError": "user",
    "ExtractionTimeoutError": "user",
    "ExtractionCrashedError": "user",
    "SchemaMismatchError": "user",
    "UploadExpiredError": "user",
    "ReviewRejectedError": "user",
}


def _all_error_classes() -> list[type[DomainError]]:
    found: list[type[DomainError]] = []
    pending: list[type[DomainError]] = [DomainError]
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


@pytest.mark.parametrize(("name", "failure_class"), sorted(EXPECTED.items()))
def test_each_pipeline_error_has_the_class_of_whose_fault_it_is(
    name: str, failure_class: FailureClass
) -> None:
    cls = error_class_by_name(name)
    assert cls is not None
    assert cls.failure_class == failure_class
    assert document_error_from_name(name).failure_class == failure_class


def test_every_pipeline_error_is_classified_here() -> None:
    assert errors.terminal_error_names() | errors.retryable_error_names() == set(EXPECTED)


def test_every_error_class_anywhere_has_a_known_failure_class() -> None:
    for cls in _all_error_classes():
        assert cls.failure_class in FAILURE_CLASSES, cls.__name__


def test_request_errors_are_the_callers() -> None:
    assert errors.InsufficientCreditsError.failure_class == "user"
    assert errors.InvalidRequestError.failure_class == "user"


def test_step_functions_own_errors_are_ours_and_a_held_documents_timeout_is_review() -> None:
    assert document_error_from_name("States.Timeout").failure_class == "infra"
    assert document_error_from_name("States.TaskFailed").failure_class == "infra"
    assert document_error_from_name("Lambda.Unknown").failure_class == "infra"
    assert review_timeout_error().failure_class == "review"


@pytest.mark.parametrize("failure_class", FAILURE_CLASSES)
def test_a_document_error_accepts_every_class(failure_class: FailureClass) -> None:
    error = DocumentError(code="X", message="m", failure_class=failure_class)
    assert DocumentError.model_validate_json(error.model_dump_json()) == error


def test_a_document_error_stored_before_the_classes_grew_still_reads() -> None:
    for stored in ('"user"', '"infra"'):
        raw = f'{{"code": "UNREADABLE", "message": "m", "failure_class": {stored}}}'
        assert DocumentError.model_validate_json(raw).failure_class == stored.strip('"')


def test_a_document_error_refuses_an_unknown_class() -> None:
    with pytest.raises(ValueError, match="failure_class"):
        DocumentError(code="X", message="m", failure_class="cosmic_rays")  # type: ignore[arg-type]


@pytest.mark.parametrize("failure_class", FAILURE_CLASSES)
def test_refund_policy_all_refunds_every_class(failure_class: FailureClass) -> None:
    error = DocumentError(code="X", message="m", failure_class=failure_class)
    assert should_refund("all", error) is True


@pytest.mark.parametrize("failure_class", FAILURE_CLASSES)
def test_refund_policy_infra_only_refunds_every_class_but_the_users(
    failure_class: FailureClass,
) -> None:
    error = DocumentError(code="X", message="m", failure_class=failure_class)
    assert should_refund("infra_only", error) is (failure_class != "user")


def test_a_run_whose_retries_ran_out_keeps_its_errors_class() -> None:
    # GIVEN a run that failed at Analyze after the model's rate limit outlasted the retries
    repo, recorded = _run_failure_world()
    change = RunStatusChange("arn", "FAILED", '{"document_id": "d1"}', "LlmRateLimitedError", "{}")
    # WHEN On Run Failed compensates
    RunFailureService(repo, recorded).handle(change)
    # THEN the document says whose fault it was
    error = repo.documents["d1"].error
    assert error is not None and (error.code, error.failure_class) == ("RATE_LIMITED", "llm_quota")


def test_a_users_error_that_reached_on_run_failed_uncaught_is_ours() -> None:
    repo, recorded = _run_failure_world()
    run_input = '{"document_id": "d1"}'
    change = RunStatusChange("arn", "FAILED", run_input, "UnreadableDocumentError", "")
    RunFailureService(repo, recorded).handle(change)
    error = repo.documents["d1"].error
    assert error is not None and (error.code, error.failure_class) == ("UNREADABLE", "infra")


def _run_failure_world() -> tuple[FakeRepository, FailureRecorder]:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    repo = FakeRepository()
    repo.ensure_user("alice", credits=1, region="ru")
    repo.documents["d1"] = Document(
        document_id="d1",
        owner_id="alice",
        region="ru",
        status=DocumentStatus.ANALYZING,
        filename="a.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=1,
        created_at=now,
        updated_at=now,
        upload_expires_at=now,
    )
    return repo, FailureRecorder(repo, "infra_only")
