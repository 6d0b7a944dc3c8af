"""The call-slots port: a cap on concurrent language-model calls, with leases.

A caller takes one slot for each model call and gives it back when the call ends:

    with slots.hold(owner=document_id):
        response = chat.complete(request)

Taking a slot never waits. When every slot is taken, `acquire` (and so `hold`)
raises `LlmCapacityExhaustedError`, a retryable error: inside a Lambda a blocking
wait would burn paid time and could outlive the function's timeout, whereas the
state machine's Retry waits for free and with backoff.

Every slot is a *lease*: it is held until it is released or until its expiry,
whichever comes first. A Lambda that crashes, times out or is frozen mid-call never
releases, so without an expiry its slot would leak forever; with one, the slot frees
itself `lease_seconds` after it was taken. The lease must therefore outlast the
longest call (the model's timeout times its in-Lambda retries); a call that may run
longer extends it with `renew`. Each lease carries a unique token, and release and
renew act only while the slot still carries that token: a holder whose lease expired
and was taken over can neither free nor extend the new holder's slot.

Implementations: `adapters.semaphore.DynamoCallSlots` (shared by every running
execution), and here `UnlimitedSlots` (no cap: the offline rules provider) and
`LocalSlots` (one process, for unit tests of callers).
"""

from __future__ import annotations

import logging
import threading
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from chalicelib.errors import LlmCapacityExhaustedError, StorageUnavailableError

if TYPE_CHECKING:
    from collections.abc import Iterator
    from contextlib import AbstractContextManager
    from datetime import datetime

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SlotLease:
    """One held slot: which one, who holds it, the token that proves it, and until when."""

    name: str
    slot: int
    owner: str
    token: str
    expires_at: datetime | None  # None: in-process slots, which cannot outlive their holder


class CallSlots(Protocol):
    """A cap on concurrent model calls: take a slot or fail at once, give it back after."""

    def acquire(self, owner: str) -> SlotLease:
        """Take a free (or expired) slot for `owner`, or raise `LlmCapacityExhaustedError`."""
        ...

    def release(self, lease: SlotLease) -> bool:
        """Free the slot if the lease still holds it; False when it had expired and was taken."""
        ...

    def renew(self, lease: SlotLease) -> SlotLease | None:
        """Extend a held lease by the lease time from now; None when it was lost meanwhile."""
        ...

    def hold(self, owner: str) -> AbstractContextManager[SlotLease]:
        """Hold one slot for the `with` block; released on exit, on exceptions too."""
        ...


@contextmanager
def hold_slot(slots: CallSlots, owner: str) -> Iterator[SlotLease]:
    """`hold` for any implementation: acquire, run the block, release whatever happens."""
    lease = slots.acquire(owner)
    try:
        yield lease
    finally:
        release_quietly(slots, lease)


def release_quietly(slots: CallSlots, lease: SlotLease) -> None:
    """Release, logging instead of raising: the lease frees the slot anyway when it expires."""
    # Raising here would hide the block's own exception, or fail a call that already
    # succeeded (and the state machine would redo it); a stuck slot costs at most a lease.
    try:
        released = slots.release(lease)
    except StorageUnavailableError:
        logger.warning(
            "could not release slot %s#%d of %s; it frees when its lease expires",
            lease.name,
            lease.slot,
            lease.owner,
        )
        return
    if not released:
        logger.warning(
            "slot %s#%d of %s had expired and was taken over before release: "
            "the call outlived its lease, so the cap was exceeded for a while",
            lease.name,
            lease.slot,
            lease.owner,
        )


def new_lease_token() -> str:
    """A token unique to one acquisition (owners may repeat: chunk calls of one document)."""
    return uuid.uuid4().hex


class UnlimitedSlots:
    """No cap: every acquire succeeds (the offline rules provider, tests that need no cap)."""

    name = "unlimited"

    def acquire(self, owner: str) -> SlotLease:
        """A lease that limits nothing."""
        return SlotLease(self.name, 0, owner, new_lease_token(), None)

    def release(self, lease: SlotLease) -> bool:
        """Nothing to free."""
        return True

    def renew(self, lease: SlotLease) -> SlotLease | None:
        """The same lease: it never expires."""
        return lease

    def hold(self, owner: str) -> AbstractContextManager[SlotLease]:
        """Hold a slot that limits nothing."""
        return hold_slot(self, owner)


class LocalSlots:
    """`limit` slots in one process (a non-blocking bounded semaphore): unit tests of callers."""

    def __init__(self, limit: int, name: str = "local") -> None:
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self.name = name
        self.limit = limit
        self.peak = 0  # the most slots ever held at once: what callers' tests assert on
        self._semaphore = threading.BoundedSemaphore(limit)
        self._lock = threading.Lock()
        self._held: dict[str, int] = {}  # token -> slot: a second release must not free twice
        self._free = list(range(limit))

    @property
    def in_use(self) -> int:
        """How many slots are held now."""
        with self._lock:
            return len(self._held)

    def acquire(self, owner: str) -> SlotLease:
        """Take a slot without waiting, or raise `LlmCapacityExhaustedError`."""
        if not self._semaphore.acquire(blocking=False):
            raise LlmCapacityExhaustedError
        token = new_lease_token()
        with self._lock:
            slot = self._free.pop()
            self._held[token] = slot
            self.peak = max(self.peak, len(self._held))
        return SlotLease(self.name, slot, owner, token, None)

    def release(self, lease: SlotLease) -> bool:
        """Free the lease's slot; False if it was released already."""
        with self._lock:
            slot = self._held.pop(lease.token, None)
            if slot is None:
                return False
            self._free.append(slot)
        self._semaphore.release()
        return True

    def renew(self, lease: SlotLease) -> SlotLease | None:
        """The same lease while it is held (in-process leases do not expire)."""
        with self._lock:
            return lease if lease.token in self._held else None

    def hold(self, owner: str) -> AbstractContextManager[SlotLease]:
        """Hold one slot for the `with` block."""
        return hold_slot(self, owner)
