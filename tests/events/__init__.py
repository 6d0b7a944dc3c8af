"""Lambda events as JSON files, loaded by `load_event`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

EVENTS_DIR = Path(__file__).parent


def load_event(name: str) -> dict[str, Any]:
    """The event stored as `tests/events/{name}.json`."""
    event: dict[str, Any] = json.loads((EVENTS_DIR / f"{name}.json").read_text())
    return event
