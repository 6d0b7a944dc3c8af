"""A bulk import sent as one zip, on the local cloud: the Batch Import function opens it
under the archive guards and makes a document of each member, in the batch lane."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar

import boto3
import pytest

from chalicelib import wiring
from chalicelib.services.batch_import import member_document_id
from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT
from tests.integration.pipeline_driver import Ticket

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "3"}


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _send_zip(driver: Driver, data: bytes) -> str:
    body = {"zip": {"filename": "leases.zip", "content_type": "application/zip", "size": len(data)}}
    status, answer = driver.api("POST", "/v1/batches", body)
    assert status == 201, answer
    assert "documents" not in answer
    form = answer["upload"]
    driver.upload(Ticket(answer["batch_id"], form["url"], form["fields"]), data)
    return str(answer["batch_id"])


def _batch(driver: Driver, batch_id: str) -> dict[str, Any]:
    status, body = driver.api("GET", f"/v1/batches/{batch_id}")
    assert status == 200, body
    return dict(body)


def test_a_zip_becomes_a_document_per_member_in_the_batch_lane(driver: Driver) -> None:
    data = _zip(
        {
            "leases/a.txt": CONTRACT,
            "leases/b.txt": CONTRACT,
            "leases/": b"",
            "leases/tool.exe": b"MZ not a document",
            "__MACOSX/leases/._a.txt": b"resource fork",
        }
    )
    batch_id = _send_zip(driver, data)

    opened = _batch(driver, batch_id)
    assert (opened["kind"], opened["state"], opened["total"]) == ("zip", "open", 2)
    assert opened["skipped"] == ["leases/tool.exe (not a document type we read)"]
    for document in opened["documents"]:
        assert (document["lane"], document["batch_id"]) == ("batch", batch_id)
        driver.wait(document["document_id"])
    done = _batch(driver, batch_id)
    assert done["final"] is True
    assert done["summary"]["done"] == 2
    assert {d["filename"] for d in done["documents"]} == {"a.txt", "b.txt"}
    assert driver.credits() == 1
    # The zip is gone once opened: its members live on as documents.
    listed = driver.cloud.client("s3").list_objects_v2(
        Bucket=driver.cloud.deployment.bucket, Prefix="imports/"
    )
    assert listed.get("KeyCount", 0) == 0


def test_a_zip_bomb_fails_the_batch_and_costs_nothing(driver: Driver) -> None:
    batch_id = _send_zip(driver, _zip({"a.txt": CONTRACT, "bomb.txt": b"\0" * (4 * 2**20)}))

    failed = _batch(driver, batch_id)

    assert (failed["state"], failed["final"], failed["total"]) == ("failed", True, 0)
    assert failed["error"]["code"] == "UNSAFE_CONTENT"
    assert driver.credits() == 3


def test_a_zip_the_credits_do_not_cover_fails_whole(driver: Driver) -> None:
    members = {f"{n}.txt": CONTRACT for n in range(4)}  # 4 documents, 3 credits
    batch_id = _send_zip(driver, _zip(members))

    failed = _batch(driver, batch_id)

    assert failed["state"] == "failed"
    assert failed["error"]["code"] == "INSUFFICIENT_CREDITS"
    assert driver.credits() == 3


def test_a_second_notification_of_the_same_zip_opens_nothing_more(driver: Driver) -> None:
    data = _zip({"a.txt": CONTRACT})
    batch_id = _send_zip(driver, data)
    key = f"imports/ru/{batch_id}/archive.zip"
    event = {
        "Records": [
            {
                "eventSource": "aws:s3",
                "eventName": "ObjectCreated:Post",
                "s3": {
                    "bucket": {"name": driver.cloud.deployment.bucket},
                    "object": {"key": key, "size": len(data)},
                },
            }
        ]
    }

    answer = driver.cloud.client("lambda").invoke(
        FunctionName=driver.cloud.deployment.functions["BatchImportFunction"].name,
        Payload=json.dumps(event).encode(),
    )

    result = json.loads(answer["Payload"].read())
    assert result["results"][0]["outcome"] == "ignored"
    assert _batch(driver, batch_id)["total"] == 1
    assert driver.credits() == 2


def test_a_zip_request_must_name_a_zip(driver: Driver) -> None:
    body = {"zip": {"filename": "leases.rar", "content_type": "application/zip", "size": 10}}
    assert driver.api("POST", "/v1/batches", body)[0] == 415
    both = {
        "zip": {**body["zip"], "filename": "a.zip"},
        "files": [{"filename": "a.txt", "content_type": "text/plain", "size": 3}],
    }
    assert driver.api("POST", "/v1/batches", both)[0] == 400


class _Refused:
    """What botocore takes from a before-call hook as S3's answer: a 503."""

    status_code = 503
    headers: ClassVar[dict[str, str]] = {}
    content = b""


