"""Put the profiles made before the admins' list of users existed into it, once.

    python -m infra.backfill_user_listing --table contract-check-prod-DocumentsTable-XXXX

New profiles are listed as they are made (`chalicelib.adapters.dynamo.users`); this
Scans the table once for older ones (safe to run again: each profile is indexed once).
"""

from __future__ import annotations

import argparse

from chalicelib.adapters.dynamo.accounts import DynamoAccounts


def main(argv: list[str] | None = None) -> int:
    """Index the unlisted profiles of `--table`; prints how many."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--table", required=True, help="the documents table's name")
    args = parser.parse_args(argv)
    added = DynamoAccounts(args.table).index_unlisted_users()
    print(f"{added} profiles added to the admins' list of users")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
