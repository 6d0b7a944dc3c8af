"""Publish Result: the share cleaned if needed, the result on the recognition bus."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.recognizer.models import Outcome
from chalicelib.wiring import handoff_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="job_id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """The published result (`files.tabular_parsed`'s detail)."""
    outcome = event["outcome"]
    return handoff_service().finish(
        event.get("command"),
        Outcome(
            status=outcome["status"],
            error_code=outcome.get("error_code"),
            result_s3_key=outcome.get("result_s3_key"),
        ),
    )
