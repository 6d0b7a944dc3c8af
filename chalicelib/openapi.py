"""The OpenAPI 3.1 description of the HTTP API, built from the route table.

`openapi_document()` is what `GET /v1/openapi.json` answers. The routes are data in
`chalicelib.openapi_routes`; this module turns each row into an operation. No schema is
written here: request bodies and query strings are the JSON schemas of the pydantic models
the routes parse them with (`chalicelib.api_models`), and answers those of the models that
build them (`chalicelib.api_views`), so the document cannot promise what the API refuses or
does not send, or the other way round.
"""

from __future__ import annotations

import copy
import re
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from pydantic.json_schema import models_json_schema

from chalicelib.api_models import PATH_ID_PATTERNS
from chalicelib.api_views import RESPONSE_VIEWS
from chalicelib.openapi_routes import LINKS, ROUTES, Operation

if TYPE_CHECKING:
    from pydantic import BaseModel

OPENAPI_VERSION = "3.1.0"
ERROR_SCHEMA = "#/components/schemas/Error"
_PATH_PARAM = re.compile(r"{(\w+)}")

# What a status means when it answers with the error shape; the code says exactly what.
_ERROR_MEANING: dict[int, str] = {
    400: "A field or parameter is missing, of the wrong type or out of range (the message "
    "names it), or the body is not one JSON object within the limits: 64 KiB, nested at most "
    "16 deep, no repeated key, no NaN or Infinity, no lone surrogate",
    401: "No valid credentials: sign in, or the token or key is not valid",
    402: "No credits left",
    403: "The caller may not do this (no such permission, a sign-in method that is not enabled, "
    "an unconfirmed e-mail: EMAIL_NOT_VERIFIED), or the account is blocked (ACCOUNT_BLOCKED)",
    404: "No such resource, or not the caller's",
    409: "The resource is not in a state that allows this, or exists already",
    413: "The declared file is larger than the upload limit",
    415: "The Content-Type is not application/json, or the file type is not supported",
    429: "Too many failed sign-ins: wait and try again",
    503: "A service we depend on did not answer: send the same request again",
}
# API Gateway refuses a partner's request before the function runs, in its own shape.
# API Gateway's own refusals of a partner key, in the same error shape (its gateway responses).
_GATEWAY_MEANING: dict[int, str] = {
    403: "API Gateway: no valid x-api-key (missing, unknown or revoked): INVALID_API_KEY",
    429: "API Gateway: over the usage plan's throttle (RATE_LIMITED) or quota (QUOTA_EXCEEDED)",
}


