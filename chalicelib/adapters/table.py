"""What every adapter on the single table shares: key shape, the TTL attribute, conditions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from botocore.exceptions import ClientError

CONDITION_FAILED = "ConditionalCheckFailedException"
# The documents table's TimeToLiveSpecification.AttributeName (infra/template.yaml).
TTL_ATTRIBUTE = "expires_at"


def item_key(pk: str, sk: str) -> dict[str, Any]:
    """An item's key in DynamoDB's wire form."""
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def is_condition_failed(exc: ClientError) -> bool:
    """Whether a write was refused by its condition (control flow, not trouble)."""
    return exc.response.get("Error", {}).get("Code") == CONDITION_FAILED
