"""Telegram Bot: the bot worker; each invocation is one update the webhook handed on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers
from aws_lambda_powertools.utilities.parser import parse

from chalicelib.events import TelegramUpdateHandOff
from chalicelib.wiring import TRACED_MODULES, telegram_bot

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger()
# X-Ray subsegments for AWS, model and partner calls; off outside Lambda (tests, local cloud).
tracer = Tracer(patch_modules=TRACED_MODULES)
# chalicelib logs through the standard library; its records take this logger's JSON form.
copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib", "aiogram"})


@logger.inject_lambda_context(clear_state=True)
@tracer.capture_lambda_handler
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Handle one update."""
    hand_off = parse(event=event, model=TelegramUpdateHandOff)
    logger.append_keys(update_id=hand_off.update.get("update_id"))
    telegram_bot().handle(dict(hand_off.update))
    return {"handled": hand_off.update.get("update_id")}
