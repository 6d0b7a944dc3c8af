"""The hand-off's records: the command it starts from, its task, stages and outcome."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, get_args

# Where a task stands, as the active-tasks view shows it. The send path: received,
# checking_result (an earlier attempt's answer already there?), checking_smb (the share
# answers?), reading_source, sending_to_smb; then waiting_for_result. Each poll:
# discovering_result (listing Output/<task_id>/), reading_result, merging_result,
# uploading_result, cleaning_smb; the end: publishing_result. A storage failure moves the
# task to retrying_storage, a refused publish to retrying_publish.
Stage = Literal[
    "received",
    "checking_result",
    "checking_smb",
    "reading_source",
    "sending_to_smb",
    "discovering_result",
    "waiting_for_result",
    "merging_result",
    "reading_result",
    "uploading_result",
    "cleaning_smb",
    "publishing_result",
    "retrying_storage",
    "retrying_publish",
]
STAGES: tuple[str, ...] = get_args(Stage)

Status = Literal["ready", "timeout", "error"]
ErrorCode = Literal[
    "deadline_exceeded", "source_not_found", "invalid_source_json", "storage_unavailable"
]
# A task's record while it runs; then the status it ended with.
ACTIVE = "active"


@dataclass(frozen=True)
class RecognizerCommand:
    """The command in: recognizerCommand-v1.0 (validated against the schema before this)."""

    task_id: str
    file_id: str
    source_s3_key: str
    expires_at: str


@dataclass(frozen=True)
class LastError:
    """The latest failure of a task, kept across attempts until a later one replaces it."""

    stage: str
    type: str
    message: str
    location: str
    occurred_at: str

    def as_dict(self) -> dict[str, str]:
        """The record's fields."""
        return asdict(self)


@dataclass(frozen=True)
class Outcome:
    """How a hand-off ended, before it is published."""

    status: Status
    error_code: ErrorCode | None = None
    result_s3_key: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The task token's output / the state machine's `$.outcome`."""
        return {
            "status": self.status,
            "error_code": self.error_code,
            "result_s3_key": self.result_s3_key,
        }


@dataclass(frozen=True)
class RecognizerTask:
    """A hand-off task's record."""

    task_id: str
    job_id: str
    file_id: str
    source_s3_key: str
    expires_at: str
    received_at: str
    stage: Stage = "received"
    status: str = ACTIVE
    updated_at: str = ""
    task_token: str | None = None
    last_error: LastError | None = None
    storage_failures: int = 0
    result_s3_key: str | None = None
    error_code: str | None = None
    finished_at: str | None = None
    # A poll's outcome, kept before the share is cleaned: resent if the run was not resumed.
    outcome: dict[str, Any] | None = None

    @property
    def active(self) -> bool:
        """Whether the task still runs."""
        return self.status == ACTIVE
