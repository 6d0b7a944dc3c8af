"""Sweeper: on a schedule, releases expired reservations and fails stuck extractions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers

from chalicelib.wiring import TRACED_MODULES, sweeper_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger()
# X-Ray subsegments for AWS, model and partner calls; off outside Lambda (tests, local cloud).
tracer = Tracer(patch_modules=TRACED_MODULES)
# chalicelib logs through the standard library; its records take this logger's JSON form.
copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib"})


# One sweep is one correlation: the scheduled event's id.
@logger.inject_lambda_context(correlation_id_path="id", clear_state=True)
@tracer.capture_lambda_handler
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Sweep the due deadlines."""
    return sweeper_service().sweep()
