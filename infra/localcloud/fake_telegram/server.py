"""The fake Telegram Bot API server and `FakeTelegram`, the handle tests and the demo hold.

`FakeTelegram` starts a threaded stdlib HTTP server on 127.0.0.1 that answers
`/bot<token>/<method>` and `/file/bot<token>/<file_path>` as api.telegram.org does, and
offers what a test needs around it: failures to inject, users who send text, documents,
photos and button presses, and everything the bot did, to read back or print.
"""

from __future__ import annotations

import copy
import json
import time
import urllib.request
from typing import Any
from urllib.error import HTTPError, URLError

from infra.localcloud.fake_telegram import updates
from infra.localcloud.fake_telegram.handler import TelegramRequestHandler
from infra.localcloud.fake_telegram.state import (
    ApiCall,
    BotMessage,
    Fault,
    Json,
    SentDocument,
    TelegramState,
    Webhook,
)
from infra.localcloud.fake_telegram.transcript import render_transcript
from infra.localcloud.local_http import FakeHttpServer, ServedInBackground

_DEFAULT_DESCRIPTIONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden: bot was blocked by the user",
    404: "Not Found",
    409: "Conflict: terminated by other getUpdates request; make sure that only one bot "
    "instance is running",
    500: "Internal Server Error",
    502: "Bad Gateway",
}


