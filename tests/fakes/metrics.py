"""A fake of the Metrics port: every count kept, for tests to add up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping


@dataclass(frozen=True)
class Counted:
    """One call of `Metrics.count`."""

    name: str
    value: float
    unit: str
    dimensions: dict[str, str]
    breakdown: dict[str, str] = field(default_factory=dict)


class FakeMetrics:
    """Records every count, in order."""

    def __init__(self) -> None:
        self.counts: list[Counted] = []

    def count(
        self,
        name: str,
        value: float = 1,
        *,
        unit: str = "Count",
        breakdown: Mapping[str, str] | None = None,
        **dimensions: str,
    ) -> None:
        self.counts.append(Counted(name, value, unit, dict(dimensions), dict(breakdown or {})))

    def total(self, name: str, **dimensions: str) -> float:
        """The sum of `name` over the counts whose dimensions and breakdown include these."""
        return sum(
            c.value
            for c in self.counts
            if c.name == name
            and all({**c.dimensions, **c.breakdown}.get(k) == v for k, v in dimensions.items())
        )

    def statuses(self) -> list[str]:
        """Every status counted as a change, in order."""
        return [c.dimensions["Status"] for c in self.counts if c.name == "DocumentStatusChanged"]
