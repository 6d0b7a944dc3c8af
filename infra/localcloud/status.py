"""`contract-check local status`: what a running local cloud is doing, as an operator asks.

Runs in flight, the failed runs with Step Functions' error and cause, and the depth of each
queue (the Extract dead-letter queue above all), read from the cloud that `local up` (or
`demo --keep`) left its session for.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

FAILED_SHOWN = 10
EXIT_OK, EXIT_INFRA = 0, 2


def read_status(machine: str, queues: dict[str, str]) -> dict[str, Any]:
    """Runs in flight, failed runs and queue depths (boto3 follows AWS_ENDPOINT_URL)."""
    import boto3

    sfn = boto3.client("stepfunctions")
    running = sfn.list_executions(stateMachineArn=machine, statusFilter="RUNNING")["executions"]
    failed = sfn.list_executions(stateMachineArn=machine, statusFilter="FAILED")["executions"]
    failures = []
    for execution in failed[:FAILED_SHOWN]:
        described = sfn.describe_execution(executionArn=execution["executionArn"])
        failures.append(
            {
                "name": execution["name"],
                "error": described.get("error", ""),
                "cause": (described.get("cause") or "")[:160],
            }
        )
    sqs = boto3.client("sqs")
    depths = {}
    for logical_id, url in sorted(queues.items()):
        attributes = sqs.get_queue_attributes(
            QueueUrl=url, AttributeNames=["ApproximateNumberOfMessages"]
        )["Attributes"]
        depths[logical_id] = int(attributes.get("ApproximateNumberOfMessages", 0))
    return {
        "running": [e["name"] for e in running],
        "failed": failures,
        "failed_total": len(failed),
        "queues": depths,
    }


def render_status(status: dict[str, Any]) -> str:
    """The status as an operator reads it."""
    lines = [f"runs in flight: {len(status['running'])}"]
    lines += [f"  {name}" for name in status["running"]]
    lines.append(f"failed runs: {status['failed_total']}")
    for failure in status["failed"]:
        lines.append(f"  {failure['name']}: {failure['error']}  {failure['cause']}".rstrip())
    if status["failed_total"] > len(status["failed"]):
        lines.append(f"  … and {status['failed_total'] - len(status['failed'])} more")
    lines.append("queues (messages waiting):")
    lines += [f"  {name}: {depth}" for name, depth in status["queues"].items()]
    return "\n".join(lines)


def run_status(session_file: Path, *, as_json: bool = False) -> int:
    """Print the running local cloud's status; 2 when no local cloud is running."""
    if not session_file.is_file():
        print("no running local cloud: start `contract-check local up` first", file=sys.stderr)
        return EXIT_INFRA
    session = json.loads(session_file.read_text())
    os.environ.update(session["environment"])
    try:
        status = read_status(session["environment"]["STATE_MACHINE_ARN"], session.get("queues", {}))
    except Exception as exc:  # noqa: BLE001  # a cloud that went away is an infrastructure error
        print(f"the local cloud did not answer: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INFRA
    print(json.dumps(status, indent=2) if as_json else render_status(status))
    return EXIT_OK
