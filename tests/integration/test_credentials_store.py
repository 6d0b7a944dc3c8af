"""The DynamoDB credential store on moto, in the documents table as the template defines it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import boto3
import pytest
from botocore.stub import Stubber

from chalicelib.adapters.credentials import DynamoCredentialStore
from chalicelib.adapters.dynamo import DynamoDocumentRepository
from chalicelib.auth.errors import InvalidCredentialsError, InvalidTokenError, TooManyAttemptsError
from chalicelib.auth.passwords import PasswordHasher, ScryptParams
from chalicelib.auth.service import AuthService
from chalicelib.auth.tokens import TokenIssuer
from chalicelib.errors import StorageUnavailableError
from chalicelib.ports import AttemptReservation, EmailCredential, LoginAttempts
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


# --- login attempts ----------------------------------------------------------------


def _reserve(store: DynamoCredentialStore, at: datetime, limit: int = 5) -> AttemptReservation:
    return store.reserve_login_attempt(EMAIL, at, limit=limit, window_seconds=WINDOW)


def test_credentials_login_attempts_count_up_and_extend_the_window(
    store: DynamoCredentialStore,
) -> None:
    first = _reserve(store, NOW)
    second = _reserve(store, NOW + timedelta(seconds=60))

    assert first == AttemptReservation(True, LoginAttempts(1, NOW + timedelta(seconds=WINDOW)))
    assert second == AttemptReservation(
        True, LoginAttempts(2, NOW + timedelta(seconds=60 + WINDOW))
    )


def test_credentials_a_full_window_refuses_without_counting_or_extending(
    store: DynamoCredentialStore,
) -> None:
    for _ in range(3):
        assert _reserve(store, NOW, limit=3).granted

    refused = _reserve(store, NOW + timedelta(seconds=100), limit=3)

    assert refused == AttemptReservation(False, LoginAttempts(3, NOW + timedelta(seconds=WINDOW)))
    assert _reserve(store, NOW + timedelta(seconds=WINDOW - 1), limit=3).granted is False


def test_credentials_attempts_item_carries_the_tables_ttl_in_epoch_seconds(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    _reserve(store, NOW)

    item = _item(client, table, f"EMAIL#{EMAIL}", "ATTEMPTS")

    assert item is not None
    ttl_name = TABLE_PROPS["TimeToLiveSpecification"]["AttributeName"]
    assert item[ttl_name] == {"N": str(int(NOW.timestamp()) + WINDOW)}
    assert item["attempts"] == {"N": "1"}


def test_credentials_an_ended_window_counts_as_none_before_ttl_deletes_it(
    store: DynamoCredentialStore,
) -> None:
    for _ in range(5):
        _reserve(store, NOW)
    after = NOW + timedelta(seconds=WINDOW)

    assert _reserve(store, after) == AttemptReservation(
        True, LoginAttempts(1, after + timedelta(seconds=WINDOW))
    )


def test_credentials_clear_forgets_the_attempts(store: DynamoCredentialStore) -> None:
    for _ in range(5):
        _reserve(store, NOW)

    store.clear_login_attempts(EMAIL)
    store.clear_login_attempts(EMAIL)  # clearing nothing is fine

    assert _reserve(store, NOW).attempts.count == 1


def test_credentials_attempts_and_credential_share_the_email_partition_apart(
    store: DynamoCredentialStore,
) -> None:
    store.add_email_credential(EmailCredential(EMAIL, "user-1", HASH))
    _reserve(store, NOW)

    store.clear_login_attempts(EMAIL)

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
        ("update_item", lambda: _reserve(store, NOW)),
        ("delete_item", lambda: store.clear_login_attempts(EMAIL)),
        ("put_item", lambda: store.spend_refresh_token("jti", NOW)),
        ("put_item", lambda: store.revoke_refresh_family("fam", NOW)),
        ("get_item", lambda: store.is_refresh_family_revoked("fam")),
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
        # No window at all, then another caller starts one just before our put.
        stub.add_client_error("update_item", service_error_code=condition_failed)
        stub.add_client_error("put_item", service_error_code=condition_failed)
        stub.add_response(
            "update_item", {"Attributes": {"attempts": {"N": "2"}, "expires_at": {"N": expires}}}
        )

        reservation = _reserve(store, NOW)

    assert reservation == AttemptReservation(
        True, LoginAttempts(2, NOW + timedelta(seconds=WINDOW))
    )


def test_credentials_a_full_window_is_told_by_the_refused_write_itself() -> None:
    stubbed = boto3.client(
        "dynamodb", region_name=REGION, aws_access_key_id="x", aws_secret_access_key="x"
    )
    store = DynamoCredentialStore("table", stubbed)
    expires = str(int(NOW.timestamp()) + 60)
    with Stubber(stubbed) as stub:
        # ReturnValuesOnConditionCheckFailure=ALL_OLD: the refusal carries the item it saw.
        stub.add_client_error(
            "update_item",
            service_error_code="ConditionalCheckFailedException",
            response_meta={},
            modeled_fields={"Item": {"attempts": {"N": "5"}, "expires_at": {"N": expires}}},
        )

        reservation = _reserve(store, NOW)  # no put, no read: the stub has no more answers

    assert reservation == AttemptReservation(False, LoginAttempts(5, NOW + timedelta(seconds=60)))


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

    service.register(EMAIL, password)
    user_id = tokens.verify_access(service.login(EMAIL, password).access_token).user_id

    profile = repo.get_user(user_id)
    assert profile is not None
    assert profile.credits_left == 3
    service.register(EMAIL, "another horse 7")  # a taken e-mail: nothing changes
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


def test_credentials_a_revoked_family_is_kept_until_its_tokens_have_expired(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    until = NOW + timedelta(days=31)
    assert not store.is_refresh_family_revoked("fam-1")

    store.revoke_refresh_family("fam-1", until)
    store.revoke_refresh_family("fam-1", NOW)  # revoked again: the first record stays

    assert store.is_refresh_family_revoked("fam-1")
    assert not store.is_refresh_family_revoked("fam-2")
    item = _item(client, table, "REFRESH_FAMILY#fam-1", "REVOKED")
    assert item is not None
    ttl_name = TABLE_PROPS["TimeToLiveSpecification"]["AttributeName"]
    assert item[ttl_name] == {"N": str(int(until.timestamp()))}


def test_credentials_service_revokes_a_reused_sessions_family_on_the_table(
    store: DynamoCredentialStore, client: DynamoDBClient, table: str
) -> None:
    tokens = TokenIssuer("integration-test-secret-" + "x" * 16)
    repo = DynamoDocumentRepository(table, client)
    service = AuthService(
        store,
        UserService(repo, signup_credits=3, region="ru"),
        tokens,
        lambda: datetime.now(UTC),
        passwords=PasswordHasher(ScryptParams(n=2**10)),
    )
    service.register(EMAIL, "correct horse 42")
    first = service.login(EMAIL, "correct horse 42")
    second = service.refresh(first.refresh_token)

    with pytest.raises(InvalidTokenError):
        service.refresh(first.refresh_token)
    with pytest.raises(InvalidTokenError):
        service.refresh(second.refresh_token)
    family = tokens.verify_refresh(second.refresh_token).family_id
    assert _item(client, table, f"REFRESH_FAMILY#{family}", "REVOKED") is not None
