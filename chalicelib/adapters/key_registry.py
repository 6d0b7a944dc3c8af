"""Which person owns which partner API key, on the single table.

Items: `APIKEY#{key_id}` / `OWNER` (the lookup a partner's request needs: its key id,
from API Gateway's request context, to the owner) and `USER#{owner}` /
`APIKEY#{created_at}#{key_id}` (the owner's list). Both are written in one transaction,
and a revocation flips `enabled` on both. The key's value is never stored: API Gateway
holds it, and the owner sees it once. The callback signing secret is stored (it must sign later).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import item_key
from chalicelib.errors import StorageUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


@dataclass(frozen=True)
class KeyRecord:
    """A partner key as its owner sees it: no value, just what it is and whether it works."""

    key_id: str
    owner_id: str
    name: str
    created_at: datetime
    enabled: bool
    callback_secret: str | None = None  # signs callbacks; the partner saw it once


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

    def disable(self, record: KeyRecord) -> None:
        """Mark the key revoked on both items."""
        try:
            self._client.transact_write_items(
                TransactItems=[
                    {
                        "Update": {
                            "TableName": self._table,
                            "Key": key,
                            "UpdateExpression": "SET enabled = :false",
                            "ExpressionAttributeValues": {":false": {"BOOL": False}},
                        }
                    }
                    for key in (_lookup_key(record.key_id), _list_key(record))
                ]
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc


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
    }


def _record(item: dict[str, Any]) -> KeyRecord:
    return KeyRecord(
        key_id=item["key_id"]["S"],
        owner_id=item["owner_id"]["S"],
        name=item["name"]["S"],
        created_at=datetime.fromisoformat(item["created_at"]["S"]),
        enabled=item["enabled"]["BOOL"],
        callback_secret=item.get("callback_secret", {}).get("S"),
    )
