"""Recognition: a request off the recognition bus, or the external recognizer's result.

EventBridge delivers `files.tabular_uploaded` and `files.img_uploaded` (requests, from any
source) and `files.tabular_parsed` from the file worker (the hand-off's results); our own
answers share that detail-type but come from another source, which no rule matches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RecognitionBusEvent
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.recognition.envelopes import SOURCE_FILE_WORKER, TABULAR_PARSED
from chalicelib.wiring import recognition_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path="detail.job_id")


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Answer one request, or turn one recognizer result into its job's answer."""
    received = RecognitionBusEvent.model_validate(event)
    detail = received.detail
    if received.detail_type == TABULAR_PARSED and received.source == SOURCE_FILE_WORKER:
        result = detail if isinstance(detail, dict) else {}
        entry.logger.set_correlation_id(str(result.get("task_id") or ""))
        return recognition_service().on_recognizer_result(result)
    return recognition_service().handle_request(received.detail_type, detail)
