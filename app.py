"""The HTTP API (Chalice): every route is thin; the work is in chalicelib."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeVar

from chalice.app import AuthRequest, AuthResponse, Chalice, CORSConfig, Request, Response

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
    batch_id_in_path,
    document_id_in_path,
    key_id_in_path,
    user_id_in_path,
)
from chalicelib.auth.authorizer import bearer_claims
from chalicelib.auth.roles import require_recorded_role
from chalicelib.contracts import contract_names, load_contract
from chalicelib.errors import AuthenticationRequiredError
from chalicelib.http import (
    JSON_HEADERS,
    parse_body,
    parse_query,
    reshaped_framework_error,
    with_error_shape,
)
from chalicelib.lanes import PARTNER_LANE, PERSON_LANE
from chalicelib.openapi import openapi_document
from chalicelib.request_logging import CORRELATION_HEADER, correlated_request
from chalicelib.services.callbacks import check_callback_url
from chalicelib.services.documents import document_view
from chalicelib.services.uploads import UploadRequest, UploadTicket
from chalicelib.settings import get_settings, web_origin
from chalicelib.web.assets import CONFIG, WebFile, web_asset, web_headers, web_page
from chalicelib.web.config import page_config
from chalicelib.wiring import (
    auth_service,
    batch_service,
    document_queries,
    health_check,
    operator_service,
    partner_keys,
    repository,
    review_service,
    token_issuer,
    upload_service,
    user_service,
    zip_import_service,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from pydantic import BaseModel

    from chalicelib.api_models import FileUpload
    from chalicelib.auth.tokens import TokenPair

ViewT = TypeVar("ViewT", bound="Callable[..., Any]")
ModelT = TypeVar("ModelT", bound="BaseModel")

# Powertools owns logging (the service name is also "contract-check"): Chalice must not
# attach its own handler to that logger.
app = Chalice(app_name="contract-check", configure_logs=False)
# The web page calls the API from its own origin: every route answers its preflight and
# carries Access-Control-Allow-Origin (Authorization and X-Api-Key are among the allowed
# headers, X-Correlation-ID is added; it and Retry-After may be read back). Set before any
# route: Chalice gives each route the API's CORS when it is made.
if _origin := web_origin():
    app.api.cors = CORSConfig(
        allow_origin=_origin,
        allow_headers=[CORRELATION_HEADER],
        expose_headers=[CORRELATION_HEADER, "Retry-After"],
        max_age=600,
    )


def _json(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    """A JSON answer; `headers` beside the content type (an error's `Retry-After`)."""
    return Response(body=body, status_code=status, headers={**JSON_HEADERS, **(headers or {})})


api_route = with_error_shape(_json)


@app.middleware("http")
def correlation_id(event: Request, get_response: Callable[[Request], Response]) -> Response:
    """Every request logs as JSON under its correlation id (the caller's `X-Correlation-ID`
    or a new one), which the answer carries back and an upload keeps for its run."""
    route = str(event.context.get("resourcePath") or "")
    header = event.headers.get(CORRELATION_HEADER)
    with correlated_request(event.method, route, header) as request:
        response = get_response(event)
        request.status = response.status_code
    response.headers = {**response.headers, CORRELATION_HEADER: request.correlation_id}
    return response


@app.middleware("http")
def one_error_shape(event: Request, get_response: Callable[[Request], Response]) -> Response:
    """Errors Chalice answers by itself (415, 405, ...) get our error shape too."""
    response = get_response(event)
    reshaped = reshaped_framework_error(response.status_code, response.body)
    if reshaped is not None:
        response.body = reshaped
        response.headers = {**response.headers, **JSON_HEADERS}
    return response


# API Gateway caches the authorizer's answer per token for this long: revocation of an
# access token is never needed within it (they live 15 minutes, and the rights a role gives
# are read from the user's record by each route that needs them, never from the token alone).
AUTHORIZER_CACHE_SECONDS = 60


@app.authorizer(ttl_seconds=AUTHORIZER_CACHE_SECONDS)
def bearer_token(auth_request: AuthRequest) -> AuthResponse:
    """API Gateway's check of a person's access token, before any of their routes runs."""
    claims = bearer_claims(auth_request.token, token_issuer())
    # Every route: the cached answer is reused for the token's other calls. Roles are
    # checked by the routes themselves (require_role), against the user's record.
    return AuthResponse(routes=["*"], principal_id=claims.user_id, context={"role": claims.role})


def signed_in_json_route(path: str, method: str) -> Callable[[ViewT], ViewT]:
    """A route for a signed-in person (the bearer authorizer) that takes a JSON body."""
    route: Callable[[ViewT], ViewT] = app.route(
        path, methods=[method], content_types=["application/json"], authorizer=bearer_token
    )
    return route


def current_caller() -> tuple[str, str]:
    """The caller's user id and role, as the bearer authorizer put them in the request."""
    request = app.current_request
    authorized = (request.context.get("authorizer") or {}) if request else {}
    user_id, role = authorized.get("principalId"), authorized.get("role")
    if not user_id or not role:
        # Only a route declared without the authorizer can get here: a bug, not a caller's.
        raise AuthenticationRequiredError
    return str(user_id), str(role)


def current_user() -> str:
    """The caller's user id."""
    return current_caller()[0]


def require_role(*roles: str) -> str:
    """The caller's user id when their role is one of `roles`; 403 otherwise.

    The user's record decides (one read), so a demotion takes effect at once: the token's
    role is only what it was at issue, and lives on in the authorizer's cache too.
    """
    user_id, token_role = current_caller()
    require_recorded_role(repository(), user_id, token_role, roles)
    return user_id


def _query(model: type[ModelT]) -> ModelT:
    """The request's query string as `model` (`chalicelib.api_models`), or a 400."""
    request = app.current_request
    return parse_query(request.query_params if request else None, model)


def _body(model: type[ModelT], *, optional: bool = False) -> ModelT:
    """The request's JSON body as `model` (`chalicelib.api_models`), or a 400 naming the
    field; an `optional` body may be left out."""
    request = app.current_request
    return parse_body(request.raw_body if request else None, model, optional=optional)


def _tokens(pair: TokenPair, status: int = 200) -> Response:
    return _json(status, asdict(pair))


@app.route("/v1/auth/register", methods=["POST"], content_types=["application/json"])
@api_route
def register() -> Response:
    """A new account by e-mail and password; a taken e-mail gets the same 202, and neither
    gets tokens (sign in next), so this route never tells which e-mails have accounts."""
    body = _body(Credentials)
    auth_service().register(body.email, body.password)
    return _json(202, {"status": "registered"})


@app.route("/v1/auth/login", methods=["POST"], content_types=["application/json"])
@api_route
def login() -> Response:
    """Tokens for an e-mail and password; 429 after too many failures."""
    body = _body(Credentials)
    return _tokens(auth_service().login(body.email, body.password))


@app.route("/v1/auth/telegram", methods=["POST"], content_types=["application/json"])
@api_route
def telegram_login() -> Response:
    """Tokens for Telegram Login Widget data, checked with the bot token's HMAC."""
    return _tokens(auth_service().telegram_login(_body(TelegramLogin).signed_fields()))


@app.route("/v1/auth/telegram-webapp", methods=["POST"], content_types=["application/json"])
@api_route
def telegram_webapp_login() -> Response:
    """Tokens for a Telegram Mini App's initData, checked with the bot token's HMAC."""
    return _tokens(auth_service().telegram_webapp_login(_body(TelegramWebAppLogin).init_data))


@app.route("/v1/auth/service-token", methods=["POST"], content_types=["application/json"])
@api_route
def exchange_service_token() -> Response:
    """The Telegram adapter's exchange: its service token and a verified Telegram id."""
    body = _body(ServiceTokenExchange)
    pair = auth_service().exchange_service_token(body.service_token, body.telegram_id)
    return _tokens(pair)


@app.route("/v1/auth/refresh", methods=["POST"], content_types=["application/json"])
@api_route
def refresh_tokens() -> Response:
    """A new pair of tokens for a refresh token."""
    return _tokens(auth_service().refresh(_body(RefreshRequest).refresh_token))


@app.route("/v1/auth/logout", methods=["POST"], content_types=["application/json"])
@api_route
def sign_out() -> Response:
    """End a session: its refresh token is refused from now on."""
    auth_service().sign_out(_body(RefreshRequest).refresh_token)
    return _json(200, {"signed_out": True})


@app.route("/v1/auth/dev", methods=["POST"], content_types=["application/json"])
@api_route
def development_sign_in() -> Response:
    """The local cloud's sign-in (AUTH_MODE=dev): tokens for any user and role; 403 elsewhere."""
    settings = get_settings()
    body = _body(DevSignIn, optional=True)
    user_id = settings.dev_user_id if body.user_id is None else body.user_id
    role = settings.dev_user_role if body.role is None else body.role
    return _tokens(auth_service().development_sign_in(user_id, role))


@app.route("/v1/me", methods=["GET"], authorizer=bearer_token)
@api_route
def get_me() -> Response:
    """The caller's credits and role."""
    return _json(200, user_service().profile(current_user()).model_dump(mode="json"))


@signed_in_json_route("/v1/documents", "POST")
@api_route
def create_document() -> Response:
    """Reserve a credit and return a presigned POST for the file."""
    owner_id = current_user()
    return _new_upload(owner_id, _body(DocumentUpload))


def _ticket_view(ticket: UploadTicket) -> dict[str, Any]:
    return {
        "document": document_view(ticket.document),
        "upload": {"url": ticket.form.url, "fields": ticket.form.fields},
        "expires_at": ticket.document.upload_expires_at.isoformat(),
    }


def _upload_request(body: FileUpload) -> UploadRequest:
    return UploadRequest(filename=body.filename, content_type=body.content_type, size=body.size)


@signed_in_json_route("/v1/deals", "POST")
@api_route
def create_deal() -> Response:
    """A contract and its counterparty's statements at once: a credit and a form each."""
    body = _body(DealUpload)
    deal_id, tickets = upload_service().request_deal(
        current_user(), [_upload_request(file) for file in body.files]
    )
    return _json(201, {"deal_id": deal_id, "documents": [_ticket_view(t) for t in tickets]})


@app.route("/v1/deals/{deal_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_deal(deal_id: str) -> Response:
    """A deal's documents and, once its contract is done, the cross-check."""
    return _json(200, document_queries().deal(current_user(), document_id_in_path(deal_id)))


@signed_in_json_route("/v1/documents/{document_id}/attachments", "POST")
@api_route
def attach_document(document_id: str) -> Response:
    """Another file of the deal this document opens: a credit and a presigned POST."""
    owner_id = current_user()
    ticket = upload_service().attach(
        owner_id, document_id_in_path(document_id), _upload_request(_body(DocumentUpload))
    )
    return _json(201, _ticket_view(ticket))


def _new_upload(owner_id: str, body: FileUpload, *, partner_key_id: str | None = None) -> Response:
    callback_url = None
    if isinstance(body, PartnerDocumentUpload) and body.callback_url is not None:
        # The local cloud (AUTH_MODE=dev) may call back to localhost; nothing else may.
        allow_private = get_settings().auth_mode == "dev"
        callback_url = check_callback_url(body.callback_url, allow_private=allow_private)
    upload = UploadRequest(
        filename=body.filename,
        content_type=body.content_type,
        size=body.size,
        callback_url=callback_url,
        callback_key_id=partner_key_id if callback_url else None,
        # The partner API's runs go in the default lane; a person's stay in high.
        lane=PARTNER_LANE if isinstance(body, PartnerDocumentUpload) else PERSON_LANE,
    )
    ticket = upload_service().request_upload(owner_id, upload)
    return _json(201, _ticket_view(ticket))


@app.route("/v1/documents", methods=["GET"], authorizer=bearer_token)
@api_route
def list_documents() -> Response:
    """The caller's documents, newest first: `?limit=` (1-100, default 20) and `?cursor=`."""
    page = _query(DocumentPageQuery)
    return _json(200, document_queries().list(current_user(), limit=page.limit, cursor=page.cursor))


@app.route("/v1/documents/{document_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_document(document_id: str) -> Response:
    """A document's status and stage."""
    owner_id = current_user()
    document = document_queries().get(owner_id, document_id_in_path(document_id))
    return _json(200, document_view(document))


@app.route("/v1/documents/{document_id}", methods=["DELETE"], authorizer=bearer_token)
@api_route
def delete_document(document_id: str) -> Response:
    """Remove a finished document's original and artifacts; 409 while it is still running."""
    owner_id = current_user()
    return _json(200, document_queries().delete(owner_id, document_id_in_path(document_id)))


@app.route("/v1/documents/{document_id}/report", methods=["GET"], authorizer=bearer_token)
@api_route
def get_report(document_id: str) -> Response:
    """200 with Markdown and JSON when done; 202 with the stage while running; 409 if failed."""
    owner_id = current_user()
    view = document_queries().report(owner_id, document_id_in_path(document_id))
    return _json(view.http_status, view.body)


# --- partners: API keys (people manage them; partners call with one) ------------------------


@signed_in_json_route("/v1/keys", "POST")
@api_route
def create_key() -> Response:
    """A new partner API key on the usage plan; its value is shown this once."""
    owner_id = current_user()
    return _json(201, partner_keys().create(owner_id, _body(KeyRequest).name))


@app.route("/v1/keys", methods=["GET"], authorizer=bearer_token)
@api_route
def list_keys() -> Response:
    """The caller's partner keys, without their values."""
    return _json(200, {"keys": partner_keys().list(current_user())})


@app.route("/v1/keys/{key_id}/revoke", methods=["POST"], authorizer=bearer_token)
@api_route
def revoke_key(key_id: str) -> Response:
    """Disable one of the caller's keys at once."""
    owner_id = current_user()
    return _json(200, partner_keys().revoke(owner_id, key_id_in_path(key_id)))


def _partner_key_id() -> str | None:
    """The key id API Gateway puts in the request context for a key-protected route."""
    request = app.current_request
    identity = (request.context.get("identity") or {}) if request else {}
    key_id = identity.get("apiKeyId")
    return str(key_id) if key_id else None


def _partner() -> str:
    return partner_keys().owner_of(_partner_key_id())


@app.route(
    "/v1/b2b/documents", methods=["POST"], content_types=["application/json"], api_key_required=True
)
@api_route
def b2b_create_document() -> Response:
    """A partner's upload, charged to the key's owner; `callback_url` gets the outcome."""
    owner_id = _partner()
    return _new_upload(owner_id, _body(PartnerDocumentUpload), partner_key_id=_partner_key_id())


@app.route("/v1/b2b/documents/{document_id}", methods=["GET"], api_key_required=True)
@api_route
def b2b_get_document(document_id: str) -> Response:
    """A partner's document, by the key's owner."""
    owner_id = _partner()
    document = document_queries().get(owner_id, document_id_in_path(document_id))
    return _json(200, document_view(document))


@app.route("/v1/b2b/documents/{document_id}/report", methods=["GET"], api_key_required=True)
@api_route
def b2b_get_report(document_id: str) -> Response:
    """A partner's report: 200, 202 while running, 409 if failed."""
    owner_id = _partner()
    view = document_queries().report(owner_id, document_id_in_path(document_id))
    return _json(view.http_status, view.body)


@app.route("/v1/b2b/usage", methods=["GET"], api_key_required=True)
@api_route
def b2b_usage() -> Response:
    """The calling key's requests per day over the last 30 days, from API Gateway."""
    key_id = _partner_key_id()
    partner_keys().owner_of(key_id)  # a missing or revoked key stops here
    return _json(200, partner_keys().usage(key_id or ""))


# --- bulk imports (chalicelib/services/batches.py): every run in the batch lane ---------------


@signed_in_json_route("/v1/batches", "POST")
@api_route
def create_batch() -> Response:
    """Many files at once: a credit, a document and a presigned POST each, in the batch lane."""
    body = _body(BatchUpload)
    if body.zip is not None:
        zipped, form = zip_import_service().request_zip(
            current_user(), body.zip.filename, body.zip.content_type, body.zip.size
        )
        upload = {"url": form.url, "fields": form.fields}
        return _json(201, {"batch_id": zipped.batch_id, "lane": zipped.lane, "upload": upload})
    batch, tickets = batch_service().create(
        current_user(), [_upload_request(file) for file in body.files or ()]
    )
    documents = [_ticket_view(ticket) for ticket in tickets]
    return _json(201, {"batch_id": batch.batch_id, "lane": batch.lane, "documents": documents})


@app.route("/v1/batches/{batch_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_batch(batch_id: str) -> Response:
    """A batch's counts by status, its documents, and its summary once all are final."""
    return _json(200, batch_service().status(current_user(), batch_id_in_path(batch_id)))


# --- reviewers ------------------------------------------------------------------------------


@app.route("/v1/reviews", methods=["GET"], authorizer=bearer_token)
@api_route
def list_reviews() -> Response:
    """Documents held for a reviewer, oldest first, with prescreen's facts."""
    require_role("reviewer", "admin")
    queries = document_queries()
    held = [
        {**document_view(document), "prescreen": queries.prescreen_of(document)}
        for document in review_service().queue()
    ]
    return _json(200, {"reviews": held})


@signed_in_json_route("/v1/reviews/{document_id}", "POST")
@api_route
def decide_review(document_id: str) -> Response:
    """approve, deep_analysis or reject a held document; its run resumes."""
    reviewer = require_role("reviewer", "admin")
    document_id = document_id_in_path(document_id)
    body = _body(ReviewRequest)
    document = review_service().decide(
        document_id, body.decision, reviewer=reviewer, comment=body.comment
    )
    return _json(200, document_view(document))


# --- operators --------------------------------------------------------------------------------


@app.route("/v1/admin/runs", methods=["GET"], authorizer=bearer_token)
@api_route
def failed_runs() -> Response:
    """Failed runs with Step Functions' error and cause (`?status=FAILED`, the only one)."""
    require_role("admin")
    _query(FailedRunQuery)  # status=FAILED, the only one
    return _json(200, {"runs": operator_service().failed_runs()})


@app.route("/v1/admin/documents/{document_id}/redrive", methods=["POST"], authorizer=bearer_token)
@api_route
def redrive_run(document_id: str) -> Response:
    """Redrive a failed document's run from the step that failed."""
    require_role("admin")
    return _json(202, operator_service().redrive(document_id_in_path(document_id)))


@signed_in_json_route("/v1/admin/users/{user_id}/credits", "POST")
@api_route
def grant_credits(user_id: str) -> Response:
    """Grant a user credits with a reason; who granted them is recorded."""
    admin = require_role("admin")
    user_id = user_id_in_path(user_id)
    body = _body(GrantRequest)
    granted = operator_service().grant(user_id, body.amount, reason=body.reason, granted_by=admin)
    return _json(200, granted)


@signed_in_json_route("/v1/admin/users/{user_id}/role", "PUT")
@api_route
def set_user_role(user_id: str) -> Response:
    """Make a user a `user`, `reviewer` or `admin`, with a reason; recorded with who did it."""
    admin = require_role("admin")
    user_id = user_id_in_path(user_id)
    body = _body(RoleRequest)
    changed = operator_service().set_role(user_id, body.role, reason=body.reason, set_by=admin)
    return _json(200, changed)


# --- the web page: served here, outside /v1 and the OpenAPI document (it is no JSON API) -----


def _web_answer(file: WebFile) -> Response:
    """A page file, or 304 when the browser's copy is this one."""
    request = app.current_request
    headers = web_headers(file, local=get_settings().auth_mode == "dev")
    if request is not None and file.matches(request.headers.get("if-none-match")):
        return Response(body="", status_code=304, headers=headers)
    return Response(body=file.body, status_code=200, headers=headers)


@app.route("/", methods=["GET"])
@api_route
def get_web_page() -> Response:
    """The web page (also the Telegram Mini App): HTML whose scripts call this API."""
    request = app.current_request
    path = str((request.context.get("path") if request else None) or "/")
    return _web_answer(web_page(path))


@app.route("/web/{name}", methods=["GET"])
@api_route
def get_web_file(name: str) -> Response:
    """A file of the page (a fixed list), or `config.json`: what the page may offer here."""
    if name == CONFIG:
        settings = get_settings()
        config = page_config(
            telegram_bot_username=settings.telegram_bot_username,
            telegram_enabled=auth_service().telegram_enabled,
            max_upload_bytes=settings.max_upload_bytes,
        )
        return Response(
            body=config,
            status_code=200,
            headers={**JSON_HEADERS, "Cache-Control": "no-store"},
        )
    return _web_answer(web_asset(name))


# --- the API's own description ------------------------------------------------------------


@app.route("/v1/health", methods=["GET"])
@api_route
def get_health() -> Response:
    """200 when the table, the bucket and the pipeline answer; 503 naming what does not."""
    health = health_check().run()
    return _json(health.http_status, health.body)


@app.route("/v1/openapi.json", methods=["GET"])
@api_route
def get_openapi() -> Response:
    """This API as an OpenAPI 3.1 document (no sign-in: it holds no data)."""
    return _json(200, openapi_document())


# --- the recognition contract: the result files' JSON Schemas (no sign-in: they hold no data)


@app.route("/v1/contracts", methods=["GET"])
@api_route
def list_contracts() -> Response:
    """The names of the recognition contract's JSON Schemas."""
    return _json(200, {"contracts": contract_names()})


@app.route("/v1/contracts/{name}", methods=["GET"])
@api_route
def get_contract(name: str) -> Response:
    """One JSON Schema of the recognition contract; 404 for a name it does not have."""
    return _json(200, load_contract(name))
