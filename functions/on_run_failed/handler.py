"""On Run Failed: EventBridge's execution status change for FAILED, TIMED_OUT, ABORTED runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers
from aws_lambda_powertools.utilities.parser import parse

from chalicelib.events import ExecutionStatusEvent
from chalicelib.services.run_failures import RunStatusChange
from chalicelib.wiring import TRACED_MODULES, run_failure_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger()
# X-Ray subsegments for AWS, model and partner calls; off outside Lambda (tests, local cloud).
tracer = Tracer(patch_modules=TRACED_MODULES)
# chalicelib logs through the standard library; its records take this logger's JSON form.
copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib"})


@logger.inject_lambda_context(correlation_id_path="detail.name", clear_state=True)
@tracer.capture_lambda_handler
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Compensate the failed run's document."""
    detail = parse(event=event, model=ExecutionStatusEvent).detail
    if detail.correlation_id:  # the run carries its upload request's id: log with that
        logger.set_correlation_id(detail.correlation_id)
    return run_failure_service().handle(
        RunStatusChange(
            execution_arn=detail.execution_arn,
            status=detail.status,
            input=detail.input,
            error=detail.error,
            cause=detail.cause,
        )
    )
