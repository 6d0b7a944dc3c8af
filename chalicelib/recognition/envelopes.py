"""The envelopes of recognition as a service: requests in, acks and results out.

The schemas are `recognitionRequest-v1.0` and `recognitionResult-v1.0` in
`chalicelib/contracts/schemas` (the one source: the API serves them, the tests validate the
examples against them). This module reads a request by those rules and builds the answers:

- A request that passes its schema is a `Request`; the message id it must carry is
  `<job_id>:<attempt>`, and its subject (the event's detail-type) must be its pipeline's.
- One that fails but still names a valid `job_id` and `file_id` is `Refused`: answered with an
  error SCHEMA_MISMATCH (no ack); without both ids it is `Unanswerable`: logged and dropped,
  since no answer could name the job it is about.
- Another MAJOR version (`2.0`) is refused with SCHEMA_MISMATCH before the schema is looked at;
  a later MINOR (`1.4`) is read with the 1.0 rules, its unknown fields ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, TypeGuard

from chalicelib.contracts import ResultContractViolationError, validate_against

SCHEMA_VERSION = "1.0"
REQUEST_SCHEMA = "recognitionRequest-v1.0"
RESULT_SCHEMA = "recognitionResult-v1.0"

# Subjects are EventBridge detail-types.
TABULAR_UPLOADED = "files.tabular_uploaded"
IMG_UPLOADED = "files.img_uploaded"
TABULAR_PARSED = "files.tabular_parsed"
SUBJECT_OF_PIPELINE = {"tabular": TABULAR_UPLOADED, "image": IMG_UPLOADED}
REQUEST_SUBJECTS = frozenset(SUBJECT_OF_PIPELINE.values())

# The `source` of what we publish: our recognition service's answers, and the hand-off to an
# external recognizer's results (the same subject, another shape).
SOURCE_RECOGNITION = "contract-check.recognition"
SOURCE_FILE_WORKER = "contract-check.file-worker"

# The event's detail carries its message id here, beside the envelope's fields.
MSG_ID_FIELD = "msg_id"

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_VERSION = re.compile(r"(\d{1,9})\.(\d{1,9})")
_MAX_MESSAGE = 2000


class ErrorCode(StrEnum):
    """The error codes of a result envelope (and nothing else may be sent)."""

    UNSUPPORTED_FORMAT = "UNSUPPORTED_FORMAT"
    UNREADABLE = "UNREADABLE"
    TIMEOUT = "TIMEOUT"
    SCHEMA_MISMATCH = "SCHEMA_MISMATCH"
    NOT_IMPLEMENTED = "NOT_IMPLEMENTED"
    FILE_READ_ERROR = "FILE_READ_ERROR"
    INVALID_FORMAT = "INVALID_FORMAT"
    INVALID_DOCUMENT = "INVALID_DOCUMENT"
    RECOGNITION_FAILED = "RECOGNITION_FAILED"
    UNKNOWN_ERROR = "UNKNOWN_ERROR"


class Status(StrEnum):
    """A result envelope's status: `processing` is the ack."""

    PROCESSING = "processing"
    DONE = "done"
    NEEDS_CHECK = "needs_check"
    ERROR = "error"


def request_msg_id(job_id: str, attempt: int) -> str:
    """A request's message id: `<job_id>:<attempt>`."""
    return f"{job_id}:{attempt}"


def ack_msg_id(job_id: str, attempt: int) -> str:
    """An ack's message id: `ack:<job_id>:<attempt>`."""
    return f"ack:{job_id}:{attempt}"


def result_msg_id(job_id: str, attempt: int) -> str:
    """A result's message id: `result:<job_id>:<attempt>`."""
    return f"result:{job_id}:{attempt}"


def is_uuid(value: object) -> TypeGuard[str]:
    """Whether `value` is a uuid written the usual way (36 characters, hyphens)."""
    return isinstance(value, str) and _UUID.fullmatch(value) is not None


def utc_text(moment: datetime) -> str:
    """An instant as the envelopes write it: UTC, seconds, `Z`."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Request:
    """A request that passed its schema and its rules."""

    msg_id: str
    schema_version: str
    job_id: str
    file_id: str
    pipeline: str
    file_type: str
    original_name: str
    bucket: str
    key: str
    reply_deadline: datetime
    attempt: int

    @property
    def subject(self) -> str:
        """The detail-type the request came under."""
        return SUBJECT_OF_PIPELINE[self.pipeline]


@dataclass(frozen=True)
class Refused:
    """A request that failed, but names its job: answered with SCHEMA_MISMATCH, never acked."""

    job_id: str
    file_id: str
    attempt: int
    message: str


@dataclass(frozen=True)
class Unanswerable:
    """A request no answer could name (no valid `job_id` and `file_id`): logged, dropped."""

    reason: str
    job_id: str | None = None


def read_request(subject: str, detail: object) -> Request | Refused | Unanswerable:
    """Read one request by the rules of the module's docstring."""
    if not isinstance(detail, dict):
        return Unanswerable("the event's detail is not a JSON object")
    job_id, file_id = detail.get("job_id"), detail.get("file_id")
    if not is_uuid(job_id):
        return Unanswerable("no valid job_id")
    if not is_uuid(file_id):
        return Unanswerable("no valid file_id: an answer could not name the file", job_id)
    attempt = detail.get("attempt")
    attempt = attempt if isinstance(attempt, int) and not isinstance(attempt, bool) else 1
    attempt = max(attempt, 1)
    problem = _problem(subject, detail, request_msg_id(job_id, attempt))
    if problem is not None:
        return Refused(job_id, file_id, attempt, problem[:_MAX_MESSAGE])
    return Request(
        msg_id=request_msg_id(job_id, attempt),
        schema_version=str(detail["schema_version"]),
        job_id=job_id,
        file_id=file_id,
        pipeline=str(detail["pipeline"]),
        file_type=str(detail["file_type"]),
        original_name=str(detail["original_name"]),
        bucket=str(detail["s3"]["bucket"]),
        key=str(detail["s3"]["key"]),
        reply_deadline=datetime.fromisoformat(str(detail["reply_deadline"])).astimezone(UTC),
        attempt=attempt,
    )


