"""What the fake Telegram remembers: chats and their messages, files, calls, faults, updates.

One `TelegramState` per fake, guarded by one lock: the HTTP handler threads write to it and
the test thread reads it. What a test reads comes out as frozen snapshots (`BotMessage`,
`ApiCall`, `SentDocument`), never the live records.
"""

from __future__ import annotations

import copy
import itertools
import secrets
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

Json = dict[str, Any]

# The Bot API's limits: bots download up to 20 MB and upload up to 50 MB.
MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024
MAX_UPLOAD_BYTES = 50 * 1024 * 1024
# Telegram drops a callback query the bot did not answer within about this long.
CALLBACK_ANSWER_WINDOW_S = 15.0

# Prefixes of real file ids by kind (they encode the kind; bots sometimes check them).
_FILE_ID_PREFIX = {"document": "BQACAgIAAxkBAAI", "photo": "AgACAgIAAxkBAAI"}
_FILE_PATH_DIR = {"document": "documents", "photo": "photos"}


@dataclass(frozen=True)
class ApiCall:
    """One Bot API call as the fake received it, and the HTTP status it answered."""

    method: str
    params: dict[str, Any]
    files: dict[str, str]
    status: int


@dataclass(frozen=True)
class SentDocument:
    """A file the bot sent: its name, type and bytes."""

    file_name: str
    mime_type: str
    data: bytes
    file_id: str

    @property
    def size(self) -> int:
        """Its size in bytes."""
        return len(self.data)


@dataclass(frozen=True)
class BotMessage:
    """A message the bot sent, as the chat shows it now, with every text it had."""

    chat_id: int
    message_id: int
    text: str | None
    texts: tuple[str, ...]
    entities: tuple[Json, ...]
    reply_markup: Json | None
    caption: str | None
    document: SentDocument | None
    deleted: bool
    reply_to_message_id: int | None
    payload: Json

    @property
    def buttons(self) -> list[str]:
        """The inline buttons' labels, row by row."""
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [str(button.get("text", "")) for row in rows for button in row]

    @property
    def callback_data(self) -> list[str]:
        """The inline buttons' callback data, row by row (buttons without it are skipped)."""
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [str(b["callback_data"]) for row in rows for b in row if "callback_data" in b]


@dataclass
class StoredFile:
    """A file Telegram holds: uploaded by the bot or sent by a user."""

    file_id: str
    file_unique_id: str
    file_path: str
    data: bytes
    file_name: str | None
    mime_type: str | None

    @property
    def size(self) -> int:
        """Its size in bytes."""
        return len(self.data)


@dataclass
class StoredMessage:
    """A message in a chat: its current Message JSON and what it was before."""

    payload: Json
    from_bot: bool
    texts: list[str] = field(default_factory=list)
    deleted: bool = False
    document: StoredFile | None = None


@dataclass(frozen=True)
class TranscriptEntry:
    """One line of a conversation: what the user did, a bot message, or a callback answer."""

    side: Literal["user", "bot", "answer"]
    text: str = ""
    message_id: int | None = None


@dataclass
class Fault:
    """An error to answer instead of the next calls of a method (None: of any method)."""

    method: str | None
    status: int
    description: str
    retry_after: int | None
    remaining: int


@dataclass
class PendingCallback:
    """A callback query a user made, waiting for answerCallbackQuery."""

    chat_id: int
    created: float
    answered: bool = False


@dataclass
class Webhook:
    """What setWebhook recorded."""

    url: str = ""
    secret_token: str | None = None
    allowed_updates: list[str] | None = None
    max_connections: int = 40
    last_error_date: int | None = None
    last_error_message: str | None = None


