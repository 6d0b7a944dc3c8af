"""A failed batch run redriven over the API goes through admission like a new run: it takes
a running slot of the batch lane, or waits for one and is redriven when one frees, and its
end frees the slot again. On the local cloud, with the real ASL, handlers and redrive.

The lane has one running slot. Batch runs are held before the real Prescreen by a gate, so
which run holds the slot at a given moment does not depend on timing.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.adapters.dynamo.admission import admission_pk
from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT
from tests.integration.pipeline_driver import Driver, Ticket

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration


class RunCrashedError(Exception):
    """Neither retried nor caught by the ASL: the execution fails (redrivable)."""


class PrescreenGate:
    """Holds batch runs before the real Prescreen until opened; crashes chosen documents."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.crash: set[str] = set()

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        from functions.prescreen.handler import handler

        document_id = str(event.get("document_id"))
        if document_id in self.crash:
            raise RunCrashedError("The run crashed in the test.")
        if event.get("lane") == "batch":
            self.opened.wait(timeout=60)
        return handler(event, context)


@pytest.fixture
def gate() -> PrescreenGate:
    return PrescreenGate()


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "5", "BATCH_MAX_RUNNING": "1"}


@pytest.fixture
def local_cloud_handlers(gate: PrescreenGate) -> dict[str, Any]:
    return {"PrescreenFunction": gate}


@pytest.fixture
def driver(local_cloud: LocalCloud, gate: PrescreenGate) -> Iterator[Driver]:
    """Only the crash the test asks for may raise; the gate is opened whatever happened."""
    driver = Driver(local_cloud)
    try:
        yield driver
    finally:
        gate.opened.set()
    unexpected = [e for e in local_cloud.errors if e.error_type != "RunCrashedError"]
    assert unexpected == [], "a handler raised where nothing should have"


def _status(driver: Driver, document_id: str) -> str:
    sfn = driver.cloud.client("stepfunctions")
    arn = driver.cloud.execution_arn(f"{document_id}-v1")
    try:
        return str(sfn.describe_execution(executionArn=arn)["status"])
    except sfn.exceptions.ExecutionDoesNotExist:
        return "not started"


