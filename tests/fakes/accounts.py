"""In-memory fakes of the account administration ports (`chalicelib.ports.accounts_admin`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from chalicelib.errors import DocumentNotFoundError, RequestError
from chalicelib.ports.accounts_admin import DailyTotals, UserRecord

if TYPE_CHECKING:
    from datetime import date

    from chalicelib.models import UserProfile
    from chalicelib.ports.accounts_admin import BlockChange
    from chalicelib.ports.partners import KeyRecord


class FakeDirectory:
    """Users by id, with e-mail and Telegram links and document counts."""

    def __init__(self) -> None:
        self.records: dict[str, UserRecord] = {}
        self.emails: dict[str, str] = {}
        self.telegram: dict[int, str] = {}
        self.documents: dict[str, int] = {}
        self.history: list[BlockChange] = []

    def add(self, profile: UserProfile, *, email: str | None = None) -> None:
        self.records[profile.user_id] = UserRecord(profile=profile, email=email)
        if email:
            self.emails[email] = profile.user_id

    def user_record(self, user_id: str) -> UserRecord | None:
        return self.records.get(user_id)

    def list_users(
        self, *, region: str | None, role: str | None, limit: int, cursor: str | None
    ) -> tuple[list[UserRecord], str | None]:
        found = [
            r
            for r in self.records.values()
            if (not role or r.profile.role == role)
            and (
                not region or r.profile.region.split("-")[0] == region or r.profile.region == region
            )
        ]
        return found[:limit], None

    def user_for_email(self, email: str) -> str | None:
        return self.emails.get(email)

    def user_for_telegram(self, telegram_id: int) -> str | None:
        return self.telegram.get(telegram_id)

    def count_documents(self, user_id: str) -> int:
        return self.documents.get(user_id, 0)

    def set_blocked(self, change: BlockChange) -> bool:
        record = self.records.get(change.user_id)
        if record is None:
            raise DocumentNotFoundError("No such user.")
        blocking = change.action == "block"
        if record.profile.blocked == blocking:
            return False
        profile = record.profile.model_copy(update={"blocked": blocking})
        self.records[change.user_id] = replace(record, profile=profile)
        self.history.insert(0, change)
        return True

    def block_history(self, user_id: str) -> list[BlockChange]:
        return [c for c in self.history if c.user_id == user_id]


class FakeKeys:
    """An owner's partner keys, and API Gateway's switch of each (a missing key refuses)."""

    def __init__(self, records: list[KeyRecord], gone: frozenset[str] = frozenset()) -> None:
        self.records = records
        self.gone = gone
        self.enabled = {r.key_id: True for r in records}

    def list(self, owner_id: str) -> list[KeyRecord]:
        return [r for r in self.records if r.owner_id == owner_id]

    def disable(self, key_id: str) -> None:
        self._switch(key_id, enabled=False)

    def enable(self, key_id: str) -> None:
        self._switch(key_id, enabled=True)

    def _switch(self, key_id: str, *, enabled: bool) -> None:
        if key_id in self.gone:
            raise RequestError("No such API key or usage plan.")
        self.enabled[key_id] = enabled


class FakeUsage:
    """Usage per day from a dict; missing days are zeros."""

    def __init__(self, days: dict[date, DailyTotals] | None = None) -> None:
        self.days = days or {}

    def daily_totals(self, days: list[date]) -> list[DailyTotals]:
        return [self.days.get(day, DailyTotals(day=day)) for day in days]
