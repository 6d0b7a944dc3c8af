"""The bot on the local cloud: a fake Telegram, the webhook set on it, and a user to play.

`LocalTelegram` starts the fake Bot API server (`infra.localcloud.fake_telegram`), gives the
local cloud's handlers its address, the bot's token and the webhook's secret, and, once the
cloud serves the webhook's Function URL, calls setWebhook on the fake exactly as a deployer
calls it on Telegram. From then on the fake delivers each update the way Telegram does: an
HTTP POST to the webhook with the secret token header.

`contract-check telegram send FILE…` plays a user with it and prints the conversation;
`contract-check local up` serves it beside the HTTP API; the end-to-end tests drive it.
"""

from __future__ import annotations

import io
import json
import secrets
import time
import urllib.request
from typing import TYPE_CHECKING, Any

from infra.localcloud.fake_telegram import FakeTelegram

if TYPE_CHECKING:
    from pathlib import Path

    from chalicelib.models import Document
    from infra.localcloud.cloud import LocalCloud

BOT_TOKEN = "123456:LOCAL-contract-check-bot"  # noqa: S105  # the fake's only, never a real bot
WEBHOOK_FUNCTION = "TelegramWebhookFunction"
ALLOWED_UPDATES = ["message", "callback_query"]
_PHOTO_TYPES = {".jpg", ".jpeg", ".png"}


