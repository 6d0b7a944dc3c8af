"""An in-memory `CredentialStore`, with the same uniqueness and expiry rules as DynamoDB's."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING

from chalicelib.auth.ports import EmailCredential, FailedAttempts

if TYPE_CHECKING:
    from datetime import datetime


class FakeCredentialStore:
    """Keeps credentials, links, failed attempts and spent refresh tokens in dicts."""

    def __init__(self) -> None:
        self.credentials: dict[str, EmailCredential] = {}
        self.telegram_links: dict[int, str] = {}
        self.attempts: dict[str, FailedAttempts] = {}
        self.spent: dict[str, datetime] = {}

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

    def get_failed_attempts(self, email: str, now: datetime) -> FailedAttempts | None:
        attempts = self.attempts.get(email)
        return attempts if attempts is not None and attempts.expires_at > now else None

    def record_failed_attempt(
        self, email: str, now: datetime, window_seconds: int
    ) -> FailedAttempts:
        live = self.get_failed_attempts(email, now)
        count = live.count + 1 if live else 1
        self.attempts[email] = FailedAttempts(count, now + timedelta(seconds=window_seconds))
        return self.attempts[email]

    def spend_refresh_token(self, token_id: str, expires_at: datetime) -> bool:
        if token_id in self.spent:
            return False
        self.spent[token_id] = expires_at
        return True

    def clear_failed_attempts(self, email: str) -> None:
        self.attempts.pop(email, None)
