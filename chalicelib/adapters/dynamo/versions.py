"""Documents' versions (`Versions`): `DOC#{id}`/`VERSION#{n:04d}` items, the record's
current version, and roll-back audit items `DOC#{id}`/`AUDIT#{at}#{id}`.

The version counter is the record's `latest_version` (absent: only v1 so far). A new
version is one transaction: the record moves to it only if its version, status and
counter are still what the caller read, and the new version's item is put only if it does
not exist. Two requests at once both read n; one commits n+1, the other is refused, reads
again and commits n+2. Never two of the same number.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import (
    DynamoTable,
    doc_key,
    from_item,
    now,
    set_clause,
    storage_error,
    to_item,
    user_key,
)
from chalicelib.adapters.dynamo.deadlines import deadline_item
from chalicelib.adapters.table import conditional_write, item_key
from chalicelib.errors import DocumentStateConflictError, InsufficientCreditsError
from chalicelib.models import DocumentStatus
from chalicelib.versions.records import (
    AUDIT_SK_PREFIX,
    VERSION_SK_PREFIX,
    RestoreAudit,
    VersionRecord,
    version_sk,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from chalicelib.models import Document
    from chalicelib.ports import Deadline


def version_key(document_id: str, version: int) -> dict[str, Any]:
    """One version's item."""
    return item_key(f"DOC#{document_id}", version_sk(version))


class DynamoVersions(DynamoTable):
    """Versions' items and the writes that change a document's current version."""

    def list_versions(self, document_id: str) -> list[VersionRecord]:
        """The document's version items, oldest first."""
        items = self._query_prefix(document_id, VERSION_SK_PREFIX)
        return [VersionRecord.model_validate(item) for item in items]

    def get_version(self, document_id: str, version: int) -> VersionRecord | None:
        """One version's item, if it has one."""
        item = self._get_item(version_key(document_id, version))
        return VersionRecord.model_validate(item) if item else None

    def audit_log(self, document_id: str) -> list[RestoreAudit]:
        """The document's roll-backs, oldest first."""
        items = self._query_prefix(document_id, AUDIT_SK_PREFIX)
        return [RestoreAudit.model_validate(item) for item in items]

    def open_version(
        self,
        current: Document,
        *,
        head: Mapping[str, Any],
        opened: VersionRecord,
        replaced: VersionRecord,
        charge: bool,
        deadline: Deadline,
    ) -> None:
        """Make `opened` current in one transaction (see the port)."""
        doc_id = current.document_id
        sets, names, values = set_clause({**head, "updated_at": now()})
        names["#st"] = "status"
        values[":cur"] = {"N": str(current.version)}
        values[":cur_status"] = {"S": current.status.value}
        condition = (
            "attribute_exists(PK) AND attribute_not_exists(deleted_at) "
            "AND version = :cur AND #st = :cur_status AND "
        )
        if current.latest_version is None:
            condition += "attribute_not_exists(latest_version)"
        else:
            condition += "latest_version = :latest"
            values[":latest"] = {"N": str(current.latest_version)}
        items: list[Any] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": doc_key(doc_id),
                    "UpdateExpression": sets,
                    "ConditionExpression": condition,
                    "ExpressionAttributeNames": names,
                    "ExpressionAttributeValues": values,
                }
            },
            {
                "Put": {
                    "TableName": self._table,
                    "Item": self._version_item(opened),
                    "ConditionExpression": "attribute_not_exists(PK)",
                }
            },
            {"Put": {"TableName": self._table, "Item": self._version_item(replaced)}},
            {"Put": {"TableName": self._table, "Item": deadline_item(deadline)}},
        ]
        if charge:
            items.append(
                {
                    "Update": {
                        "TableName": self._table,
                        "Key": user_key(current.owner_id),
                        "UpdateExpression": "SET credits_left = credits_left - :one",
                        "ConditionExpression": "credits_left > :zero",
                        "ExpressionAttributeValues": {":one": {"N": "1"}, ":zero": {"N": "0"}},
                    }
                }
            )
        reasons = self._transact(items)
        if reasons is None:
            return
        if charge and reasons[-1] == "ConditionalCheckFailed" and reasons[0] != reasons[-1]:
            raise InsufficientCreditsError
        raise DocumentStateConflictError("Another version was opened at the same time.")

    def restore_version(
        self,
        current: Document,
        *,
        head: Mapping[str, Any],
        replaced: VersionRecord,
        audit: RestoreAudit,
    ) -> None:
        """Make an older version current again in one transaction (see the port)."""
        doc_id = current.document_id
        sets, names, values = set_clause({**head, "updated_at": now()})
        names["#st"] = "status"
        values.update(
            {
                ":cur": {"N": str(current.version)},
                ":done": {"S": DocumentStatus.DONE.value},
                ":failed": {"S": DocumentStatus.FAILED.value},
            }
        )
        audit_item = {
            **item_key(f"DOC#{doc_id}", f"{AUDIT_SK_PREFIX}{audit.at.isoformat()}#{uuid.uuid4()}"),
            **to_item(audit.model_dump(mode="json")),
        }
        items: list[Any] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": doc_key(doc_id),
                    "UpdateExpression": sets,
                    "ConditionExpression": (
                        "attribute_exists(PK) AND attribute_not_exists(deleted_at) "
                        "AND version = :cur AND #st IN (:done, :failed)"
                    ),
                    "ExpressionAttributeNames": names,
                    "ExpressionAttributeValues": values,
                }
            },
            {"Put": {"TableName": self._table, "Item": self._version_item(replaced)}},
            {
                "Update": {
                    "TableName": self._table,
                    "Key": version_key(doc_id, audit.to_version),
                    "UpdateExpression": "SET is_current = :true REMOVE replaced_by",
                    "ConditionExpression": "attribute_exists(PK)",
                    "ExpressionAttributeValues": {":true": {"BOOL": True}},
                }
            },
            {"Put": {"TableName": self._table, "Item": audit_item}},
        ]
        if self._transact(items) is not None:
            raise DocumentStateConflictError(
                "The document changed meanwhile; read its versions again."
            )

    def record_arrival(self, document_id: str, version: int, *, sha256: str) -> None:
        """The file's SHA-256 on the record, only while this version is current."""
        conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=doc_key(document_id),
                UpdateExpression="SET sha256 = :sha",
                ConditionExpression="attribute_exists(PK) AND version = :v",
                ExpressionAttributeValues={":sha": {"S": sha256}, ":v": {"N": str(version)}},
            ),
            storage_error,
        )

    def _version_item(self, record: VersionRecord) -> dict[str, Any]:
        return {
            **version_key(record.document_id, record.version),
            **to_item(record.model_dump(mode="json")),
        }

    def _transact(self, items: list[Any]) -> list[str] | None:
        """Run a transaction: None when it committed, else each item's cancellation code."""
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "TransactionCanceledException":
                raise storage_error(exc) from exc
            reasons = exc.response.get("CancellationReasons", [])
            return [str(reason.get("Code", "None")) for reason in reasons] or ["Unknown"]
        except BotoCoreError as exc:
            raise storage_error(exc) from exc
        return None

    def _query_prefix(self, document_id: str, prefix: str) -> list[dict[str, Any]]:
        query: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": {"S": f"DOC#{document_id}"},
                ":prefix": {"S": prefix},
            },
            "ConsistentRead": True,
        }
        found: list[dict[str, Any]] = []
        while True:
            try:
                resp = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            found += [from_item(item) for item in resp.get("Items", [])]
            last = resp.get("LastEvaluatedKey")
            if not last:
                return found
            query["ExclusiveStartKey"] = last
