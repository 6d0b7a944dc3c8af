"""The API Gateway keys adapter on moto: keys, the partners' plan, usage."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

import boto3
import pytest
from botocore.stub import Stubber
from chalice.app import Chalice
from moto import mock_aws

from chalicelib.adapters.apikeys import ApiGatewayKeys
from chalicelib.errors import RequestError, StorageUnavailableError
from chalicelib.ports import DailyUsage
from infra.localcloud.apikeys import (
    ApiKeyGate,
    install_usage_reporting,
    uninstall_usage_reporting,
)

if TYPE_CHECKING:
    from collections.abc import Iterator


@pytest.fixture
def apigateway(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    with mock_aws():
        yield boto3.client("apigateway", region_name="us-east-1")


@pytest.fixture
def plan_id(apigateway: Any) -> str:
    plan = apigateway.create_usage_plan(
        name="partners",
        throttle={"rateLimit": 5.0, "burstLimit": 10},
        quota={"limit": 100, "period": "MONTH"},
    )
    return str(plan["id"])


def test_apikeys_create_makes_an_enabled_key_on_the_plan(apigateway: Any, plan_id: str) -> None:
    keys = ApiGatewayKeys(plan_id, client=apigateway)

    created = keys.create("user-1", "acme-erp")

    stored = apigateway.get_api_key(apiKey=created.key_id, includeValue=True)
    assert stored["enabled"] is True
    assert stored["value"] == created.value
    assert stored["customerId"] == "user-1"
    assert created.created_at.tzinfo is not None
    plan_keys = apigateway.get_usage_plan_keys(usagePlanId=plan_id)["items"]
    assert [k["id"] for k in plan_keys] == [created.key_id]


def test_apikeys_disable_then_enable(apigateway: Any, plan_id: str) -> None:
    keys = ApiGatewayKeys(plan_id, client=apigateway)
    created = keys.create("user-1", "acme-erp")

    keys.disable(created.key_id)
    assert apigateway.get_api_key(apiKey=created.key_id)["enabled"] is False

    keys.enable(created.key_id)
    assert apigateway.get_api_key(apiKey=created.key_id)["enabled"] is True


def test_apikeys_disable_of_an_unknown_key_is_a_request_error(
    apigateway: Any, plan_id: str
) -> None:
    with pytest.raises(RequestError):
        ApiGatewayKeys(plan_id, client=apigateway).disable("no-such-key")


def test_apikeys_usage_without_a_usage_source_is_storage_unavailable(
    apigateway: Any, plan_id: str
) -> None:
    # moto has no GetUsage: it answers 404 "Not yet implemented", which is not "no such key".
    keys = ApiGatewayKeys(plan_id, client=apigateway)
    created = keys.create("user-1", "acme-erp")

    with pytest.raises(StorageUnavailableError):
        keys.usage(created.key_id, date(2025, 3, 1), date(2025, 3, 2))


def test_apikeys_usage_reads_the_local_clouds_counts_per_day(apigateway: Any, plan_id: str) -> None:
    keys = ApiGatewayKeys(plan_id, client=apigateway)
    created = keys.create("user-1", "acme-erp")
    gate = ApiKeyGate(Chalice(app_name="usage"), plan_id, client=apigateway)
    for day, count in ((date(2025, 3, 1), 2), (date(2025, 3, 3), 1)):
        for _ in range(count):
            gate.ledger.record(created.key_id, day)
    install_usage_reporting(gate)
    try:
        usage = keys.usage(created.key_id, date(2025, 3, 1), date(2025, 3, 3))
    finally:
        uninstall_usage_reporting(gate)

    assert usage == [
        DailyUsage(date(2025, 3, 1), used=2, remaining=98),
        DailyUsage(date(2025, 3, 2), used=0, remaining=98),
        DailyUsage(date(2025, 3, 3), used=1, remaining=97),
    ]


def test_apikeys_usage_sends_the_dates_api_gateway_wants() -> None:
    client = boto3.client("apigateway", region_name="us-east-1")
    stubber = Stubber(client)
    stubber.add_response(
        "get_usage",
        {"usagePlanId": "plan", "items": {"key": [[3, 7]]}},
        {"usagePlanId": "plan", "keyId": "key", "startDate": "2025-03-01", "endDate": "2025-03-01"},
    )
    with stubber:
        usage = ApiGatewayKeys("plan", client=client).usage(
            "key", date(2025, 3, 1), date(2025, 3, 1)
        )
    assert usage == [DailyUsage(date(2025, 3, 1), used=3, remaining=7)]


@pytest.mark.parametrize("code", ["TooManyRequestsException", "ServiceUnavailableException"])
def test_apikeys_throttled_or_down_is_storage_unavailable(code: str) -> None:
    client = boto3.client("apigateway", region_name="us-east-1")
    stubber = Stubber(client)
    stubber.add_client_error("create_api_key", service_error_code=code, http_status_code=429)
    with stubber, pytest.raises(StorageUnavailableError):
        ApiGatewayKeys("plan", client=client).create("user-1", "acme-erp")


def test_apikeys_delete_removes_the_key_from_api_gateway(apigateway: Any, plan_id: str) -> None:
    keys = ApiGatewayKeys(plan_id, client=apigateway)
    kept, gone = keys.create("user-1", "kept"), keys.create("user-1", "gone")

    keys.delete(gone.key_id)

    remaining = [k["id"] for k in apigateway.get_api_keys()["items"]]
    assert remaining == [kept.key_id]


def test_apikeys_delete_of_a_key_already_gone_is_done(apigateway: Any, plan_id: str) -> None:
    keys = ApiGatewayKeys(plan_id, client=apigateway)
    created = keys.create("user-1", "acme-erp")
    keys.delete(created.key_id)

    keys.delete(created.key_id)  # a retried revocation: nothing left to do, no error

    assert apigateway.get_api_keys()["items"] == []


def test_apikeys_delete_when_api_gateway_throttles_is_storage_unavailable() -> None:
    client = boto3.client("apigateway", region_name="us-east-1")
    stubber = Stubber(client)
    stubber.add_client_error(
        "delete_api_key", service_error_code="TooManyRequestsException", http_status_code=429
    )
    with stubber, pytest.raises(StorageUnavailableError):
        ApiGatewayKeys("plan", client=client).delete("key")


def test_apikeys_the_api_function_may_delete_keys_on_aws() -> None:
    # moto enforces no IAM: without this, revoking would fail on AWS alone.
    from pathlib import Path

    from infra.localcloud.template import load_sam_template

    template = load_sam_template(Path(__file__).resolve().parents[2] / "infra" / "template.yaml")
    statements = [
        statement
        for policy in template["Resources"]["ApiHandlerRole"]["Properties"]["Policies"]
        for statement in policy["PolicyDocument"]["Statement"]
    ]

    def allowed(resource: str) -> bool:
        return any(
            "apigateway:DELETE" in s.get("Action", []) and resource in str(s["Resource"])
            for s in statements
        )

    assert allowed("::/apikeys/*")


def test_apikeys_a_key_that_cannot_join_the_plan_is_deleted_not_left_on_the_account() -> None:
    client = boto3.client("apigateway", region_name="us-east-1")
    stubber = Stubber(client)
    stubber.add_response("create_api_key", {"id": "key", "value": "v" * 40})
    stubber.add_client_error("create_usage_plan_key", service_error_code="NotFoundException")
    stubber.add_response("delete_api_key", {}, {"apiKey": "key"})

    with stubber, pytest.raises(RequestError):
        ApiGatewayKeys("plan", client=client).create("user-1", "acme-erp")

    stubber.assert_no_pending_responses()  # the key was deleted
