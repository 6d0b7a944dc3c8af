"""Hold For Review: store the task token; the run waits for a reviewer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RUN_CORRELATION_ID_PATH, HoldInput
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import pipeline_steps, run_ended

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path=RUN_CORRELATION_ID_PATH)


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Park the document for a reviewer."""
    run = HoldInput.model_validate(event)
    ref = run.ref
    result = pipeline_steps().hold_for_review(ref, run.task_token)
    # Waiting for a person uses no capacity: its lease goes to a queued batch run.
    run_ended(ref.document_id, ref.version)
    return result
