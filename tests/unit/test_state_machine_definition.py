"""The ASL matches the error classes: names exist, terminal ones are caught, transient retried."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib import errors

if TYPE_CHECKING:
    from collections.abc import Iterator

ASL_PATH = Path(__file__).parents[2] / "statemachines" / "document_pipeline.asl.json"


@pytest.fixture(scope="module")
def asl() -> dict[str, Any]:
    return json.loads(ASL_PATH.read_text())


def _tasks(asl: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every Task, those inside a Map's iterations too."""
    for name, state in asl["States"].items():
        if state["Type"] == "Task":
            yield name, state
        elif state["Type"] == "Map":
            yield from _tasks(state["ItemProcessor"])


def _work_states(asl: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The top-level Tasks and Maps: the states whose Catch leads to Record Failure."""
    for name, state in asl["States"].items():
        if state["Type"] in ("Task", "Map"):
            yield name, state


def _catching(asl: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    yield from _tasks(asl)
    yield from ((n, s) for n, s in _work_states(asl) if s["Type"] == "Map")


def _names(entries: list[dict[str, Any]]) -> set[str]:
    return {name for entry in entries for name in entry["ErrorEquals"]}


def test_every_error_name_in_the_asl_exists_in_chalicelib_errors(asl: dict[str, Any]) -> None:
    for state_name, state in _catching(asl):
        for name in _names(state.get("Retry", [])) | _names(state.get("Catch", [])):
            if name.startswith(("States.", "Lambda.")):
                continue
            assert errors.error_class_by_name(name) is not None, f"{state_name}: {name}"


def test_every_task_retries_every_retryable_error(asl: dict[str, Any]) -> None:
    for state_name, state in _tasks(asl):
        assert errors.retryable_error_names() <= _names(state["Retry"]), state_name


def test_every_work_task_catches_every_terminal_error_into_record_failure(
    asl: dict[str, Any],
) -> None:
    for state_name, state in _work_states(asl):
        if state_name == "Record Failure":
            continue
        catches = [c for c in state["Catch"] if c["Next"] == "Record Failure"]
        assert errors.terminal_error_names() <= _names(catches), state_name


def test_catches_hold_terminal_errors_only(asl: dict[str, Any]) -> None:
    allowed = errors.terminal_error_names() | {"States.Timeout"}
    for state_name, state in _catching(asl):
        assert _names(state.get("Catch", [])) <= allowed, state_name


def test_retryable_errors_are_never_caught(asl: dict[str, Any]) -> None:
    # A Catch would end the run in Fail and make a redrive useless.
    for state_name, state in _catching(asl):
        caught = _names(state.get("Catch", []))
        assert not caught & errors.retryable_error_names(), state_name
        assert "States.ALL" not in caught, state_name


def test_error_names_follow_the_convention() -> None:
    for name in errors.terminal_error_names() | errors.retryable_error_names():
        assert name.endswith("Error"), name
        cls = errors.error_class_by_name(name)
        assert cls is not None and cls.__doc__, name


def test_a_throttled_step_waits_minutes_for_capacity_not_seconds(asl: dict[str, Any]) -> None:
    # A burst of uploads meets reserved concurrency: Lambda's 429 is waited out (up to ~1 h:
    # 200 model analyses of 30 s on 10 slots take 10 minutes).
    for name, task in _tasks(asl):
        throttled = [
            r for r in task["Retry"] if "Lambda.TooManyRequestsException" in r["ErrorEquals"]
        ]
        assert len(throttled) == 1, name
        wait = sum(
            min(throttled[0]["IntervalSeconds"] * throttled[0]["BackoffRate"] ** n,
                throttled[0].get("MaxDelaySeconds", 10**9))
            for n in range(throttled[0]["MaxAttempts"])
        )  # fmt: skip
        assert wait >= 1800, f"{name} waits only {wait:.0f} s for Lambda capacity"


def test_a_step_waits_an_hour_and_more_for_its_lanes_slot(asl: dict[str, Any]) -> None:
    # A bulk import's runs queue for the batch lane's model slots: 500 analyses of 20 s on
    # 3 slots take about 55 minutes, and a run that stops waiting fails (and is refunded).
    for name, task in _tasks(asl):
        [full] = [r for r in task["Retry"] if "LlmCapacityExhaustedError" in r["ErrorEquals"]]
        assert "OcrCapacityExhaustedError" in full["ErrorEquals"], name
        wait = sum(
            min(full["IntervalSeconds"] * full["BackoffRate"] ** n,
                full.get("MaxDelaySeconds", 10**9))
            for n in range(full["MaxAttempts"])
        )  # fmt: skip
        assert wait >= 5400, f"{name} waits only {wait:.0f} s for a slot"


def test_a_page_s_terminal_error_is_left_to_the_map_whose_catch_records_it(
    asl: dict[str, Any],
) -> None:
    # An iteration's Catch could not reach Record Failure (outside the Map): a page that
    # fails for good must fail its Map, and the Map's Catch records the failure.
    maps = [state for _, state in _work_states(asl) if state["Type"] == "Map"]
    assert maps, "the long-scan OCR Map is gone"
    for state in maps:
        assert 1 <= state["MaxConcurrency"] <= 10  # bounded: Lambda capacity, not the page count
        for name, inner in _tasks(state["ItemProcessor"]):
            assert "Catch" not in inner, name
