"""Step Functions adapter for the document pipeline."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import DocumentStateConflictError, WorkflowUnavailableError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from mypy_boto3_stepfunctions import SFNClient


def execution_arn(state_machine_arn: str, name: str) -> str:
    """The ARN a run of this state machine with this name has."""
    prefix, _, machine = state_machine_arn.rpartition(":stateMachine:")
    return f"{prefix}:execution:{machine}:{name}"


class StepFunctionsWorkflow:
    """Runs of the document pipeline."""

    def __init__(self, state_machine_arn: str, client: SFNClient | None = None) -> None:
        self._arn = state_machine_arn
        self._client: SFNClient = client or boto3.client("stepfunctions")

    def start(self, name: str, payload: Mapping[str, Any]) -> str:
        """Start a run named `name` once; a second call returns the same run's ARN."""
        try:
            resp = self._client.start_execution(
                stateMachineArn=self._arn, name=name, input=json.dumps(payload)
            )
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "ExecutionAlreadyExists":
                return execution_arn(self._arn, name)
            raise WorkflowUnavailableError from exc
        except BotoCoreError as exc:
            raise WorkflowUnavailableError from exc
        return resp["executionArn"]

    def is_running(self, name: str) -> bool:
        """Whether the run named `name` is still running (False: ended, or never started)."""
        try:
            resp = self._client.describe_execution(executionArn=execution_arn(self._arn, name))
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "ExecutionDoesNotExist":
                return False
            raise WorkflowUnavailableError from exc
        except BotoCoreError as exc:
            raise WorkflowUnavailableError from exc
        return resp["status"] == "RUNNING"

    def failed_runs(self, limit: int) -> list[dict[str, Any]]:
        """The newest failed runs with the error and cause Step Functions recorded."""
        try:
            executions = self._client.list_executions(
                stateMachineArn=self._arn, statusFilter="FAILED", maxResults=limit
            )["executions"]
            runs = []
            for execution in executions:
                detail = self._client.describe_execution(executionArn=execution["executionArn"])
                runs.append(
                    {
                        "execution_arn": execution["executionArn"],
                        "name": execution["name"],
                        "started_at": execution["startDate"].isoformat(),
                        "stopped_at": detail["stopDate"].isoformat()
                        if detail.get("stopDate")
                        else None,
                        "error": detail.get("error"),
                        "cause": detail.get("cause"),
                    }
                )
        except (ClientError, BotoCoreError) as exc:
            raise WorkflowUnavailableError from exc
        return runs

    def redrive(self, arn: str) -> None:
        """Redrive a failed run from its failed step (the same execution continues)."""
        try:
            self._client.redrive_execution(executionArn=arn)
        except self._client.exceptions.ExecutionNotRedrivable as exc:
            raise DocumentStateConflictError("This run cannot be redriven.") from exc
        except (ClientError, BotoCoreError) as exc:
            raise WorkflowUnavailableError from exc

    def send_task_success(self, token: str, output: Mapping[str, Any]) -> None:
        """Resume a run waiting on `token`."""
        try:
            self._client.send_task_success(taskToken=token, output=json.dumps(output))
        except (ClientError, BotoCoreError) as exc:
            raise WorkflowUnavailableError from exc
