"""The reviewers' queue (`ReviewQueue`): `REVIEWS` / `DOC#{id}` items, listed with one
query rather than a scan of the table."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import DynamoTable, storage_error
from chalicelib.adapters.dynamo.documents import batch_get_documents
from chalicelib.adapters.table import item_key
from chalicelib.models import Document, DocumentStatus


class DynamoReviewQueue(DynamoTable):
    """The documents held for a person's decision."""

    def enqueue_review(self, document_id: str) -> None:
        """A `REVIEWS` / `DOC#{id}` item: the queue reviewers list, with no scan of the table."""
        try:
            self._client.put_item(
                TableName=self._table,
                Item={**_review_key(document_id), "document_id": {"S": document_id}},
            )
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc

    def dequeue_review(self, document_id: str) -> None:
        """Remove the queue item; an absent one is fine (decided twice, or timed out)."""
        try:
            self._client.delete_item(TableName=self._table, Key=_review_key(document_id))
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc

    def list_reviews(self, limit: int) -> list[Document]:
        """Queued documents still held for review, oldest hold first.

        A queue item can outlive its hold (the review timed out, the run failed): such
        documents are skipped here rather than trusted.
        """
        try:
            items = self._client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk",
                ExpressionAttributeValues={":pk": {"S": "REVIEWS"}},
            ).get("Items", [])
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        documents = batch_get_documents(
            self._client, self._table, [item["document_id"]["S"] for item in items]
        )
        held = [d for d in documents if d.status == DocumentStatus.IN_REVIEW]
        held.sort(key=lambda document: document.updated_at)
        return held[:limit]


def _review_key(document_id: str) -> dict[str, Any]:
    return item_key("REVIEWS", f"DOC#{document_id}")
