"""Finalize Report: the report in Markdown and JSON; the document is done."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RUN_CORRELATION_ID_PATH, RunInput
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import pipeline_steps, run_ended

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path=RUN_CORRELATION_ID_PATH)


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Write the run's report."""
    run = RunInput.model_validate(event)
    result = pipeline_steps().finalize(run.ref)
    run_ended(run.ref.document_id, run.ref.version)  # a queued batch run may start
    return result