@pytest.fixture
def s3_put_fault(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Callable[[str, str, Callable[[], bool]], None]]:
    """Make S3 PutObject of keys containing a text fail while `active()` says so, at the
    SDK's edge: `refuse` answers 503 (a storage error, after the SDK's own retries), `crash`
    raises (what no adapter expects: the function dies). Clients are made again so they
    carry the hook."""
    session = boto3.DEFAULT_SESSION or boto3.Session()
    monkeypatch.setattr(boto3, "DEFAULT_SESSION", session)
    faults: list[tuple[str, str, Callable[[], bool]]] = []

    def hook(params: dict[str, Any], **_: Any) -> Any:
        for text, kind, active in faults:
            # before-call sees the request: the object's key is in its path
            if text in str(params.get("url_path", "")) and active():
                if kind == "crash":
                    raise RuntimeError("the import function died here")
                return _Refused(), {
                    "Error": {"Code": "ServiceUnavailable", "Message": "try later"},
                    "ResponseMetadata": {"HTTPStatusCode": 503},
                }
        return None

    session.events.register("before-call.s3.PutObject", hook)
    wiring.reset_cold_start()

    def add(text: str, kind: str, active: Callable[[], bool]) -> None:
        faults.append((text, kind, active))

    yield add
    session.events.unregister("before-call.s3.PutObject", hook)
    wiring.reset_cold_start()


def _until_a_handler_failed(driver: Driver) -> Callable[[], bool]:
    """True until the first handler error is recorded, then never again."""
    failed: list[bool] = []

    def active() -> bool:
        if driver.cloud.errors:
            failed.append(True)
        return not failed

    return active


def _members_ids(batch_id: str, paths: list[str]) -> list[str]:
    return [member_document_id(batch_id, path) for path in paths]


def _zip_form(driver: Driver, data: bytes) -> tuple[str, Ticket]:
    body = {"zip": {"filename": "leases.zip", "content_type": "application/zip", "size": len(data)}}
    status, answer = driver.api("POST", "/v1/batches", body)
    assert status == 201, answer
    form = answer["upload"]
    return str(answer["batch_id"]), Ticket(answer["batch_id"], form["url"], form["fields"])


def test_an_import_stopped_by_a_storage_error_resumes_without_a_second_document_or_charge(
    driver: Driver, s3_put_fault: Callable[[str, str, Callable[[], bool]], None]
) -> None:
    paths = ["a.txt", "b.txt", "c.txt"]
    data = _zip(dict.fromkeys(paths, CONTRACT))
    batch_id, ticket = _zip_form(driver, data)
    # GIVEN storing the second member's file fails (beyond the SDK's retries) until the
    # import function's first try has failed
    second = _members_ids(batch_id, paths)[1]
    s3_put_fault(second, "refuse", _until_a_handler_failed(driver))

    # WHEN the zip lands (its first try stops at the second member; Lambda tries again)
    driver.upload(ticket, data)

    # THEN one retry resumed it: three documents, each made once and charged once
    opened = _batch(driver, batch_id)
    assert (opened["state"], opened["total"]) == ("open", 3)
    assert [d["document_id"] for d in opened["documents"]] == _members_ids(batch_id, paths)
    # the first try's StorageUnavailableError was the one expected
    assert [e.error_type for e in driver.cloud.errors] == ["StorageUnavailableError"]
    driver.cloud.errors.clear()
    for document in opened["documents"]:
        driver.wait(document["document_id"])
    done = _batch(driver, batch_id)
    assert [d["status"] for d in done["documents"]] == ["done"] * 3, done
    assert driver.credits() == 0


def test_an_import_that_dies_is_failed_by_the_sweeper_with_the_documents_it_made(
    driver: Driver,
    s3_put_fault: Callable[[str, str, Callable[[], bool]], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths = ["a.txt", "b.txt"]
    data = _zip(dict.fromkeys(paths, CONTRACT))
    batch_id, ticket = _zip_form(driver, data)
    s3_put_fault(_members_ids(batch_id, paths)[1], "crash", _until_a_handler_failed(driver))

    # WHEN the function dies after making the first document (its retries find the claim
    # held: the batch stays unpacking while the claim's lease runs)
    driver.upload(ticket, data)
    assert _batch(driver, batch_id)["state"] == "unpacking"
    assert driver.cloud.run_schedule("SweeperFunction").payload["imports_interrupted"] == 0

    # THEN once the lease has passed, the sweeper fails it, listing what it made
    later = wiring.utc_now() + timedelta(minutes=10)
    monkeypatch.setattr(wiring, "utc_now", lambda: later)
    wiring.reset_cold_start()
    assert driver.cloud.run_schedule("SweeperFunction").payload["imports_interrupted"] == 1
    failed = _batch(driver, batch_id)
    assert (failed["state"], failed["error"]["code"]) == ("failed", "IMPORT_INTERRUPTED")
    assert [d["document_id"] for d in failed["documents"]] == _members_ids(batch_id, paths)
    # The first runs as any; the second was made (its credit reserved) but its file never
    # stored: it awaits it, and its own upload deadline releases that credit, as for any
    # upload that never came.
    first, second = failed["documents"]
    assert driver.wait(first["document_id"])["status"] == "done"
    assert second["status"] == "awaiting_upload"
    assert [e.error_type for e in driver.cloud.errors] == ["RuntimeError"]
    driver.cloud.errors.clear()
