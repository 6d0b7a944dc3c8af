"""API Gateway's own part of a request, on the local cloud: authorizers, keys, its answers.

chalice.local runs the app's routes and its built-in authorizer, but answers the way
nothing on AWS does: an authorizer that raises crashes the request, and the refusals
API Gateway makes itself come back as `{"message": ...}`. This module puts back what
API Gateway does in front of the function:

- the bearer authorizer's `Unauthorized` is a 401, anything else it raises a 500;
- partner routes check the API key and the usage plan (`infra/localcloud/apikeys.py`);
- every refusal is the template's gateway response of that type (UNAUTHORIZED,
  INVALID_API_KEY, THROTTLED, ...), so callers see on the local cloud the same status,
  headers and error shape a deployed API gives them.

`LocalApiGateway` serves the local HTTP server (`infra/localcloud/server.py`);
`api_test_client` gives `chalice.test.Client` the same gateway for in-process tests.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chalice.local import (
    ChaliceRequestHandler,
    ForbiddenError,
    InvalidAuthorizerError,
    LocalGateway,
    LocalGatewayAuthorizer,
    LocalGatewayException,
    NotAuthorizedError,
)
from chalice.test import Client, TestHTTPClient

from chalicelib.auth.authorizer import UNAUTHORIZED
from chalicelib.settings import web_origin
from infra.localcloud.template import load_sam_template

if TYPE_CHECKING:
    from chalice.app import Chalice
    from chalice.config import Config
    from chalice.local import LambdaContext

    from infra.localcloud.apikeys import ApiKeyGate

logger = logging.getLogger(__name__)

TEMPLATE = Path(__file__).resolve().parents[2] / "infra" / "template.yaml"
_HEADER_PREFIX = "gatewayresponse.header."


class GatewayAnswer(LocalGatewayException):
    """A request API Gateway answers itself, before (or instead of) the function."""

    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        super().__init__(headers, body)
        self.CODE = status


@dataclass(frozen=True)
class GatewayResponse:
    """One of the API's gateway responses: a status, static headers and a body."""

    status: int | None  # None: the status of the refusal it answers (the DEFAULT_ types)
    body: str
    headers: dict[str, str] = field(default_factory=dict)


# API Gateway's defaults for the types a template leaves alone (its own bodies).
_DEFAULTS = {
    "UNAUTHORIZED": GatewayResponse(401, '{"message":"Unauthorized"}'),
    "ACCESS_DENIED": GatewayResponse(403, '{"message":"Forbidden"}'),
    "AUTHORIZER_FAILURE": GatewayResponse(500, '{"message":null}'),
    "AUTHORIZER_CONFIGURATION_ERROR": GatewayResponse(500, '{"message":null}'),
    "INVALID_API_KEY": GatewayResponse(403, '{"message":"Forbidden"}'),
    "THROTTLED": GatewayResponse(429, '{"message":"Too Many Requests"}'),
    "QUOTA_EXCEEDED": GatewayResponse(429, '{"message":"Limit Exceeded"}'),
    "MISSING_AUTHENTICATION_TOKEN": GatewayResponse(
        403, '{"message":"Missing Authentication Token"}'
    ),
}
# A type without its own response falls back to the template's DEFAULT_4XX / DEFAULT_5XX.
_FAMILY = {4: "DEFAULT_4XX", 5: "DEFAULT_5XX"}


