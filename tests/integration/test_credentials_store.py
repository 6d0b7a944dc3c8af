"""The DynamoDB credential store on moto, in the documents table as the template defines it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import boto3
import pytest
from botocore.stub import Stubber

from chalicelib.adapters.credentials import DynamoCredentialStore
from chalicelib.adapters.dynamo import DynamoDocumentRepository
from chalicelib.auth.errors import (
    AccountExistsError,
    InvalidCredentialsError,
    TooManyAttemptsError,
)
from chalicelib.auth.passwords import PasswordHasher, ScryptParams
from chalicelib.auth.ports import EmailCredential, FailedAttempts
from chalicelib.auth.service import AuthService
from chalicelib.auth.tokens import TokenIssuer
from chalicelib.errors import StorageUnavailableError
from chalicelib.services.users import UserService
from tests.integration.documents_table import REGION, TABLE_PROPS

if TYPE_CHECKING:
    from collections.abc import Callable

    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.integration

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
WINDOW = 900
EMAIL = "ann@example.com"
HASH = "scrypt$16384$8$1$c2FsdA==$a2V5"  # a stand-in: the store never reads it


@pytest.fixture
def table(documents_table: str) -> str:
    return documents_table


@pytest.fixture
def client(table: str) -> DynamoDBClient:
    return boto3.client("dynamodb", region_name=REGION)


@pytest.fixture
def store(table: str, client: DynamoDBClient) -> DynamoCredentialStore:
    return DynamoCredentialStore(table, client)


def _item(client: DynamoDBClient, table: str, pk: str, sk: str) -> dict[str, Any] | None:
    resp = client.get_item(TableName=table, Key={"PK": {"S": pk}, "SK": {"S": sk}})
    return resp.get("Item")


# --- e-mail credentials ------------------------------------------------------


def test_credentials_an_added_email_credential_reads_back(store: DynamoCredentialStore) -> None:
    credential = EmailCredential(EMAIL, "user-1", HASH)

    assert store.add_email_credential(credential)
    assert store.get_email_credential(EMAIL) == credential
    assert store.get_email_credential("bob@example.com") is None


def test_credentials_a_second_registration_of_one_email_loses_and_changes_nothing(
    store: DynamoCredentialStore,
) -> None:
    store.add_email_credential(EmailCredential(EMAIL, "user-1", HASH))

    assert not store.add_email_credential(EmailCredential(EMAIL, "user-2", "other"))
    assert store.get_email_credential(EMAIL) == EmailCredential(EMAIL, "user-1", HASH)


def test_credentials_item_has_the_single_table_keys(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    store.add_email_credential(EmailCredential(EMAIL, "user-1", HASH))

    item = _item(client, table, f"EMAIL#{EMAIL}", "CREDENTIAL")

    assert item is not None
    assert item["user_id"] == {"S": "user-1"}
    assert "expires_at" not in item  # a credential must never be swept by TTL


def test_credentials_replace_password_hash_keeps_the_user(store: DynamoCredentialStore) -> None:
    store.add_email_credential(EmailCredential(EMAIL, "user-1", HASH))

    store.replace_password_hash(EMAIL, "scrypt$32768$8$1$bmV3$bmV3")

    assert store.get_email_credential(EMAIL) == EmailCredential(
        EMAIL, "user-1", "scrypt$32768$8$1$bmV3$bmV3"
    )


def test_credentials_replace_password_hash_of_a_missing_email_creates_nothing(
    store: DynamoCredentialStore,
) -> None:
    store.replace_password_hash(EMAIL, HASH)

    assert store.get_email_credential(EMAIL) is None


# --- Telegram links ------------------------------------------------------------


def test_credentials_a_telegram_link_is_created_once_and_the_first_user_wins(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    assert store.get_telegram_link(424242) is None

    assert store.add_telegram_link(424242, "user-1") == "user-1"
    assert store.add_telegram_link(424242, "user-2") == "user-1"
    assert store.get_telegram_link(424242) == "user-1"
    assert _item(client, table, "TELEGRAM#424242", "LINK") is not None


# --- failed attempts -------------------------------------------------------------


def test_credentials_failed_attempts_count_up_within_the_window(
    store: DynamoCredentialStore,
) -> None:
    assert store.get_failed_attempts(EMAIL, NOW) is None

    first = store.record_failed_attempt(EMAIL, NOW, WINDOW)
    second = store.record_failed_attempt(EMAIL, NOW + timedelta(seconds=60), WINDOW)

    assert first == FailedAttempts(1, NOW + timedelta(seconds=WINDOW))
    assert second == FailedAttempts(2, NOW + timedelta(seconds=60 + WINDOW))
    assert store.get_failed_attempts(EMAIL, NOW + timedelta(seconds=60)) == second


def test_credentials_attempts_item_carries_the_tables_ttl_in_epoch_seconds(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    store.record_failed_attempt(EMAIL, NOW, WINDOW)

    item = _item(client, table, f"EMAIL#{EMAIL}", "ATTEMPTS")

    assert item is not None
    ttl_name = TABLE_PROPS["TimeToLiveSpecification"]["AttributeName"]
    assert item[ttl_name] == {"N": str(int(NOW.timestamp()) + WINDOW)}
    assert item["attempts"] == {"N": "1"}


def test_credentials_an_expired_window_counts_as_none_before_ttl_deletes_it(
    store: DynamoCredentialStore,
) -> None:
    for _ in range(5):
        store.record_failed_attempt(EMAIL, NOW, WINDOW)
    after = NOW + timedelta(seconds=WINDOW)

    assert store.get_failed_attempts(EMAIL, after) is None
    assert store.record_failed_attempt(EMAIL, after, WINDOW).count == 1


def test_credentials_clear_forgets_the_failures(store: DynamoCredentialStore) -> None:
    store.record_failed_attempt(EMAIL, NOW, WINDOW)

    store.clear_failed_attempts(EMAIL)
    store.clear_failed_attempts(EMAIL)  # clearing nothing is fine

    assert store.get_failed_attempts(EMAIL, NOW) is None


def test_credentials_attempts_and_credential_share_the_email_partition_apart(
    store: DynamoCredentialStore,
) -> None:
    store.add_email_credential(EmailCredential(EMAIL, "user-1", HASH))
    store.record_failed_attempt(EMAIL, NOW, WINDOW)

    store.clear_failed_attempts(EMAIL)

    assert store.get_email_credential(EMAIL) == EmailCredential(EMAIL, "user-1", HASH)


# --- errors --------------------------------------------------------------------


def test_credentials_a_missing_table_is_storage_unavailable(client: DynamoDBClient) -> None:
    store = DynamoCredentialStore("no-such-table", client)

    with pytest.raises(StorageUnavailableError):
        store.get_email_credential(EMAIL)
    with pytest.raises(StorageUnavailableError):
        store.add_email_credential(EmailCredential(EMAIL, "user-1", HASH))


@pytest.mark.parametrize(
    "code", ["ProvisionedThroughputExceededException", "ThrottlingException", "InternalServerError"]
)
def test_credentials_throttling_on_any_call_is_storage_unavailable(code: str) -> None:
    stubbed = boto3.client(
        "dynamodb", region_name=REGION, aws_access_key_id="x", aws_secret_access_key="x"
    )
    store = DynamoCredentialStore("table", stubbed)
    calls: list[tuple[str, Callable[[], object]]] = [
        ("get_item", lambda: store.get_email_credential(EMAIL)),
        ("put_item", lambda: store.add_email_credential(EmailCredential(EMAIL, "u", HASH))),
        ("update_item", lambda: store.replace_password_hash(EMAIL, HASH)),
        ("get_item", lambda: store.get_telegram_link(1)),
        ("put_item", lambda: store.add_telegram_link(1, "u")),
        ("get_item", lambda: store.get_failed_attempts(EMAIL, NOW)),
        ("update_item", lambda: store.record_failed_attempt(EMAIL, NOW, WINDOW)),
        ("delete_item", lambda: store.clear_failed_attempts(EMAIL)),
    ]
    with Stubber(stubbed) as stub:
        for operation, call in calls:
            stub.add_client_error(operation, service_error_code=code, http_status_code=400)

            with pytest.raises(StorageUnavailableError):
                call()


def test_credentials_a_lost_race_to_start_a_window_joins_the_winners_window() -> None:
    stubbed = boto3.client(
        "dynamodb", region_name=REGION, aws_access_key_id="x", aws_secret_access_key="x"
    )
    store = DynamoCredentialStore("table", stubbed)
    expires = str(int(NOW.timestamp()) + WINDOW)
    condition_failed = "ConditionalCheckFailedException"
    with Stubber(stubbed) as stub:
        # No live window, then another caller starts one just before our put.
        stub.add_client_error("update_item", service_error_code=condition_failed)
        stub.add_client_error("put_item", service_error_code=condition_failed)
        stub.add_response(
            "update_item", {"Attributes": {"attempts": {"N": "2"}, "expires_at": {"N": expires}}}
        )

        attempts = store.record_failed_attempt(EMAIL, NOW, WINDOW)

    assert attempts == FailedAttempts(2, NOW + timedelta(seconds=WINDOW))


# --- the service on the real table ------------------------------------------------


def test_credentials_service_registers_signs_in_and_locks_out_on_the_table(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    def clock() -> datetime:
        return NOW

    tokens = TokenIssuer("integration-test-secret-" + "x" * 16, clock=clock)
    repo = DynamoDocumentRepository(table, client)
    service = AuthService(
        store,
        UserService(repo, signup_credits=3, region="ru"),
        tokens,
        clock,
        passwords=PasswordHasher(ScryptParams(n=2**10)),
        max_attempts=2,
    )
    password = "correct horse 42"

    user_id = tokens.verify_access(service.register(EMAIL, password).access_token).user_id

    profile = repo.get_user(user_id)
    assert profile is not None
    assert profile.credits_left == 3
    with pytest.raises(AccountExistsError):
        service.register(EMAIL, password)
    assert tokens.verify_access(service.login(EMAIL, password).access_token).user_id == user_id
    for _ in range(2):
        with pytest.raises(InvalidCredentialsError):
            service.login(EMAIL, "wrong horse 42")
    with pytest.raises(TooManyAttemptsError):
        service.login(EMAIL, password)


def test_credentials_a_refresh_token_is_spent_once_and_kept_until_it_expires(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    expires = NOW + timedelta(days=30)

    first = store.spend_refresh_token("jti-1", expires)
    again = store.spend_refresh_token("jti-1", expires)

    assert (first, again) == (True, False)
    item = _item(client, table, "REFRESH#jti-1", "SPENT")
    assert item is not None
    ttl_name = TABLE_PROPS["TimeToLiveSpecification"]["AttributeName"]
    assert item[ttl_name] == {"N": str(int(expires.timestamp()))}