class FakeTelegram(ServedInBackground):
    """A local Telegram Bot API for one bot; thread-safe, usable as a context manager."""

    def __init__(
        self,
        token: str = "123456:TEST",  # noqa: S107 - a made-up token only this fake accepts
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_username: str = "contract_check_bot",
        bot_first_name: str = "Contract-check",
        strict_chats: bool = False,
    ) -> None:
        self.token = token
        bot_id = int(token.split(":", 1)[0]) if token.split(":", 1)[0].isdigit() else 123456
        bot_user = {
            "id": bot_id,
            "is_bot": True,
            "first_name": bot_first_name,
            "username": bot_username,
        }
        self.state = TelegramState(bot_user, strict_chats=strict_chats)
        self._server = FakeHttpServer((host, port), TelegramRequestHandler, self)

    # --- lifecycle ----------------------------------------------------------

    @property
    def base_url(self) -> str:
        """What `TelegramAPIServer.from_base` takes, e.g. "http://127.0.0.1:8081"."""
        return self.url

    @property
    def bot_user(self) -> Json:
        """The bot's User object ("from" of its messages)."""
        return dict(self.state.bot_user)

    def _before_stop(self) -> None:
        self.state.stop_waiting()  # long polls in progress return at once

    # --- failures -----------------------------------------------------------

    def fail_next(
        self,
        method: str | None,
        status: int = 429,
        *,
        retry_after: int | None = None,
        description: str | None = None,
        times: int = 1,
    ) -> None:
        """Answer the next `times` calls of `method` (None: any) with this error instead."""
        if status == 429 and retry_after is None:
            retry_after = 1
        if description is None:
            if status == 429:
                description = f"Too Many Requests: retry after {retry_after}"
            else:
                description = _DEFAULT_DESCRIPTIONS.get(status, f"Error {status}")
        fault = Fault(method.lower() if method else None, status, description, retry_after, times)
        with self.state.lock:
            self.state.faults.append(fault)

    def block(self, chat_id: int) -> None:
        """The user blocks the bot: sends and edits to the chat answer 403."""
        with self.state.lock:
            self.state.blocked.add(chat_id)

    def unblock(self, chat_id: int) -> None:
        """The user unblocks the bot."""
        with self.state.lock:
            self.state.blocked.discard(chat_id)

    # --- what the bot did ---------------------------------------------------

    @property
    def calls(self) -> list[ApiCall]:
        """Every call so far, in order, failed ones included (a copy)."""
        with self.state.lock:
            return list(self.state.calls)

    def calls_of(self, method: str) -> list[ApiCall]:
        """The calls of one method (case-insensitive, as the Bot API reads names)."""
        return [call for call in self.calls if call.method.lower() == method.lower()]

    def messages(self, chat_id: int) -> list[BotMessage]:
        """The bot's messages in the chat, oldest first, each as it is now with its history."""
        return self.state.bot_messages(chat_id)

    def documents(self, chat_id: int) -> list[SentDocument]:
        """The documents the bot sent to the chat, oldest first."""
        return [m.document for m in self.messages(chat_id) if m.document is not None]

    @property
    def webhook(self) -> Webhook:
        """What setWebhook recorded (a copy; its url is "" when none is set)."""
        with self.state.lock:
            return copy.deepcopy(self.state.webhook)

    def transcript(self, chat_id: int) -> str:
        """The conversation as readable text: the user's actions and the bot's messages."""
        return render_transcript(self.state, chat_id)

    # --- the user's side ----------------------------------------------------

    def set_user(self, chat_id: int, **fields: Any) -> Json:
        """Set fields of the chat's user (first_name, username, language_code, ...)."""
        return self.state.set_user(chat_id, fields)

    def record_user(self, chat_id: int, description: str) -> None:
        """Write a user action the builders do not cover into the transcript."""
        self.state.record_user(chat_id, description)

    def add_user_file(
        self, data: bytes, file_name: str = "document.pdf", mime_type: str | None = None
    ) -> Json:
        """Store a file a user sends; the Document dict (file_id, ..., file_size) it gets."""
        return updates.add_user_file(self.state, data, file_name, mime_type)

    def add_user_photo(self, data: bytes) -> list[Json]:
        """Store a photo a user sends; its PhotoSize dicts, the largest last."""
        return updates.add_user_photo(self.state, data)

    def text_update(
        self, chat_id: int, text: str, user: Json | None = None, language_code: str = "ru"
    ) -> Json:
        """An Update with the user's text message ("/start" carries its bot_command)."""
        return updates.text_update(self.state, chat_id, text, user, language_code)

    def document_update(
        self,
        chat_id: int,
        document: Json,
        caption: str | None = None,
        *,
        user: Json | None = None,
        reply_to: int | None = None,
    ) -> Json:
        """An Update with the user's document (from `add_user_file`), maybe a reply."""
        return updates.document_update(
            self.state, chat_id, document, caption, user=user, reply_to=reply_to
        )

    def photo_update(
        self,
        chat_id: int,
        photo_sizes: list[Json],
        media_group_id: str | None = None,
        *,
        caption: str | None = None,
        user: Json | None = None,
    ) -> Json:
        """An Update with the user's photo (from `add_user_photo`), maybe part of an album."""
        return updates.photo_update(
            self.state, chat_id, photo_sizes, media_group_id, caption=caption, user=user
        )

    def callback_update(
        self, chat_id: int, message_id: int, data: str, user: Json | None = None
    ) -> Json:
        """An Update with the user's press of the bot message's button with this data."""
        return updates.callback_update(self.state, chat_id, message_id, data, user)

    def deliver(self, update: Json, timeout: float = 30.0) -> int | None:
        """Hand an update to the bot: POST it to the webhook (its status) or queue it (None).

        As on Telegram, an update of a kind the webhook's allowed_updates leaves out is
        dropped (None).
        """
        with self.state.lock:
            hook = copy.deepcopy(self.state.webhook)
        if not hook.url:
            self.state.queue_update(update)
            return None
        if hook.allowed_updates and not any(kind in update for kind in hook.allowed_updates):
            return None
        headers = {"Content-Type": "application/json"}
        if hook.secret_token:
            headers["X-Telegram-Bot-Api-Secret-Token"] = hook.secret_token
        body = json.dumps(update, ensure_ascii=False).encode()
        # The URL is the bot's own webhook, limited to http(s) by setWebhook.
        request = urllib.request.Request(hook.url, body, headers, method="POST")  # noqa: S310
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
                return int(response.status)
        except HTTPError as exc:
            self._webhook_failed(f"Wrong response from the webhook: {exc.code} {exc.reason}")
            return exc.code
        except (URLError, OSError) as exc:
            self._webhook_failed(f"Connection refused: {exc}")
            raise

    def _webhook_failed(self, message: str) -> None:
        with self.state.lock:
            self.state.webhook.last_error_date = int(time.time())
            self.state.webhook.last_error_message = message
