"""Admission control on the local cloud: a bulk import runs at most BATCH_MAX_RUNNING runs
at once, the rest queued and started as runs end, through the real ASL and handlers.

The batch runs are held in their first step by a gate (the real Prescreen handler runs
once the gate opens), so what is running and what is queued at a given moment does not
depend on timing.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.adapters.dynamo.admission import admission_pk
from chalicelib.errors import UnreadableDocumentError
from chalicelib.models import QUEUED_STAGE
from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT
from tests.integration.pipeline_driver import Driver, Ticket

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

CREDITS = 10
# The steps that end a run's work: its lease is released there.
LAST_STEPS = ("Finalize Report", "Record Failure")


class RunCrashedError(Exception):
    """Neither retried nor caught by the ASL: the execution fails, On Run Failed follows."""


class PrescreenGate:
    """Holds batch runs before the real Prescreen until opened; fails chosen documents."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.fail: set[str] = set()
        self.crash: set[str] = set()

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        from functions.prescreen.handler import handler

        if event.get("lane") == "batch":
            self.opened.wait(timeout=60)
        document_id = str(event.get("document_id"))
        if document_id in self.fail:
            raise UnreadableDocumentError("Made unreadable by the test.")
        if document_id in self.crash:
            raise RunCrashedError("The run crashed in the test.")
        return handler(event, context)


@pytest.fixture
def gate() -> PrescreenGate:
    return PrescreenGate()


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": str(CREDITS), "BATCH_MAX_RUNNING": "2", "BATCH_MAX_FILES": "6"}


@pytest.fixture
def local_cloud_handlers(gate: PrescreenGate) -> dict[str, Any]:
    return {"PrescreenFunction": gate}


@pytest.fixture
def driver(local_cloud: LocalCloud, gate: PrescreenGate) -> Iterator[Driver]:
    """Only the gate's own errors are allowed; the gate is opened whatever the test did."""
    driver = Driver(local_cloud)
    try:
        yield driver
    finally:
        gate.opened.set()
    unexpected = [
        e
        for e in local_cloud.errors
        if e.error_type not in ("UnreadableDocumentError", "RunCrashedError")
    ]
    assert unexpected == [], "a handler raised where nothing should have"


def _send_batch(driver: Driver, files: int) -> list[str]:
    """POST /v1/batches, then every upload (Extract runs inside each); the documents' ids."""
    file = {"filename": "c.txt", "content_type": "text/plain", "size": len(CONTRACT)}
    status, body = driver.api("POST", "/v1/batches", {"files": [file] * files})
    assert status == 201, body
    ids = []
    for ticket in body["documents"]:
        document_id = ticket["document"]["document_id"]
        driver.upload(
            Ticket(document_id, ticket["upload"]["url"], ticket["upload"]["fields"]), CONTRACT
        )
        ids.append(document_id)
    return ids


def _started(driver: Driver, ids: list[str]) -> set[str]:
    """Which of these documents have an execution."""
    names = {e["name"] for e in driver.executions()}
    return {d for d in ids if f"{d}-v1" in names}


def _max_active(driver: Driver, ids: list[str]) -> int:
    """The most runs of these documents that were at once between their start and the step
    that ends their work (where the lease is released), from the executions' histories."""
    sfn = driver.cloud.client("stepfunctions")
    edges: list[tuple[datetime, int]] = []
    for document_id in ids:
        arn = driver.cloud.execution_arn(f"{document_id}-v1")
        execution = sfn.describe_execution(executionArn=arn)
        history = sfn.get_execution_history(executionArn=arn, maxResults=1000)["events"]
        ends = [
            e["timestamp"]
            for e in history
            if e["type"] == "TaskStateEntered"
            and e["stateEnteredEventDetails"]["name"] in LAST_STEPS
        ]
        edges.append((execution["startDate"], 1))
        edges.append((min(ends) if ends else execution["stopDate"], -1))
    active = peak = 0
    for _, step in sorted(edges, key=lambda edge: (edge[0], edge[1])):
        active += step
        peak = max(peak, active)
    return peak


def _settle(driver: Driver, ids: list[str]) -> dict[str, dict[str, Any]]:
    """Wait for every run (queued ones start as the others end); the documents."""
    for document_id in ids:
        driver.cloud.wait_for_execution(f"{document_id}-v1", timeout=120)
    return {d: driver.document(d) for d in ids}


