"""The OpenAPI 3.1 description of the HTTP API, built from the route table.

`openapi_document()` is what `GET /v1/openapi.json` answers. The routes are data in
`chalicelib.openapi_routes`; this module holds the component schemas of the answers (what
`app.py` and the services put in them) and turns each row into an operation. Request bodies
and query strings are not written here: they are the JSON schemas of the pydantic models the
routes parse them with (`chalicelib.api_models`), so the document cannot promise what the
API refuses, or the other way round.
"""

from __future__ import annotations

import copy
import re
from http import HTTPStatus
from typing import TYPE_CHECKING, Any, get_args

from chalicelib.api_models import PATH_ID_PATTERNS
from chalicelib.auth.tokens import ROLES
from chalicelib.lanes import LANES
from chalicelib.models import DocumentStatus, Pipeline, Route
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
    403: "The caller may not do this (role, or a sign-in method that is not enabled)",
    404: "No such resource, or not the caller's",
    409: "The resource is not in a state that allows this, or exists already",
    413: "The declared file is larger than the upload limit",
    415: "The Content-Type is not application/json, or the file type is not supported",
    429: "Too many failed sign-ins: wait and try again",
}
# API Gateway refuses a partner's request before the function runs, in its own shape.
# API Gateway's own refusals of a partner key, in the same error shape (its gateway responses).
_GATEWAY_MEANING: dict[int, str] = {
    403: "API Gateway: no valid x-api-key (missing, unknown or revoked): INVALID_API_KEY",
    429: "API Gateway: over the usage plan's throttle (RATE_LIMITED) or quota (QUOTA_EXCEEDED)",
}


