"""A local fake of three language-model HTTP APIs: Ollama, OpenAI-compatible and YandexGPT.

One threaded stdlib server answers all three on 127.0.0.1:

- `POST /api/chat`                        Ollama (JSON, or NDJSON when streaming)
- `POST /v1/chat/completions`             OpenAI-compatible (JSON, or SSE when streaming)
- `POST /foundationModels/v1/completion`  YandexGPT (`{"result": ...}`)

Its "model" is the offline rule engine: it reads the document between
`DOCUMENT_START` and `DOCUMENT_END` in the last user message holding them and answers the
schema the request names (findings, or prescreen's facts) in the provider's real
response shape, token counts included. Tests steer it through `FakeLlmServer`
(failures, delays, invalid answers, streaming, a required key) and read back
every request it got. From a shell: `python -m infra.localcloud.fake_llm --port 11434`.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any, Literal, cast

from pydantic import ValidationError

from chalicelib.analysis.checklist import CHECKLIST_IDS
from chalicelib.analysis.llm.schema import (
    DOCUMENT_END,
    DOCUMENT_START,
    FACTS_SCHEMA,
    FINDINGS_SCHEMA,
    FactsAnswer,
    ModelFinding,
)
from chalicelib.analysis.rules import RulesProvider
from chalicelib.prescreen import RoutingPolicy, prescreen_document

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from types import TracebackType

    from chalicelib.models import PrescreenResult

Provider = Literal["ollama", "openai", "yandexgpt"]
InvalidKind = Literal["not_json", "bad_schema"]
_FaultKind = Literal["429", "quota", "500", "delay", "not_json", "bad_schema"]

# A quote no document contains: what a hallucinating model would cite.
HALLUCINATED_QUOTE = (
    "Покупатель обязуется уплатить Поставщику скрытую комиссию в размере 15% от цены договора."
)
NOT_JSON_ANSWER = "Конечно! Я изучил договор: в нём есть неустойка и право одностороннего отказа."
YANDEX_MODEL_VERSION = "23.10.2024"
_PATHS: dict[str, Provider] = {
    "/api/chat": "ollama",
    "/v1/chat/completions": "openai",
    "/chat/completions": "openai",
    "/foundationModels/v1/completion": "yandexgpt",
}
_STREAM_PIECES = 4


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

    def applies_to(self, call: _Call) -> bool:
        return self.model is None or self.model in call.model_names


@dataclass(frozen=True)
class _Call:
    """What a request asks, whatever its protocol."""

    provider: Provider
    model: str
    model_names: frozenset[str]
    schema_title: str | None
    prompt: str
    prompt_chars: int
    stream: bool
    include_usage: bool


class FakeLlmServer:
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
        self._server = _Server((host, port), _Handler, self)
        self._thread: threading.Thread | None = None

    # --- lifecycle ----------------------------------------------------------

    @property
    def url(self) -> str:
        """Base URL: the Ollama host and the YandexGPT base URL."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def openai_base_url(self) -> str:
        """Base URL of the OpenAI-compatible API (`{url}/v1`)."""
        return f"{self.url}/v1"

    def start(self) -> FakeLlmServer:
        """Serve in a background thread."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; delayed answers still waiting are cut short."""
        self._stopping.set()
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._server.server_close()

    def __enter__(self) -> FakeLlmServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

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

    def _take_fault(self, call: _Call) -> _Fault | None:
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


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self, address: tuple[str, int], handler: type[_Handler], fake: FakeLlmServer
    ) -> None:
        super().__init__(address, handler)
        self.fake = fake


class _Handler(BaseHTTPRequestHandler):
    # HTTP/1.1: keep-alive like the real servers, and chunked bodies for streams.
    protocol_version = "HTTP/1.1"
    server_version = "FakeLLM/1.0"

    @property
    def fake(self) -> FakeLlmServer:
        return cast("_Server", self.server).fake

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
        provider = _PATHS.get(path)
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

    def _send_answer(self, call: _Call, text: str) -> None:
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


# --- reading a request ---------------------------------------------------------


