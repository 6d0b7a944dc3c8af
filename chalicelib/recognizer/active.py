"""The active tasks as operators see them (GET /v1/recognizer/tasks/active)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chalicelib.ports.recognizer import RecognizerTasks
    from chalicelib.recognizer.models import RecognizerTask


def task_view(task: RecognizerTask) -> dict[str, Any]:
    """One task: what it hands over, where it stands, and its latest failure (or null)."""
    return {
        "task_id": task.task_id,
        "job_id": task.job_id,
        "file_id": task.file_id,
        "source_s3_key": task.source_s3_key,
        "expires_at": task.expires_at,
        "received_at": task.received_at,
        "updated_at": task.updated_at,
        "stage": task.stage,
        "last_error": task.last_error.as_dict() if task.last_error else None,
    }


def active_tasks(tasks: RecognizerTasks) -> dict[str, Any]:
    """Every task not finished yet, oldest first; a finished task is never listed."""
    return {"tasks": [task_view(task) for task in tasks.active()]}
