"""The DynamoDB single table's adapters: one per narrow port, over one shared base.

- `DynamoUsers` (`users`): profiles and credits, and the operators' ledger;
- `DynamoDocuments` (`documents`): documents' records and their callbacks' progress;
- `DynamoReviewQueue` (`reviews`): the documents held for a reviewer;
- `DynamoDeadlines` (`deadlines`): the sweeper's notes.

Each takes the table's name and, optionally, a client. `DynamoDocumentRepository` is
all four over one client: what the wiring hands to services that each take only the
ports they use (the union keeps one client and one constructor for the wiring, and the
table's writes that cross ports, such as a credit taken with a new document, are the
documents adapter's, inside one transaction).
"""

from __future__ import annotations

from chalicelib.adapters.dynamo.deadlines import DynamoDeadlines
from chalicelib.adapters.dynamo.deals import DynamoDealAliases
from chalicelib.adapters.dynamo.documents import DynamoDocuments
from chalicelib.adapters.dynamo.reviews import DynamoReviewQueue
from chalicelib.adapters.dynamo.users import DynamoUsers


class DynamoDocumentRepository(
    DynamoUsers, DynamoDocuments, DynamoReviewQueue, DynamoDeadlines, DynamoDealAliases
):
    """The table's four adapters in one object, sharing the table's name and client (and
    the aliases of deals named before deals bore their first document's id)."""


__all__ = [
    "DynamoDeadlines",
    "DynamoDocumentRepository",
    "DynamoDocuments",
    "DynamoReviewQueue",
    "DynamoUsers",
]
