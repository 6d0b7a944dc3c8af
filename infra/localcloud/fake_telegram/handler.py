"""The HTTP side of the fake: routes a request to its Bot API method or file, answers as Telegram.

Answers are Telegram's envelopes: `{"ok": true, "result": ...}` (with a description for the
webhook methods), or `{"ok": false, "error_code": ..., "description": ...}` with
`"parameters": {"retry_after": N}` for a 429. Every call is recorded, failed ones included.
"""

from __future__ import annotations

import contextlib
import json
import traceback
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import unquote, urlsplit

from infra.localcloud.fake_telegram.api import ApiError, Described, Request
from infra.localcloud.fake_telegram.bot_methods import BOT_METHODS
from infra.localcloud.fake_telegram.message_methods import CONVERSATION_METHODS
from infra.localcloud.fake_telegram.state import MAX_UPLOAD_BYTES, ApiCall, Json, TelegramState
from infra.localcloud.fake_telegram.wire import (
    BodyTooLargeError,
    MalformedRequestError,
    parse_request,
    read_body,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from infra.localcloud.fake_telegram.server import FakeTelegram
    from infra.localcloud.local_http import FakeHttpServer

_METHODS: dict[str, Callable[[TelegramState, Request], Any]] = {
    name.lower(): handler for name, handler in (CONVERSATION_METHODS | BOT_METHODS).items()
}
# Complex fields arrive as JSON strings; the call log keeps them decoded, for tests to read.
_JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "entities",
        "caption_entities",
        "reply_parameters",
        "link_preview_options",
        "allowed_updates",
        "commands",
        "scope",
    }
)
# A body past the upload limit (plus room for the form around the file) is answered 413.
_BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024


class TelegramRequestHandler(BaseHTTPRequestHandler):
    """Answers one connection's requests as api.telegram.org would."""

    # HTTP/1.1 keep-alive: aiohttp reuses its connections, as it does with Telegram.
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; with Nagle on, the body waits for the client's
    # delayed ACK (~40 ms a call on Linux).
    disable_nagle_algorithm = True
    server_version = "FakeTelegram/1.0"

    @property
    def fake(self) -> FakeTelegram:
        return cast("FakeHttpServer[FakeTelegram]", self.server).fake

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output quiet."""

    def do_GET(self) -> None:
        """Files, and API methods called with a query string."""
        self._serve()

    def do_POST(self) -> None:
        """API methods with a JSON, urlencoded or multipart body."""
        self._serve()

    def _serve(self) -> None:
        # A client that gave up (a cancelled long poll) leaves nobody to answer.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._route()

    def _route(self) -> None:
        url = urlsplit(self.path)
        try:
            body = read_body(self.rfile, self.headers, _BODY_LIMIT)
        except BodyTooLargeError:
            self._send_json(413, _error(413, "Request Entity Too Large"))
            return
        parts = url.path.split("/")
        if len(parts) >= 4 and parts[1] == "file" and self.command == "GET":
            self._send_file(unquote(parts[2]), unquote("/".join(parts[3:])))
        elif len(parts) == 3 and parts[1].startswith("bot"):
            self._call(unquote(parts[1]).removeprefix("bot"), parts[2], url.query, body)
        else:
            self._send_json(404, _error(404, "Not Found"))

    def _send_file(self, bot_token: str, file_path: str) -> None:
        stored = None
        if bot_token == f"bot{self.fake.token}":
            stored = self.fake.state.file_by_path(file_path)
        if stored is None:
            self._send_json(404, _error(404, "Not Found"))
            return
        self._send(200, stored.data, "application/octet-stream")

    def _call(self, token: str, method: str, query: str, body: bytes) -> None:
        if token != self.fake.token:
            self._send_json(401, _error(401, "Unauthorized"))
            return
        handler = _METHODS.get(method.lower())
        if handler is None:
            self._send_json(404, _error(404, "Not Found"))
            return
        try:
            params, files = parse_request(self.headers.get("Content-Type", ""), body, query)
        except MalformedRequestError as exc:
            self._answer(method, {}, {}, ApiError(400, f"Bad Request: {exc}"))
            return
        state = self.fake.state
        fault = state.take_fault(method)
        if fault is not None:
            error = ApiError(fault.status, fault.description, fault.retry_after)
            self._answer(method, params, files, error)
            return
        try:
            with state.lock:
                result: Any = handler(state, Request(params, files))
        except ApiError as exc:
            result = exc
        except Exception:  # noqa: BLE001 - a bug of the fake or input it does not expect
            # Answer as Telegram's own failures look, and show the traceback to whoever runs it.
            traceback.print_exc()
            result = ApiError(500, "Internal Server Error")
        self._answer(method, params, files, result)

    def _answer(
        self, method: str, params: dict[str, Any], files: dict[str, Any], result: Any
    ) -> None:
        if isinstance(result, ApiError):
            status = result.status
            payload = _error(result.status, result.description, result.retry_after)
        elif isinstance(result, Described):
            status = 200
            payload = {"ok": True, "result": result.result, "description": result.description}
        else:
            status, payload = 200, {"ok": True, "result": result}
        names = {name: upload.filename for name, upload in files.items()}
        self.fake.state.record_call(ApiCall(method, _readable(params), names, status))
        self._send_json(status, payload)

    def _send_json(self, status: int, payload: Json) -> None:
        self._send(
            status,
            json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode(),
            "application/json",
        )

    def _send(self, status: int, data: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def _error(status: int, description: str, retry_after: int | None = None) -> Json:
    payload: Json = {"ok": False, "error_code": status, "description": description}
    if retry_after is not None:
        payload["parameters"] = {"retry_after": retry_after}
    return payload


def _readable(params: dict[str, Any]) -> dict[str, Any]:
    readable = dict(params)
    for name in _JSON_FIELDS & readable.keys():
        if isinstance(readable[name], str):
            with contextlib.suppress(ValueError):  # then as sent: the method refused it
                readable[name] = json.loads(readable[name])
    return readable
