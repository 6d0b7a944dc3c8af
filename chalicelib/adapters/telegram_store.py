"""The bot's state in the single table: updates seen, each chat's language, albums.

Items:

- `TGUPDATE#{update_id}` / `SEEN`: an update the webhook accepted; `expires_at` (TTL)
  two days on, well past Telegram's redelivery window. Created with
  `attribute_not_exists(PK)`, so a redelivered update finds it and is dropped.
- `TGRESULT#{document_id}` / `V#{version}`: the result message of that version was sent.
- `TGCHAT#{telegram_id}` / `PREFS`: `language` chosen with /lang or taken from the client.
- `TGALBUM#{chat_id}#{media_group_id}` / `ALBUM`: the album's assembler claimed it; its
  pages are `PAGE#{message_id:015d}` beside it (`file_id`, `file_size`), read in message
  order. Both expire after a day: they are only needed while the album is put together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import (
    TTL_ATTRIBUTE,
    get_item,
    item_key,
    put_new_item,
)
from chalicelib.errors import StorageUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

UPDATE_MEMORY = timedelta(days=2)
ALBUM_MEMORY = timedelta(days=1)


@dataclass(frozen=True)
class AlbumPage:
    """One photo of an album: Telegram's file id of its largest size."""

    message_id: int
    file_id: str
    file_size: int


def _storage_error(exc: Exception) -> StorageUnavailableError:
    return StorageUnavailableError(f"The bot's state could not be reached: {type(exc).__name__}")


def _expiry(after: timedelta) -> dict[str, str]:
    return {"N": str(math.ceil((datetime.now(UTC) + after).timestamp()))}


def _album_pk(chat_id: int, media_group_id: str) -> str:
    return f"TGALBUM#{chat_id}#{media_group_id}"


class DynamoTelegramStore:
    """What the bot remembers between updates."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    # --- updates ------------------------------------------------------------------

    def claim_update(self, update_id: int) -> bool:
        """True the first time an update id is claimed; False for a redelivery."""
        item = {**item_key(f"TGUPDATE#{update_id}", "SEEN"), TTL_ATTRIBUTE: _expiry(UPDATE_MEMORY)}
        return self._put_new(item)

    def release_update(self, update_id: int) -> None:
        """Forget a claim whose update could not be handed on, so Telegram's retry is taken."""
        try:
            self._client.delete_item(
                TableName=self._table, Key=item_key(f"TGUPDATE#{update_id}", "SEEN")
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

    # --- chats ----------------------------------------------------------------------

    def language(self, telegram_id: int) -> str | None:
        """The language a chat chose, if any."""
        item = self._get(item_key(f"TGCHAT#{telegram_id}", "PREFS"))
        return item["language"]["S"] if item and "language" in item else None

    def set_language(self, telegram_id: int, language: str) -> None:
        """Remember a chat's language."""
        try:
            self._client.put_item(
                TableName=self._table,
                Item={
                    **item_key(f"TGCHAT#{telegram_id}", "PREFS"),
                    "language": {"S": language},
                    "updated_at": {"S": datetime.now(UTC).isoformat()},
                },
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

    def claim_result(self, document_id: str, version: int) -> bool:
        """True the first time a version's result is to be sent to its chat."""
        item = {
            **item_key(f"TGRESULT#{document_id}", f"V#{version}"),
            TTL_ATTRIBUTE: _expiry(UPDATE_MEMORY),
        }
        return self._put_new(item)

    # --- albums ---------------------------------------------------------------------

    def add_album_page(self, chat_id: int, media_group_id: str, page: AlbumPage) -> bool:
        """Record a page of an album; True when this call opened the album (its assembler)."""
        pk = _album_pk(chat_id, media_group_id)
        try:
            self._client.put_item(
                TableName=self._table,
                Item={
                    **item_key(pk, f"PAGE#{page.message_id:015d}"),
                    "file_id": {"S": page.file_id},
                    "file_size": {"N": str(page.file_size)},
                    TTL_ATTRIBUTE: _expiry(ALBUM_MEMORY),
                },
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc
        return self._put_new({**item_key(pk, "ALBUM"), TTL_ATTRIBUTE: _expiry(ALBUM_MEMORY)})

    def album_pages(self, chat_id: int, media_group_id: str) -> list[AlbumPage]:
        """The album's pages so far, in the order they were sent."""
        try:
            answer = self._client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk AND begins_with(SK, :page)",
                ExpressionAttributeValues={
                    ":pk": {"S": _album_pk(chat_id, media_group_id)},
                    ":page": {"S": "PAGE#"},
                },
                ConsistentRead=True,
            )
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc
        return [
            AlbumPage(
                message_id=int(item["SK"]["S"].removeprefix("PAGE#")),
                file_id=item["file_id"]["S"],
                file_size=int(item["file_size"]["N"]),
            )
            for item in answer.get("Items", [])
        ]

    # --- shared -----------------------------------------------------------------------

    def _get(self, key: dict[str, Any]) -> dict[str, Any] | None:
        return get_item(self._client, self._table, key, _storage_error)

    def _put_new(self, item: dict[str, Any]) -> bool:
        return put_new_item(self._client, self._table, item, _storage_error)
