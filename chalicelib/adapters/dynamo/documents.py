"""Documents' records (`Documents`) and the callbacks' progress on them
(`CallbackRecords`): conditional writes only.

A document is created in one transaction with its owner's credit taken and its first
deadline, and a refund is one transaction with its failure, guarded by conditions, so
credits never go negative and a refund happens at most once.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.access.regions import province_of
from chalicelib.adapters.dynamo.base import (
    DynamoTable,
    decode_gsi1_cursor,
    doc_key,
    document_from_item,
    encode_cursor,
    now,
    set_clause,
    storage_error,
    to_item,
    user_key,
)
from chalicelib.adapters.dynamo.deadlines import deadline_item
from chalicelib.adapters.dynamo.usage import count_outcome, usage_of_new_document, usage_of_refund
from chalicelib.adapters.table import conditional_write
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    InsufficientCreditsError,
)
from chalicelib.models import Document, DocumentError, DocumentStatus

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from mypy_boto3_dynamodb import DynamoDBClient

    from chalicelib.models import Pipeline, ReviewDecision, Route
    from chalicelib.ports import CallbackStatus, Deadline, StatusChange


class DynamoDocuments(DynamoTable):
    """Documents' records, and where their callbacks stand."""

    def create_with_reservation(self, document: Document, deadline: Deadline) -> None:
        """In one transaction: take a credit (`credits_left > 0`) and create the document."""
        doc_item = {
            **doc_key(document.document_id),
            **to_item(document.model_dump(mode="json")),
            "GSI1PK": {"S": f"USER#{document.owner_id}"},
            "GSI1SK": {"S": f"DOC#{document.created_at.isoformat()}#{document.document_id}"},
            **region_listing_keys(document),
        }
        items: list[Any] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": user_key(document.owner_id),
                    "UpdateExpression": "SET credits_left = credits_left - :one",
                    "ConditionExpression": "credits_left > :zero",
                    "ExpressionAttributeValues": {":one": {"N": "1"}, ":zero": {"N": "0"}},
                }
            },
            {
                "Put": {
                    "TableName": self._table,
                    "Item": doc_item,
                    "ConditionExpression": "attribute_not_exists(PK)",
                }
            },
            {"Put": {"TableName": self._table, "Item": deadline_item(deadline)}},
            # Usage per day (chalicelib.adapters.dynamo.usage): counted in this same write.
            *usage_of_new_document(self._table, document.owner_id, document.created_at),
        ]
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            reasons = exc.response.get("CancellationReasons", [])
            if reasons and reasons[0].get("Code") == "ConditionalCheckFailed":
                raise InsufficientCreditsError from exc
            raise storage_error(exc) from exc

    def get(self, document_id: str) -> Document | None:
        """The document, if it exists."""
        item = self._get_item(doc_key(document_id))
        return Document.model_validate(item) if item else None

    def mark_deleted(self, document_id: str, *, objects_removed: int) -> Document:
        """Stamp the record deleted and drop it from both lists (GSI1, GSI2); once, when final."""
        at = now()
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=doc_key(document_id),
                UpdateExpression=(
                    "SET deleted_at = :now, updated_at = :now, objects_removed = :n "
                    "REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK"
                ),
                ConditionExpression=(
                    "attribute_exists(PK) AND attribute_not_exists(deleted_at) "
                    "AND #st IN (:done, :failed)"
                ),
                ExpressionAttributeNames={"#st": "status"},
                ExpressionAttributeValues={
                    ":now": {"S": at},
                    ":n": {"N": str(objects_removed)},
                    ":done": {"S": DocumentStatus.DONE.value},
                    ":failed": {"S": DocumentStatus.FAILED.value},
                },
                ReturnValues="ALL_NEW",
            ),
            storage_error,
        )
        if resp is None:
            raise DocumentStateConflictError(
                "Only a finished document can be deleted, and only once."
            )
        return document_from_item(resp["Attributes"])

    def list_documents(
        self, owner_id: str, *, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        """The owner's documents from GSI1, newest first; an opaque cursor for the next page."""
        query: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "GSI1",
            "KeyConditionExpression": "GSI1PK = :owner AND begins_with(GSI1SK, :doc)",
            "ExpressionAttributeValues": {
                ":owner": {"S": f"USER#{owner_id}"},
                ":doc": {"S": "DOC#"},
            },
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            query["ExclusiveStartKey"] = _decode_cursor(cursor, owner_id)
        return self._document_page(query)

    def list_region_documents(
        self, region: str, *, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        """A region's documents from GSI2, newest first; a page and the next page's cursor.

        GSI2 partitions by province: a province's page is its partition as it is, a city's
        the same partition filtered to the city, so a page may hold fewer than `limit`
        documents (DynamoDB filters after reading `limit` items) while a cursor remains.
        """
        partition = region_partition(region)
        query: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "GSI2",
            "KeyConditionExpression": "GSI2PK = :province AND begins_with(GSI2SK, :doc)",
            "ExpressionAttributeValues": {":province": {"S": partition}, ":doc": {"S": "DOC#"}},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if region != province_of(region):
            query["FilterExpression"] = "#region = :region"
            query["ExpressionAttributeNames"] = {"#region": "region"}
            query["ExpressionAttributeValues"][":region"] = {"S": region}
        if cursor:
            query["ExclusiveStartKey"] = decode_gsi1_cursor(
                cursor, gsi1pk=partition, sk="META", prefix="DOC#", index="GSI2"
            )
        return self._document_page(query)

    def index_unlisted_documents(self) -> int:
        """Give documents made before GSI2 existed its keys (a one-off Scan; safe to rerun)."""
        added = 0
        scan: dict[str, Any] = {
            "TableName": self._table,
            "FilterExpression": "SK = :meta AND begins_with(PK, :doc) "
            "AND attribute_not_exists(GSI2PK) AND attribute_not_exists(deleted_at)",
            "ExpressionAttributeValues": {":meta": {"S": "META"}, ":doc": {"S": "DOC#"}},
        }
        while True:
            resp = self._client.scan(**scan)
            for item in resp.get("Items", []):
                document = document_from_item(item)
                keys = region_listing_keys(document)
                try:
                    self._client.update_item(
                        TableName=self._table,
                        Key=doc_key(document.document_id),
                        UpdateExpression="SET GSI2PK = :pk, GSI2SK = :sk",
                        ConditionExpression="attribute_exists(PK) AND attribute_not_exists(GSI2PK)"
                        " AND attribute_not_exists(deleted_at)",
                        ExpressionAttributeValues={":pk": keys["GSI2PK"], ":sk": keys["GSI2SK"]},
                    )
                except ClientError as exc:
                    if exc.response["Error"]["Code"] != "ConditionalCheckFailedException":
                        raise
                    continue
                added += 1
            if "LastEvaluatedKey" not in resp:
                return added
            scan["ExclusiveStartKey"] = resp["LastEvaluatedKey"]

    def _document_page(self, query: dict[str, Any]) -> tuple[list[Document], str | None]:
        """One page of a documents' listing query, and the cursor of the next."""
        try:
            resp = self._client.query(**query)
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        documents = [document_from_item(item) for item in resp.get("Items", [])]
        last = resp.get("LastEvaluatedKey")
        return documents, encode_cursor(last) if last else None

    def deal_documents(self, owner_id: str, deal_id: str) -> list[Document]:
        """The owner's documents of one deal, from GSI1 with a filter, oldest first.

        A deal's documents are the owner's, so the owner's partition holds them all; the
        filter keeps the answer small (DynamoDB still reads the partition, a page at a
        time, which is what the owner's list costs too).
        """
        query: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "GSI1",
            "KeyConditionExpression": "GSI1PK = :owner AND begins_with(GSI1SK, :doc)",
            "FilterExpression": "deal_id = :deal AND attribute_not_exists(deleted_at)",
            "ExpressionAttributeValues": {
                ":owner": {"S": f"USER#{owner_id}"},
                ":doc": {"S": "DOC#"},
                ":deal": {"S": deal_id},
            },
        }
        found: list[Document] = []
        while True:
            try:
                resp = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            found += [document_from_item(item) for item in resp.get("Items", [])]
            last = resp.get("LastEvaluatedKey")
            if not last:
                return found
            query["ExclusiveStartKey"] = last

    def claim_upload(
        self,
        document_id: str,
        *,
        allowed_from: Iterable[DocumentStatus],
        source_version: str,
        size: int,
    ) -> Document:
        """Move to extracting for this upload, recording its version and size.

        Only while the document awaits its upload or extracts this same one: the same
        upload may be retried while extracting, a different one may not.
        """
        names, values, condition = _status_condition(allowed_from)
        values[":srcv"] = {"S": source_version}
        condition += " AND (#s0 = :from_await OR source_version_id = :srcv)"
        values[":from_await"] = {"S": DocumentStatus.AWAITING_UPLOAD.value}
        updates = {
            "status": DocumentStatus.EXTRACTING.value,
            "source_version_id": source_version,
            "real_size": size,
        }
        return self._update(document_id, updates, condition, names, values)

    def transition(
        self,
        document_id: str,
        *,
        to: DocumentStatus,
        allowed_from: Iterable[DocumentStatus],
        change: StatusChange | None = None,
        version: int | None = None,
    ) -> Document:
        """Move the document to `to` if its status is one of `allowed_from` (and its current
        version is `version`, when given)."""
        attributes = change.attributes() if change is not None else {}
        moved = self._transition(document_id, to, allowed_from, attributes, version=version)
        if to == DocumentStatus.DONE:
            count_outcome(self._client, self._table, document_id, "done", utc_now())
        return moved

    def record_review(self, document_id: str, review: ReviewDecision) -> Document:
        """The reviewer's decision, on a document still held for review."""
        held = DocumentStatus.IN_REVIEW
        return self._transition(
            document_id, held, [held], {"review": review.model_dump(mode="json")}
        )

    def record_routing(self, document_id: str, *, route: Route, confidence: float) -> Document:
        """The route prescreen chose and its confidence."""
        return self._set(document_id, {"route": route, "confidence": confidence})

    def record_run(
        self, document_id: str, *, pipeline: Pipeline | None, execution_arn: str
    ) -> Document:
        """The run that carries the document, and its pipeline when known."""
        fields: dict[str, Any] = {"execution_arn": execution_arn}
        if pipeline is not None:
            fields["pipeline"] = pipeline
        return self._set(document_id, fields)

    def record_pipeline(self, document_id: str, pipeline: Pipeline) -> Document:
        """The pipeline the document goes down."""
        return self._set(document_id, {"pipeline": pipeline})

    def record_run_config(self, document_id: str, summary: dict[str, str]) -> Document:
        """The summary of the configuration its run started with (config.json in full)."""
        return self._set(document_id, {"run_config": summary})

    def attach_to_deal(self, document_id: str, deal_id: str) -> Document:
        """The deal the document belongs to."""
        return self._set(document_id, {"deal_id": deal_id})

    def record_callback(
        self, document_id: str, *, status: CallbackStatus, attempts: int
    ) -> Document:
        """Where the document's callback stands after round `attempts`."""
        return self._set(document_id, {"callback_status": status, "callback_attempts": attempts})

    def fail_and_refund(self, document_id: str, error: DocumentError) -> bool:
        """Mark failed (never a done one) and refund once, in one transaction; True if now."""
        document = self._existing(document_id)
        fields = _failed_fields(error)
        if not document.refunded and self._fail_with_refund(document, fields):
            count_outcome(self._client, self._table, document_id, "failed", utc_now())
            return True
        self._fail(document_id, fields)
        return False

    def fail_without_refund(self, document_id: str, error: DocumentError) -> None:
        """Mark failed (never a done one); the credit stays spent."""
        self._existing(document_id)
        self._fail(document_id, _failed_fields(error))

    def _existing(self, document_id: str) -> Document:
        document = self.get(document_id)
        if document is None:
            raise DocumentNotFoundError
        return document

    def _fail(self, document_id: str, fields: Mapping[str, Any]) -> None:
        # A redrive may have finished the document meanwhile: done stays done.
        with contextlib.suppress(DocumentStateConflictError):
            self._update(
                document_id,
                fields,
                "attribute_exists(PK) AND #s0 <> :done",
                {"#s0": "status"},
                {":done": {"S": DocumentStatus.DONE.value}},
            )
            count_outcome(self._client, self._table, document_id, "failed", utc_now())

    def _transition(
        self,
        document_id: str,
        to: DocumentStatus,
        allowed_from: Iterable[DocumentStatus],
        attributes: Mapping[str, Any],
        *,
        version: int | None = None,
    ) -> Document:
        names, values, condition = _status_condition(allowed_from)
        if version is not None:
            condition += " AND version = :version"
            values[":version"] = {"N": str(version)}
        updates = {"status": to.value, **attributes}
        return self._update(document_id, updates, condition, names, values)

    def _set(self, document_id: str, fields: Mapping[str, Any]) -> Document:
        """Set fields of an existing document, whatever its status."""
        return self._update(document_id, dict(fields), "attribute_exists(PK)", {}, {})

    def _fail_with_refund(self, document: Document, fields: Mapping[str, Any]) -> bool:
        sets, names, values = set_clause({**fields, "refunded": True, "updated_at": now()})
        values[":false"] = {"BOOL": False}
        values[":done"] = {"S": DocumentStatus.DONE.value}
        names["#st"] = "status"
        items: list[Any] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": doc_key(document.document_id),
                    "UpdateExpression": sets,
                    "ConditionExpression": "refunded = :false AND #st <> :done",
                    "ExpressionAttributeNames": names,
                    "ExpressionAttributeValues": values,
                }
            },
            {
                "Update": {
                    "TableName": self._table,
                    "Key": user_key(document.owner_id),
                    "UpdateExpression": "SET credits_left = credits_left + :one",
                    "ConditionExpression": "attribute_exists(PK)",
                    "ExpressionAttributeValues": {":one": {"N": "1"}},
                }
            },
            usage_of_refund(self._table, utc_now()),
        ]
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "TransactionCanceledException":
                return False  # refunded already, or done: nothing to give back
            raise storage_error(exc) from exc
        return True

    def _update(
        self,
        document_id: str,
        fields: Mapping[str, Any],
        condition: str,
        names: dict[str, str],
        values: dict[str, Any],
    ) -> Document:
        sets, set_names, set_values = set_clause({**fields, "updated_at": now()})
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=doc_key(document_id),
                UpdateExpression=sets,
                ConditionExpression=condition,
                ExpressionAttributeNames={**names, **set_names},
                ExpressionAttributeValues={**values, **set_values},
                ReturnValues="ALL_NEW",
            ),
            storage_error,
        )
        if resp is None:
            raise DocumentStateConflictError
        return document_from_item(resp["Attributes"])


