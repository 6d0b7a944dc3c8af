"""Lambda function URLs: the HTTP request as Lambda's event, the handler's result as HTTP.

A function URL maps each request to an event in API Gateway's payload format 2.0
and the function's result back to an HTTP response (AWS's "Invoking Lambda
function URLs" page). `function_url_event` and `http_response` do both halves;
`FunctionUrlServer` puts them behind a localhost port in server mode, and in
decorator mode tests use the same two through `LocalCloud.call_function_url`.
"""

from __future__ import annotations

import base64
import json
import logging
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from infra.localcloud.deployment import FunctionUrlDeployment
    from infra.localcloud.runtime import InvocationResult

logger = logging.getLogger(__name__)

# Bodies of these content types reach the function as text; any other is base64-encoded
# (application/x-www-form-urlencoded too, as on AWS).
_TEXT_TYPES = frozenset(
    {
        "application/json",
        "application/javascript",
        "application/ecmascript",
        "application/xml",
        "application/yaml",
        "application/x-yaml",
        "application/graphql",
    }
)
INTERNAL_ERROR = b'{"Message":"Internal Server Error"}'


def _is_text(content_type: str | None, body: bytes) -> bool:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    if not content_type:
        return True
    mime = content_type.split(";", 1)[0].strip().lower()
    return mime.startswith("text/") or mime in _TEXT_TYPES or mime.endswith(("+json", "+xml"))


def _header_pairs(
    headers: Mapping[str, str] | Iterable[tuple[str, str]] | None,
) -> list[tuple[str, str]]:
    if headers is None:
        return []
    items = headers.items() if hasattr(headers, "items") else headers
    return [(str(name), str(value)) for name, value in items]


def _joined(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    # Format 2.0 has no multi-value fields: duplicates are joined with commas.
    joined: dict[str, str] = {}
    for name, value in pairs:
        joined[name] = f"{joined[name]},{value}" if name in joined else value
    return joined


def _trace_id() -> str:
    return f"Root=1-{int(time.time()):08x}-{secrets.token_hex(12)}"


def function_url_event(
    method: str,
    path: str = "/",
    *,
    headers: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    body: bytes | str | None = None,
    domain_name: str = "localcloud.lambda-url.us-east-1.on.aws",
    account_id: str = "anonymous",
    source_ip: str = "127.0.0.1",
    protocol: str = "HTTP/1.1",
    forwarded: tuple[str, int] = ("https", 443),
) -> dict[str, Any]:
    """The event Lambda gives a function for one request to its URL (payload format 2.0).

    `path` may carry the query string (`/hook?x=1`). `account_id` is "anonymous" for
    AuthType NONE, as AWS sends it. `forwarded` is the scheme and port the client
    used (AWS: https, 443), for the x-forwarded-proto/port headers.
    """
    raw_path, _, raw_query = path.partition("?")
    pairs = [(name.lower(), value) for name, value in _header_pairs(headers)]
    cookies = [
        cookie.strip()
        for name, value in pairs
        if name == "cookie"
        for cookie in value.split(";")
        if cookie.strip()
    ]
    header_map = _joined((name, value) for name, value in pairs if name != "cookie")
    # What Lambda's front end adds before the function sees the request.
    header_map.setdefault("host", domain_name)
    forwarded_for = header_map.get("x-forwarded-for")
    header_map["x-forwarded-for"] = f"{forwarded_for}, {source_ip}" if forwarded_for else source_ip
    header_map["x-forwarded-proto"] = forwarded[0]
    header_map["x-forwarded-port"] = str(forwarded[1])
    header_map.setdefault("x-amzn-trace-id", _trace_id())

    now = time.time()
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": raw_path or "/",
        "rawQueryString": raw_query,
    }
    if cookies:
        event["cookies"] = cookies
    event["headers"] = header_map
    if raw_query:
        event["queryStringParameters"] = _joined(parse_qsl(raw_query, keep_blank_values=True))
    event["requestContext"] = {
        "accountId": account_id,
        "apiId": domain_name.split(".", 1)[0],
        "domainName": domain_name,
        "domainPrefix": domain_name.split(".", 1)[0],
        "http": {
            "method": method.upper(),
            "path": raw_path or "/",
            "protocol": protocol,
            "sourceIp": source_ip,
            "userAgent": header_map.get("user-agent", ""),
        },
        "requestId": str(uuid.uuid4()),
        "routeKey": "$default",
        "stage": "$default",
        "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
        "timeEpoch": int(now * 1000),
    }
    data = body.encode("utf-8") if isinstance(body, str) else (body or b"")
    encoded = bool(data) and not _is_text(header_map.get("content-type"), data)
    if data:
        # Lambda leaves `body` out of a request that has none.
        event["body"] = base64.b64encode(data).decode("ascii") if encoded else data.decode("utf-8")
    event["isBase64Encoded"] = encoded
    return event


