"""Analyze Document: the checklist through the configured provider."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RUN_CORRELATION_ID_PATH, RunInput
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import pipeline_steps

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path=RUN_CORRELATION_ID_PATH)


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Analyse the run's document."""
    run = RunInput.model_validate(event)
    return pipeline_steps(run.lane).analyze(run.ref)
