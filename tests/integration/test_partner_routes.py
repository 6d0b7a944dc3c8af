"""Partner keys and the partner routes through chalice.test, behind the local API Gateway
(the key and usage-plan gate on moto's keys), each route with its callers and refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from infra.localcloud.apikeys import ApiKeyGate, install_usage_reporting, uninstall_usage_reporting
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
UPLOAD = {"filename": "contract.pdf", "content_type": "application/pdf", "size": 2048}


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Iterator[Driver]:
    from app import app

    plan_id = local_cloud.deployment.environment["USAGE_PLAN_ID"]
    gate = ApiKeyGate(app, plan_id, client=local_cloud.client("apigateway"))
    install_usage_reporting(gate)
    yield Driver(local_cloud, gate)
    uninstall_usage_reporting(gate)


def _key(driver: Driver, token: str, name: str = "ERP") -> dict[str, Any]:
    status, created = driver.api("POST", "/v1/keys", {"name": name}, token=token)
    assert status == 201, created
    return dict(created)


def test_a_person_makes_lists_and_revokes_keys_and_sees_each_value_once(driver: Driver) -> None:
    anna = driver.sign_in("anna", "user")
    created = _key(driver, anna)

    status, listed = driver.api("GET", "/v1/keys", token=anna)
    others = driver.api("GET", "/v1/keys", token=driver.sign_in("boris", "user"))[1]
    stolen = driver.api(
        "POST", f"/v1/keys/{created['key_id']}/revoke", token=driver.sign_in("boris", "user")
    )
    status_revoke, revoked = driver.api("POST", f"/v1/keys/{created['key_id']}/revoke", token=anna)

    assert created["api_key"] and created["callback_secret"] and created["enabled"] is True
    assert status == 200 and [k["key_id"] for k in listed["keys"]] == [created["key_id"]]
    assert "api_key" not in listed["keys"][0] and "callback_secret" not in listed["keys"][0]
    assert others == {"keys": []}
    assert stolen[0] == 404  # another person's key does not exist for them
    assert status_revoke == 200 and revoked["enabled"] is False
    assert driver.api("POST", "/v1/keys", {"name": ""}, token=anna)[0] == 400


def test_a_partner_uploads_reads_and_counts_with_a_key_charged_to_its_owner(
    driver: Driver,
) -> None:
    owner = driver.sign_in("erp-owner", "user")
    before = driver.api("GET", "/v1/me", token=owner)[1]["credits_left"]
    key = {"x-api-key": _key(driver, owner)["api_key"]}

    status, ticket = driver.api("POST", "/v1/b2b/documents", UPLOAD, anonymous=True, headers=key)
    doc_id = ticket["document"]["document_id"]
    read = driver.api("GET", f"/v1/b2b/documents/{doc_id}", anonymous=True, headers=key)
    report = driver.api("GET", f"/v1/b2b/documents/{doc_id}/report", anonymous=True, headers=key)
    usage = driver.api("GET", "/v1/b2b/usage", anonymous=True, headers=key)

    assert status == 201 and ticket["upload"]["url"]
    assert read[0] == 200 and read[1]["status"] == "awaiting_upload"
    assert report[0] == 202  # not uploaded yet: still running
    assert usage[0] == 200 and usage[1]["total"] == 4  # this call counted too
    assert driver.api("GET", "/v1/me", token=owner)[1]["credits_left"] == before - 1
    assert driver.api("GET", f"/v1/documents/{doc_id}", token=owner)[0] == 200


def test_partner_routes_refuse_a_missing_revoked_or_foreign_key(driver: Driver) -> None:
    owner = driver.sign_in("owner-a", "user")
    created = _key(driver, owner)
    key = {"x-api-key": created["api_key"]}
    _, ticket = driver.api("POST", "/v1/b2b/documents", UPLOAD, anonymous=True, headers=key)
    doc_id = ticket["document"]["document_id"]
    stranger = {"x-api-key": _key(driver, driver.sign_in("owner-b", "user"))["api_key"]}

    missing = driver.api("GET", f"/v1/b2b/documents/{doc_id}", anonymous=True)
    foreign = driver.api("GET", f"/v1/b2b/documents/{doc_id}", anonymous=True, headers=stranger)
    bearer_only = driver.api("GET", f"/v1/b2b/documents/{doc_id}", token=owner)
    driver.api("POST", f"/v1/keys/{created['key_id']}/revoke", token=owner)
    revoked = driver.api("GET", f"/v1/b2b/documents/{doc_id}", anonymous=True, headers=key)

    assert (missing[0], missing[1]["error"]["code"]) == (403, "INVALID_API_KEY")
    assert foreign[0] == 404  # another partner's document does not exist for this key
    assert bearer_only[0] == 403  # a person's token is no partner key
    assert (revoked[0], revoked[1]["error"]["code"]) == (403, "INVALID_API_KEY")


def test_a_callback_url_is_for_partners_and_must_be_a_url(driver: Driver) -> None:
    owner = driver.sign_in("hooks", "user")
    key = {"x-api-key": _key(driver, owner)["api_key"]}
    hooked = {**UPLOAD, "callback_url": "https://partner.example/hook"}

    person = driver.api("POST", "/v1/documents", hooked, token=owner)
    not_a_url = driver.api(
        "POST",
        "/v1/b2b/documents",
        {**UPLOAD, "callback_url": "ftp://x"},
        anonymous=True,
        headers=key,
    )

    assert person[0] == 400 and "partner" in person[1]["error"]["message"]
    assert not_a_url[0] == 400
