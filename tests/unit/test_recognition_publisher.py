"""Publishing envelopes: retried under the same message id, then logged, never raised."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from chalicelib.recognition.publisher import EnvelopePublisher

if TYPE_CHECKING:
    import pytest


class _Bus:
    """A PutEvents that fails a given number of times first (refusals or exceptions)."""

    def __init__(self, failures: list[str]) -> None:
        self.failures = list(failures)
        self.entries: list[dict[str, Any]] = []

    def put_events(self, Entries: list[dict[str, Any]]) -> dict[str, Any]:  # noqa: N803
        self.entries.extend(Entries)
        if self.failures:
            kind = self.failures.pop(0)
            if kind == "raise":
                error = {"Error": {"Code": "ThrottlingException", "Message": "slow down"}}
                raise ClientError(error, "PutEvents")  # type: ignore[arg-type]
            return {"FailedEntryCount": 1, "Entries": [{"ErrorCode": "InternalFailure"}]}
        return {"FailedEntryCount": 0, "Entries": [{"EventId": "e-1"}]}


def _publisher(bus: _Bus, pauses: list[float], retries: int = 3) -> EnvelopePublisher:
    return EnvelopePublisher(
        bus, "bus", "contract-check.recognition", retries=retries, sleep=pauses.append
    )  # type: ignore[arg-type]


def test_a_publish_that_fails_twice_then_succeeds_sends_the_same_message_three_times() -> None:
    bus, pauses = _Bus(["raise", "refuse"]), []
    assert _publisher(bus, pauses).publish("files.tabular_parsed", {"msg_id": "ack:j:1", "a": 1})
    assert len(bus.entries) == 3
    assert len({json.dumps(entry, sort_keys=True) for entry in bus.entries}) == 1
    assert json.loads(bus.entries[0]["Detail"])["msg_id"] == "ack:j:1"
    assert pauses == [0.2, 0.4]


def test_after_one_plus_retries_tries_the_loss_is_logged_and_false_returned(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bus, pauses = _Bus(["raise"] * 10), []
    with caplog.at_level(logging.ERROR):
        assert not _publisher(bus, pauses, retries=3).publish("t", {"msg_id": "result:j:1"})
    assert len(bus.entries) == 4
    assert "result:j:1" in caplog.text
