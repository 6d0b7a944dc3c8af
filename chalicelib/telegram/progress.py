"""A document's status changes, told in its chat: one progress message, edited; then the result.

Driven by the pipeline's own "Document Status Changed" events (an EventBridge rule sends
those of documents that came from Telegram here), never by polling. EventBridge may deliver
late, twice or out of order, so each event only says "look again": the message is drawn
from the document as it stands now, an unchanged text is no edit, and the result is sent
once per document version (a conditional write decides).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError

from chalicelib.models import DocumentStatus
from chalicelib.telegram.bot import open_bot, send_result
from chalicelib.telegram.render import progress_text
from chalicelib.telegram.texts import LANGUAGES, Lang

if TYPE_CHECKING:
    from aiogram import Bot

    from chalicelib.adapters.telegram_store import DynamoTelegramStore
    from chalicelib.models import Document
    from chalicelib.ports import Documents
    from chalicelib.services.documents import DocumentQueries

logger = logging.getLogger(__name__)

MAX_REDRAWS = 6  # received, reading, prescreen, analysis, done: more means a loop


class ProgressNotifier:
    """Edits a document's progress message and sends its result when it is done."""

    def __init__(
        self,
        *,
        repo: Documents,
        documents: DocumentQueries,
        store: DynamoTelegramStore,
        token: str,
        api_base: str,
    ) -> None:
        self._repo = repo
        self._documents = documents
        self._store = store
        self._token = token
        self._api_base = api_base

    def announce(self, detail: dict[str, Any]) -> str:
        """Tell the document's chat where it is; what was done, for the log."""
        telegram = detail.get("telegram") or {}
        chat_id = telegram.get("chat_id")
        if not isinstance(chat_id, int):
            return "ignored"
        return asyncio.run(self._announce(chat_id, str(detail.get("document_id", ""))))

    async def _announce(self, chat_id: int, document_id: str) -> str:
        stored = self._store.language(chat_id)
        lang: Lang = stored if stored in LANGUAGES else "ru"
        bot = open_bot(self._token, self._api_base)
        try:
            return await self._tell(bot, chat_id, lang, document_id)
        except TelegramForbiddenError:
            logger.info("chat %s blocked the bot; progress not shown", chat_id)
            return "blocked"
        finally:
            await bot.session.close()

    async def _tell(self, bot: Bot, chat_id: int, lang: Lang, document_id: str) -> str:
        """Draw the message from the document as it stands, until it stands still.

        Runs for earlier events may still be drawing (one may have waited out a flood
        limit with an older picture): after each edit the document is read again, and a
        status that moved on meanwhile is drawn over whatever was drawn last.
        """
        outcome = "unchanged"
        drawn: DocumentStatus | None = None
        for _ in range(MAX_REDRAWS):
            document = self._repo.get(document_id)
            if document is None or document.status == drawn:
                break
            outcome = await self._edit_progress(bot, chat_id, lang, document)
            drawn = document.status
            if drawn == DocumentStatus.DONE and self._store.claim_result(
                document.document_id, document.version
            ):
                await send_result(bot, self._documents, chat_id, lang, document)
                outcome = "result sent"
        return outcome

    async def _edit_progress(self, bot: Bot, chat_id: int, lang: Lang, document: Document) -> str:
        body = progress_text(lang, document).as_kwargs()
        message_id = document.telegram_message_id
        if message_id is None:
            await bot.send_message(chat_id, **body)
            return "sent"
        try:
            await bot.edit_message_text(chat_id=chat_id, message_id=message_id, **body)
        except TelegramBadRequest as exc:
            if "not modified" in exc.message:
                return "unchanged"
            if "not found" in exc.message:  # the user deleted it: say it anew
                await bot.send_message(chat_id, **body)
                return "sent"
            raise
        return "edited"
