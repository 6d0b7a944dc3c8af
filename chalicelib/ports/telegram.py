"""Ports of the Telegram bot."""

from __future__ import annotations

from typing import Protocol


class UpdateLedger(Protocol):
    """Remembers which updates were taken."""

    def claim_update(self, update_id: int) -> bool:
        """True the first time; False for a redelivery."""
        ...

    def release_update(self, update_id: int) -> None:
        """Forget a claim, so the update is taken when Telegram sends it again."""
        ...
