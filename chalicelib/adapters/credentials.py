"""Credentials in the single table: e-mail sign-ins, Telegram links, login-attempt counters
and refresh-token state.

Items:

- `EMAIL#{email}` / `CREDENTIAL`: `user_id`, `password_hash`, `created_at`, `updated_at`;
- `TELEGRAM#{id}` / `LINK`: `user_id`, `created_at`;
- `EMAIL#{email}` / `ATTEMPTS`: `attempts`, `expires_at` (epoch seconds, the table's
  TTL attribute, so finished windows are swept away without a job);
- `REFRESH#{jti}` / `SPENT`: a refresh token that was used or signed out, until it would
  have expired (`expires_at`, the TTL attribute again);
- `REFRESH_FAMILY#{fam}` / `REVOKED`: a session whose refresh tokens are all refused (a
  spent one came back, or it signed out), until the last of them has expired (TTL).

Links are created with `attribute_not_exists(PK)`, so of two registrations of
one e-mail (or two first logins of one Telegram id) exactly one wins. TTL
deletion lags by up to days, so an attempts item whose `expires_at` has
passed is treated as absent by every read and write here, never trusted to
be gone.

A login attempt is counted by one conditional UpdateItem (`expires_at > now AND
attempts < limit`) before the password is checked; DynamoDB runs each such write
atomically, so of any number of parallel sign-ins at most `limit` are counted. When
it is refused, the item it saw (`ReturnValuesOnConditionCheckFailure`) tells a full
window (429) from an ended or missing one, which a conditional PutItem restarts.
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
    is_condition_failed,
    item_key,
    put_new_item,
)
from chalicelib.errors import StorageUnavailableError
from chalicelib.ports import AttemptReservation, EmailCredential, LoginAttempts

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

# Starting a window races with another caller's attempt only in a narrow gap; a few tries do.
_RESERVE_TRIES = 3


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


def _family_key(family_id: str) -> dict[str, Any]:
    return item_key(f"REFRESH_FAMILY#{family_id}", "REVOKED")


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

    # --- login attempts -----------------------------------------------------------

    def reserve_login_attempt(
        self, email: str, now: datetime, *, limit: int, window_seconds: int
    ) -> AttemptReservation:
        """Count one more attempt unless `limit` are counted in the live window (one atomic
        write); a new window when the old one has ended."""
        # A window is live while `expires_at > now`, compared in whole seconds on both sides.
        values = {
            ":now": {"N": str(math.floor(now.timestamp()))},
            ":exp": {"N": str(math.ceil(now.timestamp() + window_seconds))},
            ":one": {"N": "1"},
            ":limit": {"N": str(limit)},
        }
        for _ in range(_RESERVE_TRIES):
            counted, full = self._count_in_live_window(email, values)
            if counted is not None:
                return AttemptReservation(granted=True, attempts=counted)
            if full is not None:
                return AttemptReservation(granted=False, attempts=full)
            started = self._start_window(email, values)
            if started is not None:
                return AttemptReservation(granted=True, attempts=started)
        raise StorageUnavailableError("The login-attempt counter kept changing under us.")

    def clear_login_attempts(self, email: str) -> None:
        """Forget the attempts (after a successful sign-in)."""
        try:
            self._client.delete_item(TableName=self._table, Key=_attempts_key(email))
        except (ClientError, BotoCoreError) as exc:
            raise _storage_error(exc) from exc

    def _count_in_live_window(
        self, email: str, values: dict[str, Any]
    ) -> tuple[LoginAttempts | None, LoginAttempts | None]:
        """(the window with this attempt counted, None) when a live window has room;
        (None, the window) when a live one is full; (None, None) when none is live."""
        try:
            resp = self._client.update_item(
                TableName=self._table,
                Key=_attempts_key(email),
                UpdateExpression="SET attempts = attempts + :one, #ttl = :exp",
                ConditionExpression="#ttl > :now AND attempts < :limit",
                ExpressionAttributeNames={"#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues=values,
                ReturnValues="ALL_NEW",
                ReturnValuesOnConditionCheckFailure="ALL_OLD",
            )
        except ClientError as exc:
            if not is_condition_failed(exc):
                raise _storage_error(exc) from exc
            refused: dict[str, Any] | None = exc.response.get("Item")  # type: ignore[assignment]
            if refused is None:
                return None, None
            window = _attempts_from_item(refused)
            live = int(refused[TTL_ATTRIBUTE]["N"]) > int(values[":now"]["N"])
            return None, (window if live else None)
        except BotoCoreError as exc:
            raise _storage_error(exc) from exc
        return _attempts_from_item(resp["Attributes"]), None

    def _start_window(self, email: str, values: dict[str, Any]) -> LoginAttempts | None:
        """Start a window at one attempt, over a missing or finished one; None if one is live."""
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

    def revoke_refresh_family(self, family_id: str, until: datetime) -> None:
        """Refuse every refresh token of the family from now on, until `until` (TTL)."""
        # Conditional: a family revoked already keeps its first record (and its TTL, which
        # outlives every token the family had by then).
        self._put_new(
            {
                **_family_key(family_id),
                TTL_ATTRIBUTE: {"N": str(math.ceil(until.timestamp()))},
                "revoked_at": {"S": datetime.now(UTC).isoformat()},
            }
        )

    def is_refresh_family_revoked(self, family_id: str) -> bool:
        """Whether the family's refresh tokens are refused (one consistent read)."""
        # A record past its TTL only belongs to tokens that have all expired: no need to
        # look at `expires_at` here.
        return self._get(_family_key(family_id)) is not None

    # --- shared -----------------------------------------------------------------

    def _get(self, key: dict[str, Any]) -> dict[str, Any] | None:
        return get_item(self._client, self._table, key, _storage_error)

    def _put_new(self, item: dict[str, Any]) -> bool:
        return put_new_item(self._client, self._table, item, _storage_error)


def _attempts_from_item(item: dict[str, Any]) -> LoginAttempts:
    return LoginAttempts(
        count=int(item["attempts"]["N"]),
        expires_at=datetime.fromtimestamp(int(item[TTL_ATTRIBUTE]["N"]), UTC),
    )
