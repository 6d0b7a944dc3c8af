"""Re-analyses' keys and names, On Run Failed for a rerun (its document is untouched), and a
request that died half-way finished by the same request again."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.errors import WorkflowUnavailableError
from chalicelib.keys import DocumentRef, parse_execution_name, parse_run_name
from chalicelib.models import Batch, DocumentStatus
from chalicelib.reruns import Rerun, RerunError, RerunLedger
from chalicelib.services.failures import FailureRecorder
from chalicelib.services.reanalysis import ReanalysisService
from chalicelib.services.run_failures import RunFailureService, RunStatusChange
from tests.fakes.ports import FakeObjectStore, FakeRepository, FakeWorkflow
from tests.unit.test_services import World

if TYPE_CHECKING:
    from collections.abc import Mapping

    from chalicelib.run_config import RunConfig

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
DOC = "3a60d7e0-8af0-4014-b41c-a88bbc1fab03"


def test_a_reruns_own_artifacts_live_under_its_number_and_what_it_reads_under_the_version() -> None:
    rerun = DocumentRef(DOC, 2, "ru-msk", rerun=3)

    assert rerun.artifact_key("report.json") == f"artifacts/ru-msk/{DOC}/v2/r3/report.json"
    assert rerun.artifact_key("config.json") == f"artifacts/ru-msk/{DOC}/v2/r3/config.json"
    assert rerun.artifact_key("text.md") == f"artifacts/ru-msk/{DOC}/v2/text.md"
    assert rerun.artifact_key("facts.json") == f"artifacts/ru-msk/{DOC}/v2/facts.json"
    assert rerun.original.artifact_key("report.json") == f"artifacts/ru-msk/{DOC}/v2/report.json"
    assert rerun.execution_name == f"{DOC}-v2-r3"


def test_run_names_parse_back_old_and_new() -> None:
    assert parse_run_name(f"{DOC}-v2-r3") == (DOC, 2, 3)
    assert parse_run_name(f"{DOC}-v2") == (DOC, 2, 0)
    assert parse_execution_name(f"{DOC}-v2-r3") == (DOC, 2)
    assert parse_execution_name(f"{DOC}-v2") == (DOC, 2)
    # An id may itself end like a rerun; the last `-v{n}` still decides.
    assert parse_run_name("abc-r1-v4") == ("abc-r1", 4, 0)
    assert parse_run_name(f"{DOC}-v2-r0") is None
    assert parse_run_name(f"{DOC}-r3") is None


class _Records:
    """The one write On Run Failed makes: a rerun's failure, kept once."""

    def __init__(self) -> None:
        self.failed: dict[str, RerunError] = {}

    def fail_rerun(self, ref: DocumentRef, error: RerunError, at: datetime) -> bool:
        if ref.execution_name in self.failed:
            return False
        self.failed[ref.execution_name] = error
        return True

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"On Run Failed should not call {name}")


def _no_snapshot(lane: str) -> RunConfig:
    raise AssertionError("On Run Failed takes no snapshot")


def test_a_failed_reruns_run_is_recorded_on_the_rerun_and_never_refunds_its_document() -> None:
    world = World(policy="all")
    doc_id = world.extraction.handle_upload(world.upload())["document_id"]
    # A newer version is being read meanwhile: the document is not done, yet not the rerun's.
    world.repo.update(doc_id, {"status": DocumentStatus.EXTRACTING})
    records = _Records()
    ledger = RerunLedger(
        records=records,  # type: ignore[arg-type]
        store=FakeObjectStore(),
        snapshot=_no_snapshot,  # type: ignore[arg-type]
        clock=lambda: NOW,
    )
    service = RunFailureService(world.repo, world.failures, ledger)
    run_input = {"document_id": doc_id, "version": 1, "region": "ru", "rerun": 2}
    change = RunStatusChange("arn", "TIMED_OUT", json.dumps(run_input), None, None)
    credits = world.credits()

    first = service.handle(change)
    again = service.handle(change)

    assert (first["outcome"], first["refunded"]) == ("rerun_failed", False)
    assert again["outcome"] == "ignored"
    assert records.failed[f"{doc_id}-v1-r2"].code == "TIMEOUT"
    document = world.repo.documents[doc_id]
    assert (document.status, document.refunded) == (DocumentStatus.EXTRACTING, False)
    assert world.credits() == credits


