"""Telegram Bot: the bot worker; each invocation is one update the webhook handed on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.utilities.parser import parse

from chalicelib.events import TelegramUpdateHandOff
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import telegram_bot

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(libraries=("aiogram",))


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Handle one update."""
    hand_off = parse(event=event, model=TelegramUpdateHandOff)
    entry.logger.append_keys(update_id=hand_off.update.get("update_id"))
    telegram_bot().handle(dict(hand_off.update))
    return {"handled": hand_off.update.get("update_id")}
