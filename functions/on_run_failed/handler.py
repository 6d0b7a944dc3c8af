"""On Run Failed: EventBridge's execution status change for FAILED, TIMED_OUT, ABORTED runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import ExecutionStatusEvent
from chalicelib.keys import parse_execution_name
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.services.run_failures import RunStatusChange
from chalicelib.wiring import run_ended, run_failure_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="detail.name")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Compensate the failed run's document."""
    detail = ExecutionStatusEvent.model_validate(event).detail
    if detail.correlation_id:  # the run carries its upload request's id: log with that
        entry.logger.set_correlation_id(detail.correlation_id)
    result = run_failure_service().handle(
        RunStatusChange(
            execution_arn=detail.execution_arn,
            status=detail.status,
            input=detail.input,
            error=detail.error,
            cause=detail.cause,
        )
    )
    run = parse_execution_name(detail.execution_arn.rpartition(":")[2])
    if run is not None:  # its batch lease, if it still held one, goes to a queued run
        run_ended(*run)
    return result
