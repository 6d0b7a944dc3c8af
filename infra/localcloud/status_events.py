"""EventBridge deliveries moto cannot make: execution status changes and schedules.

moto emits no "Step Functions Execution Status Change" events and cannot
target Lambda, so the local cloud polls the executions, builds the event AWS
would send, matches it against the template's rules and invokes their targets.
"""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from infra.localcloud.deployment import Deployment

STATUS_CHANGE = "Step Functions Execution Status Change"
TERMINAL_STATUSES = frozenset({"SUCCEEDED", "FAILED", "TIMED_OUT", "ABORTED"})


def _matches_value(rule: Any, value: Any) -> bool:
    if isinstance(rule, dict):
        if "prefix" in rule:
            return isinstance(value, str) and value.startswith(rule["prefix"])
        if "exists" in rule:
            return (value is not None) == bool(rule["exists"])
        if "anything-but" in rule:
            excluded = rule["anything-but"]
            excluded = excluded if isinstance(excluded, list) else [excluded]
            return value is not None and value not in excluded
        raise NotImplementedError(f"event pattern operator {rule} is not supported locally")
    return bool(value == rule)


def matches_pattern(pattern: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether an event matches an EventBridge event pattern (values, prefix, exists)."""
    for key, rule in pattern.items():
        value = event.get(key) if isinstance(event, dict) else None
        if isinstance(rule, dict):
            if not matches_pattern(rule, value or {}):
                return False
            continue
        values = value if isinstance(value, list) else [value]
        if not any(_matches_value(r, v) for r in rule for v in values):
            return False
    return True


def _millis(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def status_change_event(execution: dict[str, Any], region: str, account: str) -> dict[str, Any]:
    """The event Step Functions sends to EventBridge for an execution's status."""
    status = execution["status"]
    stop = execution.get("stopDate")
    redrivable = status in ("FAILED", "TIMED_OUT", "ABORTED")
    return {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": STATUS_CHANGE,
        "source": "aws.states",
        "account": account,
        "time": _iso(stop or execution["startDate"]),
        "region": region,
        "resources": [execution["executionArn"]],
        "detail": {
            "executionArn": execution["executionArn"],
            "stateMachineArn": execution["stateMachineArn"],
            "name": execution["name"],
            "status": status,
            "startDate": _millis(execution["startDate"]),
            "stopDate": _millis(stop),
            "input": execution.get("input"),
            "output": execution.get("output"),
            "inputDetails": {"included": True},
            "outputDetails": {"included": True} if "output" in execution else None,
            "error": execution.get("error"),
            "cause": execution.get("cause"),
            "redriveCount": 0,
            "redriveDate": None,
            "redriveStatus": "REDRIVABLE" if redrivable else "NOT_REDRIVABLE",
            "redriveStatusReason": None if redrivable else f"Execution is {status}",
        },
    }


def scheduled_event(rule_arn: str, region: str, account: str) -> dict[str, Any]:
    """The event EventBridge Scheduler's classic rules send to a scheduled target."""
    return {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Scheduled Event",
        "source": "aws.events",
        "account": account,
        "time": _iso(datetime.now(UTC)),
        "region": region,
        "resources": [rule_arn],
        "detail": {},
    }


class StatusEventDelivery:
    """Polls executions and delivers each status change once to the matching rules' targets."""

    def __init__(
        self,
        deployment: Deployment,
        sfn_client: Callable[[], Any],
        deliver: Callable[[str, dict[str, Any]], object],
    ) -> None:
        self._deployment = deployment
        self._sfn = sfn_client
        self._deliver = deliver
        self._seen: set[tuple[str, str]] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_error: Exception | None = None  # the background watcher's, for diagnosis

    def deliver_pending(self) -> list[dict[str, Any]]:
        """Deliver every status change not yet delivered; the events that matched a rule."""
        delivered: list[dict[str, Any]] = []
        with self._lock:
            for execution in self._executions():
                for status in ("RUNNING", execution["status"]):
                    key = (execution["executionArn"], status)
                    if key in self._seen:
                        continue
                    self._seen.add(key)
                    event = self._event({**execution, "status": status})
                    if self._route(event):
                        delivered.append(event)
        return delivered

    def _event(self, execution: dict[str, Any]) -> dict[str, Any]:
        if execution["status"] == "RUNNING":
            execution = {k: v for k, v in execution.items() if k not in ("stopDate", "output")}
        d = self._deployment
        return status_change_event(execution, d.region, d.account_id)

    def _executions(self) -> Iterator[dict[str, Any]]:
        sfn = self._sfn()
        for arn in self._deployment.state_machines.values():
            for page in sfn.get_paginator("list_executions").paginate(stateMachineArn=arn):
                for item in page["executions"]:
                    arn_status = {(item["executionArn"], s) for s in ("RUNNING", item["status"])}
                    if not arn_status <= self._seen:
                        yield sfn.describe_execution(executionArn=item["executionArn"])

    def _route(self, event: dict[str, Any]) -> bool:
        matched = False
        for rule in self._deployment.rules.values():
            if rule.event_pattern and matches_pattern(rule.event_pattern, event):
                matched = True
                for logical_id in rule.target_function_ids:
                    self._deliver(logical_id, event)
        return matched

    def start_watching(self, interval: float = 0.25) -> None:
        """Deliver in the background, as EventBridge would, until `stop_watching`."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._watch, args=(interval,), name="status-events", daemon=True
        )
        self._thread.start()

    def stop_watching(self) -> None:
        """Stop the background delivery."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _watch(self, interval: float) -> None:
        while not self._stop.wait(interval):
            try:
                self.deliver_pending()
            except Exception as exc:  # noqa: BLE001  # keep watching; the next poll retries
                self.last_error = exc