def read_call(provider: Provider, body: dict[str, Any], *, force_stream: bool = False) -> _Call:
    """What a request of `provider` asks: model, schema, prompt and whether to stream."""
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    text_key = "text" if provider == "yandexgpt" else "content"
    texts = [str(m.get(text_key) or "") for m in messages]
    users = [str(m.get(text_key) or "") for m in messages if m.get("role") == "user"]
    model = str(body.get("model") or "")
    names = {model}
    schema: Any = None
    stream = force_stream
    include_usage = force_stream
    if provider == "ollama":
        schema = body.get("format")
        stream = stream or body.get("stream", True) is not False  # Ollama streams by default
    elif provider == "openai":
        format_ = _dict(body.get("response_format"))
        json_schema = _dict(format_.get("json_schema"))
        schema = json_schema.get("schema") or {"title": json_schema.get("name")}
        stream = stream or body.get("stream") is True
        include_usage = include_usage or bool(
            _dict(body.get("stream_options")).get("include_usage")
        )
    else:
        uri = str(body.get("modelUri") or "")
        model = uri.removeprefix("gpt://").partition("/")[2] or uri
        names = {uri, model, model.split("/")[0]}
        schema = _dict(body.get("jsonSchema")).get("schema")
        stream = stream or _dict(body.get("completionOptions")).get("stream") is True
    title = schema.get("title") if isinstance(schema, dict) else None
    return _Call(
        provider=provider,
        model=model,
        model_names=frozenset(names),
        schema_title=title if isinstance(title, str) else None,
        # A repair request ends with the instructions; the document is in an earlier message.
        prompt=next(
            (u for u in reversed(users) if DOCUMENT_START in u), users[-1] if users else ""
        ),
        prompt_chars=sum(len(text) for text in texts),
        stream=bool(stream),
        include_usage=bool(include_usage),
    )


def document_of(prompt: str) -> str:
    """The text between the last `DOCUMENT_START` and `DOCUMENT_END`; the prompt if none."""
    end = prompt.rfind(DOCUMENT_END)
    start = prompt.rfind(DOCUMENT_START, 0, end) if end >= 0 else -1
    if start < 0:
        return prompt
    return prompt[start + len(DOCUMENT_START) : end].strip("\n")


# --- the "model" -------------------------------------------------------------------


def answer_text(call: _Call, invalid: InvalidKind | None, *, hallucinate: bool = False) -> str:
    """The answer's text: the rule engine's reading in the schema asked for, or a broken one."""
    if invalid == "not_json":
        return NOT_JSON_ANSWER
    if invalid == "bad_schema":
        return json.dumps(_schema_breaking(call.schema_title), ensure_ascii=False)
    document = document_of(call.prompt)
    if call.schema_title == FINDINGS_SCHEMA:
        return json.dumps(findings_answer(document, hallucinate=hallucinate), ensure_ascii=False)
    if call.schema_title == FACTS_SCHEMA:
        return json.dumps(facts_answer(document), ensure_ascii=False)
    return json.dumps({"answer": document[:200]}, ensure_ascii=False)


def findings_answer(document: str, *, hallucinate: bool = False) -> dict[str, Any]:
    """`{"findings": [...]}` as `FindingsAnswer` takes it, from `RulesProvider`."""
    result = RulesProvider().analyze(document, _prescreen(document))
    findings: list[dict[str, Any]] = []
    for finding in result.findings:
        candidate = {
            "checklist_item": finding.checklist_item,
            "title": finding.title[:200],
            "severity": finding.severity,
            "quote": finding.quote[:1200],  # a cut quote is still verbatim
            "explanation": finding.explanation[:2000],
            "recommendation": finding.recommendation[:2000],
        }
        try:
            ModelFinding.model_validate(candidate)
        except ValidationError:
            continue  # a real model would not give what its schema forbids
        findings.append(candidate)
    findings = findings[: 39 if hallucinate else 40]
    if hallucinate:
        findings.append(
            {
                "checklist_item": CHECKLIST_IDS[0],
                "title": "Скрытая комиссия покупателя",
                "severity": "high",
                "quote": HALLUCINATED_QUOTE,
                "explanation": "Договор возлагает на покупателя скрытую комиссию.",
                "recommendation": "Исключить комиссию из договора.",
            }
        )
    return {"findings": findings}


