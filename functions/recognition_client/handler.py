"""Recognition Client: an answer of the recognition service (an ack or a result) moves our job."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from chalicelib.events import RecognitionAnswerEvent
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import recognition_client

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

# One answer is one correlation: its message id (`ack:<job_id>:1`, `result:<job_id>:1`).
entry = LambdaEntry(correlation_id_path="detail.msg_id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Apply the answer to its job, once per message id; a bad answer is logged and dropped."""
    answer = RecognitionAnswerEvent.model_validate(event)
    return asdict(recognition_client().on_answer(answer.detail))
