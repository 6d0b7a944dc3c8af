"""The hand-off tasks (`RecognizerTasks`): `RECOGNIZER#{task_id}` / `TASK` items.

While a task runs it is also in GSI1's `RECOGNIZER_ACTIVE` partition (sort key
`{received_at}#{task_id}`), the active-tasks view's one query; finishing removes it from
there and gives the record a TTL. Every change is conditional on the task being active, so
a finished task never moves again and a finish happens once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import (
    DynamoTable,
    from_item,
    now,
    set_clause,
    storage_error,
    to_item,
)
from chalicelib.adapters.table import TTL_ATTRIBUTE, conditional_write, item_key
from chalicelib.recognizer.models import ACTIVE, LastError, RecognizerTask

if TYPE_CHECKING:
    from chalicelib.recognizer.models import Stage

ACTIVE_LISTING = "RECOGNIZER_ACTIVE"
# A finished task's record stays this long for an operator's questions.
FINISHED_RETENTION = timedelta(days=30)
_ACTIVE = "#status = :active"


def task_key(task_id: str) -> dict[str, Any]:
    """A hand-off task's record."""
    return item_key(f"RECOGNIZER#{task_id}", "TASK")


def _task_from(values: dict[str, Any]) -> RecognizerTask:
    error = values.get("last_error")
    return RecognizerTask(
        task_id=values["task_id"],
        job_id=values["job_id"],
        file_id=values["file_id"],
        source_s3_key=values["source_s3_key"],
        # `expires_at` is the table's TTL attribute: the command's lives in `deadline`.
        expires_at=values["deadline"],
        received_at=values["received_at"],
        stage=values["stage"],
        status=values["status"],
        updated_at=values.get("updated_at", ""),
        task_token=values.get("task_token"),
        last_error=LastError(**error) if error else None,
        storage_failures=int(values.get("storage_failures", 0)),
        result_s3_key=values.get("result_s3_key"),
        error_code=values.get("error_code"),
        finished_at=values.get("finished_at"),
        outcome=values.get("outcome"),
    )


class DynamoRecognizerTasks(DynamoTable):
    """The hand-off tasks on the single table."""

    def create(self, task: RecognizerTask) -> bool:
        """Record a new task; False when one with this id exists already (a retried step)."""
        values = {
            "task_id": task.task_id,
            "job_id": task.job_id,
            "file_id": task.file_id,
            "source_s3_key": task.source_s3_key,
            "deadline": task.expires_at,
            "received_at": task.received_at,
            "updated_at": task.updated_at or task.received_at,
            "stage": task.stage,
            "status": ACTIVE,
            "storage_failures": 0,
            "GSI1PK": ACTIVE_LISTING,
            "GSI1SK": f"{task.received_at}#{task.task_id}",
        }
        item = {**task_key(task.task_id), **to_item(values)}
        written = conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item=item,
                ConditionExpression="attribute_not_exists(PK)",
            ),
            storage_error,
        )
        return written is not None

    def get(self, task_id: str) -> RecognizerTask | None:
        """A task's record, read consistently."""
        values = self._get_item(task_key(task_id))
        return _task_from(values) if values else None

    def set_stage(self, task_id: str, stage: Stage, **fields: Any) -> None:
        """Move an active task to `stage` (and set `fields`); a finished one is left alone."""
        self._update(task_id, {"stage": stage, "updated_at": now(), **fields})

    def record_error(self, task_id: str, stage: Stage, error: LastError) -> None:
        """Move an active task to `stage` with `last_error`; a storage retry is counted."""
        counted = stage == "retrying_storage"
        self._update(
            task_id,
            {"stage": stage, "updated_at": now(), "last_error": error.as_dict()},
            add_failure=counted,
        )

    def finish(self, task_id: str, status: str, **fields: Any) -> bool:
        """The task's end, once: it leaves the active list and expires in 30 days."""
        expires = int((datetime.now(UTC) + FINISHED_RETENTION).timestamp())
        values = {
            "status": status,
            "updated_at": now(),
            TTL_ATTRIBUTE: expires,
            "GSI1PK": None,
            "GSI1SK": None,
            "task_token": None,
            **fields,
        }
        return self._update(task_id, values)

    def _update(self, task_id: str, fields: dict[str, Any], *, add_failure: bool = False) -> bool:
        count = ("#failures = #failures + :one",) if add_failure else ()
        expression, names, values = set_clause(fields, also_set=count)
        names["#status"] = "status"
        values[":active"] = {"S": ACTIVE}
        if add_failure:
            names["#failures"] = "storage_failures"
            values[":one"] = {"N": "1"}
        written = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=task_key(task_id),
                UpdateExpression=expression,
                ConditionExpression=f"attribute_exists(PK) AND {_ACTIVE}",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
            ),
            storage_error,
        )
        return written is not None

    def active(self) -> list[RecognizerTask]:
        """The tasks not finished yet, oldest first (GSI1's `RECOGNIZER_ACTIVE`)."""
        query: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "GSI1",
            "KeyConditionExpression": "GSI1PK = :pk",
            "ExpressionAttributeValues": {":pk": {"S": ACTIVE_LISTING}},
        }
        tasks: list[RecognizerTask] = []
        while True:
            try:
                answer = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            tasks += [_task_from(from_item(item)) for item in answer.get("Items", [])]
            last = answer.get("LastEvaluatedKey")
            if not last:
                # The index lags the table a little: a task finished a moment ago is left out.
                return [task for task in tasks if task.active]
            query["ExclusiveStartKey"] = last
