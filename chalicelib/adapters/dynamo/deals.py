"""Deals named before deals bore their first document's id: an alias of each, `DEAL#{id}` /
`META`, holding its owner.

A deal made now is found through the document that opened it (its id is that document's).
One made earlier by `POST /v1/deals` has a random id no document has; the backfill
(`python -m infra.backfill_user_listing`) writes an alias for each such deal once, so a
reviewer or a regional admin finds its owner's deal the same way. Nothing else writes one.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import DynamoTable, doc_key, from_item, storage_error
from chalicelib.adapters.table import item_key, put_new_item


def deal_alias_key(deal_id: str) -> dict[str, Any]:
    """The alias of a deal whose id is no document's."""
    return item_key(f"DEAL#{deal_id}", "META")


class DynamoDealAliases(DynamoTable):
    """The owners of deals named before deals bore their first document's id."""

    def deal_owner(self, deal_id: str) -> str | None:
        """The owner of a deal the backfill gave an alias; None for any other id."""
        item = self._get_item(deal_alias_key(deal_id))
        return str(item["owner_id"]) if item else None

    def alias_unnamed_deals(self) -> int:
        """Write an alias for each deal whose id is not its opening document's (a one-off
        Scan; safe to rerun: each alias is written once); how many were written."""
        owners = self._deals_and_owners()
        added = 0
        for deal_id, owner_id in sorted(owners.items()):
            root = self._get_item(doc_key(deal_id))
            if root is not None and root.get("deal_id") == deal_id:
                continue  # found through its opening document already
            item = {
                **deal_alias_key(deal_id),
                "owner_id": {"S": owner_id},
                "deal_id": {"S": deal_id},
            }
            if put_new_item(self._client, self._table, item, storage_error):
                added += 1
        return added

    def _deals_and_owners(self) -> dict[str, str]:
        """Every deal id on a document's record, with the document's owner."""
        scan: dict[str, Any] = {
            "TableName": self._table,
            "FilterExpression": "SK = :meta AND begins_with(PK, :doc) "
            "AND attribute_exists(deal_id)",
            "ExpressionAttributeValues": {":meta": {"S": "META"}, ":doc": {"S": "DOC#"}},
            "ProjectionExpression": "deal_id, owner_id",
        }
        owners: dict[str, str] = {}
        while True:
            try:
                resp = self._client.scan(**scan)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            for item in resp.get("Items", []):
                values = from_item(item)
                owners.setdefault(str(values["deal_id"]), str(values["owner_id"]))
            if "LastEvaluatedKey" not in resp:
                return owners
            scan["ExclusiveStartKey"] = resp["LastEvaluatedKey"]
