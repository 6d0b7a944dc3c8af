"""A counting semaphore in the single table: the cap on model calls across all executions.

Layout: one item per slot, `PK = SEMAPHORE#{name}`, `SK = SLOT#{n}` for n in
0..limit-1, holding `owner`, `lease_id` (a token unique to the acquisition),
`lease_expires_at` (epoch seconds), `acquired_at` and the table's TTL attribute
`expires_at`. A free slot is a missing item, or one whose lease has expired.

Why one item per slot and not one item with a map of leases: a condition
expression cannot count the live entries of a map, so a map needs read, then
write-if-unchanged, and every caller of every execution contends on that one
item and retries whenever anybody else wrote it, even to another slot. With
an item per slot, taking a slot is one conditional PutItem that succeeds
unless that very slot is live (`attribute_not_exists(PK) OR lease_expires_at
< :now`), DynamoDB's per-item atomicity makes two takers of one slot
impossible, and callers that try slots in a random order rarely collide.
Release is a DeleteItem and renew an UpdateItem, both conditioned on our
`lease_id`, so a holder whose lease expired and was taken over cannot touch
the new holder's slot.

Acquire first reads the partition (one strongly consistent Query of at most
`limit` small items) and tries only the slots that look free: when all are
taken, the common case under load, it costs one read instead of `limit`
failed writes. The read only steers; the conditional write decides.

Expiry compares the callers' clocks (Lambda hosts are NTP-synchronised, off
by milliseconds against leases of minutes). TTL only sweeps slot items
nobody uses any more (a renamed semaphore, a lowered limit); it is set an
hour past the lease so its lag and timing never matter to correctness. A
lowered limit ignores the slots beyond it, so leases taken there before the
change do not count against the new cap until they end.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import TTL_ATTRIBUTE, conditional_write, item_key
from chalicelib.errors import LlmCapacityExhaustedError, RetryableError, StorageUnavailableError
from chalicelib.llm.slots import SlotLease, hold_slot, new_lease_token

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from mypy_boto3_dynamodb import DynamoDBClient

_SLOT_PREFIX = "SLOT#"
_TTL_GRACE_SECONDS = 3600


def semaphore_pk(name: str) -> str:
    """The partition that holds every slot of the semaphore `name`."""
    return f"SEMAPHORE#{name}"


def slot_sk(slot: int) -> str:
    """The sort key of slot number `slot`."""
    return f"{_SLOT_PREFIX}{slot}"


def _storage_error(exc: Exception) -> StorageUnavailableError:
    return StorageUnavailableError(f"The call-slot table did not answer: {type(exc).__name__}")


class DynamoCallSlots:
    """`limit` call slots named `name` in the single table, leased for `lease_seconds`.

    `capacity_error` is what a full semaphore raises: the state machine's Retry matches
    its name (model calls by default; the lanes' OCR semaphores raise their own).
    """

    def __init__(
        self,
        table_name: str,
        name: str,
        limit: int,
        lease_seconds: int,
        *,
        clock: Callable[[], datetime],
        client: DynamoDBClient | None = None,
        capacity_error: type[RetryableError] = LlmCapacityExhaustedError,
    ) -> None:
        if limit < 1:
            raise ValueError("limit must be at least 1")
        if lease_seconds < 1:
            raise ValueError("lease_seconds must be at least 1")
        self._table = table_name
        self.name = name
        self.limit = limit
        self._lease_seconds = lease_seconds
        self._clock = clock
        self._client: DynamoDBClient = client or boto3.client("dynamodb")
        self._capacity_error = capacity_error
        # Spreading takers over the slots is all the randomness is for; no secret rides on it.
        self._random = random.Random()  # noqa: S311

    def acquire(self, owner: str) -> SlotLease:
        """Take a free or expired slot for `owner`, or raise the capacity error."""
        now = self._now()
        live = self._live_slots(now)
        candidates = [n for n in range(self.limit) if n not in live]
        self._random.shuffle(candidates)
        token = new_lease_token()
        for slot in candidates:
            if self._take(slot, owner, token, now):
                expires_at = datetime.fromtimestamp(now + self._lease_seconds, UTC)
                return SlotLease(self.name, slot, owner, token, expires_at)
        raise self._capacity_error(
            f"All {self.limit} slots of {self.name} are busy; the work will be retried."
        )

    def release(self, lease: SlotLease) -> bool:
        """Free the slot if it still carries our lease; False when it was taken over."""
        freed = conditional_write(
            lambda: self._client.delete_item(
                TableName=self._table,
                Key=self._key(lease.slot),
                ConditionExpression="lease_id = :token",
                ExpressionAttributeValues={":token": {"S": lease.token}},
            ),
            _storage_error,
        )
        return freed is not None

    def renew(self, lease: SlotLease) -> SlotLease | None:
        """Extend our lease by `lease_seconds` from now; None when it was taken over."""
        expires = self._now() + self._lease_seconds
        renewed = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=self._key(lease.slot),
                UpdateExpression="SET lease_expires_at = :exp, #ttl = :ttl",
                ConditionExpression="lease_id = :token",
                ExpressionAttributeNames={"#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues={
                    ":exp": {"N": str(expires)},
                    ":ttl": {"N": str(expires + _TTL_GRACE_SECONDS)},
                    ":token": {"S": lease.token},
                },
            ),
            _storage_error,
        )
        if renewed is None:
            return None
        return replace(lease, expires_at=datetime.fromtimestamp(expires, UTC))

    def hold(self, owner: str) -> AbstractContextManager[SlotLease]:
        """Hold one slot for the `with` block; released on exit, on exceptions too."""
        return hold_slot(self, owner)

    # --- internals -----------------------------------------------------------

    def _now(self) -> int:
        return int(self._clock().timestamp())

    def _key(self, slot: int) -> dict[str, Any]:
        return item_key(semaphore_pk(self.name), slot_sk(slot))

    def _live_slots(self, now: int) -> set[int]:
        """Slot numbers whose lease has not expired at `now`."""
        try:
            resp = self._client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk AND begins_with(SK, :prefix)",
                ProjectionExpression="SK, lease_expires_at",
                ExpressionAttributeValues={
                    ":pk": {"S": semaphore_pk(self.name)},
                    ":prefix": {"S": _SLOT_PREFIX},
                },
                ConsistentRead=True,
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc
        return {
            int(item["SK"]["S"].removeprefix(_SLOT_PREFIX))
            for item in resp.get("Items", [])
            if int(item.get("lease_expires_at", {}).get("N", "0")) >= now
        }

    def _take(self, slot: int, owner: str, token: str, now: int) -> bool:
        """One conditional write: True if the slot was free or expired and is now ours."""
        expires = now + self._lease_seconds
        # None: someone took it between our read and our write.
        taken = conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item={
                    **self._key(slot),
                    "owner": {"S": owner},
                    "lease_id": {"S": token},
                    "lease_expires_at": {"N": str(expires)},
                    "acquired_at": {"S": datetime.fromtimestamp(now, UTC).isoformat()},
                    TTL_ATTRIBUTE: {"N": str(expires + _TTL_GRACE_SECONDS)},
                },
                ConditionExpression="attribute_not_exists(PK) OR lease_expires_at < :now",
                ExpressionAttributeValues={":now": {"N": str(now)}},
            ),
            _storage_error,
        )
        return taken is not None