def facts_answer(document: str) -> dict[str, Any]:
    """Prescreen's facts in the `FactsAnswer` shape; a value its schema forbids becomes null."""
    facts = _prescreen(document)
    money = facts.amount
    data: dict[str, Any] = {
        "contract_type": facts.contract_type[:60] if facts.contract_type else None,
        "title": facts.title[:300] if facts.title else None,
        "parties": [
            {"name": p.name[:300], "role": p.role[:100] if p.role else None, "inn": p.inn}
            for p in facts.parties[:6]
        ],
        "amount": f"{money.amount:.2f}" if money is not None and money.amount >= 0 else None,
        "currency": money.currency if money is not None else None,
        "signed_on": _iso(facts.signed_on),
        "starts_on": _iso(facts.starts_on),
        "ends_on": _iso(facts.ends_on),
        "governing_law": facts.governing_law,
    }
    try:
        FactsAnswer.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            field = str(error["loc"][0])
            data[field] = [] if field == "parties" else None
    return data


def _schema_breaking(title: str | None) -> dict[str, Any]:
    if title == FINDINGS_SCHEMA:
        return {"findings": [{"checklist_item": "no_such_item", "severity": "critical"}]}
    if title == FACTS_SCHEMA:
        return {"parties": "two", "amount": "2 500 000 руб.", "currency": "рубли"}
    return {"unexpected": True}


def _prescreen(document: str) -> PrescreenResult:
    return prescreen_document(document, pipeline="contract", policy=RoutingPolicy())


# --- answering in each provider's shape ---------------------------------------------


def ollama_answer(call: _Call, text: str, usage: tuple[int, int]) -> dict[str, Any]:
    """A non-streamed /api/chat answer."""
    return {
        "model": call.model,
        "created_at": _now(),
        "message": {"role": "assistant", "content": text},
        "done_reason": "stop",
        "done": True,
        **_ollama_stats(usage),
    }


def ollama_lines(call: _Call, text: str, usage: tuple[int, int]) -> list[bytes]:
    """A streamed /api/chat answer: NDJSON pieces, then a final `done: true` line with stats."""
    lines = [
        {
            "model": call.model,
            "created_at": _now(),
            "message": {"role": "assistant", "content": piece},
            "done": False,
        }
        for piece in _pieces(text)
    ]
    lines.append(
        {
            "model": call.model,
            "created_at": _now(),
            "message": {"role": "assistant", "content": ""},
            "done_reason": "stop",
            "done": True,
            **_ollama_stats(usage),
        }
    )
    return [json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in lines]


def openai_answer(call: _Call, text: str, usage: tuple[int, int]) -> dict[str, Any]:
    """A `chat.completion` object."""
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": call.model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
        "usage": _openai_usage(usage),
        "system_fingerprint": "fp_fake",
    }


def openai_events(call: _Call, text: str, usage: tuple[int, int]) -> list[bytes]:
    """`chat.completion.chunk` SSE events, an optional usage chunk, then `data: [DONE]`."""
    base = {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": call.model,
        "system_fingerprint": "fp_fake",
    }
    deltas: list[tuple[dict[str, Any], str | None]] = [({"role": "assistant", "content": ""}, None)]
    deltas += [({"content": piece}, None) for piece in _pieces(text)]
    deltas.append(({}, "stop"))
    chunks = [
        {**base, "choices": [{"index": 0, "delta": d, "logprobs": None, "finish_reason": f}]}
        for d, f in deltas
    ]
    if call.include_usage:
        chunks.append({**base, "choices": [], "usage": _openai_usage(usage)})
    events = [b"data: " + json.dumps(c, ensure_ascii=False).encode() + b"\n\n" for c in chunks]
    return [*events, b"data: [DONE]\n\n"]


def yandex_answer(text: str, usage: tuple[int, int], *, final: bool) -> dict[str, Any]:
    """A completion answer, wrapped in `result` as the REST gateway sends it."""
    status = "ALTERNATIVE_STATUS_FINAL" if final else "ALTERNATIVE_STATUS_PARTIAL"
    return {
        "result": {
            "alternatives": [{"message": {"role": "assistant", "text": text}, "status": status}],
            "usage": {
                "inputTextTokens": str(usage[0]),
                "completionTokens": str(usage[1]),
                "totalTokens": str(usage[0] + usage[1]),
            },
            "modelVersion": YANDEX_MODEL_VERSION,
        }
    }


