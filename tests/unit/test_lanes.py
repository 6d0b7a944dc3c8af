"""Lanes: each lane's share of the provider's cap, and the wait for a slot."""

from __future__ import annotations

import pytest

from chalicelib.errors import LlmCapacityExhaustedError, StorageUnavailableError
from chalicelib.lanes import LANES, WaitingSlots, lane_limits
from chalicelib.llm.slots import LocalSlots, SlotLease
from chalicelib.settings import Settings


def _caps(cap: int) -> dict[str, int]:
    settings = Settings(table_name="t", bucket_name="b", llm_max_concurrent_calls=cap)
    return {lane: lane_limits(settings, lane).llm_calls for lane in LANES}


@pytest.mark.parametrize("cap", [4, 8, 10, 16, 32])
def test_the_lanes_share_the_providers_cap_without_exceeding_it(cap: int) -> None:
    caps = _caps(cap)

    assert sum(caps.values()) == cap
    assert caps["batch"] >= caps["high"] >= 1
    assert min(caps.values()) >= 1


def test_below_four_slots_every_lane_still_keeps_one() -> None:
    assert _caps(2) == {"high": 1, "default": 1, "batch": 1, "system": 1}


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_a_waiting_lane_gives_up_after_its_wait() -> None:
    slots, clock = LocalSlots(1), _Clock()
    slots.acquire("holder")
    waiting = WaitingSlots(slots, 2.0, poll_seconds=0.5, clock=clock, sleep=clock.sleep)

    with pytest.raises(LlmCapacityExhaustedError):
        waiting.acquire("waiter")
    assert clock.now == pytest.approx(2.0)


def test_a_lane_without_a_wait_answers_at_once() -> None:
    slots, clock = LocalSlots(1), _Clock()
    slots.acquire("holder")

    with pytest.raises(LlmCapacityExhaustedError):
        WaitingSlots(slots, 0, clock=clock, sleep=clock.sleep).acquire("waiter")
    assert clock.sleeps == []


class _Unreachable(LocalSlots):
    def acquire(self, owner: str) -> SlotLease:
        raise StorageUnavailableError


def test_a_storage_outage_is_not_waited_on_but_left_to_the_retry() -> None:
    clock = _Clock()

    with pytest.raises(StorageUnavailableError):
        WaitingSlots(_Unreachable(1), 10, clock=clock, sleep=clock.sleep).acquire("waiter")
    assert clock.sleeps == []
