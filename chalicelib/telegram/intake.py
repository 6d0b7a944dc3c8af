"""A file from a chat becomes an upload: checked, downloaded from Telegram, reserved, stored.

The order protects the user's credit: the name and size are checked first (nothing is
downloaded for a file we would refuse), credits are looked at before the download, and
the credit is reserved only with the bytes in hand, in the same transaction and under the
same key as the web page's presigned POST. The object's arrival starts the pipeline.

An album (photos sharing a `media_group_id`, one update each, possibly handled at once by
different invocations) becomes ONE scan: every page is recorded, the invocation that
opened the album waits until no page has come for a moment, then joins the pages in the
order they were sent into a multi-page TIFF.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from aiogram.exceptions import TelegramAPIError

from chalicelib.adapters.telegram_store import AlbumPage
from chalicelib.errors import (
    InsufficientCreditsError,
    RequestError,
    UploadTooLargeError,
    UploadTypeNotSupportedError,
)
from chalicelib.formats import BY_EXTENSION, FORMATS
from chalicelib.models import DocumentStatus
from chalicelib.services.uploads import UploadRequest, validate_upload
from chalicelib.services.versions import VersionRequest
from chalicelib.telegram.render import steps_text
from chalicelib.telegram.texts import text

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.types import Message

    from chalicelib.adapters.telegram_store import DynamoTelegramStore
    from chalicelib.services.uploads import UploadService
    from chalicelib.services.users import UserService
    from chalicelib.services.versions import VersionService
    from chalicelib.telegram.texts import Lang

logger = logging.getLogger(__name__)

TELEGRAM_DOWNLOAD_LIMIT = 20 * 1024 * 1024  # getFile refuses bigger files to bots
ALBUM_MAX_WAIT_SECONDS = 15.0
_POLL_SECONDS = 0.25


@dataclass(frozen=True)
class ChatFile:
    """A file a user sent: Telegram's id for it, its name and its size."""

    file_id: str
    file_name: str
    size: int


