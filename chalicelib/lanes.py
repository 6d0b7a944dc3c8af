"""Priority lanes: who is waiting for a run decides which capacity it may use.

Four lanes, decided when the document is created and carried on its record and in its
run's input (`lane`):

| lane      | who                                                     |
|-----------|---------------------------------------------------------|
| `high`    | a person waiting: the web page, deals, the Telegram bot |
| `default` | the partner API (`/v1/b2b/...`)                         |
| `batch`   | bulk imports (`POST /v1/batches`)                       |
| `system`  | re-analysis after a change of configuration             |
|           | (`POST /v1/admin/reanalysis`: chalicelib.reruns)        |

Each lane has its own lease semaphore on each expensive step, named with the lane
(`llm-{provider}-{lane}` for model calls, `ocr-{lane}` for the pages a run OCRs), and
its own cap. Separate semaphores, not one shared pool with priorities, because a
DynamoDB semaphore cannot preempt: once a batch holds a slot it keeps it until its call
ends. With its own semaphore the batch can hold at most its own cap, and the `high`
lane's slots are free for a person whatever the batch does: a person's run waits at
most for one of its own lane's calls to end (one slot's wait), never for the batch.

Each lane also has its own time limit on waiting for a slot inside a step
(`LANE_SLOT_WAIT_SECONDS`): a person's step polls for a slot for a few seconds, so it
takes one the moment it frees, while a batch's step gives up at once and leaves the
waiting to the state machine's Retry, which waits for free.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, get_args

from chalicelib.errors import LlmCapacityExhaustedError, OcrCapacityExhaustedError
from chalicelib.llm.slots import hold_slot

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from chalicelib.keys import UploadArea
    from chalicelib.llm.slots import CallSlots, SlotLease
    from chalicelib.settings import Settings

Lane = Literal["high", "default", "batch", "system"]
LANES: tuple[Lane, ...] = get_args(Lane)
# What an upload gets when nobody says otherwise: a person in the web page or the bot.
PERSON_LANE: Lane = "high"
PARTNER_LANE: Lane = "default"
BATCH_LANE: Lane = "batch"
SYSTEM_LANE: Lane = "system"

# The share of the provider's cap each lane gets when LANE_LLM_CALLS does not say.
# `batch` gets what is left, so the lanes together ask the provider for its cap.
_LLM_SHARES: dict[Lane, float] = {"high": 0.25, "default": 0.25, "system": 0.125}


def upload_area(lane: Lane) -> UploadArea:
    """Where a new document of `lane` is uploaded: a bulk import's under its own prefix,
    which the template routes to an Extract function of its own (BatchExtractFunction,
    with its own reserved concurrency), so a batch being uploaded never holds the
    Extract a person's upload is read by; every other lane's under `uploads/`."""
    return "batch" if lane == BATCH_LANE else "uploads"


def llm_semaphore_name(provider: str, lane: Lane) -> str:
    """`llm-{provider}-{lane}`: the lease semaphore of one lane's model calls."""
    return f"llm-{provider}-{lane}"


def ocr_semaphore_name(lane: Lane) -> str:
    """`ocr-{lane}`: the lease semaphore of one lane's per-page OCR."""
    return f"ocr-{lane}"


@dataclass(frozen=True)
class LaneLimits:
    """One lane's caps and its time limit on waiting for a slot."""

    lane: Lane
    llm_calls: int
    ocr_pages: int
    slot_wait_seconds: float


def lane_limits(settings: Settings, lane: Lane) -> LaneLimits:
    """The caps and the wait of `lane` under `settings`."""
    return LaneLimits(
        lane=lane,
        llm_calls=settings.lane_llm_calls.get(lane) or _llm_share(settings.llm_cap, lane),
        ocr_pages=settings.lane_ocr_pages[lane],
        slot_wait_seconds=settings.lane_slot_wait_seconds[lane],
    )


def _llm_share(cap: int, lane: Lane) -> int:
    """`lane`'s part of the provider's cap: at least one slot each, `batch` the rest.

    Below four slots in all every lane still keeps one (so the lanes together may ask a
    provider capped at two for four calls at once; its 429 goes to the fallback model
    and the run's Retry): a person is never left without a slot of their own.
    """
    others = {name: max(1, int(cap * share + 0.5)) for name, share in _LLM_SHARES.items()}
    if lane == "batch":
        return max(1, cap - sum(others.values()))
    return others[lane]


def check_lane_table(
    table: dict[str, float] | dict[str, int], *, complete: bool, minimum: float = 0
) -> None:
    """A settings table by lane names only lanes (when `complete`, all of them), each
    with a value of at least `minimum`."""
    unknown = set(table) - set(LANES)
    if unknown:
        raise ValueError(f"unknown lanes {sorted(unknown)}; the lanes are {list(LANES)}")
    missing = set(LANES) - set(table)
    if complete and missing:
        raise ValueError(f"lanes {sorted(missing)} have no value")
    if any(value < minimum for value in table.values()):
        raise ValueError(f"a lane's value must be at least {minimum}")


class WaitingSlots:
    """Call slots that poll for up to `wait_seconds` before giving up with capacity full.

    For a lane whose steps should take a slot the moment one frees (a person waiting)
    instead of sleeping through the state machine's backoff. With 0 it is the slots
    themselves: one try, then the retryable error.
    """

    def __init__(
        self,
        slots: CallSlots,
        wait_seconds: float,
        *,
        poll_seconds: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._slots = slots
        self._wait = wait_seconds
        self._poll = poll_seconds
        self._clock = clock
        self._sleep = sleep
        self.name = getattr(slots, "name", "slots")
        self.limit: int | None = getattr(slots, "limit", None)

    def acquire(self, owner: str) -> SlotLease:
        """A slot within the wait, or the slots' own capacity error after it."""
        deadline = self._clock() + self._wait
        while True:
            try:
                return self._slots.acquire(owner)
            except (LlmCapacityExhaustedError, OcrCapacityExhaustedError):
                # Only a full semaphore is waited on; a storage error goes to the Retry.
                if self._clock() + self._poll > deadline:
                    raise
            self._sleep(self._poll)

    def release(self, lease: SlotLease) -> bool:
        """Free the slot if it still carries the lease."""
        return self._slots.release(lease)

    def renew(self, lease: SlotLease) -> SlotLease | None:
        """Extend the lease; None when it was lost."""
        return self._slots.renew(lease)

    def hold(self, owner: str) -> AbstractContextManager[SlotLease]:
        """Hold one slot for the `with` block, waiting for it up to the lane's limit."""
        return hold_slot(self, owner)
