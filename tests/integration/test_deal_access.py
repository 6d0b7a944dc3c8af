"""A deal read by someone other than its owner: by region, by grant, or not at all.

Sofia (a user of ru-spb) opens a deal of two files. Rita reviews for ru-msk; Rolf is the
regional admin of ru-spb. A deal is found by its id alone (it bears its first document's
id), each of its documents decided as a read of it would be, and each one shown to anyone
but its owner audited.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import boto3
import pytest
import requests

from chalicelib.adapters.dynamo import DynamoDocumentRepository
from chalicelib.models import Document, DocumentStatus
from chalicelib.ports import Deadline
from chalicelib.services.documents import DocumentQueries
from infra.backfill_user_listing import main as backfill_main
from tests.fakes.ports import FakeObjectStore
from tests.integration.documents_table import REGION

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration
CONTRACT = "Договор поставки № 7\n\nПоставщик обязуется поставить товар.\n".encode()
ANNEX = "Приложение № 1\n\nСпецификация товара.\n".encode()
MISSING = "00000000-0000-0000-0000-000000000000"
FIXTURES = Path(__file__).parents[1] / "fixtures" / "statements"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _file(name: str, data: bytes) -> dict[str, Any]:
    return {"filename": name, "content_type": "text/plain", "size": len(data)}


def _send(driver: Driver, ticket: dict[str, Any], data: bytes) -> str:
    upload = ticket["upload"]
    sent = requests.post(
        upload["url"], data=upload["fields"], files={"file": ("f", data)}, timeout=60
    )
    assert sent.status_code in (200, 201, 204), sent.text
    document_id = str(ticket["document"]["document_id"])
    driver.wait(document_id)
    return document_id


def _in_region(driver: Driver, user_id: str, role: str, region: str) -> str:
    token = driver.sign_in(user_id, role)
    moved = driver.api(
        "PUT", f"/v1/admin/users/{user_id}/region", {"region": region, "reason": "branch"}
    )
    assert moved[0] == 200, moved
    return token


def _deal_audit(driver: Driver, actor: str) -> list[dict[str, Any]]:
    status, page = driver.api("GET", f"/v1/admin/audit?user_id={actor}")
    assert status == 200, page
    return [e for e in page["entries"] if e["action"] == "deal.read"]


def test_a_deal_is_read_by_region_or_grant_and_is_missing_to_everyone_else(
    driver: Driver,
) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    rolf = _in_region(driver, "rolf", "regional_admin", "ru-spb")
    rita = driver.sign_in("rita", "reviewer")  # ru-msk, the default region
    status, opened = driver.api(
        "POST",
        "/v1/deals",
        {"files": [_file("contract.txt", CONTRACT), _file("annex.txt", ANNEX)]},
        token=sofia,
    )
    assert status == 201, opened
    deal_id = opened["deal_id"]
    ids = [_send(driver, t, d) for t, d in zip(opened["documents"], (CONTRACT, ANNEX), strict=True)]
    assert ids[0] == deal_id  # the deal bears the id of the document that opened it
    path = f"/v1/deals/{deal_id}"
    owners = driver.api("GET", path, token=sofia)
    assert owners[0] == 200 and [d["document_id"] for d in owners[1]["documents"]] == ids

    # Out of reach: exactly what a deal that does not exist answers.
    assert driver.api("GET", path, token=rita) == driver.api(
        "GET", f"/v1/deals/{MISSING}", token=rita
    )
    assert driver.api("GET", path, token=rita)[0] == 404
    # The region's admin, and the admin (document:read:all), see what the owner sees.
    assert driver.api("GET", path, token=rolf) == owners
    assert driver.api("GET", path) == owners
    # A grant of the region lends it to Rita, and the audit names the grant.
    until = (datetime.now(UTC) + timedelta(minutes=30)).isoformat()
    status, grant = driver.api(
        "POST",
        "/v1/admin/grants",
        {
            "user_id": "rita",
            "region": "ru-spb",
            "permission": "document:read:region",
            "expires_at": until,
            "reason": "audit",
        },
    )
    assert status == 201, grant
    assert driver.api("GET", path, token=rita) == owners

    assert sorted(e["document_id"] for e in _deal_audit(driver, "rita")) == sorted(ids)
    assert {(e["target"], e["grant_id"], e["owner_id"]) for e in _deal_audit(driver, "rita")} == {
        (deal_id, grant["grant_id"], "sofia")
    }
    assert {e["grant_id"] for e in _deal_audit(driver, "rolf")} == {None}
    assert _deal_audit(driver, "sofia") == []  # an owner's own reads are not audited
    # Attaching stays the owner's (their credits pay for the deal): not found to others.
    attach = f"/v1/documents/{deal_id}/attachments"
    assert driver.api("POST", attach, _file("more.txt", ANNEX), token=rolf)[0] == 404
    assert driver.api("POST", attach, _file("more.txt", ANNEX), token=rita)[0] == 404


def test_a_deal_shows_another_region_only_the_documents_it_may_read(driver: Driver) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    rolf = _in_region(driver, "rolf", "regional_admin", "ru-spb")
    contract = (FIXTURES / "deal_contract.txt").read_bytes()
    status, opened = driver.api(
        "POST",
        "/v1/deals",
        {"files": [_file("contract.txt", contract), _file("annex.txt", ANNEX)]},
        token=sofia,
    )
    assert status == 201, opened
    deal_id = opened["deal_id"]
    spb = [_send(driver, t, d) for t, d in zip(opened["documents"], (contract, ANNEX), strict=True)]
    # Sofia moves to Moscow; the statement she attaches now lives there, out of Rolf's reach.
    _in_region(driver, "sofia", "user", "ru-msk")
    statement = FIXTURES / "form_full_year.xlsx"
    data = statement.read_bytes()
    xlsx = {"filename": statement.name, "content_type": XLSX, "size": len(data)}
    status, ticket = driver.api("POST", f"/v1/documents/{deal_id}/attachments", xlsx, token=sofia)
    assert status == 201, ticket
    msk = _send(driver, ticket, data)

    status, owners = driver.api("GET", f"/v1/deals/{deal_id}", token=sofia)
    assert [d["document_id"] for d in owners["documents"]] == [*spb, msk]
    assert owners["cross_check"] is not None  # the contract against the statement
    status, seen = driver.api("GET", f"/v1/deals/{deal_id}", token=rolf)
    assert status == 200, seen
    # Rolf sees the two files of his region, and no cross-check with the one he may not read
    # (neither in the deal nor in the contract's report).
    assert [d["document_id"] for d in seen["documents"]] == spb
    assert seen["cross_check"] is None and msk not in str(seen)
    assert (
        "## Сделка"
        in driver.api("GET", f"/v1/documents/{deal_id}/report", token=sofia)[1]["markdown"]
    )
    report = driver.api("GET", f"/v1/documents/{deal_id}/report", token=rolf)[1]
    assert "## Сделка" not in report["markdown"] and "deal" not in report["report"]
    assert sorted(e["document_id"] for e in _deal_audit(driver, "rolf")) == sorted(spb)


def _legacy_document(document_id: str, deal_id: str, minute: int) -> Document:
    created = datetime(2026, 3, 1, 12, minute, tzinfo=UTC)
    return Document(
        document_id=document_id,
        owner_id="sofia",
        region="ru-spb",
        status=DocumentStatus.DONE,
        filename=f"{document_id}.txt",
        content_type="text/plain",
        ext="txt",
        declared_size=100,
        created_at=created,
        updated_at=created,
        upload_expires_at=created + timedelta(minutes=15),
        deal_id=deal_id,
    )


def test_a_deal_named_before_deals_bore_their_first_documents_id_is_found_after_the_backfill(
    documents_table: str,
) -> None:
    repo = DynamoDocumentRepository(documents_table, boto3.client("dynamodb", region_name=REGION))
    repo.ensure_user("sofia", credits=5, region="ru-spb")
    legacy = "7f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f"  # a random id, as POST /v1/deals gave
    for number, (document_id, deal_id) in enumerate(
        [("contract-1", legacy), ("osv-1", legacy), ("contract-2", "contract-2"), ("alone", None)]
    ):
        document = _legacy_document(document_id, deal_id or "", number)
        if deal_id is None:
            document = document.model_copy(update={"deal_id": None})
        repo.create_with_reservation(
            document, Deadline(document_id, DocumentStatus.DONE, document.created_at)
        )
    queries = DocumentQueries(repo, FakeObjectStore())
    assert queries.deal_documents(legacy, caller_id="rolf") == []  # only its owner finds it

    assert backfill_main(["--table", documents_table]) == 0
    assert repo.alias_unnamed_deals() == 0  # once only

    found = queries.deal_documents(legacy, caller_id="rolf")
    assert [d.document_id for d in found] == ["contract-1", "osv-1"]
    assert repo.deal_owner(legacy) == "sofia"
    assert repo.deal_owner("contract-2") is None  # found through its opening document
    assert [d.document_id for d in queries.deal_documents("contract-2", caller_id="rolf")] == [
        "contract-2"
    ]
