"""Re-analyses' records in the single table: `DOC#{id}` / `RERUN#v{n:04d}#r{k:06d}`.

Beside their document (a Query of one partition lists a version's re-analyses, in order),
numbered by an atomic counter on the document's record (`rerun_count`, ADD under the
condition that the record exists), so two requests never draw the same number.
"""

from __future__ import annotations

from datetime import UTC
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.access.regions import province_of
from chalicelib.adapters.dynamo.base import (
    DynamoTable,
    doc_key,
    document_from_item,
    from_item,
    set_clause,
    storage_error,
    to_item,
)
from chalicelib.adapters.dynamo.documents import region_partition
from chalicelib.adapters.table import conditional_write, item_key, put_new_item
from chalicelib.errors import DocumentNotFoundError
from chalicelib.keys import parse_run_name
from chalicelib.reruns import Rerun

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from chalicelib.keys import DocumentRef
    from chalicelib.models import Document
    from chalicelib.reruns import RerunError

RERUN_SK_PREFIX = "RERUN#"


def rerun_key(document_id: str, version: int, rerun: int) -> dict[str, Any]:
    """One re-analysis's record, sorted by version then number."""
    return item_key(f"DOC#{document_id}", f"{RERUN_SK_PREFIX}v{version:04d}#r{rerun:06d}")


def _key_of(ref: DocumentRef) -> dict[str, Any]:
    return rerun_key(ref.document_id, ref.version, ref.rerun)


