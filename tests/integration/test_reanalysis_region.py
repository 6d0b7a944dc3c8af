"""Re-analysis of a region's documents: a province with its cities, or one city, in a time
range, found through the region listing (GSI2) and only those the caller may read.

The admin (the development user, ru-msk) and Sofia (ru-spb) each have a done contract.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import boto3
import pytest
import requests

from chalicelib.adapters.dynamo import DynamoDocuments
from chalicelib.adapters.dynamo.reruns import DynamoReruns
from chalicelib.models import Document, DocumentStatus
from chalicelib.ports import Deadline
from tests.integration.documents_table import REGION
from tests.integration.pipeline_driver import SUPPLY_CONTRACT as CONTRACT

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _reanalyse(driver: Driver, found: dict[str, Any], token: str | None = None) -> list[str]:
    status, answer = driver.api("POST", "/v1/admin/reanalysis", {"filter": found}, token=token)
    assert status == 202, answer
    for rerun in answer["reruns"]:
        driver.cloud.wait_for_execution(rerun["execution_name"])
    assert answer["skipped"] == []  # found, not named: nothing out of reach is mentioned
    return [r["document_id"] for r in answer["reruns"]]


def _submit_as(driver: Driver, token: str, data: bytes) -> str:
    body = {"filename": "supply.txt", "content_type": "text/plain", "size": len(data)}
    status, ticket = driver.api("POST", "/v1/documents", body, token=token)
    assert status == 201, ticket
    upload = ticket["upload"]
    sent = requests.post(
        upload["url"], data=upload["fields"], files={"file": ("f", data)}, timeout=60
    )
    assert sent.status_code in (200, 201, 204), sent.text
    document_id = str(ticket["document"]["document_id"])
    assert driver.wait(document_id)["status"] == "done"
    return document_id


def test_a_region_filter_reanalyses_the_regions_done_documents_the_caller_may_read(
    driver: Driver,
) -> None:
    moscow = driver.submit("supply.txt", CONTRACT)
    sofia = driver.sign_in("sofia", "user")
    moved = {"region": "ru-spb", "reason": "branch"}
    assert driver.api("PUT", "/v1/admin/users/sofia/region", moved)[0] == 200
    spb = _submit_as(driver, sofia, CONTRACT)

    assert _reanalyse(driver, {"region": "ru-spb"}) == [spb]
    assert _reanalyse(driver, {"region": "ru"}) == [moscow, spb]  # a province: every city
    assert _reanalyse(driver, {"region": "kz"}) == []
    for bad in ({"region": "RU msk"}, {}, {"region": "ru", "owner_id": "sofia"}):
        status, refused = driver.api("POST", "/v1/admin/reanalysis", {"filter": bad})
        assert status == 400, refused
    admin = driver.api("GET", "/v1/me")[1]["user_id"]
    entries = driver.api("GET", f"/v1/admin/audit?user_id={admin}")[1]["entries"]
    requests_by_region = [
        e["detail"].get("region") for e in entries if e["action"] == "reanalysis.request"
    ]
    assert requests_by_region == ["kz", "ru", "ru-spb"]  # newest first

    # A reviewer of ru-msk allowed to re-analyse reaches their region's documents only.
    rita = driver.sign_in("rita", "reviewer")
    reviewer = ["document:read:region", "review:decide:region", "admin:runs"]
    changed = driver.api(
        "PUT", "/v1/admin/roles/reviewer", {"permissions": reviewer, "reason": "model change"}
    )
    assert changed[0] == 200, changed
    assert _reanalyse(driver, {"region": "ru"}, token=rita) == [moscow]
    assert _reanalyse(driver, {"region": "ru-spb"}, token=rita) == []


def _document(number: int, region: str, status: DocumentStatus) -> Document:
    created = NOW + timedelta(minutes=number)
    return Document(
        document_id=f"d{number}",
        owner_id=f"owner-{number % 2}",
        region=region,
        status=status,
        filename="contract.txt",
        content_type="text/plain",
        ext="txt",
        declared_size=100,
        created_at=created,
        updated_at=created,
        upload_expires_at=created + timedelta(minutes=15),
    )


def test_a_regions_done_documents_come_oldest_first_up_to_the_cap(documents_table: str) -> None:
    client = boto3.client("dynamodb", region_name=REGION)
    documents = DynamoDocuments(documents_table, client)
    for owner in ("owner-0", "owner-1"):
        client.put_item(
            TableName=documents_table,
            Item={"PK": {"S": f"USER#{owner}"}, "SK": {"S": "PROFILE"}, "credits_left": {"N": "9"}},
        )
    cases = [
        ("ru-spb", DocumentStatus.DONE),
        ("ru-msk", DocumentStatus.DONE),
        ("ru-spb", DocumentStatus.FAILED),
        ("ru-spb", DocumentStatus.DONE),
        ("kz-ala", DocumentStatus.DONE),
        ("ru-spb", DocumentStatus.DONE),
    ]
    for number, (region, status) in enumerate(cases, start=1):
        document = _document(number, region, status)
        due = Deadline(document.document_id, status, NOW + timedelta(minutes=15))
        documents.create_with_reservation(document, due)
    reruns = DynamoReruns(documents_table, client)

    def found(region: str, limit: int = 10, **bounds: datetime) -> list[str]:
        since, until = bounds.get("since"), bounds.get("until")
        return [d.document_id for d in reruns.done_documents_in(region, since, until, limit)]

    assert found("ru") == ["d1", "d2", "d4", "d6"]
    assert found("ru-spb") == ["d1", "d4", "d6"]
    assert found("ru-spb", limit=2) == ["d1", "d4"]  # the cap: the oldest
    assert found("ru-spb", since=NOW + timedelta(minutes=2)) == ["d4", "d6"]
    assert found("ru", until=NOW + timedelta(minutes=4)) == ["d1", "d2", "d4"]
    assert found("kz") == ["d5"]
    assert found("by") == []
