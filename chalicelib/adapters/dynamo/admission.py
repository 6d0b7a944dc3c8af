"""Run admission in the single table: how many runs of a lane are active, and the queue.

Layout, one partition per lane, `PK = ADMISSION#{lane}`:

- `SK = SLOT#{n}` for n in 0..limit-1: a running run's lease, holding `owner` (the run's
  execution name, `{id}-v{n}`), `acquired_at` and `lease_expires_at` (epoch seconds). A
  free slot is a missing item or an expired lease, as in `adapters/semaphore.py`.
- `SK = QUEUED#{queued_at}#{owner}`: a run waiting for a slot, holding what starts it
  (`payload`: the run's input and the state machine). The sort key orders the queue, so
  the oldest is the first item of a Query; it is built from the document (not from the
  clock of whoever parks it), so parking the same run twice writes the same item.

Admitting a queued run is one TransactWriteItems: the slot is taken (only if free) and
the queue item deleted (only if still there), both or neither. Two releasers racing for
the same queued run cannot both win, and a run is never admitted without its slot.
Releasing is a DeleteItem conditioned on the owner, so a stale releaser (a redriven
Finalize, the sweeper after a run that did release) frees nothing of anybody else's.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import doc_key, storage_error
from chalicelib.adapters.table import TTL_ATTRIBUTE, conditional_write, item_key

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from mypy_boto3_dynamodb import DynamoDBClient

_SLOT = "SLOT#"
_QUEUED = "QUEUED#"
# TTL only sweeps slot items nobody uses any more, long after their lease.
_TTL_GRACE_SECONDS = 3600
# A queued run a transaction lost to another admitter is retried this many times.
_ADMIT_TRIES = 5


def admission_pk(lane: str) -> str:
    """The partition of one lane's leases and queue."""
    return f"ADMISSION#{lane}"


@dataclass(frozen=True)
class Holder:
    """A live lease: which slot, whose run, since when (epoch seconds)."""

    slot: int
    owner: str
    acquired_at: int


@dataclass(frozen=True)
class QueuedRun:
    """A run admitted from the queue: its owner and what starts it."""

    owner: str
    payload: dict[str, Any]


