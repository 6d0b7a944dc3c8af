"""A bulk import sent as one zip, on the local cloud: the Batch Import function opens it
under the archive guards and makes a document of each member, in the batch lane."""

from __future__ import annotations

import io
import json
import zipfile
from typing import TYPE_CHECKING, Any

import pytest

from tests.integration.pipeline_driver import Ticket

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration

CONTRACT = (
    b"SUPPLY AGREEMENT. The Supplier shall deliver the goods within 10 days. "
    b"The Buyer shall pay a penalty of 0.1% per day of delay. "
) * 10


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
