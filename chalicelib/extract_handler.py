"""What an Extract function does with its event: both Extract functions, one body.

The template has two Extract functions with the same job and different triggers:
`ExtractFunction` for `uploads/` (people and partners) and `BatchExtractFunction` for
`batch-uploads/` (bulk imports), each with its own reserved concurrency, so a batch being
uploaded never holds the Extract a person's upload waits for. Their handlers are thin
(`functions/extract/`, `functions/batch_extract/`) and call this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import S3Notification
from chalicelib.wiring import idempotent_upload_handler

if TYPE_CHECKING:
    from aws_lambda_powertools import Logger
    from aws_lambda_powertools.utilities.typing import LambdaContext


def handle_extract_event(
    event: dict[str, Any], context: LambdaContext, logger: Logger
) -> dict[str, Any]:
    """Process each uploaded object once per object version, or an admitted upload."""
    process = idempotent_upload_handler(context)
    if "admitted_upload" in event:
        # A batch upload parked unread by admission control, now admitted: read it (once
        # per document version and upload, however often this event is delivered).
        return {"results": [process(upload=event["admitted_upload"])]}
    notification = S3Notification.model_validate(event)
    results = []
    for record in notification.records:
        obj = record.s3.object
        logger.append_keys(object_key=obj.key)
        results.append(
            process(
                upload={
                    "bucket": record.s3.bucket.name,
                    "key": obj.key,
                    "size": obj.size,
                    "version_id": obj.version_id,
                    "etag": obj.e_tag,
                },
                # Who reads a batch upload parked unread, once it is admitted: this function
                # (the one its prefix notifies).
                function_arn=context.invoked_function_arn,
            )
        )
    return {"results": results}
