"""The hand-off service: each step of RecognizerHandoffStateMachine, and the poller.

The run: `accept` (the command checked, the task recorded, the wait's length), `send`
(the source copied to `Input/<task_id>.<ext>`), `await_result` (the task token kept: the
run now waits for it, at most until `expires_at`), then `finish` (the share cleaned when
the run did not end ready, the result published). Between `await_result` and `finish`
the scheduled poller (`poll`) looks at each waiting task's `Output/<task_id>/`; a complete
batch is read, merged, stored at `<RESULT_PREFIX><task_id>.json`, the share cleaned and
the run resumed with the outcome.

Storage failures (the share, our bucket) are retried inside the hand-off: the send step by
the state machine's Retry, a poll by the next poll (the schedule is the backoff), each
failure recorded as the task's `last_error` with the stage `retrying_storage`; once the
retries are spent the hand-off ends `error`/`storage_unavailable`.
"""

from __future__ import annotations

import json
import logging
import math
import traceback
from datetime import datetime
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from chalicelib.contracts import ResultContractViolationError, validate_against
from chalicelib.errors import (
    StorageUnavailableError,
    StoredObjectMissingError,
    WorkflowUnavailableError,
)
from chalicelib.keys import (
    build_recognizer_result_key,
    build_share_input_path,
    build_share_output_folder,
)
from chalicelib.recognizer.errors import (
    InvalidRecognizerCommandError,
    RecognizerPublishFailedError,
    RecognizerShareUnavailableError,
    RecognizerSourceNotFoundError,
)
from chalicelib.recognizer.merge import (
    InvalidRecognizerPageError,
    batch_of,
    merge_pages,
    parse_page,
)
from chalicelib.recognizer.models import (
    LastError,
    Outcome,
    RecognizerCommand,
    RecognizerTask,
    Stage,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.ports import ObjectStore
    from chalicelib.ports.recognizer import (
        RecognizerShare,
        RecognizerTasks,
        ResultPublisher,
        TaskTokens,
    )

logger = logging.getLogger(__name__)

COMMAND_SCHEMA = "recognizerCommand-v1.0"
RESULT_SCHEMA = "recognizerResult-v1.0"
RESULT_DETAIL_TYPE = "files.tabular_parsed"
# The storage failures that are worth another try (ours and the share's).
STORAGE_ERRORS = (StorageUnavailableError, RecognizerShareUnavailableError)


def result_msg_id(task_id: str) -> str:
    """The message id of a hand-off's result: `recognizer:<task_id>`."""
    return f"recognizer:{task_id}"


def parse_command(raw: object) -> RecognizerCommand:
    """The command, checked against recognizerCommand-v1.0 (all fields, none other)."""
    try:
        validate_against(COMMAND_SCHEMA, raw)
    except ResultContractViolationError as exc:
        problems = "; ".join(exc.problems)
        raise InvalidRecognizerCommandError(f"The command is refused: {problems}") from exc
    assert isinstance(raw, dict)  # the schema requires an object
    command = RecognizerCommand(**raw)
    _instant(command.expires_at)  # the schema checked its form; this, that it is a time
    return command


def _instant(value: str) -> datetime:
    try:
        return datetime.fromisoformat(value)
    except ValueError as exc:
        raise InvalidRecognizerCommandError(f"expires_at is not a date-time: {value!r}") from exc


def _source_ext(source_s3_key: str) -> str:
    """The extension of the source's name, lower case ('' without one)."""
    return PurePosixPath(source_s3_key).suffix.lower().lstrip(".")


class HandoffService:
    """The hand-off's steps and its poller (see the module's docstring)."""

    def __init__(
        self,
        *,
        tasks: RecognizerTasks,
        share: RecognizerShare,
        bucket: ObjectStore,
        tokens: TaskTokens,
        publisher: ResultPublisher,
        clock: Callable[[], datetime],
        result_prefix: str,
        max_source_bytes: int,
        storage_retries: int,
    ) -> None:
        self._tasks = tasks
        self._share = share
        self._bucket = bucket
        self._tokens = tokens
        self._publisher = publisher
        self._clock = clock
        self._result_prefix = result_prefix
        self._max_source_bytes = max_source_bytes
        self._storage_retries = storage_retries

    # --- the run's steps ---------------------------------------------------------------

    def accept(self, raw_command: object, job_id: str) -> dict[str, Any]:
        """Check the command, record the task (once), and say how long the run may wait."""
        command = parse_command(raw_command)
        now = self._clock()
        self._tasks.create(
            RecognizerTask(
                task_id=command.task_id,
                job_id=job_id,
                file_id=command.file_id,
                source_s3_key=command.source_s3_key,
                expires_at=command.expires_at,
                received_at=now.isoformat(),
                updated_at=now.isoformat(),
            )
        )
        left = (_instant(command.expires_at) - now).total_seconds()
        # Step Functions takes whole seconds, at least one: an expired command times out at once.
        return {"timeout_seconds": max(1, math.ceil(left))}

    def send(self, raw_command: object) -> dict[str, Any]:
        """Copy the source to `Input/<task_id>.<ext>` on the share."""
        command = parse_command(raw_command)
        task_id = command.task_id
        try:
            self._tasks.set_stage(task_id, "checking_smb")
            self._share.probe()
            self._tasks.set_stage(task_id, "reading_source")
            try:
                data = self._bucket.get_bytes(
                    command.source_s3_key, max_bytes=self._max_source_bytes
                )
            except StoredObjectMissingError as exc:
                raise RecognizerSourceNotFoundError(
                    f"No object {command.source_s3_key!r} in the documents bucket."
                ) from exc
            self._tasks.set_stage(task_id, "sending_to_smb")
            path = build_share_input_path(task_id, _source_ext(command.source_s3_key))
            self._share.put(path, data)
        except STORAGE_ERRORS as exc:
            self._record(task_id, exc)
            raise
        return {"input_path": path}

    def await_result(self, task_id: str, task_token: str) -> None:
        """Keep the run's task token: the poller resumes the run with it."""
        self._tasks.set_stage(task_id, "waiting_for_result", task_token=task_token)

    def finish(self, raw_command: object, outcome: Outcome) -> dict[str, Any]:
        """Clean the share (unless the poller did), publish the result, end the task."""
        command = parse_command(raw_command)
        task_id = command.task_id
        if outcome.status != "ready":
            self._clean_share(command)
        result = {
            "msg_id": result_msg_id(task_id),
            "task_id": task_id,
            "file_id": command.file_id,
            "status": outcome.status,
            "result_s3_key": outcome.result_s3_key,
            "error_code": outcome.error_code,
            "finished_at": self._clock().isoformat(),
        }
        validate_against(RESULT_SCHEMA, result)  # a bug of ours if not: the run fails
        self._tasks.set_stage(task_id, "publishing_result")
        if not self._publisher.publish(RESULT_DETAIL_TYPE, result):
            error = RecognizerPublishFailedError()
            self._record(task_id, error, stage="retrying_publish")
            raise error
        self._tasks.finish(
            task_id,
            outcome.status,
            result_s3_key=outcome.result_s3_key,
            error_code=outcome.error_code,
            finished_at=result["finished_at"],
        )
        return result

    def _clean_share(self, command: RecognizerCommand) -> None:
        """Remove the task's input and output; a failure is recorded, never blocks the end."""
        task_id = command.task_id
        try:
            self._tasks.set_stage(task_id, "cleaning_smb")
            self._share.delete(build_share_input_path(task_id, _source_ext(command.source_s3_key)))
            self._share.delete_folder(build_share_output_folder(task_id))
        except STORAGE_ERRORS as exc:
            logger.warning("recognizer: the share was not cleaned for task %s", task_id)
            self._record(task_id, exc, stage="cleaning_smb")

    # --- the poller ----------------------------------------------------------------------

    def poll(self) -> dict[str, int]:
        """One look at every waiting task's output; how many were resumed and still wait."""
        resumed = waiting = 0
        for task in self._tasks.active():
            if not task.task_token:
                continue  # still being sent: nothing to look for yet
            try:
                outcome = self._check(task)
            except STORAGE_ERRORS as exc:
                failures = self._record(task.task_id, exc)
                if failures <= self._storage_retries:
                    waiting += 1
                    continue
                outcome = Outcome(status="error", error_code="storage_unavailable")
            if outcome is None:
                waiting += 1
                continue
            try:
                sent = self._tokens.send_success(task.task_token, outcome.as_dict())
            except WorkflowUnavailableError as exc:
                # The outcome is kept on the task: the next poll resumes the run with it.
                self._record(task.task_id, exc)
                waiting += 1
                continue
            if sent:
                resumed += 1
            else:  # its wait timed out meanwhile: the run ends it as timeout
                logger.info("recognizer: task %s no longer waits for its result", task.task_id)
        return {"resumed": resumed, "waiting": waiting}

    def _check(self, task: RecognizerTask) -> Outcome | None:
        """The task's outcome if its batch is complete (or junk); None while it waits."""
        task_id = task.task_id
        self._tasks.set_stage(task_id, "checking_result")
        if task.outcome is not None:
            # An earlier poll merged (or refused) the batch and cleaned the share, but the
            # run was not resumed: resume it with that outcome.
            return Outcome(**task.outcome)
        if self._clock() >= _instant(task.expires_at):
            self._tasks.set_stage(task_id, "waiting_for_result")
            return None  # past its deadline: the run's own timeout ends it
        self._tasks.set_stage(task_id, "discovering_result")
        folder = build_share_output_folder(task_id)
        batch = batch_of(self._share.list(folder))
        if not batch.complete:
            self._tasks.set_stage(task_id, "waiting_for_result")
            return None
        self._tasks.set_stage(task_id, "reading_result")
        raw = {name: self._share.read(folder + name) for name in batch.pages}
        self._tasks.set_stage(task_id, "merging_result")
        try:
            pages = {name: parse_page(name, data) for name, data in raw.items()}
        except InvalidRecognizerPageError as exc:
            self._record(task_id, exc, stage="merging_result")
            return self._clean(task, Outcome(status="error", error_code="invalid_source_json"))
        merged = merge_pages(task_id, task.job_id, task.file_id, pages)
        self._tasks.set_stage(task_id, "uploading_result")
        key = build_recognizer_result_key(self._result_prefix, task_id)
        self._bucket.put_bytes(
            key,
            json.dumps(merged, ensure_ascii=False).encode("utf-8"),
            content_type="application/json",
        )
        return self._clean(task, Outcome(status="ready", result_s3_key=key))

    def _clean(self, task: RecognizerTask, outcome: Outcome) -> Outcome:
        """Clean the share, the outcome kept first (the answer is gone from the share after)."""
        self._tasks.set_stage(task.task_id, "cleaning_smb", outcome=outcome.as_dict())
        self._share.delete(build_share_input_path(task.task_id, _source_ext(task.source_s3_key)))
        self._share.delete_folder(build_share_output_folder(task.task_id))
        return outcome

    # --- errors ----------------------------------------------------------------------------

    def _record(self, task_id: str, exc: Exception, *, stage: Stage | None = None) -> int:
        """Keep `exc` as the task's last error; the task's count of storage failures."""
        task = self._tasks.get(task_id)
        failed_at: Stage = task.stage if task else "received"
        frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        location = f"{PurePosixPath(frame.filename).name}:{frame.lineno}" if frame else ""
        error = LastError(
            stage=failed_at,
            type=type(exc).__name__,
            message=str(exc)[:500],
            location=location,
            occurred_at=self._clock().isoformat(),
        )
        next_stage: Stage = stage or (
            "retrying_storage" if isinstance(exc, STORAGE_ERRORS) else failed_at
        )
        self._tasks.record_error(task_id, next_stage, error)
        return (task.storage_failures if task else 0) + isinstance(exc, STORAGE_ERRORS)