def _problem(subject: str, detail: dict[str, Any], expected_msg_id: str) -> str | None:
    """Why a request that names its job is refused, or None when it is not."""
    version = detail.get("schema_version")
    matched = _VERSION.fullmatch(version) if isinstance(version, str) else None
    if matched is None:
        return f"schema_version {version!r} is not a MAJOR.MINOR version."
    if matched.group(1) != "1":
        return f"schema_version {version}: this service reads 1.x requests only (MAJOR 1)."
    try:
        validate_against(REQUEST_SCHEMA, detail)
    except ResultContractViolationError as exc:
        return str(exc).replace("result file", "request")
    if detail[MSG_ID_FIELD] != expected_msg_id:
        return f"msg_id {detail[MSG_ID_FIELD]!r} is not <job_id>:<attempt> ({expected_msg_id})."
    pipeline = str(detail["pipeline"])
    if subject != SUBJECT_OF_PIPELINE[pipeline]:
        return f"A {pipeline} request must come as {SUBJECT_OF_PIPELINE[pipeline]}, not {subject}."
    return None


@dataclass(frozen=True)
class Service:
    """Who answers: `service {name, version}` of every answer."""

    name: str
    version: str


def _answer(
    msg_id: str,
    *,
    job_id: str,
    file_id: str,
    attempt: int,
    status: Status,
    service: Service,
    now: datetime,
) -> dict[str, Any]:
    return {
        MSG_ID_FIELD: msg_id,
        "schema_version": SCHEMA_VERSION,
        "job_id": job_id,
        "file_id": file_id,
        "attempt": attempt,
        "status": status.value,
        "service": {"name": service.name, "version": service.version},
        "published_at": utc_text(now),
    }


def ack(request: Request, service: Service, now: datetime) -> dict[str, Any]:
    """The ack of a valid request: `processing`, sent before the file is read."""
    return _answer(
        ack_msg_id(request.job_id, request.attempt),
        job_id=request.job_id,
        file_id=request.file_id,
        attempt=request.attempt,
        status=Status.PROCESSING,
        service=service,
        now=now,
    )


def result(
    job_id: str,
    file_id: str,
    attempt: int,
    *,
    service: Service,
    now: datetime,
    bucket: str,
    key: str,
    result_schema_version: str,
    needs_check: bool = False,
    raw_s3_key: str | None = None,
    metrics: dict[str, float | int | str | bool | None] | None = None,
) -> dict[str, Any]:
    """A result with its file: `done`, or `needs_check` when a person should look."""
    status = Status.NEEDS_CHECK if needs_check else Status.DONE
    answer = _answer(
        result_msg_id(job_id, attempt),
        job_id=job_id,
        file_id=file_id,
        attempt=attempt,
        status=status,
        service=service,
        now=now,
    )
    answer["result_s3"] = {"bucket": bucket, "key": key}
    answer["result_schema_version"] = result_schema_version
    if raw_s3_key:
        answer["raw_s3_key"] = raw_s3_key
    if metrics:
        answer["metrics"] = dict(metrics)
    return answer


def error(
    job_id: str,
    file_id: str,
    attempt: int,
    code: ErrorCode,
    message: str,
    *,
    service: Service,
    now: datetime,
    raw_s3_key: str | None = None,
    metrics: dict[str, float | int | str | bool | None] | None = None,
) -> dict[str, Any]:
    """A result that failed: `error {code, message}`."""
    answer = _answer(
        result_msg_id(job_id, attempt),
        job_id=job_id,
        file_id=file_id,
        attempt=attempt,
        status=Status.ERROR,
        service=service,
        now=now,
    )
    answer["error"] = {"code": code.value, "message": (message or code.value)[:_MAX_MESSAGE]}
    if raw_s3_key:
        answer["raw_s3_key"] = raw_s3_key
    if metrics:
        answer["metrics"] = dict(metrics)
    return answer


def refusal(refused: Refused, service: Service, now: datetime) -> dict[str, Any]:
    """The SCHEMA_MISMATCH answer to a refused request."""
    return error(
        refused.job_id,
        refused.file_id,
        refused.attempt,
        ErrorCode.SCHEMA_MISMATCH,
        refused.message,
        service=service,
        now=now,
    )


def check_answer(detail: dict[str, Any]) -> None:
    """Check an answer against its schema (ResultContractViolationError lists what fails).

    Every answer is checked before it is published: one that does not match is our bug, and
    must not reach another system as if it were the contract.
    """
    validate_against(RESULT_SCHEMA, detail)