@dataclass(frozen=True)
class FunctionUrlResponse:
    """What the client of a function URL receives."""

    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        """A header's value (the first, for set-cookie), by case-insensitive name."""
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    @property
    def text(self) -> str:
        """The body as UTF-8 text."""
        return self.body.decode("utf-8")

    def json(self) -> Any:
        """The body parsed as JSON."""
        return json.loads(self.body)


def _bad_gateway() -> FunctionUrlResponse:
    return FunctionUrlResponse(502, [("Content-Type", "application/json")], INTERNAL_ERROR)


def http_response(result: InvocationResult) -> FunctionUrlResponse:
    """The HTTP response a function URL makes of an invocation's result.

    A dict with `statusCode` is the response (headers, body, isBase64Encoded,
    cookies as set-cookie headers); any other result is a 200 application/json
    whose body is the result as JSON; a handler error is a 502.
    """
    if result.errored:
        return _bad_gateway()
    payload = result.payload
    if not (isinstance(payload, dict) and "statusCode" in payload):
        body = json.dumps(payload).encode("utf-8")
        return FunctionUrlResponse(200, [("Content-Type", "application/json")], body)
    try:
        status = int(payload["statusCode"])
        headers = [(str(k), str(v)) for k, v in (payload.get("headers") or {}).items()]
        headers += [("Set-Cookie", str(cookie)) for cookie in payload.get("cookies") or []]
        raw = payload.get("body")
        if raw is None:
            data = b""
        elif payload.get("isBase64Encoded"):
            data = base64.b64decode(str(raw), validate=True)
        else:
            data = (raw if isinstance(raw, str) else json.dumps(raw)).encode("utf-8")
    except (TypeError, ValueError, AttributeError):
        return _bad_gateway()  # a malformed response is Lambda's 502 too
    if not 100 <= status <= 599:
        return _bad_gateway()
    return FunctionUrlResponse(status, headers, data)


class FunctionUrlServer:
    """One function URL on a localhost port: each request runs the function in-process."""

    def __init__(
        self,
        config: FunctionUrlDeployment,
        invoke: Callable[[dict[str, Any]], InvocationResult],
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        account_id: str = "anonymous",
    ) -> None:
        self.config = config
        self._invoke = invoke
        self._account_id = account_id
        self._server = ThreadingHTTPServer((host, port), self._handler_class())
        self._server.daemon_threads = True
        self._thread: threading.Thread | None = None
        bound_host, bound_port = self._server.server_address[:2]
        self.url = f"http://{bound_host!s}:{bound_port}/"

    def start(self) -> str:
        """Start serving; the URL (`http://HOST:PORT/`)."""
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            name=f"function-url-{self.config.function_logical_id}",
            daemon=True,
        )
        self._thread.start()
        return self.url

    def stop(self) -> None:
        """Stop serving and close the port."""
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def handle(self, request: BaseHTTPRequestHandler, body: bytes) -> FunctionUrlResponse:
        """The response to one request."""
        port = int(self._server.server_address[1])
        event = function_url_event(
            request.command,
            request.path,
            headers=request.headers.items(),
            body=body,
            domain_name=self.config.domain_name,
            account_id=self._account_id,
            source_ip=request.client_address[0],
            protocol=request.request_version,
            forwarded=("http", port),
        )
        try:
            return http_response(self._invoke(event))
        except Exception:  # the machinery failed, not the handler: still Lambda's 502
            logger.exception("function URL of %s failed", self.config.function_logical_id)
            return _bad_gateway()

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class FunctionUrlRequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _serve(self) -> None:
                response = server.handle(self, _read_body(self))
                self.send_response(response.status)
                for name, value in response.headers:
                    if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(response.body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(response.body)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _serve  # noqa: N815

            def log_message(self, format: str, *args: Any) -> None:
                logger.debug("%s %s", server.config.function_logical_id, format % args)

        return FunctionUrlRequestHandler


def _read_body(request: BaseHTTPRequestHandler) -> bytes:
    if request.headers.get("Transfer-Encoding", "").lower() == "chunked":
        chunks: list[bytes] = []
        while True:
            size = int(request.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
            if size == 0:
                request.rfile.readline()  # the blank line after the last chunk
                return b"".join(chunks)
            chunks.append(request.rfile.read(size))
            request.rfile.readline()
    length = int(request.headers.get("Content-Length") or 0)
    return request.rfile.read(length) if length else b""
