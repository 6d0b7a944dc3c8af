"""API keys and usage plans enforced by the local API server, as API Gateway does on AWS.

moto keeps API keys, usage plans and plan keys but enforces nothing on requests and
has no GetUsage. So for every route the Chalice app declares with `api_key_required=True`
the local server checks `x-api-key` against the plan's enabled keys in moto, applies the
plan's throttle (a token bucket per key) and quota, counts each admitted request per key
per day, and hands the key id to the app in `requestContext.identity.apiKeyId`. moto's
GetUsage is answered from those counts (`install_usage_reporting`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import boto3

from infra.localcloud.gateway import KeyRefused

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from chalice.app import Chalice
    from mypy_boto3_apigateway import APIGatewayClient

# What API Gateway answers a refused key with: the gateway response type and error type.
INVALID_API_KEY = ("INVALID_API_KEY", "ForbiddenException")
THROTTLED = ("THROTTLED", "TooManyRequestsException")
QUOTA_EXCEEDED = ("QUOTA_EXCEEDED", "LimitExceededException")


class UsageLedger:
    """Admitted requests per key per day (UTC): what GetUsage reports."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, date], int] = {}

    def record(self, key_id: str, day: date) -> None:
        """Count one request."""
        with self._lock:
            self._counts[key_id, day] = self._counts.get((key_id, day), 0) + 1

    def used(self, key_id: str, day: date) -> int:
        """Requests a key made on a day."""
        with self._lock:
            return self._counts.get((key_id, day), 0)

    def used_between(self, key_id: str, start: date, end: date) -> int:
        """Requests a key made from `start` to `end`, inclusive."""
        with self._lock:
            return sum(n for (k, d), n in self._counts.items() if k == key_id and start <= d <= end)

    def key_ids(self) -> set[str]:
        """Every key that made a request."""
        with self._lock:
            return {k for k, _ in self._counts}


class TokenBucket:
    """API Gateway's throttle: `burst` requests at once, refilled at `rate` per second."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._at = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one."""
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


def quota_period_start(period: str, today: date) -> date:
    """The first day of the quota period holding `today` (the plan's offset is not applied)."""
    if period == "DAY":
        return today
    if period == "WEEK":
        return today - timedelta(days=today.weekday())
    return today.replace(day=1)