class TelegramState:
    """The fake's memory; every method takes the lock, so handler threads can share it."""

    def __init__(self, bot_user: Json, *, strict_chats: bool = False) -> None:
        self.bot_user = bot_user
        self.strict_chats = strict_chats
        self.lock = threading.RLock()
        # Signalled when an update is queued or the fake stops: getUpdates long-polls on it.
        self.updates_changed = threading.Condition(self.lock)
        self.stopping = False
        self.calls: list[ApiCall] = []
        self.faults: list[Fault] = []
        self.blocked: set[int] = set()
        self.users: dict[int, Json] = {}
        self.messages: dict[int, dict[int, StoredMessage]] = defaultdict(dict)
        self.transcripts: dict[int, list[TranscriptEntry]] = defaultdict(list)
        self.files: dict[str, StoredFile] = {}
        self.callbacks: dict[str, PendingCallback] = {}
        self.commands: dict[tuple[str, str], list[Json]] = {}
        self.webhook = Webhook()
        self.pending_updates: list[Json] = []
        self._message_ids: dict[int, itertools.count[int]] = defaultdict(lambda: itertools.count(1))
        self._update_ids = itertools.count(10_000_001)
        self._file_numbers = itertools.count(1)

    # --- identities -----------------------------------------------------------

    def next_message_id(self, chat_id: int) -> int:
        """The chat's next message id: user and bot messages share one sequence per chat."""
        with self.lock:
            return next(self._message_ids[chat_id])

    def next_update_id(self) -> int:
        """The next update_id: increasing across the whole bot."""
        with self.lock:
            return next(self._update_ids)

    def user(self, chat_id: int) -> Json:
        """The private chat's user: set by a test, or a default one made up from the id."""
        with self.lock:
            if chat_id not in self.users:
                self.users[chat_id] = {
                    "id": chat_id,
                    "is_bot": False,
                    "first_name": f"User{chat_id}",
                    "username": f"user{chat_id}",
                    "language_code": "ru",
                }
            return dict(self.users[chat_id])

    def set_user(self, chat_id: int, fields: Json) -> Json:
        """Merge `fields` into the chat's user and return it."""
        with self.lock:
            self.users[chat_id] = {**self.user(chat_id), **fields, "id": chat_id}
            return dict(self.users[chat_id])

    def knows_chat(self, chat_id: int) -> bool:
        """Whether the bot may write to the chat: a private one (a positive id, as a user's).

        Strict mode is Telegram's rule that a bot cannot write first: only once the user did.
        """
        with self.lock:
            return chat_id > 0 and (not self.strict_chats or chat_id in self.users)

    def chat(self, chat_id: int) -> Json:
        """The Chat object of a private chat with the user."""
        user = self.user(chat_id)
        chat: Json = {"id": chat_id, "first_name": user["first_name"], "type": "private"}
        for name in ("last_name", "username"):
            if user.get(name):
                chat[name] = user[name]
        return chat

    # --- files ----------------------------------------------------------------

    def add_file(
        self, data: bytes, kind: str, file_name: str | None, mime_type: str | None, suffix: str
    ) -> StoredFile:
        """Store bytes as Telegram would, under a fresh file_id and file_path."""
        with self.lock:
            number = next(self._file_numbers)
            stored = StoredFile(
                file_id=_FILE_ID_PREFIX.get(kind, "BQACAgIAAxkBAAI") + secrets.token_urlsafe(40),
                file_unique_id="AgAD" + secrets.token_urlsafe(9),
                file_path=f"{_FILE_PATH_DIR.get(kind, 'documents')}/file_{number}{suffix}",
                data=data,
                file_name=file_name,
                mime_type=mime_type,
            )
            self.files[stored.file_id] = stored
            return stored

    def file_by_path(self, file_path: str) -> StoredFile | None:
        """The file a download URL names, if any."""
        with self.lock:
            return next((f for f in self.files.values() if f.file_path == file_path), None)

    # --- messages -------------------------------------------------------------

    def add_message(
        self, chat_id: int, payload: Json, *, from_bot: bool, document: StoredFile | None = None
    ) -> StoredMessage:
        """Keep a new message of the chat (its payload already carries its message_id)."""
        text = payload.get("text", payload.get("caption"))
        stored = StoredMessage(
            copy.deepcopy(payload), from_bot, [text] if text is not None else [], document=document
        )
        with self.lock:
            self.messages[chat_id][int(payload["message_id"])] = stored
            if from_bot:
                self.transcripts[chat_id].append(TranscriptEntry("bot", "", stored_id(payload)))
            return stored

    def message(self, chat_id: int, message_id: int) -> StoredMessage | None:
        """A message of the chat that still exists."""
        with self.lock:
            stored = self.messages.get(chat_id, {}).get(message_id)
            return None if stored is None or stored.deleted else stored

    def bot_messages(self, chat_id: int) -> list[BotMessage]:
        """Snapshots of every message the bot sent to the chat, deleted ones included."""
        with self.lock:
            stored = [m for m in self.messages.get(chat_id, {}).values() if m.from_bot]
            return [snapshot(chat_id, m) for m in stored]

    def record_user(self, chat_id: int, description: str) -> None:
        """Add what the user did to the chat's transcript."""
        with self.lock:
            self.transcripts[chat_id].append(TranscriptEntry("user", description))

    def record_answer(self, chat_id: int, text: str, *, alert: bool) -> None:
        """Add the bot's answer to a button press (a toast, or an alert) to the transcript."""
        with self.lock:
            entry = TranscriptEntry("answer", f"{'alert' if alert else 'toast'}: {text}")
            self.transcripts[chat_id].append(entry)

    # --- calls and faults -----------------------------------------------------

    def record_call(self, call: ApiCall) -> None:
        """Remember a call, in the order the fake answered them."""
        with self.lock:
            self.calls.append(call)

    def take_fault(self, method: str) -> Fault | None:
        """The first queued fault for `method`, used up by one."""
        with self.lock:
            for fault in self.faults:
                if fault.remaining > 0 and fault.method in (None, method.lower()):
                    fault.remaining -= 1
                    return fault
            self.faults = [f for f in self.faults if f.remaining > 0]
            return None

    # --- updates --------------------------------------------------------------

    def queue_update(self, update: Json) -> None:
        """Hold an update for getUpdates, as Telegram does while no webhook is set."""
        with self.updates_changed:
            self.pending_updates.append(copy.deepcopy(update))
            self.updates_changed.notify_all()

    def wait_for_updates(self, offset: int, timeout: float) -> None:
        """Long-poll: return once an update at or past `offset` is queued, or on timeout."""
        deadline = time.monotonic() + timeout
        with self.updates_changed:
            while not self.stopping and not any(
                u["update_id"] >= offset for u in self.pending_updates
            ):
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self.updates_changed.wait(left)

    def stop_waiting(self) -> None:
        """Wake every long poll: the fake is stopping."""
        with self.updates_changed:
            self.stopping = True
            self.updates_changed.notify_all()


def stored_id(payload: Json) -> int:
    """The message_id of a Message payload."""
    return int(payload["message_id"])


def snapshot(chat_id: int, stored: StoredMessage) -> BotMessage:
    """A frozen copy of a stored message, for tests to read."""
    payload = copy.deepcopy(stored.payload)
    document = None
    if stored.document is not None:
        document = SentDocument(
            file_name=stored.document.file_name or "",
            mime_type=stored.document.mime_type or "",
            data=stored.document.data,
            file_id=stored.document.file_id,
        )
    reply_to = payload.get("reply_to_message")
    return BotMessage(
        chat_id=chat_id,
        message_id=int(payload["message_id"]),
        text=payload.get("text"),
        texts=tuple(stored.texts),
        entities=tuple(payload.get("entities") or payload.get("caption_entities") or ()),
        reply_markup=payload.get("reply_markup"),
        caption=payload.get("caption"),
        document=document,
        deleted=stored.deleted,
        reply_to_message_id=int(reply_to["message_id"]) if reply_to else None,
        payload=payload,
    )
