"""Malformed input over HTTP is the caller's error: a 400 (or 404) in the error shape, never
a 5xx, and never a credit taken (issue 11: points 4, 5, 6 and 9)."""

from __future__ import annotations

import base64
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.apikeys import ApiKeyGate, install_usage_reporting, uninstall_usage_reporting
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.integration
PDF = "application/pdf"
UPLOAD = {"filename": "contract.pdf", "content_type": PDF, "size": 2048}

# Every route that takes a JSON body, with who calls it: nobody, a signed-in admin, a partner.
JSON_ROUTES = [
    ("POST", "/v1/auth/register", "anonymous"),
    ("POST", "/v1/auth/login", "anonymous"),
    ("POST", "/v1/auth/telegram", "anonymous"),
    ("POST", "/v1/auth/telegram-webapp", "anonymous"),
    ("POST", "/v1/auth/service-token", "anonymous"),
    ("POST", "/v1/auth/refresh", "anonymous"),
    ("POST", "/v1/auth/logout", "anonymous"),
    ("POST", "/v1/auth/dev", "anonymous"),
    ("POST", "/v1/documents", "admin"),
    ("POST", "/v1/keys", "admin"),
    ("POST", "/v1/b2b/documents", "partner"),
    ("POST", "/v1/reviews/0b8f6c1e-0000-4000-8000-000000000000", "admin"),
    ("POST", "/v1/admin/users/someone/credits", "admin"),
    ("PUT", "/v1/admin/users/someone/role", "admin"),
]
DEEP_ARRAY = b"[" * 50_000 + b"]" * 50_000
DEEP_OBJECT = b'{"filename":' * 5_000 + b"1" + b"}" * 5_000


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    """One local cloud for the module: every test here only reads, or is refused and
    changes nothing (which is what each checks)."""
    from app import app

    cloud = LocalCloud(
        parameters={"PartnerRateLimit": "1000", "PartnerBurstLimit": "1000"},
        # Telegram sign-in and the bot's exchange on, so their routes parse what they get.
        env_overrides={
            "TELEGRAM_BOT_TOKEN": "123456:telegram-bot-token",
            "AUTH_SERVICE_TOKEN": "s" * 40,
            "SIGNUP_CREDITS": "500",
        },
    )
    with cloud:
        plan_id = cloud.deployment.environment["USAGE_PLAN_ID"]
        gate = ApiKeyGate(app, plan_id, client=cloud.client("apigateway"))
        install_usage_reporting(gate)
        yield Driver(cloud, gate)
        uninstall_usage_reporting(gate)


@pytest.fixture(scope="module")
def callers(driver: Driver) -> dict[str, dict[str, str]]:
    """The headers of each kind of caller: nobody, an admin, a partner key of that admin."""
    admin = driver.sign_in("input-admin", "admin")
    status, key = driver.api("POST", "/v1/keys", {"name": "ERP"}, token=admin)
    assert status == 201, key
    return {
        "anonymous": {},
        "admin": driver.bearer(admin),
        "partner": {"x-api-key": key["api_key"]},
    }


def _send(
    driver: Driver, method: str, path: str, body: bytes | None, headers: dict[str, str]
) -> tuple[int, Any]:
    sent = {"Content-Type": "application/json", **headers}
    call = getattr(driver.client.http, method.lower())
    response = call(path, headers=sent, body=body) if body is not None else call(path, headers=sent)
    return response.status_code, json.loads(response.body or b"null")


def _credits(driver: Driver, callers: dict[str, dict[str, str]]) -> int:
    """The admin's credits: they pay for the admin's and the partner key's uploads."""
    status, profile = _send(driver, "GET", "/v1/me", None, callers["admin"])
    assert status == 200, profile
    return int(profile["credits_left"])


def _assert_bad_request(status: int, body: Any, expected: int = 400) -> None:
    assert status == expected, body
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body


ROUTE_IDS = [f"{method} {path}" for method, path, _ in JSON_ROUTES]


