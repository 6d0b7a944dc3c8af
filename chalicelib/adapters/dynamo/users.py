"""Users' profiles and credits (`Users`), and the operators' ledger (`UserLedger`):
credits granted and roles set by hand, each beside its audit item (`USER#{id}` /
`GRANT#{at}` or `ROLE#{at}`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.dynamo.base import (
    DynamoTable,
    now,
    storage_error,
    to_item,
    user_key,
    user_listing_attributes,
)
from chalicelib.adapters.table import conditional_write
from chalicelib.errors import DocumentNotFoundError
from chalicelib.models import UserProfile

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.type_defs import PutTypeDef, UpdateTypeDef


class DynamoUsers(DynamoTable):
    """Users' profiles and credits, and the credits and roles operators set by hand."""

    def ensure_user(self, user_id: str, *, credits: int, region: str) -> UserProfile:
        """The user's profile, created with `credits` the first time."""
        profile = UserProfile(user_id=user_id, credits_left=credits, region=region)
        item = {
            **user_key(user_id),
            **to_item(profile.model_dump(mode="json")),
            # The admins' list of users (chalicelib.adapters.dynamo.accounts): a sparse
            # partition of GSI1, newest first.
            **user_listing_attributes(user_id, now()),
        }
        # A refused condition: the user exists already, and is read back below.
        conditional_write(
            lambda: self._client.put_item(
                TableName=self._table, Item=item, ConditionExpression="attribute_not_exists(PK)"
            ),
            storage_error,
        )
        existing = self.get_user(user_id)
        return existing or profile

    def get_user(self, user_id: str) -> UserProfile | None:
        """The user's profile, if any."""
        item = self._get_item(user_key(user_id))
        return UserProfile.model_validate(item) if item else None

    def grant_credits(self, user_id: str, amount: int, *, reason: str, granted_by: str) -> int:
        """Add credits to an existing user and record who gave them and why; the new balance."""
        at = now()
        self._audited_user_update(
            user_id,
            "SET credits_left = credits_left + :n",
            {":n": {"N": str(amount)}},
            audit={
                "SK": {"S": f"GRANT#{at}"},
                "amount": {"N": str(amount)},
                "reason": {"S": reason},
                "granted_by": {"S": granted_by},
                "granted_at": {"S": at},
            },
        )
        profile = self.get_user(user_id)
        return profile.credits_left if profile else 0

    def set_role(self, user_id: str, role: str, *, reason: str, set_by: str) -> None:
        """Give an existing user a role and record who did it and why."""
        at = now()
        self._audited_user_update(
            user_id,
            "SET #role = :role",
            {":role": {"S": role}},
            names={"#role": "role"},
            audit={
                "SK": {"S": f"ROLE#{at}"},
                "role": {"S": role},
                "reason": {"S": reason},
                "set_by": {"S": set_by},
                "set_at": {"S": at},
            },
        )

    def _audited_user_update(
        self,
        user_id: str,
        update: str,
        values: dict[str, Any],
        *,
        audit: dict[str, Any],
        names: dict[str, str] | None = None,
    ) -> None:
        """Change a user's profile and write the audit item beside it, in one transaction."""
        change: UpdateTypeDef = {
            "TableName": self._table,
            "Key": user_key(user_id),
            "UpdateExpression": update,
            "ConditionExpression": "attribute_exists(PK)",
            "ExpressionAttributeValues": values,
        }
        if names:
            change["ExpressionAttributeNames"] = names
        record: PutTypeDef = {
            "TableName": self._table,
            "Item": {"PK": {"S": f"USER#{user_id}"}, **audit},
        }
        try:
            self._client.transact_write_items(TransactItems=[{"Update": change}, {"Put": record}])
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "TransactionCanceledException":
                raise DocumentNotFoundError("No such user.") from exc
            raise storage_error(exc) from exc
        except BotoCoreError as exc:
            raise storage_error(exc) from exc
