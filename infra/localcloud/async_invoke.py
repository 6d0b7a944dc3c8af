"""Asynchronous invocation semantics: retries, then the on-failure destination.

On AWS, S3 and EventBridge invoke a function asynchronously: Lambda retries a
failed run (MaximumRetryAttempts, 2 by default) and then sends a record to the
function's on-failure destination. moto calls S3 targets synchronously and
forgets the error, so the local cloud applies these rules itself.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import boto3

if TYPE_CHECKING:
    from collections.abc import Callable

    from infra.localcloud.deployment import Deployment
    from infra.localcloud.runtime import InvocationResult

DEFAULT_ASYNC_RETRIES = 2  # Lambda's default when a function has no EventInvokeConfig


def is_async_source(event: Any) -> bool:
    """Whether moto delivers this event where AWS would invoke asynchronously (S3)."""
    if not isinstance(event, dict):
        return False
    records = event.get("Records")
    return bool(records) and isinstance(records, list) and records[0].get("eventSource") == "aws:s3"


def failure_record(
    function_arn: str, event: Any, result: InvocationResult, attempts: int
) -> dict[str, Any]:
    """The record Lambda sends to an on-failure destination when retries run out."""
    now = datetime.now(UTC)
    return {
        "version": "1.0",
        "timestamp": now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z",
        "requestContext": {
            "requestId": result.request_id,
            "functionArn": f"{function_arn}:$LATEST",
            "condition": "RetriesExhausted",
            "approximateInvokeCount": attempts,
        },
        "requestPayload": event,
        "responseContext": {
            "statusCode": 200,
            "executedVersion": "$LATEST",
            "functionError": "Unhandled",
        },
        "responsePayload": result.payload,
    }


class AsyncInvoker:
    """Runs a function the way Lambda's asynchronous invocation does."""

    def __init__(self, deployment: Deployment, run: Callable[[str, Any], InvocationResult]) -> None:
        self._deployment = deployment
        self._run = run
        self._sqs: Any = None

    def invoke(self, logical_id: str, event: Any) -> InvocationResult:
        """Run, retry on error, and send the failure to the destination when retries run out."""
        function = self._deployment.functions[logical_id]
        retries = function.max_retry_attempts
        attempts = 1 + (DEFAULT_ASYNC_RETRIES if retries is None else retries)
        for _ in range(attempts):
            result = self._run(logical_id, event)
            if not result.errored:
                return result
        if function.on_failure_arn:
            record = failure_record(function.arn, event, result, attempts)
            self._send(function.on_failure_arn, record)
        return result

    def _send(self, destination_arn: str, record: dict[str, Any]) -> None:
        if ":sqs:" not in destination_arn:
            raise NotImplementedError(f"on-failure destination {destination_arn} is not SQS")
        queue_url = next(
            self._deployment.queues[lid]
            for lid, arn in self._deployment.queue_arns.items()
            if arn == destination_arn
        )
        if self._sqs is None:
            self._sqs = boto3.client("sqs", region_name=self._deployment.region)
        self._sqs.send_message(QueueUrl=queue_url, MessageBody=json.dumps(record))
