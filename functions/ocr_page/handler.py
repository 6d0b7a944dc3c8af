"""Recognise Page (one iteration of the run's Map over a long scan) and Join Pages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import RUN_CORRELATION_ID_PATH, PageOcrInput
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import page_ocr_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry(correlation_id_path=RUN_CORRELATION_ID_PATH)


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """OCR the state's page, or join the pages once all are read."""
    run = PageOcrInput.model_validate(event)
    service = page_ocr_service(run.lane)
    if run.step == "join":
        return service.join(run.ref)
    if run.page is None:
        raise ValueError("step page needs a page number")
    return service.recognise_page(run.ref, run.page)
