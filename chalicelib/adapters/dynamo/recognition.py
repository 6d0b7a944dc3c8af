"""Recognition jobs in the single table: `RECOGNITION#{job_id}` / `JOB` (and `/ PARTNER`).

The job's record is created once (`attribute_not_exists`), moved under a condition on its
state, and keeps its answers in a map by message id, each written only if that id is not there
yet: the record changes at most once per message id, however many copies of a request race.
Envelopes are kept as JSON text, so their numbers come back as they went (no Decimals).
The partner of an HTTP request is a separate item, written before the request goes on the bus.

A job in `processing` also sits in GSI1's partition `RECOGNITION#PROCESSING`, sorted by the
end of its claim's lease (`{lease_until}#{job_id}`): the sweep finds the jobs whose worker
died with one Query. Leaving `processing` removes those keys (a sparse listing).
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import DynamoTable, from_item, now, storage_error, to_item
from chalicelib.adapters.dynamo.recognition_jobs import read_stamp, stamp
from chalicelib.adapters.table import TTL_ATTRIBUTE, conditional_write, item_key, put_new_item
from chalicelib.ports.recognition import RecognitionJob

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping
    from datetime import datetime

    from chalicelib.ports.recognition import JobState

# A job is kept this long (DynamoDB's TTL then removes it): well past any reply deadline, so a
# late duplicate is still re-acked and answered from the record.
JOB_RETENTION_SECONDS = 30 * 24 * 3600
# GSI1's sparse listing of the jobs being worked on, by the end of their lease.
PROCESSING_LISTING = "RECOGNITION#PROCESSING"


def job_key(job_id: str) -> dict[str, Any]:
    """A recognition job's record."""
    return item_key(f"RECOGNITION#{job_id}", "JOB")


def partner_key(job_id: str) -> dict[str, Any]:
    """Who sent a job over HTTP."""
    return item_key(f"RECOGNITION#{job_id}", "PARTNER")


def _expiry() -> int:
    return int(time.time()) + JOB_RETENTION_SECONDS


class DynamoRecognitionJobs(DynamoTable):
    """The recognition job store (`chalicelib.ports.recognition.RecognitionJobs`)."""

    def claim(self, job: RecognitionJob) -> bool:
        """Create the job's record; False when the job already has one."""
        values = {
            "job_id": job.job_id,
            "file_id": job.file_id,
            "attempt": job.attempt,
            "pipeline": job.pipeline,
            "file_type": job.file_type,
            "original_name": job.original_name,
            "source_bucket": job.source_bucket,
            "source_key": job.source_key,
            "reply_deadline": job.reply_deadline,
            "state": job.state,
            "created_at": job.created_at or now(),
            TTL_ATTRIBUTE: _expiry(),
        }
        if job.state == "processing" and job.lease_until is not None:
            values["lease_until"] = stamp(job.lease_until)
            values["GSI1PK"] = PROCESSING_LISTING
            values["GSI1SK"] = f"{stamp(job.lease_until)}#{job.job_id}"
        item = {**job_key(job.job_id), **to_item(values), "answers": {"M": {}}}
        return put_new_item(self._client, self._table, item, storage_error)

    def get(self, job_id: str) -> RecognitionJob | None:
        """The job's record (read consistently), or None."""
        item = self._get_item(job_key(job_id))
        return None if item is None else _job_of(item)

    def stale(self, now: datetime, limit: int) -> list[RecognitionJob]:
        """Jobs still `processing` whose lease ended before `now`, the oldest lease first."""
        try:
            answer = self._client.query(
                TableName=self._table,
                IndexName="GSI1",
                KeyConditionExpression="GSI1PK = :pk AND GSI1SK < :now",
                ExpressionAttributeValues={
                    ":pk": {"S": PROCESSING_LISTING},
                    ":now": {"S": stamp(now)},
                },
                Limit=limit,
            )
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        return [_job_of(from_item(item)) for item in answer.get("Items", [])]

    def move(
        self,
        job_id: str,
        *,
        allowed_from: Collection[JobState],
        to: JobState,
        result: dict[str, Any] | None = None,
    ) -> bool:
        """Move the job (storing its final answer); False when it was not in `allowed_from`."""
        values: dict[str, Any] = {":to": {"S": to}, ":at": {"S": now()}}
        expression = "SET #state = :to, updated_at = :at"
        if result is not None:
            values[":result"] = {"S": json.dumps(result, ensure_ascii=False, sort_keys=True)}
            expression += ", #result = :result"
        allowed = sorted(set(allowed_from))
        values.update({f":from{i}": {"S": state} for i, state in enumerate(allowed)})
        names = {"#state": "state"}
        if result is not None:
            names["#result"] = "result"
        if to != "processing":  # out of the sweep's listing: no worker holds it any more
            expression += " REMOVE GSI1PK, GSI1SK"
        written = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=job_key(job_id),
                UpdateExpression=expression,
                ConditionExpression=(
                    f"attribute_exists(PK) AND #state IN "
                    f"({', '.join(f':from{i}' for i in range(len(allowed)))})"
                ),
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
            ),
            storage_error,
        )
        return written is not None

    def record_answer(self, job_id: str, answer: dict[str, Any]) -> bool:
        """Keep one published answer under its `msg_id`; False when that id is already kept."""
        written = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=job_key(job_id),
                UpdateExpression="SET answers.#id = :answer",
                ConditionExpression="attribute_exists(PK) AND attribute_not_exists(answers.#id)",
                ExpressionAttributeNames={"#id": str(answer["msg_id"])},
                ExpressionAttributeValues={
                    ":answer": {"S": json.dumps(answer, ensure_ascii=False, sort_keys=True)}
                },
            ),
            storage_error,
        )
        return written is not None

    def bind_partner(self, job_id: str, partner_id: str) -> bool:
        """Note which partner sent the job over HTTP; False when another partner holds it."""
        item = {
            **partner_key(job_id),
            **to_item({"partner_id": partner_id, "created_at": now(), TTL_ATTRIBUTE: _expiry()}),
        }
        if put_new_item(self._client, self._table, item, storage_error):
            return True
        return self.partner_of(job_id) == partner_id

    def partner_of(self, job_id: str) -> str | None:
        """The partner that sent the job over HTTP, if one did."""
        item = self._get_item(partner_key(job_id))
        return str(item["partner_id"]) if item else None


def _job_of(item: Mapping[str, Any]) -> RecognitionJob:
    """A job from its record's plain values."""
    result = item.get("result")
    return RecognitionJob(
        job_id=str(item["job_id"]),
        file_id=str(item["file_id"]),
        attempt=int(item["attempt"]),
        pipeline=str(item["pipeline"]),
        file_type=str(item["file_type"]),
        original_name=str(item["original_name"]),
        source_bucket=str(item["source_bucket"]),
        source_key=str(item["source_key"]),
        reply_deadline=str(item["reply_deadline"]),
        state=item["state"],
        created_at=str(item.get("created_at") or ""),
        lease_until=read_stamp(item.get("lease_until")),
        result=json.loads(result) if result else None,
        answers={k: json.loads(v) for k, v in (item.get("answers") or {}).items()},
    )
