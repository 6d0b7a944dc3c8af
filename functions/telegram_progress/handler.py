"""Telegram Progress: a Telegram document's status changed; its chat is told."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers
from aws_lambda_powertools.utilities.parser import parse

from chalicelib.events import DocumentStatusEvent
from chalicelib.wiring import TRACED_MODULES, telegram_progress

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger()
# X-Ray subsegments for AWS, model and partner calls; off outside Lambda (tests, local cloud).
tracer = Tracer(patch_modules=TRACED_MODULES)
# chalicelib logs through the standard library; its records take this logger's JSON form.
copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib", "aiogram"})


@logger.inject_lambda_context(correlation_id_path="detail.document_id", clear_state=True)
@tracer.capture_lambda_handler
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Edit the document's progress message; send its result when it is done."""
    status = parse(event=event, model=DocumentStatusEvent)
    outcome = telegram_progress().announce(status.detail.model_dump())
    return {"document_id": status.detail.document_id, "outcome": outcome}
