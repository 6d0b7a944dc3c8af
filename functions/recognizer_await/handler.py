"""Wait For Result: the run's task token kept for the poller; the run then waits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import handoff_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="job_id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Keep the token (the answer comes through SendTaskSuccess, not from here)."""
    handoff_service().await_result(str(event["task_id"]), str(event["task_token"]))
    return {"waiting": True}
