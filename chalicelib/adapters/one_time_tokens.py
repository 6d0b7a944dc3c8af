"""Mailed one-time tokens on the single table, kept by their sha256 only.

Item: `ONE_TIME#{sha256 of the token}` / `TOKEN`: `purpose` (`verify_email` or
`password_reset`), `user_id`, `email`, and `expires_at` (the table's TTL attribute). The
token itself is never stored: whoever reads the table cannot use one.

`EMAIL#{email}` / `MAILS`: `sends` and `expires_at`, how many unasked-for mails (password
resets, notices of a taken address) went to an address in its current window: one
conditional UpdateItem counts a send only while the window has room, so nobody can turn
the reset route into a mail cannon aimed at somebody's inbox (or at our SES reputation).

A token is consumed by one conditional DeleteItem (`purpose = :p AND expires_at > :now`,
returning the old item): of two requests racing with the same token, exactly one gets it,
and an expired token is refused even while TTL (which lags) has not removed it yet.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import (
    TTL_ATTRIBUTE,
    conditional_write,
    is_condition_failed,
    item_key,
    put_new_item,
)
from chalicelib.errors import StorageUnavailableError
from chalicelib.ports.accounts_admin import OneTimeGrant

if TYPE_CHECKING:
    from datetime import datetime

    from mypy_boto3_dynamodb import DynamoDBClient

    from chalicelib.ports.accounts_admin import TokenPurpose


def _key(token_hash: str) -> dict[str, Any]:
    return item_key(f"ONE_TIME#{token_hash}", "TOKEN")


def _storage_error(exc: Exception) -> StorageUnavailableError:
    return StorageUnavailableError(f"The token table did not answer: {type(exc).__name__}")


class DynamoOneTimeTokens:
    """The `OneTimeTokens` port on the single DynamoDB table."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    def add(self, token_hash: str, grant: OneTimeGrant, *, expires_at: datetime) -> None:
        """Keep a new token's hash until `expires_at`."""
        item = {
            **_key(token_hash),
            "purpose": {"S": grant.purpose},
            "user_id": {"S": grant.user_id},
            "email": {"S": grant.email},
            TTL_ATTRIBUTE: {"N": str(math.ceil(expires_at.timestamp()))},
        }
        # 256 random bits: a clash is impossible in practice, and refused if it happened.
        if not put_new_item(self._client, self._table, item, _storage_error):
            raise StorageUnavailableError("A one-time token could not be kept.")

    def reserve_mail(self, email: str, now: datetime, *, limit: int, window_seconds: int) -> bool:
        """Count one more mail to `email` unless `limit` went in its live window; a new window
        when the last one has ended. False: send nothing."""
        key = item_key(f"EMAIL#{email}", "MAILS")
        names = {"#ttl": TTL_ATTRIBUTE}
        now_s = {"N": str(math.floor(now.timestamp()))}
        try:
            self._client.update_item(
                TableName=self._table,
                Key=key,
                UpdateExpression="ADD sends :one",
                ConditionExpression="#ttl > :now AND sends < :limit",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues={
                    ":one": {"N": "1"},
                    ":now": now_s,
                    ":limit": {"N": str(limit)},
                },
            )
        except ClientError as exc:
            if not is_condition_failed(exc):
                raise _storage_error(exc) from exc
        except BotoCoreError as exc:
            raise _storage_error(exc) from exc
        else:
            return True
        # No live window with room: start one over a missing or ended window (a full live
        # one, or a racing start, refuses this write: no mail then).
        window = {
            **key,
            "sends": {"N": "1"},
            TTL_ATTRIBUTE: {"N": str(math.ceil(now.timestamp() + window_seconds))},
        }
        started = conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item=window,
                ConditionExpression="attribute_not_exists(PK) OR #ttl <= :now",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues={":now": now_s},
            ),
            _storage_error,
        )
        return started is not None

    def consume(self, token_hash: str, purpose: TokenPurpose, now: datetime) -> OneTimeGrant | None:
        """Spend a live token of this purpose (one conditional delete); None otherwise."""
        try:
            resp = self._client.delete_item(
                TableName=self._table,
                Key=_key(token_hash),
                ConditionExpression="purpose = :p AND #ttl > :now",
                ExpressionAttributeNames={"#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues={
                    ":p": {"S": purpose},
                    ":now": {"N": str(math.floor(now.timestamp()))},
                },
                ReturnValues="ALL_OLD",
            )
        except ClientError as exc:
            if is_condition_failed(exc):
                return None
            raise _storage_error(exc) from exc
        except BotoCoreError as exc:
            raise _storage_error(exc) from exc
        old = resp.get("Attributes")
        if not old:
            return None
        return OneTimeGrant(purpose=purpose, user_id=old["user_id"]["S"], email=old["email"]["S"])
