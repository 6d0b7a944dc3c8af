"""What the table's four adapters share: the table, its client, keys and the item codec.

Keys: `USER#{id}`/`PROFILE`, `DOC#{id}`/`META`, `REVIEWS`/`DOC#{id}`,
`DEADLINE`/`{due_at}#{id}#{status}`; GSI1 lists a user's documents
(`USER#{id}` / `DOC#{created_at}#{id}`), GSI2 a province's (`REGION#{province}` /
`DOC#{created_at}#{id}`). The key builders live here, not with their
port's adapter, because one transaction crosses ports: a document is created with its
owner's credit and its first deadline, and refunded against its owner's profile.
"""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import boto3
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import get_item, item_key
from chalicelib.errors import InvalidRequestError, StorageUnavailableError
from chalicelib.models import Document

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from mypy_boto3_dynamodb import DynamoDBClient

_serializer = TypeSerializer()
_deserializer = TypeDeserializer()


class DynamoTable:
    """One of the table's adapters: the table's name and the client it talks through."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    def _count(self, query: dict[str, Any]) -> int:
        """How many items a query matches, over every page (`Select: COUNT`: no item read
        out, though DynamoDB still reads them)."""
        query = {"TableName": self._table, **query, "Select": "COUNT"}
        total = 0
        while True:
            try:
                resp = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            total += int(resp.get("Count", 0))
            last = resp.get("LastEvaluatedKey")
            if not last:
                return total
            query["ExclusiveStartKey"] = last

    def _get_item(self, key: dict[str, Any]) -> dict[str, Any] | None:
        """One item by its key, read consistently and decoded; None when there is none."""
        item = get_item(self._client, self._table, key, storage_error)
        return from_item(item) if item else None


def to_item(values: Mapping[str, Any]) -> dict[str, Any]:
    """DynamoDB attribute values; floats become Decimals, None attributes are left out."""
    plain = json.loads(json.dumps(values, default=str), parse_float=Decimal)
    return {k: _serializer.serialize(v) for k, v in plain.items() if v is not None}


def from_item(item: Mapping[str, Any]) -> dict[str, Any]:
    """Plain values of DynamoDB attribute values."""
    return {k: _deserializer.deserialize(v) for k, v in item.items()}


def document_from_item(item: Mapping[str, Any]) -> Document:
    """A document's record as DynamoDB returns it."""
    return Document.model_validate(from_item(item))


def doc_key(document_id: str) -> dict[str, Any]:
    """A document's record."""
    return item_key(f"DOC#{document_id}", "META")


def user_key(user_id: str) -> dict[str, Any]:
    """A user's profile, which holds the credits."""
    return item_key(f"USER#{user_id}", "PROFILE")


# GSI1's partition of every user's profile (the admins' list), beside the owners' documents.
USERS_LISTING = "USERS"


def user_listing_attributes(user_id: str, created_at: str) -> dict[str, Any]:
    """A profile's place in the admins' list of users: GSI1, `USERS` / `USER#{at}#{id}`."""
    return {
        "created_at": {"S": created_at},
        "GSI1PK": {"S": USERS_LISTING},
        "GSI1SK": {"S": f"USER#{created_at}#{user_id}"},
    }


def storage_error(exc: Exception) -> StorageUnavailableError:
    """What any failure of the table, other than a refused condition, is to a caller."""
    return StorageUnavailableError(f"The document database did not answer: {type(exc).__name__}")


def set_clause(
    fields: Mapping[str, Any], *, also_set: Sequence[str] = ()
) -> tuple[str, dict[str, str], dict[str, Any]]:
    """`SET #f0 = :v0, ...` and `REMOVE` for None values, with names and values; `also_set`
    adds assignments written by the caller (`#n = #n + :one`), names and values its own."""
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    sets: list[str] = list(also_set)
    removes: list[str] = []
    for i, (name, value) in enumerate(fields.items()):
        names[f"#f{i}"] = name
        if value is None:
            removes.append(f"#f{i}")
            continue
        values[f":v{i}"] = to_item({"v": value})["v"]
        sets.append(f"#f{i} = :v{i}")
    expression = ("SET " + ", ".join(sets)) if sets else ""
    if removes:
        expression += " REMOVE " + ", ".join(removes)
    return expression.strip(), names, values


def now() -> str:
    """The time of a write, as the records keep it."""
    return datetime.now(UTC).isoformat()


def encode_cursor(key: Mapping[str, Any]) -> str:
    """DynamoDB's LastEvaluatedKey as an opaque URL-safe token."""
    return base64.urlsafe_b64encode(json.dumps(dict(key), sort_keys=True).encode()).decode()


# What GSI1's LastEvaluatedKey holds: the table's key and the index's, each a string.
GSI1_CURSOR_ATTRIBUTES = frozenset({"PK", "SK", "GSI1PK", "GSI1SK"})
_CURSOR_VALUE = re.compile(r"[\x21-\x7e]{1,200}")  # printable ASCII, as our keys are
_MAX_CURSOR = 1024


def decode_gsi1_cursor(
    cursor: str, *, gsi1pk: str, sk: str, prefix: str, index: str = "GSI1"
) -> dict[str, Any]:
    """The key a cursor of one GSI1 listing stands for (partition `gsi1pk`, items whose sort
    key is `sk` and whose keys open with `prefix`); a forged or foreign one is a bad request,
    not a peek. `index="GSI2"`: the same for a listing of GSI2 (its keys named GSI2PK/SK).

    Only a key of exactly the shape this table gives out passes, so nothing a caller makes
    up reaches DynamoDB (which would refuse it as a ValidationException: a 503 for a
    client's mistake).
    """
    forged = InvalidRequestError("The cursor is not one this API gave out.")
    if len(cursor) > _MAX_CURSOR or not cursor.isascii():
        raise forged
    try:
        key = json.loads(base64.urlsafe_b64decode(cursor.encode()))
    except (ValueError, RecursionError) as exc:
        raise forged from exc
    index_pk, index_sk = f"{index}PK", f"{index}SK"
    if not isinstance(key, dict) or key.keys() != {"PK", "SK", index_pk, index_sk}:
        raise forged
    values: dict[str, str] = {}
    for name, attribute in key.items():
        if not (isinstance(attribute, dict) and attribute.keys() == {"S"}):
            raise forged
        value = attribute["S"]
        if not isinstance(value, str) or not _CURSOR_VALUE.fullmatch(value):
            raise forged
        values[name] = value
    if (
        values[index_pk] != gsi1pk
        or values["SK"] != sk
        or not values["PK"].startswith(prefix)
        or not values[index_sk].startswith(prefix)
    ):
        raise forged
    return {name: {"S": value} for name, value in values.items()}
