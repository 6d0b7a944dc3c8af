"""What every adapter on the single table shares: key shape, the TTL attribute, conditions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from botocore.exceptions import BotoCoreError, ClientError

if TYPE_CHECKING:
    from collections.abc import Callable

    from mypy_boto3_dynamodb import DynamoDBClient

T = TypeVar("T")

CONDITION_FAILED = "ConditionalCheckFailedException"
# The documents table's TimeToLiveSpecification.AttributeName (infra/template.yaml).
TTL_ATTRIBUTE = "expires_at"


def item_key(pk: str, sk: str) -> dict[str, Any]:
    """An item's key in DynamoDB's wire form."""
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def is_condition_failed(exc: ClientError) -> bool:
    """Whether a write was refused by its condition (control flow, not trouble)."""
    return exc.response.get("Error", {}).get("Code") == CONDITION_FAILED


def conditional_write(
    write: Callable[[], T], storage_error: Callable[[Exception], Exception]
) -> T | None:
    """Run one conditional write: its answer, or None when its condition refused it.

    Any other failure, the service's or the connection's, is the adapter's `storage_error`.
    """
    try:
        return write()
    except ClientError as exc:
        if is_condition_failed(exc):
            return None
        raise storage_error(exc) from exc
    except BotoCoreError as exc:
        raise storage_error(exc) from exc


def get_item(
    client: DynamoDBClient,
    table: str,
    key: dict[str, Any],
    storage_error: Callable[[Exception], Exception],
) -> dict[str, Any] | None:
    """One item by its key, read consistently; None when there is none."""
    try:
        answer = client.get_item(TableName=table, Key=key, ConsistentRead=True)
    except (ClientError, BotoCoreError) as exc:
        raise storage_error(exc) from exc
    return answer.get("Item")


def put_new_item(
    client: DynamoDBClient,
    table: str,
    item: dict[str, Any],
    storage_error: Callable[[Exception], Exception],
) -> bool:
    """Create an item unless its key exists; False when it did (one conditional write)."""
    written = conditional_write(
        lambda: client.put_item(
            TableName=table, Item=item, ConditionExpression="attribute_not_exists(PK)"
        ),
        storage_error,
    )
    return written is not None
