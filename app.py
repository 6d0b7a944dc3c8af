"""The HTTP API (Chalice): every route is thin; the work is in chalicelib."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeVar

from chalice.app import AuthRequest, AuthResponse, Chalice, CORSConfig, Request, Response

from chalicelib import api_views as views
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
    artifact_in_path,
    batch_id_in_path,
    document_id_in_path,
    grant_id_in_path,
    key_id_in_path,
    recognition_job_id_in_path,
    rerun_in_path,
    role_in_path,
    token_id_in_path,
    user_id_in_path,
    version_in_path,
)
from chalicelib.auth.account_checks import refuse_blocked_user, refuse_unverified
from chalicelib.auth.authorizer import bearer_claims
from chalicelib.auth.errors import AuthMethodDisabledError
from chalicelib.contracts import contract_names, load_contract
from chalicelib.errors import AuthenticationRequiredError
from chalicelib.http import (
    JSON_HEADERS,
    parse_body,
    parse_json_object,
    parse_query,
    reshaped_framework_error,
    with_error_shape,
)
from chalicelib.lanes import PARTNER_LANE, PERSON_LANE
from chalicelib.openapi import openapi_document
from chalicelib.recognizer.active import active_tasks
from chalicelib.request_logging import CORRELATION_HEADER, correlated_request
from chalicelib.services.callbacks import check_callback_url
from chalicelib.services.documents import document_view
from chalicelib.services.reanalysis import OwnerFilter, RegionFilter
from chalicelib.services.uploads import UploadRequest, UploadTicket
from chalicelib.services.versions import VersionRequest
from chalicelib.settings import get_settings, web_origin
from chalicelib.web.assets import CONFIG, WebFile, web_asset, web_headers, web_page
from chalicelib.web.config import page_config
from chalicelib.wiring import (
    access_service,
    account_admin,
    account_mail,
    auth_service,
    batch_service,
    document_queries,
    email_verification_required,
    governed_documents,
    health_check,
    operator_service,
    partner_keys,
    reanalysis_service,
    recognition_intake,
    recognizer_health,
    recognizer_tasks,
    repository,
    service_tokens,
    token_issuer,
    upload_service,
    user_service,
    version_service,
    zip_import_service,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from pydantic import BaseModel

    from chalicelib.access.principal import Principal
    from chalicelib.api_models import FileUpload
    from chalicelib.auth.email_flows import AccountMail
    from chalicelib.auth.tokens import TokenPair
    from chalicelib.models import UserProfile

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
# are read from the user's record by each route that needs them, never from the token alone;
# so is a block, and the end of the sessions a block or a password reset brings:
# `current_caller`).
AUTHORIZER_CACHE_SECONDS = 60


@app.authorizer(ttl_seconds=AUTHORIZER_CACHE_SECONDS)
def bearer_token(auth_request: AuthRequest) -> AuthResponse:
    """API Gateway's check of a person's access token, before any of their routes runs."""
    claims = bearer_claims(auth_request.token, token_issuer())
    # Every route: the cached answer is reused for the token's other calls. Permissions are
    # checked by the services (chalicelib.access), against the user's record.
    # `issued_at`: a session ended by a block or a password reset refuses older tokens.
    context = {"role": claims.role, "issued_at": str(claims.issued_at)}
    return AuthResponse(routes=["*"], principal_id=claims.user_id, context=context)


def signed_in_json_route(path: str, method: str) -> Callable[[ViewT], ViewT]:
    """A route for a signed-in person (the bearer authorizer) that takes a JSON body."""
    route: Callable[[ViewT], ViewT] = app.route(
        path, methods=[method], content_types=["application/json"], authorizer=bearer_token
    )
    return route


def _signed_in_caller() -> tuple[str, str, UserProfile | None]:
    """The caller's user id, token role and profile: the one consistent read of the profile
    a signed-in request makes, which refuses a blocked account at once, whatever the
    authorizer's cache and the token's lifetime say (chalicelib.auth.account_checks)."""
    request = app.current_request
    authorized = (request.context.get("authorizer") or {}) if request else {}
    user_id, role = authorized.get("principalId"), authorized.get("role")
    if not user_id or not role:
        # Only a route declared without the authorizer can get here: a bug, not a caller's.
        raise AuthenticationRequiredError
    issued_at = str(authorized.get("issued_at") or "")
    profile = refuse_blocked_user(
        repository(), str(user_id), issued_at=int(issued_at) if issued_at.isdigit() else None
    )
    return str(user_id), str(role), profile


def current_caller() -> tuple[str, str]:
    """The caller's user id and role, as the bearer authorizer put them in the request."""
    user_id, role, _ = _signed_in_caller()
    return user_id, role


