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
    from collections.abc import Sequence

    from chalicelib.ports import CallbackStatus, Deadline

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


# IPv6 forms that carry an IPv4 address, each carrying a private, loopback or metadata one.
CARRIED_PRIVATE_IPV4 = [
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:169.254.169.254",
    "::127.0.0.1",  # IPv4-compatible (deprecated)
    "::10.0.0.7",
    "64:ff9b::7f00:1",  # NAT64, well-known prefix: 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64: 169.254.169.254
    "64:ff9b:1::7f00:1",  # NAT64, local-use prefix
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:a9fe:a9fe::1",  # 6to4 of 169.254.169.254
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1 (XOR-ed)
    "2001:0:7f00:1:8000:63bf:3fff:fdd2",  # Teredo, server 127.0.0.1
    "2607:f8b0:4005:80a::5efe:7f00:1",  # ISATAP interface id carrying 127.0.0.1
    "2607:f8b0:4005:80a:200:5efe:a00:7",  # ISATAP (universal bit) carrying 10.0.0.7
]
# Ranges that are not globally reachable, whatever they carry.
NOT_GLOBAL = [
    "0.0.0.0",
    "100.64.0.1",  # shared address space (carrier-grade NAT)
    "192.0.0.170",
    "192.88.99.1",  # 6to4 relay anycast (deprecated)
    "198.18.0.1",
    "224.0.0.1",  # multicast
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::ffff:0:0",
    "64:ff9b:1::5db8:d822",  # local-use NAT64, even of a public IPv4
    "2002:5db8:d822::1",  # 6to4 is not globally reachable, even of a public IPv4
    "2001:0:5db8:d822::1",  # Teredo, likewise
    "2001:db8::1",
    "3fff::1",  # documentation (RFC 9637)
    "fec0::1",  # site-local (deprecated)
    "fe80::1%eth0",
    "ff0e::1",  # global-scope multicast
    "100::1",
    "5f00::1",  # outside global unicast space
]


@pytest.mark.parametrize("address", CARRIED_PRIVATE_IPV4 + NOT_GLOBAL)
def test_check_callback_url_refuses_ipv6_forms_carrying_a_private_ipv4_and_non_global_ranges(
    address: str,
) -> None:
    with pytest.raises(InvalidRequestError, match="public"):
        check_callback_url(
            "https://hook.example/x", allow_private=False, resolve=lambda _: [address]
        )


@pytest.mark.parametrize(
    "address",
    [
        "93.184.216.34",
        "2606:2800:220:1:248:1893:25c8:1946",
        "::ffff:93.184.216.34",  # mapped: the connection reaches the public IPv4
        "64:ff9b::5db8:d822",  # NAT64 of a public IPv4 (a DNS64 network's answer)
    ],
)
def test_check_callback_url_accepts_public_addresses_and_nat64_of_a_public_ipv4(
    address: str,
) -> None:
    url = "https://hook.example/x"

    assert check_callback_url(url, allow_private=False, resolve=lambda _: [address]) == url


def test_check_callback_url_refuses_a_name_with_one_private_address_among_public_ones() -> None:
    with pytest.raises(InvalidRequestError, match="public"):
        check_callback_url(
            "https://hook.example/x",
            allow_private=False,
            resolve=lambda _: ["93.184.216.34", "64:ff9b::7f00:1"],
        )


@pytest.mark.parametrize("port", ["0", "65536", "99999", "-1", "abc", "+443", "1_0", "443a", "٤٤٣"])
@pytest.mark.parametrize("allow_private", [False, True])
def test_check_callback_url_refuses_ports_outside_1_to_65535(
    port: str, allow_private: bool
) -> None:
    with pytest.raises(InvalidRequestError, match="port"):
        check_callback_url(
            f"https://hook.example:{port}/x", allow_private=allow_private, resolve=_public
        )


@pytest.mark.parametrize("port", ["1", "443", "8443", "65535"])
def test_check_callback_url_accepts_ports_from_1_to_65535(port: str) -> None:
    url = f"https://hook.example:{port}/x"

    assert check_callback_url(url, allow_private=False, resolve=_public) == url


@pytest.mark.parametrize(
    "url",
    [
        "https://пример.рф/hook",
        "https://hook.example./x",
        "https://[2606:2800:220:1:248:1893:25c8:1946]:8443/x",
        "https://93.184.216.34/x",
        "https://HOOK.example:/x?a=b#c",
    ],
)
def test_check_callback_url_accepts_names_addresses_and_an_empty_port(url: str) -> None:
    assert check_callback_url(url, allow_private=False, resolve=_public) == url