def utc_now() -> datetime:
    """When a status write happened, for the day its usage counts on."""
    return datetime.now(UTC)


def batch_get_documents(
    client: DynamoDBClient, table: str, document_ids: list[str]
) -> list[Document]:
    """Documents by id in batches of 100 (BatchGetItem's most), the missing ones left out."""
    documents: list[Document] = []
    for start in range(0, len(document_ids), 100):
        keys: list[Any] = [doc_key(doc_id) for doc_id in document_ids[start : start + 100]]
        request: Any = {table: {"Keys": keys, "ConsistentRead": True}}
        while request:
            try:
                resp = client.batch_get_item(RequestItems=request)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            documents += [document_from_item(i) for i in resp["Responses"].get(table, [])]
            request = resp.get("UnprocessedKeys") or None
    return documents


def region_partition(region: str) -> str:
    """The GSI2 partition a region's documents are listed in: its province's."""
    return f"REGION#{province_of(region)}"


def region_listing_keys(document: Document) -> dict[str, Any]:
    """A document's GSI2 keys: its province's partition, newest first by creation."""
    return {
        "GSI2PK": {"S": region_partition(document.region)},
        "GSI2SK": {"S": f"DOC#{document.created_at.isoformat()}#{document.document_id}"},
    }


def _decode_cursor(cursor: str, owner_id: str) -> dict[str, Any]:
    """The key a cursor of the owner's documents stands for; any other is a bad request."""
    return decode_gsi1_cursor(cursor, gsi1pk=f"USER#{owner_id}", sk="META", prefix="DOC#")


def _status_condition(
    allowed_from: Iterable[DocumentStatus],
) -> tuple[dict[str, str], dict[str, Any], str]:
    """Names, values and the condition: the document exists, in one of these statuses."""
    allowed = sorted({status.value for status in allowed_from})
    names = {"#s0": "status"}
    values: dict[str, Any] = {f":from{i}": {"S": s} for i, s in enumerate(allowed)}
    return names, values, f"attribute_exists(PK) AND #s0 IN ({', '.join(values)})"


def _failed_fields(error: DocumentError) -> dict[str, Any]:
    """A failed document's attributes: its error, and no token left to resume a run."""
    return {
        "status": DocumentStatus.FAILED.value,
        "error": error.model_dump(mode="json"),
        "task_token": None,
    }
