"""BATCH_MAX_RUNNING: the batch lane's runs admitted at once; 0 turns admission off."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib import wiring
from chalicelib.settings import Settings

if TYPE_CHECKING:
    from collections.abc import Iterator


@pytest.fixture
def cold_start(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    monkeypatch.setenv("TABLE_NAME", "t")
    monkeypatch.setenv("BUCKET_NAME", "b")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "eu-central-1")
    wiring.reset_cold_start()
    yield monkeypatch
    wiring.reset_cold_start()


def test_batch_runs_are_admitted_four_at_a_time_unless_told() -> None:
    assert Settings(table_name="t", bucket_name="b").batch_max_running == 4


def test_zero_turns_admission_off_and_a_run_end_touches_nothing(
    cold_start: pytest.MonkeyPatch,
) -> None:
    cold_start.setenv("BATCH_MAX_RUNNING", "0")
    assert wiring.run_admission() is None
    wiring.run_ended("doc", 1)  # no table is asked (a unit test has no network)


def test_a_negative_cap_fails_at_cold_start(cold_start: pytest.MonkeyPatch) -> None:
    cold_start.setenv("BATCH_MAX_RUNNING", "-1")
    with pytest.raises(ValueError, match="batch_max_running"):
        wiring.run_admission()
