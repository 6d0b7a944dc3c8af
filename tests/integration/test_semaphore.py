"""The DynamoDB call-slot semaphore on moto, in the documents table as the template defines it."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

import boto3
import pytest
from botocore.stub import Stubber

from chalicelib.adapters.semaphore import DynamoCallSlots, semaphore_pk, slot_sk
from chalicelib.errors import LlmCapacityExhaustedError, StorageUnavailableError
from tests.integration.documents_table import REGION, TABLE_PROPS

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.integration

LEASE_SECONDS = 60


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def table(documents_table: str) -> str:
    return documents_table


@pytest.fixture
def client(table: str) -> DynamoDBClient:
    return boto3.client("dynamodb", region_name=REGION)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def make_slots(
    table: str, client: DynamoDBClient, clock: FakeClock, limit: int = 3, name: str = "openai"
) -> DynamoCallSlots:
    return DynamoCallSlots(table, name, limit, LEASE_SECONDS, clock=clock, client=client)


def test_acquire_takes_every_slot_then_raises_capacity_exhausted(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=3)

    leases = [slots.acquire(f"doc-{i}") for i in range(3)]

    assert sorted(lease.slot for lease in leases) == [0, 1, 2]
    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("doc-4")


def test_release_frees_a_slot_for_the_next_caller(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=2)
    first = slots.acquire("doc-1")
    slots.acquire("doc-2")

    assert slots.release(first) is True

    assert slots.acquire("doc-3").slot == first.slot


def test_a_second_release_of_the_same_lease_frees_nothing(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=1)
    lease = slots.acquire("doc-1")
    slots.release(lease)
    holder = slots.acquire("doc-2")

    assert slots.release(lease) is False
    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("doc-3")
    assert slots.release(holder) is True


def test_an_expired_lease_is_taken_over(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=1)
    crashed = slots.acquire("crashed-lambda")  # never released: its Lambda died mid-call

    clock.advance(LEASE_SECONDS - 1)
    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("too-early")
    clock.advance(2)
    taker = slots.acquire("next-lambda")

    assert taker.slot == crashed.slot
    assert taker.token != crashed.token


def test_a_late_release_by_the_old_owner_does_not_free_the_new_owners_slot(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=1)
    slow = slots.acquire("slow-call")
    clock.advance(LEASE_SECONDS + 1)
    taker = slots.acquire("next-lambda")

    assert slots.release(slow) is False

    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("third")
    assert slots.renew(slow) is None
    assert slots.release(taker) is True


def test_renew_keeps_a_long_call_slot_past_its_first_lease(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=1)
    lease = slots.acquire("long-call")
    clock.advance(LEASE_SECONDS - 5)

    renewed = slots.renew(lease)
    clock.advance(10)  # past the first lease, inside the renewed one

    assert renewed is not None
    assert lease.expires_at is not None
    assert renewed.expires_at == lease.expires_at + timedelta(seconds=LEASE_SECONDS - 5)
    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("other")
    assert slots.release(renewed) is True


def test_an_exception_inside_hold_still_releases(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=1)

    with pytest.raises(RuntimeError, match="model exploded"), slots.hold("doc-1") as lease:
        raise RuntimeError("model exploded")

    item = client.get_item(
        TableName=table, Key={"PK": {"S": semaphore_pk("openai")}, "SK": {"S": slot_sk(0)}}
    )
    assert "Item" not in item
    with slots.hold("doc-2") as again:
        assert again.slot == lease.slot


def test_a_slot_item_has_the_single_table_keys_the_owner_and_the_tables_ttl(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    slots = make_slots(table, client, clock, limit=1, name="ollama")
    ttl_attribute = TABLE_PROPS["TimeToLiveSpecification"]["AttributeName"]

    with slots.hold("doc-1") as lease:
        item = client.get_item(
            TableName=table, Key={"PK": {"S": "SEMAPHORE#ollama"}, "SK": {"S": "SLOT#0"}}
        )["Item"]

    ttl = client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    assert ttl.get("AttributeName") == ttl_attribute
    assert item["owner"] == {"S": "doc-1"}
    assert item["lease_id"] == {"S": lease.token}
    lease_end = int(item["lease_expires_at"]["N"])
    assert lease.expires_at is not None
    assert lease_end == int(lease.expires_at.timestamp())
    assert int(item[ttl_attribute]["N"]) >= lease_end


def test_semaphores_with_different_names_do_not_share_slots(
    table: str, client: DynamoDBClient, clock: FakeClock
) -> None:
    openai = make_slots(table, client, clock, limit=1, name="openai")
    ollama = make_slots(table, client, clock, limit=1, name="ollama")

    openai.acquire("doc-1")

    assert ollama.acquire("doc-2").slot == 0


def test_a_missing_table_is_storage_unavailable(client: DynamoDBClient, clock: FakeClock) -> None:
    slots = make_slots("no-such-table", client, clock)

    with pytest.raises(StorageUnavailableError):
        slots.acquire("doc-1")


@pytest.mark.parametrize(
    "code", ["ProvisionedThroughputExceededException", "ThrottlingException", "InternalServerError"]
)
def test_throttling_on_any_call_is_storage_unavailable(code: str, clock: FakeClock) -> None:
    stubbed = boto3.client(
        "dynamodb", region_name=REGION, aws_access_key_id="x", aws_secret_access_key="x"
    )
    slots = make_slots("table", stubbed, clock, limit=1)
    with Stubber(stubbed) as stub:
        stub.add_response("query", {"Items": []})
        stub.add_response("put_item", {})
        lease = slots.acquire("doc-1")
        for operation in ("query", "update_item", "delete_item"):
            stub.add_client_error(operation, service_error_code=code, http_status_code=400)

        with pytest.raises(StorageUnavailableError):
            slots.acquire("doc-2")
        with pytest.raises(StorageUnavailableError):
            slots.renew(lease)
        with pytest.raises(StorageUnavailableError):
            slots.release(lease)


def test_a_failed_release_on_exit_does_not_hide_the_call_result(clock: FakeClock) -> None:
    stubbed = boto3.client(
        "dynamodb", region_name=REGION, aws_access_key_id="x", aws_secret_access_key="x"
    )
    slots = make_slots("table", stubbed, clock, limit=1)
    with Stubber(stubbed) as stub:
        stub.add_response("query", {"Items": []})
        stub.add_response("put_item", {})
        stub.add_client_error("delete_item", service_error_code="ThrottlingException")

        with slots.hold("doc-1"):
            answer = 42  # the call succeeded; the slot frees itself when the lease ends

    assert answer == 42


# --- the demo: 20 parallel executions share a cap of 3 ------------------------------


class AtomicRequests:
    """A DynamoDB client whose requests run one at a time across every wrapped client.

    Real DynamoDB checks a condition and writes the item atomically; moto 5.2.5 checks
    and then writes in plain Python with no lock, so two threads can both pass
    `attribute_not_exists(PK)` on one slot (seen in 4 of 15 runs without this wrapper:
    two holders on one slot, 4 held at once). Serialising whole requests restores
    that atomicity and nothing more: the adapter's own read-then-write and
    write-then-release races still interleave freely between requests.
    """

    def __init__(self, client: DynamoDBClient, lock: threading.Lock) -> None:
        self._client = client
        self._lock = lock

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._client, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            with self._lock:
                return method(*args, **kwargs)

        return call


@dataclass
class Observed:
    """What the 20 callers saw, counted under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    holding: int = 0
    max_holding: int = 0
    holder_by_slot: dict[int, str] = field(default_factory=dict)
    shared_slots: list[tuple[int, str, str]] = field(default_factory=list)
    attempts: int = 0
    capacity_errors: int = 0
    done: int = 0
    gave_up: list[str] = field(default_factory=list)

    def enter(self, slot: int, owner: str) -> None:
        """A caller starts its model call on `slot`."""
        with self.lock:
            if slot in self.holder_by_slot:
                self.shared_slots.append((slot, self.holder_by_slot[slot], owner))
            self.holder_by_slot[slot] = owner
            self.holding += 1
            self.max_holding = max(self.max_holding, self.holding)

    def leave(self, slot: int) -> None:
        """A caller's model call on `slot` ended (it has not released yet)."""
        with self.lock:
            self.holder_by_slot.pop(slot, None)
            self.holding -= 1


