"""Resuming runs that wait on a task token (`TaskTokens`), for the recognizer's poller."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import WorkflowUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_stepfunctions import SFNClient

# The token is spent or its wait is over: nobody waits for this answer any more.
_GONE = {"TaskTimedOut", "InvalidToken", "TaskDoesNotExist"}


class StepFunctionsTaskTokens:
    """SendTaskSuccess through Step Functions."""

    def __init__(self, client: SFNClient | None = None) -> None:
        self._client: SFNClient = client or boto3.client("stepfunctions")

    def send_success(self, token: str, output: dict[str, Any]) -> bool:
        """Resume the run with `output`; False when it no longer waits on `token`."""
        try:
            self._client.send_task_success(taskToken=token, output=json.dumps(output))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in _GONE:
                return False
            raise WorkflowUnavailableError from exc
        except BotoCoreError as exc:
            raise WorkflowUnavailableError from exc
        return True
