"""Credentials in the single table: e-mail sign-ins, Telegram links and failed-attempt counters.

Items:

- `EMAIL#{email}` / `CREDENTIAL`: `user_id`, `password_hash`, `created_at`, `updated_at`;
- `TELEGRAM#{id}` / `LINK`: `user_id`, `created_at`;
- `EMAIL#{email}` / `ATTEMPTS`: `attempts`, `expires_at` (epoch seconds, the table's
  TTL attribute, so finished windows are swept away without a job);
- `REFRESH#{jti}` / `SPENT`: a refresh token that was used or signed out, until it would
  have expired (`expires_at`, the TTL attribute again).

Links are created with `attribute_not_exists(PK)`, so of two registrations of
one e-mail (or two first logins of one Telegram id) exactly one wins. TTL
deletion lags by up to days, so an attempts item whose `expires_at` has
passed is treated as absent by every read and write here, never trusted to
be gone.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.adapters.table import (
    TTL_ATTRIBUTE,
    conditional_write,
    get_item,
    item_key,
    put_new_item,
)
from chalicelib.auth.ports import EmailCredential, FailedAttempts
from chalicelib.errors import StorageUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

# Starting a window races with another caller's failure only in a narrow gap; a few tries suffice.
_RECORD_TRIES = 3


def email_pk(email: str) -> str:
    """The partition of an e-mail's credential and attempts."""
    return f"EMAIL#{email}"


def telegram_pk(telegram_id: int) -> str:
    """The partition of a Telegram account's link."""
    return f"TELEGRAM#{telegram_id}"


def _credential_key(email: str) -> dict[str, Any]:
    return item_key(email_pk(email), "CREDENTIAL")


def _attempts_key(email: str) -> dict[str, Any]:
    return item_key(email_pk(email), "ATTEMPTS")


def _link_key(telegram_id: int) -> dict[str, Any]:
    return item_key(telegram_pk(telegram_id), "LINK")


def _storage_error(exc: Exception) -> StorageUnavailableError:
    return StorageUnavailableError(f"The credential table did not answer: {type(exc).__name__}")


