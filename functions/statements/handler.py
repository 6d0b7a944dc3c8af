"""The statements branch: recognise a counterparty's accounting, check it, report it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers
from aws_lambda_powertools.utilities.parser import parse

from chalicelib.events import RUN_CORRELATION_ID_PATH, StatementStepInput
from chalicelib.services.pipeline import RunRef
from chalicelib.wiring import TRACED_MODULES, statement_steps

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger()
# X-Ray subsegments for AWS calls; off outside Lambda (tests, local cloud).
tracer = Tracer(patch_modules=TRACED_MODULES)
# chalicelib logs through the standard library; its records take this logger's JSON form.
copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib"})


@logger.inject_lambda_context(correlation_id_path=RUN_CORRELATION_ID_PATH, clear_state=True)
@tracer.capture_lambda_handler
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Take the state's step (recognize, check or report) for the run's document."""
    run = parse(event=event, model=StatementStepInput)
    ref = RunRef(run.document_id, run.version, run.region)
    steps = statement_steps()
    if run.step == "recognize":
        return steps.recognize(ref)
    if run.step == "check":
        return steps.check(ref)
    return steps.report(ref)
