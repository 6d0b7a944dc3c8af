"""The Bot API methods of a conversation: send, edit and delete messages, files, buttons.

Each reads its parameters the way the real server does, checks what Telegram checks (in
about the order it does: parameters, then the chat, then whether the user blocked the bot),
changes the state and returns the answer's `result`.
"""

from __future__ import annotations

import copy
import mimetypes
import time
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from infra.localcloud.fake_telegram.api import (
    BLOCKED,
    NOT_MODIFIED,
    QUERY_TOO_OLD,
    ApiError,
    Request,
    bad_request,
)
from infra.localcloud.fake_telegram.entities import EntityParseError, trim, utf16_len
from infra.localcloud.fake_telegram.formatting import parse_formatted
from infra.localcloud.fake_telegram.state import (
    CALLBACK_ANSWER_WINDOW_S,
    MAX_DOWNLOAD_BYTES,
    MAX_UPLOAD_BYTES,
    Json,
    StoredFile,
    StoredMessage,
    TelegramState,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA_BYTES = 64
_CHAT_ACTIONS = frozenset(
    (
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    )
)
_PARSE_MODES = frozenset(("html", "markdown", "markdownv2"))
_BUTTON_ACTIONS = frozenset(
    (
        "url",
        "callback_data",
        "web_app",
        "login_url",
        "switch_inline_query",
        "switch_inline_query_current_chat",
        "switch_inline_query_chosen_chat",
        "copy_text",
        "callback_game",
        "pay",
    )
)


def _now() -> int:
    return int(time.time())


def _chat_id(state: TelegramState, req: Request) -> int:
    value = req.params.get("chat_id")
    if value in (None, ""):
        raise bad_request("chat_id is empty")
    try:
        chat_id = int(value)
    except (TypeError, ValueError):
        raise bad_request("chat not found") from None  # "@name": only channels have one
    if not state.knows_chat(chat_id):
        raise bad_request("chat not found")
    return chat_id


def _not_blocked(state: TelegramState, chat_id: int) -> None:
    if chat_id in state.blocked:
        raise ApiError(403, BLOCKED)


def _formatted(
    req: Request, name: str, entities_name: str, limit: int, too_long: str
) -> tuple[str, list[Json]]:
    """Text (or caption) after parse_mode or explicit entities, trimmed as Telegram trims."""
    raw = req.text(name) or ""
    parse_mode = req.text("parse_mode")
    if parse_mode is not None and parse_mode.lower() not in _PARSE_MODES:
        raise bad_request("unsupported parse_mode")
    explicit = req.json(entities_name)
    if explicit is not None and not _are_entities(explicit):
        raise bad_request(f"can't parse {entities_name} JSON object")
    if explicit:
        text, entities = raw, [dict(e) for e in explicit]
    else:
        try:
            text, entities = parse_formatted(raw, parse_mode)
        except EntityParseError as exc:
            raise bad_request(f"can't parse entities: {exc}") from None
    text, entities = trim(text, entities)
    if utf16_len(text) > limit:
        raise bad_request(too_long)
    return text, entities


def _are_entities(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(e, dict)
        and "type" in e
        and {type(e.get("offset")), type(e.get("length"))} == {int}
        for e in value
    )


def _reply_markup(req: Request) -> Json | None:
    """The reply_markup, checked; only an inline keyboard is echoed back in the Message."""
    markup = req.json("reply_markup", "reply keyboard markup")
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    rows = markup.get("inline_keyboard")
    if rows is None:
        return None  # a reply keyboard, its removal or force_reply: shown to the user only
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request(
            "can't parse inline keyboard button: InlineKeyboardButton must be an Object"
        )
    for row in rows:
        for button in row:
            if not isinstance(button, dict) or "text" not in button:
                raise bad_request("can't parse inline keyboard button: Text must be String")
            if not _BUTTON_ACTIONS & button.keys():
                raise bad_request(
                    "can't parse inline keyboard button: Text buttons are unallowed in the "
                    "inline keyboard"
                )
            data = button.get("callback_data")
            if data is not None and not 0 < len(str(data).encode()) <= MAX_CALLBACK_DATA_BYTES:
                raise bad_request("BUTTON_DATA_INVALID")
    return {"inline_keyboard": rows}


def _bot_message(state: TelegramState, chat_id: int) -> Json:
    return {
        "message_id": state.next_message_id(chat_id),
        "from": dict(state.bot_user),
        "chat": state.chat(chat_id),
        "date": _now(),
    }


def _reply_to(state: TelegramState, chat_id: int, req: Request) -> Json | None:
    params = req.json("reply_parameters")
    if isinstance(params, dict):
        message_id, allow = (
            params.get("message_id"),
            bool(params.get("allow_sending_without_reply")),
        )
    else:
        message_id = req.integer("reply_to_message_id")
        allow = req.flag("allow_sending_without_reply")
    if message_id is None:
        return None
    target = state.message(chat_id, int(message_id))
    if target is None:
        if allow:
            return None
        raise bad_request("message to be replied not found")
    replied = copy.deepcopy(target.payload)
    replied.pop("reply_to_message", None)  # Telegram nests one level only
    return replied


def _decorate(payload: Json, *, reply_to: Json | None, markup: Json | None) -> Json:
    if reply_to is not None:
        payload["reply_to_message"] = reply_to
    if markup is not None:
        payload["reply_markup"] = markup
    return payload


def send_message(state: TelegramState, req: Request) -> Json:
    """sendMessage: a text message, with its entities, keyboard and reply."""
    chat_id = _chat_id(state, req)
    text, entities = _formatted(req, "text", "entities", MAX_TEXT, "message is too long")
    if not text:
        raise bad_request("message text is empty")
    markup = _reply_markup(req)
    reply_to = _reply_to(state, chat_id, req)
    _not_blocked(state, chat_id)
    payload = _bot_message(state, chat_id) | {"text": text}
    if entities:
        payload["entities"] = entities
    preview = req.json("link_preview_options")
    if isinstance(preview, dict) and preview:
        payload["link_preview_options"] = preview
    state.add_message(chat_id, _decorate(payload, reply_to=reply_to, markup=markup), from_bot=True)
    return payload


def _edit_target(state: TelegramState, req: Request, missing: str) -> StoredMessage:
    if req.text("inline_message_id") is not None:
        raise bad_request("MESSAGE_ID_INVALID")  # the fake has no inline mode
    chat_id = _chat_id(state, req)
    message_id = req.integer("message_id")
    if message_id is None:
        raise bad_request("message identifier is not specified")
    stored = state.message(chat_id, message_id)
    if stored is None:
        raise bad_request(missing)
    if not stored.from_bot:
        raise bad_request("message can't be edited")
    return stored


def edit_message_text(state: TelegramState, req: Request) -> Json:
    """editMessageText: new text (and keyboard: none given removes it, as on Telegram)."""
    stored = _edit_target(state, req, "message to edit not found")
    payload = stored.payload
    if "text" not in payload:
        raise bad_request("there is no text in the message to edit")
    text, entities = _formatted(req, "text", "entities", MAX_TEXT, "message is too long")
    if not text:
        raise bad_request("message text is empty")
    markup = _reply_markup(req)
    _not_blocked(state, int(payload["chat"]["id"]))
    current = (payload["text"], payload.get("entities", []), payload.get("reply_markup"))
    if current == (text, entities, markup):
        raise bad_request(NOT_MODIFIED)
    payload["text"] = text
    payload.pop("entities", None)
    payload.pop("reply_markup", None)
    if entities:
        payload["entities"] = entities
    if markup is not None:
        payload["reply_markup"] = markup
    payload["edit_date"] = _now()
    if not stored.texts or stored.texts[-1] != text:
        stored.texts.append(text)
    return copy.deepcopy(payload)


def edit_message_reply_markup(state: TelegramState, req: Request) -> Json:
    """editMessageReplyMarkup: a new inline keyboard, or none."""
    stored = _edit_target(state, req, "message to edit not found")
    markup = _reply_markup(req)
    _not_blocked(state, int(stored.payload["chat"]["id"]))
    if stored.payload.get("reply_markup") == markup:
        raise bad_request(NOT_MODIFIED)
    stored.payload.pop("reply_markup", None)
    if markup is not None:
        stored.payload["reply_markup"] = markup
    stored.payload["edit_date"] = _now()
    return copy.deepcopy(stored.payload)


def delete_message(state: TelegramState, req: Request) -> bool:
    """deleteMessage: the bot's own messages and, in a private chat, the user's."""
    chat_id = _chat_id(state, req)
    message_id = req.integer("message_id")
    stored = state.message(chat_id, message_id) if message_id is not None else None
    if stored is None:
        raise bad_request("message to delete not found")
    stored.deleted = True
    return True


def _document_of(state: TelegramState, req: Request) -> StoredFile:
    value = req.params.get("document")
    upload = req.files.get("document")
    if isinstance(value, str) and value.startswith("attach://"):
        upload = req.files.get(value.removeprefix("attach://"))
    elif isinstance(value, str) and value:
        if value in state.files:
            return state.files[value]  # sending a file again by its file_id
        if value.startswith(("http://", "https://")):
            raise bad_request("failed to get HTTP URL content")
        raise bad_request("wrong file identifier/HTTP URL specified")
    if upload is None:
        raise bad_request("there is no document in the request")
    if not upload.data:
        raise bad_request("file must be non-empty")
    if len(upload.data) > MAX_UPLOAD_BYTES:
        raise ApiError(413, "Request Entity Too Large")
    name = upload.filename or "document"
    mime = mimetypes.guess_type(name)[0]
    if mime is None and upload.content_type not in ("", "application/octet-stream"):
        mime = upload.content_type
    suffix = PurePosixPath(name).suffix
    return state.add_file(upload.data, "document", name, mime or "application/octet-stream", suffix)


def document_json(stored: StoredFile) -> Json:
    """The Document object of a stored file."""
    document: Json = {"file_name": stored.file_name, "mime_type": stored.mime_type}
    document = {k: v for k, v in document.items() if v is not None}
    return document | {
        "file_id": stored.file_id,
        "file_unique_id": stored.file_unique_id,
        "file_size": stored.size,
    }


def send_document(state: TelegramState, req: Request) -> Json:
    """sendDocument: an uploaded file (or one sent again by file_id), with a caption."""
    chat_id = _chat_id(state, req)
    caption, entities = _formatted(
        req, "caption", "caption_entities", MAX_CAPTION, "message caption is too long"
    )
    markup = _reply_markup(req)
    reply_to = _reply_to(state, chat_id, req)
    stored = _document_of(state, req)
    _not_blocked(state, chat_id)
    payload = _bot_message(state, chat_id) | {"document": document_json(stored)}
    if caption:
        payload["caption"] = caption
    if entities:
        payload["caption_entities"] = entities
    _decorate(payload, reply_to=reply_to, markup=markup)
    state.add_message(chat_id, payload, from_bot=True, document=stored)
    return payload


def send_chat_action(state: TelegramState, req: Request) -> bool:
    """sendChatAction: "typing…" and friends."""
    chat_id = _chat_id(state, req)
    if req.text("action") not in _CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    _not_blocked(state, chat_id)
    return True


def answer_callback_query(state: TelegramState, req: Request) -> bool:
    """answerCallbackQuery: once per query, within Telegram's window."""
    query_id = req.text("callback_query_id") or ""
    pending = state.callbacks.get(query_id)
    expired = pending is not None and time.monotonic() - pending.created > CALLBACK_ANSWER_WINDOW_S
    if pending is None or pending.answered or expired:
        raise bad_request(QUERY_TOO_OLD)
    pending.answered = True
    text = req.text("text")
    if text:
        state.record_answer(pending.chat_id, text, alert=req.flag("show_alert"))
    return True


def get_file(state: TelegramState, req: Request) -> Json:
    """getFile: where to download a file; refused over 20 MB, as Telegram refuses."""
    stored = state.files.get(req.text("file_id") or "")
    if stored is None:
        raise bad_request("invalid file_id")
    if stored.size > MAX_DOWNLOAD_BYTES:
        raise bad_request("file is too big")
    return {
        "file_id": stored.file_id,
        "file_unique_id": stored.file_unique_id,
        "file_size": stored.size,
        "file_path": stored.file_path,
    }


CONVERSATION_METHODS: dict[str, Callable[[TelegramState, Request], Any]] = {
    "sendMessage": send_message,
    "editMessageText": edit_message_text,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "sendDocument": send_document,
    "sendChatAction": send_chat_action,
    "answerCallbackQuery": answer_callback_query,
    "getFile": get_file,
}
