"""The HTTP API's routes as data, for the OpenAPI document (`chalicelib.openapi`).

One row per operation of the JSON API (every route under `/v1/`), in `app.py`'s order. The
web page's routes (`/` and `/web/{name}`: HTML, scripts, styles) are not API operations and
are left out on purpose; `tests/unit/test_openapi.py` names them. `operation_id` is the
Chalice view's name, `answers` maps a status to the component schema of its body, and
`errors` lists the statuses that answer with the error shape. `body` and `query` are the
pydantic models (`chalicelib.api_models`) the route parses its JSON body and query string
with: the document describes them with those models' own schemas. The builder adds what
every operation of a kind shares: 401 for a bearer token (API Gateway's, from the
authorizer), its 403 and 429 for a partner key, 400 for a JSON body and 415 everywhere
(Chalice refuses a non-JSON `Content-Type` on every route).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from chalicelib.api_models import (
    BatchUpload,
    Credentials,
    DealUpload,
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
)

if TYPE_CHECKING:
    from pydantic import BaseModel

Auth = Literal["bearer", "api_key", "none"]


@dataclass(frozen=True)
class Operation:
    """One method on one path, as the OpenAPI document describes it."""

    operation_id: str
    method: str
    path: str
    summary: str
    auth: Auth
    tag: str
    answers: dict[int, str]
    errors: tuple[int, ...] = ()
    body: type[BaseModel] | None = None
    body_required: bool = True
    query: type[BaseModel] | None = None


_REPORT = {200: "ReportView", 202: "Document", 409: "FailedReport"}

# operation_id, method, path, summary, auth, tag, answers, errors[, body=, query=]
# fmt: off
ROUTES: tuple[Operation, ...] = (
    Operation("register", "POST", "/v1/auth/register",
              "Create an account (a taken e-mail gets the same answer); then sign in",
              "none", "auth", {202: "Registered"}, body=Credentials),
    Operation("login", "POST", "/v1/auth/login", "Tokens for an e-mail and password",
              "none", "auth", {200: "TokenPair"}, (401, 429), body=Credentials),
    Operation("telegram_login", "POST", "/v1/auth/telegram",
              "Tokens for Telegram Login Widget data",
              "none", "auth", {200: "TokenPair"}, (401, 403), body=TelegramLogin),
    Operation("telegram_webapp_login", "POST", "/v1/auth/telegram-webapp",
              "Tokens for a Telegram Mini App's initData",
              "none", "auth", {200: "TokenPair"}, (401, 403), body=TelegramWebAppLogin),
    Operation("exchange_service_token", "POST", "/v1/auth/service-token",
              "Tokens for a Telegram user, for the bot's service token",
              "none", "auth", {200: "TokenPair"}, (401, 403), body=ServiceTokenExchange),
    Operation("refresh_tokens", "POST", "/v1/auth/refresh", "A new pair for a refresh token",
              "none", "auth", {200: "TokenPair"}, (401,), body=RefreshRequest),
    Operation("sign_out", "POST", "/v1/auth/logout", "End a session: its refresh token is refused",
              "none", "auth", {200: "SignedOut"}, (401,), body=RefreshRequest),
    Operation("development_sign_in", "POST", "/v1/auth/dev",
              "The local cloud's sign-in: tokens for any user and role (403 elsewhere)",
              "none", "auth", {200: "TokenPair"}, (403,), body=DevSignIn, body_required=False),
    Operation("get_me", "GET", "/v1/me", "The caller's credits and role",
              "bearer", "account", {200: "Profile"}),
    # --- documents
    Operation("create_document", "POST", "/v1/documents",
              "Reserve a credit; a presigned POST for the file",
              "bearer", "documents", {201: "UploadTicket"}, (402, 413), body=DocumentUpload),
    Operation("create_deal", "POST", "/v1/deals",
              "A contract and its counterparty's statements: a credit and a form each",
              "bearer", "deals", {201: "DealTickets"}, (402, 413), body=DealUpload),
    Operation("get_deal", "GET", "/v1/deals/{deal_id}",
              "A deal's documents and the contract's cross-check with the statements",
              "bearer", "deals", {200: "Deal"}, (404,)),
    Operation("attach_document", "POST", "/v1/documents/{document_id}/attachments",
              "Another file of this document's deal: a credit and a presigned POST",
              "bearer", "deals", {201: "UploadTicket"}, (402, 404, 413), body=DocumentUpload),
    Operation("list_documents", "GET", "/v1/documents", "The caller's documents, newest first",
              "bearer", "documents", {200: "DocumentPage"}, (400,), query=DocumentPageQuery),
    Operation("get_document", "GET", "/v1/documents/{document_id}", "A document's status",
              "bearer", "documents", {200: "Document"}, (404,)),
    Operation("delete_document", "DELETE", "/v1/documents/{document_id}",
              "Remove a finished document's files; 409 while it runs",
              "bearer", "documents", {200: "DeletedDocument"}, (404, 409)),
    Operation("get_report", "GET", "/v1/documents/{document_id}/report",
              "The report; 202 while running, 409 if failed",
              "bearer", "documents", _REPORT, (404,)),
    # --- partner keys: people manage them
    Operation("create_key", "POST", "/v1/keys", "A new partner API key, its value shown this once",
              "bearer", "keys", {201: "NewKey"}, (409,), body=KeyRequest),
    Operation("list_keys", "GET", "/v1/keys", "The caller's keys, without values",
              "bearer", "keys", {200: "KeyList"}),
    Operation("revoke_key", "POST", "/v1/keys/{key_id}/revoke", "Revoke one of the caller's keys",
              "bearer", "keys", {200: "Key"}, (404,)),
    # --- partners: API Gateway checks the key and the usage plan first
    Operation("b2b_create_document", "POST", "/v1/b2b/documents", "A partner's upload",
              "api_key", "partners", {201: "UploadTicket"}, (401, 402, 413),
              body=PartnerDocumentUpload),
    Operation("b2b_get_document", "GET", "/v1/b2b/documents/{document_id}", "A partner's document",
              "api_key", "partners", {200: "Document"}, (401, 404)),
    Operation("b2b_get_report", "GET", "/v1/b2b/documents/{document_id}/report",
              "A partner's report", "api_key", "partners", _REPORT, (401, 404)),
    Operation("b2b_usage", "GET", "/v1/b2b/usage", "The key's requests per day, 30 days",
              "api_key", "partners", {200: "Usage"}, (401,)),
    # --- bulk imports: every run in the batch lane
    Operation("create_batch", "POST", "/v1/batches",
              "Many files at once: a credit, a document and a presigned POST each",
              "bearer", "batches", {201: "BatchTickets"}, (402, 413), body=BatchUpload),
    Operation("get_batch", "GET", "/v1/batches/{batch_id}",
              "A batch's counts by status, its documents and, once all are final, its summary",
              "bearer", "batches", {200: "Batch"}, (404,)),
    # --- reviewers
    Operation("list_reviews", "GET", "/v1/reviews", "Documents held for a reviewer",
              "bearer", "reviews", {200: "ReviewQueue"}, (403,)),
    Operation("decide_review", "POST", "/v1/reviews/{document_id}", "Decide a held document",
              "bearer", "reviews", {200: "Document"}, (403, 404, 409), body=ReviewRequest),
    # --- operators
    Operation("failed_runs", "GET", "/v1/admin/runs", "Failed runs with error and cause",
              "bearer", "admin", {200: "RunList"}, (400, 403), query=FailedRunQuery),
    Operation("redrive_run", "POST", "/v1/admin/documents/{document_id}/redrive",
              "Redrive a failed document's run",
              "bearer", "admin", {202: "Redrive"}, (403, 404, 409)),
    Operation("grant_credits", "POST", "/v1/admin/users/{user_id}/credits", "Grant a user credits",
              "bearer", "admin", {200: "CreditGrant"}, (403, 404), body=GrantRequest),
    Operation("set_user_role", "PUT", "/v1/admin/users/{user_id}/role",
              "Make a user a user, reviewer or admin",
              "bearer", "admin", {200: "RoleChange"}, (403, 404), body=RoleRequest),
    # --- operations
    Operation("get_health", "GET", "/v1/health", "Whether the table, bucket and pipeline answer",
              "none", "meta", {200: "Health", 503: "Health"}),
    # --- this document, and the recognition contract (JSON Schemas of the result files)
    Operation("get_openapi", "GET", "/v1/openapi.json", "This OpenAPI document",
              "none", "meta", {200: "OpenApiDocument"}),
    Operation("list_contracts", "GET", "/v1/contracts", "The recognition contract's schema names",
              "none", "contracts", {200: "ContractList"}),
    Operation("get_contract", "GET", "/v1/contracts/{name}",
              "A JSON Schema of the recognition contract (result file, osvDocument, …)",
              "none", "contracts", {200: "JsonSchema"}, (404,)),
)
# fmt: on

# How an answer leads to the next call (OpenAPI links): a new document is read, its report
# fetched or it is deleted; a new key is revoked. Schemathesis follows them when it fuzzes
# the API as a client would, one call after another.
_NEW_DOCUMENT = {"path.document_id": "$response.body#/document/document_id"}
LINKS: dict[str, dict[int, dict[str, Any]]] = {
    "create_document": {
        201: {
            "GetDocument": {"operationId": "get_document", "parameters": _NEW_DOCUMENT},
            "GetReport": {"operationId": "get_report", "parameters": _NEW_DOCUMENT},
            "DeleteDocument": {"operationId": "delete_document", "parameters": _NEW_DOCUMENT},
        }
    },
    "create_key": {
        201: {
            "RevokeKey": {
                "operationId": "revoke_key",
                "parameters": {"path.key_id": "$response.body#/key_id"},
            }
        }
    },
    "b2b_create_document": {
        201: {
            "GetPartnerDocument": {"operationId": "b2b_get_document", "parameters": _NEW_DOCUMENT},
            "GetPartnerReport": {"operationId": "b2b_get_report", "parameters": _NEW_DOCUMENT},
        }
    },
}
