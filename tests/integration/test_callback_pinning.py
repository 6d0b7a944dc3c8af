"""Partner callbacks connect to the address that was checked, over real sockets.

The host of a callback URL is looked up once per try; every address is checked; the
connection goes to a checked address and nowhere else, with the URL's host name kept for
the Host header, TLS SNI and the certificate check. A name that answers a public address
to the check and 127.0.0.1 to the connection (DNS rebinding) never reaches 127.0.0.1.
"""

from __future__ import annotations

import datetime as dt
import http.server
import socket
import ssl
import threading
from datetime import UTC, timedelta
from typing import TYPE_CHECKING, Any, ClassVar

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from chalicelib.adapters.webhooks import HttpWebhookPoster
from chalicelib.services.callbacks import CallbackSender
from tests.unit.test_callbacks import NOW
from tests.unit.test_callbacks import _done as done_document

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from chalicelib.models import Document

pytestmark = pytest.mark.integration
PUBLIC = "93.184.216.34"


def _done(callback_url: str) -> Document:
    return done_document(callback_url=callback_url, findings_summary={})


class _Hook(http.server.BaseHTTPRequestHandler):
    """A partner's endpoint: records the Host header of each callback, answers 204."""

    hosts: ClassVar[list[str | None]] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self.hosts.append(self.headers.get("Host"))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        return None


@pytest.fixture
def hook_server() -> Iterator[http.server.ThreadingHTTPServer]:
    """A plain-HTTP endpoint on 127.0.0.1 (nothing on 127.0.0.2)."""
    _Hook.hosts = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def test_a_rebinding_name_is_never_connected_at_its_second_answer(
    monkeypatch: pytest.MonkeyPatch, hook_server: http.server.ThreadingHTTPServer
) -> None:
    # GIVEN a name whose DNS answers a public address once, then 127.0.0.1, where a
    # server listens; and a network where the public address refuses connections
    port = hook_server.server_address[1]
    real_getaddrinfo, real_connect = socket.getaddrinfo, socket.create_connection
    lookups: list[str] = []
    connects: list[Any] = []

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host != "rebind.example":
            return real_getaddrinfo(host, *args, **kwargs)
        lookups.append(host)
        address = PUBLIC if len(lookups) == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    def create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        connects.append(address)
        if address[0] == PUBLIC:
            raise ConnectionRefusedError(111, "refused (the test's network)")
        return real_connect(address, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    sender = CallbackSender(
        HttpWebhookPoster(), lambda _key: "s3cret", lambda: NOW, sleep=lambda _s: None
    )

    # WHEN the callback is delivered, as on AWS (https, public addresses only)
    outcome = sender.notify(_done(f"https://rebind.example:{port}/hook"))

    # THEN the one connection went to the address that was checked, and 127.0.0.1 was never
    # called: the second try looked the name up again and refused what it found
    assert outcome == "unreachable"
    assert connects == [(PUBLIC, port)]
    assert _Hook.hosts == []
    assert lookups == ["rebind.example", "rebind.example"]


def test_on_the_local_cloud_the_callback_goes_to_the_first_answer_with_its_host_name(
    hook_server: http.server.ThreadingHTTPServer,
) -> None:
    # GIVEN a name answering 127.0.0.1 (the partner's server) first and 127.0.0.2 after
    port = hook_server.server_address[1]
    answers = iter([["127.0.0.1"], ["127.0.0.2"]])
    sender = CallbackSender(
        HttpWebhookPoster(),
        lambda _key: "s3cret",
        lambda: NOW,
        allow_private=True,
        resolve=lambda _host: next(answers),
    )

    outcome = sender.notify(_done(f"http://partner.test:{port}/hook"))

    assert outcome == "delivered"
    assert _Hook.hosts == [f"partner.test:{port}"]


# --- https: the pinned address, the host name's SNI and certificate ------------------------


def _certificate_authority() -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "callback test CA")])
    now = dt.datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    return key, cert


def _server_certificate(
    ca_key: ec.EllipticCurvePrivateKey, ca: x509.Certificate, host: str, directory: Path
) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    cert_path, key_path = directory / f"{host}.pem", directory / f"{host}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


class _TlsHook:
    """An https endpoint on 127.0.0.1 with a certificate for `host`; records SNI and Host."""

    def __init__(self, cert: Path, key: Path) -> None:
        self.server_names: list[str | None] = []
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        context.sni_callback = lambda _sock, name, _ctx: self.server_names.append(name)
        _Hook.hosts = []
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hook)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def trusting_client(tmp_path: Path) -> Iterator[tuple[httpx.Client, _TlsHook]]:
    """A client that trusts the test CA, and an https hook with a certificate for
    partner.test only."""
    ca_key, ca = _certificate_authority()
    cert, key = _server_certificate(ca_key, ca, "partner.test", tmp_path)
    hook = _TlsHook(cert, key)
    trust = ssl.create_default_context(cadata=ca.public_bytes(serialization.Encoding.PEM).decode())
    client = httpx.Client(verify=trust, timeout=5.0, follow_redirects=False, trust_env=False)
    yield client, hook
    client.close()
    hook.close()


def test_https_goes_to_the_pinned_address_with_the_host_names_sni_host_and_certificate(
    trusting_client: tuple[httpx.Client, _TlsHook],
) -> None:
    client, hook = trusting_client
    poster = HttpWebhookPoster(client)

    status = poster.post(
        f"https://partner.test:{hook.port}/hook", ["127.0.0.1"], b"{}", {"X-Test": "1"}
    )

    assert status == 204
    assert hook.server_names == ["partner.test"]
    assert _Hook.hosts == [f"partner.test:{hook.port}"]


def test_https_to_an_address_whose_certificate_names_another_host_is_refused(
    trusting_client: tuple[httpx.Client, _TlsHook],
) -> None:
    client, hook = trusting_client
    poster = HttpWebhookPoster(client)

    with pytest.raises(OSError, match=r"other\.test|certificate|hostname"):
        poster.post(f"https://other.test:{hook.port}/hook", ["127.0.0.1"], b"{}", {})

    assert _Hook.hosts == []


def test_the_next_checked_address_is_tried_when_one_refuses_the_connection(
    hook_server: http.server.ThreadingHTTPServer,
) -> None:
    port = hook_server.server_address[1]

    status = HttpWebhookPoster().post(
        f"http://partner.test:{port}/hook", ["127.0.0.2", "127.0.0.1"], b"{}", {}
    )

    assert status == 204 and _Hook.hosts == [f"partner.test:{port}"]
