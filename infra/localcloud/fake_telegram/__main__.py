"""The shell entry: `python -m infra.localcloud.fake_telegram --port 8081` serves until Ctrl-C."""

from __future__ import annotations

import argparse
import threading
from typing import TYPE_CHECKING

from infra.localcloud import fake_telegram
from infra.localcloud.fake_telegram.server import FakeTelegram

if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the fake from a shell until Ctrl-C, then print every chat's transcript."""
    doc = fake_telegram.__doc__
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    parser.add_argument("--token", default="123456:TEST", help="the bot token it accepts")
    parser.add_argument("--username", default="contract_check_bot", help="the bot's username")
    parser.add_argument(
        "--strict-chats", action="store_true", help='"chat not found" until a user writes'
    )
    args = parser.parse_args(argv)
    fake = FakeTelegram(
        args.token,
        host=args.host,
        port=args.port,
        bot_username=args.username,
        strict_chats=args.strict_chats,
    )
    with fake:
        print(f"fake Telegram Bot API at {fake.base_url}", flush=True)
        print(f"  bot token: {fake.token}  (@{args.username})", flush=True)
        print(f"  aiogram: TelegramAPIServer.from_base({fake.base_url!r})", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            for chat_id in sorted(fake.state.transcripts):
                print(f"\n--- chat {chat_id} ---\n{fake.transcript(chat_id)}", end="", flush=True)
            print("\nstopped", flush=True)


if __name__ == "__main__":
    main()