def current_user() -> str:
    """The caller's user id."""
    return current_caller()[0]


def current_principal() -> Principal:
    """The caller as the access checks see them: built from their record on every request
    (the same read that checks the block), so a demotion or a move to another region takes
    effect at once (`chalicelib.access`)."""
    user_id, _, profile = _signed_in_caller()
    return access_service().principal_of(user_id, profile)


def require_permission(permission: str) -> Principal:
    """The caller, when their role holds `permission` (`admin:*` holds every `admin:`); 403
    otherwise. Routes about one document leave the check to `governed_documents()`."""
    principal = current_principal()
    access_service().require(principal, permission)
    return principal


def _query(model: type[ModelT]) -> ModelT:
    """The request's query string as `model` (`chalicelib.api_models`), or a 400."""
    request = app.current_request
    return parse_query(request.query_params if request else None, model)


def _body(model: type[ModelT], *, optional: bool = False) -> ModelT:
    """The request's JSON body as `model` (`chalicelib.api_models`), or a 400 naming the
    field; an `optional` body may be left out."""
    request = app.current_request
    return parse_body(request.raw_body if request else None, model, optional=optional)


def _as(view: type[views.View], value: dict[str, Any]) -> dict[str, Any]:
    """A service's answer as its view has it: the view checks it holds what the OpenAPI
    document promises (and nothing else), then gives the body."""
    return view.model_validate(value).body()


def _tokens(pair: TokenPair, status: int = 200) -> Response:
    return _json(status, views.TokenPair(**asdict(pair)).body())


@app.route("/v1/auth/register", methods=["POST"], content_types=["application/json"])
@api_route
def register() -> Response:
    """A new account by e-mail and password; a taken e-mail gets the same 202, and neither
    gets tokens (sign in next), so this route never tells which e-mails have accounts."""
    body = _body(Credentials)
    auth_service().register(body.email, body.password)
    return _json(202, views.Registered().body())


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
    return _json(200, views.SignedOut().body())


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
    profile = user_service().profile(current_user())
    shown = views.Profile(
        user_id=profile.user_id,
        credits_left=profile.credits_left,
        role=profile.role,
        region=profile.region,
        blocked=profile.blocked,
        email_verified=profile.email_verified,
    )
    return _json(200, shown.body())


@signed_in_json_route("/v1/documents", "POST")
@api_route
def create_document() -> Response:
    """Reserve a credit and return a presigned POST for the file."""
    owner_id = current_user()
    return _new_upload(owner_id, _body(DocumentUpload))


def _ticket(ticket: UploadTicket) -> views.UploadTicket:
    return views.UploadTicket(
        document=views.Document.of(ticket.document),
        upload=views.PresignedForm(url=ticket.form.url, fields=ticket.form.fields),
        expires_at=ticket.document.upload_expires_at,
    )


def _ticket_view(ticket: UploadTicket) -> dict[str, Any]:
    return _ticket(ticket).body()


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
    deal = views.DealTickets(deal_id=deal_id, documents=[_ticket(t) for t in tickets])
    return _json(201, deal.body())


