"""Models of the events our Lambdas receive.

Handlers validate with `Model.model_validate(event)`: Powertools' parser did the same for
a plain model and cost a cold start about 50 ms to import. Each model builds its validator
on first use (`defer_build`): a function validates one or two of them, and building all at
import cost every cold start about 30 ms.
"""

from __future__ import annotations

import json
from typing import Literal
from urllib.parse import unquote_plus

from pydantic import BaseModel, ConfigDict, Field, field_validator

from chalicelib.keys import DocumentRef
from chalicelib.lanes import Lane


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True, defer_build=True)


class S3ObjectRef(_Lenient):
    """The object of an S3 notification; the key arrives URL-encoded (`+` for spaces)."""

    key: str
    size: int = 0
    e_tag: str | None = Field(None, alias="eTag")
    version_id: str | None = Field(None, alias="versionId")

    @field_validator("key")
    @classmethod
    def _decode_key(cls, value: str) -> str:
        return unquote_plus(value)


class S3BucketRef(_Lenient):
    """The bucket of an S3 notification."""

    name: str


class S3Entity(_Lenient):
    """The `s3` part of a notification record."""

    bucket: S3BucketRef
    object: S3ObjectRef


class S3NotificationRecord(_Lenient):
    """One record of an S3 event notification.

    Only the fields we use are required: moto's events lack `userIdentity`,
    `requestParameters` and `sequencer`, which AWS sends.
    """

    event_source: str = Field(alias="eventSource")
    event_name: str = Field(alias="eventName")
    s3: S3Entity


class S3Notification(_Lenient):
    """An S3 event notification as Lambda receives it."""

    records: list[S3NotificationRecord] = Field(alias="Records")


# The step handlers' correlation id: the one the run carries, else the document's id
# (a run started before ids were carried).
RUN_CORRELATION_ID_PATH = "correlation_id || document_id"


class RunInput(_Lenient):
    """What every task of the document pipeline receives."""

    document_id: str
    version: int = Field(ge=1)
    region: str
    correlation_id: str | None = Field(None, description="The upload request's; for the logs")
    lane: Lane = Field("default", description="Whose capacity the run's steps use")
    rerun: int = Field(0, ge=0, description="0 for a version's own run; k for its k-th re-analysis")

    @property
    def ref(self) -> DocumentRef:
        """The document version the run works on (and which re-analysis of it, if one)."""
        return DocumentRef(self.document_id, self.version, self.region, self.rerun)


class StatementStepInput(RunInput):
    """A statements-branch task's input: the run plus which of its steps to take."""

    step: Literal["recognize", "check", "report"]


class PageOcrInput(RunInput):
    """The per-page OCR function's input: one page of the Map state, or the join after it."""

    step: Literal["page", "join"]
    page: int | None = Field(None, ge=1, description="The page to recognise (step page)")


class HoldInput(RunInput):
    """Hold For Review's input: the run plus the token that resumes it."""

    task_token: str


class CaughtError(_Lenient):
    """The error a Catch put at `$.error`."""

    error: str = Field(alias="Error")
    cause: str = Field("", alias="Cause")


class FailureInput(RunInput):
    """Record Failure's input."""

    error: CaughtError


class ExecutionStatusDetail(_Lenient):
    """The detail of a "Step Functions Execution Status Change" event."""

    execution_arn: str = Field(alias="executionArn")
    status: str
    input: str | None = None
    error: str | None = None
    cause: str | None = None

    @property
    def correlation_id(self) -> str | None:
        """The correlation id the run's input carries, if it carries one."""
        try:
            payload = json.loads(self.input or "")
        except ValueError:
            return None
        value = payload.get("correlation_id") if isinstance(payload, dict) else None
        return value if isinstance(value, str) and value else None


class ExecutionStatusEvent(_Lenient):
    """An EventBridge "Step Functions Execution Status Change" event."""

    detail_type: str = Field(alias="detail-type")
    source: str
    detail: ExecutionStatusDetail


class FunctionUrlHttp(_Lenient):
    """The HTTP part of a Function URL request's context."""

    method: str


class FunctionUrlContext(_Lenient):
    """A Function URL request's context."""

    http: FunctionUrlHttp


class FunctionUrlRequest(_Lenient):
    """A request to a Function URL (Lambda's payload format 2.0)."""

    headers: dict[str, str] = Field(default_factory=dict)
    body: str = ""
    is_base64_encoded: bool = Field(False, alias="isBase64Encoded")
    request_context: FunctionUrlContext = Field(alias="requestContext")


class TelegramUpdateHandOff(_Lenient):
    """What the webhook hands the bot worker: one raw Telegram update."""

    update: dict[str, object]


class TelegramTarget(_Lenient):
    """Where a document's person is in Telegram."""

    chat_id: int
    message_id: int | None = None


class DocumentStatusDetail(_Lenient):
    """The detail of a "Document Status Changed" event (see services.status_events)."""

    document_id: str
    version: int
    status: str
    telegram: TelegramTarget | None = None


class DocumentStatusEvent(_Lenient):
    """A "Document Status Changed" event from the documents bus."""

    detail_type: str = Field(alias="detail-type")
    detail: DocumentStatusDetail


class RecognitionBusEvent(_Lenient):
    """An event off the recognition bus: a request (its detail read by the contract's rules,
    not here: a malformed one must still be answered), or the hand-off's result."""

    detail_type: str = Field(alias="detail-type")
    source: str = ""
    detail: object = None


class RecognitionAnswerEvent(_Lenient):
    """An answer on the recognition bus (`files.tabular_parsed`) for our recognition client.

    The detail stays a plain object: the client checks it against `recognitionResult-v1.0`
    itself and drops what fails, so a malformed answer is logged, never a failed invocation
    that Lambda would retry.
    """

    id: str
    source: str
    detail_type: str = Field(alias="detail-type")
    detail: object = None