_ROLE = {"type": "string", "enum": ["user", "reviewer", "admin"]}
_RETRY_AFTER = {
    "description": "Seconds until the lockout ends.",
    "schema": {"type": "integer", "minimum": 1},
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


_STR = {"type": "string"}
_TEXT = {"type": "string", "minLength": 1}
_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_TIME = {"type": "string", "format": "date-time"}
_ERROR_DETAIL = _obj(["code", "message"], code=_STR, message=_STR)
_BATCH_FIELDS = [
    "batch_id", "lane", "kind", "state", "created_at", "total", "counts", "final", "documents",
    "summary", "skipped",
]  # fmt: skip


def _schemas() -> dict[str, Any]:
    document_fields = [
        "document_id", "filename", "status", "stage", "version", "region", "pipeline",
        "route", "confidence", "findings", "refunded", "created_at", "updated_at",
    ]  # fmt: skip
    return {
        "Error": _obj(["error"], error=_ERROR_DETAIL),
        "Registered": {
            **_obj(["status"], status={"const": "registered"}),
            "description": "The same for a new e-mail and a taken one, and no tokens: it never "
            "tells which e-mails have accounts. Sign in with POST /v1/auth/login next.",
        },
        "TokenPair": _obj(
            ["access_token", "refresh_token", "expires_in", "token_type"],
            access_token=_STR,
            refresh_token=_STR,
            expires_in={**_INT, "description": "Seconds the access token lives."},
            token_type={"const": "Bearer"},
        ),
        "Profile": _obj(
            ["user_id", "credits_left", "role", "region"],
            user_id=_STR,
            credits_left=_COUNT,
            role={"enum": sorted(ROLES)},
            region=_STR,
        ),
        "ReviewDecision": _obj(
            ["decision", "reviewer", "comment", "decided_at"],
            decision={"enum": ["approve", "deep_analysis", "reject"]},
            reviewer=_STR,
            comment=_STR,
            decided_at=_TIME,
        ),
        "Document": _obj(
            document_fields,
            document_id=_STR,
            filename=_STR,
            status={"enum": [status.value for status in DocumentStatus]},
            stage={**_STR, "description": "Where the document is, for people."},
            version={"type": "integer", "minimum": 1},
            region=_STR,
            pipeline={"enum": [*get_args(Pipeline), None]},
            route={"enum": [*get_args(Route), None]},
            confidence=_nullable({"type": "number", "minimum": 0, "maximum": 1}),
            findings=_nullable({"type": "object", "additionalProperties": _COUNT}),
            refunded={"type": "boolean"},
            created_at=_TIME,
            updated_at=_TIME,
            error=_ERROR_DETAIL,
            review=_ref("ReviewDecision"),
            deal_id={**_STR, "description": "The deal it belongs to (GET /v1/deals/{deal_id})."},
            lane={
                "enum": list(LANES),
                "description": "Whose capacity its run uses: high (a person waiting), "
                "default (the partner API), batch (bulk imports), system (re-analysis).",
            },
            batch_id={**_STR, "description": "The bulk import it came in (GET /v1/batches/{id})."},
            run_config={
                "type": "object",
                "additionalProperties": _STR,
                "description": "The configuration its run used (config.json has it in full).",
            },
            callback={
                **_obj(
                    ["status", "attempts"],
                    status={"enum": ["pending", "retrying", "delivered", "failed"]},
                    attempts=_COUNT,
                ),
                "description": "A partner's callback_url: how its delivery stands.",
            },
        ),
        "UploadTicket": _obj(
            ["document", "upload", "expires_at"],
            document=_ref("Document"),
            upload=_obj(
                ["url", "fields"],
                url=_STR,
                fields={"type": "object", "additionalProperties": _STR},
            ),
            expires_at=_TIME,
        ),
        "DealTickets": _obj(
            ["deal_id", "documents"],
            deal_id=_STR,
            documents={"type": "array", "items": _ref("UploadTicket")},
        ),
        "Deal": _obj(
            ["deal_id", "documents", "cross_check"],
            deal_id=_STR,
            documents={"type": "array", "items": _ref("Document")},
            cross_check=_nullable(
                {
                    "type": "object",
                    "description": "Once the contract is done and a statement of the deal is: "
                    "the contract amount against revenue, assets and equity, the ИНН against "
                    "the statements' and the ОСВ's, our balances with the counterparty against "
                    "the amount and prepayment, the penalty against liquidity; each comparison "
                    "with its sources (form line and column, or ОСВ row and cell).",
                    "properties": {
                        "contract_id": _STR,
                        "comparisons": {"type": "array", "items": {"type": "object"}},
                        "notes": {"type": "array", "items": _STR},
                        "markdown": _STR,
                    },
                }
            ),
        ),
        "BatchTickets": _obj(
            ["batch_id", "lane"],
            batch_id=_STR,
            lane={"const": "batch"},
            documents={
                "type": "array",
                "items": _ref("UploadTicket"),
                "description": "For `files`: a document and a presigned POST each.",
            },
            upload={
                **_obj(
                    ["url", "fields"],
                    url=_STR,
                    fields={"type": "object", "additionalProperties": _STR},
                ),
                "description": "For `zip`: the one presigned POST for the archive.",
            },
        ),
        "Batch": _obj(
            _BATCH_FIELDS,
            batch_id=_STR,
            lane={"enum": list(LANES)},
            kind={"enum": ["files", "zip"]},
            state={
                "enum": ["awaiting_upload", "unpacking", "open", "failed"],
                "description": "A zip's batch: awaiting its upload, being opened, open (its "
                "documents made), or failed (`error` says why); a list of files is open.",
            },
            skipped={
                "type": "array",
                "items": _STR,
                "description": "A zip's members that are no document, with why.",
            },
            error=_ERROR_DETAIL,
            created_at=_TIME,
            total=_COUNT,
            counts={
                "type": "object",
                "additionalProperties": _COUNT,
                "description": "How many of its documents are in each status.",
            },
            final={"type": "boolean", "description": "Every document is done or failed."},
            documents={"type": "array", "items": _ref("Document")},
            summary=_nullable(
                {
                    **_obj(
                        ["done", "failed", "routes", "findings", "failures", "credits_spent"],
                        done=_COUNT,
                        failed=_COUNT,
                        routes={"type": "object", "additionalProperties": _COUNT},
                        findings={"type": "object", "additionalProperties": _COUNT},
                        documents_with_high_findings=_COUNT,
                        failures={"type": "array", "items": {"type": "object"}},
                        credits_spent=_COUNT,
                        credits_refunded=_COUNT,
                    ),
                    "description": "Once every document is final: outcomes, routes, findings "
                    "by severity, failures with their codes, credits spent and refunded.",
                }
            ),
        ),
        "DocumentPage": _obj(
            ["documents", "next_cursor"],
            documents={"type": "array", "items": _ref("Document")},
            next_cursor=_nullable(_STR),
        ),
        "DeletedDocument": _obj(
            ["document_id", "deleted_at", "objects_removed"],
            document_id=_STR,
            deleted_at=_nullable(_TIME),
            objects_removed=_COUNT,
        ),
        "ReportView": _obj(
            ["document", "markdown", "html", "report"],
            document=_ref("Document"),
            markdown=_STR,
            html={
                **_STR,
                "description": "The Markdown as sanitised HTML (no raw HTML, no script, links "
                "http(s) and mailto only): safe to insert into a page as it is.",
            },
            report={"type": "object", "description": "The report as JSON (facts, findings…)."},
        ),
        "FailedReport": {
            "allOf": [_ref("Error"), _obj(["document"], document=_ref("Document"))],
            "description": "Why the document failed, and the document.",
        },
        "Key": _obj(
            ["key_id", "name", "created_at", "enabled"],
            key_id=_STR,
            name=_STR,
            created_at=_TIME,
            enabled={"type": "boolean"},
        ),
        "NewKey": {
            "allOf": [
                _ref("Key"),
                _obj(["api_key", "callback_secret"], api_key=_STR, callback_secret=_STR),
            ]
        },
        "KeyList": _obj(["keys"], keys={"type": "array", "items": _ref("Key")}),
        "Usage": _obj(
            ["key_id", "days", "total"],
            key_id=_STR,
            days={
                "type": "array",
                "items": _obj(
                    ["date", "used", "remaining"],
                    date={"type": "string", "format": "date"},
                    used=_COUNT,
                    remaining=_COUNT,
                ),
            },
            total=_COUNT,
        ),
        "ReviewQueue": _obj(
            ["reviews"],
            reviews={
                "type": "array",
                "items": {
                    "allOf": [
                        _ref("Document"),
                        _obj(["prescreen"], prescreen=_nullable({"type": "object"})),
                    ]
                },
            },
        ),
        "RunList": _obj(
            ["runs"],
            runs={
                "type": "array",
                "items": _obj(
                    ["execution_arn", "name", "document_id", "started_at", "stopped_at"],
                    execution_arn=_STR,
                    name=_STR,
                    document_id=_STR,
                    started_at=_TIME,
                    stopped_at=_nullable(_TIME),
                    error=_nullable(_STR),
                    cause=_nullable(_STR),
                ),
            },
        ),
        "Redrive": _obj(["document_id", "execution_arn"], document_id=_STR, execution_arn=_STR),
        "CreditGrant": _obj(
            ["user_id", "granted", "credits_left"],
            user_id=_STR,
            granted={"type": "integer", "minimum": 1},
            credits_left=_COUNT,
        ),
        "SignedOut": _obj(["signed_out"], signed_out={"const": True}),
        "RoleChange": _obj(["user_id", "role"], user_id=_STR, role=_ROLE),
        "OpenApiDocument": _obj(["openapi", "info", "paths"], openapi=_STR),
        "ContractList": _obj(
            ["contracts"],
            contracts={
                "type": "array",
                "items": _STR,
                "description": "Names for GET /v1/contracts/{name}: result-v1.0 … result-v1.2 "
                "(the result file by version), osvDocument, statementDocument, types.",
            },
        ),
        "JsonSchema": {
            "type": "object",
            "description": "A JSON Schema (draft 2020-12). Its relative $refs name the other "
            "schemas as this route serves them.",
        },
        "Health": _obj(
            ["status", "checks"],
            status={"enum": ["ok", "unavailable"]},
            checks={"type": "object", "additionalProperties": _STR},
        ),
    }


def _json_content(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _responses(op: Operation) -> dict[str, Any]:
    errors = set(op.errors) | {415}
    if op.body is not None:
        errors.add(400)
    if op.auth != "none":
        errors.add(401)
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
    for field in schema.get("properties", {}).values():
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
            "schemas": {**_schemas(), **_request_schemas()},
            "securitySchemes": {
                "bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
                "apiKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
            },
        },
    }
    return copy.deepcopy(document)  # the schemas share small dicts: share none out
