"""Roles, grants and the access audit in the single table (`AccessStore`).

Keys:
- a role: `ACCESS#ROLE` / `{role}` (permissions as a string set, a version);
- a grant: `USER#{user_id}` / `ACCESSGRANT#{grant_id}`, so a check reads a user's grants
  with one consistent query of their partition; and `ACCESSGRANT#{grant_id}` / `META`, the
  same grant by its id (revocation) and, on GSI1 (`ACCESSGRANTS` / `{granted_at}#{id}`),
  in everybody's list. Both carry `expires_at` (epoch seconds), the table's TTL attribute,
  a day after the grant ends: DynamoDB's TTL only tidies up, the checks never wait for it;
- an audit entry: `AUDIT` / `{at}#{audit_id}`, and on GSI1 `AUDIT#ACTOR#{actor}` /
  `{at}#{audit_id}` for one person's entries. One partition holds the log: DynamoDB takes
  about 1,000 writes a second into one partition, far above the reads by non-owners this
  records; past that, the partition would be split by day.
"""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.access.principal import Grant
from chalicelib.access.records import AuditEntry, RoleDefinition
from chalicelib.adapters.dynamo.base import DynamoTable, from_item, storage_error, user_key
from chalicelib.adapters.table import TTL_ATTRIBUTE, conditional_write, item_key
from chalicelib.errors import InvalidRequestError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from mypy_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

ROLE_PK = "ACCESS#ROLE"
AUDIT_PK = "AUDIT"
GRANTS_INDEX_PK = "ACCESSGRANTS"
# A grant's items outlive it by a day (TTL tidies them up); the audit keeps its story.
GRANT_TIDY_AFTER = timedelta(days=1)
_AUDIT_SK = re.compile(r"^[0-9T:.+-]{19,40}#[a-z0-9-]{6,64}$")
_GRANT_SK = re.compile(r"^[0-9T:.+-]{19,40}#[a-z0-9-]{6,64}$")


