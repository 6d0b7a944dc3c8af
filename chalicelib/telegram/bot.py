"""The bot's conversation: aiogram routers for commands, files, photos, albums and buttons.

The bot is one more channel into the same services as the web page: a chat is linked to
one user (the Telegram account's, shared with the Login Widget and the Mini App), a file
becomes an upload with the same credit reservation and key, and the pipeline does the rest.
Progress and results come back through status events (`chalicelib.telegram.progress`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from aiogram import Bot, Dispatcher, F, Router
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramAPIError, TelegramForbiddenError, TelegramRetryAfter
from aiogram.filters import Command, CommandStart
from aiogram.filters.callback_data import CallbackData
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from chalicelib.errors import DocumentNotFoundError, DocumentStateConflictError
from chalicelib.telegram.intake import ChatFile, ChatIntake, named_by_type
from chalicelib.telegram.render import fits_in_a_message, progress_text, summary_text
from chalicelib.telegram.texts import LANGUAGES, Lang, pick_language, text

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from aiogram.methods import Response, TelegramMethod
    from aiogram.methods.base import TelegramType
    from aiogram.types import InlineKeyboardMarkup, TelegramObject, User

    from chalicelib.adapters.telegram_store import DynamoTelegramStore
    from chalicelib.models import Document
    from chalicelib.services.documents import DocumentQueries
    from chalicelib.services.users import UserService

logger = logging.getLogger(__name__)

HISTORY_SIZE = 5


class DocAction(CallbackData, prefix="doc"):
    """A button on a document: show its result, send the full report, delete it."""

    action: Literal["show", "full", "delete", "delete_yes", "delete_no"]
    document_id: str


class LangChoice(CallbackData, prefix="lang"):
    """A button of /lang."""

    language: Lang


@dataclass(frozen=True)
class BotServices:
    """What the bot's handlers use; built once per cold start in `chalicelib.wiring`."""

    users: UserService
    documents: DocumentQueries
    store: DynamoTelegramStore
    intake: ChatIntake
    link_user: Callable[[int], str]  # a Telegram id -> its user id, created on first sight


def document_buttons(lang: Lang, document_id: str) -> InlineKeyboardMarkup:
    """The buttons under a result: the full report and delete."""
    keyboard = InlineKeyboardBuilder()
    keyboard.button(
        text=text(lang, "button_full_report"),
        callback_data=DocAction(action="full", document_id=document_id),
    )
    keyboard.button(
        text=text(lang, "button_delete"),
        callback_data=DocAction(action="delete", document_id=document_id),
    )
    return keyboard.as_markup()


# --- who is writing ---------------------------------------------------------------------


async def identify(
    handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
    event: TelegramObject,
    data: dict[str, Any],
) -> Any:
    """Every message and button press: the sender's user id and language, or a refusal.

    The first contact links the Telegram account to a user (sign-up credits once) and
    remembers the client's language, so progress messages speak it too.
    """
    sender: User | None = data.get("event_from_user")
    chat = data.get("event_chat")
    services: BotServices = data["services"]
    if sender is None or sender.is_bot:
        return None
    stored = services.store.language(sender.id)
    lang: Lang = stored if stored in LANGUAGES else pick_language(sender.language_code)
    if chat is not None and chat.type != "private":
        if isinstance(event, Message):
            await event.answer(text(lang, "private_only"))
        return None
    if stored is None:
        services.store.set_language(sender.id, lang)
    data["user_id"] = services.link_user(sender.id)
    data["lang"] = lang
    return await handler(event, data)


# --- commands ---------------------------------------------------------------------------

commands = Router(name="commands")


@commands.message(CommandStart())
async def start(message: Message, services: BotServices, user_id: str, lang: Lang) -> None:
    """Greet in the user's language; the account exists from here on."""
    profile = services.users.profile(user_id)
    name = message.from_user.first_name if message.from_user else ""
    await message.answer(text(lang, "greeting", name=name, credits=profile.credits_left))


@commands.message(Command("help"))
async def show_help(message: Message, services: BotServices, lang: Lang) -> None:
    """What the bot does and takes."""
    max_mb = services.intake.max_file_bytes // 2**20
    await message.answer(text(lang, "help", max_mb=max_mb))


@commands.message(Command("balance"))
async def balance(message: Message, services: BotServices, user_id: str, lang: Lang) -> None:
    """Credits left."""
    profile = services.users.profile(user_id)
    await message.answer(text(lang, "balance", credits=profile.credits_left))


@commands.message(Command("history"))
async def history(message: Message, services: BotServices, user_id: str, lang: Lang) -> None:
    """The latest documents, each a button that sends its result again."""
    documents = services.documents.list(user_id, limit=HISTORY_SIZE).documents
    if not documents:
        await message.answer(text(lang, "history_empty"))
        return
    keyboard = InlineKeyboardBuilder()
    for view in documents:
        label = f"{_status_icon(view.status)} {view.filename}"
        keyboard.button(
            text=label[:60], callback_data=DocAction(action="show", document_id=view.document_id)
        )
    keyboard.adjust(1)
    await message.answer(text(lang, "history_title"), reply_markup=keyboard.as_markup())


