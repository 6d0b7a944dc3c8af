"""Sweeper: on a schedule, releases expired reservations and fails stuck extractions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers

from chalicelib.wiring import sweeper_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger()
# chalicelib logs through the standard library; its records take this logger's JSON form.
copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib"})


@logger.inject_lambda_context(clear_state=True)
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Sweep the due deadlines."""
    return sweeper_service().sweep()
