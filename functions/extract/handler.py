"""Extract: fired by an upload to `uploads/`; reads the file and starts its run.

Also invoked by admission control with `{"admitted_upload": ...}`: a batch upload that
was parked unread while its lane was full, whose turn has come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import S3Notification
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import idempotent_upload_handler

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry()


# No correlation id here: each document's (its upload request's) is set as it is claimed.
@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Process each uploaded object once per object version."""
    process = idempotent_upload_handler(context)
    if "admitted_upload" in event:
        # A batch upload parked unread by admission control, now admitted: read it (once
        # per document version and upload, however often this event is delivered).
        return {"results": [process(upload=event["admitted_upload"])]}
    notification = S3Notification.model_validate(event)
    results = []
    for record in notification.records:
        obj = record.s3.object
        entry.logger.append_keys(object_key=obj.key)
        results.append(
            process(
                upload={
                    "bucket": record.s3.bucket.name,
                    "key": obj.key,
                    "size": obj.size,
                    "version_id": obj.version_id,
                    "etag": obj.e_tag,
                },
                # Who reads a batch upload parked unread, once it is admitted: this function.
                function_arn=context.invoked_function_arn,
            )
        )
    return {"results": results}