class LocalTelegram:
    """A fake Telegram for the local cloud's bot: start before the cloud, connect after."""

    def __init__(self, *, album_settle_seconds: float = 1.5) -> None:
        self.fake = FakeTelegram(token=BOT_TOKEN)
        self.secret = secrets.token_urlsafe(24)
        self._settle = album_settle_seconds
        self.cloud: LocalCloud | None = None

    def start(self) -> LocalTelegram:
        """Serve the fake Bot API."""
        self.fake.start()
        return self

    def stop(self) -> None:
        """Stop the fake."""
        self.fake.stop()

    def environment(self) -> dict[str, str]:
        """What the cloud's handlers need to talk to this Telegram."""
        return {
            "TELEGRAM_BOT_TOKEN": BOT_TOKEN,
            "TELEGRAM_API_BASE": self.fake.base_url,
            "TELEGRAM_WEBHOOK_SECRET": self.secret,
            "TELEGRAM_ALBUM_SETTLE_SECONDS": str(self._settle),
        }

    def connect(self, cloud: LocalCloud) -> str:
        """setWebhook on the fake with the cloud's Function URL; the webhook's URL."""
        self.cloud = cloud
        url = cloud.function_url(WEBHOOK_FUNCTION)
        answer = self.call(
            "setWebhook",
            url=url,
            secret_token=self.secret,
            allowed_updates=ALLOWED_UPDATES,
            drop_pending_updates=True,
        )
        if not answer.get("ok"):
            raise RuntimeError(f"setWebhook was refused: {answer}")
        return url

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """A Bot API call on the fake, as curl would make it."""
        request = urllib.request.Request(  # noqa: S310  # the fake on localhost
            f"{self.fake.base_url}/bot{BOT_TOKEN}/{method}",
            data=json.dumps(params).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            answer: dict[str, Any] = json.loads(response.read())
        return answer

    # --- a user ------------------------------------------------------------------------

    def say(self, chat_id: int, words: str, language_code: str = "ru") -> int | None:
        """The user writes (a command or text); the webhook's HTTP status."""
        return self.deliver(self.fake.text_update(chat_id, words, language_code=language_code))

    def send_file(
        self, chat_id: int, path: Path, *, as_photo: bool = False, reply_to: int | None = None
    ) -> int | None:
        """The user sends a file (or a picture as a photo), maybe in reply to a message (its
        id); the webhook's HTTP status."""
        data = path.read_bytes()
        if as_photo:
            photo = self.fake.add_user_photo(as_telegram_photo(data))
            return self.deliver(self.fake.photo_update(chat_id, photo))
        document = self.fake.add_user_file(data, file_name=path.name)
        return self.deliver(self.fake.document_update(chat_id, document, reply_to=reply_to))

    def send_album(self, chat_id: int, paths: list[Path]) -> list[int | None]:
        """The user sends pictures as one album: one update per photo, as Telegram does."""
        group = str(secrets.randbelow(10**15))
        # Telegram posts an album's updates one right after another: the bot waits for none.
        statuses = [
            self.fake.deliver(
                self.fake.photo_update(
                    chat_id,
                    self.fake.add_user_photo(as_telegram_photo(path.read_bytes())),
                    media_group_id=group,
                )
            )
            for path in paths
        ]
        self.settle()
        return statuses

    def press(self, chat_id: int, message_id: int, data: str) -> int | None:
        """The user presses a button of one of the bot's messages."""
        return self.deliver(self.fake.callback_update(chat_id, message_id, data))

    def deliver(self, update: dict[str, Any]) -> int | None:
        """Telegram's POST of an update to the webhook; then the bot's work is waited for."""
        status = self.fake.deliver(update)
        self.settle()
        return status

    def settle(self, timeout: float = 60.0) -> None:
        """Wait until the cloud has done everything it started (bot, pipeline, progress)."""
        if self.cloud is not None:
            self.cloud.drain_events(timeout=timeout)

    # --- what happened ----------------------------------------------------------------------

    def documents_of(self, chat_id: int) -> list[Document]:
        """The documents the chat's user has, newest first."""
        from chalicelib.adapters.credentials import DynamoCredentialStore
        from chalicelib.settings import get_settings
        from chalicelib.wiring import repository

        user_id = DynamoCredentialStore(get_settings().table_name).get_telegram_link(chat_id)
        if user_id is None:
            return []
        documents, _ = repository().list_documents(user_id, limit=50)
        return documents

    def _finish_runs(self, documents: list[Document], deadline: float) -> None:
        """Wait until the run of each finished document has ended and its events are out.

        A document reads `done` as soon as the run's last step wrote it, a moment before
        that step publishes the change the chat's result message is sent on: the run's
        end, not the stored status, says the message is on its way.
        """
        if self.cloud is None:
            return
        for document in documents:
            if document.status.value in ("done", "failed") and document.execution_arn:
                left = max(deadline - time.monotonic(), 1.0)
                self.cloud.wait_for_execution(document.execution_arn, timeout=left)

    def wait_until_settled(
        self, chat_id: int, timeout: float = 120.0, *, held_counts: bool = True
    ) -> list[Document]:
        """Wait until each of the chat's documents is done, failed or (`held_counts`) with a
        reviewer."""
        settled = {"done", "failed", "in_review"} if held_counts else {"done", "failed"}
        deadline = time.monotonic() + timeout
        while True:
            self.settle(timeout=max(deadline - time.monotonic(), 1.0))
            documents = self.documents_of(chat_id)
            if all(d.status.value in settled for d in documents):
                self._finish_runs(documents, deadline)
                self.settle(timeout=max(deadline - time.monotonic(), 1.0))
                return documents
            if time.monotonic() > deadline:
                raise TimeoutError(f"documents of chat {chat_id} still running: {documents}")
            time.sleep(0.1)


def as_telegram_photo(data: bytes) -> bytes:
    """A picture as Telegram's servers keep a photo: JPEG, at most 2560 px a side."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        picture = image.convert("RGB")
        picture.thumbnail((2560, 2560))
        out = io.BytesIO()
        picture.save(out, format="JPEG", quality=90)
    return out.getvalue()


def button_data(message: Any, label_part: str) -> str:
    """The callback data of the button whose label contains `label_part`."""
    markup = message.reply_markup or {}
    for row in markup.get("inline_keyboard", []):
        for button in row:
            if label_part in button.get("text", ""):
                return str(button["callback_data"])
    raise LookupError(f"no button with {label_part!r} in {markup}")


def is_photo(path: Path) -> bool:
    """Whether a file is sent as a photo (a picture) rather than as a document."""
    return path.suffix.lower() in _PHOTO_TYPES


CHAT_ID = 1001  # the played user's Telegram id (a private chat's id is the user's)


def run_telegram_send(files: list[Path], *, album: bool, language: str) -> int:
    """`contract-check telegram send`: a user sends files to the bot; the conversation printed.

    A local cloud and a fake Telegram of its own; the user starts the bot, sends each file
    (pictures as photos, or all of them as one album), waits for the results, asks for the
    first one's full report, and the chat is printed as the user would see it.
    """
    from infra.localcloud.cloud import LocalCloud
    from infra.localcloud.environment import shell_overrides
    from infra.localcloud.progress import working

    telegram = LocalTelegram().start()
    cloud = LocalCloud(env_overrides={**shell_overrides(), **telegram.environment()})
    try:
        with working("Starting the local cloud and a fake Telegram…"):
            cloud.start_server(port=0, api_port=None, access_log=False)
            telegram.connect(cloud)
        with working("The user talks to the bot…"):
            telegram.say(CHAT_ID, "/start", language_code=language)
            if album:
                telegram.send_album(CHAT_ID, files)
            else:
                for path in files:
                    telegram.send_file(CHAT_ID, path, as_photo=is_photo(path))
            documents = telegram.wait_until_settled(CHAT_ID)
            _ask_for_a_full_report(telegram)
        print(telegram.fake.transcript(CHAT_ID))
        failed = [d for d in documents if d.status.value == "failed"]
        return 1 if failed else 0
    finally:
        cloud.stop()
        telegram.stop()


def _ask_for_a_full_report(telegram: LocalTelegram) -> None:
    for message in telegram.fake.messages(CHAT_ID):
        full = [data for data in message.callback_data if data.startswith("doc:full:")]
        if full:
            telegram.press(CHAT_ID, message.message_id, full[0])
            return
