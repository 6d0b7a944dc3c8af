"""Sweeper: on a schedule, releases expired reservations and fails stuck extractions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import sweeper_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="id")


# One sweep is one correlation: the scheduled event's id.
@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Sweep the due deadlines."""
    return sweeper_service().sweep()
