"""Metrics: the EMF adapter's lines, and what each service counts (against a fake)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.adapters.metrics import PowertoolsMetrics
from chalicelib.errors import EncryptedDocumentError, LlmRateLimitedError
from chalicelib.keys import DocumentRef, build_upload_key
from chalicelib.llm.provider import LlmProvider
from chalicelib.llm.slots import LocalSlots
from chalicelib.models import (
    AnalysisResult,
    AnalysisUsage,
    DocumentError,
    ExtractedFacts,
    Extraction,
    PrescreenResult,
)
from chalicelib.prescreen import RoutingPolicy
from chalicelib.services.callbacks import CallbackDelivery
from chalicelib.services.extraction import ExtractionService, UploadEvent
from chalicelib.services.failures import FailureRecorder
from chalicelib.services.pipeline import PipelineSteps
from chalicelib.services.uploads import UploadRequest, UploadService
from chalicelib.services.users import UserService
from tests.fakes.chat import ScriptedChatClient, findings_json
from tests.fakes.metrics import FakeMetrics
from tests.fakes.ports import FakeObjectStore, FakeRepository, FakeStatusEvents, FakeWorkflow

if TYPE_CHECKING:
    from chalicelib.models import Document
    from chalicelib.services.failures import RefundPolicy

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
PDF = UploadRequest(filename="contract.pdf", content_type="application/pdf", size=12)
NAMESPACE = "ContractCheck"


# --- the EMF adapter ----------------------------------------------------------------------


@pytest.fixture
def emf_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Powertools prints EMF lines (as on AWS), in the template's namespace."""
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED", raising=False)
    monkeypatch.delenv("POWERTOOLS_DEV", raising=False)
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", NAMESPACE)
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "contract-check")


def _emf_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith('{"_aws"')]


@pytest.mark.usefixtures("emf_on")
def test_a_count_is_one_emf_line_with_its_own_dimensions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    metrics = PowertoolsMetrics()
    metrics.count("CallbackDeliveries", Outcome="delivered")
    metrics.count("CallbackDeliveries", Outcome="retrying")

    first, second = _emf_lines(capsys.readouterr().out)
    definition = first["_aws"]["CloudWatchMetrics"][0]
    assert definition["Namespace"] == NAMESPACE
    # Exactly the dimensions given: no `service` beside them, so an alarm names just these.
    assert definition["Dimensions"] == [["Outcome"]]
    assert definition["Metrics"] == [{"Name": "CallbackDeliveries", "Unit": "Count"}]
    assert (first["Outcome"], first["CallbackDeliveries"]) == ("delivered", [1.0])
    assert second["Outcome"] == "retrying"


@pytest.mark.usefixtures("emf_on")
def test_a_breakdown_counts_the_total_and_the_split_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    PowertoolsMetrics().count(
        "DocumentStatusChanged", breakdown={"FailureClass": "storage"}, Status="failed"
    )
    (line,) = _emf_lines(capsys.readouterr().out)
    assert line["_aws"]["CloudWatchMetrics"][0]["Dimensions"] == [
        ["Status"],
        ["Status", "FailureClass"],
    ]
    assert (line["Status"], line["FailureClass"]) == ("failed", "storage")


@pytest.mark.usefixtures("emf_on")
def test_a_count_without_dimensions_is_one_metric_an_alarm_can_watch(
    capsys: pytest.CaptureFixture[str],
) -> None:
    PowertoolsMetrics().count("LlmRateLimited")
    PowertoolsMetrics().count("LlmInputTokens", 1234)
    rate_limited, tokens = _emf_lines(capsys.readouterr().out)
    assert rate_limited["_aws"]["CloudWatchMetrics"][0]["Dimensions"] == [[]]
    assert rate_limited["LlmRateLimited"] == [1.0]
    assert tokens["LlmInputTokens"] == [1234.0]


@pytest.mark.usefixtures("emf_on")
def test_the_namespace_is_contract_check_when_the_environment_names_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("POWERTOOLS_METRICS_NAMESPACE")
    PowertoolsMetrics().count("CreditsReserved")
    (line,) = _emf_lines(capsys.readouterr().out)
    assert line["_aws"]["CloudWatchMetrics"][0]["Namespace"] == "ContractCheck"


@pytest.mark.usefixtures("emf_on")
def test_powertools_metrics_disabled_silences_every_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # What the local cloud sets: the same code runs, nothing reaches the terminal.
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    metrics = PowertoolsMetrics()
    metrics.count("DocumentStatusChanged", breakdown={"Route": "deep_analysis"}, Status="done")
    metrics.count("LlmFallbacks", 0)
    assert capsys.readouterr().out == ""