class DynamoCredentialStore:
    """The `CredentialStore` port on the single DynamoDB table."""

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client: DynamoDBClient = client or boto3.client("dynamodb")

    # --- e-mail credentials -------------------------------------------------

    def get_email_credential(self, email: str) -> EmailCredential | None:
        """The credential for this e-mail, if any."""
        item = self._get(_credential_key(email))
        if item is None:
            return None
        return EmailCredential(
            email=email,
            user_id=item["user_id"]["S"],
            password_hash=item["password_hash"]["S"],
        )

    def add_email_credential(self, credential: EmailCredential) -> bool:
        """Store a new credential; False (and nothing changed) when the e-mail is taken."""
        now = datetime.now(UTC).isoformat()
        item = {
            **_credential_key(credential.email),
            "user_id": {"S": credential.user_id},
            "password_hash": {"S": credential.password_hash},
            "created_at": {"S": now},
            "updated_at": {"S": now},
        }
        return self._put_new(item)

    def replace_password_hash(self, email: str, password_hash: str) -> None:
        """Swap the stored hash of an existing credential (a parameter upgrade)."""
        # A refused condition means the credential vanished meanwhile: nothing to upgrade.
        conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_credential_key(email),
                UpdateExpression="SET password_hash = :h, updated_at = :now",
                ConditionExpression="attribute_exists(PK)",
                ExpressionAttributeValues={
                    ":h": {"S": password_hash},
                    ":now": {"S": datetime.now(UTC).isoformat()},
                },
            ),
            _storage_error,
        )

    # --- Telegram links -------------------------------------------------------

    def get_telegram_link(self, telegram_id: int) -> str | None:
        """The user id this Telegram account is linked to, if any."""
        item = self._get(_link_key(telegram_id))
        return item["user_id"]["S"] if item else None

    def add_telegram_link(self, telegram_id: int, user_id: str) -> str:
        """Link the Telegram account to `user_id` unless linked; the user id it is linked to."""
        item = {
            **_link_key(telegram_id),
            "user_id": {"S": user_id},
            "created_at": {"S": datetime.now(UTC).isoformat()},
        }
        if self._put_new(item):
            return user_id
        winner = self.get_telegram_link(telegram_id)
        if winner is None:
            # Links are never deleted, so a lost race always leaves one to read.
            raise StorageUnavailableError("The Telegram link could not be read back.")
        return winner

    # --- failed attempts -------------------------------------------------------

    def get_failed_attempts(self, email: str, now: datetime) -> FailedAttempts | None:
        """The failures that still count at `now`, or None."""
        item = self._get(_attempts_key(email))
        if item is None:
            return None
        attempts = _attempts_from_item(item)
        return attempts if attempts.expires_at > now else None

    def record_failed_attempt(
        self, email: str, now: datetime, window_seconds: int
    ) -> FailedAttempts:
        """Count one more failure and extend the window to `now + window_seconds`."""
        # A window is live while `expires_at > now`; flooring `now` keeps that test the same
        # here as in `get_failed_attempts`, which compares the exact time.
        values = {
            ":now": {"N": str(math.floor(now.timestamp()))},
            ":exp": {"N": str(math.ceil(now.timestamp() + window_seconds))},
            ":one": {"N": "1"},
        }
        for _ in range(_RECORD_TRIES):
            extended = self._extend_window(email, values)
            if extended is not None:
                return extended
            started = self._start_window(email, values)
            if started is not None:
                return started
        raise StorageUnavailableError("The failed-attempt counter kept changing under us.")

    def clear_failed_attempts(self, email: str) -> None:
        """Forget the failures (after a successful sign-in)."""
        try:
            self._client.delete_item(TableName=self._table, Key=_attempts_key(email))
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

    def _extend_window(self, email: str, values: dict[str, Any]) -> FailedAttempts | None:
        """Add one to a live window; None when there is none."""
        resp = conditional_write(
            lambda: self._client.update_item(
                TableName=self._table,
                Key=_attempts_key(email),
                UpdateExpression="SET attempts = attempts + :one, #ttl = :exp",
                ConditionExpression="#ttl > :now",
                ExpressionAttributeNames={"#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues=values,
                ReturnValues="ALL_NEW",
            ),
            _storage_error,
        )
        return _attempts_from_item(resp["Attributes"]) if resp is not None else None

    def _start_window(self, email: str, values: dict[str, Any]) -> FailedAttempts | None:
        """Start a window at one failure, over a missing or finished one; None if one is live."""
        item = {
            **_attempts_key(email),
            "attempts": values[":one"],
            TTL_ATTRIBUTE: values[":exp"],
        }
        started = conditional_write(
            lambda: self._client.put_item(
                TableName=self._table,
                Item=item,
                ConditionExpression="attribute_not_exists(PK) OR #ttl <= :now",
                ExpressionAttributeNames={"#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues={":now": values[":now"]},
            ),
            _storage_error,
        )
        return _attempts_from_item(item) if started is not None else None

    # --- refresh tokens -----------------------------------------------------------

    def spend_refresh_token(self, token_id: str, expires_at: datetime) -> bool:
        """Mark a refresh token used; False when it was already (one conditional write)."""
        return self._put_new(
            {
                **item_key(f"REFRESH#{token_id}", "SPENT"),
                TTL_ATTRIBUTE: {"N": str(math.ceil(expires_at.timestamp()))},
            }
        )

    # --- shared -----------------------------------------------------------------

    def _get(self, key: dict[str, Any]) -> dict[str, Any] | None:
        return get_item(self._client, self._table, key, _storage_error)

    def _put_new(self, item: dict[str, Any]) -> bool:
        return put_new_item(self._client, self._table, item, _storage_error)


def _attempts_from_item(item: dict[str, Any]) -> FailedAttempts:
    return FailedAttempts(
        count=int(item["attempts"]["N"]),
        expires_at=datetime.fromtimestamp(int(item[TTL_ATTRIBUTE]["N"]), UTC),
    )
