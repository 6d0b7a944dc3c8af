"""Is the service able to work: each resource it needs answers, or which one does not."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalicelib import api_views as views

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Health:
    """The answer of a health check: 200 when every probe passed, 503 otherwise."""

    http_status: int
    body: dict[str, Any]


class HealthCheck:
    """Runs each probe (a callable that raises when its resource is unreachable)."""

    def __init__(self, probes: Mapping[str, Callable[[], None]]) -> None:
        self._probes = dict(probes)

    def run(self) -> Health:
        """Every probe's outcome; unavailable if any failed (names only, never a cause's text)."""
        checks: dict[str, str] = {}
        for name, probe in self._probes.items():
            try:
                probe()
            except Exception as exc:  # any failure means "not reachable"
                logger.warning("health: %s unreachable", name, exc_info=True)
                checks[name] = f"unreachable ({type(exc).__name__})"
            else:
                checks[name] = "ok"
        healthy = all(outcome == "ok" for outcome in checks.values())
        body = views.Health(status="ok" if healthy else "unavailable", checks=checks)
        return Health(http_status=200 if healthy else 503, body=body.body())
