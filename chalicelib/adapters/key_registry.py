"""Which person owns which partner API key, on the single table.

Items: `APIKEY#{key_id}` / `OWNER` (the lookup a partner's request needs: its key id,
from API Gateway's request context, to the owner) and `USER#{owner}` /
`APIKEY#{created_at}#{key_id}` (the owner's list). Both are written in one transaction,
and a revocation flips `enabled` on both and stamps `revoked_at`: the records stay for
audit. The key's value is never stored: API Gateway holds it, and the owner sees it once.
The callback signing secret is stored (it must sign later).

`USER#{owner}` / `APIKEY-COUNT` holds `active`, the owner's keys that work: a slot is
reserved by one conditional update (`active < limit`) before API Gateway makes a key, so
two creates at once cannot both take the last slot, and a revocation gives its slot back
in the same transaction that marks the key revoked. For an owner whose keys predate the
count, it starts from the keys they hold.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import item_key
from chalicelib.errors import StorageUnavailableError
from chalicelib.ports import KeyRecord

if TYPE_CHECKING:
    from collections.abc import Sequence

    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import TransactWriteItemTypeDef, UpdateTypeDef


class DynamoKeyRegistry:
    """Key id ↔ owner, and each owner's keys newest first."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    def add(self, record: KeyRecord) -> None:
        """Record a new key for its owner."""
        attributes = _attributes(record)
        try:
            self._client.transact_write_items(
                TransactItems=[
                    {
                        "Put": {
                            "TableName": self._table,
                            "Item": {**_lookup_key(record.key_id), **attributes},
                            "ConditionExpression": "attribute_not_exists(PK)",
                        }
                    },
                    {
                        "Put": {
                            "TableName": self._table,
                            "Item": {**_list_key(record), **attributes},
                        }
                    },
                ]
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc

    def get(self, key_id: str) -> KeyRecord | None:
        """The key's record, or None for a key we never issued."""
        try:
            item = self._client.get_item(
                TableName=self._table, Key=_lookup_key(key_id), ConsistentRead=True
            ).get("Item")
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc
        return _record(item) if item else None

    def list(self, owner_id: str) -> list[KeyRecord]:
        """The owner's keys, newest first."""
        try:
            items = self._client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk AND begins_with(SK, :sk)",
                ExpressionAttributeValues={
                    ":pk": {"S": f"USER#{owner_id}"},
                    ":sk": {"S": "APIKEY#"},
                },
                ScanIndexForward=False,
            ).get("Items", [])
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc
        return [_record(item) for item in items]

    def reserve(self, owner_id: str, limit: int) -> bool:
        """Count one more active key for the owner, unless they hold `limit` already."""
        self._start_count(owner_id)
        try:
            self._client.update_item(
                TableName=self._table,
                Key=_count_key(owner_id),
                UpdateExpression="SET active = active + :one",
                ConditionExpression="active < :limit",
                ExpressionAttributeValues={":one": {"N": "1"}, ":limit": {"N": str(limit)}},
            )
        except ClientError as exc:
            if _error_code(exc) == _CONDITION_FAILED:
                return False
            raise StorageUnavailableError from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc
        return True

    def release(self, owner_id: str) -> None:
        """Give back a reserved slot whose key was never made."""
        try:
            self._client.update_item(**_count_down(self._table, owner_id))
        except ClientError as exc:
            if _error_code(exc) != _CONDITION_FAILED:  # at zero already: nothing to give
                raise StorageUnavailableError from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc

    def revoke(self, record: KeyRecord, at: datetime) -> bool:
        """Mark the key revoked on both items and give its slot back, at once; False when
        it was revoked already (nothing changes then)."""
        self._start_count(record.owner_id)
        marks = _revocation(self._table, record, at)
        try:
            self._client.transact_write_items(
                TransactItems=[*marks, {"Update": _count_down(self._table, record.owner_id)}]
            )
        except ClientError as exc:
            reasons = [r.get("Code") for r in exc.response.get("CancellationReasons", [])]
            if _CONDITION_FAILED in reasons[:2]:
                return False
            if reasons[2:] != [_CONDITION_FAILED]:
                raise StorageUnavailableError from exc
            # The count is at zero while the key still works (it was made as the count
            # started): the key is revoked all the same.
            self._write(marks)
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc
        return True

    def _start_count(self, owner_id: str) -> None:
        """Start the owner's count from the keys they hold, unless it is kept already."""
        try:
            kept = self._client.get_item(
                TableName=self._table, Key=_count_key(owner_id), ConsistentRead=True
            ).get("Item")
            if kept:
                return
            active = sum(1 for record in self.list(owner_id) if record.enabled)
            self._client.put_item(
                TableName=self._table,
                Item={**_count_key(owner_id), "active": {"N": str(active)}},
                ConditionExpression="attribute_not_exists(PK)",
            )
        except ClientError as exc:
            if _error_code(exc) != _CONDITION_FAILED:  # else: started by a call at once
                raise StorageUnavailableError from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc

    def _write(self, items: Sequence[TransactWriteItemTypeDef]) -> None:
        try:
            self._client.transact_write_items(TransactItems=items)
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc


