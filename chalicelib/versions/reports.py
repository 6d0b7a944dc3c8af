"""Reading one version's stored report (its keys carry its number: nothing is copied)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chalicelib.keys import DocumentRef
    from chalicelib.ports import ObjectStore


def read_report_json(store: ObjectStore, ref: DocumentRef) -> dict[str, Any] | None:
    """A version's `report.json`, if it is stored."""
    key = ref.artifact_key("report.json")
    if not store.exists(key):
        return None
    parsed: dict[str, Any] = json.loads(store.get_text(key))
    return parsed
