"""Notes to the sweeper (`Deadlines`): `DEADLINE` / `{due_at}#{id}#{status}`, one
partition read in key order, so the due ones come first."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import DynamoTable, from_item, storage_error, to_item
from chalicelib.adapters.table import item_key
from chalicelib.models import DocumentStatus
from chalicelib.ports import Deadline


class DynamoDeadlines(DynamoTable):
    """The sweeper's deadlines."""

    def add_deadline(self, deadline: Deadline) -> None:
        """Ask the sweeper to look at a document later."""
        try:
            self._client.put_item(TableName=self._table, Item=deadline_item(deadline))
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc

    def due_deadlines(self, now: datetime, limit: int) -> list[Deadline]:
        """Deadlines due at `now`, oldest first."""
        try:
            resp = self._client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk AND SK <= :now",
                ExpressionAttributeValues={
                    ":pk": {"S": "DEADLINE"},
                    ":now": {"S": f"{now.isoformat()}#~"},
                },
                Limit=limit,
            )
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        return [
            Deadline(
                document_id=str(row["document_id"]),
                expected_status=DocumentStatus(str(row["expected_status"])),
                due_at=datetime.fromisoformat(str(row["due_at"])),
                action=_action(row.get("action")),
                attempt=int(row.get("attempt", 0)),
                version=int(row["version"]) if row.get("version") is not None else None,
            )
            for row in (from_item(item) for item in resp.get("Items", []))
        ]

    def remove_deadline(self, deadline: Deadline) -> None:
        """Forget a deadline the sweeper has handled."""
        try:
            self._client.delete_item(
                TableName=self._table,
                Key=item_key("DEADLINE", _deadline_sk(deadline)),
            )
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc


def _action(value: object) -> Literal["expire", "callback", "import"]:
    """A stored deadline's action (`expire` for those stored before actions were)."""
    if value == "callback":
        return "callback"
    return "import" if value == "import" else "expire"


def deadline_item(deadline: Deadline) -> dict[str, Any]:
    """A deadline's item: also written inside the transaction that creates a document."""
    return {
        "PK": {"S": "DEADLINE"},
        "SK": {"S": _deadline_sk(deadline)},
        **to_item(
            {
                "document_id": deadline.document_id,
                "expected_status": deadline.expected_status.value,
                "due_at": deadline.due_at.isoformat(),
                "action": deadline.action,
                "attempt": deadline.attempt,
                "version": deadline.version,  # left out when None
            }
        ),
    }


def _deadline_sk(deadline: Deadline) -> str:
    key = f"{deadline.due_at.isoformat()}#{deadline.document_id}#{deadline.expected_status.value}"
    return key if deadline.action == "expire" else f"{key}#{deadline.action}"
