"""In-process call slots: `LocalSlots` caps like the shared semaphore, `UnlimitedSlots` never."""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import LlmCapacityExhaustedError, RetryableError, StorageUnavailableError
from chalicelib.llm.slots import LocalSlots, UnlimitedSlots, hold_slot

if TYPE_CHECKING:
    from chalicelib.llm.slots import CallSlots, SlotLease


def test_local_slots_take_every_slot_then_raise_capacity_exhausted() -> None:
    slots = LocalSlots(2)

    leases = [slots.acquire("doc-1"), slots.acquire("doc-1")]

    assert sorted(lease.slot for lease in leases) == [0, 1]
    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("doc-2")


def test_capacity_exhausted_is_retryable_for_the_state_machine() -> None:
    assert issubclass(LlmCapacityExhaustedError, RetryableError)


def test_local_slots_release_frees_a_slot_once() -> None:
    slots = LocalSlots(1)
    lease = slots.acquire("doc-1")

    assert slots.release(lease) is True
    assert slots.release(lease) is False  # a second release must not lift the cap
    assert slots.in_use == 0
    slots.acquire("doc-2")
    with pytest.raises(LlmCapacityExhaustedError):
        slots.acquire("doc-3")


def test_local_slots_hold_releases_when_the_block_raises() -> None:
    slots = LocalSlots(1)

    with pytest.raises(ValueError, match="bad answer"), slots.hold("doc-1"):
        raise ValueError("bad answer")

    assert slots.in_use == 0
    with slots.hold("doc-2") as lease:
        assert lease.owner == "doc-2"
        assert slots.in_use == 1


def test_local_slots_renew_only_a_held_lease() -> None:
    slots = LocalSlots(1)
    lease = slots.acquire("doc-1")

    assert slots.renew(lease) == lease
    slots.release(lease)
    assert slots.renew(lease) is None


def test_local_slots_refuse_a_limit_below_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        LocalSlots(0)


def test_local_slots_never_let_more_than_the_limit_run_across_threads() -> None:
    slots = LocalSlots(3)
    done: list[str] = []
    lock = threading.Lock()

    def call(owner: str) -> None:
        while True:
            try:
                with slots.hold(owner):
                    time.sleep(0.002)
            except LlmCapacityExhaustedError:
                time.sleep(0.001)
                continue
            with lock:
                done.append(owner)
            return

    threads = [threading.Thread(target=call, args=(f"doc-{i}",)) for i in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert len(done) == 12
    assert slots.peak <= 3
    assert slots.in_use == 0


def test_unlimited_slots_never_refuse() -> None:
    slots = UnlimitedSlots()

    leases = [slots.acquire(f"doc-{i}") for i in range(100)]

    assert len({lease.token for lease in leases}) == 100
    assert slots.renew(leases[0]) == leases[0]
    assert slots.release(leases[0]) is True
    with slots.hold("doc") as lease:
        assert lease.expires_at is None


def test_both_implement_the_port() -> None:
    implementations: list[CallSlots] = [LocalSlots(1), UnlimitedSlots()]

    for slots in implementations:
        with slots.hold("doc-1") as lease:
            assert lease.owner == "doc-1"


class _FlakySlots(LocalSlots):
    """Local slots whose release fails like a throttled table, or reports a lost lease."""

    def __init__(self, outcome: str) -> None:
        super().__init__(1)
        self.outcome = outcome

    def release(self, lease: SlotLease) -> bool:
        if self.outcome == "throttled":
            raise StorageUnavailableError
        return False


@pytest.mark.parametrize("outcome", ["throttled", "lost"])
def test_hold_logs_instead_of_failing_a_finished_call_when_release_fails(
    outcome: str, caplog: pytest.LogCaptureFixture
) -> None:
    slots = _FlakySlots(outcome)

    with caplog.at_level(logging.WARNING), hold_slot(slots, "doc-1"):
        result = "answer"

    assert result == "answer"
    assert "slot local#0 of doc-1" in caplog.text


def test_hold_keeps_the_blocks_own_error_when_release_fails_too() -> None:
    slots = _FlakySlots("throttled")

    with pytest.raises(KeyError), slots.hold("doc-1"):
        raise KeyError("from the call")
