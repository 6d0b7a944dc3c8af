"""EventBridge deliveries moto cannot make: execution status changes and schedules.

moto emits no "Step Functions Execution Status Change" events and cannot
target Lambda, so the local cloud polls the executions, builds the event AWS
would send, matches it against the template's rules and invokes their targets.
`matches_pattern` is also what routes events put on any bus (event_bus.py).
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from infra.localcloud.deployment import Deployment

STATUS_CHANGE = "Step Functions Execution Status Change"
TERMINAL_STATUSES = frozenset({"SUCCEEDED", "FAILED", "TIMED_OUT", "ABORTED"})


_MISSING = object()  # a key the event does not have (unlike a key whose value is null)

_NUMERIC_OPERATORS: dict[str, Callable[[float, float], bool]] = {
    "=": lambda a, b: a == b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _equals(rule: Any, value: Any) -> bool:
    # JSON's true is not 1, though Python's True == 1.
    if isinstance(rule, bool) or isinstance(value, bool):
        return isinstance(rule, bool) and isinstance(value, bool) and rule == value
    if _is_number(rule) and _is_number(value):
        return float(rule) == float(value)
    return type(rule) is type(value) and bool(rule == value)


def _numeric(conditions: list[Any], value: Any) -> bool:
    if not _is_number(value):
        return False
    pairs = zip(conditions[::2], conditions[1::2], strict=True)
    return all(_NUMERIC_OPERATORS[op](float(value), float(bound)) for op, bound in pairs)


def _wildcard(pattern: str, value: Any) -> bool:
    if not isinstance(value, str):
        return False
    regex = ".*".join(re.escape(part) for part in pattern.split("*"))
    return re.fullmatch(regex, value, flags=re.DOTALL) is not None


def _string_test(rule: Any, value: Any, test: Callable[[str, str], bool]) -> bool:
    # prefix/suffix take a string, or {"equals-ignore-case": string} to ignore case.
    if not isinstance(value, str):
        return False
    if isinstance(rule, dict):
        expected = str(rule["equals-ignore-case"])
        return test(value.casefold(), expected.casefold())
    return test(value, str(rule))


def _anything_but(excluded: Any, value: Any) -> bool:
    if value is _MISSING:
        return False
    if isinstance(excluded, dict):
        return not _matches_value(excluded, value)
    excluded = excluded if isinstance(excluded, list) else [excluded]
    return not any(_equals(e, value) for e in excluded)


def _matches_value(rule: Any, value: Any) -> bool:
    """Whether one leaf value matches one element of a pattern's list."""
    if not isinstance(rule, dict):
        return value is not _MISSING and _equals(rule, value)
    if "exists" in rule:
        # EventBridge's exists looks at leaves: an object-valued field does not "exist".
        present = value is not _MISSING and not isinstance(value, dict)
        return present == bool(rule["exists"])
    if value is _MISSING:
        return False
    (operator, argument), *more = rule.items()
    if more:
        raise NotImplementedError(f"event pattern operator {rule} is not supported locally")
    tests: dict[str, Callable[[Any, Any], bool]] = {
        "prefix": lambda arg, v: _string_test(arg, v, str.startswith),
        "suffix": lambda arg, v: _string_test(arg, v, str.endswith),
        "equals-ignore-case": lambda arg, v: (
            isinstance(v, str) and v.casefold() == str(arg).casefold()
        ),
        "anything-but": _anything_but,
        "numeric": _numeric,
        "wildcard": _wildcard,
    }
    if operator not in tests:
        raise NotImplementedError(f"event pattern operator {rule} is not supported locally")
    return tests[operator](argument, value)


def matches_pattern(pattern: dict[str, Any], event: Any) -> bool:
    """Whether an event matches an EventBridge event pattern.

    Supports exact values (strings, numbers, booleans, null), nested objects, arrays in
    the event (any element may match), `$or`, and the operators prefix, suffix,
    equals-ignore-case, anything-but, exists, numeric and wildcard (not cidr).
    """
    for key, rule in pattern.items():
        if key == "$or":
            if not any(matches_pattern(branch, event) for branch in rule):
                return False
            continue
        value = event.get(key, _MISSING) if isinstance(event, dict) else _MISSING
        if isinstance(rule, dict):
            # A missing or non-object value still matches a nested {"exists": false}.
            if not matches_pattern(rule, value if isinstance(value, dict) else {}):
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
    """Polls executions and delivers each status change once to the matching rules' targets.

    Only rules on the default bus see these events, as on AWS. `deliver` starts an
    asynchronous invocation and returns an event set when it has finished; the
    deliveries of each execution are kept, so whoever waits for an execution waits
    for them too, whichever thread (the watcher's or a test's) delivered them.
    """

    def __init__(
        self,
        deployment: Deployment,
        sfn_client: Callable[[], Any],
        deliver: Callable[[str, dict[str, Any]], threading.Event | None],
        busy: Callable[[], contextlib.AbstractContextManager[object]] = contextlib.nullcontext,
    ) -> None:
        self._deployment = deployment
        self._sfn = sfn_client
        self._deliver = deliver
        self._busy = busy
        self._seen: set[tuple[str, str]] = set()
        self._deliveries: dict[str, list[threading.Event]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_error: Exception | None = None  # the background watcher's, for diagnosis

    def deliver_pending(self) -> list[dict[str, Any]]:
        """Start delivering every status change not yet delivered; the events that matched.

        The targets run in the background: `wait_for_deliveries` waits for them.
        """
        delivered: list[dict[str, Any]] = []
        # Busy while polling: a drain must not end between a change being seen and delivered.
        with self._busy(), self._lock:
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

    def wait_for_deliveries(self, execution_arn: str, timeout: float = 30.0) -> None:
        """Wait until the targets of this execution's delivered status changes have run."""
        with self._lock:
            pending = list(self._deliveries.get(execution_arn, ()))
        deadline = time.monotonic() + timeout
        for done in pending:
            if not done.wait(max(0.0, deadline - time.monotonic())):
                raise TimeoutError(
                    f"status events of {execution_arn} still being delivered after {timeout} s"
                )

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
        execution_arn = event["detail"]["executionArn"]
        for rule in self._deployment.rules.values():
            if rule.event_bus_name != "default" or rule.state != "ENABLED":
                continue
            if rule.event_pattern and matches_pattern(rule.event_pattern, event):
                matched = True
                for logical_id in rule.target_function_ids:
                    done = self._deliver(logical_id, event)
                    if done is not None:
                        self._deliveries.setdefault(execution_arn, []).append(done)
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
