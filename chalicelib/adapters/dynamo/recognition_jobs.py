"""The recognition client's jobs in the single table (`RecognitionJobs`).

Layout: one item per job, `PK = RECOGNITION_JOB#{job_id}`, `SK = JOB`. While the job is
open (sent or acked) it sits in GSI1's partition `RECOGNITION_JOBS#OPEN` with sort key
`{due_at}#{job_id}` (a sparse listing: a closed job has no GSI1 keys), so the sweep reads
only the jobs it has to look at, the earliest due first, with one Query.

Every change is one UpdateItem conditioned on the job's status, on the answer's `msg_id`
not being in `seen_msg_ids` yet (the set the same write adds it to), and for a republish on
the count of republishes so far: a duplicate envelope, a second consumer of the same event
or two overlapping sweeps change the job at most once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import DynamoTable, from_item, storage_error, to_item
from chalicelib.adapters.table import TTL_ATTRIBUTE, conditional_write, item_key, put_new_item
from chalicelib.ports.recognition_client import JobChange, JobStatus, RecognitionJob

if TYPE_CHECKING:
    from collections.abc import Mapping

OPEN_LISTING = "RECOGNITION_JOBS#OPEN"
_SK = "JOB"
# The table's TTL removes a job this long after its reply deadline (it ended by then).
KEEP_AFTER_DEADLINE = timedelta(days=30)


def job_key(job_id: str) -> dict[str, Any]:
    """A recognition job's item."""
    return item_key(f"RECOGNITION_JOB#{job_id}", _SK)


def stamp(moment: datetime) -> str:
    """An instant as the job keeps it: UTC with microseconds, so stamps sort as text."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _due_sort_key(due_at: datetime, job_id: str) -> str:
    return f"{stamp(due_at)}#{job_id}"


class DynamoRecognitionJobs(DynamoTable):
    """The client's jobs: created once, changed by conditional updates, listed when due."""

    def create(self, job: RecognitionJob) -> bool:
        """Record a new job; False when its job_id exists already."""
        values: dict[str, Any] = {
            "job_id": job.job_id,
            "file_id": job.file_id,
            "attempt": job.attempt,
            "request": job.request,
            "subject": job.subject,
            "reply_deadline": stamp(job.reply_deadline),
            "status": job.status,
            "created_at": stamp(job.created_at),
            "updated_at": stamp(job.created_at),
            "republished": job.republished,
            "answers": list(job.answers),
            "history": list(job.history),
            TTL_ATTRIBUTE: int((job.reply_deadline + KEEP_AFTER_DEADLINE).timestamp()),
        }
        if job.due_at is not None:
            values["due_at"] = stamp(job.due_at)
            values["GSI1PK"] = OPEN_LISTING
            values["GSI1SK"] = _due_sort_key(job.due_at, job.job_id)
        item = {**job_key(job.job_id), **to_item(values)}
        return put_new_item(self._client, self._table, item, storage_error)

    def get(self, job_id: str) -> RecognitionJob | None:
        """A job, read consistently; None when there is none."""
        values = self._get_item(job_key(job_id))
        return job_from_values(values) if values else None

    def change(self, job_id: str, change: JobChange) -> bool:
        """Apply `change` if its conditions hold; False (nothing written) when one does not."""
        update = _update(job_id, change)
        written = conditional_write(
            lambda: self._client.update_item(TableName=self._table, **update),
            storage_error,
        )
        return written is not None

    def due(self, now: datetime, limit: int) -> list[RecognitionJob]:
        """Open jobs whose `due_at` is at or before `now`, the earliest first."""
        try:
            answer = self._client.query(
                TableName=self._table,
                IndexName="GSI1",
                KeyConditionExpression="GSI1PK = :pk AND GSI1SK <= :now",
                ExpressionAttributeValues={
                    ":pk": {"S": OPEN_LISTING},
                    ":now": {"S": f"{stamp(now)}#~"},
                },
                Limit=limit,
            )
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        return [job_from_values(from_item(item)) for item in answer.get("Items", [])]