class ChatIntake:
    """Turns files, photos and albums sent to the bot into documents."""

    def __init__(
        self,
        *,
        uploads: UploadService,
        users: UserService,
        store: DynamoTelegramStore,
        max_file_bytes: int,
        album_settle_seconds: float,
        clock: type[datetime] = datetime,
        versions: VersionService | None = None,
    ) -> None:
        self._uploads = uploads
        self._versions = versions  # a file sent in reply to a document's message
        self._users = users
        self._store = store
        self.max_file_bytes = min(max_file_bytes, TELEGRAM_DOWNLOAD_LIMIT)
        self._own_limit = max_file_bytes
        self._settle = album_settle_seconds
        self._clock = clock

    async def take_file(
        self,
        message: Message,
        user_id: str,
        lang: Lang,
        chat_file: ChatFile,
        *,
        version_of: str | None = None,
    ) -> None:
        """A document sent as a file; with `version_of`, that document's next version."""
        ext = chat_file.file_name.rsplit(".", 1)[-1].lower() if "." in chat_file.file_name else ""
        form = BY_EXTENSION.get(ext)
        content_type = form.content_types[0] if form else "application/octet-stream"
        request = UploadRequest(
            filename=chat_file.file_name, content_type=content_type, size=max(chat_file.size, 1)
        )
        if chat_file.size > TELEGRAM_DOWNLOAD_LIMIT:
            size = f"{chat_file.size / 2**20:.1f}"
            await message.answer(text(lang, "error_too_big_telegram", size=size))
            return
        if not await self._acceptable(message, lang, request):
            return
        await self._upload(
            message, user_id, lang, request, [chat_file.file_id], version_of=version_of
        )

    async def take_photo(self, message: Message, user_id: str, lang: Lang) -> None:
        """A single photo: a one-page scan."""
        if not message.photo:
            return
        largest = message.photo[-1]
        name = f"{text(lang, 'photo_name')} {self._stamp()}.jpg"
        request = UploadRequest(
            filename=name, content_type="image/jpeg", size=max(largest.file_size or 0, 1)
        )
        if not await self._acceptable(message, lang, request):
            return
        await self._upload(message, user_id, lang, request, [largest.file_id])

    async def take_album_page(self, message: Message, user_id: str, lang: Lang) -> None:
        """A photo of an album; the invocation that opened the album assembles it."""
        if not message.photo or not message.media_group_id:
            return
        largest = message.photo[-1]
        page = AlbumPage(message.message_id, largest.file_id, largest.file_size or 0)
        opened = self._store.add_album_page(message.chat.id, message.media_group_id, page)
        if not opened:
            return  # another invocation is putting this album together
        pages = await self._settled_album(message.chat.id, message.media_group_id)
        name = f"{text(lang, 'album_name', pages=len(pages))} {self._stamp()}.tiff"
        request = UploadRequest(
            filename=name, content_type="image/tiff", size=max(sum(p.file_size for p in pages), 1)
        )
        if not await self._acceptable(message, lang, request):
            return
        await self._upload(message, user_id, lang, request, [p.file_id for p in pages])

    # --- steps ----------------------------------------------------------------------------

    async def _acceptable(self, message: Message, lang: Lang, request: UploadRequest) -> bool:
        """Refuse, in words, what would be refused later: format, size, no credits."""
        try:
            validate_upload(request, max_bytes=self._own_limit)
        except UploadTypeNotSupportedError as exc:
            await message.answer(text(lang, "error_format", detail=exc.message))
            return False
        except UploadTooLargeError as exc:
            await message.answer(text(lang, "error_too_big", detail=exc.message))
            return False
        except RequestError as exc:  # a name with nothing visible left, say
            await message.answer(text(lang, "error_other", detail=exc.message))
            return False
        return True

    async def _upload(
        self,
        message: Message,
        user_id: str,
        lang: Lang,
        request: UploadRequest,
        file_ids: list[str],
        *,
        version_of: str | None = None,
    ) -> None:
        if self._users.profile(user_id).credits_left <= 0:
            await message.answer(text(lang, "error_no_credits"))
            return
        received = steps_text(lang, request.filename, DocumentStatus.AWAITING_UPLOAD)
        status = await message.answer(**received.as_kwargs())
        bot = message.bot
        if bot is None:  # a message from an update always has its bot
            raise RuntimeError("the message is not bound to a bot")
        try:
            data = await self._download(bot, file_ids)
        except TelegramAPIError:
            logger.warning("download from Telegram failed", exc_info=True)
            await status.edit_text(text(lang, "error_download"))
            return
        request = UploadRequest(
            filename=request.filename,
            content_type=request.content_type,
            size=len(data),
            telegram_chat_id=message.chat.id,
            telegram_message_id=status.message_id,
        )
        try:
            # The object's arrival starts the pipeline: from here on, its status events
            # edit the status message.
            if version_of is not None and self._versions is not None:
                # The bot has the bytes: their SHA-256 refuses an identical file at once.
                sha256 = hashlib.sha256(data).hexdigest()
                version = VersionRequest(upload=request, sha256=sha256)
                self._versions.upload_version_bytes(user_id, version_of, version, data)
            else:
                self._uploads.upload_bytes(user_id, request, data)
        except InsufficientCreditsError:
            await status.edit_text(text(lang, "error_no_credits"))
        except RequestError as exc:
            await status.edit_text(text(lang, "error_other", detail=exc.message))

    async def _download(self, bot: Bot, file_ids: list[str]) -> bytes:
        pages = []
        for file_id in file_ids:
            buffer = io.BytesIO()
            await bot.download(file_id, destination=buffer)
            pages.append(buffer.getvalue())
        if len(pages) == 1:
            return pages[0]
        return await asyncio.to_thread(join_pages, pages)

    async def _settled_album(self, chat_id: int, media_group_id: str) -> list[AlbumPage]:
        """The album's pages once none has arrived for the settle time (bounded)."""
        started = last_change = time.monotonic()
        pages = self._store.album_pages(chat_id, media_group_id)
        while time.monotonic() - started < ALBUM_MAX_WAIT_SECONDS:
            await asyncio.sleep(_POLL_SECONDS)
            now = self._store.album_pages(chat_id, media_group_id)
            if len(now) != len(pages):
                pages, last_change = now, time.monotonic()
            elif time.monotonic() - last_change >= self._settle:
                break
        return sorted(pages, key=lambda page: page.message_id)

    def _stamp(self) -> str:
        return self._clock.now(UTC).strftime("%Y-%m-%d %H.%M")


def named_by_type(file_name: str | None, mime_type: str | None) -> str:
    """The file's name, with the extension its MIME type implies when the name has none."""
    name = (file_name or "").strip() or "document"
    if "." in name:
        return name
    ext = next((f.extensions[0] for f in FORMATS if mime_type in f.content_types), None)
    return f"{name}.{ext}" if ext else name


def join_pages(pages: list[bytes]) -> bytes:
    """Photos as one multi-page TIFF, in order (JPEG inside, so it stays the photos' size)."""
    from PIL import Image  # noqa: PLC0415  # Pillow only for albums, not every update

    images = [Image.open(io.BytesIO(page)).convert("RGB") for page in pages]
    out = io.BytesIO()
    images[0].save(out, format="TIFF", save_all=True, append_images=images[1:], compression="jpeg")
    return out.getvalue()
