"""Reading a request body: one parse within limits, then the route's pydantic model; every
refusal is a 400 whose message names what is wrong (issue 11, points 4 to 6)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.api_models import (
    Credentials,
    DevSignIn,
    DocumentPageQuery,
    DocumentUpload,
    FailedRunQuery,
    GrantRequest,
    KeyRequest,
    PartnerDocumentUpload,
    RefreshRequest,
    ReviewRequest,
    RoleRequest,
    ServiceTokenExchange,
    TelegramLogin,
    TelegramWebAppLogin,
    document_id_in_path,
    key_id_in_path,
    user_id_in_path,
)
from chalicelib.errors import DocumentNotFoundError, InvalidRequestError
from chalicelib.http import MAX_BODY_BYTES, parse_body, parse_query

if TYPE_CHECKING:
    from pydantic import BaseModel

UPLOAD = {"filename": "contract.pdf", "content_type": "application/pdf", "size": 2048}
HASH = "a" * 64


def _refused(raw: bytes | str, model: type[BaseModel] = DocumentUpload) -> str:
    with pytest.raises(InvalidRequestError) as refused:
        parse_body(raw, model)
    return refused.value.message


# --- the raw body -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 100_000 + b"]" * 100_000,  # over the size limit as well
        b"[" * 5_000 + b"]" * 5_000,
        b'{"a":' * 2_000 + b"1" + b"}" * 2_000,
        b'{"filename": ' + b"[" * 17 + b"]" * 17 + b"}",
    ],
    ids=["huge", "array", "object", "just_too_deep"],
)
def test_a_deeply_nested_body_is_refused_before_it_is_parsed(raw: bytes) -> None:
    message = _refused(raw)

    assert "nests deeper" in message or "KiB" in message


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    body = {**UPLOAD, "filename": '[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{{{{{{{{{ \\" [[[[.pdf'}

    assert parse_body(json.dumps(body), DocumentUpload).filename == body["filename"]


@pytest.mark.parametrize(
    "number", ["1e400", "-1e400", "1E999", "NaN", "Infinity", "-Infinity", "1" + "0" * 40]
)
def test_a_number_that_overflows_is_refused(number: str) -> None:
    raw = '{"filename": "a.pdf", "content_type": "application/pdf", "size": ' + number + "}"

    message = _refused(raw)

    assert "number" in message or number.lstrip("-") in message


def test_a_repeated_key_is_refused_by_name() -> None:
    message = _refused(b'{"filename": "a.pdf", "content_type": "x", "size": 1, "size": 2}')

    assert "size" in message and "twice" in message


@pytest.mark.parametrize("text", ['"\\ud800.pdf"', '"a\\udfff"', '"\\udc00\\ud800"'])
def test_a_lone_surrogate_anywhere_is_refused(text: str) -> None:
    in_value = '{"filename": ' + text + ', "content_type": "x", "size": 1}'
    in_key = '{"filename": "a.pdf", "content_type": "x", "size": 1, ' + text + ": 1}"

    assert "surrogate" in _refused(in_value)
    assert "surrogate" in _refused(in_key)


def test_a_surrogate_pair_is_text_and_passes() -> None:
    raw = '{"filename": "\\ud83d\\udcc4 contract.pdf", "content_type": "x", "size": 1}'

    assert parse_body(raw, DocumentUpload).filename == "📄 contract.pdf"


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (b"", "JSON object"),
        (b"[1, 2]", "JSON object"),
        (b'"text"', "JSON object"),
        (b"{not json", "not valid JSON"),
        (b'{"filename": "\xff"}', "UTF-8"),
        (b" " * (MAX_BODY_BYTES + 1), "KiB"),
    ],
)
def test_a_body_that_is_not_one_json_object_is_refused(raw: bytes, says: str) -> None:
    assert says in _refused(raw)


def test_an_optional_body_may_be_left_out() -> None:
    assert parse_body(b"", DevSignIn, optional=True) == DevSignIn()
    assert parse_body(None, DevSignIn, optional=True) == DevSignIn()


# --- the models: strict types, messages that name the field --------------------------------


@pytest.mark.parametrize("size", [True, False, 1.9, 1.0, "12", None, [12], {"n": 12}, 0, -1])
def test_size_is_a_strict_positive_whole_number(size: object) -> None:
    message = _refused(json.dumps({**UPLOAD, "size": size}))

    assert message.startswith("size")


@pytest.mark.parametrize("field", ["filename", "content_type"])
@pytest.mark.parametrize("value", [12, True, None, ["a.pdf"], ""])
def test_upload_names_are_strict_non_empty_strings(field: str, value: object) -> None:
    assert _refused(json.dumps({**UPLOAD, field: value})).startswith(field)


def test_a_missing_field_and_an_unknown_one_are_named() -> None:
    message = _refused(json.dumps({"filename": "a.pdf", "content_type": "x", "sise": 5}))

    assert "size: missing." in message
    assert "sise: not a field of this request." in message


def test_callback_url_is_only_for_partner_uploads() -> None:
    body = json.dumps({**UPLOAD, "callback_url": "https://example.com/hook"})

    assert "partner" in _refused(body, DocumentUpload)
    assert parse_body(body, PartnerDocumentUpload).callback_url == "https://example.com/hook"
    assert parse_body(json.dumps(UPLOAD), PartnerDocumentUpload).callback_url is None
    assert _refused(json.dumps({**UPLOAD, "callback_url": 5}), PartnerDocumentUpload).startswith(
        "callback_url"
    )


BAD_BODIES: list[tuple[type[BaseModel], dict[str, Any], str]] = [
    (Credentials, {"email": 1, "password": "x"}, "email"),
    (Credentials, {"email": "a@b.cc"}, "password"),
    (TelegramLogin, {"id": True, "first_name": "A", "auth_date": 1, "hash": HASH}, "id"),
    (TelegramLogin, {"id": 1.5, "first_name": "A", "auth_date": 1, "hash": HASH}, "id"),
    (TelegramLogin, {"id": "12a", "first_name": "A", "auth_date": 1, "hash": HASH}, "id"),
    (TelegramLogin, {"id": 1, "first_name": "A", "auth_date": 2**64, "hash": HASH}, "auth_date"),
    (TelegramLogin, {"id": 1, "first_name": "A", "auth_date": 1, "hash": "xyz"}, "hash"),
    (TelegramWebAppLogin, {"init_data": ["a=1"]}, "init_data"),
    (TelegramWebAppLogin, {"init_data": "a" * 20_000}, "init_data"),
    (ServiceTokenExchange, {"service_token": "s", "telegram_id": "777"}, "telegram_id"),
    (ServiceTokenExchange, {"service_token": "s", "telegram_id": 0}, "telegram_id"),
    (ServiceTokenExchange, {"service_token": "s", "telegram_id": 2**63}, "telegram_id"),
    (RefreshRequest, {"refresh_token": ""}, "refresh_token"),
    (DevSignIn, {"role": "root"}, "role"),
    (DevSignIn, {"user_id": "a b"}, "user_id"),
    (KeyRequest, {"name": "x" * 65}, "name"),
    (ReviewRequest, {"decision": "maybe"}, "decision"),
    (ReviewRequest, {"decision": "approve", "comment": 5}, "comment"),
    (GrantRequest, {"amount": True, "reason": "r"}, "amount"),
    (GrantRequest, {"amount": 2.0, "reason": "r"}, "amount"),
    (GrantRequest, {"amount": 10_001, "reason": "r"}, "amount"),
    (GrantRequest, {"amount": 5, "reason": ""}, "reason"),
    (RoleRequest, {"role": "root", "reason": "r"}, "role"),
]


@pytest.mark.parametrize(
    ("model", "body", "field"),
    BAD_BODIES,
    ids=[f"{model.__name__}-{field}-{n}" for n, (model, _, field) in enumerate(BAD_BODIES)],
)
def test_each_model_refuses_a_wrong_value_by_the_fields_name(
    model: type[BaseModel], body: dict[str, Any], field: str
) -> None:
    assert _refused(json.dumps(body), model).startswith(field)


def test_telegram_login_keeps_every_signed_field_as_it_was_sent() -> None:
    sent = {
        "id": "777",  # the widget's redirect gives strings; a script may send numbers
        "first_name": "Анна",
        "auth_date": 1_700_000_000,
        "hash": HASH,
        "last_name": None,
        "allows_write_to_pm": "true",  # a field Telegram added later: still signed
    }

    login = parse_body(json.dumps(sent), TelegramLogin)

    assert login.signed_fields() == sent


def test_the_valid_bodies_parse_to_their_fields() -> None:
    upload = parse_body(json.dumps(UPLOAD), DocumentUpload)
    review = parse_body(b'{"decision": "deep_analysis"}', ReviewRequest)
    grant = parse_body(b'{"amount": 3, "reason": "pilot"}', GrantRequest)

    assert (upload.filename, upload.content_type, upload.size) == (
        "contract.pdf",
        UPLOAD["content_type"],
        2048,
    )
    assert (review.decision, review.comment) == ("deep_analysis", "")
    assert (grant.amount, grant.reason) == (3, "pilot")


# --- query strings and path ids -----------------------------------------------------------


@pytest.mark.parametrize("limit", ["0", "101", "5.0", "1_0", "+5", " 5", "", "٥", "9" * 5000])
def test_a_page_size_must_be_plain_digits_in_range(limit: str) -> None:
    with pytest.raises(InvalidRequestError, match=r"^limit"):
        parse_query({"limit": limit}, DocumentPageQuery)


def test_a_page_query_has_defaults_and_ignores_other_parameters() -> None:
    page = parse_query({"limit": "7", "utm_source": "mail"}, DocumentPageQuery)

    assert (page.limit, page.cursor) == (7, None)
    assert parse_query(None, DocumentPageQuery).limit == 20
    assert not parse_query({"cursor": ""}, DocumentPageQuery).cursor  # the first page
    with pytest.raises(InvalidRequestError, match=r"^cursor"):
        parse_query({"cursor": "A" * 2000}, DocumentPageQuery)


def test_runs_are_listed_by_status_failed_only() -> None:
    assert parse_query({}, FailedRunQuery).status == "FAILED"
    with pytest.raises(InvalidRequestError, match=r"^status"):
        parse_query({"status": "RUNNING"}, FailedRunQuery)


@pytest.mark.parametrize(
    ("check", "value"),
    [
        (document_id_in_path, "d" * 3000),
        (document_id_in_path, "short"),
        (document_id_in_path, "ünïcode-id"),
        (user_id_in_path, "u" * 65),
        (user_id_in_path, "a b"),
        (user_id_in_path, "\ud800"),
        (key_id_in_path, "k/1"),
    ],
)
def test_a_path_id_out_of_shape_names_nothing(check: Any, value: str) -> None:
    with pytest.raises(DocumentNotFoundError):
        check(value)


def test_path_ids_in_shape_pass() -> None:
    assert document_id_in_path("0b8f6c1e-0000-4000-8000-000000000000")
    assert user_id_in_path("9f2c4b1a0d6e4e8c9b7a5d3c1e0f2a4b") == "9f2c4b1a0d6e4e8c9b7a5d3c1e0f2a4b"
    assert user_id_in_path("fuzz-admin") == "fuzz-admin"
    assert key_id_in_path("a1b2c3d4e5") == "a1b2c3d4e5"
