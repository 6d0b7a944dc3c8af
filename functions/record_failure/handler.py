"""Record Failure: a caught terminal error makes the document failed, refunded per policy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RUN_CORRELATION_ID_PATH, FailureInput
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import pipeline_steps, run_ended

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path=RUN_CORRELATION_ID_PATH)


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Record the caught error on the document."""
    run = FailureInput.model_validate(event)
    ref = run.ref
    result = pipeline_steps().record_failure(ref, run.error.error, run.error.cause)
    run_ended(ref.document_id, ref.version)  # a queued batch run may start
    return result
