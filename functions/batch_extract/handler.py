"""Batch Extract: fired by a bulk import's upload to `batch-uploads/`; reads the file and
starts its run, or parks it unread while the batch lane is full.

Extract's job under a reserved concurrency of its own (BatchExtractReservedConcurrency), so
the uploads of a batch of 500 never take the Extract a person's upload is read by. Also
invoked by admission control with `{"admitted_upload": ...}`: an upload it parked whose
turn has come.
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
