"""Bulk imports' records in the single table: `BATCH#{id}` / `META`.

A batch's record holds its documents' ids (500 UUIDs are about 20 KB, far under an
item's 400 KB); the documents themselves are read by id, 100 to a BatchGetItem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.adapters.dynamo.base import DynamoTable, storage_error, to_item
from chalicelib.adapters.dynamo.documents import batch_get_documents
from chalicelib.adapters.table import conditional_write, item_key
from chalicelib.errors import DocumentStateConflictError
from chalicelib.models import Batch

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from chalicelib.models import Document


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