def _until(check: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the local cloud did not get there"
        time.sleep(0.02)


def _slot_items(driver: Driver) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = driver.cloud.client("dynamodb").query(
        TableName=driver.cloud.deployment.tables["DocumentsTable"],
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": admission_pk("batch")}},
    )["Items"]
    return items


def _entered(driver: Driver, document_id: str, state: str) -> Any:
    sfn = driver.cloud.client("stepfunctions")
    arn = driver.cloud.execution_arn(f"{document_id}-v1")
    history = sfn.get_execution_history(executionArn=arn, maxResults=1000)["events"]
    return next(
        e["timestamp"]
        for e in history
        if e["type"] == "TaskStateEntered" and e["stateEnteredEventDetails"]["name"] == state
    )


def _first_failed_second_running(driver: Driver, gate: PrescreenGate) -> tuple[str, str]:
    """A batch of two whose first run crashed (failed, its slot freed) and whose second run
    holds the lane's only slot: their document ids."""
    file = {"filename": "c.txt", "content_type": "text/plain", "size": len(CONTRACT)}
    status, batch = driver.api("POST", "/v1/batches", {"files": [file, file]})
    assert status == 201, batch
    first, second = (t["document"]["document_id"] for t in batch["documents"])
    gate.crash.add(first)
    for ticket in batch["documents"]:
        upload = ticket["upload"]
        driver.upload(
            Ticket(ticket["document"]["document_id"], upload["url"], upload["fields"]), CONTRACT
        )
    assert driver.cloud.wait_for_execution(f"{first}-v1")["status"] == "FAILED"
    _until(lambda: _status(driver, second) == "RUNNING")
    return first, second


def test_a_redriven_batch_run_waits_for_a_running_slot_and_frees_it_when_it_ends(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN a batch of two whose first run crashes (its execution fails, its slot is freed)
    # and whose second run then holds the lane's only slot
    first, second = _first_failed_second_running(driver, gate)
    assert driver.document(first)["status"] == "failed"
    gate.crash.clear()  # the cause is gone

    # WHEN an operator redrives the failed run while the other holds the slot
    status, redriven = driver.api("POST", f"/v1/admin/documents/{first}/redrive")

    # THEN the redrive waits for the slot: accepted, queued, the execution still failed;
    # asked again, it is the same waiting redrive
    assert (status, redriven["queued"]) == (202, True), redriven
    assert _status(driver, first) == "FAILED"
    assert driver.api("POST", f"/v1/admin/documents/{first}/redrive") == (status, redriven)
    assert len(_slot_items(driver)) == 2  # the second's lease and the parked redrive

    # WHEN the run holding the slot ends
    gate.opened.set()
    assert driver.cloud.wait_for_execution(f"{second}-v1")["status"] == "SUCCEEDED"

    # THEN the redrive is made into the slot it freed, and its run ends done (the credit
    # refunded by the failure stays refunded); nothing holds a slot or waits afterwards
    _until(lambda: _status(driver, first) != "FAILED")
    redone = driver.cloud.wait_for_execution(f"{first}-v1")
    assert redone["status"] == "SUCCEEDED"
    assert redone["startDate"] >= _entered(driver, second, "Finalize Report")
    document = driver.document(first)
    assert (document["status"], document["refunded"]) == ("done", True)
    assert _slot_items(driver) == []


def test_a_redriven_batch_run_takes_a_free_slot_at_once(
    driver: Driver, gate: PrescreenGate
) -> None:
    file = {"filename": "c.txt", "content_type": "text/plain", "size": len(CONTRACT)}
    status, batch = driver.api("POST", "/v1/batches", {"files": [file]})
    assert status == 201, batch
    [ticket] = batch["documents"]
    only = ticket["document"]["document_id"]
    gate.crash.add(only)
    driver.upload(Ticket(only, ticket["upload"]["url"], ticket["upload"]["fields"]), CONTRACT)
    assert driver.cloud.wait_for_execution(f"{only}-v1")["status"] == "FAILED"
    assert _slot_items(driver) == []
    gate.crash.clear()

    status, redriven = driver.api("POST", f"/v1/admin/documents/{only}/redrive")
    assert (status, redriven["queued"]) == (202, False), redriven
    # The redriven run holds the slot while it runs (held at the gate), and frees it at its end.
    _until(lambda: _status(driver, only) == "RUNNING")
    [lease] = _slot_items(driver)
    assert lease["owner"]["S"] == f"{only}-v1"
    gate.opened.set()
    assert driver.cloud.wait_for_execution(f"{only}-v1")["status"] == "SUCCEEDED"
    assert driver.document(only)["status"] == "done"
    assert _slot_items(driver) == []


def test_a_waiting_redrive_made_meanwhile_in_the_console_frees_its_slot_when_admitted(
    driver: Driver, gate: PrescreenGate
) -> None:
    # GIVEN a redrive waiting for the slot the other run of the batch holds
    first, second = _first_failed_second_running(driver, gate)
    gate.crash.clear()
    assert driver.api("POST", f"/v1/admin/documents/{first}/redrive")[1]["queued"] is True

    # WHEN someone redrives the same run in the console meanwhile, and the runs go on
    sfn = driver.cloud.client("stepfunctions")
    sfn.redrive_execution(executionArn=driver.cloud.execution_arn(f"{first}-v1"))
    gate.opened.set()
    assert driver.cloud.wait_for_execution(f"{second}-v1")["status"] == "SUCCEEDED"
    assert driver.cloud.wait_for_execution(f"{first}-v1")["status"] == "SUCCEEDED"

    # THEN the waiting redrive, admitted, finds the run redriven already: it gives its slot
    # back instead of failing the release that admitted it; nothing holds a slot or waits
    assert driver.document(first)["status"] == "done"
    _until(lambda: _slot_items(driver) == [])