def _one_execution(
    slots: DynamoCallSlots, owner: str, seen: Observed, start: threading.Barrier
) -> None:
    """Retry until one model call (a short sleep) ran under a slot, as an execution would."""
    jitter = random.Random(owner)  # backoff jitter, nothing secret
    start.wait()
    for attempt in range(2000):
        with seen.lock:
            seen.attempts += 1
        try:
            with slots.hold(owner) as lease:
                seen.enter(lease.slot, owner)
                time.sleep(0.01)  # the "model call"
                seen.leave(lease.slot)
        except LlmCapacityExhaustedError:
            with seen.lock:
                seen.capacity_errors += 1
            # The state machine's Retry does this between attempts, with its own backoff.
            time.sleep(min(0.02, 0.001 * (attempt + 1)) * jitter.uniform(0.5, 1.5))
            continue
        with seen.lock:
            seen.done += 1
        return
    with seen.lock:
        seen.gave_up.append(owner)


def test_twenty_parallel_executions_never_hold_more_than_three_slots(
    table: str, client: DynamoDBClient
) -> None:
    # GIVEN 20 "executions", each with its own client and semaphore object (as separate
    # Lambdas would have), sharing one cap of 3 in the table, on the real clock
    cap, executions = 3, 20
    session = boto3.Session(region_name=REGION)
    one_request_at_a_time = threading.Lock()
    runners = [
        DynamoCallSlots(
            table,
            "openai",
            cap,
            LEASE_SECONDS,
            clock=lambda: datetime.now(UTC),
            client=cast(
                "DynamoDBClient",
                AtomicRequests(session.client("dynamodb"), one_request_at_a_time),
            ),
        )
        for _ in range(executions)
    ]
    seen = Observed()
    start = threading.Barrier(executions)
    threads = [
        threading.Thread(target=_one_execution, args=(slots, f"doc-{i}", seen, start))
        for i, slots in enumerate(runners)
    ]

    # WHEN they all try at once, back off on capacity errors and retry
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    # THEN all finished, never more than 3 held a slot at once, and no slot had two holders
    print(
        f"\n{executions} executions, cap {cap}: max concurrently held {seen.max_holding}, "
        f"attempts {seen.attempts}, capacity errors {seen.capacity_errors}, done {seen.done}"
    )
    assert not any(thread.is_alive() for thread in threads)
    assert seen.gave_up == []
    assert seen.done == executions
    assert seen.max_holding <= cap
    assert seen.shared_slots == []
    assert seen.attempts == executions + seen.capacity_errors
    left = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": semaphore_pk("openai")}},
    )["Items"]
    assert left == []  # every slot was released, none left to expire
