"""Test-only handlers that stand in for the project's, to test the local cloud itself.

They record what they were called with in CALLS, so a test can read the events
and contexts the local cloud built.
"""

from __future__ import annotations

import json
import os
import threading
from collections import defaultdict
from typing import Any

import boto3

CALLS: dict[str, list[tuple[Any, Any]]] = defaultdict(list)
_lock = threading.Lock()


class LlmRateLimitedError(Exception):
    """Stands in for a retryable domain error: the ASL retries it by name."""


class UnreadableDocumentError(Exception):
    """Stands in for a terminal domain error: the ASL catches it by name."""


def _record(name: str, event: Any, context: Any) -> None:
    with _lock:
        CALLS[name].append((event, context))


def extract(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Start one execution per uploaded key; raise for keys containing "broken"."""
    _record("extract", event, context)
    key = event["Records"][0]["s3"]["object"]["key"]
    if "broken" in key:
        raise UnreadableDocumentError(f"cannot read {key}")
    name = key.replace("%2F", "/").split("/")[2]
    boto3.client("stepfunctions").start_execution(
        stateMachineArn=os.environ["STATE_MACHINE_ARN"], name=name, input=json.dumps({"key": key})
    )
    return {"started": name}


def prescreen(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Route by the input's "route"; fail as the input says."""
    _record("prescreen", event, context)
    if event.get("fail") == "terminal":
        raise UnreadableDocumentError("no text")
    if event.get("fail") == "retryable" and len(CALLS["prescreen"]) < 3:
        raise LlmRateLimitedError("429")
    return {"route": event.get("route", "analyze")}


def record(name: str) -> Any:
    """A handler that records its calls and returns its event."""

    def handler(event: Any, context: Any) -> Any:
        _record(name, event, context)
        return event

    return handler


def not_serializable(event: Any, context: Any) -> Any:
    """Returns what the Lambda runtime cannot serialize."""
    return {"when": object()}
