"""Recognizer Poller: every minute, each waiting hand-off's output looked at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import handoff_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

# One poll is one correlation: the scheduled event's id.
entry = LambdaEntry(correlation_id_path="id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """How many runs were resumed and how many still wait."""
    return handoff_service().poll()
