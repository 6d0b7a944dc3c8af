"""A local fake of the Telegram Bot API, faithful to the protocol aiogram 3 speaks.

One threaded stdlib server on 127.0.0.1 answers `POST|GET /bot<token>/<method>` (JSON,
urlencoded or multipart bodies, complex fields as JSON strings, files by `attach://`) and
`GET /file/bot<token>/<file_path>`, with Telegram's result shapes and Telegram's exact
errors. Point a bot at it with
`AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))`.

    with FakeTelegram(token="123456:TEST") as tg:
        update = tg.text_update(42, "/start")      # what the user does
        ...                                         # the bot handles it, calling the fake
        print(tg.transcript(42))                    # what the user saw

From a shell: `python -m infra.localcloud.fake_telegram --port 8081`.

The package: `server` serves and is the handle tests hold, `message_methods` and
`bot_methods` are the Bot API methods, `api` reads a call's parameters and words its errors,
`wire` reads requests off the wire, `formatting` (with `html_mode`, `markdown_mode` and
`entities`) applies parse_mode, `state` remembers, `updates` is the user's side and
`transcript` prints a conversation.
"""

from infra.localcloud.fake_telegram.api import ApiError
from infra.localcloud.fake_telegram.server import FakeTelegram
from infra.localcloud.fake_telegram.state import (
    MAX_DOWNLOAD_BYTES,
    MAX_UPLOAD_BYTES,
    ApiCall,
    BotMessage,
    SentDocument,
    Webhook,
)

__all__ = [
    "MAX_DOWNLOAD_BYTES",
    "MAX_UPLOAD_BYTES",
    "ApiCall",
    "ApiError",
    "BotMessage",
    "FakeTelegram",
    "SentDocument",
    "Webhook",
]
