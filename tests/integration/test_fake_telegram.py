"""The fake Telegram Bot API, driven by a real aiogram Bot: proof that it speaks the protocol.

Every call goes through aiogram's own AiohttpSession (urlencoded forms, multipart uploads,
JSON-encoded fields) and comes back through its own response parsing and error mapping, so a
test passing here means the bot under test will see what it would see from Telegram.
"""

from __future__ import annotations

import asyncio
import io
import json
import urllib.request
from typing import TYPE_CHECKING, Any

import pytest
from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramConflictError,
    TelegramForbiddenError,
    TelegramRetryAfter,
    TelegramUnauthorizedError,
)
from aiogram.filters import Command
from aiogram.types import (
    BotCommand,
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
    Update,
)
from PIL import Image

from infra.localcloud.fake_telegram import MAX_DOWNLOAD_BYTES, FakeTelegram

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterator

pytestmark = pytest.mark.integration

TOKEN = "123456:TEST"
CHAT = 4242
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


@pytest.fixture
def tg() -> Iterator[FakeTelegram]:
    with FakeTelegram(token=TOKEN) as fake:
        yield fake


def with_bot(
    tg: FakeTelegram, scenario: Callable[[Bot], Awaitable[Any]], token: str = TOKEN
) -> Any:
    """Run `scenario` with a real aiogram Bot pointed at the fake, and close its session."""

    async def run() -> Any:
        session = AiohttpSession(api=TelegramAPIServer.from_base(tg.base_url))
        bot = Bot(token, session=session)
        try:
            return await scenario(bot)
        finally:
            await bot.session.close()

    return asyncio.run(run())


def keyboard(*labels: str) -> InlineKeyboardMarkup:
    """One row of buttons whose callback data is their label in lower case."""
    buttons = [InlineKeyboardButton(text=label, callback_data=label.lower()) for label in labels]
    return InlineKeyboardMarkup(inline_keyboard=[buttons])


def png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(buffer, format="PNG")
    return buffer.getvalue()


def test_fake_telegram_get_me_answers_the_bot_user(tg: FakeTelegram) -> None:
    me = with_bot(tg, lambda bot: bot.get_me())

    assert (me.id, me.is_bot, me.username) == (123456, True, "contract_check_bot")


def test_fake_telegram_wrong_token_is_unauthorized_and_unknown_method_not_found(
    tg: FakeTelegram,
) -> None:
    with pytest.raises(TelegramUnauthorizedError, match="Unauthorized"):
        with_bot(tg, lambda bot: bot.get_me(), token="999:WRONG")
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(f"{tg.base_url}/bot{TOKEN}/sendTelepathy", data=b"")
    assert raised.value.code == 404
    assert json.loads(raised.value.read()) == {
        "ok": False,
        "error_code": 404,
        "description": "Not Found",
    }


def test_fake_telegram_send_and_edit_keep_the_history_and_refuse_a_no_op_edit(
    tg: FakeTelegram,
) -> None:
    async def scenario(bot: Bot) -> tuple[Message, Message, Message, str]:
        first = await bot.send_message(CHAT, "received", reply_markup=keyboard("Cancel"))
        second = await bot.send_message(
            CHAT, "second", reply_parameters=ReplyParameters(message_id=first.message_id)
        )
        edited = await bot.edit_message_text(
            "reading", chat_id=CHAT, message_id=first.message_id, reply_markup=keyboard("Cancel")
        )
        assert isinstance(edited, Message)
        with pytest.raises(TelegramBadRequest) as no_op:
            await bot.edit_message_text(
                "reading",
                chat_id=CHAT,
                message_id=first.message_id,
                reply_markup=keyboard("Cancel"),
            )
        return first, second, edited, no_op.value.message

    first, second, edited, no_op = with_bot(tg, scenario)

    assert first.from_user is not None and first.from_user.is_bot
    assert first.chat.type == "private" and first.chat.id == CHAT
    assert first.reply_markup is not None
    assert first.reply_markup.model_dump() == keyboard("Cancel").model_dump()
    assert second.message_id == first.message_id + 1
    assert second.reply_to_message is not None and second.reply_to_message.text == "received"
    assert edited.text == "reading" and edited.edit_date is not None
    assert no_op == NOT_MODIFIED
    status = tg.messages(CHAT)[0]
    assert status.texts == ("received", "reading") and status.buttons == ["Cancel"]
    sent = tg.calls_of("sendMessage")[0].params
    assert sent["reply_markup"] == {
        "inline_keyboard": [[{"text": "Cancel", "callback_data": "cancel"}]]
    }


def test_fake_telegram_edit_without_markup_drops_the_keyboard_and_unknown_message_is_refused(
    tg: FakeTelegram,
) -> None:
    async def scenario(bot: Bot) -> str:
        sent = await bot.send_message(CHAT, "pick one", reply_markup=keyboard("A", "B"))
        await bot.edit_message_text("picked A", chat_id=CHAT, message_id=sent.message_id)
        with pytest.raises(TelegramBadRequest) as missing:
            await bot.edit_message_text("x", chat_id=CHAT, message_id=999)
        return missing.value.message

    assert with_bot(tg, scenario) == "Bad Request: message to edit not found"
    assert tg.messages(CHAT)[0].reply_markup is None


