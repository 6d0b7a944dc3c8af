"""Send To Share: the source copied to the share's `Input/<task_id>.<ext>`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import handoff_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="job_id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Where the file went on the share."""
    return handoff_service().send(event.get("command"))
