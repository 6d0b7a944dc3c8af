"""Extract: fired by an upload to `uploads/` (people and partners); reads the file and
starts its run. Bulk imports' uploads have their own (`functions/batch_extract/`).

Also invoked by admission control with `{"admitted_upload": ...}`: a batch upload that
was parked unread while its lane was full, whose turn has come (uploads sent before the
batch had its own prefix).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.extract_handler import handle_extract_event
from chalicelib.lambda_entry import LambdaEntry

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry()


# No correlation id here: each document's (its upload request's) is set as it is claimed.
@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Process each uploaded object once per object version."""
    return handle_extract_event(event, context, entry.logger)
