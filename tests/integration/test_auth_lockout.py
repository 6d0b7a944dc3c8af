"""The login lockout under parallel requests, on moto's DynamoDB, and its 429 over HTTP.

Parallel sign-ins are threads here, each a Lambda's request: they share the table and
nothing else. moto checks a write's condition and then writes without a lock between; the
local cloud runs moto's writes one at a time (`serialize_dynamodb_writes`) because DynamoDB
makes each conditional write atomic, and so do these tests.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import boto3
import pytest

from chalicelib.adapters.credentials import DynamoCredentialStore
from chalicelib.adapters.dynamo import DynamoDocumentRepository
from chalicelib.auth.errors import InvalidCredentialsError, TooManyAttemptsError
from chalicelib.auth.passwords import PasswordHasher, ScryptParams
from chalicelib.auth.service import AuthService
from chalicelib.auth.tokens import TokenIssuer
from chalicelib.services.users import UserService
from infra.localcloud import moto_patches
from tests.integration.documents_table import REGION
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

EMAIL = "ann@example.com"
PASSWORD = "correct horse 42"  # not a real secret
WRONG = "wrong horse 42"
LIMIT = 5
WAIT_SECONDS = 30


class GatedHasher(PasswordHasher):
    """Counts password checks and holds each one at a gate until the test opens it, so every
    request is in flight at once, whatever the threads' timing."""

    def __init__(self) -> None:
        super().__init__(ScryptParams(n=2**10))
        self.gate = threading.Event()
        self._lock = threading.Lock()
        self.checks = 0

    def verify(self, password: str, encoded: str) -> bool:
        with self._lock:
            self.checks += 1
        self.gate.wait(WAIT_SECONDS)
        return super().verify(password, encoded)


class Outcomes:
    """What each request answered: 200, 401 or 429."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.by_request: dict[str, str] = {}

    def record(self, request: str, service: AuthService, password: str) -> None:
        try:
            service.login(EMAIL, password)
            answer = "200"
        except InvalidCredentialsError:
            answer = "401"
        except TooManyAttemptsError:
            answer = "429"
        with self._lock:
            self.by_request[request] = answer

    def count(self) -> int:
        with self._lock:
            return len(self.by_request)


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "the requests did not settle"
        time.sleep(0.005)


@pytest.fixture
def atomic_writes(documents_table: str) -> Iterator[str]:
    """The documents table, with moto's conditional writes made atomic as DynamoDB's are."""
    moto_patches.serialize_dynamodb_writes()
    yield documents_table
    moto_patches.restore_dynamodb_writes()


def test_parallel_logins_never_check_more_passwords_than_the_limit(atomic_writes: str) -> None:
    # GIVEN an account on the table, a limit of 5, and password checks held at a gate
    client = boto3.client("dynamodb", region_name=REGION)
    hasher = GatedHasher()
    service = AuthService(
        DynamoCredentialStore(atomic_writes, client),
        UserService(DynamoDocumentRepository(atomic_writes, client), signup_credits=1, region="ru"),
        TokenIssuer("integration-test-secret-" + "x" * 16),
        lambda: datetime.now(UTC),
        passwords=hasher,
        max_attempts=LIMIT,
    )
    hasher.gate.set()
    service.register(EMAIL, PASSWORD)
    hasher.gate.clear()
    hasher.checks = 0
    outcomes = Outcomes()

    # WHEN 14 wrong passwords arrive at once, and the right one while they are all in flight
    wrong = [
        threading.Thread(target=outcomes.record, args=(f"wrong-{n}", service, WRONG))
        for n in range(14)
    ]
    for thread in wrong:
        thread.start()
    _until(lambda: outcomes.count() + hasher.checks == len(wrong))
    right = threading.Thread(target=outcomes.record, args=("right", service, PASSWORD))
    right.start()
    _until(lambda: outcomes.count() + hasher.checks == len(wrong) + 1)
    hasher.gate.set()
    for thread in [*wrong, right]:
        thread.join(WAIT_SECONDS)

    # THEN 5 passwords were checked (all wrong: 401), and everything else, the right
    # password included, was refused before any check
    answers = outcomes.by_request
    assert hasher.checks == LIMIT
    assert answers["right"] == "429"
    assert sorted(answers.values()) == ["401"] * LIMIT + ["429"] * (len(wrong) + 1 - LIMIT)


# --- over HTTP ---------------------------------------------------------------------------


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"AUTH_MAX_LOGIN_ATTEMPTS": "2", "AUTH_LOCKOUT_SECONDS": "600"}


def test_a_locked_out_login_is_429_with_retry_after_in_seconds(local_cloud: LocalCloud) -> None:
    driver = Driver(local_cloud)
    wrong = {"email": "gleb@example.com", "password": WRONG}
    for _ in range(2):
        assert driver.api("POST", "/v1/auth/login", wrong, anonymous=True)[0] == 401

    response = driver.client.http.post(
        "/v1/auth/login",
        headers={"Content-Type": "application/json"},
        body=b'{"email": "gleb@example.com", "password": "correct horse 42"}',
    )

    assert response.status_code == 429
    assert json.loads(response.body)["error"]["code"] == "TOO_MANY_ATTEMPTS"
    # The window's end is stored in whole seconds, rounded up: at most a second over.
    assert 590 <= int(response.headers["Retry-After"]) <= 601
