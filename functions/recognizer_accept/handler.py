"""Accept Command: the hand-off's command checked and recorded, and how long it may wait."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import handoff_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

# The task (= the recognition job) is the correlation of every step of one hand-off.
entry = LambdaEntry(correlation_id_path="job_id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """`{timeout_seconds}` for the wait on the recognizer."""
    return handoff_service().accept(event.get("command"), str(event.get("job_id") or ""))