@commands.message(Command("lang"))
async def choose_language(message: Message, lang: Lang) -> None:
    """Offer Russian and English."""
    keyboard = InlineKeyboardBuilder()
    keyboard.button(text="Русский", callback_data=LangChoice(language="ru"))
    keyboard.button(text="English", callback_data=LangChoice(language="en"))
    await message.answer(text(lang, "lang_choose"), reply_markup=keyboard.as_markup())


# --- files --------------------------------------------------------------------------------

files = Router(name="files")


@files.message(F.document & F.reply_to_message)
async def receive_new_version(
    message: Message, services: BotServices, user_id: str, lang: Lang
) -> None:
    """A file sent in reply to the bot's message about one document: its next version (a
    reply to anything else is a new document, as any file is)."""
    document = message.document
    if document is None:  # the filter guarantees one; this is for the type checker
        return
    chat_file = ChatFile(
        file_id=document.file_id,
        file_name=named_by_type(document.file_name, document.mime_type),
        size=document.file_size or 0,
    )
    version_of = document_replied_to(message)
    await services.intake.take_file(message, user_id, lang, chat_file, version_of=version_of)


def document_replied_to(message: Message) -> str | None:
    """The document whose buttons the replied-to message of the bot carries, if exactly one."""
    replied = message.reply_to_message
    if replied is None or replied.from_user is None or not replied.from_user.is_bot:
        return None
    markup = replied.reply_markup
    found = {
        DocAction.unpack(button.callback_data).document_id
        for row in (markup.inline_keyboard if markup else [])
        for button in row
        if button.callback_data and button.callback_data.startswith(f"{DocAction.__prefix__}:")
    }
    return found.pop() if len(found) == 1 else None


@files.message(F.document)
async def receive_document(
    message: Message, services: BotServices, user_id: str, lang: Lang
) -> None:
    """A file: checked, downloaded, uploaded; the pipeline takes it from there."""
    document = message.document
    if document is None:  # the filter guarantees one; this is for the type checker
        return
    chat_file = ChatFile(
        file_id=document.file_id,
        file_name=named_by_type(document.file_name, document.mime_type),
        size=document.file_size or 0,
    )
    await services.intake.take_file(message, user_id, lang, chat_file)


@files.message(F.photo & F.media_group_id)
async def receive_album_page(
    message: Message, services: BotServices, user_id: str, lang: Lang
) -> None:
    """One photo of an album: the album's first page assembles the whole album."""
    await services.intake.take_album_page(message, user_id, lang)


@files.message(F.photo)
async def receive_photo(message: Message, services: BotServices, user_id: str, lang: Lang) -> None:
    """A photo is a scan of one page."""
    await services.intake.take_photo(message, user_id, lang)


@files.message()
async def anything_else(message: Message, lang: Lang) -> None:
    """Text, stickers, voice...: say what the bot takes."""
    await message.answer(text(lang, "unknown_message"))


# --- buttons --------------------------------------------------------------------------------

buttons = Router(name="buttons")


@buttons.callback_query(LangChoice.filter())
async def set_language(
    query: CallbackQuery, callback_data: LangChoice, services: BotServices
) -> None:
    """Remember the chosen language."""
    services.store.set_language(query.from_user.id, callback_data.language)
    await query.answer()
    if isinstance(query.message, Message):
        await query.message.edit_text(text(callback_data.language, "lang_set"))


@buttons.callback_query(DocAction.filter())
async def document_action(
    query: CallbackQuery,
    *,
    callback_data: DocAction,
    services: BotServices,
    user_id: str,
    lang: Lang,
    bot: Bot,
) -> None:
    """The buttons under a document."""
    chat_id = query.message.chat.id if query.message else query.from_user.id
    try:
        document = services.documents.get(user_id, callback_data.document_id)
    except DocumentNotFoundError:
        await query.answer(text(lang, "not_found"), show_alert=True)
        return
    await query.answer()
    action = callback_data.action
    if action == "show":
        await send_result(bot, services.documents, chat_id, lang, document)
    elif action == "full":
        await send_full_report(bot, services.documents, chat_id, lang, document)
    elif action == "delete":
        await _confirm_delete(bot, chat_id, lang, document)
    elif action == "delete_yes":
        await _delete(query, services, user_id, lang, document)
    elif isinstance(query.message, Message):
        await query.message.delete()


async def _confirm_delete(bot: Bot, chat_id: int, lang: Lang, document: Document) -> None:
    keyboard = InlineKeyboardBuilder()
    keyboard.button(
        text=text(lang, "button_delete_confirm"),
        callback_data=DocAction(action="delete_yes", document_id=document.document_id),
    )
    keyboard.button(
        text=text(lang, "button_cancel"),
        callback_data=DocAction(action="delete_no", document_id=document.document_id),
    )
    await bot.send_message(
        chat_id,
        text(lang, "delete_confirm", name=document.filename),
        reply_markup=keyboard.as_markup(),
    )


