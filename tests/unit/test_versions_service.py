"""Version bookkeeping against fakes: numbers, credits, supersession, duplicates, roll-back,
and the guards that keep an older version's run off the current one."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from chalicelib.api_views import ReportedVersion
from chalicelib.auth.errors import AccountBlockedError
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    DuplicateVersionError,
    InsufficientCreditsError,
    VersionInProgressError,
    VersionNotFoundError,
)
from chalicelib.keys import DocumentRef, build_upload_key
from chalicelib.models import DocumentStatus, ExtractedFacts, Extraction
from chalicelib.services.documents import DocumentQueries
from chalicelib.services.extraction import ExtractionService, UploadEvent
from chalicelib.services.failures import FailureRecorder
from chalicelib.services.run_failures import RunFailureService, RunStatusChange
from chalicelib.services.sweeper import SweeperService
from chalicelib.services.uploads import UploadRequest, UploadService
from chalicelib.services.users import UserService
from chalicelib.services.version_arrivals import VersionArrivals
from chalicelib.services.versions import VersionRequest, VersionService
from chalicelib.versions.records import VersionRecord
from tests.fakes.ports import FakeObjectStore, FakeRepository, FakeWorkflow
from tests.fakes.versions import FakeVersions

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PDF = UploadRequest(filename="contract.pdf", content_type="application/pdf", size=1000)
V1 = b"%PDF-1.7 version one"
V2 = b"%PDF-1.7 version two"
FACTS = ExtractedFacts(pipeline="contract", format="pdf", pages=1, chars=4)


class World:
    """The upload, extraction and version services wired to fakes."""

    def __init__(self, credits: int = 3) -> None:
        self.now = NOW
        self.repo = FakeRepository()
        self.store = FakeObjectStore()
        self.workflow = FakeWorkflow()
        self.versions = FakeVersions(self.repo)
        self.failures = FailureRecorder(self.repo, "infra_only")
        users = UserService(self.repo, signup_credits=credits, region="ru")
        self.uploads = UploadService(
            repo=self.repo,
            store=self.store,
            users=users,
            max_upload_bytes=10_000,
            url_ttl_seconds=900,
            grace_seconds=600,
            clock=lambda: self.now,
        )
        self.service = VersionService(
            versions=self.versions,
            store=self.store,
            queries=DocumentQueries(self.repo, self.store),
            uploads=self.uploads,
            clock=lambda: self.now,
        )
        self.extraction = ExtractionService(
            repo=self.repo,
            deadlines=self.repo,
            store=self.store,
            workflow=self.workflow,
            failures=self.failures,
            extractor=lambda data, ext: Extraction(
                markdown="text",
                facts=ExtractedFacts(pipeline="contract", format="pdf", pages=1, chars=4),
            ),
            max_upload_bytes=10_000,
            stuck_after_seconds=1800,
            review_timeout_seconds=3600,
            clock=lambda: self.now,
            arrivals=VersionArrivals(self.versions, self.repo, lambda: self.now),
        )

    def first_version(self, data: bytes = V1, *, done: bool = True) -> str:
        """A document whose v1 arrived and (by default) finished."""
        document = self.uploads.request_upload("alice", PDF)
        doc_id = document.document.document_id
        self.arrive(doc_id, 1, data)
        if done:
            self.repo.update(doc_id, {"status": DocumentStatus.DONE})
        return doc_id

    def arrive(self, doc_id: str, version: int, data: bytes) -> dict[str, Any]:
        key = build_upload_key("ru", doc_id, version, "pdf")
        self.store.objects[key] = data
        event = UploadEvent(bucket="b", key=key, size=len(data), version_id=None, etag="e")
        return self.extraction.handle_upload(event)

    def new_version(self, doc_id: str, **extra: Any) -> int:
        request = VersionRequest(upload=PDF, **extra)
        return self.service.request_version("alice", doc_id, request).document.version

    def credits(self) -> int:
        return self.repo.users["alice"].credits_left


def test_a_new_version_takes_a_credit_and_keeps_the_one_it_replaced() -> None:
    world = World()
    doc_id = world.first_version()

    ticket = world.service.request_version(
        "alice", doc_id, VersionRequest(upload=PDF, change_note="price")
    )

    assert ticket.document.version == 2
    assert ticket.form.fields["key"] == f"uploads/ru/{doc_id}/v2/original.pdf"
    assert world.credits() == 1
    document = world.repo.documents[doc_id]
    assert (document.version, document.latest_version, document.status) == (
        2,
        2,
        DocumentStatus.AWAITING_UPLOAD,
    )
    assert (document.previous_version, document.change_note, document.sha256) == (1, "price", None)
    old = world.versions.items[(doc_id, 1)]
    assert (old.status, old.is_current, old.replaced_by) == ("done", False, 2)
    assert old.sha256 == hashlib.sha256(V1).hexdigest()
    assert world.versions.items[(doc_id, 2)].is_current


def test_a_version_asked_for_while_the_last_awaits_its_file_replaces_it_for_free() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)

    assert world.new_version(doc_id) == 3

    assert world.credits() == 1  # v2's credit carried over to v3
    second = world.versions.items[(doc_id, 2)]
    assert (second.status, second.replaced_by) == ("superseded", 3)
    assert world.repo.documents[doc_id].previous_version == 1  # v3 replaces v1's content


def test_a_request_that_loses_the_race_reads_again_and_takes_the_next_number() -> None:
    world = World()
    doc_id = world.first_version()
    world.versions.before_next_open = lambda: world.new_version(doc_id)

    assert world.new_version(doc_id) == 3

    assert sorted(v.version for v in world.versions.list_versions(doc_id)) == [1, 2, 3]


def test_no_new_version_while_the_current_one_runs_and_no_credit_is_taken() -> None:
    world = World()
    doc_id = world.first_version(done=False)  # extracting: its run goes on

    with pytest.raises(VersionInProgressError):
        world.new_version(doc_id)
    assert world.credits() == 2


def test_a_new_version_without_credit_is_refused() -> None:
    world = World(credits=1)
    doc_id = world.first_version()

    with pytest.raises(InsufficientCreditsError):
        world.new_version(doc_id)
    assert world.repo.documents[doc_id].version == 1


def test_a_blocked_owner_gets_no_new_version_and_keeps_the_credit() -> None:
    world = World()
    doc_id = world.first_version()
    left = world.credits()
    world.repo.users["alice"].blocked = True

    with pytest.raises(AccountBlockedError):
        world.new_version(doc_id)
    assert (world.repo.documents[doc_id].version, world.credits()) == (1, left)


def test_a_declared_sha256_of_an_existing_version_is_refused() -> None:
    world = World()
    doc_id = world.first_version()

    with pytest.raises(DuplicateVersionError, match="v1"):
        world.new_version(doc_id, sha256=hashlib.sha256(V1).hexdigest().upper())
    assert world.credits() == 2


def test_someone_elses_document_has_no_versions() -> None:
    world = World()
    doc_id = world.first_version()

    with pytest.raises(DocumentNotFoundError):
        world.service.request_version("mallory", doc_id, VersionRequest(upload=PDF))
    with pytest.raises(DocumentNotFoundError):
        world.service.list_versions("mallory", doc_id)


def test_an_identical_file_on_arrival_fails_refunded_and_the_last_version_is_back() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)

    outcome = world.arrive(doc_id, 2, V1)

    assert outcome == {
        "outcome": "duplicate",
        "document_id": doc_id,
        "duplicate_of": 1,
        "refunded": True,
    }
    assert world.credits() == 2
    assert f"{doc_id}-v2" not in world.workflow.runs
    document = world.repo.documents[doc_id]
    assert (document.version, document.status) == (1, DocumentStatus.DONE)
    second = world.versions.items[(doc_id, 2)]
    assert (second.status, second.duplicate_of, second.refunded) == ("failed", 1, True)
    assert world.versions.audits[0].actor == "system"


def test_a_different_file_on_arrival_runs_as_its_version() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)

    outcome = world.arrive(doc_id, 2, V2)

    assert outcome["outcome"] == "started"
    assert world.workflow.runs[f"{doc_id}-v2"]["version"] == 2  # pinned: {id}-v{n}
    assert world.repo.documents[doc_id].sha256 == hashlib.sha256(V2).hexdigest()


def test_restore_makes_a_done_version_current_and_audits_it() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)
    world.arrive(doc_id, 2, V2)
    world.repo.update(doc_id, {"status": DocumentStatus.DONE})

    restored = world.service.restore("alice", doc_id, 1, reason="draft").body()

    assert restored["document"]["version"] == 1
    document = world.repo.documents[doc_id]
    assert (document.version, document.latest_version, document.status) == (
        1,
        2,
        DocumentStatus.DONE,
    )
    assert document.sha256 == hashlib.sha256(V1).hexdigest()
    audit = world.versions.audits[0]
    assert (audit.actor, audit.from_version, audit.to_version, audit.reason) == (
        "alice",
        2,
        1,
        "draft",
    )
    listing = world.service.list_versions("alice", doc_id).body()
    assert [(v["version"], v["is_current"]) for v in listing["versions"]] == [
        (1, True),
        (2, False),
    ]
    assert world.new_version(doc_id) == 3  # the counter never goes back


def test_restore_refuses_a_running_current_version_and_a_version_without_a_report() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)
    world.new_version(doc_id)  # v2 superseded

    with pytest.raises(VersionInProgressError):
        world.service.restore("alice", doc_id, 1)  # v3 awaits its file
    world.repo.update(doc_id, {"status": DocumentStatus.FAILED})
    with pytest.raises(DocumentStateConflictError, match="superseded"):
        world.service.restore("alice", doc_id, 2)
    with pytest.raises(VersionNotFoundError):
        world.service.restore("alice", doc_id, 9)


def test_a_first_version_is_listed_from_the_record_alone() -> None:
    world = World()
    doc_id = world.first_version()

    listing = world.service.list_versions("alice", doc_id).body()

    assert (listing["current_version"], listing["latest_version"]) == (1, 1)
    [only] = listing["versions"]
    assert (only["version"], only["is_current"], only["uploaded_by"]) == (1, True, "alice")
    assert only["report"] == f"/v1/documents/{doc_id}/versions/1/report"


def test_an_older_versions_report_is_read_from_its_own_keys() -> None:
    world = World()
    doc_id = world.first_version()
    ref = DocumentRef(doc_id, 1, "ru")
    world.store.put_text(
        ref.artifact_key("report.md"), "# v1", content_type="", expires_with_text=False
    )
    world.store.put_text(
        ref.artifact_key("report.json"), '{"version": 1}', content_type="", expires_with_text=False
    )
    world.new_version(doc_id)
    world.new_version(doc_id)

    old = world.service.version_report("alice", doc_id, 1)
    superseded = world.service.version_report("alice", doc_id, 2)

    assert (old.http_status, old.body["report"], old.body["markdown"]) == (
        200,
        {"version": 1},
        "# v1",
    )
    assert superseded.http_status == 409
    assert superseded.body["error"]["code"] == "NO_REPORT"


def test_version_record_replaced_and_view() -> None:
    record = VersionRecord(
        document_id="doc-123456",
        version=2,
        filename="c.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=10,
        real_size=9,
        created_at=NOW,
        status="awaiting_upload",
        is_current=True,
    )

    replaced = record.replaced(3, superseded=True)

    assert (replaced.status, replaced.is_current, replaced.replaced_by) == ("superseded", False, 3)
    assert ReportedVersion.of(replaced).size == 9
    assert record.replaced(3).status == "awaiting_upload"


def test_the_run_of_a_replaced_version_fails_nothing_and_refunds_nothing() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)
    change = RunStatusChange(
        execution_arn="arn",
        status="FAILED",
        input=f'{{"document_id": "{doc_id}", "version": 1, "region": "ru"}}',
        error="StorageUnavailableError",
        cause=None,
    )

    assert RunFailureService(world.repo, world.failures).handle(change)["outcome"] == "ignored"
    assert world.repo.documents[doc_id].status == DocumentStatus.AWAITING_UPLOAD
    with pytest.raises(DocumentStateConflictError):
        world.repo.transition(
            doc_id,
            to=DocumentStatus.ANALYZING,
            allowed_from=[DocumentStatus.AWAITING_UPLOAD],
            version=1,
        )


def test_the_sweeper_leaves_a_newer_version_to_its_own_deadline() -> None:
    world = World()
    doc_id = world.first_version()
    world.new_version(doc_id)
    world.now = NOW + timedelta(minutes=20)
    world.new_version(doc_id)  # v3, asked for after v2's form expired: due at 12:45
    sweeper = SweeperService(world.repo, world.failures, lambda: world.now, deadlines=world.repo)

    world.now = NOW + timedelta(minutes=30)  # v2's deadline (12:25) is due, v3's is not
    assert sweeper.sweep()["released"] == 0
    assert world.repo.documents[doc_id].status == DocumentStatus.AWAITING_UPLOAD

    world.now = NOW + timedelta(minutes=46)  # v3's own deadline
    assert sweeper.sweep()["released"] == 1
    assert world.repo.documents[doc_id].status == DocumentStatus.FAILED
    assert world.repo.deadlines == []


def test_a_stuck_extraction_deadline_of_v1_never_fails_v2() -> None:
    world = World()
    doc_id = world.first_version()  # v1's stuck-extraction deadline is due at 12:30
    world.new_version(doc_id)
    world.repo.update(doc_id, {"status": DocumentStatus.EXTRACTING})  # v2 is being read
    sweeper = SweeperService(world.repo, world.failures, lambda: world.now, deadlines=world.repo)

    world.now = NOW + timedelta(minutes=31)
    assert sweeper.sweep()["stuck"] == 0
    assert world.repo.documents[doc_id].status == DocumentStatus.EXTRACTING