class DynamoRunAdmission:
    """At most `limit` active runs of `lane`, each holding a lease of `lease_seconds`."""

    def __init__(
        self,
        table_name: str,
        lane: str,
        limit: int,
        lease_seconds: int,
        *,
        clock: Callable[[], datetime],
        client: DynamoDBClient | None = None,
    ) -> None:
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self._table = table_name
        self.lane = lane
        self.limit = limit
        self._lease = lease_seconds
        self._clock = clock
        self._client: DynamoDBClient = client or boto3.client("dynamodb")
        # Spreads takers over the slots; no secret rides on it.
        self._random = random.Random()  # noqa: S311

    # --- leases ---------------------------------------------------------------

    def holders(self) -> list[Holder]:
        """The live leases (expired ones are free slots)."""
        now = self._now()
        return [
            Holder(
                slot=int(item["SK"]["S"].removeprefix(_SLOT)),
                owner=item.get("owner", {}).get("S", ""),
                acquired_at=int(item.get("acquired_at", {}).get("N", "0")),
            )
            for item in self._query(_SLOT, limit=None)
            if int(item.get("lease_expires_at", {}).get("N", "0")) >= now
            and int(item["SK"]["S"].removeprefix(_SLOT)) < self.limit
        ]

    def take(self, owner: str) -> bool:
        """A slot for `owner`'s run: True if it now holds one (or already did)."""
        holders = self.holders()
        if any(h.owner == owner for h in holders):
            return True  # a retried Extract: its run already holds its slot
        for slot in self._free_slots(holders):
            if conditional_write(
                lambda slot=slot: self._client.put_item(  # type: ignore[misc]
                    TableName=self._table, **self._slot_write(slot, owner)
                ),
                storage_error,
            ):
                return True
        return False

    def holds(self, owner: str) -> bool:
        """Whether `owner`'s run holds a live lease."""
        return any(h.owner == owner for h in self.holders())

    def release(self, owner: str) -> bool:
        """Free `owner`'s slot; False when it holds none (already released, or never)."""
        released = False
        for holder in self._holders_of(owner):
            freed = conditional_write(
                lambda holder=holder: self._client.delete_item(  # type: ignore[misc]
                    TableName=self._table,
                    Key=self._key(f"{_SLOT}{holder.slot}"),
                    ConditionExpression="#owner = :owner",
                    ExpressionAttributeNames={"#owner": "owner"},
                    ExpressionAttributeValues={":owner": {"S": owner}},
                ),
                storage_error,
            )
            released = released or freed is not None
        return released

    # --- queue ----------------------------------------------------------------

    def park(self, owner: str, order: str, payload: dict[str, Any]) -> None:
        """Queue `owner`'s run behind the others (`order` sorts the queue); idempotent."""
        conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item={
                    **self._key(f"{_QUEUED}{order}#{owner}"),
                    "owner": {"S": owner},
                    "payload": {"S": json.dumps(payload)},
                    "queued_at": {"N": str(self._now())},
                },
                ConditionExpression="attribute_not_exists(PK)",
            ),
            storage_error,
        )

    def is_parked(self, owner: str, order: str) -> bool:
        """Whether `owner`'s run waits in the queue (parked with `order`)."""
        try:
            found = self._client.get_item(
                TableName=self._table,
                Key=self._key(f"{_QUEUED}{order}#{owner}"),
                ProjectionExpression="PK",
                ConsistentRead=True,
            )
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        return "Item" in found

    def queued(self) -> int:
        """How many runs wait (counted, not read)."""
        return len(self._query(_QUEUED, limit=None, project="SK"))

    def admit_next(self) -> QueuedRun | None:
        """The oldest queued run, now holding a free slot; None when no slot or no run."""
        for _ in range(_ADMIT_TRIES):
            free = self._free_slots(self.holders())
            if not free:
                return None
            oldest = self._query(_QUEUED, limit=1)
            if not oldest:
                return None
            item = oldest[0]
            owner = item["owner"]["S"]
            put: Any = {"TableName": self._table, **self._slot_write(free[0], owner)}
            try:
                self._client.transact_write_items(
                    TransactItems=[
                        {"Put": put},
                        {
                            "Delete": {
                                "TableName": self._table,
                                "Key": {"PK": item["PK"], "SK": item["SK"]},
                                "ConditionExpression": "attribute_exists(PK)",
                            }
                        },
                    ]
                )
            except ClientError as exc:
                if exc.response["Error"]["Code"] != "TransactionCanceledException":
                    raise storage_error(exc) from exc
                continue  # another admitter took the slot or the run: look again
            except BotoCoreError as exc:
                raise storage_error(exc) from exc
            return QueuedRun(owner=owner, payload=json.loads(item["payload"]["S"]))
        return None

    def mark_queued(self, document_id: str, version: int, queued: bool) -> bool:
        """Set (only while that version still extracts) or clear the document's
        `queued_at`, which its stage and the sweeper read; False when the set was refused."""
        if not queued:
            done = conditional_write(
                lambda: self._client.update_item(
                    TableName=self._table,
                    Key=doc_key(document_id),
                    UpdateExpression="REMOVE queued_at",
                    ConditionExpression="attribute_exists(PK)",
                ),
                storage_error,
            )
            return done is not None
        done = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=doc_key(document_id),
                UpdateExpression="SET queued_at = :at",
                ConditionExpression="#st = :extracting AND version = :v",
                ExpressionAttributeNames={"#st": "status"},
                ExpressionAttributeValues={
                    ":at": {"S": self._clock().isoformat()},
                    ":extracting": {"S": "extracting"},
                    ":v": {"N": str(version)},
                },
            ),
            storage_error,
        )
        return done is not None

    # --- internals --------------------------------------------------------------

    def _now(self) -> int:
        return int(self._clock().timestamp())

    def _key(self, sk: str) -> dict[str, Any]:
        return item_key(admission_pk(self.lane), sk)

    def _free_slots(self, holders: list[Holder]) -> list[int]:
        taken = {h.slot for h in holders}
        free = [n for n in range(self.limit) if n not in taken]
        self._random.shuffle(free)
        return free

    def _holders_of(self, owner: str) -> list[Holder]:
        return [
            Holder(
                slot=int(item["SK"]["S"].removeprefix(_SLOT)),
                owner=owner,
                acquired_at=int(item.get("acquired_at", {}).get("N", "0")),
            )
            for item in self._query(_SLOT, limit=None)
            if item.get("owner", {}).get("S") == owner
        ]

    def _slot_write(self, slot: int, owner: str) -> dict[str, Any]:
        """A conditional put of `owner`'s lease on `slot`: only if it is free or expired."""
        now = self._now()
        expires = now + self._lease
        return {
            "Item": {
                **self._key(f"{_SLOT}{slot}"),
                "owner": {"S": owner},
                "acquired_at": {"N": str(now)},
                "lease_expires_at": {"N": str(expires)},
                TTL_ATTRIBUTE: {"N": str(expires + _TTL_GRACE_SECONDS)},
            },
            "ConditionExpression": "attribute_not_exists(PK) OR lease_expires_at < :now",
            "ExpressionAttributeValues": {":now": {"N": str(now)}},
        }

    def _query(
        self, prefix: str, *, limit: int | None, project: str | None = None
    ) -> list[dict[str, Any]]:
        request: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": {"S": admission_pk(self.lane)},
                ":prefix": {"S": prefix},
            },
            "ConsistentRead": True,
        }
        if project:
            request["ProjectionExpression"] = project
        items: list[dict[str, Any]] = []
        try:
            while True:
                if limit is not None:
                    request["Limit"] = limit - len(items)
                resp = self._client.query(**request)
                items.extend(resp.get("Items", []))
                start = resp.get("LastEvaluatedKey")
                if not start or (limit is not None and len(items) >= limit):
                    return items
                request["ExclusiveStartKey"] = start
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