@pytest.mark.parametrize(
    "url",
    [
        "https://[::1",
        "https://[::1/hook",
        "https://[not-an-address]/hook",
        "https://a..b/",
        "https://.hook.example/",
        "https://hook..example:8443/x",
        "https://" + "a" * 64 + ".example/",  # a label longer than 63
        "https://" + ".".join(["abcdefghi"] * 26) + "/",  # a name longer than 253
        "https://",
        "https:///hook",
        "https://:443/hook",
        "https://@hook.example/",
        "https://user@hook.example/",
        "https://user:@hook.example/",
        "https://ho st.example/",
        "https://hook.example/a b",
        "https://hook.example/\r\nX-Injected: 1",
        "https://hook.example\t/x",
        "https://xn--/x",  # not valid IDNA
        "https://2130706433/x",  # 127.0.0.1 in disguise
        "https://127.1/x",
        "https://0x7f.1/x",
        "https://127.000.000.001/x",
        "",
        "   ",
    ],
)
@pytest.mark.parametrize("allow_private", [False, True])
def test_check_callback_url_answers_malformed_urls_with_a_request_error(
    url: str, allow_private: bool
) -> None:
    with pytest.raises(InvalidRequestError):
        check_callback_url(url, allow_private=allow_private, resolve=_public)


def test_signature_is_an_hmac_of_the_timestamp_and_the_body() -> None:
    body = b'{"status":"done"}'
    expected = hmac.new(b"s3cret", b"1700000000." + body, hashlib.sha256).hexdigest()

    assert sign("s3cret", 1_700_000_000, body) == f"t=1700000000,v1={expected}"


class _Poster:
    def __init__(self, answers: list[int | OSError]) -> None:
        self.answers = answers
        self.calls: list[tuple[str, bytes, dict[str, str]]] = []
        self.addresses: list[tuple[str, ...]] = []  # where each call was told to connect

    def post(self, url: str, addresses: Sequence[str], body: bytes, headers: dict[str, str]) -> int:
        self.calls.append((url, body, headers))
        self.addresses.append(tuple(addresses))
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


class _RebindingResolver:
    """A name whose owner answers a public address first and 127.0.0.1 from then on."""

    def __init__(self) -> None:
        self.lookups: list[str] = []

    def __call__(self, host: str) -> list[str]:
        self.lookups.append(host)
        return ["93.184.216.34"] if len(self.lookups) == 1 else ["127.0.0.1"]


def test_callback_connects_to_the_address_it_checked_never_to_a_second_lookup() -> None:
    # GIVEN a partner's name that rebinds to loopback after its first answer
    resolver, poster = _RebindingResolver(), _Poster([503, 204])
    sender = CallbackSender(
        poster, lambda _key: "s3cret", lambda: NOW, sleep=lambda _s: None, resolve=resolver
    )

    # WHEN the callback is delivered (the first try answered 503, so a second try follows)
    outcome = sender.notify(_done(callback_url="https://rebind.example:8443/hook"))

    # THEN the first try went to the address that was checked, with one lookup for it,
    # and the second try looked again, found loopback, and called nobody
    assert poster.addresses == [("93.184.216.34",)]
    assert poster.calls[0][0] == "https://rebind.example:8443/hook"
    assert resolver.lookups == ["rebind.example", "rebind.example"]
    assert outcome == "unreachable"


def test_callback_on_the_local_cloud_connects_to_the_resolved_address_too() -> None:
    lookups: list[str] = []

    def resolve(host: str) -> list[str]:
        lookups.append(host)
        return ["127.0.0.1", "::1"]

    poster = _Poster([204])
    sender = CallbackSender(
        poster, lambda _key: "s3cret", lambda: NOW, allow_private=True, resolve=resolve
    )

    assert sender.notify(_done(callback_url="http://localhost:9000/hook")) == "delivered"
    assert poster.addresses == [("127.0.0.1", "::1")] and lookups == ["localhost"]


def test_callback_to_an_ip_literal_looks_nothing_up() -> None:
    def resolve(host: str) -> list[str]:
        raise AssertionError(f"looked up {host}")

    poster = _Poster([204])
    sender = CallbackSender(
        poster, lambda _key: "s3cret", lambda: NOW, allow_private=True, resolve=resolve
    )

    assert sender.notify(_done(callback_url="http://[::1]:9000/hook")) == "delivered"
    assert poster.addresses == [("::1",)]


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

    def record_callback(
        self, document_id: str, *, status: CallbackStatus, attempts: int
    ) -> Document:
        self.fields.update(callback_status=status, callback_attempts=attempts)
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
