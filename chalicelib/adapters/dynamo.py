"""DynamoDB single-table adapter: users, documents, credits and sweeper deadlines.

Keys: `USER#{id}`/`PROFILE`, `DOC#{id}`/`META`, `DEADLINE`/`{due_at}#{id}#{status}`;
GSI1 lists a user's documents (`USER#{id}` / `DOC#{created_at}#{id}`).
Credits move only inside transactions guarded by conditions, so they never go
negative and a refund happens at most once.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import boto3
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import conditional_write, item_key
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    InsufficientCreditsError,
    InvalidRequestError,
    StorageUnavailableError,
)
from chalicelib.models import (
    Document,
    DocumentError,
    DocumentStatus,
    Pipeline,
    ReviewDecision,
    Route,
    UserProfile,
)
from chalicelib.ports import CallbackStatus, Deadline, StatusChange

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import PutTypeDef, UpdateTypeDef

_serializer = TypeSerializer()
_deserializer = TypeDeserializer()


def _to_item(values: Mapping[str, Any]) -> dict[str, Any]:
    """DynamoDB attribute values; floats become Decimals, None attributes are left out."""
    plain = json.loads(json.dumps(values, default=str), parse_float=Decimal)
    return {k: _serializer.serialize(v) for k, v in plain.items() if v is not None}


def _from_item(item: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _deserializer.deserialize(v) for k, v in item.items()}


def _doc_key(document_id: str) -> dict[str, Any]:
    return item_key(f"DOC#{document_id}", "META")


def _review_key(document_id: str) -> dict[str, Any]:
    return item_key("REVIEWS", f"DOC#{document_id}")


def _user_key(user_id: str) -> dict[str, Any]:
    return item_key(f"USER#{user_id}", "PROFILE")


def _document_from_item(item: Mapping[str, Any]) -> Document:
    return Document.model_validate(_from_item(item))


def _encode_cursor(key: Mapping[str, Any]) -> str:
    """DynamoDB's LastEvaluatedKey as an opaque URL-safe token."""
    return base64.urlsafe_b64encode(json.dumps(key, sort_keys=True).encode()).decode()


# What GSI1's LastEvaluatedKey holds: the table's key and the index's, each a string.
_CURSOR_ATTRIBUTES = frozenset({"PK", "SK", "GSI1PK", "GSI1SK"})
_CURSOR_VALUE = re.compile(r"[\x21-\x7e]{1,200}")  # printable ASCII, as our keys are
_MAX_CURSOR = 1024


def _decode_cursor(cursor: str, owner_id: str) -> dict[str, Any]:
    """The key a cursor stands for; a forged or foreign one is a bad request, not a peek.

    Only a key of exactly the shape this table gives out passes, so nothing a caller makes
    up reaches DynamoDB (which would refuse it as a ValidationException: a 503 for a
    client's mistake).
    """
    forged = InvalidRequestError("The cursor is not one this API gave out.")
    if len(cursor) > _MAX_CURSOR or not cursor.isascii():
        raise forged
    try:
        key = json.loads(base64.urlsafe_b64decode(cursor.encode()))
    except (ValueError, RecursionError) as exc:
        raise forged from exc
    if not isinstance(key, dict) or key.keys() != _CURSOR_ATTRIBUTES:
        raise forged
    values: dict[str, str] = {}
    for name, attribute in key.items():
        if not (isinstance(attribute, dict) and attribute.keys() == {"S"}):
            raise forged
        value = attribute["S"]
        if not isinstance(value, str) or not _CURSOR_VALUE.fullmatch(value):
            raise forged
        values[name] = value
    if (
        values["GSI1PK"] != f"USER#{owner_id}"
        or values["SK"] != "META"
        or not values["PK"].startswith("DOC#")
        or not values["GSI1SK"].startswith("DOC#")
    ):
        raise forged
    return {name: {"S": value} for name, value in values.items()}


def _storage_error(exc: Exception) -> StorageUnavailableError:
    return StorageUnavailableError(f"The document database did not answer: {type(exc).__name__}")


