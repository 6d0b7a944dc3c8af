"""An in-memory `CredentialStore`, with the same uniqueness and expiry rules as DynamoDB's."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING

from chalicelib.ports import AttemptReservation, EmailCredential, LoginAttempts

if TYPE_CHECKING:
    from datetime import datetime


class FakeCredentialStore:
    """Keeps credentials, links, login attempts, spent refresh tokens and revoked families
    in dicts (one caller at a time: each method is as atomic as the write it stands for)."""

    def __init__(self) -> None:
        self.credentials: dict[str, EmailCredential] = {}
        self.telegram_links: dict[int, str] = {}
        self.attempts: dict[str, LoginAttempts] = {}
        self.spent: dict[str, datetime] = {}
        self.revoked_families: dict[str, datetime] = {}

    def get_email_credential(self, email: str) -> EmailCredential | None:
        return self.credentials.get(email)

    def add_email_credential(self, credential: EmailCredential) -> bool:
        if credential.email in self.credentials:
            return False
        self.credentials[credential.email] = credential
        return True

    def replace_password_hash(self, email: str, password_hash: str) -> None:
        if email in self.credentials:
            self.credentials[email] = replace(self.credentials[email], password_hash=password_hash)

    def get_telegram_link(self, telegram_id: int) -> str | None:
        return self.telegram_links.get(telegram_id)

    def add_telegram_link(self, telegram_id: int, user_id: str) -> str:
        return self.telegram_links.setdefault(telegram_id, user_id)

    def reserve_login_attempt(
        self, email: str, now: datetime, *, limit: int, window_seconds: int
    ) -> AttemptReservation:
        live = self.attempts.get(email)
        if live is not None and live.expires_at <= now:
            live = None
        if live is not None and live.count >= limit:
            return AttemptReservation(granted=False, attempts=live)
        count = live.count + 1 if live else 1
        self.attempts[email] = LoginAttempts(count, now + timedelta(seconds=window_seconds))
        return AttemptReservation(granted=True, attempts=self.attempts[email])

    def spend_refresh_token(self, token_id: str, expires_at: datetime) -> bool:
        if token_id in self.spent:
            return False
        self.spent[token_id] = expires_at
        return True

    def revoke_refresh_family(self, family_id: str, until: datetime) -> None:
        self.revoked_families.setdefault(family_id, until)

    def is_refresh_family_revoked(self, family_id: str) -> bool:
        return family_id in self.revoked_families

    def clear_login_attempts(self, email: str) -> None:
        self.attempts.pop(email, None)
