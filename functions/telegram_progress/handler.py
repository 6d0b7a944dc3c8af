"""Telegram Progress: a Telegram document's status changed; its chat is told."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import DocumentStatusEvent
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import telegram_progress

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="detail.document_id", libraries=("aiogram",))


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Edit the document's progress message; send its result when it is done."""
    status = DocumentStatusEvent.model_validate(event)
    outcome = telegram_progress().announce(status.detail.model_dump())
    return {"document_id": status.detail.document_id, "outcome": outcome}
