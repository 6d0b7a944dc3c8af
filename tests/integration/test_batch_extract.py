"""A bulk import's uploads have an Extract of their own, on the local cloud.

Batch files (`POST /v1/batches`, a zip's members) land under `batch-uploads/`, whose bucket
notification the template gives to BatchExtractFunction, with its own reserved
concurrency; a person's upload stays under `uploads/`, read by ExtractFunction. Which
function read which object is the local cloud's own invocation record (the S3 keys each
invocation was given), not anything our code reports.
"""

from __future__ import annotations

import io
import threading
import time
import zipfile
from typing import TYPE_CHECKING, Any

import pytest

from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT
from tests.integration.pipeline_driver import Ticket

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration

EXTRACTS = ("ExtractFunction", "BatchExtractFunction")


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "10"}


def _file() -> dict[str, Any]:
    return {"filename": "c.txt", "content_type": "text/plain", "size": len(CONTRACT)}


def _batch_tickets(driver: Driver, count: int) -> list[Ticket]:
    status, body = driver.api("POST", "/v1/batches", {"files": [_file()] * count})
    assert status == 201, body
    return [
        Ticket(t["document"]["document_id"], t["upload"]["url"], t["upload"]["fields"])
        for t in body["documents"]
    ]


def _readers(cloud: LocalCloud) -> dict[str, set[str]]:
    """Which Extract function each object key was given to, by the bucket's notifications."""
    readers: dict[str, set[str]] = {}
    for invocation in cloud.invocations:
        if invocation.logical_id in EXTRACTS:
            for key in invocation.object_keys:
                readers.setdefault(key, set()).add(invocation.logical_id)
    return readers


def _text_of(cloud: LocalCloud, key: str) -> bytes:
    s3 = cloud.client("s3")
    return bytes(s3.get_object(Bucket=cloud.deployment.bucket, Key=key)["Body"].read())


