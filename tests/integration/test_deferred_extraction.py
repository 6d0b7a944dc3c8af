"""Deferred reading on the local cloud: a batch upload that arrives while its lane is full
is parked unread, and read (once) by the batch's Extract (BatchExtractFunction, which its
prefix notifies) when admission gives it a running slot.

Through the real ASL, handlers and table. The batch runs are held in their first step by a
gate (the real Prescreen runs once it opens), and Extract's results are recorded by a thin
wrapper around the real handler, so what was read when does not depend on timing.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.adapters.dynamo.admission import admission_pk
from chalicelib.models import QUEUED_STAGE
from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT
from tests.integration.pipeline_driver import Driver, Ticket

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

CREDITS = 10


class PrescreenGate:
    """Holds batch runs before the real Prescreen until opened."""

    def __init__(self) -> None:
        self.opened = threading.Event()

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        from functions.prescreen.handler import handler

        if event.get("lane") == "batch":
            self.opened.wait(timeout=60)
        return handler(event, context)


class ExtractRecorder:
    """The real Extract handler; each result kept with what it was given (an S3 event or
    an admitted upload)."""

    def __init__(self) -> None:
        self.results: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
        self._lock = threading.Lock()

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        from functions.batch_extract.handler import handler

        result = handler(event, context)
        kind = "admitted" if "admitted_upload" in event else "s3"
        with self._lock:
            self.results.extend((kind, event, r) for r in result["results"])
        return result

    def outcomes(self, document_id: str) -> list[tuple[str, str]]:
        """(event kind, outcome) of every Extract run about this document, in order."""
        with self._lock:
            return [
                (kind, str(r.get("outcome")))
                for kind, _, r in self.results
                if r.get("document_id") == document_id
            ]

    def first_event(self, document_id: str, kind: str) -> dict[str, Any]:
        """The first event of this kind Extract was given about this document."""
        with self._lock:
            return next(
                event
                for k, event, r in self.results
                if k == kind and r.get("document_id") == document_id
            )


@pytest.fixture
def gate() -> PrescreenGate:
    return PrescreenGate()


@pytest.fixture
def extract() -> ExtractRecorder:
    return ExtractRecorder()


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": str(CREDITS), "BATCH_MAX_RUNNING": "1", "BATCH_MAX_FILES": "6"}


@pytest.fixture
def local_cloud_handlers(gate: PrescreenGate, extract: ExtractRecorder) -> dict[str, Any]:
    return {"PrescreenFunction": gate, "BatchExtractFunction": extract}


@pytest.fixture
def driver(local_cloud: LocalCloud, gate: PrescreenGate) -> Iterator[Driver]:
    """No handler may raise; the gate is opened whatever the test did."""
    driver = Driver(local_cloud)
    try:
        yield driver
    finally:
        gate.opened.set()
    assert local_cloud.errors == [], "a handler raised where nothing should have"


def _send_batch(driver: Driver, files: list[bytes]) -> list[str]:
    """POST /v1/batches declaring CONTRACT's size for each, then each upload (Extract runs
    inside it); the documents' ids."""
    file = {"filename": "c.txt", "content_type": "text/plain", "size": len(CONTRACT)}
    status, body = driver.api("POST", "/v1/batches", {"files": [file] * len(files)})
    assert status == 201, body
    ids = []
    for ticket, data in zip(body["documents"], files, strict=True):
        document_id = ticket["document"]["document_id"]
        driver.upload(
            Ticket(document_id, ticket["upload"]["url"], ticket["upload"]["fields"]), data
        )
        ids.append(document_id)
    return ids


def _started(driver: Driver, ids: list[str]) -> set[str]:
    names = {e["name"] for e in driver.executions()}
    return {d for d in ids if f"{d}-v1" in names}


def _read(driver: Driver, document_id: str) -> bool:
    """Whether Extract wrote the document's text: it read the upload."""
    s3 = driver.cloud.client("s3")
    bucket = driver.cloud.deployment.buckets["DocumentsBucket"]
    listed = s3.list_objects_v2(Bucket=bucket, Prefix="artifacts/")
    return any(o["Key"].endswith(f"/{document_id}/v1/text.md") for o in listed.get("Contents", []))


def _admission_items(driver: Driver) -> list[dict[str, Any]]:
    table = driver.cloud.client("dynamodb")
    items: list[dict[str, Any]] = table.query(
        TableName=driver.cloud.deployment.tables["DocumentsTable"],
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": admission_pk("batch")}},
    )["Items"]
    return items


def _until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError("the condition did not come true in time")
        time.sleep(0.05)


def _settle(driver: Driver, document_id: str) -> dict[str, Any]:
    """Wait for a document read after admission: its run's end, or its failure unread."""
    _until(
        lambda: (
            driver.document(document_id)["status"] == "failed"
            or f"{document_id}-v1" in {e["name"] for e in driver.executions()}
        ),
        timeout=120,
    )
    return driver.wait(document_id)


def test_a_batch_upload_beyond_the_lanes_slots_is_read_only_once_admitted(
    driver: Driver, gate: PrescreenGate, extract: ExtractRecorder
) -> None:
    # GIVEN a batch of three sent while the lane's one running slot is held
    ids = _send_batch(driver, [CONTRACT] * 3)
    (first,) = _started(driver, ids)
    waiting = [d for d in ids if d != first]

    # THEN the first was read and started; the two others were parked without being read
    assert extract.outcomes(first) == [("s3", "started")]
    for document_id in waiting:
        assert extract.outcomes(document_id) == [("s3", "queued")]
        assert not _read(driver, document_id)
        document = driver.document(document_id)
        assert (document["status"], document["stage"]) == ("extracting", QUEUED_STAGE)
    parked = [i for i in _admission_items(driver) if i["SK"]["S"].startswith("QUEUED#")]
    assert len(parked) == 2

    # WHEN the batch's runs go on
    gate.opened.set()
    documents = {d: _settle(driver, d) for d in ids}

    # THEN each parked upload was read by Extract once its turn came, and ran once
    assert {d["status"] for d in documents.values()} == {"done"}
    for document_id in waiting:
        assert extract.outcomes(document_id) == [("s3", "queued"), ("admitted", "started")]
        assert _read(driver, document_id)
    assert len([e for e in driver.executions() if e["name"].endswith("-v1")]) == 3
    assert driver.credits() == CREDITS - 3
    assert _admission_items(driver) == []  # every slot freed, nothing left queued