class GatewayResponses:
    """The gateway responses a template declares, with API Gateway's fallbacks."""

    def __init__(self, declared: dict[str, GatewayResponse]) -> None:
        self._declared = declared

    @classmethod
    def from_template(cls, path: Path = TEMPLATE, origin: str = "") -> GatewayResponses:
        """Every `AWS::ApiGateway::GatewayResponse` of the template (literal values only),
        with the CORS header packaging adds for the web page's `origin`."""
        resources = load_sam_template(path).get("Resources", {})
        allow_origin_on_gateway_responses(resources, origin)
        declared: dict[str, GatewayResponse] = {}
        for resource in resources.values():
            if resource.get("Type") != "AWS::ApiGateway::GatewayResponse":
                continue
            props = resource["Properties"]
            headers = {
                name.removeprefix(_HEADER_PREFIX): str(value).strip("'")
                for name, value in (props.get("ResponseParameters") or {}).items()
                if name.startswith(_HEADER_PREFIX)
            }
            body = (props.get("ResponseTemplates") or {}).get("application/json", "")
            kind = props["ResponseType"]
            status = int(props["StatusCode"]) if props.get("StatusCode") else None
            declared[kind] = GatewayResponse(status, body, headers)
        return cls(declared)

    def get(self, kind: str) -> tuple[int, GatewayResponse]:
        """The status and response API Gateway gives for this type."""
        default = _DEFAULTS[kind]
        assert default.status is not None
        response = self._declared.get(kind) or self._declared.get(
            _FAMILY[default.status // 100], default
        )
        return response.status or default.status, response

    def answer(self, kind: str, error_type: str) -> GatewayAnswer:
        """The exception chalice.local turns into this response."""
        status, response = self.get(kind)
        default_message = json.loads(_DEFAULTS[kind].body)["message"]
        # The few $context variables a response template may use, as API Gateway fills them.
        body = response.body.replace("$context.error.responseType", kind).replace(
            "$context.error.messageString", json.dumps(default_message)
        )
        headers = {"Content-Type": "application/json", **response.headers}
        headers["x-amzn-ErrorType"] = error_type
        return GatewayAnswer(status, headers, body.encode())


def allow_origin_on_gateway_responses(resources: dict[str, Any], origin: str) -> None:
    """Let the web page read API Gateway's own refusals: its origin on each of them.

    A browser hides a cross-origin answer without Access-Control-Allow-Origin, so a 401
    from the authorizer would look like a network error to the page. Packaging adds this
    to the deployed template (infra/package.py); the local cloud to what it answers with.
    """
    if not origin:
        return
    for resource in resources.values():
        if resource.get("Type") == "AWS::ApiGateway::GatewayResponse":
            parameters = resource["Properties"].setdefault("ResponseParameters", {})
            parameters[f"{_HEADER_PREFIX}Access-Control-Allow-Origin"] = f"'{origin}'"


class KeyRefused(Exception):  # noqa: N818 - named after what API Gateway does
    """The API key or its usage plan refuses the request (a gateway response type)."""

    def __init__(self, kind: str, error_type: str) -> None:
        super().__init__(kind)
        self.kind = kind
        self.error_type = error_type


class _AuthorizerStep(LocalGatewayAuthorizer):
    """chalice.local's authorizer step with API Gateway's outcomes, then the key check."""

    def __init__(self, app: Chalice, responses: GatewayResponses, gate: ApiKeyGate | None) -> None:
        super().__init__(app)
        self._responses = responses
        self._gate = gate

    def authorize(
        self, raw_path: str, lambda_event: dict[str, Any], lambda_context: LambdaContext
    ) -> tuple[dict[str, Any], LambdaContext]:
        """Run the route's authorizer as API Gateway would, then admit by API key."""
        answer = self._responses.answer
        try:
            event, context = super().authorize(raw_path, lambda_event, lambda_context)
        except NotAuthorizedError:  # no Authorization header: the authorizer is not called
            raise answer("UNAUTHORIZED", "UnauthorizedException") from None
        except ForbiddenError:  # the policy does not allow this route
            raise answer("ACCESS_DENIED", "AccessDeniedException") from None
        except InvalidAuthorizerError:
            raise answer(
                "AUTHORIZER_CONFIGURATION_ERROR", "AuthorizerConfigurationException"
            ) from None
        except Exception as exc:
            if str(exc) == UNAUTHORIZED:
                raise answer("UNAUTHORIZED", "UnauthorizedException") from None
            logger.exception("the authorizer failed")
            raise answer("AUTHORIZER_FAILURE", "AuthorizerFailureException") from None
        if self._gate is not None:
            try:
                self._gate.admit(event)
            except KeyRefused as refused:
                raise answer(refused.kind, refused.error_type) from None
        return event, context


class LocalApiGateway(LocalGateway):
    """chalice.local's gateway with API Gateway's authorizer outcomes, keys and responses."""

    def __init__(
        self,
        app: Chalice,
        config: Config,
        *,
        responses: GatewayResponses | None = None,
        gate: ApiKeyGate | None = None,
    ) -> None:
        super().__init__(app, config)
        self._responses = responses or GatewayResponses.from_template(origin=web_origin())
        self._authorizer = _AuthorizerStep(app, self._responses, gate)

    def handle_request(
        self, method: str, path: str, headers: dict[str, Any], body: bytes | None
    ) -> dict[str, Any]:
        """Route the request; a path the API lacks gets the MISSING_AUTHENTICATION_TOKEN answer."""
        try:
            return super().handle_request(method, path, headers, body)
        except ForbiddenError:  # chalice.local's "no such route" (ours never raise it)
            raise self._responses.answer(
                "MISSING_AUTHENTICATION_TOKEN", "MissingAuthenticationTokenException"
            ) from None


def gateway_request_handler(
    *, gate: ApiKeyGate | None, access_log: bool
) -> type[ChaliceRequestHandler]:
    """chalice.local's HTTP request handler, with this gateway in front of the app."""
    responses = GatewayResponses.from_template(origin=web_origin())

    class GatewayRequestHandler(ChaliceRequestHandler):
        """One request: chalice.local handles it inside __init__, so the gateway is set first."""

        def __init__(
            self,
            request: Any,
            client_address: tuple[str, int],
            server: Any,
            app_object: Chalice,
            config: Config,
        ) -> None:
            self.local_gateway = LocalApiGateway(app_object, config, responses=responses, gate=gate)
            BaseHTTPRequestHandler.__init__(self, request, client_address, server)

        def log_message(self, format: str, *args: Any) -> None:
            if access_log:
                super().log_message(format, *args)

    return GatewayRequestHandler


class _GatewayTestHTTPClient(TestHTTPClient):
    def __init__(self, app: Chalice, config: Config, gate: ApiKeyGate | None) -> None:
        super().__init__(app, config)
        self._local_gateway = LocalApiGateway(app, config, gate=gate)


class _GatewayClient(Client):
    def __init__(self, app: Chalice, gate: ApiKeyGate | None) -> None:
        super().__init__(app, project_dir=str(TEMPLATE.parents[1]))
        self._gate = gate

    @property
    def http(self) -> TestHTTPClient:
        if self._http_client is None:
            self._http_client = _GatewayTestHTTPClient(self._app, self._chalice_config, self._gate)
        return self._http_client


def api_test_client(app: Chalice, gate: ApiKeyGate | None = None) -> Client:
    """`chalice.test.Client` whose HTTP requests pass the local API Gateway first."""
    return _GatewayClient(app, gate)