def test_a_batch_runs_two_at_a_time_and_a_person_is_never_queued(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN a batch of six sent while its runs are held in their first step
    ids = _send_batch(driver, 6)

    # THEN two runs started, the four others wait in the queue and say so
    running = _started(driver, ids)
    assert len(running) == 2
    queued = [driver.document(d) for d in ids if d not in running]
    assert {(d["status"], d["stage"]) for d in queued} == {("extracting", QUEUED_STAGE)}

    # WHEN a person uploads meanwhile, their run starts at once and ends
    person = driver.request_upload("mine.txt", len(CONTRACT))
    driver.upload(person, CONTRACT)
    assert driver.document(person.document_id)["stage"] != QUEUED_STAGE
    assert f"{person.document_id}-v1" in {e["name"] for e in driver.executions()}
    assert driver.wait(person.document_id)["status"] == "done"

    # WHEN the batch's runs go on, each run's end starts the next queued one
    gate.opened.set()
    documents = _settle(driver, ids)

    # THEN all six are done, never more than two at once, each a credit once
    assert {d["status"] for d in documents.values()} == {"done"}
    assert _max_active(driver, ids) == 2
    assert len([e for e in driver.executions() if e["name"].endswith("-v1")]) == 7
    assert driver.credits() == CREDITS - 7
    # Every lease was released: nothing holds a slot or waits once the batch is done.
    table = driver.cloud.client("dynamodb")
    left = table.query(
        TableName=driver.cloud.deployment.tables["DocumentsTable"],
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": admission_pk("batch")}},
    )["Items"]
    assert left == []


def test_queued_runs_start_after_runs_that_failed_caught_or_crashed(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN a batch whose two first runs will fail: one caught (Record Failure), one not
    # (the execution fails; On Run Failed)
    ids = _send_batch(driver, 6)
    first = sorted(_started(driver, ids))
    assert len(first) == 2
    gate.fail.add(first[0])
    gate.crash.add(first[1])

    # WHEN the runs go on
    gate.opened.set()
    documents = _settle(driver, ids)

    # THEN the four queued behind them still ran, the failed ones refunded
    assert {d: documents[d]["status"] for d in first} == {first[0]: "failed", first[1]: "failed"}
    assert {documents[d]["status"] for d in ids if d not in first} == {"done"}
    assert _max_active(driver, ids) <= 2
    assert driver.credits() == CREDITS - 4


def test_a_lease_left_by_a_crashed_run_is_freed_by_the_sweeper(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN both running slots held by runs that ended long ago without releasing them
    table_name = driver.cloud.deployment.tables["DocumentsTable"]
    table = driver.cloud.client("dynamodb")
    long_ago = int(datetime.now(UTC).timestamp()) - 3600
    for slot in range(2):
        table.put_item(
            TableName=table_name,
            Item={
                "PK": {"S": admission_pk("batch")},
                "SK": {"S": f"SLOT#{slot}"},
                "owner": {"S": f"00000000-0000-4000-8000-00000000000{slot}-v1"},
                "acquired_at": {"N": str(long_ago)},
                "lease_expires_at": {"N": str(long_ago + 7200)},
            },
        )
    gate.opened.set()
    ids = _send_batch(driver, 2)
    assert _started(driver, ids) == set()  # queued: the lane looks full

    # WHEN the sweeper runs
    result = driver.cloud.run_schedule("SweeperFunction")

    # THEN it freed both leases and started the queued runs, which end
    assert result.payload["admission"] == {"leases_freed": 2, "admitted": 2}
    documents = _settle(driver, ids)
    assert {d["status"] for d in documents.values()} == {"done"}
    assert driver.credits() == CREDITS - 2


@pytest.mark.parametrize(
    "local_cloud_env",
    [{"SIGNUP_CREDITS": str(CREDITS), "BATCH_MAX_RUNNING": "2", "STUCK_EXTRACT_SECONDS": "1"}],
)
def test_the_sweeper_leaves_a_queued_document_waiting_and_fails_no_stuck_one(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN a queued batch document whose extraction deadline has passed
    ids = _send_batch(driver, 3)
    (waiting,) = set(ids) - _started(driver, ids)
    time.sleep(1.1)

    # WHEN the sweeper looks at the due deadlines
    result = driver.cloud.run_schedule("SweeperFunction")

    # THEN it is not taken for a stuck extraction: still queued, then run when its turn comes
    assert result.payload["stuck"] == 0
    assert driver.document(waiting)["stage"] == QUEUED_STAGE
    gate.opened.set()
    documents = _settle(driver, ids)
    assert {d["status"] for d in documents.values()} == {"done"}
    assert driver.credits() == CREDITS - 3