def yandex_lines(text: str, usage: tuple[int, int]) -> list[bytes]:
    """A streamed completion: one JSON line per step, each holding all the text so far."""
    pieces = _pieces(text)
    lines = [
        yandex_answer("".join(pieces[: i + 1]), usage, final=i == len(pieces) - 1)
        for i in range(len(pieces))
    ]
    return [json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in lines]


def error_body(provider: Provider, status: int, model: str, quota: bool = False) -> dict[str, Any]:
    """The error body `provider` sends with `status`."""
    if provider == "ollama":
        return {"error": _OLLAMA_ERRORS.get(status, model or "error")}
    if provider == "openai":
        key = "quota" if quota else status
        message, type_, code = _OPENAI_ERRORS.get(key, (model, "invalid_request_error", None))
        return {
            "error": {
                "message": message.format(model=model),
                "type": type_,
                "param": None,
                "code": code,
            }
        }
    grpc_code, http_status, message = _YANDEX_ERRORS.get(status, (3, "Bad Request", model))
    return {
        "error": {
            "grpcCode": grpc_code,
            "httpCode": status,
            "message": message,
            "httpStatus": http_status,
        }
    }


_OLLAMA_ERRORS = {
    401: "unauthorized",
    429: "too many requests, please try again later",
    500: "llama runner process has terminated: exit status 2",
}
_OPENAI_ERRORS: dict[int | str, tuple[str, str, str | None]] = {
    401: (
        "Incorrect API key provided. You can find your API key at "
        "https://platform.openai.com/account/api-keys.",
        "invalid_request_error",
        "invalid_api_key",
    ),
    429: (
        "Rate limit reached for {model} on requests per min (RPM): Limit 3, Used 3, "
        "Requested 1. Please try again in 20s.",
        "requests",
        "rate_limit_exceeded",
    ),
    "quota": (
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
        "insufficient_quota",
    ),
    500: (
        "The server had an error while processing your request. Sorry about that!",
        "server_error",
        None,
    ),
}
_YANDEX_ERRORS = {
    401: (16, "Unauthorized", "Unknown api key"),
    429: (
        8,
        "Too Many Requests",
        "ai.textGenerationCompletionSessionsCount.count gauge quota limit exceed: "
        "allowed 1 requests",
    ),
    500: (13, "Internal Server Error", "Internal error"),
}


def _ollama_stats(usage: tuple[int, int]) -> dict[str, int]:
    return {
        "total_duration": 1_200_000_000,
        "load_duration": 20_000_000,
        "prompt_eval_count": usage[0],
        "prompt_eval_duration": 300_000_000,
        "eval_count": usage[1],
        "eval_duration": 880_000_000,
    }


def _openai_usage(usage: tuple[int, int]) -> dict[str, int]:
    return {
        "prompt_tokens": usage[0],
        "completion_tokens": usage[1],
        "total_tokens": usage[0] + usage[1],
    }


def _pieces(text: str) -> list[str]:
    size = max(1, -(-len(text) // _STREAM_PIECES))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def _now() -> str:
    return datetime.now(UTC).isoformat()


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the fake from a shell until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    parser.add_argument("--api-key", default=None, help="require this key (401 otherwise)")
    parser.add_argument("--stream", action="store_true", help="stream every answer")
    parser.add_argument("--hallucinate", action="store_true", help="add a quote not in the text")
    args = parser.parse_args(argv)
    fake = FakeLlmServer(args.host, args.port, api_key=args.api_key)
    fake.stream = args.stream
    fake.hallucinate = args.hallucinate
    with fake:
        print(f"fake LLM at {fake.url}", flush=True)
        print(
            f"  OLLAMA_HOST={fake.url}  OPENAI_BASE_URL={fake.openai_base_url}  "
            f"YANDEX_BASE_URL={fake.url}",
            flush=True,
        )
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("stopped", flush=True)


if __name__ == "__main__":
    main()