class DynamoReruns(DynamoTable):
    """Re-analyses' records and their counter."""

    def next_rerun_number(self, document_id: str) -> int:
        """The next number, from the document's `rerun_count` (1 for its first)."""
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=doc_key(document_id),
                UpdateExpression="ADD rerun_count :one",
                ConditionExpression="attribute_exists(PK)",
                ExpressionAttributeValues={":one": {"N": "1"}},
                ReturnValues="UPDATED_NEW",
            ),
            storage_error,
        )
        if resp is None:
            raise DocumentNotFoundError(f"Document {document_id} does not exist.")
        return int(resp["Attributes"]["rerun_count"]["N"])

    def done_documents_of(
        self, owner_id: str, since: datetime | None, until: datetime | None, limit: int
    ) -> list[Document]:
        """A user's done documents created in [since, until], oldest first, at most `limit`
        (GSI1: the owner's documents by creation time; the status is a filter)."""
        query = self._done_between("GSI1", f"USER#{owner_id}", since, until)
        return self._first_documents(query, limit)

    def done_documents_in(
        self, region: str, since: datetime | None, until: datetime | None, limit: int
    ) -> list[Document]:
        """A region's done documents created in [since, until], oldest first, at most
        `limit` (GSI2: a province's documents by creation time; a city, the status and
        deletion are filters, as the region's list filters a city)."""
        query = self._done_between("GSI2", region_partition(region), since, until)
        if region != province_of(region):
            query["FilterExpression"] += " AND #region = :region"
            query["ExpressionAttributeNames"]["#region"] = "region"
            query["ExpressionAttributeValues"][":region"] = {"S": region}
        return self._first_documents(query, limit)

    def _done_between(
        self, index: str, partition: str, since: datetime | None, until: datetime | None
    ) -> dict[str, Any]:
        """The Query of one listing's partition (GSI1 or GSI2, `DOC#{created}#{id}` sort
        keys) for its documents done and not deleted, created in [since, until]."""
        low, high = _created_between(since, until)
        return {
            "TableName": self._table,
            "IndexName": index,
            "KeyConditionExpression": f"{index}PK = :pk AND {index}SK BETWEEN :low AND :high",
            "FilterExpression": "#status = :done AND attribute_not_exists(deleted_at)",
            "ExpressionAttributeNames": {"#status": "status"},
            "ExpressionAttributeValues": {
                ":pk": {"S": partition},
                ":low": {"S": low},
                ":high": {"S": high},
                ":done": {"S": "done"},
            },
        }

    def _first_documents(self, query: dict[str, Any], limit: int) -> list[Document]:
        """The first `limit` documents a listing query finds, over as many pages as needed
        (a filter may leave a page short, or empty)."""
        found: list[Document] = []
        while len(found) < limit:
            try:
                page = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            found += [document_from_item(item) for item in page.get("Items", [])]
            if "LastEvaluatedKey" not in page:
                break
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        return found[:limit]

    def put_rerun(self, rerun: Rerun) -> bool:
        """Store a new re-analysis; False when its number is taken."""
        item = {
            **_key_of(rerun.ref),
            **to_item(rerun.model_dump(mode="json")),
        }
        return put_new_item(self._client, self._table, item, storage_error)

    def get_rerun(self, document_id: str, version: int, rerun: int) -> Rerun | None:
        """One re-analysis, read consistently."""
        item = self._get_item(rerun_key(document_id, version, rerun))
        return Rerun.model_validate(item) if item else None

    def list_reruns(self, document_id: str, version: int) -> list[Rerun]:
        """A version's re-analyses, oldest first (at most a few hundred: no paging)."""
        query: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": {"S": f"DOC#{document_id}"},
                ":prefix": {"S": f"{RERUN_SK_PREFIX}v{version:04d}#"},
            },
            "ConsistentRead": True,
        }
        found: list[Rerun] = []
        while True:
            try:
                page = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            found += [Rerun.model_validate(from_item(item)) for item in page.get("Items", [])]
            if "LastEvaluatedKey" not in page:
                return found
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def reruns_by_name(self, names: Sequence[str]) -> list[Rerun]:
        """Re-analyses by execution name, in the names' order, 100 to a BatchGetItem."""
        keys: dict[str, dict[str, Any]] = {}
        for name in names:
            parsed = parse_run_name(name)
            if parsed is not None and parsed[2] > 0:
                keys[name] = rerun_key(*parsed)
        found: dict[str, Rerun] = {}
        wanted = list(keys.values())
        for start in range(0, len(wanted), 100):
            request: Any = {self._table: {"Keys": wanted[start : start + 100]}}
            request[self._table]["ConsistentRead"] = True
            while request:
                try:
                    resp = self._client.batch_get_item(RequestItems=request)
                except (ClientError, BotoCoreError) as exc:
                    raise storage_error(exc) from exc
                for item in resp["Responses"].get(self._table, []):
                    rerun = Rerun.model_validate(from_item(item))
                    found[rerun.name] = rerun
                request = resp.get("UnprocessedKeys") or None
        return [found[name] for name in names if name in found]

    def record_rerun_start(self, ref: DocumentRef, execution_arn: str) -> None:
        """The run that carries it."""
        self._update(ref, {"execution_arn": execution_arn})

    def record_rerun_config(self, ref: DocumentRef, summary: dict[str, str]) -> None:
        """The summary of the configuration it runs with (config.json has it all)."""
        self._update(ref, {"config": summary})

    def finish_rerun(self, ref: DocumentRef, fields: dict[str, Any]) -> None:
        """Done, with its outcome (a retried Finalize writes the same again)."""
        self._update(ref, fields)

    def fail_rerun(self, ref: DocumentRef, error: RerunError, at: datetime) -> bool:
        """Failed, unless it is done or failed already (On Run Failed after Record Failure
        keeps the first, more precise error)."""
        expression, names, values = set_clause(
            {"status": "failed", "error": error.model_dump(), "finished_at": at.isoformat()}
        )
        values[":running"] = {"S": "running"}
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_key_of(ref),
                UpdateExpression=expression,
                ConditionExpression="attribute_exists(PK) AND #st = :running",
                ExpressionAttributeNames={**names, "#st": "status"},
                ExpressionAttributeValues=values,
            ),
            storage_error,
        )
        return resp is not None

    def _update(self, ref: DocumentRef, fields: dict[str, Any]) -> None:
        expression, names, values = set_clause(fields)
        done = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_key_of(ref),
                UpdateExpression=expression,
                ConditionExpression="attribute_exists(PK)",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
            ),
            storage_error,
        )
        if done is None:
            raise DocumentNotFoundError(f"No re-analysis {ref.execution_name}.")


def _created_between(since: datetime | None, until: datetime | None) -> tuple[str, str]:
    """The sort keys (`DOC#{created_at}#{id}`) bounding documents created in [since, until]."""
    low = f"DOC#{since.astimezone(UTC).isoformat()}" if since else "DOC#"
    high = f"DOC#{until.astimezone(UTC).isoformat()}~" if until else "DOC#~"
    return low, high
