"""Put the records made before a listing existed into it, once.

    python -m infra.backfill_user_listing --table contract-check-prod-DocumentsTable-XXXX

New profiles and documents are listed as they are made; this Scans the table once for older
ones: profiles into the admins' list of users (GSI1), documents into their province's list
(GSI2, the lists of `document:read:region`); deals made before a deal bore its first
document's id get an alias naming their owner (`chalicelib.adapters.dynamo.deals`), so others
than the owner find them. Safe to run again: each record is indexed once.
"""

from __future__ import annotations

import argparse

from chalicelib.adapters.dynamo.accounts import DynamoAccounts
from chalicelib.adapters.dynamo.deals import DynamoDealAliases
from chalicelib.adapters.dynamo.documents import DynamoDocuments


def main(argv: list[str] | None = None) -> int:
    """Index the unlisted profiles and documents of `--table`; prints how many."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--table", required=True, help="the documents table's name")
    args = parser.parse_args(argv)
    added = DynamoAccounts(args.table).index_unlisted_users()
    print(f"{added} profiles added to the admins' list of users")
    documents = DynamoDocuments(args.table).index_unlisted_documents()
    print(f"{documents} documents added to their regions' lists")
    deals = DynamoDealAliases(args.table).alias_unnamed_deals()
    print(f"{deals} deals named before their first document given an alias")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
