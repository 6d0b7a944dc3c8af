"""A small per-process cache with a time to live, for permission lookups.

A Lambda process serves one request at a time but lives for many: role definitions and a
user's grants are read from the table at most once per `ttl` seconds each, and this
process forgets an entry as soon as it changes it. Another process may keep an old entry
for up to `ttl` seconds, which is why `ttl` is short (30 s); a grant's expiry never waits
for it, since `Grant.live_at` is asked against the clock at every check.

Keys are named `{app}:{region}:{domain}:{type}:{id}` (`cache_key`), so a log line or a
future shared cache (ElastiCache) reads them as they are.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

T = TypeVar("T")

APP = "contract-check"
# Roles are the same in every region: their entries carry this in the region's place.
GLOBAL = "global"


def cache_key(region: str, domain: str, kind: str, item_id: str, *, app: str = APP) -> str:
    """`{app}:{region}:{domain}:{type}:{id}`, e.g. `contract-check:ru-msk:access:grants:u1`."""
    parts = (app, region, domain, kind, item_id)
    if any(not part or ":" in part for part in parts):
        raise ValueError(f"cache key parts must be non-empty and hold no ':': {parts!r}")
    return ":".join(parts)


class TtlCache(Generic[T]):
    """Values by key, each forgotten `ttl` seconds after it was stored, or when invalidated."""

    def __init__(
        self, ttl: float, *, max_entries: int = 1024, clock: Callable[[], float] | None = None
    ) -> None:
        self._ttl = ttl
        self._max = max_entries
        self._clock = clock or time.monotonic
        self._entries: dict[str, tuple[float, T]] = {}

    def get_or_load(self, key: str, load: Callable[[], T]) -> T:
        """The cached value of `key`, or `load()`'s, stored for `ttl` seconds."""
        now = self._clock()
        entry = self._entries.get(key)
        if entry is not None and entry[0] > now:
            return entry[1]
        value = load()
        if len(self._entries) >= self._max:
            self._evict(now)
        self._entries[key] = (now + self._ttl, value)
        return value

    def invalidate(self, key: str) -> None:
        """Forget `key` (this process changed what it holds)."""
        self._entries.pop(key, None)

    def invalidate_where(self, matches: Callable[[str], bool]) -> None:
        """Forget every key `matches` accepts."""
        for key in [key for key in self._entries if matches(key)]:
            del self._entries[key]

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: str) -> bool:
        entry = self._entries.get(key)
        return entry is not None and entry[0] > self._clock()

    def _evict(self, now: float) -> None:
        """Drop expired entries; if none were, the oldest-stored half (a bounded memory)."""
        expired = [key for key, (until, _) in self._entries.items() if until <= now]
        for key in expired:
            del self._entries[key]
        if not expired:
            for key in list(self._entries)[: max(1, len(self._entries) // 2)]:
                del self._entries[key]
