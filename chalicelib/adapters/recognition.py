"""Adapters of recognition as a service: a request's file in any bucket, the hand-off's start."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.s3 import S3ObjectStore
from chalicelib.errors import WorkflowUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client
    from mypy_boto3_stepfunctions import SFNClient


class S3SourceFiles:
    """Reads a request's file from the bucket the request names, bounded like an upload."""

    def __init__(self, client: S3Client | None = None) -> None:
        self._client: S3Client = client or boto3.client("s3")

    def read(self, bucket: str, key: str, *, max_bytes: int) -> bytes:
        """The object's bytes (the documents bucket's adapter's errors, for any bucket)."""
        return S3ObjectStore(bucket, self._client).get_bytes(key, max_bytes=max_bytes)


class StepFunctionsRecognizerHandoff:
    """Starts the external recognizer's hand-off: one execution per task, named by it."""

    def __init__(self, state_machine_arn: str, client: SFNClient | None = None) -> None:
        self._arn = state_machine_arn
        self._client: SFNClient = client or boto3.client("stepfunctions")

    def start(self, command: dict[str, str], job_id: str) -> None:
        """StartExecution with `{"command": …, "job_id": …}`; an existing execution is fine."""
        try:
            self._client.start_execution(
                stateMachineArn=self._arn,
                name=command["task_id"],
                input=json.dumps({"command": command, "job_id": job_id}),
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ExecutionAlreadyExists":
                return  # this task was started by an earlier delivery of the same request
            raise WorkflowUnavailableError(f"The hand-off did not start: {exc}") from exc
        except BotoCoreError as exc:
            raise WorkflowUnavailableError(f"The hand-off did not start: {exc}") from exc
