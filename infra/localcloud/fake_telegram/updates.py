"""The user's side: files a user sends, and the Update JSON Telegram would deliver for it.

Each builder also keeps the user's message in the chat (user and bot messages share one
message_id sequence per private chat, as on Telegram, so a bot can reply to it) and writes a
line of the transcript. The updates are plain dicts in the Bot API's shape: feed them to
aiogram's `Dispatcher.feed_raw_update`, POST them to a webhook, or queue them for getUpdates.
"""

from __future__ import annotations

import copy
import hashlib
import io
import mimetypes
import re
import secrets
import time
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from PIL import Image

from infra.localcloud.fake_telegram.entities import utf16_len
from infra.localcloud.fake_telegram.message_methods import document_json
from infra.localcloud.fake_telegram.state import Json, PendingCallback

if TYPE_CHECKING:
    from infra.localcloud.fake_telegram.state import TelegramState

# A command is "/name" or "/name@bot" at the very start; Telegram marks it bot_command.
_COMMAND = re.compile(r"/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?(?![A-Za-z0-9_@])")
# Telegram's preview sizes of a photo (the longest side of "s", "m" and "x").
_PHOTO_SIDES = (90, 320, 800)


def human_size(size: int) -> str:
    """A byte count as people read it: 812 B, 14.2 KB, 3.1 MB."""
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def add_user_file(
    state: TelegramState, data: bytes, file_name: str, mime_type: str | None = None
) -> Json:
    """Store a file a user sends and return the Document a message would carry."""
    mime = mime_type or mimetypes.guess_type(file_name)[0] or "application/octet-stream"
    suffix = PurePosixPath(file_name).suffix
    return document_json(state.add_file(data, "document", file_name, mime, suffix))


def add_user_photo(state: TelegramState, data: bytes) -> list[Json]:
    """Store a photo a user sends: its preview sizes, then the photo itself, largest last.

    Telegram recompresses a photo to JPEG at most 1280 (or 2560) px; the largest size here
    keeps the bytes given, so a test can compare what the bot downloads with what it sent.
    """
    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
        suffix = ".jpg" if image.format == "JPEG" else f".{(image.format or 'jpg').lower()}"
        sizes: list[Json] = []
        for side in _PHOTO_SIDES:
            if side >= max(width, height):
                break
            preview = image.convert("RGB")
            preview.thumbnail((side, side))
            buffer = io.BytesIO()
            preview.save(buffer, format="JPEG", quality=80)
            sizes.append(_photo_size(state, buffer.getvalue(), preview.size, ".jpg"))
    sizes.append(_photo_size(state, data, (width, height), suffix))
    return sizes


def _photo_size(state: TelegramState, data: bytes, size: tuple[int, int], suffix: str) -> Json:
    stored = state.add_file(data, "photo", None, None, suffix)
    return {
        "file_id": stored.file_id,
        "file_unique_id": stored.file_unique_id,
        "file_size": stored.size,
        "width": size[0],
        "height": size[1],
    }


def _user_message(state: TelegramState, chat_id: int, user: Json | None, content: Json) -> Json:
    sender = state.set_user(chat_id, user) if user else state.user(chat_id)
    payload: Json = {
        "message_id": state.next_message_id(chat_id),
        "from": sender,
        "chat": state.chat(chat_id),
        "date": int(time.time()),
        **content,
    }
    state.add_message(chat_id, payload, from_bot=False)
    return payload


def _update(state: TelegramState, kind: str, body: Json) -> Json:
    return {"update_id": state.next_update_id(), kind: body}


def text_update(
    state: TelegramState,
    chat_id: int,
    text: str,
    user: Json | None = None,
    language_code: str = "ru",
) -> Json:
    """A user's text message; a leading "/command" carries its bot_command entity.

    `user` fields (first_name, username, ...) are merged into the chat's user and kept;
    a language_code among them wins over the argument.
    """
    content: Json = {"text": text}
    command = _COMMAND.match(text)
    if command:
        length = utf16_len(command.group())
        content["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
    message = _user_message(
        state, chat_id, {"language_code": language_code, **(user or {})}, content
    )
    state.record_user(chat_id, text)
    return _update(state, "message", message)


def document_update(
    state: TelegramState,
    chat_id: int,
    document: Json,
    caption: str | None = None,
    *,
    user: Json | None = None,
    reply_to: int | None = None,
) -> Json:
    """A user's message with a document (from `add_user_file`) and an optional caption,
    maybe in reply to a message of the chat (`reply_to`, its id)."""
    content: Json = {"document": dict(document)}
    if caption:
        content["caption"] = caption
    if reply_to is not None:
        replied = state.message(chat_id, reply_to)
        if replied is None:
            raise ValueError(f"no message {reply_to} in chat {chat_id} to reply to")
        # Telegram sends the replied-to message whole, without its own reply.
        content["reply_to_message"] = {
            k: v for k, v in copy.deepcopy(replied.payload).items() if k != "reply_to_message"
        }
    message = _user_message(state, chat_id, user, content)
    line = f"[document] {document.get('file_name', 'file')}, "
    line += human_size(int(document.get("file_size", 0)))
    state.record_user(chat_id, line + (f": {caption}" if caption else ""))
    return _update(state, "message", message)


def photo_update(
    state: TelegramState,
    chat_id: int,
    photo_sizes: list[Json],
    media_group_id: str | None = None,
    *,
    caption: str | None = None,
    user: Json | None = None,
) -> Json:
    """A user's photo (sizes from `add_user_photo`); an album shares one media_group_id."""
    content: Json = {"photo": [dict(size) for size in photo_sizes]}
    if media_group_id is not None:
        content["media_group_id"] = str(media_group_id)
    if caption:
        content["caption"] = caption
    message = _user_message(state, chat_id, user, content)
    largest = photo_sizes[-1]
    line = f"[photo] {largest['width']}x{largest['height']}"
    line += f" (album {media_group_id})" if media_group_id is not None else ""
    state.record_user(chat_id, line + (f": {caption}" if caption else ""))
    return _update(state, "message", message)


def callback_update(
    state: TelegramState, chat_id: int, message_id: int, data: str, user: Json | None = None
) -> Json:
    """A user's press of an inline button of a bot message; ValueError if no such button."""
    stored = state.message(chat_id, message_id)
    if stored is None or not stored.from_bot:
        raise ValueError(f"chat {chat_id} has no bot message {message_id} to press a button of")
    buttons = [
        button
        for row in stored.payload.get("reply_markup", {}).get("inline_keyboard", [])
        for button in row
        if button.get("callback_data") == data
    ]
    if not buttons:
        raise ValueError(f"message {message_id} has no button with callback_data {data!r}")
    query_id = str(secrets.randbits(62))
    with state.lock:
        state.callbacks[query_id] = PendingCallback(chat_id, time.monotonic())
    digest = hashlib.sha256(f"chat_instance:{chat_id}".encode()).digest()
    query: Json = {
        "id": query_id,
        "from": state.set_user(chat_id, user) if user else state.user(chat_id),
        "message": copy.deepcopy(stored.payload),  # as the user's app shows it now
        "chat_instance": str(int.from_bytes(digest[:8]) // 2),
        "data": data,
    }
    state.record_user(chat_id, f"[pressed] {buttons[0].get('text', '')}")
    return _update(state, "callback_query", query)
