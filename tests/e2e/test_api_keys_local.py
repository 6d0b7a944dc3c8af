"""The local API enforces partner API keys and the usage plan, as API Gateway does."""

from __future__ import annotations

import importlib
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from chalicelib.adapters.apikeys import ApiGatewayKeys
from infra.localcloud import LocalCloud

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e
ROUTE = "/test/partner-echo"
# Small limits so the test reaches them: 3 at once, 2 more per second, 6 a month.
PLAN = {"PartnerRateLimit": "2", "PartnerBurstLimit": "3", "PartnerMonthlyQuota": "6"}


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(parameters=PLAN).start_server(access_log=False)
    # A key-protected test route on the served app object; app.py itself stays as it is.
    app = importlib.import_module("app").app

    @app.route(ROUTE, methods=["GET"], api_key_required=True)
    def partner_echo() -> dict[str, Any]:
        request = app.current_request
        assert request is not None
        return {"api_key_id": request.context["identity"].get("apiKeyId")}

    yield running
    del app.routes[ROUTE]
    app.handler_map.pop("partner_echo", None)
    running.stop()


@pytest.fixture
def keys(cloud: LocalCloud) -> ApiGatewayKeys:
    plan_id = cloud.deployment.environment["USAGE_PLAN_ID"]
    return ApiGatewayKeys(plan_id, client=cloud.client("apigateway"))


def _get(cloud: LocalCloud, key: str | None = None) -> httpx.Response:
    headers = {"x-api-key": key} if key is not None else {}
    return httpx.get(f"{cloud.api_url}{ROUTE}", headers=headers, timeout=10)


def test_api_keys_a_request_without_a_key_is_forbidden(cloud: LocalCloud) -> None:
    response = _get(cloud)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "INVALID_API_KEY"


def test_api_keys_an_unknown_key_is_forbidden(cloud: LocalCloud) -> None:
    response = _get(cloud, "not-a-key-we-ever-made-0123456789")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "INVALID_API_KEY"


def test_api_keys_a_key_outside_the_plan_is_forbidden(cloud: LocalCloud) -> None:
    stray = cloud.client("apigateway").create_api_key(name="stray", enabled=True)
    assert _get(cloud, stray["value"]).status_code == 403


def test_api_keys_a_good_key_reaches_the_handler_with_its_id(
    cloud: LocalCloud, keys: ApiGatewayKeys
) -> None:
    key = keys.create("user-1", "acme-erp")
    response = _get(cloud, key.value)
    assert response.status_code == 200
    assert response.json() == {"api_key_id": key.key_id}


def test_api_keys_routes_without_api_key_required_need_no_key(cloud: LocalCloud) -> None:
    assert httpx.get(f"{cloud.api_url}/v1/openapi.json", timeout=10).status_code == 200


def test_api_keys_over_the_burst_is_too_many_requests(
    cloud: LocalCloud, keys: ApiGatewayKeys
) -> None:
    key = keys.create("user-2", "burst")
    # Asked back to back until refused: the bucket refills at 2 a second meanwhile, which a
    # loaded machine's slower requests see, so what is admitted is the burst and the refill.
    started = time.monotonic()
    statuses = [_get(cloud, key.value)]
    while statuses[-1].status_code == 200 and len(statuses) < 30:
        statuses.append(_get(cloud, key.value))
    elapsed = time.monotonic() - started
    codes = [r.status_code for r in statuses]
    assert codes[:3] == [200, 200, 200] and codes[-1] == 429
    assert codes.count(200) <= 3 + 2 * elapsed + 1
    assert statuses[-1].json()["error"]["code"] == "RATE_LIMITED"


def test_api_keys_over_the_monthly_quota_is_limit_exceeded(
    cloud: LocalCloud, keys: ApiGatewayKeys
) -> None:
    key = keys.create("user-3", "quota")
    admitted = 0
    deadline = time.monotonic() + 10
    while admitted < 6 and time.monotonic() < deadline:
        response = _get(cloud, key.value)
        if response.status_code == 429:
            time.sleep(0.5)  # throttled: wait for the bucket to refill
            continue
        assert response.status_code == 200
        admitted += 1
    assert admitted == 6
    time.sleep(0.6)  # a token is free again: only the quota can refuse now

    response = _get(cloud, key.value)

    assert response.status_code == 429
    assert response.json()["error"]["code"] == "QUOTA_EXCEEDED"


def test_api_keys_a_disabled_key_is_forbidden(cloud: LocalCloud, keys: ApiGatewayKeys) -> None:
    key = keys.create("user-4", "to-disable")
    assert _get(cloud, key.value).status_code == 200

    keys.disable(key.key_id)

    response = _get(cloud, key.value)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "INVALID_API_KEY"


def test_api_keys_admitted_requests_are_counted_per_key_per_day(
    cloud: LocalCloud, keys: ApiGatewayKeys
) -> None:
    key = keys.create("user-5", "counted")
    for _ in range(2):
        assert _get(cloud, key.value).status_code == 200
    # moto's HTTP server compiled its API Gateway routes before GetUsage could be added:
    # the local counts are read from the API server's gate.
    server = cloud._api_server
    assert server is not None
    assert server.api_keys is not None
    assert server.api_keys.ledger.used(key.key_id, datetime.now(UTC).date()) == 2