def _update(job_id: str, change: JobChange) -> dict[str, Any]:
    """The UpdateItem arguments of one change (its conditions included)."""
    names: dict[str, str] = {"#status": "status"}
    values: dict[str, Any] = {
        ":status": change.status,
        ":at": stamp(change.at),
        ":history": [_history_entry(change)],
    }
    sets = [
        "#status = :status",
        "updated_at = :at",
        "history = list_append(history, :history)",
    ]
    removes: list[str] = []
    adds: list[str] = []
    conditions = ["attribute_exists(PK)"]
    froms = []
    for number, status in enumerate(sorted(change.from_statuses)):
        values[f":from{number}"] = status
        froms.append(f":from{number}")
    conditions.append(f"#status IN ({', '.join(froms)})")
    if change.answer is not None:
        values[":answer"] = [change.answer]
        sets.append("answers = list_append(answers, :answer)")
    if change.due_at is not None:
        values[":due"] = stamp(change.due_at)
        values[":gsk"] = _due_sort_key(change.due_at, job_id)
        sets += ["due_at = :due", "GSI1SK = :gsk"]
    else:
        removes += ["due_at", "GSI1PK", "GSI1SK"]
    if change.msg_id is not None:
        values[":msg"] = change.msg_id
        values[":seen"] = {change.msg_id}
        adds.append("seen_msg_ids :seen")
        conditions.append("NOT contains(seen_msg_ids, :msg)")
    if change.republished_from is not None:
        values[":republished_from"] = change.republished_from
        values[":republished"] = change.republished_from + 1
        sets.append("republished = :republished")
        conditions.append("republished = :republished_from")
    for number, (name, value) in enumerate(change.fields.items()):
        names[f"#field{number}"] = name
        values[f":field{number}"] = value
        sets.append(f"#field{number} = :field{number}")
    expression = "SET " + ", ".join(sets)
    if removes:
        expression += " REMOVE " + ", ".join(removes)
    if adds:
        expression += " ADD " + ", ".join(adds)
    return {
        "Key": job_key(job_id),
        "UpdateExpression": expression,
        "ConditionExpression": " AND ".join(conditions),
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": _attribute_values(values),
    }


def _attribute_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """DynamoDB's wire form of each value (a Python set of strings becomes a string set)."""
    wire: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, set):
            wire[name] = {"SS": sorted(value)}
        else:
            wire[name] = to_item({"v": value})["v"]
    return wire


def _history_entry(change: JobChange) -> dict[str, Any]:
    entry: dict[str, Any] = {"at": stamp(change.at), "event": change.event, "status": change.status}
    if change.msg_id or change.published_msg_id:
        entry["msg_id"] = change.msg_id or change.published_msg_id
    if change.republished_from is not None:
        entry["republish"] = change.republished_from + 1
    return entry


def _plain(value: Any) -> Any:
    """Numbers as JSON has them (DynamoDB gives Decimals), in nested maps and lists too."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, set):
        return {_plain(item) for item in value}
    return value


def read_stamp(value: Any) -> datetime | None:
    """A `stamp` read back (None for none)."""
    return datetime.fromisoformat(str(value)) if value else None


def job_from_values(values: Mapping[str, Any]) -> RecognitionJob:
    """A job from its item's plain values."""
    plain = _plain(dict(values))
    deadline = datetime.fromisoformat(str(plain["reply_deadline"]))
    created = datetime.fromisoformat(str(plain["created_at"]))
    return RecognitionJob(
        job_id=str(plain["job_id"]),
        file_id=str(plain["file_id"]),
        attempt=int(plain["attempt"]),
        request=dict(plain["request"]),
        subject=str(plain["subject"]),
        reply_deadline=deadline,
        status=cast("JobStatus", plain["status"]),
        created_at=created,
        due_at=read_stamp(plain.get("due_at")),
        republished=int(plain.get("republished", 0)),
        seen_msg_ids=frozenset(plain.get("seen_msg_ids") or ()),
        answers=tuple(plain.get("answers") or ()),
        history=tuple(plain.get("history") or ()),
        result_s3=plain.get("result_s3"),
        result_schema_version=plain.get("result_schema_version"),
        error=plain.get("error"),
    )