@pytest.mark.usefixtures("emf_on")
def test_a_metric_powertools_refuses_is_logged_never_raised(
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    PowertoolsMetrics().count("Pages", 3, unit="Parsecs")
    assert "metric not recorded: Pages" in caplog.text
    assert _emf_lines(capsys.readouterr().out) == []


# --- what the services count --------------------------------------------------------------


class FakeAnalysis:
    """An analysis provider that answers with the usage it was given."""

    name = "fake"

    def __init__(self, usage: AnalysisUsage | None) -> None:
        self.usage = usage

    def analyze(self, markdown: str, prescreen: PrescreenResult) -> AnalysisResult:
        return AnalysisResult(provider=self.name, usage=self.usage)


class World:
    """Upload, Extract and the pipeline's steps on fakes, all counting into one FakeMetrics."""

    def __init__(self, *, policy: RefundPolicy = "all", usage: AnalysisUsage | None = None) -> None:
        self.metrics = FakeMetrics()
        self.events = FakeStatusEvents()
        self.repo = FakeRepository()
        self.store = FakeObjectStore()
        self.workflow = FakeWorkflow()
        self.failures = FailureRecorder(self.repo, policy, events=self.events, metrics=self.metrics)
        self.extracted: Extraction | Exception = Extraction(
            markdown="# Договор поставки\n\nПоставщик передаёт товар.",
            facts=ExtractedFacts(
                pipeline="contract", format="pdf", pages=3, chars=40, ocr_used=True, ocr_pages=2
            ),
        )
        self.uploads = UploadService(
            repo=self.repo,
            store=self.store,
            users=UserService(self.repo, signup_credits=3, region="ru"),
            max_upload_bytes=10_000,
            url_ttl_seconds=900,
            grace_seconds=600,
            clock=lambda: NOW,
            metrics=self.metrics,
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
            clock=lambda: NOW,
            events=self.events,
            metrics=self.metrics,
        )
        self.steps = PipelineSteps(
            repo=self.repo,
            reviews=self.repo,
            store=self.store,
            failures=self.failures,
            routing=RoutingPolicy(),
            provider=FakeAnalysis(usage),
            clock=lambda: NOW,
            events=self.events,
            metrics=self.metrics,
        )

    def _extract(self, data: bytes, ext: str) -> Extraction:
        if isinstance(self.extracted, Exception):
            raise self.extracted
        return self.extracted

    def extracted_document(self) -> DocumentRef:
        """A document uploaded and extracted: its run's reference."""
        doc = self.uploads.request_upload("alice", PDF).document
        key = build_upload_key(doc.region, doc.document_id, doc.version, doc.ext)
        self.store.objects[key] = b"%PDF-1.7 ..."
        self.extraction.handle_upload(UploadEvent("b", key, 12, "v1", "e"))
        return doc.ref

    def document(self, ref: DocumentRef) -> Document:
        return self.repo.documents[ref.document_id]


def test_an_upload_request_counts_its_reservation_and_the_new_document() -> None:
    world = World()
    world.uploads.request_upload("alice", PDF)
    assert world.metrics.total("CreditsReserved") == 1
    assert world.metrics.statuses() == ["awaiting_upload"]


def test_extract_counts_each_status_once_and_the_documents_pages() -> None:
    world = World()
    world.extracted_document()
    assert world.metrics.statuses() == ["awaiting_upload", "extracting", "prescreening"]
    assert world.metrics.total("PagesExtracted") == 3
    assert world.metrics.total("OcrPages") == 2


def test_the_pipeline_counts_real_changes_not_repeated_announcements() -> None:
    world = World()
    ref = world.extracted_document()
    # Prescreen finds the document where Extract put it: announced again, not counted again.
    world.steps.prescreen(ref)
    world.steps.analyze(ref)
    world.steps.analyze(ref)  # a retried step
    world.steps.finalize(ref)
    assert world.events.published.count((ref.document_id, "prescreening")) == 2
    assert world.metrics.statuses() == [
        "awaiting_upload",
        "extracting",
        "prescreening",
        "analyzing",
        "done",
    ]
    route = world.document(ref).route
    assert route is not None
    assert world.metrics.total("DocumentStatusChanged", Status="done", Route=route) == 1


def test_a_model_backed_analysis_counts_its_calls_tokens_and_fallback() -> None:
    usage = AnalysisUsage(
        calls=5, chunks=2, input_tokens=900, output_tokens=120, fallback_used=True
    )
    world = World(usage=usage)
    ref = world.extracted_document()
    world.steps.prescreen(ref)
    world.steps.analyze(ref)
    assert world.metrics.total("LlmCalls") == 5
    assert world.metrics.total("LlmInputTokens") == 900
    assert world.metrics.total("LlmOutputTokens") == 120
    assert world.metrics.total("LlmFallbacks") == 1


def test_an_analysis_without_the_fallback_counts_a_zero_and_the_rules_count_nothing() -> None:
    world = World(usage=AnalysisUsage(calls=1))
    ref = world.extracted_document()
    world.steps.prescreen(ref)
    world.steps.analyze(ref)
    fallbacks = [c.value for c in world.metrics.counts if c.name == "LlmFallbacks"]
    assert fallbacks == [0]

    rules = World(usage=None)
    ref = rules.extracted_document()
    rules.steps.prescreen(ref)
    rules.steps.analyze(ref)
    assert not [c for c in rules.metrics.counts if c.name.startswith("Llm")]


def test_a_failure_is_counted_once_by_class_and_its_refund_by_class() -> None:
    # GIVEN a document Extract cannot read (the user's file)
    world = World(policy="all")
    world.extracted = EncryptedDocumentError()
    ref = world.extracted_document()
    # THEN it failed as the user's, and the refund says so
    assert world.metrics.statuses()[-1] == "failed"
    assert world.metrics.total("DocumentStatusChanged", Status="failed", FailureClass="user") == 1
    assert world.metrics.total("CreditsRefunded", FailureClass="user") == 1
    # WHEN it is recorded again (On Run Failed after Record Failure)
    error = world.document(ref).error
    assert error is not None
    world.failures.record(ref.document_id, error)
    # THEN it is announced again but counted once, and refunded once
    assert world.events.published.count((ref.document_id, "failed")) == 2
    assert world.metrics.total("DocumentStatusChanged", Status="failed") == 1
    assert world.metrics.total("CreditsRefunded") == 1


def test_a_failure_the_policy_does_not_refund_counts_no_refund() -> None:
    world = World(policy="infra_only")
    world.extracted = EncryptedDocumentError()
    world.extracted_document()
    assert world.metrics.total("DocumentStatusChanged", Status="failed", FailureClass="user") == 1
    assert world.metrics.total("CreditsRefunded") == 0


def test_a_failure_of_ours_is_counted_by_its_class() -> None:
    world = World(policy="infra_only")
    ref = world.extracted_document()
    error = DocumentError(code="RATE_LIMITED", message="busy", failure_class="llm_quota")
    assert world.failures.record(ref.document_id, error) is True
    assert world.metrics.total("DocumentStatusChanged", FailureClass="llm_quota") == 1
    assert world.metrics.total("CreditsRefunded", FailureClass="llm_quota") == 1


class ScriptedSender:
    """A callback sender that answers each round with the next outcome."""

    def __init__(self, *outcomes: str) -> None:
        self._outcomes = list(outcomes)

    def notify(self, document: Document) -> str | None:
        return self._outcomes.pop(0)


def test_callback_rounds_are_counted_by_outcome() -> None:
    world = World()
    ref = world.extracted_document()
    document = world.document(ref)
    metrics = FakeMetrics()
    sender = ScriptedSender("unreachable", "delivered", "failed", "unreachable")
    delivery = CallbackDelivery(
        sender,  # type: ignore[arg-type]
        world.repo,
        lambda: NOW,
        delays=(NOW - NOW,),
        metrics=metrics,
    )
    assert delivery.deliver(document) == "retrying"
    assert delivery.retry(document, 2) == "delivered"
    assert delivery.deliver(document) == "failed"  # the key that asked is gone
    assert delivery.retry(document, 2) == "failed"  # no round left
    assert [c.dimensions["Outcome"] for c in metrics.counts] == [
        "retrying",
        "delivered",
        "failed",
        "failed",
    ]
    assert {c.name for c in metrics.counts} == {"CallbackDeliveries"}


# --- the model's rate limits --------------------------------------------------------------

CONTRACT = "# Договор\n\n1.1. Поставщик передаёт товар."
PRESCREEN = PrescreenResult(language="ru", confidence=0.5, route="deep_analysis")


def _provider(client: ScriptedChatClient, metrics: FakeMetrics, fallback: str | None) -> Any:
    return LlmProvider(
        client,
        model="primary",
        fallback_model=fallback,
        slots=LocalSlots(2),
        sleep=lambda seconds: None,
        metrics=metrics,
    )


def test_a_rate_limit_that_switches_to_the_fallback_is_counted() -> None:
    metrics = FakeMetrics()
    client = ScriptedChatClient([LlmRateLimitedError()], default=findings_json())
    _provider(client, metrics, "backup").analyze(CONTRACT, PRESCREEN)
    assert metrics.total("LlmRateLimited") == 1


def test_a_rate_limit_left_for_the_run_to_retry_is_counted() -> None:
    metrics = FakeMetrics()
    client = ScriptedChatClient(default=LlmRateLimitedError())
    with pytest.raises(LlmRateLimitedError):
        _provider(client, metrics, None).analyze(CONTRACT, PRESCREEN)
    assert metrics.total("LlmRateLimited") == 1
