"""The fake's threaded HTTP server: it records every request, applies the scenario and answers.

`FakeLlmServer` is what tests hold: start and stop it, queue faults (429, 500, delays,
invalid answers), set flags (stream, hallucinate, a required key) and read back the
requests it got and how many it answered at once. Its handler routes each POST to its
provider, checks the key, takes the first fault that applies and sends the answer.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any, Literal, cast

from infra.localcloud.fake_llm.model import InvalidKind, answer_text
from infra.localcloud.fake_llm.protocols import (
    PATHS,
    Call,
    Provider,
    error_body,
    ollama_answer,
    ollama_lines,
    openai_answer,
    openai_events,
    read_call,
    yandex_answer,
    yandex_lines,
)
from infra.localcloud.local_http import FakeHttpServer, ServedInBackground

if TYPE_CHECKING:
    from collections.abc import Iterable

_FaultKind = Literal["429", "quota", "500", "delay", "not_json", "bad_schema"]


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it."""

    provider: Provider | None
    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class _Fault:
    kind: _FaultKind
    remaining: int
    model: str | None = None
    seconds: float = 0.0

    def applies_to(self, call: Call) -> bool:
        return self.model is None or self.model in call.model_names


class FakeLlmServer(ServedInBackground):
    """The fake, with its scenario controls; thread-safe, usable as a context manager.

    Faults queue in the order they were asked for; each call takes the first one
    that applies to its model (a fault with `model=None` applies to every model).
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, api_key: str | None = None) -> None:
        self.api_key = api_key
        self.stream = False
        self.hallucinate = False
        self.always_invalid: InvalidKind | None = None
        self._lock = threading.Lock()
        self._faults: list[_Fault] = []
        self._requests: list[RecordedRequest] = []
        self._in_flight = 0
        self._max_in_flight = 0
        self._stopping = threading.Event()
        self._server = FakeHttpServer((host, port), _Handler, self)

    # --- lifecycle ----------------------------------------------------------

    @property
    def openai_base_url(self) -> str:
        """Base URL of the OpenAI-compatible API (`{url}/v1`)."""
        return f"{self.url}/v1"

    def _before_stop(self) -> None:
        self._stopping.set()  # delayed answers still waiting are cut short

    # --- scenario controls --------------------------------------------------

    def fail_next_with_429(
        self, times: int = 1, *, model: str | None = None, quota: bool = False
    ) -> None:
        """Answer the next `times` calls (of `model` only, if given) 429; `quota`: a quota body."""
        self._add(_Fault("quota" if quota else "429", times, model))

    def fail_next_with_500(self, times: int = 1, *, model: str | None = None) -> None:
        """Answer the next `times` calls 500 with the provider's server-error body."""
        self._add(_Fault("500", times, model))

    def delay_next(self, times: int = 1, *, seconds: float = 5.0, model: str | None = None) -> None:
        """Hold the next `times` calls `seconds` before answering (longer than a client waits)."""
        self._add(_Fault("delay", times, model, seconds))

    def answer_invalid_next(
        self, times: int = 1, *, kind: InvalidKind = "not_json", model: str | None = None
    ) -> None:
        """Answer the next `times` calls with prose (`not_json`) or JSON that breaks the schema."""
        self._add(_Fault(kind, times, model))

    def reset(self) -> None:
        """Forget queued faults, recorded requests and flags; keep serving."""
        with self._lock:
            self._faults.clear()
            self._requests.clear()
            self._max_in_flight = self._in_flight
        self.stream = False
        self.hallucinate = False
        self.always_invalid = None

    # --- what tests read ----------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first (a copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def max_in_flight(self) -> int:
        """The most requests this fake was answering at the same moment."""
        with self._lock:
            return self._max_in_flight

    @property
    def pending_faults(self) -> int:
        """Calls still to be failed, delayed or answered invalid."""
        with self._lock:
            return sum(fault.remaining for fault in self._faults)

    # --- used by the handler ------------------------------------------------

    def _add(self, fault: _Fault) -> None:
        if fault.remaining > 0:
            with self._lock:
                self._faults.append(fault)

    def _take_fault(self, call: Call) -> _Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.remaining > 0 and fault.applies_to(call):
                    fault.remaining -= 1
                    return fault
        return None

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _enter(self) -> None:
        with self._lock:
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)

    def _leave(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _wait(self, seconds: float) -> None:
        self._stopping.wait(seconds)


class _Handler(BaseHTTPRequestHandler):
    # HTTP/1.1: keep-alive like the real servers, and chunked bodies for streams.
    protocol_version = "HTTP/1.1"
    server_version = "FakeLLM/1.0"

    @property
    def fake(self) -> FakeLlmServer:
        return cast("FakeHttpServer[FakeLlmServer]", self.server).fake

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output quiet."""

    def do_GET(self) -> None:
        """Ollama's liveness answer at `/`; nothing else is served on GET."""
        if self.path == "/":
            self._send(200, b"Ollama is running", "text/plain; charset=utf-8")
        else:
            self._send_json(404, {"error": "404 page not found"})

    def do_POST(self) -> None:
        """Record the request, then answer it as its provider would."""
        self.fake._enter()
        try:
            self._answer_post()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout scenario): nobody is left to answer
        finally:
            self.fake._leave()

    def _answer_post(self) -> None:
        path = self.path.split("?")[0]
        provider = PATHS.get(path)
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body: Any = json.loads(raw or b"null")
        except ValueError:
            body = None
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.fake._record(RecordedRequest(provider, "POST", path, headers, body))
        if provider is None:
            self._send_json(404, {"error": "404 page not found"})
            return
        if not self._authorized(provider, headers.get("authorization", "")):
            self._send_json(401, error_body(provider, 401, ""))
            return
        if not isinstance(body, dict):
            self._send_json(400, error_body(provider, 400, "the request body is not JSON"))
            return
        call = read_call(provider, body, force_stream=self.fake.stream)
        fault = self.fake._take_fault(call)
        if fault is not None and fault.kind in ("429", "quota", "500"):
            status = 500 if fault.kind == "500" else 429
            self._send_json(status, error_body(provider, status, call.model, fault.kind == "quota"))
            return
        if fault is not None and fault.kind == "delay":
            self.fake._wait(fault.seconds)
        invalid = fault.kind if fault is not None and fault.kind != "delay" else None
        text = answer_text(
            call,
            cast("InvalidKind | None", invalid or self.fake.always_invalid),
            hallucinate=self.fake.hallucinate,
        )
        self._send_answer(call, text)

    def _authorized(self, provider: Provider, authorization: str) -> bool:
        key = self.fake.api_key
        if not key:
            return True
        accepted = {f"Bearer {key}"}
        if provider == "yandexgpt":
            accepted.add(f"Api-Key {key}")
        return authorization in accepted

    def _send_answer(self, call: Call, text: str) -> None:
        usage = (max(1, call.prompt_chars // 4), max(1, len(text) // 4))
        if call.provider == "ollama":
            if call.stream:
                self._send_stream(ollama_lines(call, text, usage), "application/x-ndjson")
            else:
                self._send_json(200, ollama_answer(call, text, usage))
        elif call.provider == "openai":
            if call.stream:
                self._send_stream(openai_events(call, text, usage), "text/event-stream")
            else:
                self._send_json(200, openai_answer(call, text, usage))
        elif call.stream:
            self._send_stream(yandex_lines(text, usage), "application/json")
        else:
            self._send_json(200, yandex_answer(text, usage, final=True))

    def _send_json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode()
        self._send(status, data, "application/json; charset=utf-8")

    def _send(self, status: int, data: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_stream(self, pieces: Iterable[bytes], content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for piece in pieces:
            self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
