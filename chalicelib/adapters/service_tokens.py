"""The adapters' service tokens on the single table.

Items, all in one partition (a handful of tokens, read by admins and by the exchange):

- `SERVICE_TOKENS` / `TOKEN#{token_id}`: `name`, `adapter`, `created_at`, `created_by`,
  `secret_hash` (sha256 of the secret; the secret itself is shown once and never kept),
  `revoked_at` and `revoked_by` once revoked, `last_used_at` and `uses`;
- `SERVICE_TOKENS` / `BOOTSTRAP#{adapter}`: uses of the configured token (the setting
  AUTH_SERVICE_TOKEN, the Telegram adapter's) by the exchange.

A use is one conditional UpdateItem (`secret_hash = :h AND attribute_not_exists(revoked_at)`):
the check that the token is live and its secret right, and the record of the use, are
one atomic write, so a token revoked a moment before is refused, never counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import conditional_write, item_key, put_new_item
from chalicelib.errors import StorageUnavailableError
from chalicelib.ports.accounts_admin import ServiceTokenRecord

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

PARTITION = "SERVICE_TOKENS"


def _key(token_id: str) -> dict[str, Any]:
    return item_key(PARTITION, f"TOKEN#{token_id}")


def _storage_error(exc: Exception) -> StorageUnavailableError:
    return StorageUnavailableError(f"The token table did not answer: {type(exc).__name__}")


class DynamoServiceTokens:
    """The `ServiceTokenStore` port on the single DynamoDB table."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    def add(self, record: ServiceTokenRecord, secret_hash: str) -> None:
        """Keep a new token."""
        item = {
            **_key(record.token_id),
            "token_id": {"S": record.token_id},
            "name": {"S": record.name},
            "adapter": {"S": record.adapter},
            "created_at": {"S": record.created_at},
            "created_by": {"S": record.created_by},
            "secret_hash": {"S": secret_hash},
            "uses": {"N": "0"},
        }
        if not put_new_item(self._client, self._table, item, _storage_error):
            raise StorageUnavailableError("A service token id was taken; try again.")

    def list(self) -> list[ServiceTokenRecord]:
        """Every token, newest first."""
        query: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :token)",
            "ExpressionAttributeValues": {":pk": {"S": PARTITION}, ":token": {"S": "TOKEN#"}},
        }
        items: list[dict[str, Any]] = []
        while True:
            try:
                resp = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise _storage_error(exc) from exc
            items += resp.get("Items", [])
            last = resp.get("LastEvaluatedKey")
            if not last:
                break
            query["ExclusiveStartKey"] = last
        records = [_record(item) for item in items]
        return sorted(records, key=lambda r: (r.created_at, r.token_id), reverse=True)

    def revoke(self, token_id: str, *, at: str, by: str) -> ServiceTokenRecord | None:
        """Refuse the token from now on (the first revocation's time and admin stay)."""
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_key(token_id),
                UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :at), "
                "revoked_by = if_not_exists(revoked_by, :by)",
                ConditionExpression="attribute_exists(PK)",
                ExpressionAttributeValues={":at": {"S": at}, ":by": {"S": by}},
                ReturnValues="ALL_NEW",
            ),
            _storage_error,
        )
        return _record(resp["Attributes"]) if resp else None

    def use(self, token_id: str, secret_hash: str, at: str) -> ServiceTokenRecord | None:
        """Count one use of a live token with this secret (one conditional write)."""
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_key(token_id),
                UpdateExpression="SET last_used_at = :at ADD uses :one",
                ConditionExpression="secret_hash = :h AND attribute_not_exists(revoked_at)",
                ExpressionAttributeValues={
                    ":at": {"S": at},
                    ":one": {"N": "1"},
                    ":h": {"S": secret_hash},
                },
                ReturnValues="ALL_NEW",
            ),
            _storage_error,
        )
        return _record(resp["Attributes"]) if resp else None

    def record_bootstrap_use(self, adapter: str, at: str) -> None:
        """Count one use of the configured token of `adapter`."""
        try:
            self._client.update_item(
                TableName=self._table,
                Key=item_key(PARTITION, f"BOOTSTRAP#{adapter}"),
                UpdateExpression="SET last_used_at = :at, adapter = :adapter ADD uses :one",
                ExpressionAttributeValues={
                    ":at": {"S": at},
                    ":adapter": {"S": adapter},
                    ":one": {"N": "1"},
                },
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc


def _record(item: dict[str, Any]) -> ServiceTokenRecord:
    def text(name: str) -> str | None:
        value = item.get(name)
        return value["S"] if value else None

    return ServiceTokenRecord(
        token_id=item["token_id"]["S"],
        name=item["name"]["S"],
        adapter=item["adapter"]["S"],
        created_at=item["created_at"]["S"],
        created_by=item["created_by"]["S"],
        revoked_at=text("revoked_at"),
        revoked_by=text("revoked_by"),
        last_used_at=text("last_used_at"),
        uses=int(item.get("uses", {}).get("N", "0")),
    )