@pytest.mark.parametrize("route", JSON_ROUTES, ids=ROUTE_IDS)
@pytest.mark.parametrize("body", [DEEP_ARRAY, DEEP_OBJECT], ids=["array", "object"])
def test_deeply_nested_json_is_a_400_on_every_json_route(
    driver: Driver, callers: dict[str, dict[str, str]], route: tuple[str, str, str], body: bytes
) -> None:
    method, path, caller = route

    status, answer = _send(driver, method, path, body, callers[caller])

    _assert_bad_request(status, answer)
    assert answer["error"]["code"] == "BAD_REQUEST"


OVERFLOWING = {
    "1e400": b"1e400",
    "-1e400": b"-1e400",
    "NaN": b"NaN",
    "Infinity": b"Infinity",
    "huge_int": b"1" + b"0" * 5000,
}


@pytest.mark.parametrize("route", JSON_ROUTES, ids=ROUTE_IDS)
@pytest.mark.parametrize("number", list(OVERFLOWING), ids=list(OVERFLOWING))
def test_numbers_that_overflow_are_a_400_on_every_json_route(
    driver: Driver, callers: dict[str, dict[str, str]], route: tuple[str, str, str], number: str
) -> None:
    method, path, caller = route
    value = OVERFLOWING[number]
    fields = ["size", "amount", "telegram_id", "id", "auth_date"]
    body = (
        b'{"filename": "a.pdf", "content_type": "application/pdf", "service_token": "'
        + b"s" * 40
        + b'", "first_name": "A", "hash": "'
        + b"0" * 64
        + b'", "reason": "r", '
        + b", ".join(f'"{name}": '.encode() + value for name in fields)
        + b"}"
    )
    before = _credits(driver, callers)

    status, answer = _send(driver, method, path, body, callers[caller])

    _assert_bad_request(status, answer)
    assert _credits(driver, callers) == before


@pytest.mark.parametrize("size", [True, 1.9, "12", 1.0, None, [12], -5, 0])
@pytest.mark.parametrize("path", ["/v1/documents", "/v1/b2b/documents"])
def test_a_size_that_is_not_a_positive_whole_number_is_refused_and_costs_nothing(
    driver: Driver, callers: dict[str, dict[str, str]], path: str, size: object
) -> None:
    caller = callers["partner" if "b2b" in path else "admin"]
    before = _credits(driver, callers)
    body = json.dumps({**UPLOAD, "size": size}).encode()

    status, answer = _send(driver, "POST", path, body, caller)

    _assert_bad_request(status, answer)
    assert "size" in answer["error"]["message"]
    assert _credits(driver, callers) == before


@pytest.mark.parametrize(
    ("field", "value"),
    [("filename", 12), ("filename", ["a.pdf"]), ("content_type", True), ("content_type", None)],
)
def test_upload_text_fields_must_be_strings(
    driver: Driver, callers: dict[str, dict[str, str]], field: str, value: object
) -> None:
    before = _credits(driver, callers)
    body = json.dumps({**UPLOAD, field: value}).encode()

    status, answer = _send(driver, "POST", "/v1/documents", body, callers["admin"])

    _assert_bad_request(status, answer)
    assert field in answer["error"]["message"]
    assert _credits(driver, callers) == before


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/v1/admin/users/input-admin/credits", {"amount": True, "reason": "r"}),
        ("POST", "/v1/admin/users/input-admin/credits", {"amount": 2.0, "reason": "r"}),
        ("POST", "/v1/admin/users/input-admin/credits", {"amount": "2", "reason": "r"}),
        ("PUT", "/v1/admin/users/someone/role", {"role": "root", "reason": "r"}),
        ("PUT", "/v1/admin/users/someone/role", {"role": ["admin"], "reason": "r"}),
        ("POST", "/v1/reviews/0b8f6c1e-0000-4000-8000-000000000000", {"decision": "maybe"}),
        ("POST", "/v1/auth/dev", {"role": "root"}),
        ("POST", "/v1/auth/service-token", {"service_token": "s" * 40, "telegram_id": True}),
        ("POST", "/v1/auth/service-token", {"service_token": "s" * 40, "telegram_id": 7.5}),
        ("POST", "/v1/keys", {"name": 5}),
    ],
)
def test_wrong_json_types_are_a_400_that_names_the_field(
    driver: Driver,
    callers: dict[str, dict[str, str]],
    method: str,
    path: str,
    body: dict[str, Any],
) -> None:
    headers = {} if path.startswith("/v1/auth/") else callers["admin"]
    before = _credits(driver, callers)

    status, answer = _send(driver, method, path, json.dumps(body).encode(), headers)

    _assert_bad_request(status, answer)
    named = next(name for name in body if name not in {"reason", "service_token"})
    assert named in answer["error"]["message"]
    assert _credits(driver, callers) == before