class DynamoAccessStore(DynamoTable):
    """The access layer's items in the documents table."""

    # --- roles

    def get_role(self, name: str) -> RoleDefinition | None:
        """A role's stored definition, if any."""
        item = self._get_item(item_key(ROLE_PK, name))
        return _role_from(item) if item else None

    def seed_role(self, role: RoleDefinition) -> None:
        """Store a built-in role unless it is stored already (a race: the first one wins)."""
        conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item=_role_item(role),
                ConditionExpression="attribute_not_exists(PK)",
            ),
            storage_error,
        )

    def put_role(self, role: RoleDefinition, *, expected_version: int, audit: AuditEntry) -> bool:
        """Store the role's new definition and its audit entry, if nobody changed it since."""
        put: TransactWriteItemTypeDef = {
            "Put": {
                "TableName": self._table,
                "Item": _role_item(role),
                "ConditionExpression": "attribute_not_exists(PK) OR version = :v",
                "ExpressionAttributeValues": {":v": {"N": str(expected_version)}},
            }
        }
        return self._transact([put, _audit_put(self._table, audit)])

    # --- grants

    def add_grant(self, grant: Grant, audit: AuditEntry) -> None:
        """Store a grant (both its items) with its audit entry."""
        items: list[TransactWriteItemTypeDef] = [
            {
                "Put": {
                    "TableName": self._table,
                    "Item": {**_grant_item(grant), **item_key(*_user_grant_key(grant))},
                    "ConditionExpression": "attribute_not_exists(PK)",
                }
            },
            {
                "Put": {
                    "TableName": self._table,
                    "Item": {
                        **_grant_item(grant),
                        **item_key(f"ACCESSGRANT#{grant.grant_id}", "META"),
                        "GSI1PK": {"S": GRANTS_INDEX_PK},
                        "GSI1SK": {"S": f"{grant.granted_at.isoformat()}#{grant.grant_id}"},
                    },
                    "ConditionExpression": "attribute_not_exists(PK)",
                }
            },
            _audit_put(self._table, audit),
        ]
        if not self._transact(items):
            raise storage_error(RuntimeError("a new grant's id was taken"))

    def get_grant(self, grant_id: str) -> Grant | None:
        """A grant by its id."""
        item = self._get_item(item_key(f"ACCESSGRANT#{grant_id}", "META"))
        return _grant_from(item) if item else None

    def user_grants(self, user_id: str) -> list[Grant]:
        """Every grant of a user still stored, read consistently from their partition."""
        query: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": "PK = :pk AND begins_with(SK, :grant)",
            "ExpressionAttributeValues": {
                ":pk": {"S": f"USER#{user_id}"},
                ":grant": {"S": "ACCESSGRANT#"},
            },
            "ConsistentRead": True,
        }
        return [_grant_from(from_item(item)) for item in self._query_all(query)]

    def list_grants(
        self, user_id: str | None, *, limit: int, cursor: str | None
    ) -> tuple[list[Grant], str | None]:
        """A user's grants (their partition) or everybody's (GSI1), newest first."""
        if user_id is not None:
            # One user's grants are few (each lives 90 days at most, and TTL tidies them up):
            # read them all, consistently, and page by position.
            grants = sorted(self.user_grants(user_id), key=lambda g: g.granted_at, reverse=True)
            if cursor and not (cursor.isdigit() and len(cursor) <= 6):
                raise InvalidRequestError("The cursor is not one this API gave out.")
            start = int(cursor) if cursor else 0
            page = grants[start : start + limit]
            more = start + limit < len(grants)
            return page, str(start + limit) if more else None
        query: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "GSI1",
            "KeyConditionExpression": "GSI1PK = :pk",
            "ExpressionAttributeValues": {":pk": {"S": GRANTS_INDEX_PK}},
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            sort_key = _decode(cursor, _GRANT_SK)
            grant_id = sort_key.rsplit("#", 1)[1]
            query["ExclusiveStartKey"] = {
                **item_key(f"ACCESSGRANT#{grant_id}", "META"),
                "GSI1PK": {"S": GRANTS_INDEX_PK},
                "GSI1SK": {"S": sort_key},
            }
        resp = self._query(query)
        grants = [_grant_from(from_item(item)) for item in resp.get("Items", [])]
        last = resp.get("LastEvaluatedKey")
        return grants, _encode(last["GSI1SK"]["S"]) if last else None

    def revoke_grant(self, grant: Grant, *, at: datetime, by: str, audit: AuditEntry) -> bool:
        """Mark both of the grant's items revoked, once; False when it was revoked already."""
        update = {
            "UpdateExpression": "SET revoked_at = :at, revoked_by = :by",
            "ConditionExpression": "attribute_exists(PK) AND attribute_not_exists(revoked_at)",
            "ExpressionAttributeValues": {":at": {"S": at.isoformat()}, ":by": {"S": by}},
        }
        items: list[TransactWriteItemTypeDef] = [
            {"Update": {"TableName": self._table, "Key": item_key(*key), **update}}  # type: ignore[typeddict-item]
            for key in (_user_grant_key(grant), (f"ACCESSGRANT#{grant.grant_id}", "META"))
        ]
        return self._transact([*items, _audit_put(self._table, audit)])

    # --- users' regions

    def set_region(self, user_id: str, region: str, audit: AuditEntry) -> bool:
        """Move an existing user to `region`, with the audit entry; False for no such user."""
        update: TransactWriteItemTypeDef = {
            "Update": {
                "TableName": self._table,
                "Key": user_key(user_id),
                "UpdateExpression": "SET #region = :region",
                "ConditionExpression": "attribute_exists(PK)",
                "ExpressionAttributeNames": {"#region": "region"},
                "ExpressionAttributeValues": {":region": {"S": region}},
            }
        }
        return self._transact([update, _audit_put(self._table, audit)])

    # --- the audit log

    def append_audit(self, entry: AuditEntry) -> None:
        """Record one entry."""
        try:
            self._client.put_item(TableName=self._table, Item=_audit_item(entry))
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc

    def list_audit(
        self,
        *,
        actor: str | None,
        document_id: str | None,
        since: datetime,
        until: datetime,
        limit: int,
        cursor: str | None,
    ) -> tuple[list[AuditEntry], str | None]:
        """Entries in [since, until], newest first: one person's from GSI1, else the log's.

        A document filter is a FilterExpression, so a page may need several reads; the
        cursor is the last entry returned, so no entry is skipped or repeated.
        """
        pk_name, sk_name = ("GSI1PK", "GSI1SK") if actor else ("PK", "SK")
        values: dict[str, Any] = {
            ":pk": {"S": f"AUDIT#ACTOR#{actor}" if actor else AUDIT_PK},
            ":since": {"S": _stamp(since)},
            ":until": {"S": _stamp(until) + "~"},
        }
        query: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": f"{pk_name} = :pk AND {sk_name} BETWEEN :since AND :until",
            "ExpressionAttributeValues": values,
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if actor:
            query["IndexName"] = "GSI1"
        if document_id:
            query["FilterExpression"] = "document_id = :doc"
            values[":doc"] = {"S": document_id}
        if cursor:
            sort_key = _decode(cursor, _AUDIT_SK)
            start = item_key(AUDIT_PK, sort_key)
            if actor:
                start |= {"GSI1PK": values[":pk"], "GSI1SK": {"S": sort_key}}
            query["ExclusiveStartKey"] = start
        entries: list[AuditEntry] = []
        while True:
            resp = self._query(query)
            for item in resp.get("Items", []):
                entries.append(_audit_from(from_item(item)))
                if len(entries) == limit:
                    more = item is not resp["Items"][-1] or "LastEvaluatedKey" in resp
                    return entries, _encode(_audit_sort_key(entries[-1])) if more else None
            last = resp.get("LastEvaluatedKey")
            if not last:
                return entries, None
            query["ExclusiveStartKey"] = last

    # --- plumbing

    def _query(self, query: dict[str, Any]) -> Mapping[str, Any]:
        try:
            return self._client.query(**query)
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc

    def _query_all(self, query: dict[str, Any]) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        while True:
            resp = self._query(query)
            items += resp.get("Items", [])
            last = resp.get("LastEvaluatedKey")
            if not last:
                return items
            query["ExclusiveStartKey"] = last

    def _transact(self, items: list[TransactWriteItemTypeDef]) -> bool:
        """One transaction; False when a condition refused it."""
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "TransactionCanceledException":
                return False
            raise storage_error(exc) from exc
        except BotoCoreError as exc:
            raise storage_error(exc) from exc
        return True


