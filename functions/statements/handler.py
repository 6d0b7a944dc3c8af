"""The statements branch: recognise a counterparty's accounting, check it, report it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RUN_CORRELATION_ID_PATH, StatementStepInput
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import statement_steps

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path=RUN_CORRELATION_ID_PATH)


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Take the state's step (recognize, check or report) for the run's document."""
    run = StatementStepInput.model_validate(event)
    ref = run.ref
    steps = statement_steps()
    if run.step == "recognize":
        return steps.recognize(ref)
    if run.step == "check":
        return steps.check(ref)
    return steps.report(ref)