def test_fake_telegram_parse_mode_gives_entities_and_refuses_bad_html(tg: FakeTelegram) -> None:
    async def scenario(bot: Bot) -> tuple[Message, str, str]:
        sent = await bot.send_message(CHAT, "<b>Итог</b>: 3 риска", parse_mode="HTML")
        with pytest.raises(TelegramBadRequest) as refused:
            await bot.send_message(CHAT, "Договор <ООО Ромашка>", parse_mode="HTML")
        with pytest.raises(TelegramBadRequest) as unescaped:
            await bot.send_message(CHAT, "Сумма: 1 000.00 руб", parse_mode="MarkdownV2")
        return sent, refused.value.message, unescaped.value.message

    sent, refused, unescaped = with_bot(tg, scenario)

    assert sent.text == "Итог: 3 риска"
    assert sent.entities is not None and sent.entities[0].type == "bold"
    # "Договор " is 15 bytes of UTF-8: Telegram counts bytes, and lowercases the tag.
    assert refused == (
        'Bad Request: can\'t parse entities: Unsupported start tag "ооо" at byte offset 15'
    )
    assert unescaped == (
        "Bad Request: can't parse entities: Character '.' is reserved and must be escaped "
        "with the preceding '\\'"
    )


def test_fake_telegram_send_document_stores_the_upload_and_download_returns_it(
    tg: FakeTelegram,
) -> None:
    report = "# Отчёт\n\nРиски: 2\n".encode()

    async def scenario(bot: Bot) -> tuple[Message, bytes]:
        sent = await bot.send_document(
            CHAT,
            BufferedInputFile(report, filename="отчёт.md"),
            caption="Готово",
            reply_markup=keyboard("Again"),
        )
        assert sent.document is not None
        file = await bot.get_file(sent.document.file_id)
        assert file.file_path is not None
        downloaded = await bot.download_file(file.file_path)
        assert downloaded is not None
        return sent, downloaded.read()

    sent, downloaded = with_bot(tg, scenario)

    assert downloaded == report
    assert sent.document is not None
    assert (sent.document.file_name, sent.document.file_size) == ("отчёт.md", len(report))
    assert sent.caption == "Готово" and sent.reply_markup is not None
    assert sent.reply_markup.model_dump() == keyboard("Again").model_dump()
    (document,) = tg.documents(CHAT)
    assert (document.file_name, document.data) == ("отчёт.md", report)


def test_fake_telegram_user_file_downloads_and_over_20_mb_is_too_big(tg: FakeTelegram) -> None:
    small = tg.add_user_file(b"%PDF-1.4 contract", file_name="contract.pdf")
    big = tg.add_user_file(b"\0" * (MAX_DOWNLOAD_BYTES + 1), file_name="scan.pdf")

    async def scenario(bot: Bot) -> tuple[bytes, str, str]:
        file = await bot.get_file(small["file_id"])
        assert file.file_path is not None
        data = await bot.download_file(file.file_path)
        assert data is not None
        with pytest.raises(TelegramBadRequest) as too_big:
            await bot.get_file(big["file_id"])
        with pytest.raises(TelegramBadRequest) as unknown:
            await bot.get_file("nope")
        return data.read(), too_big.value.message, unknown.value.message

    data, too_big, unknown = with_bot(tg, scenario)

    assert small["mime_type"] == "application/pdf" and small["file_size"] == 17
    assert data == b"%PDF-1.4 contract"
    assert too_big == "Bad Request: file is too big"
    assert unknown == "Bad Request: invalid file_id"


def test_fake_telegram_blocked_user_is_forbidden_and_429_carries_retry_after(
    tg: FakeTelegram,
) -> None:
    tg.fail_next("sendMessage", status=429, retry_after=3)

    async def scenario(bot: Bot) -> tuple[TelegramRetryAfter, TelegramForbiddenError]:
        with pytest.raises(TelegramRetryAfter) as limited:
            await bot.send_message(CHAT, "hello")
        await bot.send_message(CHAT, "hello")  # the fault was used up
        tg.block(CHAT)
        with pytest.raises(TelegramForbiddenError) as blocked:
            await bot.send_chat_action(CHAT, "typing")
        return limited.value, blocked.value

    limited, blocked = with_bot(tg, scenario)

    assert limited.retry_after == 3
    assert "Too Many Requests: retry after 3" in str(limited)
    assert blocked.message == "Forbidden: bot was blocked by the user"
    assert [call.status for call in tg.calls] == [429, 200, 403]


