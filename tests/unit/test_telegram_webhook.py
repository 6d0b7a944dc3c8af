"""The webhook's receiver: Telegram's secret, each update once, a bad update never retried."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chalicelib.errors import StorageUnavailableError
from chalicelib.telegram.webhook import MAX_UPDATE_BYTES, WebhookReceiver

SECRET = "s3cr3t-token_value"
HEADERS = {"X-Telegram-Bot-Api-Secret-Token": SECRET}


class Ledger:
    """Claims in a set; can be told to fail."""

    def __init__(self) -> None:
        self.claimed: set[int] = set()
        self.released: list[int] = []
        self.down = False

    def claim_update(self, update_id: int) -> bool:
        if self.down:
            raise StorageUnavailableError
        if update_id in self.claimed:
            return False
        self.claimed.add(update_id)
        return True

    def release_update(self, update_id: int) -> None:
        self.claimed.discard(update_id)
        self.released.append(update_id)


class Worker:
    """Records hand-offs; can be told to fail."""

    def __init__(self) -> None:
        self.updates: list[dict[str, Any]] = []
        self.fail = False

    def __call__(self, update: dict[str, Any]) -> None:
        if self.fail:
            raise RuntimeError("Lambda said no")
        self.updates.append(update)


@pytest.fixture
def parts() -> tuple[WebhookReceiver, Ledger, Worker]:
    ledger, worker = Ledger(), Worker()
    return WebhookReceiver(SECRET, ledger, worker), ledger, worker


def _update(update_id: int = 7) -> str:
    return json.dumps({"update_id": update_id, "message": {"text": "/start"}})


def test_webhook_hands_an_update_on_once_and_answers_redeliveries_200(parts: Any) -> None:
    receiver, _, worker = parts
    first = receiver.receive(HEADERS, _update())
    again = receiver.receive(HEADERS, _update())
    assert (first.status, first.outcome) == (200, "accepted")
    assert (again.status, again.outcome) == (200, "duplicate")
    assert [u["update_id"] for u in worker.updates] == [7]


@pytest.mark.parametrize(
    "headers",
    [{}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}, {"x-other": SECRET},
     {"X-Telegram-Bot-Api-Secret-Token": SECRET[:-1]}],
)  # fmt: skip
def test_webhook_refuses_a_wrong_or_missing_secret_before_reading_the_body(
    parts: Any, headers: dict[str, str]
) -> None:
    receiver, ledger, worker = parts
    answer = receiver.receive(headers, "not even json")
    assert answer.status == 401
    assert not ledger.claimed and not worker.updates


def test_webhook_header_name_is_case_insensitive(parts: Any) -> None:
    receiver, _, worker = parts
    assert receiver.receive({"x-telegram-bot-api-secret-token": SECRET}, _update()).status == 200
    assert worker.updates


@pytest.mark.parametrize(
    "body",
    ["{", "[]", '{"message": {}}', '{"update_id": "7"}', '{"update_id": true}',
     '{"update_id": -1}', "[" * 100_000, "x" * (MAX_UPDATE_BYTES + 1)],
)  # fmt: skip
def test_webhook_answers_200_to_an_update_it_cannot_use_so_telegram_stops(
    parts: Any, body: str
) -> None:
    receiver, ledger, worker = parts
    answer = receiver.receive(HEADERS, body)
    assert (answer.status, answer.outcome) == (200, "ignored")
    assert not ledger.claimed and not worker.updates


def test_webhook_releases_the_claim_when_the_bot_cannot_be_reached(parts: Any) -> None:
    receiver, ledger, worker = parts
    worker.fail = True
    assert receiver.receive(HEADERS, _update(9)).status == 500
    assert ledger.released == [9]
    worker.fail = False
    assert receiver.receive(HEADERS, _update(9)).outcome == "accepted"  # Telegram's retry


def test_webhook_asks_for_a_retry_when_the_table_is_down(parts: Any) -> None:
    receiver, ledger, worker = parts
    ledger.down = True
    assert receiver.receive(HEADERS, _update()).status == 500
    assert not worker.updates


def test_webhook_needs_a_secret() -> None:
    with pytest.raises(ValueError, match="secret"):
        WebhookReceiver("", Ledger(), Worker())