class ApiKeyGate:
    """Admits or refuses requests to key-protected routes by the usage plan's keys and limits."""

    def __init__(
        self,
        app: Chalice,
        usage_plan_id: str,
        client: APIGatewayClient | None = None,
        *,
        today: Callable[[], date] = lambda: datetime.now(UTC).date(),
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.usage_plan_id = usage_plan_id
        self.ledger = UsageLedger()
        self._app = app
        self._client: APIGatewayClient = client or boto3.client("apigateway")
        self._today = today
        self._monotonic = monotonic
        self._buckets: dict[str, TokenBucket] = {}
        self._lock = threading.Lock()

    def requires_key(self, resource_path: str, method: str) -> bool:
        """True when the app declares this route with `api_key_required=True`."""
        entry = self._app.routes.get(resource_path, {}).get(method)
        return bool(entry is not None and entry.api_key_required)

    def admit(self, event: dict[str, Any]) -> None:
        """Check the request's key and limits; on success put the key id into the event."""
        context = event["requestContext"]
        if not self.requires_key(context["resourcePath"], context["httpMethod"]):
            return
        value = (event.get("headers") or {}).get("x-api-key")
        key_id = self._enabled_plan_key(value) if value else None
        if key_id is None:
            raise KeyRefused(*INVALID_API_KEY)
        plan = self._client.get_usage_plan(usagePlanId=self.usage_plan_id)
        today = self._today()
        # A spent quota is checked first: it is the lasting state, a throttle a passing one.
        quota = plan.get("quota")
        if quota:
            start = quota_period_start(quota["period"], today)
            if self.ledger.used_between(key_id, start, today) >= quota["limit"]:
                raise KeyRefused(*QUOTA_EXCEEDED)
        throttle = plan.get("throttle")
        if throttle and not self._take_token(key_id, throttle):
            raise KeyRefused(*THROTTLED)
        self.ledger.record(key_id, today)
        context.setdefault("identity", {}).update({"apiKey": value, "apiKeyId": key_id})

    def _enabled_plan_key(self, value: str) -> str | None:
        # Read from moto on every request: a key disabled a moment ago must be refused now.
        plan_keys = {
            k["id"]
            for page in self._client.get_paginator("get_usage_plan_keys").paginate(
                usagePlanId=self.usage_plan_id
            )
            for k in page.get("items", [])
        }
        for page in self._client.get_paginator("get_api_keys").paginate(includeValues=True):
            for key in page.get("items", []):
                if key.get("value") == value and key.get("enabled") and key["id"] in plan_keys:
                    return key["id"]
        return None

    def _take_token(self, key_id: str, throttle: Mapping[str, Any]) -> bool:
        rate, burst = float(throttle.get("rateLimit", 0)), int(throttle.get("burstLimit", 0))
        now = self._monotonic()
        with self._lock:
            bucket = self._buckets.get(key_id)
            if bucket is None or (bucket.rate, bucket.burst) != (rate, burst):
                bucket = self._buckets[key_id] = TokenBucket(rate, burst, now)
            return bucket.take(now)

    def usage_report(
        self, key_id: str | None, start: date, end: date, quota: dict[str, Any]
    ) -> dict[str, Any]:
        """GetUsage's answer from the ledger: per key, `[used, remaining]` for each day."""
        keys = [key_id] if key_id else sorted(self.ledger.key_ids())
        items: dict[str, list[list[int]]] = {}
        for key in keys:
            days = []
            for offset in range((end - start).days + 1):
                day = start + timedelta(days=offset)
                used = self.ledger.used(key, day)
                period_start = quota_period_start(quota.get("period", "MONTH"), day)
                spent = self.ledger.used_between(key, period_start, day)
                days.append([used, max(int(quota.get("limit", 0)) - spent, 0)])
            items[key] = days
        return {
            "usagePlanId": self.usage_plan_id,
            "startDate": start.isoformat(),
            "endDate": end.isoformat(),
            "values": items,  # GetUsage's wire name for what boto3 calls `items`
        }


def api_key_gate(app: Chalice) -> ApiKeyGate | None:
    """The gate for the deployment's partner plan (USAGE_PLAN_ID), or None without one."""
    # The local cloud puts the deployment's environment into this process.
    usage_plan_id = os.environ.get("USAGE_PLAN_ID", "")
    return ApiKeyGate(app, usage_plan_id) if usage_plan_id else None


# --- GetUsage for moto: answered from the gate's ledger ------------------------------

_reporting_lock = threading.Lock()
_gates: dict[str, ApiKeyGate] = {}
_USAGE_PATH = "{0}/usageplans/(?P<usage_plan_id>[^/]+)/usage$"


def _get_usage(response: Any) -> str:
    """moto's missing GetUsage (GET /usageplans/{id}/usage), from the ledger of that plan."""
    plan_id = response.path.split("/")[2]
    query = response.querystring
    gate = _gates.get(plan_id)
    start = date.fromisoformat(query["startDate"][0])
    end = date.fromisoformat(query["endDate"][0])
    key_id = query.get("keyId", [None])[0]
    if gate is None:
        return json.dumps({"usagePlanId": plan_id, "values": {}})
    quota = response.backend.get_usage_plan(plan_id).quota
    return json.dumps(gate.usage_report(key_id, start, end, quota))


def install_usage_reporting(gate: ApiKeyGate) -> None:
    """Answer moto's GetUsage for the gate's plan from its ledger.

    moto matches a request's URL against its url_paths on every in-process call; its HTTP
    server compiles them once, so server mode installs the route before that server starts
    (`install_get_usage_route`, called by `LocalCloud.start_server`).
    """
    with _reporting_lock:
        _gates[gate.usage_plan_id] = gate
    install_get_usage_route()


def install_get_usage_route() -> None:
    """Give moto a GetUsage route; the server mode calls this before moto's server starts,
    since that server compiles its routes once (a plan without a gate reports no usage)."""
    from moto.apigateway import urls
    from moto.apigateway.responses import APIGatewayResponse

    with _reporting_lock:
        setattr(APIGatewayResponse, "get_usage", _get_usage)  # noqa: B010  # moto lacks it
        urls.url_paths.setdefault(_USAGE_PATH, APIGatewayResponse.dispatch)


def uninstall_usage_reporting(gate: ApiKeyGate) -> None:
    """Forget the gate's plan; moto's GetUsage is unimplemented again when none is left."""
    with _reporting_lock:
        _gates.pop(gate.usage_plan_id, None)
    uninstall_get_usage_route()


def uninstall_get_usage_route() -> None:
    """Take the GetUsage route away again unless a gate still reports through it (a server
    mode's stop calls this: the next cloud of the process starts with moto as it comes)."""
    from moto.apigateway import urls
    from moto.apigateway.responses import APIGatewayResponse

    with _reporting_lock:
        if not _gates and hasattr(APIGatewayResponse, "get_usage"):
            delattr(APIGatewayResponse, "get_usage")
            urls.url_paths.pop(_USAGE_PATH, None)
