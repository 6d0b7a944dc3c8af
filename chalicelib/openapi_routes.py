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
    AccessGrantRequest,
    AuditQuery,
    BatchUpload,
    BlockRequest,
    Credentials,
    DealUpload,
    DevSignIn,
    DocumentPageQuery,
    DocumentUpload,
    EmailVerification,
    FailedRunQuery,
    GrantListQuery,
    GrantRequest,
    KeyRequest,
    PartnerDocumentUpload,
    PasswordResetConfirm,
    PasswordResetRequest,
    ReanalysisRequest,
    RecognitionRequestBody,
    RefreshRequest,
    RegionRequest,
    RestoreRequest,
    ReviewRequest,
    RolePermissionsRequest,
    RoleRequest,
    ServiceTokenExchange,
    ServiceTokenRequest,
    TelegramLogin,
    TelegramWebAppLogin,
    UsageQuery,
    UserSearchQuery,
    VersionCompareQuery,
    VersionUpload,
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
    Operation("list_documents", "GET", "/v1/documents",
              "The caller's documents, or a region's (`scope=region`), newest first",
              "bearer", "documents", {200: "DocumentPage"}, (400, 403), query=DocumentPageQuery),
    Operation("get_document", "GET", "/v1/documents/{document_id}", "A document's status",
              "bearer", "documents", {200: "Document"}, (404,)),
    Operation("delete_document", "DELETE", "/v1/documents/{document_id}",
              "Remove a finished document's files; 409 while it runs",
              "bearer", "documents", {200: "DeletedDocument"}, (404, 409)),
    Operation("get_report", "GET", "/v1/documents/{document_id}/report",
              "The report; 202 while running, 409 if failed",
              "bearer", "documents", _REPORT, (404,)),
    Operation("download_original", "GET", "/v1/documents/{document_id}/original",
              "A short-lived presigned GET of the uploaded file (within the caller's reach)",
              "bearer", "documents", {200: "Download"}, (404,)),
    Operation("download_artifact", "GET", "/v1/documents/{document_id}/artifacts/{artifact}",
              "A short-lived presigned GET of one of the run's artifacts",
              "bearer", "documents", {200: "Download"}, (404,)),
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
    # --- recognition as a service: the bus's request envelope over HTTP (issue 15)
    Operation("b2b_create_recognition", "POST", "/v1/recognitions",
              "A recognition request (recognitionRequest-v1.0) onto the bus",
              "api_key", "recognition", {202: "RecognitionAccepted"}, (401, 409, 503),
              body=RecognitionRequestBody),
    Operation("b2b_get_recognition", "GET", "/v1/recognitions/{job_id}",
              "A partner's recognition job: its answers so far",
              "api_key", "recognition", {200: "RecognitionStatus"}, (401, 404)),
    # --- versions of a document
    Operation("create_version", "POST", "/v1/documents/{document_id}/versions",
              "The document's next version: a credit and a presigned POST (409 while the "
              "current one runs, or for a file identical to a version)",
              "bearer", "versions", {201: "UploadTicket"}, (402, 404, 409, 413),
              body=VersionUpload),
    Operation("list_versions", "GET", "/v1/documents/{document_id}/versions",
              "The document's versions with status and report, and its roll-backs",
              "bearer", "versions", {200: "VersionList"}, (404,)),
    Operation("compare_versions", "GET", "/v1/documents/{document_id}/versions/compare",
              "What changed between two finished versions",
              "bearer", "versions", {200: "VersionComparison"}, (400, 404, 409),
              query=VersionCompareQuery),
    Operation("get_version_report", "GET", "/v1/documents/{document_id}/versions/{version}/report",
              "One version's report; 202 while it runs, 409 if it has none",
              "bearer", "versions",
              {200: "VersionReport", 202: "Document", 409: "FailedVersionReport"}, (404,)),
    Operation("restore_version", "POST",
              "/v1/documents/{document_id}/versions/{version}/restore",
              "Make a finished older version current again; audited",
              "bearer", "versions", {200: "VersionRestore"}, (404, 409),
              body=RestoreRequest, body_required=False),
    Operation("b2b_create_version", "POST", "/v1/b2b/documents/{document_id}/versions",
              "A partner's next version of a document",
              "api_key", "partners", {201: "UploadTicket"}, (401, 402, 404, 409, 413),
              body=VersionUpload),
    Operation("b2b_list_versions", "GET", "/v1/b2b/documents/{document_id}/versions",
              "A partner's document's versions",
              "api_key", "partners", {200: "VersionList"}, (401, 404)),
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
    # --- access: roles, regions, grants, the audit
    Operation("list_roles", "GET", "/v1/admin/roles", "Each role's permissions and their meaning",
              "bearer", "access", {200: "RoleList"}, (403,)),
    Operation("set_role_permissions", "PUT", "/v1/admin/roles/{role}",
              "Replace a role's permissions (audited)",
              "bearer", "access", {200: "RoleDefinition"}, (403, 404, 409),
              body=RolePermissionsRequest),
    Operation("set_user_region", "PUT", "/v1/admin/users/{user_id}/region",
              "Move a user to another region (audited)",
              "bearer", "access", {200: "RegionChange"}, (403, 404), body=RegionRequest),
    Operation("create_grant", "POST", "/v1/admin/grants",
              "Lend a user a permission in a region until a time (audited)",
              "bearer", "access", {201: "AccessGrant"}, (403, 404), body=AccessGrantRequest),
    Operation("list_grants", "GET", "/v1/admin/grants", "Grants, newest first",
              "bearer", "access", {200: "AccessGrantPage"}, (400, 403), query=GrantListQuery),
    Operation("delete_grant", "DELETE", "/v1/admin/grants/{grant_id}", "Revoke a grant (audited)",
              "bearer", "access", {200: "AccessGrant"}, (403, 404, 409)),
    Operation("revoke_grant", "POST", "/v1/admin/grants/{grant_id}/revoke",
              "Revoke a grant (audited; the same as DELETE)",
              "bearer", "access", {200: "AccessGrant"}, (403, 404, 409)),
    Operation("list_audit", "GET", "/v1/admin/audit",
              "The access audit, newest first: reads by non-owners and admin changes",
              "bearer", "access", {200: "AuditPage"}, (400, 403), query=AuditQuery),
    # --- accounts (issue 14): admins' users and usage, mailed tokens, service tokens
    Operation("list_users", "GET", "/v1/admin/users",
              "Users with documents and credits; search by e-mail, Telegram id, region, role",
              "bearer", "admin", {200: "UserPage"}, (400, 403), query=UserSearchQuery),
    Operation("get_user", "GET", "/v1/admin/users/{user_id}",
              "One user, with their blocks and unblocks",
              "bearer", "admin", {200: "UserDetail"}, (403, 404)),
    Operation("block_user", "POST", "/v1/admin/users/{user_id}/block",
              "Block a user at once: tokens, sessions, exchanges, partner keys (audited)",
              "bearer", "admin", {200: "BlockChange"}, (403, 404), body=BlockRequest),
    Operation("unblock_user", "POST", "/v1/admin/users/{user_id}/unblock",
              "Lift a user's block (audited)",
              "bearer", "admin", {200: "BlockChange"}, (403, 404), body=BlockRequest),
    Operation("get_usage", "GET", "/v1/admin/usage",
              "Usage per day: documents, credits, active users",
              "bearer", "admin", {200: "UsageStatistics"}, (400, 403), query=UsageQuery),
    Operation("create_service_token", "POST", "/v1/admin/service-tokens",
              "A new service token for an adapter, its value shown this once",
              "bearer", "admin", {201: "NewServiceToken"}, (403,), body=ServiceTokenRequest),
    Operation("list_service_tokens", "GET", "/v1/admin/service-tokens",
              "The adapters' service tokens, without values",
              "bearer", "admin", {200: "ServiceTokenList"}, (403,)),
    Operation("revoke_service_token", "POST", "/v1/admin/service-tokens/{token_id}/revoke",
              "Revoke one service token; the others keep working",
              "bearer", "admin", {200: "ServiceToken"}, (403, 404)),
    Operation("verify_email", "POST", "/v1/auth/verify-email",
              "Confirm an e-mail address with its mailed token (once)",
              "none", "auth", {200: "EmailVerified"}, (403,), body=EmailVerification),
    Operation("request_password_reset", "POST", "/v1/auth/password-reset",
              "Mail a password reset token; 202 whether the e-mail has an account or not",
              "none", "auth", {202: "ResetRequested"}, body=PasswordResetRequest),
    Operation("confirm_password_reset", "POST", "/v1/auth/password-reset/confirm",
              "Set a new password with a mailed reset token (once, before it expires)",
              "none", "auth", {200: "PasswordReset"}, (403,), body=PasswordResetConfirm),
    # --- re-analysis: reruns of finished documents in the system lane
    Operation("request_reanalysis", "POST", "/v1/admin/reanalysis",
              "Re-analyse documents under today's configuration: one system batch of reruns",
              "bearer", "admin", {202: "ReanalysisBatch"}, (403, 409), body=ReanalysisRequest),
    Operation("list_reruns", "GET", "/v1/documents/{document_id}/versions/{version}/reruns",
              "A version's re-analyses with their status, configuration and report",
              "bearer", "versions", {200: "RerunList"}, (404,)),
    Operation("get_rerun_report", "GET",
              "/v1/documents/{document_id}/versions/{version}/reruns/{rerun}/report",
              "A rerun's report; 202 while it runs, 409 if it failed",
              "bearer", "versions", {200: "RerunReport", 202: "RerunReport", 409: "FailedRerun"},
              (404,)),
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
    # --- the hand-off to an external recognizer
    Operation("get_recognizer_health", "GET", "/v1/recognizer/healthcheck",
              "Whether the recognizer's share and the recognition bus answer",
              "none", "meta", {200: "RecognizerHealth", 503: "RecognizerHealth"}),
    Operation("list_active_recognizer_tasks", "GET", "/v1/recognizer/tasks/active",
              "The hand-offs to the external recognizer still running, with their stage",
              "bearer", "admin", {200: "RecognizerTaskList"}, (403,)),
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
            "ListVersions": {"operationId": "list_versions", "parameters": _NEW_DOCUMENT},
        }
    },
    "create_grant": {
        201: {
            "RevokeGrant": {
                "operationId": "delete_grant",
                "parameters": {"path.grant_id": "$response.body#/grant_id"},
            }
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
    "create_service_token": {
        201: {
            "RevokeServiceToken": {
                "operationId": "revoke_service_token",
                "parameters": {"path.token_id": "$response.body#/token_id"},
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
