"""The admins' directory of users on the single table: list, search, block and unblock.

Items (beside those of `users.py`):

- the profile `USER#{id}` / `PROFILE` carries `created_at` and GSI1's `USERS` /
  `USER#{created_at}#{id}` (written when the profile is made), so the admins' list is one
  Query of a sparse GSI1 partition, newest first, instead of a Scan of the whole table;
  region and role are filters on that Query (an admin's page, not a hot path);
- the profile carries the block too: `blocked`, `blocked_at`, `blocked_by`,
  `blocked_reason`, and, for an e-mail account, `email` and `email_verified`;
- `USER#{id}` / `BLOCK#{at}`: one audit record per block or unblock (action, reason, by,
  at), written in the same transaction as the profile's change.

Search by e-mail or Telegram id is a GetItem of the identity link
(`chalicelib.adapters.credentials`), never a scan. A user's documents are counted with a
`Select=COUNT` Query of their GSI1 partition (deleted documents have left it): always
right, with no counter on the upload's hot path to keep in step.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.credentials import email_pk, telegram_pk
from chalicelib.adapters.dynamo.base import (
    GSI1_CURSOR_ATTRIBUTES,
    USERS_LISTING,
    DynamoTable,
    decode_gsi1_cursor,
    encode_cursor,
    from_item,
    storage_error,
    user_key,
)
from chalicelib.adapters.table import conditional_write, get_item, item_key
from chalicelib.errors import DocumentNotFoundError
from chalicelib.models import UserProfile
from chalicelib.ports.accounts_admin import BlockChange, UserRecord

if TYPE_CHECKING:
    from collections.abc import Mapping

    from mypy_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

_BLOCK_FIELDS = ("blocked_at", "blocked_by", "blocked_reason")
# Where profiles older than the list sort: before every other.
UNKNOWN_CREATION = "0000-00-00"


class DynamoAccounts(DynamoTable):
    """The `AccountDirectory` and `AccountFlags` ports on the single table."""

    # --- reading ------------------------------------------------------------------

    def user_record(self, user_id: str) -> UserRecord | None:
        """One user's record (a consistent read), if there is one."""
        item = self._get_item(user_key(user_id))
        return _record(item) if item else None

    def list_users(
        self, *, region: str | None, role: str | None, limit: int, cursor: str | None
    ) -> tuple[list[UserRecord], str | None]:
        """Users newest first, of a region (its cities too) and a role when given."""
        query: dict[str, Any] = {
            "TableName": self._table,
            "IndexName": "GSI1",
            "KeyConditionExpression": "GSI1PK = :users AND begins_with(GSI1SK, :user)",
            "ExpressionAttributeValues": {
                ":users": {"S": USERS_LISTING},
                ":user": {"S": "USER#"},
            },
            "ScanIndexForward": False,
            "Limit": limit,
        }
        filters, names = [], {}
        if region:
            # `ru` holds `ru-msk` and `ru-spb`; `ru-msk` only itself.
            filters.append("(#region = :region OR begins_with(#region, :cities))")
            names["#region"] = "region"
            query["ExpressionAttributeValues"][":region"] = {"S": region}
            query["ExpressionAttributeValues"][":cities"] = {"S": f"{region}-"}
        if role:
            filters.append("#role = :role")
            names["#role"] = "role"
            query["ExpressionAttributeValues"][":role"] = {"S": role}
        if filters:
            query["FilterExpression"] = " AND ".join(filters)
            query["ExpressionAttributeNames"] = names
        if cursor:
            query["ExclusiveStartKey"] = _decode_cursor(cursor)
        found: list[dict[str, Any]] = []
        while True:
            try:
                resp = self._client.query(**query)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            found += resp.get("Items", [])
            last = resp.get("LastEvaluatedKey")
            if len(found) >= limit or not last:
                break
            # A filter left the page short: read on, so a page is full unless the list ends.
            query["ExclusiveStartKey"] = last
        if len(found) > limit:
            found = found[:limit]
            last = {name: found[-1][name] for name in GSI1_CURSOR_ATTRIBUTES}
        records = [_record(from_item(item)) for item in found]
        return records, encode_cursor(last) if last else None

    def user_for_email(self, email: str) -> str | None:
        """The user an e-mail signs in, if any."""
        item = get_item(
            self._client, self._table, item_key(email_pk(email), "CREDENTIAL"), storage_error
        )
        return item["user_id"]["S"] if item else None

    def user_for_telegram(self, telegram_id: int) -> str | None:
        """The user a Telegram account is linked to, if any."""
        item = get_item(
            self._client, self._table, item_key(telegram_pk(telegram_id), "LINK"), storage_error
        )
        return item["user_id"]["S"] if item else None

    def count_documents(self, user_id: str) -> int:
        """How many documents the user holds (deleted ones have left GSI1)."""
        return self._count(
            {
                "IndexName": "GSI1",
                "KeyConditionExpression": "GSI1PK = :owner AND begins_with(GSI1SK, :doc)",
                "ExpressionAttributeValues": {
                    ":owner": {"S": f"USER#{user_id}"},
                    ":doc": {"S": "DOC#"},
                },
            }
        )

    def block_history(self, user_id: str) -> list[BlockChange]:
        """The user's blocks and unblocks, newest first."""
        try:
            items = self._client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk AND begins_with(SK, :block)",
                ExpressionAttributeValues={
                    ":pk": {"S": f"USER#{user_id}"},
                    ":block": {"S": "BLOCK#"},
                },
                ScanIndexForward=False,
            ).get("Items", [])
        except (ClientError, BotoCoreError) as exc:
            raise storage_error(exc) from exc
        return [
            BlockChange(
                user_id=user_id,
                action=item["action"]["S"],  # type: ignore[arg-type]
                reason=item["reason"]["S"],
                by=item["by"]["S"],
                at=item["at"]["S"],
            )
            for item in items
        ]

    # --- writing -------------------------------------------------------------------

    def index_unlisted_users(self) -> int:
        """Put the profiles made before the admins' list existed into it (one Scan, run once
        by an operator: `python -m infra.backfill_user_listing`); how many were added.

        Their creation time is unknown, so they sort as the oldest users; a profile indexed
        meanwhile is left as it is (the update's condition).
        """
        scan: dict[str, Any] = {
            "TableName": self._table,
            "FilterExpression": "SK = :profile AND attribute_not_exists(GSI1PK)",
            "ExpressionAttributeValues": {":profile": {"S": "PROFILE"}},
            "ProjectionExpression": "PK",
        }
        added = 0
        while True:
            try:
                page = self._client.scan(**scan)
            except (ClientError, BotoCoreError) as exc:
                raise storage_error(exc) from exc
            for item in page.get("Items", []):
                added += self._index_profile(item["PK"]["S"].removeprefix("USER#"))
            last = page.get("LastEvaluatedKey")
            if not last:
                return added
            scan["ExclusiveStartKey"] = last

    def set_blocked(self, change: BlockChange) -> bool:
        """Block or unblock with its audit record in one transaction; False when the user
        was in that state already."""
        blocking = change.action == "block"
        values: dict[str, Any] = {":yes": {"BOOL": True}}
        if blocking:
            update = (
                "SET blocked = :yes, blocked_at = :at, blocked_by = :by, blocked_reason = :why, "
                "sessions_valid_after = :ended"
            )
            condition = (
                "attribute_exists(PK) AND (attribute_not_exists(blocked) OR blocked <> :yes)"
            )
            values |= {
                ":ended": {"N": str(_epoch_seconds(change.at))},
                ":at": {"S": change.at},
                ":by": {"S": change.by},
                ":why": {"S": change.reason},
            }
        else:
            update = "SET blocked = :no REMOVE " + ", ".join(_BLOCK_FIELDS)
            condition = "attribute_exists(PK) AND blocked = :yes"
            values[":no"] = {"BOOL": False}
        items: list[TransactWriteItemTypeDef] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": user_key(change.user_id),
                    "UpdateExpression": update,
                    "ConditionExpression": condition,
                    "ExpressionAttributeValues": values,
                }
            },
            {
                "Put": {
                    "TableName": self._table,
                    "Item": {
                        **item_key(f"USER#{change.user_id}", f"BLOCK#{change.at}"),
                        "action": {"S": change.action},
                        "reason": {"S": change.reason},
                        "by": {"S": change.by},
                        "at": {"S": change.at},
                    },
                    # Two changes in the same microsecond: the second is refused, not lost.
                    "ConditionExpression": "attribute_not_exists(PK)",
                }
            },
        ]
        try:
            self._client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "TransactionCanceledException":
                raise storage_error(exc) from exc
            if self.user_record(change.user_id) is None:
                raise DocumentNotFoundError("No such user.") from exc
            return False
        except BotoCoreError as exc:
            raise storage_error(exc) from exc
        return True

    def _index_profile(self, user_id: str) -> bool:
        """Put one older profile into the list; False when it is there already."""
        done = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=user_key(user_id),
                UpdateExpression="SET GSI1PK = :users, GSI1SK = :sk",
                ConditionExpression="attribute_exists(PK) AND attribute_not_exists(GSI1PK)",
                ExpressionAttributeValues={
                    ":users": {"S": USERS_LISTING},
                    ":sk": {"S": f"USER#{UNKNOWN_CREATION}#{user_id}"},
                },
            ),
            storage_error,
        )
        return done is not None

    def mark_email_unverified(self, user_id: str, email: str) -> None:
        """A new e-mail account: its address is to be confirmed (and shown to admins)."""
        self._set_flags(
            user_id,
            "SET email = :email, email_verified = :no",
            {
                ":email": {"S": email},
                ":no": {"BOOL": False},
            },
        )

    def end_sessions(self, user_id: str, before: int) -> None:
        """Refuse the user's tokens issued before `before` (epoch seconds)."""
        self._set_flags(
            user_id, "SET sessions_valid_after = :before", {":before": {"N": str(before)}}
        )

    def mark_email_verified(self, user_id: str) -> None:
        """The address is confirmed."""
        self._set_flags(user_id, "SET email_verified = :yes", {":yes": {"BOOL": True}})

    def _set_flags(self, user_id: str, update: str, values: dict[str, Any]) -> None:
        # A profile that is gone has nothing to flag: the condition keeps this from making
        # a profile without credits.
        conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=user_key(user_id),
                UpdateExpression=update,
                ConditionExpression="attribute_exists(PK)",
                ExpressionAttributeValues=values,
            ),
            storage_error,
        )


def _epoch_seconds(iso: str) -> int:
    """A record's ISO time as whole epoch seconds (rounded down: a token issued in the
    very second of a block still works, for at most that second)."""
    return math.floor(datetime.fromisoformat(iso).timestamp())


def _record(item: Mapping[str, Any]) -> UserRecord:
    def text(name: str) -> str | None:
        value = item.get(name)
        return str(value) if value is not None else None

    return UserRecord(
        profile=UserProfile.model_validate(item),
        created_at=text("created_at"),
        email=text("email"),
        blocked_at=text("blocked_at"),
        blocked_by=text("blocked_by"),
        blocked_reason=text("blocked_reason"),
    )


def _decode_cursor(cursor: str) -> dict[str, Any]:
    """The key a cursor of the users' list stands for; any other is a bad request."""
    return decode_gsi1_cursor(cursor, gsi1pk=USERS_LISTING, sk="PROFILE", prefix="USER#")
