"""Partner keys and the partner routes through chalice.test, behind the local API Gateway
(the key and usage-plan gate on moto's keys), each route with its callers and refusals."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.errors import DomainError
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
    assert ticket["document"]["lane"] == "default"  # the partner API's lane, not a person's
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


@pytest.mark.parametrize(
    "callback_url",
    [
        "https://partner.example:0/hook",
        "https://partner.example:65536/hook",
        "https://partner.example:99999/hook",
        "https://partner.example:http/hook",
        "https://[::1",
        "https://a..b/",
        "https://",
        "https://user@partner.example/hook",
        "https://partner.example/\r\nX-Injected: 1",
    ],
)
def test_a_callback_url_with_a_bad_port_or_a_malformed_host_is_a_400(
    driver: Driver, callback_url: str
) -> None:
    key = {"x-api-key": _key(driver, driver.sign_in("hooks-400", "user"))["api_key"]}

    status, body = driver.api(
        "POST",
        "/v1/b2b/documents",
        {**UPLOAD, "callback_url": callback_url},
        anonymous=True,
        headers=key,
    )

    assert (status, body["error"]["code"]) == (400, "BAD_REQUEST")


@pytest.mark.parametrize("local_cloud_env", [{"PARTNER_MAX_KEYS_PER_USER": "2"}])
def test_a_person_holds_at_most_the_cap_of_active_keys_and_a_revoked_one_frees_a_slot(
    driver: Driver,
) -> None:
    anna = driver.sign_in("key-hoarder", "user")
    first, _ = _key(driver, anna, "one"), _key(driver, anna, "two")

    status, refused = driver.api("POST", "/v1/keys", {"name": "three"}, token=anna)
    assert (status, refused["error"]["code"]) == (409, "KEY_LIMIT_REACHED")
    assert "2 active keys" in refused["error"]["message"]
    assert _key(driver, driver.sign_in("someone-else", "user"))["enabled"] is True  # per person

    driver.api("POST", f"/v1/keys/{first['key_id']}/revoke", token=anna)

    assert _key(driver, anna, "three")["enabled"] is True
    status, _ = driver.api("POST", "/v1/keys", {"name": "four"}, token=anna)
    assert status == 409


def test_a_revoked_key_is_deleted_from_api_gateway_and_its_record_kept_for_audit(
    driver: Driver,
) -> None:
    owner = driver.sign_in("revoker", "user")
    created = _key(driver, owner)
    apigateway = driver.cloud.client("apigateway")

    status, revoked = driver.api("POST", f"/v1/keys/{created['key_id']}/revoke", token=owner)
    again = driver.api("POST", f"/v1/keys/{created['key_id']}/revoke", token=owner)

    assert status == 200 and revoked["enabled"] is False
    assert again[0] == 200 and again[1]["enabled"] is False  # a retried revocation is fine
    remaining = {k["id"] for k in apigateway.get_api_keys()["items"]}
    assert created["key_id"] not in remaining
    listed = driver.api("GET", "/v1/keys", token=owner)[1]["keys"]
    assert [(k["key_id"], k["enabled"]) for k in listed] == [(created["key_id"], False)]


def test_creates_at_once_never_pass_the_cap_of_active_keys(local_cloud: LocalCloud) -> None:
    from chalicelib.wiring import partner_keys

    keys, start, outcomes = partner_keys(), threading.Barrier(8), []

    def create() -> None:
        start.wait()
        try:
            keys.create("racer", "ERP")
            outcomes.append(201)
        except DomainError as exc:
            outcomes.append(exc.http_status)

    threads = [threading.Thread(target=create) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == [201] * 5 + [409] * 3  # the default cap: 5
    owned = [
        k
        for k in local_cloud.client("apigateway").get_api_keys()["items"]
        if k.get("customerId") == "racer"
    ]
    assert len(owned) == 5
