"""The services' clock as integration tests move it: no test waits for time to pass."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class ShiftedClock:
    """Now, plus an offset the test moves forward."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)
