"""The HTTP API (Chalice): every route is thin; the work is in chalicelib."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalice.app import Chalice, Request, Response

from chalicelib.errors import AuthenticationRequiredError, InvalidRequestError
from chalicelib.http import (
    JSON_HEADERS,
    parse_json_object,
    reshaped_framework_error,
    with_error_shape,
)
from chalicelib.services.documents import DEFAULT_PAGE, document_view
from chalicelib.services.uploads import UploadRequest
from chalicelib.settings import get_settings
from chalicelib.wiring import document_queries, upload_service, user_service

if TYPE_CHECKING:
    from collections.abc import Callable

# Powertools owns logging (the service name is also "contract-check"): Chalice must not
# attach its own handler to that logger.
app = Chalice(app_name="contract-check", configure_logs=False)


def _json(status: int, body: dict[str, Any]) -> Response:
    return Response(body=body, status_code=status, headers=JSON_HEADERS)


api_route = with_error_shape(_json)


@app.middleware("http")
def one_error_shape(event: Request, get_response: Callable[[Request], Response]) -> Response:
    """Errors Chalice answers by itself (415, 405, ...) get our error shape too."""
    response = get_response(event)
    reshaped = reshaped_framework_error(response.status_code, response.body)
    if reshaped is not None:
        response.body = reshaped
        response.headers = {**response.headers, **JSON_HEADERS}
    return response


def current_user() -> str:
    """The caller's user id (a local development identity until real sign-in lands)."""
    settings = get_settings()
    if settings.auth_mode == "dev":
        return settings.dev_user_id
    raise AuthenticationRequiredError


@app.route("/v1/me", methods=["GET"])
@api_route
def get_me() -> Response:
    """The caller's credits and role."""
    return _json(200, user_service().profile(current_user()).model_dump(mode="json"))


@app.route("/v1/documents", methods=["POST"], content_types=["application/json"])
@api_route
def create_document() -> Response:
    """Reserve a credit and return a presigned POST for the file."""
    request_body = app.current_request.raw_body if app.current_request else None
    body = parse_json_object(request_body)
    try:
        upload = UploadRequest(
            filename=str(body["filename"]),
            content_type=str(body["content_type"]),
            size=int(body["size"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRequestError("Send filename, content_type and size (bytes) as JSON.") from exc
    ticket = upload_service().request_upload(current_user(), upload)
    return _json(
        201,
        {
            "document": document_view(ticket.document),
            "upload": {"url": ticket.form.url, "fields": ticket.form.fields},
            "expires_at": ticket.document.upload_expires_at.isoformat(),
        },
    )


@app.route("/v1/documents", methods=["GET"])
@api_route
def list_documents() -> Response:
    """The caller's documents, newest first: `?limit=` (1-100, default 20) and `?cursor=`."""
    request = app.current_request
    params = dict((request.query_params if request else None) or {})
    try:
        limit = int(params.get("limit", DEFAULT_PAGE))
    except ValueError as exc:
        raise InvalidRequestError("limit must be a whole number.") from exc
    return _json(
        200, document_queries().list(current_user(), limit=limit, cursor=params.get("cursor"))
    )


@app.route("/v1/documents/{document_id}", methods=["GET"])
@api_route
def get_document(document_id: str) -> Response:
    """A document's status and stage."""
    return _json(200, document_view(document_queries().get(current_user(), document_id)))


@app.route("/v1/documents/{document_id}", methods=["DELETE"])
@api_route
def delete_document(document_id: str) -> Response:
    """Remove a finished document's original and artifacts; 409 while it is still running."""
    return _json(200, document_queries().delete(current_user(), document_id))


@app.route("/v1/documents/{document_id}/report", methods=["GET"])
@api_route
def get_report(document_id: str) -> Response:
    """200 with Markdown and JSON when done; 202 with the stage while running; 409 if failed."""
    view = document_queries().report(current_user(), document_id)
    return _json(view.http_status, view.body)
