"""Partner callbacks: only public https URLs, a verifiable signature, bounded retries."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.errors import InvalidRequestError
from chalicelib.models import Document, DocumentStatus
from chalicelib.services.callbacks import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    RETRY_DELAYS,
    SIGNATURE_HEADER,
    CallbackDelivery,
    CallbackSender,
    check_callback_url,
    sign,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from chalicelib.ports import Deadline

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _public(_host: str) -> list[str]:
    return ["93.184.216.34"]


@pytest.mark.parametrize(
    "url",
    [
        "http://partner.example/hook",  # not https
        "ftp://partner.example/hook",
        "https://user:pw@partner.example/hook",  # credentials in the URL
        "https:///nohost",
    ],
)
def test_check_callback_url_refuses_what_is_not_a_plain_https_url(url: str) -> None:
    with pytest.raises(InvalidRequestError):
        check_callback_url(url, allow_private=False, resolve=_public)


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "10.0.0.7", "169.254.169.254", "192.168.1.5", "::1", "fd00::1"]
)
def test_check_callback_url_refuses_private_loopback_and_metadata_addresses(address: str) -> None:
    with pytest.raises(InvalidRequestError, match="public"):
        check_callback_url(
            "https://hook.example/x", allow_private=False, resolve=lambda _: [address]
        )


def test_check_callback_url_accepts_a_public_https_url_and_the_local_cloud_localhost() -> None:
    assert check_callback_url("https://hook.example/x", allow_private=False, resolve=_public)
    assert check_callback_url("http://127.0.0.1:9000/hook", allow_private=True)


def test_signature_is_an_hmac_of_the_timestamp_and_the_body() -> None:
    body = b'{"status":"done"}'
    expected = hmac.new(b"s3cret", b"1700000000." + body, hashlib.sha256).hexdigest()

    assert sign("s3cret", 1_700_000_000, body) == f"t=1700000000,v1={expected}"


class _Poster:
    def __init__(self, answers: list[int | OSError]) -> None:
        self.answers = answers
        self.calls: list[tuple[str, bytes, dict[str, str]]] = []

    def post(self, url: str, body: bytes, headers: dict[str, str]) -> int:
        self.calls.append((url, body, headers))
        answer = self.answers.pop(0)
        if isinstance(answer, OSError):
            raise answer
        return answer


def _done(**changes: object) -> Document:
    values: dict[str, object] = {
        "document_id": "doc-123456",
        "owner_id": "anna",
        "region": "ru",
        "status": DocumentStatus.DONE,
        "filename": "a.pdf",
        "content_type": "application/pdf",
        "ext": "pdf",
        "declared_size": 10,
        "created_at": NOW,
        "updated_at": NOW,
        "upload_expires_at": NOW + timedelta(minutes=15),
        "route": "deep_analysis",
        "findings_summary": {"high": 1},
        "callback_url": "http://127.0.0.1:9/hook",
        "callback_key_id": "key1",
    }
    values.update(changes)
    return Document.model_validate(values)


def _sender(poster: _Poster, sleeps: list[float], secret: str | None = "s3cret") -> CallbackSender:
    return CallbackSender(
        poster, lambda _key: secret, lambda: NOW, allow_private=True, sleep=sleeps.append
    )


def test_callback_is_retried_with_backoff_then_delivered_signed() -> None:
    poster, sleeps = _Poster([OSError("refused"), 503, 204]), []
    sender = CallbackSender(
        poster,
        lambda _key: "s3cret",
        lambda: NOW,
        allow_private=True,
        sleep=sleeps.append,
        attempts=3,
    )

    assert sender.notify(_done()) == "delivered"

    assert sleeps == [1.0, 2.0]
    _, body, headers = poster.calls[-1]
    assert json.loads(body) == {
        "document_id": "doc-123456",
        "status": "done",
        "route": "deep_analysis",
        "findings": {"high": 1},
    }
    assert headers[SIGNATURE_HEADER] == sign("s3cret", int(NOW.timestamp()), body)
    assert headers[EVENT_HEADER] == "document.done"
    # One id for every try of this outcome: the partner drops a repeat by it.
    assert {call[2][DELIVERY_HEADER] for call in poster.calls} == {"doc-123456-v1-done"}


def test_a_callback_that_does_not_get_through_in_two_tries_is_unreachable() -> None:
    poster = _Poster([500, 500])

    assert _sender(poster, []).notify(_done()) == "unreachable"
    assert len(poster.calls) == 2


def test_no_callback_asked_means_nothing_sent_and_a_lost_secret_means_failed() -> None:
    poster = _Poster([])

    assert _sender(poster, []).notify(_done(callback_url=None)) is None
    assert _sender(poster, [], secret=None).notify(_done()) == "failed"
    assert poster.calls == []


def test_a_failed_document_also_calls_the_partner_back() -> None:
    from chalicelib.models import DocumentError
    from chalicelib.services.failures import FailureRecorder
    from tests.fakes.ports import FakeRepository

    repo = FakeRepository()
    repo.ensure_user("anna", credits=0, region="ru")
    document = _done(status=DocumentStatus.EXTRACTING)
    repo.documents[document.document_id] = document
    finished: list[str] = []
    recorder = FailureRecorder(repo, "all", lambda failed: finished.append(failed.document_id))

    recorder.record(
        document.document_id,
        DocumentError(code="UNREADABLE", message="Broken.", failure_class="user"),
    )

    assert finished == [document.document_id]


# --- later rounds, through the sweeper --------------------------------------------------


class _Records:
    """The document's callback fields and the sweeper's deadlines, in memory."""

    def __init__(self) -> None:
        self.fields: dict[str, Any] = {}
        self.deadlines: list[Deadline] = []

    def update(self, document_id: str, fields: Mapping[str, Any]) -> Document:
        self.fields.update(fields)
        return _done(**self.fields)

    def add_deadline(self, deadline: Deadline) -> None:
        self.deadlines.append(deadline)


def _delivery(
    poster: _Poster, records: _Records, secret: str | None = "s3cret"
) -> CallbackDelivery:
    return CallbackDelivery(_sender(poster, [], secret), records, lambda: NOW)


def test_an_unreachable_partner_is_tried_again_later_with_growing_waits() -> None:
    poster, records = _Poster([500] * 100), _Records()
    delivery = _delivery(poster, records)

    assert delivery.deliver(_done()) == "retrying"
    for attempt in range(2, len(RETRY_DELAYS) + 2):
        assert delivery.retry(_done(**records.fields), attempt) in ("retrying", "failed")

    waits = [d.due_at - NOW for d in records.deadlines]
    assert waits == list(RETRY_DELAYS)
    assert [d.attempt for d in records.deadlines] == list(range(2, len(RETRY_DELAYS) + 2))
    assert {(d.action, d.expected_status) for d in records.deadlines} == {
        ("callback", DocumentStatus.DONE)
    }
    # Every round gave up after two tries; the last one gave up for good.
    assert len(poster.calls) == 2 * (len(RETRY_DELAYS) + 1)
    assert records.fields == {"callback_status": "failed", "callback_attempts": 6}


def test_a_later_round_that_gets_through_is_delivered_and_schedules_nothing() -> None:
    poster, records = _Poster([500, 500, 204]), _Records()
    delivery = _delivery(poster, records)
    delivery.deliver(_done())

    assert delivery.retry(_done(**records.fields), 2) == "delivered"
    assert records.fields == {"callback_status": "delivered", "callback_attempts": 2}
    assert len(records.deadlines) == 1


def test_a_settled_callback_is_not_sent_again_and_a_lost_key_is_not_retried() -> None:
    poster, records = _Poster([]), _Records()

    assert _delivery(poster, records).retry(_done(callback_status="delivered"), 3) == "delivered"
    assert _delivery(poster, records, secret=None).deliver(_done()) == "failed"
    assert poster.calls == [] and records.deadlines == []