@app.route("/v1/deals/{deal_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_deal(deal_id: str) -> Response:
    """A deal's documents and, once its contract is done, the cross-check."""
    deal = governed_documents().deal(current_principal(), document_id_in_path(deal_id))
    return _json(200, deal)


@signed_in_json_route("/v1/documents/{document_id}/attachments", "POST")
@api_route
def attach_document(document_id: str) -> Response:
    """Another file of the deal this document opens: a credit and a presigned POST."""
    ticket = governed_documents().attach(
        current_principal(),
        document_id_in_path(document_id),
        _upload_request(_body(DocumentUpload)),
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
    """The caller's documents, newest first: `?limit=` (1-100, default 20) and `?cursor=`;
    `?scope=region[&region=ru-spb]`: a region's documents, for those who may read them."""
    page = _query(DocumentPageQuery)
    if page.scope == "region":
        listed = governed_documents().list_region(
            current_principal(), page.region, limit=page.limit, cursor=page.cursor
        )
        return _json(200, listed)
    own = document_queries().list(current_user(), limit=page.limit, cursor=page.cursor)
    return _json(200, own.body())


@app.route("/v1/documents/{document_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_document(document_id: str) -> Response:
    """A document's status and stage: the owner's, or one within the caller's reach."""
    view = governed_documents().get(current_principal(), document_id_in_path(document_id))
    return _json(200, view)


@app.route("/v1/documents/{document_id}", methods=["DELETE"], authorizer=bearer_token)
@api_route
def delete_document(document_id: str) -> Response:
    """Remove a finished document's original and artifacts; 409 while it is still running."""
    deleted = governed_documents().delete(current_principal(), document_id_in_path(document_id))
    return _json(200, deleted)


@app.route("/v1/documents/{document_id}/report", methods=["GET"], authorizer=bearer_token)
@api_route
def get_report(document_id: str) -> Response:
    """200 with Markdown and JSON when done; 202 with the stage while running; 409 if failed."""
    view = governed_documents().report(current_principal(), document_id_in_path(document_id))
    return _json(view.http_status, view.body)


@app.route("/v1/documents/{document_id}/original", methods=["GET"], authorizer=bearer_token)
@api_route
def download_original(document_id: str) -> Response:
    """A short-lived presigned GET of the uploaded file, named as it was uploaded."""
    principal = current_principal()
    link = governed_documents().download(principal, document_id_in_path(document_id))
    return _json(200, _as(views.Download, link))


@app.route(
    "/v1/documents/{document_id}/artifacts/{artifact}", methods=["GET"], authorizer=bearer_token
)
@api_route
def download_artifact(document_id: str, artifact: str) -> Response:
    """A short-lived presigned GET of one of the run's artifacts (report.md, facts.json…)."""
    principal = current_principal()
    name = artifact_in_path(artifact)
    link = governed_documents().download(principal, document_id_in_path(document_id), name)
    return _json(200, _as(views.Download, link))


# --- partners: API keys (people manage them; partners call with one) ------------------------


@signed_in_json_route("/v1/keys", "POST")
@api_route
def create_key() -> Response:
    """A new partner API key on the usage plan; its value is shown this once."""
    owner_id = current_user()
    refuse_unverified(repository().get_user(owner_id), required=email_verification_required())
    return _json(201, partner_keys().create(owner_id, _body(KeyRequest).name))


@app.route("/v1/keys", methods=["GET"], authorizer=bearer_token)
@api_route
def list_keys() -> Response:
    """The caller's partner keys, without their values."""
    return _json(200, _as(views.KeyList, {"keys": partner_keys().list(current_user())}))


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
    owner_id = partner_keys().owner_of(_partner_key_id())
    refuse_blocked_user(repository(), owner_id)  # API Gateway disabled the key too
    return owner_id


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
    _partner()  # a missing or revoked key, or a blocked owner, stops here
    return _json(200, partner_keys().usage(key_id or ""))


# --- recognition as a service: a partner's request onto the recognition bus (issue 15) ------


@app.route(
    "/v1/recognitions", methods=["POST"], content_types=["application/json"], api_key_required=True
)
@api_route
def b2b_create_recognition() -> Response:
    """A recognition request (recognitionRequest-v1.0) put on the bus: 202 `{msg_id, job_id}`;
    its answers come on the bus and from GET /v1/recognitions/{job_id}."""
    owner_id = _partner()
    request = app.current_request
    body = parse_json_object(request.raw_body if request else None)
    return _json(202, _as(views.RecognitionAccepted, recognition_intake().submit(owner_id, body)))


@app.route("/v1/recognitions/{job_id}", methods=["GET"], api_key_required=True)
@api_route
def b2b_get_recognition(job_id: str) -> Response:
    """A partner's recognition job: its status, its answers so far, its result file."""
    owner_id = _partner()
    status = recognition_intake().status(owner_id, recognition_job_id_in_path(job_id))
    return _json(200, _as(views.RecognitionStatus, status))


# --- versions: a document's next file, its list, older reports, comparison, roll-back -------


def _version_request(body: VersionUpload) -> VersionRequest:
    return VersionRequest(
        upload=_upload_request(body), change_note=body.change_note, sha256=body.sha256
    )


@signed_in_json_route("/v1/documents/{document_id}/versions", "POST")
@api_route
def create_version(document_id: str) -> Response:
    """Reserve a credit for the document's next version; a presigned POST for its file."""
    caller = current_user()
    ticket = version_service().request_version(
        caller, document_id_in_path(document_id), _version_request(_body(VersionUpload))
    )
    return _json(201, _ticket_view(ticket))


@app.route("/v1/documents/{document_id}/versions", methods=["GET"], authorizer=bearer_token)
@api_route
def list_versions(document_id: str) -> Response:
    """The document's versions with their status and report, and its roll-backs."""
    document_id = document_id_in_path(document_id)
    owner = governed_documents().owner_to_read(current_principal(), document_id, "versions.read")
    return _json(200, version_service().list_versions(owner, document_id).body())


@app.route("/v1/documents/{document_id}/versions/compare", methods=["GET"], authorizer=bearer_token)
@api_route
def compare_versions(document_id: str) -> Response:
    """What changed between two finished versions: `?from=1&to=2`."""
    query = _query(VersionCompareQuery)
    document_id = document_id_in_path(document_id)
    owner = governed_documents().owner_to_read(current_principal(), document_id, "versions.read")
    changes = version_service().compare(owner, document_id, query.from_version, query.to_version)
    return _json(200, changes.body())


@app.route(
    "/v1/documents/{document_id}/versions/{version}/report",
    methods=["GET"],
    authorizer=bearer_token,
)
@api_route
def get_version_report(document_id: str, version: str) -> Response:
    """One version's report: 200 when done, 202 while it runs, 409 if it has none."""
    document_id = document_id_in_path(document_id)
    owner = governed_documents().owner_to_read(current_principal(), document_id, "report.read")
    view = version_service().version_report(owner, document_id, version_in_path(version))
    return _json(view.http_status, view.body)


@signed_in_json_route("/v1/documents/{document_id}/versions/{version}/restore", "POST")
@api_route
def restore_version(document_id: str, version: str) -> Response:
    """Make a finished older version current again (no object is copied); audited."""
    body = _body(RestoreRequest, optional=True)
    document_id, number = document_id_in_path(document_id), version_in_path(version)
    principal = current_principal()
    owner = governed_documents().owner_to_write(principal, document_id, "version.restore")
    restored = version_service().restore(
        owner, document_id, number, reason=body.reason, actor=principal.user_id
    )
    return _json(200, restored.body())


@app.route(
    "/v1/b2b/documents/{document_id}/versions",
    methods=["POST"],
    content_types=["application/json"],
    api_key_required=True,
)
@api_route
def b2b_create_version(document_id: str) -> Response:
    """A partner's next version of a document, charged to the key's owner."""
    owner_id = _partner()
    ticket = version_service().request_version(
        owner_id, document_id_in_path(document_id), _version_request(_body(VersionUpload))
    )
    return _json(201, _ticket_view(ticket))


@app.route("/v1/b2b/documents/{document_id}/versions", methods=["GET"], api_key_required=True)
@api_route
def b2b_list_versions(document_id: str) -> Response:
    """A partner's document's versions."""
    owner_id = _partner()
    listed = version_service().list_versions(owner_id, document_id_in_path(document_id))
    return _json(200, listed.body())


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
        upload = views.PresignedForm(url=form.url, fields=form.fields)
        return _json(201, views.BatchTickets(batch_id=zipped.batch_id, upload=upload).body())
    batch, tickets = batch_service().create(
        current_user(), [_upload_request(file) for file in body.files or ()]
    )
    documents = [_ticket(ticket) for ticket in tickets]
    return _json(201, views.BatchTickets(batch_id=batch.batch_id, documents=documents).body())


@app.route("/v1/batches/{batch_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_batch(batch_id: str) -> Response:
    """A batch's counts by status, its documents, and its summary once all are final."""
    status = batch_service().status(current_user(), batch_id_in_path(batch_id))
    return _json(200, status.body())


# --- reviewers ------------------------------------------------------------------------------


@app.route("/v1/reviews", methods=["GET"], authorizer=bearer_token)
@api_route
def list_reviews() -> Response:
    """Documents held for a reviewer within their reach, oldest first, with prescreen's facts."""
    queries = document_queries()
    held = [
        views.HeldDocument(
            **views.Document.fields_of(document), prescreen=queries.prescreen_of(document)
        )
        for document in governed_documents().review_queue(current_principal())
    ]
    return _json(200, views.ReviewQueue(reviews=held).body())


@signed_in_json_route("/v1/reviews/{document_id}", "POST")
@api_route
def decide_review(document_id: str) -> Response:
    """approve, deep_analysis or reject a held document; its run resumes."""
    principal = current_principal()
    # No reviewing right at all is a 403 whatever the path names (the service checks again,
    # and answers 404 for a document out of the caller's reach).
    access_service().require_action(principal, "review:decide")
    document_id = document_id_in_path(document_id)
    body = _body(ReviewRequest)
    document = governed_documents().decide_review(
        principal, document_id, body.decision, comment=body.comment
    )
    return _json(200, document_view(document))


# --- operators --------------------------------------------------------------------------------


@app.route("/v1/admin/runs", methods=["GET"], authorizer=bearer_token)
@api_route
def failed_runs() -> Response:
    """Failed runs with Step Functions' error and cause (`?status=FAILED`, the only one)."""
    require_permission("admin:runs")
    _query(FailedRunQuery)  # status=FAILED, the only one
    return _json(200, _as(views.RunList, {"runs": operator_service().failed_runs()}))


@app.route("/v1/admin/documents/{document_id}/redrive", methods=["POST"], authorizer=bearer_token)
@api_route
def redrive_run(document_id: str) -> Response:
    """Redrive a failed document's run from the step that failed."""
    require_permission("admin:runs")
    return _json(202, operator_service().redrive(document_id_in_path(document_id)))


@signed_in_json_route("/v1/admin/users/{user_id}/credits", "POST")
@api_route
def grant_credits(user_id: str) -> Response:
    """Grant a user credits with a reason; who granted them is recorded."""
    admin = require_permission("admin:credits").user_id
    user_id = user_id_in_path(user_id)
    body = _body(GrantRequest)
    granted = operator_service().grant(user_id, body.amount, reason=body.reason, granted_by=admin)
    return _json(200, granted)


@signed_in_json_route("/v1/admin/users/{user_id}/role", "PUT")
@api_route
def set_user_role(user_id: str) -> Response:
    """Make a user a `user`, `reviewer`, `regional_admin` or `admin`, with a reason; recorded
    with who did it."""
    admin = require_permission("admin:users").user_id
    user_id = user_id_in_path(user_id)
    body = _body(RoleRequest)
    changed = operator_service().set_role(user_id, body.role, reason=body.reason, set_by=admin)
    return _json(200, changed)


# --- access: roles, regions, grants and the audit (chalicelib.access) ------------------------


@app.route("/v1/admin/roles", methods=["GET"], authorizer=bearer_token)
@api_route
def list_roles() -> Response:
    """Each role's permissions, and what each permission lets its holder do."""
    return _json(200, _as(views.RoleList, access_service().list_roles(current_principal())))


@signed_in_json_route("/v1/admin/roles/{role}", "PUT")
@api_route
def set_role_permissions(role: str) -> Response:
    """Replace a role's permissions, with a reason; audited."""
    body = _body(RolePermissionsRequest)
    name = role_in_path(role)
    changed = access_service().set_role_permissions(
        current_principal(), name, body.permissions, reason=body.reason
    )
    return _json(200, _as(views.RoleDefinition, changed))


@signed_in_json_route("/v1/admin/users/{user_id}/region", "PUT")
@api_route
def set_user_region(user_id: str) -> Response:
    """Move a user to another region (their documents keep theirs), with a reason; audited."""
    user_id = user_id_in_path(user_id)
    body = _body(RegionRequest)
    moved = access_service().set_user_region(
        current_principal(), user_id, body.region, reason=body.reason
    )
    return _json(200, _as(views.RegionChange, moved))


@signed_in_json_route("/v1/admin/grants", "POST")
@api_route
def create_grant() -> Response:
    """Lend a user a region-scoped permission in a region until a time; audited."""
    body = _body(AccessGrantRequest)
    grant = access_service().create_grant(
        current_principal(),
        user_id=body.user_id,
        region=body.region,
        permission=body.permission,
        expires_at=body.expires_at,
        reason=body.reason,
    )
    return _json(201, _as(views.AccessGrant, grant))


@app.route("/v1/admin/grants", methods=["GET"], authorizer=bearer_token)
@api_route
def list_grants() -> Response:
    """Grants newest first (`?user_id=` for one user's), each with whether it is live."""
    query = _query(GrantListQuery)
    grants = access_service().list_grants(
        current_principal(), user_id=query.user_id, limit=query.limit, cursor=query.cursor
    )
    return _json(200, _as(views.AccessGrantPage, grants))


@app.route("/v1/admin/grants/{grant_id}", methods=["DELETE"], authorizer=bearer_token)
@api_route
def delete_grant(grant_id: str) -> Response:
    """Revoke a grant now; audited."""
    revoked = access_service().revoke_grant(current_principal(), grant_id_in_path(grant_id))
    return _json(200, _as(views.AccessGrant, revoked))


@app.route("/v1/admin/grants/{grant_id}/revoke", methods=["POST"], authorizer=bearer_token)
@api_route
def revoke_grant(grant_id: str) -> Response:
    """Revoke a grant now (the same as DELETE, for clients that only POST); audited."""
    revoked = access_service().revoke_grant(current_principal(), grant_id_in_path(grant_id))
    return _json(200, _as(views.AccessGrant, revoked))


@app.route("/v1/admin/audit", methods=["GET"], authorizer=bearer_token)
@api_route
def list_audit() -> Response:
    """The access audit, newest first: reads by non-owners and admin changes, filtered."""
    query = _query(AuditQuery)
    entries = access_service().audit(
        current_principal(),
        user_id=query.user_id,
        document_id=query.document_id,
        since=query.since,
        until=query.until,
        limit=query.limit,
        cursor=query.cursor,
    )
    return _json(200, _as(views.AuditPage, entries))


# --- accounts: admins' users and usage, mailed tokens, the adapters' service tokens ---------


@app.route("/v1/admin/users", methods=["GET"], authorizer=bearer_token)
@api_route
def list_users() -> Response:
    """Users newest first with documents and credits; by e-mail, Telegram id, region, role."""
    require_permission("admin:users")
    query = _query(UserSearchQuery)
    found = account_admin().search(
        email=query.email,
        telegram_id=query.telegram_id,
        region=query.region,
        role=query.role,
        limit=query.limit,
        cursor=query.cursor,
    )
    return _json(200, found.body())


@app.route("/v1/admin/users/{user_id}", methods=["GET"], authorizer=bearer_token)
@api_route
def get_user(user_id: str) -> Response:
    """One user, with their blocks and unblocks."""
    require_permission("admin:users")
    return _json(200, account_admin().get(user_id_in_path(user_id)).body())


@signed_in_json_route("/v1/admin/users/{user_id}/block", "POST")
@api_route
def block_user(user_id: str) -> Response:
    """Block a user at once (tokens, sessions, the bots' exchange, partner keys); audited."""
    admin = require_permission("admin:users").user_id
    user_id = user_id_in_path(user_id)
    reason = _body(BlockRequest).reason
    return _json(200, account_admin().block(user_id, reason=reason, by=admin).body())


@signed_in_json_route("/v1/admin/users/{user_id}/unblock", "POST")
@api_route
def unblock_user(user_id: str) -> Response:
    """Lift a user's block; audited."""
    admin = require_permission("admin:users").user_id
    user_id = user_id_in_path(user_id)
    reason = _body(BlockRequest).reason
    unblocked = account_admin().unblock(user_id, reason=reason, by=admin)
    return _json(200, unblocked.body())


@app.route("/v1/admin/usage", methods=["GET"], authorizer=bearer_token)
@api_route
def get_usage() -> Response:
    """Usage per day: documents created, done, failed, credits spent, refunded, active users."""
    require_permission("admin:users")
    return _json(200, account_admin().usage(_query(UsageQuery).days).body())


@signed_in_json_route("/v1/admin/service-tokens", "POST")
@api_route
def create_service_token() -> Response:
    """A new service token for an adapter; its value is shown this once."""
    admin = require_permission("admin:tokens").user_id
    body = _body(ServiceTokenRequest)
    created = service_tokens().create(body.name, body.adapter, created_by=admin)
    return _json(201, _as(views.NewServiceToken, created))


@app.route("/v1/admin/service-tokens", methods=["GET"], authorizer=bearer_token)
@api_route
def list_service_tokens() -> Response:
    """The adapters' service tokens, without values, with their last use."""
    require_permission("admin:tokens")
    return _json(200, _as(views.ServiceTokenList, {"service_tokens": service_tokens().list()}))


@app.route("/v1/admin/service-tokens/{token_id}/revoke", methods=["POST"], authorizer=bearer_token)
@api_route
def revoke_service_token(token_id: str) -> Response:
    """Refuse one service token from now on; the others keep working."""
    admin = require_permission("admin:tokens").user_id
    revoked = service_tokens().revoke(token_id_in_path(token_id), revoked_by=admin)
    return _json(200, _as(views.ServiceToken, revoked))


def _mail() -> AccountMail:
    mail = account_mail()
    if mail is None:
        raise AuthMethodDisabledError("Account mail is not enabled on this deployment.")
    return mail


@app.route("/v1/auth/verify-email", methods=["POST"], content_types=["application/json"])
@api_route
def verify_email() -> Response:
    """Confirm an e-mail address with the token mailed at registration (once)."""
    _mail().verify_email(_body(EmailVerification).token)
    return _json(200, views.EmailVerified().body())


@app.route("/v1/auth/password-reset", methods=["POST"], content_types=["application/json"])
@api_route
def request_password_reset() -> Response:
    """Mail a reset token to the account of this e-mail; 202 whether it has one or not."""
    body = _body(PasswordResetRequest)
    mail = account_mail()
    if mail is not None:
        mail.request_password_reset(body.email)
    return _json(202, views.ResetRequested().body())


@app.route("/v1/auth/password-reset/confirm", methods=["POST"], content_types=["application/json"])
@api_route
def confirm_password_reset() -> Response:
    """Set a new password with a mailed reset token (once, before it expires)."""
    body = _body(PasswordResetConfirm)
    _mail().confirm_password_reset(body.token, body.new_password)
    return _json(200, views.PasswordReset().body())


# --- re-analysis (chalicelib/services/reanalysis.py): reruns of finished documents -----------


@signed_in_json_route("/v1/admin/reanalysis", "POST")
@api_route
def request_reanalysis() -> Response:
    """Re-analyse documents under today's configuration: one system batch of reruns, 202."""
    body = _body(ReanalysisRequest)
    found = body.filter
    started = reanalysis_service().request(
        current_principal(),
        body.document_ids,
        body.client_token,
        owner_filter=OwnerFilter(found.owner_id, found.since, found.until)
        if found and found.owner_id
        else None,
        region_filter=RegionFilter(found.region, found.since, found.until)
        if found and found.region
        else None,
    )
    return _json(202, _as(views.ReanalysisBatch, started))


@app.route(
    "/v1/documents/{document_id}/versions/{version}/reruns",
    methods=["GET"],
    authorizer=bearer_token,
)
@api_route
def list_reruns(document_id: str, version: str) -> Response:
    """A version's re-analyses with their status, configuration and report."""
    document = governed_documents().readable(
        current_principal(), document_id_in_path(document_id), "versions.read"
    )
    listed = reanalysis_service().list_reruns(document, version_in_path(version))
    return _json(200, _as(views.RerunList, listed))


@app.route(
    "/v1/documents/{document_id}/versions/{version}/reruns/{rerun}/report",
    methods=["GET"],
    authorizer=bearer_token,
)
@api_route
def get_rerun_report(document_id: str, version: str, rerun: str) -> Response:
    """A rerun's report: 200 once done, 202 while it runs, 409 if it failed."""
    document = governed_documents().readable(
        current_principal(), document_id_in_path(document_id), "report.read"
    )
    view = reanalysis_service().rerun_report(
        document, version_in_path(version), rerun_in_path(rerun)
    )
    return _json(view.http_status, view.body)


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
    return _json(200, _as(views.OpenApiDocument, openapi_document()))


# --- the recognition contract: the result files' JSON Schemas (no sign-in: they hold no data)


@app.route("/v1/contracts", methods=["GET"])
@api_route
def list_contracts() -> Response:
    """The names of the recognition contract's JSON Schemas."""
    return _json(200, views.ContractList(contracts=contract_names()).body())


@app.route("/v1/contracts/{name}", methods=["GET"])
@api_route
def get_contract(name: str) -> Response:
    """One JSON Schema of the recognition contract; 404 for a name it does not have."""
    return _json(200, views.JsonSchema(load_contract(name)).model_dump(mode="json"))


# --- the hand-off to an external recognizer (chalicelib/recognizer) ------------------------


@app.route("/v1/recognizer/healthcheck", methods=["GET"])
@api_route
def get_recognizer_health() -> Response:
    """200 `{"status": "ok"}` when the share and the recognition bus answer; 503 naming what
    does not. No sign-in, as /v1/health: monitors call it, and it tells nothing but that."""
    health = recognizer_health().run()
    if health.http_status == 200:
        return _json(200, views.RecognizerHealth(status="ok").body())
    body = views.RecognizerHealth(status="unavailable", checks=health.body["checks"])
    return _json(503, body.body())


@app.route("/v1/recognizer/tasks/active", methods=["GET"], authorizer=bearer_token)
@api_route
def list_active_recognizer_tasks() -> Response:
    """The hand-offs still running, with their stage and last error (operators: admin:runs)."""
    require_permission("admin:runs")
    return _json(200, _as(views.RecognizerTaskList, active_tasks(recognizer_tasks())))
