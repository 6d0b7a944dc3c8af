"""What the table's four adapters share: the table, its client, keys and the item codec.

Keys: `USER#{id}`/`PROFILE`, `DOC#{id}`/`META`, `REVIEWS`/`DOC#{id}`,
`DEADLINE`/`{due_at}#{id}#{status}`; GSI1 lists a user's documents
(`USER#{id}` / `DOC#{created_at}#{id}`). The key builders live here, not with their
port's adapter, because one transaction crosses ports: a document is created with its
owner's credit and its first deadline, and refunded against its owner's profile.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import boto3
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer

from chalicelib.adapters.table import get_item, item_key
from chalicelib.errors import StorageUnavailableError
from chalicelib.models import Document

if TYPE_CHECKING:
    from collections.abc import Mapping

    from mypy_boto3_dynamodb import DynamoDBClient

_serializer = TypeSerializer()
_deserializer = TypeDeserializer()


class DynamoTable:
    """One of the table's adapters: the table's name and the client it talks through."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

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


def set_clause(fields: Mapping[str, Any]) -> tuple[str, dict[str, str], dict[str, Any]]:
    """`SET #f0 = :v0, ...` and `REMOVE` for None values, with names and values."""
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    sets: list[str] = []
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