_CONDITION_FAILED = "ConditionalCheckFailed"


def _error_code(exc: ClientError) -> str:
    code = str(exc.response.get("Error", {}).get("Code", ""))
    return _CONDITION_FAILED if code == "ConditionalCheckFailedException" else code


def _count_key(owner_id: str) -> dict[str, Any]:
    return item_key(f"USER#{owner_id}", "APIKEY-COUNT")


def _revocation(table: str, record: KeyRecord, at: datetime) -> list[TransactWriteItemTypeDef]:
    """Both items of the key marked revoked, if they are not yet."""
    return [
        {
            "Update": {
                "TableName": table,
                "Key": key,
                "UpdateExpression": "SET enabled = :false, revoked_at = :at",
                "ConditionExpression": "enabled = :true",
                "ExpressionAttributeValues": {
                    ":false": {"BOOL": False},
                    ":true": {"BOOL": True},
                    ":at": {"S": at.isoformat()},
                },
            }
        }
        for key in (_lookup_key(record.key_id), _list_key(record))
    ]


def _count_down(table: str, owner_id: str) -> UpdateTypeDef:
    return {
        "TableName": table,
        "Key": _count_key(owner_id),
        "UpdateExpression": "SET active = active - :one",
        "ConditionExpression": "active > :zero",
        "ExpressionAttributeValues": {":one": {"N": "1"}, ":zero": {"N": "0"}},
    }


def _lookup_key(key_id: str) -> dict[str, Any]:
    return item_key(f"APIKEY#{key_id}", "OWNER")


def _list_key(record: KeyRecord) -> dict[str, Any]:
    created = record.created_at.isoformat()
    return item_key(f"USER#{record.owner_id}", f"APIKEY#{created}#{record.key_id}")


def _attributes(record: KeyRecord) -> dict[str, Any]:
    return {
        "key_id": {"S": record.key_id},
        "owner_id": {"S": record.owner_id},
        "name": {"S": record.name},
        "created_at": {"S": record.created_at.isoformat()},
        "enabled": {"BOOL": record.enabled},
        **({"callback_secret": {"S": record.callback_secret}} if record.callback_secret else {}),
        **({"revoked_at": {"S": record.revoked_at.isoformat()}} if record.revoked_at else {}),
    }


def _record(item: dict[str, Any]) -> KeyRecord:
    return KeyRecord(
        key_id=item["key_id"]["S"],
        owner_id=item["owner_id"]["S"],
        name=item["name"]["S"],
        created_at=datetime.fromisoformat(item["created_at"]["S"]),
        enabled=item["enabled"]["BOOL"],
        callback_secret=item.get("callback_secret", {}).get("S"),
        revoked_at=datetime.fromisoformat(item["revoked_at"]["S"])
        if "revoked_at" in item
        else None,
    )