async def _delete(
    query: CallbackQuery, services: BotServices, user_id: str, lang: Lang, document: Document
) -> None:
    try:
        services.documents.delete(user_id, document.document_id)
        said = text(lang, "deleted", name=document.filename)
    except DocumentStateConflictError:
        said = text(lang, "delete_running")
    if isinstance(query.message, Message):
        await query.message.edit_text(said)


# --- results ----------------------------------------------------------------------------------


async def send_result(
    bot: Bot, documents: DocumentQueries, chat_id: int, lang: Lang, document: Document
) -> None:
    """The result message with its buttons, or where the document is when it is not done."""
    view = documents.report(document.owner_id, document.document_id)
    if view.http_status != 200:
        await bot.send_message(chat_id, **progress_text(lang, document).as_kwargs())
        return
    summary = summary_text(lang, document, view.body["report"])
    await bot.send_message(
        chat_id,
        **summary.as_kwargs(),
        reply_markup=document_buttons(lang, document.document_id),
    )


async def send_full_report(
    bot: Bot, documents: DocumentQueries, chat_id: int, lang: Lang, document: Document
) -> None:
    """The whole Markdown report: a message when it fits, a .md file when it does not."""
    view = documents.report(document.owner_id, document.document_id)
    if view.http_status != 200:
        await bot.send_message(chat_id, text(lang, "report_not_ready", stage=document.stage))
        return
    markdown: str = view.body["markdown"]
    if fits_in_a_message(markdown):
        await bot.send_message(chat_id, markdown)
        return
    stem = document.filename.rsplit(".", 1)[0] or "report"
    await bot.send_document(
        chat_id,
        BufferedInputFile(markdown.encode("utf-8"), filename=f"{stem}.report.md"),
        caption=text(lang, "report_caption", name=document.filename),
    )


def _status_icon(status: str) -> str:
    return {"done": "✅", "failed": "❌", "in_review": "👩‍⚖️"}.get(status, "⏳")


# --- running ----------------------------------------------------------------------------------


def build_dispatcher(services: BotServices) -> Dispatcher:
    """The dispatcher with every router, the identification middleware and the services."""
    dispatcher = Dispatcher(services=services)
    dispatcher.message.outer_middleware(identify)
    dispatcher.callback_query.outer_middleware(identify)
    dispatcher.include_routers(commands, buttons, files)
    return dispatcher


MAX_FLOOD_WAIT_SECONDS = 10  # a longer 429 goes back to Lambda's own retries


class WaitOutFloodLimits(BaseRequestMiddleware):
    """Every Bot API call: a short 429 "retry after N" is waited out once, then tried again."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        """Make the call; after one short flood wait, make it again."""
        try:
            return await make_request(bot, method)
        except TelegramRetryAfter as exc:
            if exc.retry_after > MAX_FLOOD_WAIT_SECONDS:
                raise
            logger.info("flood limit on %s: waiting %s s", type(method).__name__, exc.retry_after)
            await asyncio.sleep(exc.retry_after)
            return await make_request(bot, method)


def open_bot(token: str, api_base: str) -> Bot:
    """A Bot talking to `api_base` (Telegram's server, or a local fake of it)."""
    session = AiohttpSession(api=TelegramAPIServer.from_base(api_base))
    session.middleware(WaitOutFloodLimits())
    return Bot(token, session=session)


class TelegramBot:
    """Feeds one update at a time to the dispatcher, as the bot worker's invocations do."""

    def __init__(self, services: BotServices, token: str, api_base: str) -> None:
        self._dispatcher = build_dispatcher(services)
        self._token = token
        self._api_base = api_base

    def handle(self, update: dict[str, Any]) -> None:
        """Handle one raw update; whatever fails is logged and told to the user when possible."""
        asyncio.run(self._feed(update))

    async def _feed(self, update: dict[str, Any]) -> None:
        # One session per invocation: aiohttp's session belongs to the loop that made it.
        bot = open_bot(self._token, self._api_base)
        try:
            await self._dispatcher.feed_raw_update(bot, update)
        except TelegramForbiddenError:
            logger.info("update %s: the user blocked the bot", update.get("update_id"))
        except Exception:
            logger.exception("update %s failed", update.get("update_id"))
            await _apologise(bot, update)
        finally:
            await bot.session.close()


async def _apologise(bot: Bot, update: dict[str, Any]) -> None:
    message = update.get("message") or (update.get("callback_query") or {}).get("message") or {}
    chat_id = (message.get("chat") or {}).get("id")
    sender = (update.get("message") or update.get("callback_query") or {}).get("from") or {}
    if not isinstance(chat_id, int):
        return
    lang = pick_language(sender.get("language_code"))
    try:
        await bot.send_message(chat_id, text(lang, "error_unexpected"))
    except TelegramAPIError:
        logger.warning("could not tell chat %s about the failure", chat_id, exc_info=True)
