"""Usage per day on the single table: counters written with the writes they count.

Why counters and not a query: the admins' `GET /v1/admin/usage?days=30` would otherwise
read every document of the period (a GSI keyed by day, or a Scan); with counters it reads
30 small items and 30 small COUNT queries, whatever the volume.

Items, one partition per day (`{day}` is the UTC date, `2026-12-01`), each with the
table's TTL (`USAGE_RETENTION_DAYS`):

- `USAGE#{day}` / `TOTALS`: `documents_created`, `credits_spent` (ADDed in the very
  transaction that takes the credit and creates the document), `credits_refunded`
  (ADDed in the refund's transaction, which runs once per document), `documents_done`
  and `documents_failed` (see below);
- `USAGE#{day}` / `ACTIVE#{user_id}`: a user who created a document that day, Put in the
  create transaction (a Put of the same marker again changes nothing); `active_users` is
  a COUNT query of these, so a distinct count needs no read-modify-write;
- `USAGE#{day}` / `OUTCOME#{document_id}#{status}`: that the document's outcome was
  counted. A document reaches `done` or `failed` through conditional updates that retries
  and redrives may repeat; its outcome is counted by one transaction (Put this marker if
  absent + ADD to the totals), so a repeat is refused by the marker and counts nothing.
  That transaction follows the status write (it is not part of it): a crash between
  the two loses that one count, never doubles it.
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import DynamoTable, storage_error
from chalicelib.adapters.table import TTL_ATTRIBUTE, item_key
from chalicelib.ports.accounts_admin import DailyTotals

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

# Kept a little over a year: enough for a year-on-year look, then TTL sweeps them.
USAGE_RETENTION_DAYS = 400
_COUNTERS = (
    "documents_created",
    "documents_done",
    "documents_failed",
    "credits_spent",
    "credits_refunded",
)
Outcome = Literal["done", "failed"]


def usage_pk(day: date) -> str:
    """The partition of one day's usage."""
    return f"USAGE#{day.isoformat()}"


def _expiry(day: date) -> dict[str, str]:
    end = datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=USAGE_RETENTION_DAYS)
    return {"N": str(math.ceil(end.timestamp()))}


def _add_totals(table: str, day: date, counts: dict[str, int]) -> TransactWriteItemTypeDef:
    names = {f"#c{i}": name for i, name in enumerate(counts)}
    adds = ", ".join(f"#c{i} :c{i}" for i in range(len(counts)))
    values: dict[str, Any] = {f":c{i}": {"N": str(n)} for i, n in enumerate(counts.values())}
    values[":exp"] = _expiry(day)
    return {
        "Update": {
            "TableName": table,
            "Key": item_key(usage_pk(day), "TOTALS"),
            "UpdateExpression": f"ADD {adds} SET #ttl = :exp",
            "ExpressionAttributeNames": {**names, "#ttl": TTL_ATTRIBUTE},
            "ExpressionAttributeValues": values,
        }
    }


def usage_of_new_document(
    table: str, owner_id: str, at: datetime
) -> list[TransactWriteItemTypeDef]:
    """The writes a new document's transaction adds: a document and a credit counted, and
    its owner active that day."""
    day = at.astimezone(UTC).date()
    return [
        _add_totals(table, day, {"documents_created": 1, "credits_spent": 1}),
        {
            "Put": {
                "TableName": table,
                "Item": {
                    **item_key(usage_pk(day), f"ACTIVE#{owner_id}"),
                    TTL_ATTRIBUTE: _expiry(day),
                },
            }
        },
    ]


def usage_of_refund(table: str, at: datetime) -> TransactWriteItemTypeDef:
    """The write a refund's transaction adds: a credit given back that day."""
    return _add_totals(table, at.astimezone(UTC).date(), {"credits_refunded": 1})


def count_outcome(
    client: DynamoDBClient, table: str, document_id: str, outcome: Outcome, at: datetime
) -> bool:
    """Count a document's outcome on `at`'s day once (a marker and the ADD, one
    transaction); False when it was counted already."""
    day = at.astimezone(UTC).date()
    marker: TransactWriteItemTypeDef = {
        "Put": {
            "TableName": table,
            "Item": {
                **item_key(usage_pk(day), f"OUTCOME#{document_id}#{outcome}"),
                TTL_ATTRIBUTE: _expiry(day),
            },
            "ConditionExpression": "attribute_not_exists(PK)",
        }
    }
    add = _add_totals(table, day, {f"documents_{outcome}": 1})
    try:
        client.transact_write_items(TransactItems=[marker, add])
    except ClientError as exc:
        if exc.response["Error"]["Code"] == "TransactionCanceledException":
            return False
        raise storage_error(exc) from exc
    except BotoCoreError as exc:
        raise storage_error(exc) from exc
    return True


class DynamoUsage(DynamoTable):
    """The `UsageStatistics` port: each day's totals and its active users."""

    def daily_totals(self, days: list[date]) -> list[DailyTotals]:
        """Each day's totals, in the order asked; a day without activity is all zeros."""
        totals = self._totals(days)
        return [
            DailyTotals(
                day=day,
                **{name: totals.get(day, {}).get(name, 0) for name in _COUNTERS},
                active_users=self._active_users(day),
            )
            for day in days
        ]

    def _totals(self, days: list[date]) -> dict[date, dict[str, int]]:
        found: dict[date, dict[str, int]] = {}
        for start in range(0, len(days), 100):  # BatchGetItem's most
            batch = days[start : start + 100]
            keys: list[Any] = [item_key(usage_pk(day), "TOTALS") for day in batch]
            request: Any = {self._table: {"Keys": keys, "ConsistentRead": True}}
            while request:
                try:
                    resp = self._client.batch_get_item(RequestItems=request)
                except (ClientError, BotoCoreError) as exc:
                    raise storage_error(exc) from exc
                for item in resp["Responses"].get(self._table, []):
                    day = date.fromisoformat(item["PK"]["S"].removeprefix("USAGE#"))
                    found[day] = {name: int(item[name]["N"]) for name in _COUNTERS if name in item}
                request = resp.get("UnprocessedKeys") or None
        return found

    def _active_users(self, day: date) -> int:
        return self._count(
            {
                "KeyConditionExpression": "PK = :pk AND begins_with(SK, :active)",
                "ExpressionAttributeValues": {
                    ":pk": {"S": usage_pk(day)},
                    ":active": {"S": "ACTIVE#"},
                },
            }
        )
