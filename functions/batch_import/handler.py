"""Batch Import: fired by a zip arriving under `imports/`; makes a document of each member."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.events import S3Notification
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.services.extraction import UploadEvent
from chalicelib.wiring import zip_import_service

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry()


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Open each arrived zip once (its batch is claimed by a conditional write)."""
    notification = S3Notification.model_validate(event)
    results = []
    for record in notification.records:
        obj = record.s3.object
        entry.logger.append_keys(object_key=obj.key)
        upload = UploadEvent(
            bucket=record.s3.bucket.name,
            key=obj.key,
            size=obj.size,
            version_id=obj.version_id,
            etag=obj.e_tag,
        )
        results.append(zip_import_service().handle_archive(upload))
    return {"results": results}