def test_a_repeated_key_in_the_body_is_a_400(
    driver: Driver, callers: dict[str, dict[str, str]]
) -> None:
    body = b'{"filename": "a.pdf", "content_type": "application/pdf", "size": 1, "size": 99}'

    status, answer = _send(driver, "POST", "/v1/documents", body, callers["admin"])

    _assert_bad_request(status, answer)
    assert "size" in answer["error"]["message"]


SURROGATE_BODIES = [
    ("POST", "/v1/documents", "admin", {**UPLOAD, "filename": "\ud800.pdf"}),
    ("POST", "/v1/b2b/documents", "partner", {**UPLOAD, "filename": "a\udfff.pdf"}),
    ("POST", "/v1/keys", "admin", {"name": "ERP \ud800"}),
    ("POST", "/v1/auth/register", "anonymous", {"email": "a\ud800@b.cc", "password": "x" * 12}),
    ("POST", "/v1/auth/login", "anonymous", {"email": "a@b.cc", "password": "\ud800" * 12}),
    ("POST", "/v1/auth/refresh", "anonymous", {"refresh_token": "\ud800"}),
    ("POST", "/v1/auth/logout", "anonymous", {"refresh_token": "\ud800"}),
    ("POST", "/v1/auth/service-token", "anonymous", {"service_token": "\ud800", "telegram_id": 1}),
    (
        "POST",
        "/v1/auth/telegram",
        "anonymous",
        {"id": 1, "first_name": "\ud800", "auth_date": 1, "hash": "0" * 64},
    ),
    ("POST", "/v1/auth/telegram-webapp", "anonymous", {"init_data": "user=\ud800&hash=00"}),
    (
        "POST",
        "/v1/admin/users/input-admin/credits",
        "admin",
        {"amount": 1, "reason": "\udbff"},
    ),
]


@pytest.mark.parametrize(
    "request_",
    SURROGATE_BODIES,
    ids=[f"{method} {path}" for method, path, _, _ in SURROGATE_BODIES],
)
def test_a_lone_surrogate_in_any_text_is_a_400_not_a_5xx(
    driver: Driver,
    callers: dict[str, dict[str, str]],
    request_: tuple[str, str, str, dict[str, Any]],
) -> None:
    method, path, caller, body = request_
    before = _credits(driver, callers)
    raw = json.dumps(body).encode()  # "\ud800" travels as the JSON escape it is

    status, answer = _send(driver, method, path, raw, callers[caller])

    _assert_bad_request(status, answer)
    assert _credits(driver, callers) == before


def _cursor(key: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(key).encode()).decode()


OWN = {"S": "USER#input-admin"}
FORGED_CURSORS = {
    "deeply_nested": base64.urlsafe_b64encode(b"[" * 5000 + b"]" * 5000).decode(),
    "index_key_only": _cursor({"GSI1PK": OWN}),
    "extra_attribute": _cursor({"GSI1PK": OWN, "x": {"S": "a"}}),
    "wrong_types": _cursor(
        {"GSI1PK": OWN, "GSI1SK": {"S": "DOC#x"}, "PK": {"N": "1"}, "SK": {"S": "META"}}
    ),
    "lone_surrogate": _cursor(
        {"GSI1PK": OWN, "GSI1SK": {"S": "\ud800"}, "PK": {"S": "DOC#x"}, "SK": {"S": "META"}}
    ),
    "too_long": "A" * 5000,
    "not_base64": "!!!***",
    "a_list": _cursor([1, 2]),
}


@pytest.mark.parametrize("cursor", list(FORGED_CURSORS.values()), ids=list(FORGED_CURSORS))
def test_a_forged_cursor_is_a_400_not_a_5xx(
    driver: Driver, callers: dict[str, dict[str, str]], cursor: str
) -> None:
    status, answer = _send(
        driver, "GET", f"/v1/documents?cursor={quote(cursor)}", None, callers["admin"]
    )

    _assert_bad_request(status, answer)