def test_without_a_ledger_a_reruns_failure_is_ignored_not_refunded() -> None:
    repo = FakeRepository()
    service = RunFailureService(repo, FailureRecorder(repo, "all"))
    run_input = {"document_id": DOC, "version": 1, "region": "ru", "rerun": 1}
    change = RunStatusChange("arn", "FAILED", json.dumps(run_input), "X", None)

    assert service.handle(change) == {"outcome": "ignored", "document_id": DOC}


# --- the request: a crash half-way is finished by the same request again ----------------------


class _Access:
    def require(self, principal: Any, permission: str) -> None:
        assert permission == "admin:runs"

    def decide(self, principal: Any, action: str, document: Any) -> Any:
        return SimpleNamespace(allowed=True)

    def record(self, principal: Any, action: str, **fields: Any) -> None:
        self.recorded = action


class _Batches:
    def __init__(self) -> None:
        self.batches: dict[str, Batch] = {}

    def create_batch(self, batch: Batch) -> None:
        assert batch.batch_id not in self.batches
        self.batches[batch.batch_id] = batch

    def get_batch(self, batch_id: str) -> Batch | None:
        return self.batches.get(batch_id)


class _Reruns:
    def __init__(self) -> None:
        self.count = 0
        self.reruns: dict[str, Rerun] = {}

    def next_rerun_number(self, document_id: str) -> int:
        self.count += 1
        return self.count

    def put_rerun(self, rerun: Rerun) -> bool:
        return self.reruns.setdefault(rerun.name, rerun) is rerun

    def reruns_by_name(self, names: list[str]) -> list[Rerun]:
        return [self.reruns[n] for n in names if n in self.reruns]

    def record_rerun_start(self, ref: DocumentRef, execution_arn: str) -> None:
        name = ref.execution_name
        self.reruns[name] = self.reruns[name].model_copy(update={"execution_arn": execution_arn})


class _FlakyWorkflow(FakeWorkflow):
    """Step Functions refusing the first start: the request dies half-way."""

    def __init__(self) -> None:
        super().__init__()
        self.refusals = 1

    def start(self, name: str, payload: Mapping[str, Any]) -> str:
        if self.refusals:
            self.refusals -= 1
            raise WorkflowUnavailableError
        return super().start(name, payload)


def test_the_same_token_again_starts_what_a_failed_request_did_not_and_nothing_twice() -> None:
    world = World()
    doc_id = world.extraction.handle_upload(world.upload())["document_id"]
    world.repo.update(doc_id, {"status": DocumentStatus.DONE})
    workflow, reruns = _FlakyWorkflow(), _Reruns()
    service = ReanalysisService(
        access=_Access(),  # type: ignore[arg-type]
        repo=world.repo,
        batches=_Batches(),  # type: ignore[arg-type]
        reruns=reruns,  # type: ignore[arg-type]
        store=world.store,
        workflow=lambda: workflow,
        clock=lambda: NOW,
        workers=1,
    )
    admin = SimpleNamespace(user_id="root", region="ru")

    with pytest.raises(WorkflowUnavailableError):
        service.request(admin, [doc_id], "token-1")  # type: ignore[arg-type]
    assert workflow.runs == {}
    again = service.request(admin, [doc_id], "token-1")  # type: ignore[arg-type]
    once_more = service.request(admin, [doc_id], "token-1")  # type: ignore[arg-type]

    assert (again["created"], once_more["batch_id"]) == (False, again["batch_id"])
    assert list(workflow.runs) == [f"{doc_id}-v1-r1"]
    assert workflow.runs[f"{doc_id}-v1-r1"]["lane"] == "system"
    assert reruns.count == 1  # one number drawn: the batch keeps it
