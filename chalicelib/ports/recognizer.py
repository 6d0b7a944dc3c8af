"""Ports of the hand-off to an external recognizer: the shared folder and the task records.

The share is a folder both sides can reach (an S3 prefix by default, an SMB share in the
real deployment): we put the source in `Input/`, the recognizer writes `Output/<task_id>/`.
Paths are relative to the share's root and use `/`. Every failure to reach the share is
`RecognizerShareUnavailableError` (retried).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from chalicelib.recognizer.models import LastError, RecognizerTask, Stage


@dataclass(frozen=True)
class ShareEntry:
    """One file in a share's folder: its name (no folder) and size in bytes."""

    name: str
    size: int


class RecognizerShare(Protocol):
    """The folder shared with the external recognizer."""

    def put(self, path: str, data: bytes) -> None:
        """Write a file (replacing one of the same path)."""
        ...

    def list(self, folder: str) -> list[ShareEntry]:
        """The files directly in `folder` (empty when it does not exist)."""
        ...

    def read(self, path: str) -> bytes:
        """A file's bytes."""
        ...

    def delete(self, path: str) -> None:
        """Remove a file; a missing one is not an error."""
        ...

    def delete_folder(self, folder: str) -> None:
        """Remove a folder and the files in it; a missing one is not an error."""
        ...

    def probe(self) -> None:
        """Raise when the share cannot be reached (the healthcheck)."""
        ...


class RecognizerTasks(Protocol):
    """The hand-off tasks' records: their stage, last error and task token."""

    def create(self, task: RecognizerTask) -> bool:
        """Record a new task; False when one with this id exists already."""
        ...

    def get(self, task_id: str) -> RecognizerTask | None:
        """A task's record."""
        ...

    def set_stage(self, task_id: str, stage: Stage, **fields: Any) -> None:
        """Move an active task to `stage` (and set `fields`); a finished one stays finished."""
        ...

    def record_error(self, task_id: str, stage: Stage, error: LastError) -> None:
        """Move an active task to `stage` with its `last_error`; failures are counted."""
        ...

    def finish(self, task_id: str, status: str, **fields: Any) -> bool:
        """Mark a task finished (it leaves the active list); False if it was finished already."""
        ...

    def active(self) -> list[RecognizerTask]:
        """The tasks not finished yet, oldest first."""
        ...


class TaskTokens(Protocol):
    """Resuming a run that waits on a task token."""

    def send_success(self, token: str, output: dict[str, Any]) -> bool:
        """Resume the run with `output`; False when the token is spent or timed out."""
        ...


class ResultPublisher(Protocol):
    """The recognition bus (`chalicelib.recognition.publisher.EnvelopePublisher`)."""

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        """Put one envelope on the bus, with retries; False when every try failed."""
        ...