@pytest.mark.parametrize("limit", ["1e400", "9" * 5000, "5.0", "1_0", "+5", " 5", "", "٥"])
def test_a_limit_that_is_not_plain_digits_is_a_400(
    driver: Driver, callers: dict[str, dict[str, str]], limit: str
) -> None:
    status, answer = _send(
        driver, "GET", f"/v1/documents?limit={quote(limit)}", None, callers["admin"]
    )

    _assert_bad_request(status, answer)
    assert "limit" in answer["error"]["message"]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/v1/admin/users/" + "u" * 3000 + "/credits", {"amount": 1, "reason": "r"}),
        ("PUT", "/v1/admin/users/" + "u" * 3000 + "/role", {"role": "user", "reason": "r"}),
        ("POST", "/v1/admin/users/a%20b/credits", {"amount": 1, "reason": "r"}),
        ("POST", "/v1/reviews/" + "d" * 3000, {"decision": "approve"}),
        ("POST", "/v1/admin/documents/" + "d" * 3000 + "/redrive", None),
        ("POST", "/v1/keys/" + "k" * 3000 + "/revoke", None),
        ("GET", "/v1/documents/" + "d" * 3000 + "/report", None),
        ("DELETE", "/v1/documents/" + "d" * 3000, None),
    ],
)
def test_a_path_parameter_out_of_shape_is_a_404_not_a_5xx(
    driver: Driver,
    callers: dict[str, dict[str, str]],
    method: str,
    path: str,
    body: dict[str, Any] | None,
) -> None:
    raw = json.dumps(body).encode() if body is not None else None

    status, answer = _send(driver, method, path, raw, callers["admin"])

    _assert_bad_request(status, answer, expected=404)


@pytest.mark.parametrize(
    "callback_url",
    ["https://[::1", "https://[::1/x", "https://a..b/hook", "https://example.com:99999/hook"],
)
def test_a_callback_url_with_a_malformed_host_is_a_400(
    driver: Driver, callers: dict[str, dict[str, str]], callback_url: str
) -> None:
    before = _credits(driver, callers)
    body = json.dumps({**UPLOAD, "callback_url": callback_url}).encode()

    status, answer = _send(driver, "POST", "/v1/b2b/documents", body, callers["partner"])

    _assert_bad_request(status, answer)
    assert "callback_url" in answer["error"]["message"]
    assert _credits(driver, callers) == before


@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        ("invoice\u202efdp.pdf", "invoicefdp.pdf"),  # RIGHT-TO-LEFT OVERRIDE
        ("\u2066contract\u2069.pdf", "contract.pdf"),  # isolates
        ("\u200fחוזה\u200e.pdf", "חוזה.pdf"),  # RLM and LRM
        ("a\u202a\u202b\u202c\u202db.pdf", "ab.pdf"),  # embeddings and overrides
        ("con\ttract\x1b[31m.pdf", "contract[31m.pdf"),  # a tab and a terminal escape
        ("two\nlines\r.pdf", "twolines.pdf"),
        ("nul\x00\x7f\x85.pdf", "nul.pdf"),  # NUL, DEL and a C1 control
    ],
)
def test_control_and_text_direction_characters_are_removed_from_filenames(
    driver: Driver, callers: dict[str, dict[str, str]], sent: str, stored: str
) -> None:
    body = json.dumps({**UPLOAD, "filename": sent}).encode()

    status, answer = _send(driver, "POST", "/v1/documents", body, callers["admin"])

    assert status == 201, answer
    assert answer["document"]["filename"] == stored
    document_id = answer["document"]["document_id"]
    listed = _send(driver, "GET", f"/v1/documents/{document_id}", None, callers["admin"])[1]
    assert listed["filename"] == stored


def test_a_filename_of_only_invisible_characters_is_a_400(
    driver: Driver, callers: dict[str, dict[str, str]]
) -> None:
    body = json.dumps({**UPLOAD, "filename": "\u202e\u200f\x00"}).encode()

    status, answer = _send(driver, "POST", "/v1/documents", body, callers["admin"])

    _assert_bad_request(status, answer)
