"""Fakes of the hand-off's ports: the share, the task records, task tokens, the bus."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from chalicelib.ports.recognizer import ShareEntry
from chalicelib.recognizer.errors import RecognizerShareUnavailableError
from chalicelib.recognizer.models import ACTIVE

if TYPE_CHECKING:
    from chalicelib.recognizer.models import LastError, RecognizerTask, Stage


class FakeShare:
    """A share in a dict; `down` makes every call fail as an unreachable share would."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.down = False

    def _check(self) -> None:
        if self.down:
            raise RecognizerShareUnavailableError("the fake share is down")

    def put(self, path: str, data: bytes) -> None:
        self._check()
        self.files[path] = data

    def list(self, folder: str) -> list[ShareEntry]:
        self._check()
        return [
            ShareEntry(name=path[len(folder) :], size=len(data))
            for path, data in self.files.items()
            if path.startswith(folder) and "/" not in path[len(folder) :]
        ]

    def read(self, path: str) -> bytes:
        self._check()
        return self.files[path]

    def delete(self, path: str) -> None:
        self._check()
        self.files.pop(path, None)

    def delete_folder(self, folder: str) -> None:
        self._check()
        for path in [p for p in self.files if p.startswith(folder)]:
            del self.files[path]

    def probe(self) -> None:
        self._check()


class FakeTasks:
    """Task records in a dict, with the adapter's rule: a finished task never moves."""

    def __init__(self) -> None:
        self.tasks: dict[str, RecognizerTask] = {}
        self.stages: list[tuple[str, str]] = []

    def create(self, task: RecognizerTask) -> bool:
        if task.task_id in self.tasks:
            return False
        self.tasks[task.task_id] = task
        return True

    def get(self, task_id: str) -> RecognizerTask | None:
        return self.tasks.get(task_id)

    def set_stage(self, task_id: str, stage: Stage, **fields: Any) -> None:
        task = self.tasks.get(task_id)
        if task is not None and task.status == ACTIVE:
            self.tasks[task_id] = replace(task, stage=stage, **fields)
            self.stages.append((task_id, stage))

    def record_error(self, task_id: str, stage: Stage, error: LastError) -> None:
        task = self.tasks.get(task_id)
        if task is not None and task.status == ACTIVE:
            failures = task.storage_failures + (stage == "retrying_storage")
            self.tasks[task_id] = replace(
                task, stage=stage, last_error=error, storage_failures=failures
            )
            self.stages.append((task_id, stage))

    def finish(self, task_id: str, status: str, **fields: Any) -> bool:
        task = self.tasks.get(task_id)
        if task is None or task.status != ACTIVE:
            return False
        self.tasks[task_id] = replace(task, status=status, task_token=None, **fields)
        return True

    def active(self) -> list[RecognizerTask]:
        return sorted(
            (t for t in self.tasks.values() if t.status == ACTIVE), key=lambda t: t.received_at
        )


class FakeTokens:
    """Records SendTaskSuccess; tokens in `gone` answer as timed out."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.gone: set[str] = set()

    def send_success(self, token: str, output: dict[str, Any]) -> bool:
        if token in self.gone:
            return False
        self.sent.append((token, output))
        return True


class FakePublisher:
    """Records what is published; `refuse` makes every publish fail."""

    def __init__(self) -> None:
        self.published: list[tuple[str, dict[str, Any]]] = []
        self.refuse = False

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        if self.refuse:
            return False
        self.published.append((detail_type, detail))
        return True
