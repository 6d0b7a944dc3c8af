"""Stopping a local cloud's runs survives moto's start-up race."""

from __future__ import annotations

from typing import Any

import pytest

from infra.localcloud import cloud


class _Sfn:
    """Step Functions as moto answers a run stopped the instant it started: its worker's
    state is not set up yet for the first `not_ready` calls."""

    def __init__(self, not_ready: int) -> None:
        self.not_ready = not_ready
        self.calls: list[dict[str, Any]] = []

    def stop_execution(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)
        if len(self.calls) <= self.not_ready:
            raise AttributeError("'NoneType' object has no attribute 'set_stop'")


@pytest.fixture(autouse=True)
def _no_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cloud, "_STOP_RETRY_SECONDS", 0.0)


def test_a_run_not_yet_set_up_in_moto_is_asked_again_until_it_stops() -> None:
    sfn = _Sfn(not_ready=3)

    assert cloud._stop_run(sfn, "arn:run") == 1
    assert len(sfn.calls) == 4
    assert sfn.calls[-1]["executionArn"] == "arn:run"


def test_a_run_that_never_gets_going_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    sfn = _Sfn(not_ready=10_000)

    assert cloud._stop_run(sfn, "arn:run") == 0
    assert len(sfn.calls) == cloud._STOP_TRIES
    assert "never got going" in caplog.text
