"""A cold start forgets every built service: none may outlive `reset_cold_start`."""

from __future__ import annotations

from chalicelib import wiring


def test_every_cached_builder_is_forgotten_by_a_cold_start() -> None:
    cached = {
        name
        for name, value in vars(wiring).items()
        if callable(value) and hasattr(value, "cache_clear") and name != "get_settings"
    }
    listed = {builder.__name__ for builder in wiring._BUILDERS}
    # A builder left out keeps the last cloud's table and bucket in the next one's tests.
    assert cached == listed