def test_a_bad_file_parked_unread_fails_cleanly_once_admitted_and_frees_its_slot(
    driver: Driver, gate: PrescreenGate, extract: ExtractRecorder
) -> None:
    # GIVEN a batch whose second file is larger than it declared, parked unread behind the
    # first, and a third queued behind it
    ids = _send_batch(driver, [CONTRACT, CONTRACT + b"x" * 100, CONTRACT])
    first, bad, last = ids
    assert _started(driver, ids) == {first}
    assert extract.outcomes(bad) == [("s3", "queued")]
    assert driver.document(bad)["status"] == "extracting"

    # WHEN the runs go on
    gate.opened.set()
    documents = {d: _settle(driver, d) for d in ids}

    # THEN the bad file failed with its code once read, its credit returned (the policy
    # here: REFUND_POLICY=all), and the slot it took went on to the last document
    assert extract.outcomes(bad) == [("s3", "queued"), ("admitted", "failed")]
    assert documents[bad]["status"] == "failed"
    assert documents[bad]["error"]["code"] == "TOO_LARGE"
    assert f"{bad}-v1" not in {e["name"] for e in driver.executions()}
    assert documents[first]["status"] == documents[last]["status"] == "done"
    assert driver.credits() == CREDITS - 2
    assert _admission_items(driver) == []


def test_a_duplicate_event_never_starts_a_parked_upload_twice(
    driver: Driver, local_cloud: LocalCloud, gate: PrescreenGate, extract: ExtractRecorder
) -> None:
    # GIVEN a batch upload parked unread behind another
    ids = _send_batch(driver, [CONTRACT] * 2)
    (first,) = _started(driver, ids)
    (parked,) = set(ids) - {first}
    upload_event = extract.first_event(parked, "s3")

    # WHEN its S3 event is delivered again, past Extract's idempotency record too (as after
    # the record expired): the upload is already queued, so it stays where it is
    local_cloud.invoke("BatchExtractFunction", upload_event)
    _forget_idempotency(local_cloud)
    local_cloud.invoke("BatchExtractFunction", upload_event)
    assert _started(driver, ids) == {first}
    assert not _read(driver, parked)
    assert len([i for i in _admission_items(driver) if i["SK"]["S"].startswith("QUEUED#")]) == 1

    # WHEN the runs go on, and the admitted upload's event is then delivered once more
    gate.opened.set()
    documents = {d: _settle(driver, d) for d in ids}
    _forget_idempotency(local_cloud)
    local_cloud.invoke("BatchExtractFunction", extract.first_event(parked, "admitted"))

    # THEN it ran once: one execution, one credit, and no slot left held by it
    assert {d["status"] for d in documents.values()} == {"done"}
    assert [e["name"] for e in driver.executions()].count(f"{parked}-v1") == 1
    outcomes = extract.outcomes(parked)
    assert [o for o in outcomes if o[1] == "started"] == [("admitted", "started")]
    assert outcomes[-1] == ("admitted", "ignored")
    assert driver.credits() == CREDITS - 2
    assert _admission_items(driver) == []


def _forget_idempotency(cloud: LocalCloud) -> None:
    """Drop Extract's idempotency records, as when they expire: what is left to stop a
    repeated event is our own state."""
    table = cloud.deployment.tables["IdempotencyTable"]
    dynamodb = cloud.client("dynamodb")
    for item in dynamodb.scan(TableName=table)["Items"]:
        dynamodb.delete_item(TableName=table, Key={"id": item["id"]})


@pytest.mark.parametrize(
    "local_cloud_env",
    [{"SIGNUP_CREDITS": str(CREDITS), "BATCH_MAX_RUNNING": "1", "STUCK_EXTRACT_SECONDS": "1"}],
)
def test_the_sweeper_fails_a_queued_document_only_once_admission_no_longer_holds_it(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN two uploads parked unread behind a held run, their extraction deadlines past
    ids = _send_batch(driver, [CONTRACT] * 3)
    (first,) = _started(driver, ids)
    waiting, lost = sorted(set(ids) - {first})
    # ... and the queue item of one of them lost (what a crash between admitting and
    # handing the upload to Extract could leave, once its lease is freed)
    table = driver.cloud.client("dynamodb")
    for item in _admission_items(driver):
        if item["SK"]["S"].endswith(f"#{lost}-v1"):
            table.delete_item(
                TableName=driver.cloud.deployment.tables["DocumentsTable"],
                Key={"PK": item["PK"], "SK": item["SK"]},
            )
    time.sleep(1.1)

    # WHEN the sweeper looks at the due deadlines
    result = driver.cloud.run_schedule("SweeperFunction")

    # THEN the one still parked keeps waiting; the one nothing holds any more is stuck
    assert result.payload["stuck"] == 1
    assert driver.document(waiting)["stage"] == QUEUED_STAGE
    assert driver.document(lost)["status"] == "failed"
    gate.opened.set()
    assert _settle(driver, waiting)["status"] == "done"
    assert _settle(driver, first)["status"] == "done"
