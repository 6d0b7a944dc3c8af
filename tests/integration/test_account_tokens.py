"""Mailed one-time tokens, service tokens and usage counters on a moto table as the
template makes it: one use, expiry, revocation, and counts that a repeat does not double."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import boto3
import pytest

from chalicelib.adapters.credentials import DynamoCredentialStore
from chalicelib.adapters.dynamo import DynamoUsers
from chalicelib.adapters.dynamo.accounts import DynamoAccounts
from chalicelib.adapters.dynamo.usage import DynamoUsage, count_outcome
from chalicelib.adapters.one_time_tokens import DynamoOneTimeTokens
from chalicelib.adapters.service_tokens import DynamoServiceTokens
from chalicelib.auth.email_flows import AccountMail
from chalicelib.auth.errors import InvalidOneTimeTokenError
from chalicelib.auth.passwords import PasswordHasher, ScryptParams
from chalicelib.auth.service_tokens import ServiceTokens
from chalicelib.ports import EmailCredential
from chalicelib.ports.accounts_admin import OneTimeGrant
from chalicelib.services.users import UserService
from infra.backfill_user_listing import main as backfill_main
from tests.integration.documents_table import REGION

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.integration

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
# The cheapest parameters the hasher accepts: these tests are about tokens, not hashing.
FAST = PasswordHasher(ScryptParams(n=2**10))


class Clock:
    """A clock the test moves."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Outbox:
    """Mail that would have gone through SES."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str]] = []

    def send(self, to: str, subject: str, text: str) -> None:
        self.sent.append((to, subject, text))

    def last_token(self) -> str:
        return self.sent[-1][2].split("with this token: ")[1].split()[0]


@pytest.fixture
def client(documents_table: str) -> DynamoDBClient:
    return boto3.client("dynamodb", region_name=REGION)


def test_a_one_time_token_works_once_and_not_after_it_expires(
    documents_table: str, client: DynamoDBClient
) -> None:
    tokens = DynamoOneTimeTokens(documents_table, client)
    grant = OneTimeGrant(purpose="password_reset", user_id="u1", email="a@example.com")
    tokens.add("h1", grant, expires_at=T0 + timedelta(hours=1))
    tokens.add("h2", grant, expires_at=T0 + timedelta(hours=1))

    assert tokens.consume("h1", "verify_email", T0) is None  # another purpose's token
    assert tokens.consume("h1", "password_reset", T0) == grant
    assert tokens.consume("h1", "password_reset", T0) is None  # spent
    # Expired, though TTL has not removed it yet: refused, and left for TTL.
    assert tokens.consume("h2", "password_reset", T0 + timedelta(hours=2)) is None
    assert client.get_item(
        TableName=documents_table, Key={"PK": {"S": "ONE_TIME#h2"}, "SK": {"S": "TOKEN"}}
    ).get("Item")
    # Only the hash is kept: nothing in the item is the token.
    assert tokens.consume("unknown", "password_reset", T0) is None


def test_a_reset_token_expires_with_its_ttl_and_sets_the_password_once(
    documents_table: str, client: DynamoDBClient
) -> None:
    # GIVEN an account, and reset mails through a fake outbox on a clock the test moves
    clock = Clock(T0)
    credentials = DynamoCredentialStore(documents_table, client)
    users = UserService(DynamoUsers(documents_table, client), signup_credits=3, region="ru")
    credentials.add_email_credential(
        EmailCredential("k@example.com", "k1", FAST.hash("old pass 1"))
    )
    outbox = Outbox()
    mail = AccountMail(
        credentials,
        users,
        DynamoAccounts(documents_table, client),
        DynamoOneTimeTokens(documents_table, client),
        outbox,
        clock=clock,
        passwords=FAST,
        reset_ttl_seconds=3600,
    )

    # WHEN a token is asked for and used after its hour is up, THEN it is refused
    mail.request_password_reset("K@example.com")
    late = outbox.last_token()
    clock.now = T0 + timedelta(seconds=3601)
    with pytest.raises(InvalidOneTimeTokenError):
        mail.confirm_password_reset(late, "new horse 42")

    # WHEN a fresh one is used in time, THEN the password changes, and only once
    mail.request_password_reset("k@example.com")
    fresh = outbox.last_token()
    mail.confirm_password_reset(fresh, "new horse 42")
    stored = credentials.get_email_credential("k@example.com")
    assert stored is not None and FAST.verify("new horse 42", stored.password_hash)
    with pytest.raises(InvalidOneTimeTokenError):
        mail.confirm_password_reset(fresh, "another horse 7")
    assert [to for to, _, _ in outbox.sent] == ["k@example.com", "k@example.com"]


def test_service_tokens_are_kept_hashed_and_refused_once_revoked(
    documents_table: str, client: DynamoDBClient
) -> None:
    tokens = ServiceTokens(DynamoServiceTokens(documents_table, client), Clock(T0))
    created = tokens.create("bot", "telegram", created_by="admin")
    value = created["service_token"]

    items = client.scan(TableName=documents_table)["Items"]
    assert value.split("_", 2)[2] not in str(items)  # the secret is nowhere in the table

    assert tokens.authenticate(value) == "telegram"
    tokens.revoke(created["token_id"], revoked_by="admin")
    with pytest.raises(Exception, match="not valid"):
        tokens.authenticate(value)
    [listed] = tokens.list()
    assert listed["uses"] == 1 and listed["revoked"] is True


def test_an_outcome_is_counted_once_however_often_it_is_written(
    documents_table: str, client: DynamoDBClient
) -> None:
    assert count_outcome(client, documents_table, "doc-1", "failed", T0) is True
    assert count_outcome(client, documents_table, "doc-1", "failed", T0) is False
    assert count_outcome(client, documents_table, "doc-1", "done", T0) is True

    [day] = DynamoUsage(documents_table, client).daily_totals([T0.date()])
    assert (day.documents_failed, day.documents_done, day.documents_created) == (1, 1, 0)


def test_unasked_for_mails_to_one_address_are_limited_per_window(
    documents_table: str, client: DynamoDBClient
) -> None:
    tokens = DynamoOneTimeTokens(documents_table, client)

    def reserve(at: datetime, email: str = "m@example.com") -> bool:
        return tokens.reserve_mail(email, at, limit=3, window_seconds=3600)

    assert [reserve(T0 + timedelta(minutes=i)) for i in range(4)] == [True, True, True, False]
    assert reserve(T0, "other@example.com") is True  # each address its own window
    # The window is an hour from its first mail: after that, mail goes again.
    assert reserve(T0 + timedelta(minutes=59)) is False
    assert reserve(T0 + timedelta(minutes=61)) is True


def test_reset_requests_past_the_limit_send_nothing_and_still_say_nothing(
    documents_table: str, client: DynamoDBClient
) -> None:
    clock = Clock(T0)
    credentials = DynamoCredentialStore(documents_table, client)
    credentials.add_email_credential(EmailCredential("n@example.com", "n1", FAST.hash("pass 1x")))
    outbox = Outbox()
    mail = AccountMail(
        credentials,
        UserService(DynamoUsers(documents_table, client), signup_credits=3, region="ru"),
        DynamoAccounts(documents_table, client),
        DynamoOneTimeTokens(documents_table, client),
        outbox,
        clock=clock,
        passwords=FAST,
    )

    for _ in range(5):
        mail.request_password_reset("n@example.com")  # returns, never raises

    assert len(outbox.sent) == 3


def test_profiles_older_than_the_list_are_indexed_once_and_listed_last(
    documents_table: str, client: DynamoDBClient
) -> None:
    # GIVEN a profile made before the list (no GSI1 keys) and one made since
    client.put_item(
        TableName=documents_table,
        Item={
            "PK": {"S": "USER#legacy"},
            "SK": {"S": "PROFILE"},
            "user_id": {"S": "legacy"},
            "credits_left": {"N": "2"},
        },
    )
    UserService(DynamoUsers(documents_table, client), signup_credits=3, region="ru").profile("new")
    accounts = DynamoAccounts(documents_table, client)
    before = accounts.list_users(region=None, role=None, limit=10, cursor=None)[0]

    assert backfill_main(["--table", documents_table]) == 0
    assert accounts.index_unlisted_users() == 0  # once only

    after = accounts.list_users(region=None, role=None, limit=10, cursor=None)[0]
    assert [r.profile.user_id for r in before] == ["new"]
    assert [r.profile.user_id for r in after] == ["new", "legacy"]
