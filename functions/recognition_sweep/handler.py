"""Recognition Sweep: on a schedule, answers the recognition jobs whose worker died.

A job still `processing` after its claim's lease (longer than the Recognition function's
timeout) has no worker left: it gets UNKNOWN_ERROR, so its sender is not left waiting until
its own reply deadline (`chalicelib.recognition.stale`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import recognition_stale_sweep

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="id")


# One sweep is one correlation: the scheduled event's id.
@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Answer the jobs whose lease has passed."""
    return recognition_stale_sweep().sweep()
