"""Function URLs on the local cloud: the request as payload format 2.0, the result as HTTP."""

from __future__ import annotations

import base64
import http.client
import json
import socket
import threading
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import boto3
import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.function_urls import function_url_event, http_response
from infra.localcloud.runtime import InvocationResult
from tests.integration.stub_project import make_events_project

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

pytestmark = pytest.mark.integration

SEEN: list[Any] = []
_lock = threading.Lock()


def echo(event: dict[str, Any], context: Any) -> Any:
    """Records the event; answers as the request's path asks."""
    with _lock:
        SEEN.append(event)
    path = event["rawPath"]
    if path == "/boom":
        raise ValueError("the handler failed")
    if path == "/plain":
        return {"ok": True}
    if path == "/binary":
        body = base64.b64encode(b"\x89PNG\x00").decode()
        return {
            "statusCode": 200,
            "headers": {"Content-Type": "image/png"},
            "body": body,
            "isBase64Encoded": True,
        }
    return {
        "statusCode": 201,
        "headers": {"Content-Type": "application/json", "X-Handled-By": "echo"},
        "cookies": ["a=1; Max-Age=60", "b=2"],
        "body": json.dumps({"method": event["requestContext"]["http"]["method"]}),
    }


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The stub events template, which has one function URL (WebhookFunction's)."""
    SEEN.clear()
    return make_events_project(tmp_path / "url-project")


@pytest.fixture
def cloud(project: Path) -> Iterator[LocalCloud]:
    """Decorator mode: no URL server, the event builder and call_function_url instead."""
    with LocalCloud(project, handlers={"WebhookFunction": echo}) as local:
        yield local


# --- the event ---------------------------------------------------------------------


def test_the_event_has_payload_format_2_0s_shape() -> None:
    event = function_url_event(
        "post",
        "/hook/a?x=1&x=2&empty=&q=a%20b",
        headers=[
            ("Content-Type", "application/json"),
            ("X-Telegram-Bot-Api-Secret-Token", "s3cret"),
            ("Accept", "text/html"),
            ("Accept", "application/json"),
            ("Cookie", "a=1; b=2"),
            ("User-Agent", "curl/8"),
        ],
        body='{"update_id": 1}',
        domain_name="abc123.lambda-url.us-east-1.on.aws",
        source_ip="10.0.0.9",
    )

    assert {k: event[k] for k in ("version", "routeKey", "rawPath", "rawQueryString")} == {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": "/hook/a",
        "rawQueryString": "x=1&x=2&empty=&q=a%20b",
    }
    assert event["queryStringParameters"] == {"x": "1,2", "empty": "", "q": "a b"}
    assert event["cookies"] == ["a=1", "b=2"]
    headers = event["headers"]
    assert "cookie" not in headers
    assert headers["x-telegram-bot-api-secret-token"] == "s3cret"
    assert headers["accept"] == "text/html,application/json"
    assert all(name == name.lower() for name in headers)
    assert headers["x-forwarded-for"] == "10.0.0.9"
    assert headers["host"] == "abc123.lambda-url.us-east-1.on.aws"
    context = event["requestContext"]
    assert {k: context[k] for k in ("accountId", "apiId", "domainName", "domainPrefix")} == {
        "accountId": "anonymous",
        "apiId": "abc123",
        "domainName": "abc123.lambda-url.us-east-1.on.aws",
        "domainPrefix": "abc123",
    }
    assert context["http"] == {
        "method": "POST",
        "path": "/hook/a",
        "protocol": "HTTP/1.1",
        "sourceIp": "10.0.0.9",
        "userAgent": "curl/8",
    }
    assert (context["routeKey"], context["stage"]) == ("$default", "$default")
    assert context["requestId"]
    assert isinstance(context["timeEpoch"], int)
    assert context["time"].endswith(" +0000")
    assert (event["body"], event["isBase64Encoded"]) == ('{"update_id": 1}', False)


@pytest.mark.parametrize(
    ("content_type", "body", "encoded"),
    [
        ("application/json", b"{}", False),
        ("text/plain; charset=utf-8", "привет".encode(), False),
        ("application/vnd.api+json", b"{}", False),
        ("application/x-www-form-urlencoded", b"a=1", True),
        ("application/octet-stream", b"abc", True),
        (None, b"\xff\xfe", True),
        (None, b"plain", False),
    ],
)
def test_a_binary_body_is_base64_encoded(
    content_type: str | None, body: bytes, encoded: bool
) -> None:
    headers = {"Content-Type": content_type} if content_type else {}

    event = function_url_event("POST", "/", headers=headers, body=body)

    assert event["isBase64Encoded"] is encoded
    sent = base64.b64decode(event["body"]) if encoded else event["body"].encode()
    assert sent == body


def test_a_request_without_a_body_or_query_leaves_them_out() -> None:
    event = function_url_event("GET", "/")

    assert "body" not in event
    assert "queryStringParameters" not in event
    assert "cookies" not in event
    assert event["isBase64Encoded"] is False
    assert event["rawQueryString"] == ""


# --- the response ----------------------------------------------------------------------


def _result(payload: Any, *, errored: bool = False) -> InvocationResult:
    return InvocationResult(payload, errored, "req-1")


def test_a_structured_result_is_the_http_response() -> None:
    response = http_response(
        _result(
            {
                "statusCode": 201,
                "headers": {"Content-Type": "text/plain", "X-N": 3},
                "cookies": ["a=1", "b=2"],
                "body": "made",
            }
        )
    )

    assert response.status == 201
    assert response.header("content-type") == "text/plain"
    assert response.header("x-n") == "3"
    assert [v for k, v in response.headers if k == "Set-Cookie"] == ["a=1", "b=2"]
    assert response.text == "made"


def test_a_plain_result_is_200_json_as_aws_infers_it() -> None:
    as_dict = http_response(_result({"message": "hi"}))
    as_str = http_response(_result("Hello, world!"))

    assert (as_dict.status, as_dict.header("Content-Type"), as_dict.json()) == (
        200,
        "application/json",
        {"message": "hi"},
    )
    assert as_str.text == '"Hello, world!"'  # the JSON string, quotes included


def test_a_base64_body_is_decoded_and_errors_are_502() -> None:
    binary = http_response(
        _result(
            {
                "statusCode": 200,
                "body": base64.b64encode(b"\x00\x01").decode(),
                "isBase64Encoded": True,
            }
        )
    )
    failed = http_response(_result({"errorMessage": "x", "errorType": "E"}, errored=True))
    malformed = http_response(_result({"statusCode": "not a number"}))

    assert binary.body == b"\x00\x01"
    assert (failed.status, failed.json()) == (502, {"Message": "Internal Server Error"})
    assert malformed.status == 502


# --- decorator mode -------------------------------------------------------------------


def test_the_url_is_provisioned_and_recorded_by_function(cloud: LocalCloud) -> None:
    url = cloud.deployment.function_urls["WebhookFunction"]

    assert url.logical_id == "WebhookFunctionUrl"
    assert url.auth_type == "NONE"
    assert url.url.startswith("https://") and url.url.endswith(".lambda-url.us-east-1.on.aws/")
    assert cloud.deployment.outputs["WebhookUrl"] == url.url
    config = cloud.client("lambda").get_function_url_config(
        FunctionName=cloud.deployment.functions["WebhookFunction"].name
    )
    assert config["AuthType"] == "NONE"


def test_call_function_url_runs_the_handler_as_the_url_would(cloud: LocalCloud) -> None:
    response = cloud.call_function_url(
        "WebhookFunction", "POST", "/hook?x=1", headers={"X-Secret": "s"}, body="{}"
    )

    assert response.status == 201
    assert response.json() == {"method": "POST"}
    assert response.header("x-handled-by") == "echo"
    [event] = SEEN
    domain = cloud.deployment.function_urls["WebhookFunction"].domain_name
    assert event["requestContext"]["domainName"] == domain
    assert event["headers"]["x-secret"] == "s"
    assert cloud.call_function_url("WebhookFunction", "GET", "/boom").status == 502
    assert [e.error_type for e in cloud.errors] == ["ValueError"]


def test_the_event_builder_feeds_invoke_too(cloud: LocalCloud) -> None:
    event = cloud.function_url_event("WebhookFunctionUrl", "GET", "/plain")

    result = cloud.invoke("WebhookFunction", event)

    assert result.payload == {"ok": True}
    assert SEEN[0]["rawPath"] == "/plain"
    assert http_response(result).json() == {"ok": True}


def test_decorator_mode_serves_no_url(cloud: LocalCloud) -> None:
    with pytest.raises(RuntimeError, match="server mode only"):
        cloud.function_url("WebhookFunction")
    with pytest.raises(KeyError, match="no function URL"):
        cloud.function_url_event("WorkerFunction")


# --- server mode -------------------------------------------------------------------


def _request(
    url: str,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    connection.request(method, path, body=body, headers=headers or {})
    return connection.getresponse()


def test_server_mode_serves_each_url_on_its_own_port(project: Path) -> None:
    def webhook(event: dict[str, Any], context: Any) -> Any:
        # What a webhook does: hand the update to a worker, answer at once.
        if event["requestContext"]["http"]["method"] == "POST":
            boto3.client("lambda").invoke(
                FunctionName=event["headers"]["x-worker"],
                InvocationType="Event",
                Payload=event["body"],
            )
        return echo(event, context)

    worker_calls: list[Any] = []
    handlers = {"WebhookFunction": webhook, "WorkerFunction": lambda e, c: worker_calls.append(e)}
    cloud = LocalCloud(project, handlers=handlers)

    with cloud.start_server(port=0, api_port=None):
        url = cloud.function_url("WebhookFunction")
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert url != cloud.endpoint_url
        worker = cloud.deployment.functions["WorkerFunction"].name

        answer = _request(
            url,
            "POST",
            "/hook?chat=1",
            b'{"update_id": 5}',
            {"Content-Type": "application/json", "X-Worker": worker, "Cookie": "k=v"},
        )
        body = answer.read()
        cloud.drain_events(timeout=10)

        assert answer.status == 201
        assert json.loads(body) == {"method": "POST"}
        assert answer.getheader("X-Handled-By") == "echo"
        assert answer.headers.get_all("Set-Cookie") == ["a=1; Max-Age=60", "b=2"]
        [event] = SEEN
        assert (event["rawPath"], event["queryStringParameters"]) == ("/hook", {"chat": "1"})
        assert (event["body"], event["cookies"]) == ('{"update_id": 5}', ["k=v"])
        assert event["requestContext"]["http"]["sourceIp"] == "127.0.0.1"
        assert event["headers"]["x-forwarded-proto"] == "http"
        assert worker_calls == [{"update_id": 5}]

        binary = _request(url, "GET", "/binary")
        assert (binary.status, binary.getheader("Content-Type"), binary.read()) == (
            200,
            "image/png",
            b"\x89PNG\x00",
        )
        failed = _request(url, "GET", "/boom")
        assert (failed.status, json.loads(failed.read())) == (
            502,
            {"Message": "Internal Server Error"},
        )
        head = _request(url, "HEAD", "/plain")
        assert (head.status, head.read()) == (200, b"")

    port = urlsplit(url).port
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port or 0), timeout=1):
        pass
