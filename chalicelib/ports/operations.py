"""Ports of the operators' side: the workflow's runs, and the credits and roles set by hand."""

from __future__ import annotations

from typing import Any, Protocol


class RunControl(Protocol):
    """The workflow's operator side."""

    def failed_runs(self, limit: int) -> list[dict[str, Any]]:
        """Failed runs, newest first, with error and cause."""
        ...

    def redrive(self, arn: str) -> None:
        """Redrive a failed run (the same execution continues)."""
        ...


class UserLedger(Protocol):
    """Credits granted and roles set by hand, each with its audit record."""

    def grant_credits(self, user_id: str, amount: int, *, reason: str, granted_by: str) -> int:
        """Add credits, record why; the new balance."""
        ...

    def set_role(self, user_id: str, role: str, *, reason: str, set_by: str) -> None:
        """Give an existing user a role, record who and why."""
        ...
