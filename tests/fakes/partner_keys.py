"""In-memory fakes of the partner keys' ports: API Gateway's keys and the key registry."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from chalicelib.ports import CreatedKey, DailyUsage

if TYPE_CHECKING:
    from datetime import date

    from chalicelib.ports import KeyRecord


class FakeKeyGateway:
    """API Gateway's keys: made, deleted; `fail_next_create` makes the next create fail."""

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}  # key id -> owner
        self.deleted: list[str] = []
        self.fail_next_create: Exception | None = None
        self._made = 0
        self._lock = threading.Lock()

    def create(self, owner_id: str, name: str) -> CreatedKey:
        with self._lock:
            if self.fail_next_create is not None:
                error, self.fail_next_create = self.fail_next_create, None
                raise error
            self._made += 1
            key_id = f"key{self._made}"
            self.keys[key_id] = owner_id
        return CreatedKey(key_id, f"value-of-{key_id}", datetime(2026, 3, 1, tzinfo=UTC))

    def delete(self, key_id: str) -> None:
        with self._lock:
            self.keys.pop(key_id, None)
            self.deleted.append(key_id)

    def usage(self, key_id: str, start: date, end: date) -> list[DailyUsage]:
        return []


class FakeKeyRegistry:
    """Who owns which key, and each owner's count of active keys, under one lock (as
    DynamoDB's conditional writes are atomic)."""

    def __init__(self) -> None:
        self.records: dict[str, KeyRecord] = {}
        self.active: dict[str, int] = {}
        self.fail_next_add: Exception | None = None
        self._lock = threading.Lock()

    def reserve(self, owner_id: str, limit: int) -> bool:
        with self._lock:
            if self.active.get(owner_id, 0) >= limit:
                return False
            self.active[owner_id] = self.active.get(owner_id, 0) + 1
            return True

    def release(self, owner_id: str) -> None:
        with self._lock:
            self.active[owner_id] = max(self.active.get(owner_id, 0) - 1, 0)

    def add(self, record: KeyRecord) -> None:
        with self._lock:
            if self.fail_next_add is not None:
                error, self.fail_next_add = self.fail_next_add, None
                raise error
            self.records[record.key_id] = record

    def get(self, key_id: str) -> KeyRecord | None:
        return self.records.get(key_id)

    def list(self, owner_id: str) -> list[KeyRecord]:
        mine = [r for r in self.records.values() if r.owner_id == owner_id]
        return sorted(mine, key=lambda r: (r.created_at, r.key_id), reverse=True)

    def revoke(self, record: KeyRecord, at: datetime) -> bool:
        with self._lock:
            stored = self.records[record.key_id]
            if not stored.enabled:
                return False
            self.records[record.key_id] = replace(stored, enabled=False, revoked_at=at)
            self.active[record.owner_id] = max(self.active.get(record.owner_id, 0) - 1, 0)
            return True