class DynamoDocumentRepository:
    """Documents, users and credits in the single table."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    # --- users ------------------------------------------------------------

    def ensure_user(self, user_id: str, *, credits: int, region: str) -> UserProfile:
        """The user's profile, created with `credits` the first time."""
        profile = UserProfile(user_id=user_id, credits_left=credits, region=region)
        item = {**_user_key(user_id), **_to_item(profile.model_dump(mode="json"))}
        # A refused condition: the user exists already, and is read back below.
        conditional_write(
            lambda: self._client.put_item(
                TableName=self._table, Item=item, ConditionExpression="attribute_not_exists(PK)"
            ),
            _storage_error,
        )
        existing = self.get_user(user_id)
        return existing or profile

    def get_user(self, user_id: str) -> UserProfile | None:
        """The user's profile, if any."""
        item = self._get_item(_user_key(user_id))
        return UserProfile.model_validate(item) if item else None

    # --- documents --------------------------------------------------------

    def create_with_reservation(self, document: Document, deadline: Deadline) -> None:
        """In one transaction: take a credit (`credits_left > 0`) and create the document."""
        doc_item = {
            **_doc_key(document.document_id),
            **_to_item(document.model_dump(mode="json")),
            "GSI1PK": {"S": f"USER#{document.owner_id}"},
            "GSI1SK": {"S": f"DOC#{document.created_at.isoformat()}#{document.document_id}"},
        }
        items: list[Any] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": _user_key(document.owner_id),
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
            {"Put": {"TableName": self._table, "Item": self._deadline_item(deadline)}},
        ]
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            reasons = exc.response.get("CancellationReasons", [])
            if reasons and reasons[0].get("Code") == "ConditionalCheckFailed":
                raise InsufficientCreditsError from exc
            raise _storage_error(exc) from exc

    def get(self, document_id: str) -> Document | None:
        """The document, if it exists."""
        item = self._get_item(_doc_key(document_id))
        return Document.model_validate(item) if item else None

    def grant_credits(self, user_id: str, amount: int, *, reason: str, granted_by: str) -> int:
        """Add credits to an existing user and record who gave them and why; the new balance."""
        at = _now()
        self._audited_user_update(
            user_id,
            "SET credits_left = credits_left + :n",
            {":n": {"N": str(amount)}},
            audit={
                "SK": {"S": f"GRANT#{at}"},
                "amount": {"N": str(amount)},
                "reason": {"S": reason},
                "granted_by": {"S": granted_by},
                "granted_at": {"S": at},
            },
        )
        profile = self.get_user(user_id)
        return profile.credits_left if profile else 0

    def set_role(self, user_id: str, role: str, *, reason: str, set_by: str) -> None:
        """Give an existing user a role and record who did it and why."""
        at = _now()
        self._audited_user_update(
            user_id,
            "SET #role = :role",
            {":role": {"S": role}},
            names={"#role": "role"},
            audit={
                "SK": {"S": f"ROLE#{at}"},
                "role": {"S": role},
                "reason": {"S": reason},
                "set_by": {"S": set_by},
                "set_at": {"S": at},
            },
        )

    def _audited_user_update(
        self,
        user_id: str,
        update: str,
        values: dict[str, Any],
        *,
        audit: dict[str, Any],
        names: dict[str, str] | None = None,
    ) -> None:
        """Change a user's profile and write the audit item beside it, in one transaction."""
        change: UpdateTypeDef = {
            "TableName": self._table,
            "Key": _user_key(user_id),
            "UpdateExpression": update,
            "ConditionExpression": "attribute_exists(PK)",
            "ExpressionAttributeValues": values,
        }
        if names:
            change["ExpressionAttributeNames"] = names
        record: PutTypeDef = {
            "TableName": self._table,
            "Item": {"PK": {"S": f"USER#{user_id}"}, **audit},
        }
        try:
            self._client.transact_write_items(TransactItems=[{"Update": change}, {"Put": record}])
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "TransactionCanceledException":
                raise DocumentNotFoundError("No such user.") from exc
            raise _storage_error(exc) from exc
        except BotoCoreError as exc:
            raise _storage_error(exc) from exc

    def enqueue_review(self, document_id: str) -> None:
        """A `REVIEWS` / `DOC#{id}` item: the queue reviewers list, with no scan of the table."""
        try:
            self._client.put_item(
                TableName=self._table,
                Item={**_review_key(document_id), "document_id": {"S": document_id}},
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

    def dequeue_review(self, document_id: str) -> None:
        """Remove the queue item; an absent one is fine (decided twice, or timed out)."""
        try:
            self._client.delete_item(TableName=self._table, Key=_review_key(document_id))
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

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
            raise _storage_error(exc) from exc
        documents = self._get_documents([item["document_id"]["S"] for item in items])
        held = [d for d in documents if d.status == DocumentStatus.IN_REVIEW]
        held.sort(key=lambda document: document.updated_at)
        return held[:limit]

    def _get_documents(self, document_ids: list[str]) -> list[Document]:
        """Documents by id in batches of 100 (BatchGetItem's most), the missing ones left out."""
        documents: list[Document] = []
        for start in range(0, len(document_ids), 100):
            keys: list[Any] = [_doc_key(doc_id) for doc_id in document_ids[start : start + 100]]
            request: Any = {self._table: {"Keys": keys, "ConsistentRead": True}}
            while request:
                try:
                    resp = self._client.batch_get_item(RequestItems=request)
                except (ClientError, BotoCoreError) as exc:
                    raise _storage_error(exc) from exc
                documents += [
                    _document_from_item(i) for i in resp["Responses"].get(self._table, [])
                ]
                request = resp.get("UnprocessedKeys") or None
        return documents

    def mark_deleted(self, document_id: str, *, objects_removed: int) -> Document:
        """Stamp the record deleted and drop it from GSI1; only once, only when final."""
        now = _now()
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_doc_key(document_id),
                UpdateExpression=(
                    "SET deleted_at = :now, updated_at = :now, objects_removed = :n "
                    "REMOVE GSI1PK, GSI1SK"
                ),
                ConditionExpression=(
                    "attribute_exists(PK) AND attribute_not_exists(deleted_at) "
                    "AND #st IN (:done, :failed)"
                ),
                ExpressionAttributeNames={"#st": "status"},
                ExpressionAttributeValues={
                    ":now": {"S": now},
                    ":n": {"N": str(objects_removed)},
                    ":done": {"S": DocumentStatus.DONE.value},
                    ":failed": {"S": DocumentStatus.FAILED.value},
                },
                ReturnValues="ALL_NEW",
            ),
            _storage_error,
        )
        if resp is None:
            raise DocumentStateConflictError(
                "Only a finished document can be deleted, and only once."
            )
        return _document_from_item(resp["Attributes"])

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
        try:
            resp = self._client.query(**query)
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc
        documents = [_document_from_item(item) for item in resp.get("Items", [])]
        last = resp.get("LastEvaluatedKey")
        return documents, _encode_cursor(last) if last else None

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
                raise _storage_error(exc) from exc
            found += [_document_from_item(item) for item in resp.get("Items", [])]
            last = resp.get("LastEvaluatedKey")
            if not last:
                return found
            query["ExclusiveStartKey"] = last

    def _get_item(self, key: dict[str, Any]) -> dict[str, Any] | None:
        try:
            resp = self._client.get_item(TableName=self._table, Key=key, ConsistentRead=True)
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc
        item = resp.get("Item")
        return _from_item(item) if item else None

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
    ) -> Document:
        """Move the document to `to` if its status is one of `allowed_from`."""
        attributes = change.attributes() if change is not None else {}
        return self._transition(document_id, to, allowed_from, attributes)

    def record_review(self, document_id: str, review: ReviewDecision) -> Document:
        """The reviewer's decision, on a document still held for review."""
        held = DocumentStatus.IN_REVIEW
        return self._transition(
            document_id, held, [held], {"review": review.model_dump(mode="json")}
        )

    def record_routing(self, document_id: str, *, route: Route, confidence: float) -> Document:
        """The route prescreen chose and its confidence."""
        return self._set(document_id, {"route": route, "confidence": confidence})

    def record_run(self, document_id: str, *, pipeline: Pipeline, execution_arn: str) -> Document:
        """The document's pipeline and the run that carries it."""
        return self._set(document_id, {"pipeline": pipeline, "execution_arn": execution_arn})

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

    def _transition(
        self,
        document_id: str,
        to: DocumentStatus,
        allowed_from: Iterable[DocumentStatus],
        attributes: Mapping[str, Any],
    ) -> Document:
        names, values, condition = _status_condition(allowed_from)
        updates = {"status": to.value, **attributes}
        return self._update(document_id, updates, condition, names, values)

    def _set(self, document_id: str, fields: Mapping[str, Any]) -> Document:
        """Set fields of an existing document, whatever its status."""
        return self._update(document_id, dict(fields), "attribute_exists(PK)", {}, {})

    def _fail_with_refund(self, document: Document, fields: Mapping[str, Any]) -> bool:
        sets, names, values = _set_clause({**fields, "refunded": True, "updated_at": _now()})
        values[":false"] = {"BOOL": False}
        values[":done"] = {"S": DocumentStatus.DONE.value}
        names["#st"] = "status"
        items: list[Any] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": _doc_key(document.document_id),
                    "UpdateExpression": sets,
                    "ConditionExpression": "refunded = :false AND #st <> :done",
                    "ExpressionAttributeNames": names,
                    "ExpressionAttributeValues": values,
                }
            },
            {
                "Update": {
                    "TableName": self._table,
                    "Key": _user_key(document.owner_id),
                    "UpdateExpression": "SET credits_left = credits_left + :one",
                    "ConditionExpression": "attribute_exists(PK)",
                    "ExpressionAttributeValues": {":one": {"N": "1"}},
                }
            },
        ]
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "TransactionCanceledException":
                return False  # refunded already, or done: nothing to give back
            raise _storage_error(exc) from exc
        return True

    def _update(
        self,
        document_id: str,
        fields: Mapping[str, Any],
        condition: str,
        names: dict[str, str],
        values: dict[str, Any],
    ) -> Document:
        sets, set_names, set_values = _set_clause({**fields, "updated_at": _now()})
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_doc_key(document_id),
                UpdateExpression=sets,
                ConditionExpression=condition,
                ExpressionAttributeNames={**names, **set_names},
                ExpressionAttributeValues={**values, **set_values},
                ReturnValues="ALL_NEW",
            ),
            _storage_error,
        )
        if resp is None:
            raise DocumentStateConflictError
        return _document_from_item(resp["Attributes"])

    # --- sweeper deadlines ------------------------------------------------

    def add_deadline(self, deadline: Deadline) -> None:
        """Ask the sweeper to look at a document later."""
        try:
            self._client.put_item(TableName=self._table, Item=self._deadline_item(deadline))
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

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
            raise _storage_error(exc) from exc
        return [
            Deadline(
                document_id=str(row["document_id"]),
                expected_status=DocumentStatus(str(row["expected_status"])),
                due_at=datetime.fromisoformat(str(row["due_at"])),
                action="callback" if row.get("action") == "callback" else "expire",
                attempt=int(row.get("attempt", 0)),
            )
            for row in (_from_item(item) for item in resp.get("Items", []))
        ]

    def remove_deadline(self, deadline: Deadline) -> None:
        """Forget a deadline the sweeper has handled."""
        try:
            self._client.delete_item(
                TableName=self._table,
                Key=item_key("DEADLINE", _deadline_sk(deadline)),
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

    def _deadline_item(self, deadline: Deadline) -> dict[str, Any]:
        return {
            "PK": {"S": "DEADLINE"},
            "SK": {"S": _deadline_sk(deadline)},
            **_to_item(
                {
                    "document_id": deadline.document_id,
                    "expected_status": deadline.expected_status.value,
                    "due_at": deadline.due_at.isoformat(),
                    "action": deadline.action,
                    "attempt": deadline.attempt,
                }
            ),
        }


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


def _deadline_sk(deadline: Deadline) -> str:
    key = f"{deadline.due_at.isoformat()}#{deadline.document_id}#{deadline.expected_status.value}"
    return key if deadline.action == "expire" else f"{key}#{deadline.action}"


def _set_clause(fields: Mapping[str, Any]) -> tuple[str, dict[str, str], dict[str, Any]]:
    """`SET #f0 = :v0, ...` and `REMOVE` for None values, with names and values."""
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    sets: list[str] = []
    removes: list[str] = []
    for i, (name, value) in enumerate(fields.items()):
        names[f"#f{i}"] = name
        if value is None:
            removes.append(f"#f{i}")
            continue
        values[f":v{i}"] = _to_item({"v": value})["v"]
        sets.append(f"#f{i} = :v{i}")
    expression = ("SET " + ", ".join(sets)) if sets else ""
    if removes:
        expression += " REMOVE " + ", ".join(removes)
    return expression.strip(), names, values


def _now() -> str:
    return datetime.now(UTC).isoformat()
