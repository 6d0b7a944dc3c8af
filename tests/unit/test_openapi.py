"""The OpenAPI document: exactly the app's routes, an error shape for each, a valid document."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openapi_spec_validator import validate

import app
from chalicelib.api_models import PATH_ID_PATTERNS, RecognitionRequestBody, TelegramLogin
from chalicelib.http import error_body
from chalicelib.openapi import ERROR_SCHEMA, model_schema, openapi_document, query_parameters
from chalicelib.openapi_routes import LINKS, ROUTES
from infra.localcloud.gateway import api_test_client

METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return openapi_document()


def _operations(document: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (path, method.upper()): operation
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


# The web page's routes serve HTML, scripts and styles, not the JSON API: the document
# leaves them out, and every other route must be under /v1/ and described.
WEB_PAGE_ROUTES = {("/", "GET"), ("/web/{name}", "GET")}


def _app_routes() -> set[tuple[str, str]]:
    return {(path, method) for path, entries in app.app.routes.items() for method in entries}


def test_the_only_routes_outside_v1_are_the_web_pages() -> None:
    outside = {(path, method) for path, method in _app_routes() if not path.startswith("/v1/")}
    assert outside == WEB_PAGE_ROUTES


def test_the_document_lists_exactly_the_routes_of_the_app(document: dict[str, Any]) -> None:
    routes = _app_routes() - WEB_PAGE_ROUTES
    described = set(_operations(document))
    assert routes - described == set(), "routes the document does not describe"
    assert described - routes == set(), "operations the app does not have"


def test_each_operation_is_named_after_its_view_and_has_its_auth(
    document: dict[str, Any],
) -> None:
    for (path, method), operation in _operations(document).items():
        entry = app.app.routes[path][method]
        assert operation["operationId"] == entry.view_name
        schemes = {name for requirement in operation["security"] for name in requirement}
        if entry.api_key_required:
            assert schemes == {"apiKey"}, operation["operationId"]
        else:
            assert "apiKey" not in schemes, operation["operationId"]
        # A bearer route is one API Gateway's authorizer guards, and no other is.
        guarded = entry.authorizer is not None and entry.authorizer.name == "bearer_token"
        assert guarded == (schemes == {"bearerAuth"}), operation["operationId"]


def test_every_operation_answers_some_4xx_with_the_error_shape(document: dict[str, Any]) -> None:
    for operation in _operations(document).values():
        shaped = [
            status
            for status, response in operation["responses"].items()
            if status.startswith("4")
            and response["content"]["application/json"]["schema"] == {"$ref": ERROR_SCHEMA}
        ]
        assert shaped, f"{operation['operationId']} has no 4xx with the error shape"


def test_signed_in_operations_answer_401_and_json_bodies_400(document: dict[str, Any]) -> None:
    for operation in _operations(document).values():
        responses = operation["responses"]
        if operation["security"]:
            assert "401" in responses, operation["operationId"]
        if "requestBody" in operation:
            assert {"400", "415"} <= responses.keys(), operation["operationId"]


def test_the_error_schema_is_the_one_the_api_sends(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    error = schemas["Error"]
    assert error["required"] == ["error"]
    detail = error["properties"]["error"]["$ref"].rsplit("/", 1)[-1]
    assert schemas[detail]["required"] == ["code", "message"]
    assert error_body("SOME_CODE", "Some words.") == {
        "error": {"code": "SOME_CODE", "message": "Some words."}
    }


def test_the_document_is_valid_openapi_3_1(document: dict[str, Any]) -> None:
    assert document["openapi"] == "3.1.0"
    validate(document)  # raises on an invalid document or a dangling $ref
    json.dumps(document)  # JSON-ready: no enums, dates or tuples left


def test_each_call_builds_a_new_document(document: dict[str, Any]) -> None:
    again = openapi_document()
    assert again == document
    again["components"]["schemas"]["Error"]["required"].append("oops")
    assert openapi_document() == document


def test_the_api_serves_the_document_without_sign_in(document: dict[str, Any]) -> None:
    with api_test_client(app.app) as client:
        response = client.http.get("/v1/openapi.json")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    assert response.json_body == document


def test_each_request_body_is_documented_by_the_model_its_route_parses(
    document: dict[str, Any],
) -> None:
    operations = _operations(document)
    for op in ROUTES:
        operation = operations[(op.path, op.method)]
        if op.body is None:
            assert "requestBody" not in operation, op.operation_id
            continue
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/{op.body.__name__}"}, op.operation_id
        assert document["components"]["schemas"][op.body.__name__] == model_schema(op.body)


def test_query_and_path_parameters_come_from_the_models_and_id_shapes(
    document: dict[str, Any],
) -> None:
    operations = _operations(document)
    for op in ROUTES:
        parameters = operations[(op.path, op.method)].get("parameters", [])
        in_query = [p for p in parameters if p["in"] == "query"]
        assert in_query == (query_parameters(op.query) if op.query else []), op.operation_id
        for parameter in (p for p in parameters if p["in"] == "path"):
            assert parameter["schema"]["pattern"] == PATH_ID_PATTERNS[parameter["name"]]


def test_request_bodies_refuse_fields_they_do_not_name_except_telegrams_and_the_envelope(
    document: dict[str, Any],
) -> None:
    for op in ROUTES:
        if op.body is not None:
            schema = document["components"]["schemas"][op.body.__name__]
            # Telegram signs every field it sends, new ones too: they are all kept. A
            # recognition request may be a later 1.x MINOR, whose new fields a 1.0 reader
            # ignores (the contract's versioning rule).
            open_bodies = (TelegramLogin, RecognitionRequestBody)
            assert schema["additionalProperties"] is (op.body in open_bodies), op.body


def test_links_lead_from_a_new_resource_to_the_operations_on_it(
    document: dict[str, Any],
) -> None:
    ids = {operation["operationId"] for operation in _operations(document).values()}
    created = _operations(document)[("/v1/documents", "POST")]["responses"]["201"]["links"]
    assert {link["operationId"] for link in created.values()} == {
        "get_document",
        "get_report",
        "delete_document",
        "list_versions",
    }
    for op in ROUTES:
        for status, links in LINKS.get(op.operation_id, {}).items():
            assert str(status) in _operations(document)[(op.path, op.method)]["responses"]
            assert {link["operationId"] for link in links.values()} <= ids
