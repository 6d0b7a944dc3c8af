"""Bulk imports' records in the single table: `BATCH#{id}` / `META`.

A zip's batch moves awaiting_upload -> unpacking -> open (or failed) by conditional
updates, so a duplicate S3 notification of the same zip never unpacks it while another
holds it; a claim is a lease, which a crashed import's retry may take over once it passed.

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
    from datetime import datetime
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

    def claim_import(self, batch_id: str, now: datetime, lease_until: datetime) -> Batch | None:
        """Move a zip's batch to unpacking (from awaiting_upload, or from an unpacking whose
        lease has passed: a crashed import), counting the claim; None when another event (a
        duplicate S3 notification) holds it, or it is no such batch."""
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=batch_key(batch_id),
                UpdateExpression="SET #state = :unpacking, unpacking_until = :until, "
                "attempts = if_not_exists(attempts, :zero) + :one",
                ConditionExpression="#state = :awaiting OR "
                "(#state = :unpacking AND unpacking_until < :now)",
                ExpressionAttributeNames={"#state": "state"},
                ExpressionAttributeValues={
                    ":unpacking": {"S": "unpacking"},
                    ":awaiting": {"S": "awaiting_upload"},
                    ":now": {"S": now.isoformat()},
                    ":until": {"S": lease_until.isoformat()},
                    ":zero": {"N": "0"},
                    ":one": {"N": "1"},
                },
                ReturnValues="ALL_NEW",
            ),
            storage_error,
        )
        return Batch.model_validate(from_item(resp["Attributes"])) if resp else None

    def plan_import(self, batch_id: str, document_ids: Sequence[str]) -> None:
        """The documents the zip's members will be, before the first is made."""
        self._finish_import(
            batch_id,
            "SET planned = :planned",
            {":planned": {"L": [{"S": doc_id} for doc_id in document_ids]}},
        )

    def release_import(self, batch_id: str, now: datetime) -> None:
        """End the claim's lease at once (a storage error): the next try may claim it."""
        self._finish_import(
            batch_id, "SET unpacking_until = :now", {":now": {"S": now.isoformat()}}
        )

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

    def fail_import(
        self, batch_id: str, error: DocumentError, document_ids: Sequence[str] = ()
    ) -> None:
        """The zip could not be opened (or paid for): the batch failed, with why, and with
        the documents made of it before it stopped (they run, and were charged, as any)."""
        self._finish_import(
            batch_id,
            "SET #state = :failed, #error = :error, document_ids = :ids",
            {
                ":failed": {"S": "failed"},
                ":error": to_item({"e": error.model_dump()})["e"],
                ":ids": {"L": [{"S": doc_id} for doc_id in document_ids]},
            },
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
