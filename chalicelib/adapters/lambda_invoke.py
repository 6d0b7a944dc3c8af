"""Hands a payload to another function asynchronously (Lambda's Event invocation)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import StorageUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_lambda import LambdaClient


class LambdaEventInvoker:
    """Queues one run of a function with a payload; Lambda runs it when it can."""

    def __init__(
        self,
        function_name: str,
        client: LambdaClient | None = None,
        *,
        unreachable: str = "The bot could not be reached",
    ) -> None:
        if not function_name:
            raise ValueError("name the function to hand payloads to")
        self._function = function_name
        self._unreachable = unreachable
        self._client: LambdaClient = client or boto3.client("lambda")

    def __call__(self, payload: dict[str, Any]) -> None:
        """Queue the run; raises when Lambda did not take it."""
        try:
            self._client.invoke(
                FunctionName=self._function,
                InvocationType="Event",
                Payload=json.dumps(payload).encode(),
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError(f"{self._unreachable}: {exc}") from exc