def test_a_batch_file_is_read_by_the_batch_extract_and_a_persons_by_extract(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    # GIVEN a batch file, a zip's member and a person's upload
    [batch] = _batch_tickets(driver, 1)
    person = driver.request_upload("c.txt", len(CONTRACT))
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("a.txt", CONTRACT)
    zip_body = {
        "zip": {"filename": "z.zip", "content_type": "application/zip", "size": archive.tell()}
    }
    status, sent_zip = driver.api("POST", "/v1/batches", zip_body)
    assert status == 201, sent_zip

    # WHEN each is uploaded (its presigned POST names its key) and its run ends
    driver.upload(batch, CONTRACT)
    driver.upload(person, CONTRACT)
    zip_form = sent_zip["upload"]
    driver.upload(Ticket("zip", zip_form["url"], zip_form["fields"]), archive.getvalue())
    status, opened = driver.api("GET", f"/v1/batches/{sent_zip['batch_id']}")
    assert status == 200, opened
    [member] = [d["document_id"] for d in opened["documents"]]
    documents = {d: driver.wait(d) for d in (batch.document_id, person.document_id, member)}

    # THEN the batch's files went under batch-uploads/ and only the batch's Extract read
    # them; the person's went under uploads/ and only Extract read it
    assert {d["status"] for d in documents.values()} == {"done"}
    batch_key = batch.fields["key"]
    person_key = person.fields["key"]
    assert batch_key == f"batch-uploads/ru-msk/{batch.document_id}/v1/original.txt"
    assert person_key == f"uploads/ru-msk/{person.document_id}/v1/original.txt"
    member_key = f"batch-uploads/ru-msk/{member}/v1/original.txt"
    assert _text_of(local_cloud, member_key) == CONTRACT
    readers = _readers(local_cloud)
    assert readers[batch_key] == readers[member_key] == {"BatchExtractFunction"}
    assert readers[person_key] == {"ExtractFunction"}
    assert not [k for k, functions in readers.items() if len(functions) > 1]
    # ... and the original is readable where the document says it is (the download route)
    for document_id in (batch.document_id, member, person.document_id):
        status, answer = driver.api("GET", f"/v1/documents/{document_id}/original")
        assert status == 200, answer
    assert driver.credits() == 10 - 3
    assert local_cloud.errors == []


def test_a_person_object_put_under_the_batch_prefix_is_not_taken_for_their_upload(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    # GIVEN a person's reservation, and an object put at its id under the batch prefix
    # (no presigned POST names that key: only a writer with the bucket's rights could)
    person = driver.request_upload("c.txt", len(CONTRACT))
    stray = person.fields["key"].replace("uploads/", "batch-uploads/", 1)
    local_cloud.client("s3").put_object(
        Bucket=local_cloud.deployment.bucket, Key=stray, Body=CONTRACT
    )

    # THEN the batch's Extract was told of it and left the person's document alone
    assert _readers(local_cloud)[stray] == {"BatchExtractFunction"}
    assert driver.document(person.document_id)["status"] == "awaiting_upload"
    # ... which its own upload then moves on as ever
    driver.upload(person, CONTRACT)
    assert driver.wait(person.document_id)["status"] == "done"
    assert local_cloud.errors == []


class HeldBatchExtract:
    """The real Batch Extract handler behind a gate: its runs wait until opened, and the
    most of them in flight at once is kept."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.entered = threading.Semaphore(0)
        self.most_at_once = 0
        # A run that gave up waiting: something waited on the gate that should not have.
        self.timed_out = False
        self._running = 0
        self._lock = threading.Lock()

    def __call__(self, event: dict[str, Any], context: Any) -> Any:
        from functions.batch_extract.handler import handler

        with self._lock:
            self._running += 1
            self.most_at_once = max(self.most_at_once, self._running)
        self.entered.release()
        try:
            if not self.opened.wait(timeout=30):
                self.timed_out = True
            return handler(event, context)
        finally:
            with self._lock:
                self._running -= 1


@pytest.fixture
def held(local_cloud: LocalCloud) -> Iterator[HeldBatchExtract]:
    """Batch Extract held at its gate; opened whatever the test did."""
    gate = HeldBatchExtract()
    local_cloud.register_handler("BatchExtractFunction", gate)
    try:
        yield gate
    finally:
        gate.opened.set()


@pytest.mark.parametrize("local_cloud_parameters", [{"BatchExtractReservedConcurrency": "1"}])
def test_a_batch_extract_at_its_cap_never_holds_up_a_persons_extract(
    driver: Driver, local_cloud: LocalCloud, held: HeldBatchExtract
) -> None:
    assert local_cloud.deployment.functions["BatchExtractFunction"].reserved_concurrency == 1
    # GIVEN two batch files sent at once, the batch's Extract held in the first: its one
    # reserved run is taken, and the second's S3 event waits for it
    tickets = _batch_tickets(driver, 2)
    senders = [
        threading.Thread(target=driver.upload, args=(ticket, CONTRACT), daemon=True)
        for ticket in tickets
    ]
    for sender in senders:
        sender.start()
    assert held.entered.acquire(timeout=30)
    time.sleep(0.3)  # room for the second to get in, were the cap not kept
    assert held.most_at_once == 1

    # WHEN a person uploads meanwhile
    person_ticket = driver.request_upload("c.txt", len(CONTRACT))
    driver.upload(person_ticket, CONTRACT)
    person = person_ticket.document_id
    driver.wait(person)

    # THEN their upload was read by Extract and their run ended, while the batch's Extract
    # was still at its cap with the second batch file waiting its turn
    assert driver.document(person)["status"] == "done"
    assert not held.opened.is_set()
    assert held.most_at_once == 1
    assert sum(sender.is_alive() for sender in senders) >= 1
    assert {driver.document(t.document_id)["status"] for t in tickets} == {"awaiting_upload"}

    # WHEN the batch's Extract goes on
    held.opened.set()
    for sender in senders:
        sender.join(timeout=60)

    # THEN both batch files were read, one at a time, and their runs ended
    assert {driver.wait(t.document_id)["status"] for t in tickets} == {"done"}
    assert held.most_at_once == 1
    readers = _readers(local_cloud)
    assert {frozenset(readers[t.fields["key"]]) for t in tickets} == {
        frozenset({"BatchExtractFunction"})
    }
    assert readers[person_ticket.fields["key"]] == {"ExtractFunction"}
    assert not held.timed_out
    assert local_cloud.errors == []
