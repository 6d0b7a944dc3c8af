"""Recognition Client Sweep: on a schedule, republishes requests whose ack is late and ends
jobs that waited too long (dlq: no ack; timeout: no result by the reply deadline)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import recognition_client

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="id")


# One sweep is one correlation: the scheduled event's id.
@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Sweep the client's open jobs that are due."""
    return dict(recognition_client().sweep())