def test_fake_telegram_callback_answer_once_then_query_is_too_old(tg: FakeTelegram) -> None:
    async def scenario(bot: Bot) -> tuple[Message, dict[str, Any], str]:
        sent = await bot.send_message(CHAT, "Proceed?", reply_markup=keyboard("Yes", "No"))
        update = tg.callback_update(CHAT, sent.message_id, "yes")  # the user presses "Yes"
        query_id = update["callback_query"]["id"]
        assert await bot.answer_callback_query(query_id, text="Started")
        with pytest.raises(TelegramBadRequest) as again:
            await bot.answer_callback_query(query_id)
        return sent, update, again.value.message

    sent, update, again = with_bot(tg, scenario)

    assert again == (
        "Bad Request: query is too old and response timeout expired or query ID is invalid"
    )
    parsed = Update.model_validate(update)
    assert parsed.callback_query is not None and parsed.callback_query.data == "yes"
    assert parsed.callback_query.message is not None
    assert parsed.callback_query.message.message_id == sent.message_id
    assert tg.transcript(CHAT).splitlines()[-2:] == [
        "user: [pressed] Yes",
        "bot:  (toast: Started)",
    ]
    with pytest.raises(ValueError, match="no button"):
        tg.callback_update(CHAT, sent.message_id, "maybe")


def test_fake_telegram_start_update_fires_an_aiogram_command_handler(tg: FakeTelegram) -> None:
    update = tg.text_update(CHAT, "/start contract-42")
    parsed = Update.model_validate(update)
    assert parsed.message is not None and parsed.message.from_user is not None
    assert parsed.message.from_user.language_code == "ru"
    dp = Dispatcher()
    seen: list[str | None] = []

    @dp.message(Command("start"))
    async def start(message: Message) -> None:
        seen.append(message.text)
        await message.answer("Пришлите договор", reply_markup=keyboard("Help"))

    with_bot(tg, lambda bot: dp.feed_raw_update(bot, update))

    assert seen == ["/start contract-42"]
    (reply,) = tg.messages(CHAT)
    assert reply.text == "Пришлите договор"
    assert reply.message_id == parsed.message.message_id + 1  # one id sequence per chat


def test_fake_telegram_user_photo_has_sizes_read_from_the_image(tg: FakeTelegram) -> None:
    sizes = tg.add_user_photo(png(1000, 500))
    update = tg.photo_update(CHAT, sizes, media_group_id="album-1")

    parsed = Update.model_validate(update)
    assert parsed.message is not None and parsed.message.photo is not None
    assert [(p.width, p.height) for p in parsed.message.photo] == [
        (90, 45),
        (320, 160),
        (800, 400),
        (1000, 500),
    ]
    assert parsed.message.media_group_id == "album-1"


def test_fake_telegram_commands_webhook_and_transcript(tg: FakeTelegram) -> None:
    document = tg.add_user_file(b"x" * 2048, file_name="contract.docx")
    tg.text_update(CHAT, "/start")
    tg.document_update(CHAT, document, caption="please check")

    async def scenario(bot: Bot) -> None:
        assert await bot.set_my_commands([BotCommand(command="start", description="Begin")])
        assert await bot.set_webhook(
            "https://example.com/hook", secret_token="s3cret", allowed_updates=["message"]
        )
        info = await bot.get_webhook_info()
        assert info.url == "https://example.com/hook" and info.allowed_updates == ["message"]
        status = await bot.send_message(CHAT, "received", reply_markup=keyboard("Cancel"))
        for step in ("reading", "checking", "done"):
            await bot.edit_message_text(step, chat_id=CHAT, message_id=status.message_id)
        await bot.send_document(CHAT, BufferedInputFile(b"y" * 1536, filename="report.md"))
        assert await bot.delete_webhook()

    with_bot(tg, scenario)

    assert tg.webhook.url == ""
    assert tg.calls_of("setWebhook")[0].params["secret_token"] == "s3cret"
    assert tg.transcript(CHAT) == (
        "user: /start\n"
        "user: [document] contract.docx, 2.0 KB: please check\n"
        "bot:  received → reading → checking → done\n"
        "bot:  [document] report.md, 1.5 KB\n"
    )


def test_fake_telegram_get_updates_returns_delivered_updates_until_confirmed(
    tg: FakeTelegram,
) -> None:
    first = tg.text_update(CHAT, "hello")
    assert tg.deliver(first) is None  # no webhook: queued for getUpdates
    tg.deliver(tg.text_update(CHAT, "again"))

    async def scenario(bot: Bot) -> tuple[list[Update], list[Update], str]:
        pending = await bot.get_updates()
        rest = await bot.get_updates(offset=pending[0].update_id + 1)
        await bot.set_webhook("https://example.com/hook")
        with pytest.raises(TelegramConflictError) as conflict:
            await bot.get_updates()
        return pending, rest, conflict.value.message

    pending, rest, conflict = with_bot(tg, scenario)

    assert [u.message.text for u in pending if u.message] == ["hello", "again"]
    assert [u.update_id for u in rest] == [first["update_id"] + 1]
    assert conflict.startswith("Conflict: can't use getUpdates method while webhook is active")