def _role_item(role: RoleDefinition) -> dict[str, Any]:
    item: dict[str, Any] = {
        **item_key(ROLE_PK, role.name),
        "role": {"S": role.name},
        # A list, not a string set: a role may hold no permission at all.
        "permissions": {"L": [{"S": p} for p in sorted(role.permissions)]},
        "version": {"N": str(role.version)},
    }
    if role.updated_at is not None:
        item["updated_at"] = {"S": role.updated_at.isoformat()}
    if role.updated_by is not None:
        item["updated_by"] = {"S": role.updated_by}
    return item


def _role_from(item: Mapping[str, Any]) -> RoleDefinition:
    updated_at = item.get("updated_at")
    return RoleDefinition(
        name=str(item["role"]),
        permissions=frozenset(str(p) for p in item.get("permissions", [])),
        version=int(item.get("version", 0)),
        updated_at=datetime.fromisoformat(updated_at) if updated_at else None,
        updated_by=item.get("updated_by"),
    )


def _user_grant_key(grant: Grant) -> tuple[str, str]:
    return f"USER#{grant.user_id}", f"ACCESSGRANT#{grant.grant_id}"


def _grant_item(grant: Grant) -> dict[str, Any]:
    tidy_at = int((grant.expires_at + GRANT_TIDY_AFTER).timestamp())
    return {
        "grant_id": {"S": grant.grant_id},
        "user_id": {"S": grant.user_id},
        "region": {"S": grant.region},
        "permission": {"S": grant.permission},
        "until": {"S": grant.expires_at.isoformat()},
        "granted_by": {"S": grant.granted_by},
        "granted_at": {"S": grant.granted_at.isoformat()},
        "reason": {"S": grant.reason},
        TTL_ATTRIBUTE: {"N": str(tidy_at)},
    }


def _grant_from(item: Mapping[str, Any]) -> Grant:
    revoked_at = item.get("revoked_at")
    return Grant(
        grant_id=str(item["grant_id"]),
        user_id=str(item["user_id"]),
        region=str(item["region"]),
        permission=str(item["permission"]),
        expires_at=datetime.fromisoformat(str(item["until"])),
        granted_by=str(item["granted_by"]),
        granted_at=datetime.fromisoformat(str(item["granted_at"])),
        reason=str(item.get("reason", "")),
        revoked_at=datetime.fromisoformat(revoked_at) if revoked_at else None,
        revoked_by=item.get("revoked_by"),
    )


def _stamp(at: datetime) -> str:
    """A time as the audit's sort keys hold it: UTC, fixed width, so text order is time order."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")


def _audit_sort_key(entry: AuditEntry) -> str:
    return f"{_stamp(entry.at)}#{entry.audit_id}"


def _audit_item(entry: AuditEntry) -> dict[str, Any]:
    sort_key = _audit_sort_key(entry)
    item: dict[str, Any] = {
        **item_key(AUDIT_PK, sort_key),
        "GSI1PK": {"S": f"AUDIT#ACTOR#{entry.actor}"},
        "GSI1SK": {"S": sort_key},
        "audit_id": {"S": entry.audit_id},
        "at": {"S": entry.at.astimezone(UTC).isoformat()},
        "actor": {"S": entry.actor},
        "action": {"S": entry.action},
        "detail": {"S": json.dumps(entry.detail, sort_keys=True, default=str)},
    }
    for name in ("document_id", "owner_id", "target", "grant_id"):
        value = getattr(entry, name)
        if value is not None:
            item[name] = {"S": value}
    return item


def _audit_put(table: str, entry: AuditEntry) -> TransactWriteItemTypeDef:
    return {"Put": {"TableName": table, "Item": _audit_item(entry)}}


def _audit_from(item: Mapping[str, Any]) -> AuditEntry:
    return AuditEntry(
        audit_id=str(item["audit_id"]),
        at=datetime.fromisoformat(str(item["at"])),
        actor=str(item["actor"]),
        action=str(item["action"]),
        document_id=item.get("document_id"),
        owner_id=item.get("owner_id"),
        target=item.get("target"),
        grant_id=item.get("grant_id"),
        detail=json.loads(item.get("detail") or "{}"),
    )


def _encode(sort_key: str) -> str:
    return base64.urlsafe_b64encode(sort_key.encode()).decode()


def _decode(cursor: str, shape: re.Pattern[str]) -> str:
    """The sort key a cursor stands for; anything this API did not give out is a 400."""
    forged = InvalidRequestError("The cursor is not one this API gave out.")
    if len(cursor) > 200 or not cursor.isascii():
        raise forged
    try:
        sort_key = base64.urlsafe_b64decode(cursor.encode()).decode()
    except (ValueError, UnicodeDecodeError) as exc:
        raise forged from exc
    if not shape.fullmatch(sort_key):
        raise forged
    return sort_key
