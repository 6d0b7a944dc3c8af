"""Bulk imports' records in the single table: `BATCH#{id}` / `META`.

A zip's batch moves awaiting_upload -> unpacking -> open (or failed) by conditional
updates, so a duplicate S3 notification of the same zip never unpacks it twice.

A batch's record holds its documents' ids (500 UUIDs are about 20 KB, far under an
item's 400 KB); the documents themselves are read by id, 100 to a BatchGetItem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.adapters.dynamo.base import DynamoTable, from_item, storage_error, to_item
from chalicelib.adapters.dynamo.documents import batch_get_documents
from chalicelib.adapters.table import conditional_write, item_key
from chalicelib.errors import DocumentStateConflictError
from chalicelib.models import Batch

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from chalicelib.models import Document, DocumentError


def batch_key(batch_id: str) -> dict[str, Any]:
    """A batch's record."""
    return item_key(f"BATCH#{batch_id}", "META")


class DynamoBatches(DynamoTable):
    """Batches' records, and their documents read in bulk."""

    def create_batch(self, batch: Batch) -> None:
        """Store a new batch; never over an existing one (its id is a fresh UUID)."""
        stored = conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item={**batch_key(batch.batch_id), **to_item(batch.model_dump(mode="json"))},
                ConditionExpression="attribute_not_exists(PK)",
            ),
            storage_error,
        )
        if stored is None:
            raise DocumentStateConflictError(f"Batch {batch.batch_id} exists already.")

    def get_batch(self, batch_id: str) -> Batch | None:
        """The batch, if there is one."""
        item = self._get_item(batch_key(batch_id))
        return Batch.model_validate(item) if item else None

    def batch_documents(self, document_ids: Sequence[str]) -> list[Document]:
        """The batch's documents, in the batch's order."""
        found = {
            d.document_id: d
            for d in batch_get_documents(self._client, self._table, list(document_ids))
        }
        return [found[doc_id] for doc_id in document_ids if doc_id in found]

    def claim_import(self, batch_id: str) -> Batch | None:
        """Move a zip's batch from awaiting_upload to unpacking; None when another event
        (a duplicate S3 notification) claimed it first, or it is no such batch."""
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=batch_key(batch_id),
                UpdateExpression="SET #state = :unpacking",
                ConditionExpression="#state = :awaiting",
                ExpressionAttributeNames={"#state": "state"},
                ExpressionAttributeValues={
                    ":unpacking": {"S": "unpacking"},
                    ":awaiting": {"S": "awaiting_upload"},
                },
                ReturnValues="ALL_NEW",
            ),
            storage_error,
        )
        return Batch.model_validate(from_item(resp["Attributes"])) if resp else None

    def open_import(
        self, batch_id: str, document_ids: Sequence[str], skipped: Sequence[str]
    ) -> None:
        """The zip's documents, once made; the batch is open."""
        self._finish_import(
            batch_id,
            "SET #state = :open, document_ids = :ids, skipped = :skipped",
            {
                ":open": {"S": "open"},
                ":ids": {"L": [{"S": doc_id} for doc_id in document_ids]},
                ":skipped": {"L": [{"S": name} for name in skipped]},
            },
        )

    def fail_import(self, batch_id: str, error: DocumentError) -> None:
        """The zip could not be opened (or paid for): the batch failed, with why."""
        self._finish_import(
            batch_id,
            "SET #state = :failed, #error = :error",
            {":failed": {"S": "failed"}, ":error": to_item({"e": error.model_dump()})["e"]},
            {"#error": "error"},
        )

    def _finish_import(
        self,
        batch_id: str,
        update: str,
        values: dict[str, Any],
        names: dict[str, str] | None = None,
    ) -> None:
        done = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=batch_key(batch_id),
                UpdateExpression=update,
                ConditionExpression="#state = :unpacking",
                ExpressionAttributeNames={"#state": "state", **(names or {})},
                ExpressionAttributeValues={**values, ":unpacking": {"S": "unpacking"}},
            ),
            storage_error,
        )
        if done is None:
            raise DocumentStateConflictError(f"Batch {batch_id} is not being unpacked.")