_RETRY_AFTER = {
    "description": "Seconds until the lockout ends.",
    "schema": {"type": "integer", "minimum": 1},
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _untitled(schema: Any) -> Any:
    """A schema without pydantic's titles (the component's name says it) or null defaults
    (an absent field is not sent), at every depth."""
    if isinstance(schema, dict):
        return {
            key: _untitled(value)
            for key, value in schema.items()
            if key != "title" and not (key == "default" and value is None)
        }
    if isinstance(schema, list):
        return [_untitled(item) for item in schema]
    return schema


def _response_schemas() -> dict[str, Any]:
    """The component schema of every answer, from the view models that build the answers
    (`chalicelib.api_views`), with the models they nest."""
    _, top = models_json_schema(
        [(view, "serialization") for view in RESPONSE_VIEWS],
        ref_template="#/components/schemas/{model}",
    )
    schemas: dict[str, Any] = _untitled(top["$defs"])
    return schemas


def _json_content(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _responses(op: Operation) -> dict[str, Any]:
    errors = set(op.errors) | {415}
    if op.body is not None:
        errors.add(400)
    if op.auth != "none":
        errors.add(401)
    if op.auth == "bearer":
        errors.add(403)  # a blocked account, on every signed-in route (ACCOUNT_BLOCKED)
    gateway = _GATEWAY_MEANING if op.auth == "api_key" else {}
    answers: dict[int, dict[str, Any]] = {
        status: {
            "description": HTTPStatus(status).phrase,
            "content": _json_content(_ref(schema)),
        }
        for status, schema in op.answers.items()
    }
    for status in errors - op.answers.keys() - gateway.keys():
        answers[status] = {
            "description": _ERROR_MEANING[status],
            "content": _json_content({"$ref": ERROR_SCHEMA}),
        }
        if status == 429:
            answers[status]["headers"] = {"Retry-After": _RETRY_AFTER}
    for status, meaning in gateway.items():
        answers[status] = {
            "description": meaning,
            "content": _json_content({"$ref": ERROR_SCHEMA}),
        }
    return {str(status): answers[status] for status in sorted(answers)}


def model_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A request model's JSON schema as the document holds it (no titles on its fields, no
    `null` defaults: an absent field is not sent)."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    # Models nested in it (a reanalysis's filter) are cleaned as the body is.
    for part in (schema, *schema.get("$defs", {}).values()):
        for field in part.get("properties", {}).values():
            field.pop("title", None)
            if "default" in field and field["default"] is None:
                del field["default"]
    return schema


def _request_schemas() -> dict[str, Any]:
    """The component schema of every request body, named after its model."""
    models = {op.body.__name__: op.body for op in ROUTES if op.body is not None}
    schemas: dict[str, Any] = {}
    for name, model in sorted(models.items()):
        schema = model_schema(model)
        # A model nested in a body (a bulk import's zip) is a component of its own too: the
        # body's `$ref`s point there.
        for nested, definition in schema.get("$defs", {}).items():
            schemas.setdefault(nested, definition)
        schemas[name] = schema
    return schemas


def query_parameters(model: type[BaseModel]) -> list[dict[str, Any]]:
    """A query model's fields as the operation's query parameters."""
    schema = model_schema(model)
    required = set(schema.get("required", []))
    parameters = []
    for name, field in schema["properties"].items():
        described = dict(field)
        parameter: dict[str, Any] = {"name": name, "in": "query"}
        if description := described.pop("description", None):
            parameter["description"] = description
        if name in required:
            parameter["required"] = True
        parameters.append({**parameter, "schema": described})
    return parameters


def _path_parameter(name: str) -> dict[str, Any]:
    schema = {"type": "string", "pattern": PATH_ID_PATTERNS[name]}
    return {"name": name, "in": "path", "required": True, "schema": schema}


def _operation(op: Operation) -> dict[str, Any]:
    scheme = {"bearer": "bearerAuth", "api_key": "apiKey"}.get(op.auth)
    security: list[dict[str, list[str]]] = [{scheme: []}] if scheme else []
    parameters = [_path_parameter(name) for name in _PATH_PARAM.findall(op.path)]
    if op.query is not None:
        parameters += query_parameters(op.query)
    operation: dict[str, Any] = {
        "operationId": op.operation_id,
        "summary": op.summary,
        "tags": [op.tag],
        "security": security,
    }
    if parameters:
        operation["parameters"] = parameters
    if op.body is not None:
        operation["requestBody"] = {
            "required": op.body_required,
            "content": _json_content(_ref(op.body.__name__)),
        }
    operation["responses"] = _responses(op)
    for link_status, links in LINKS.get(op.operation_id, {}).items():
        operation["responses"][str(link_status)]["links"] = links
    return operation


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of every route, as a JSON-ready dict (a new one each call)."""
    paths: dict[str, dict[str, Any]] = {}
    for op in ROUTES:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op)
    document = {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "contract-check",
            "version": "1",
            "description": (
                "Screening of deal documents: upload through a presigned POST, then poll the "
                'report. Every error is `{"error": {"code", "message"}}`, API Gateway\'s own '
                "refusals included (no token, a refused key, a throttle, no such route). Any "
                "route refuses a Content-Type other than application/json with 415. On the "
                "local cloud, POST /v1/auth/dev signs in as any user and role."
            ),
        },
        "tags": [{"name": name} for name in dict.fromkeys(op.tag for op in ROUTES)],
        "paths": paths,
        "components": {
            "schemas": {**_response_schemas(), **_request_schemas()},
            "securitySchemes": {
                "bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
                "apiKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
            },
        },
    }
    return copy.deepcopy(document)  # the schemas share small dicts: share none out
