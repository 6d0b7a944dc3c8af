"""The local API Gateway answers with the template's gateway responses, as AWS does."""

from __future__ import annotations

import json

import pytest

from infra.localcloud.gateway import GatewayResponse, GatewayResponses

# Every refusal the local gateway makes, by gateway response type.
RAISED = (
    "UNAUTHORIZED",
    "ACCESS_DENIED",
    "AUTHORIZER_FAILURE",
    "AUTHORIZER_CONFIGURATION_ERROR",
    "INVALID_API_KEY",
    "THROTTLED",
    "QUOTA_EXCEEDED",
    "MISSING_AUTHENTICATION_TOKEN",
)


@pytest.fixture(scope="module")
def responses() -> GatewayResponses:
    return GatewayResponses.from_template()


@pytest.mark.parametrize("kind", RAISED)
def test_each_refusal_is_json_in_the_error_shape(responses: GatewayResponses, kind: str) -> None:
    answer = responses.answer(kind, "SomeException")

    body = json.loads(answer.body)
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["message"]
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.headers["x-amzn-ErrorType"] == "SomeException"


@pytest.mark.parametrize(
    ("kind", "status", "code"),
    [
        ("UNAUTHORIZED", 401, "UNAUTHORIZED"),
        ("INVALID_API_KEY", 403, "INVALID_API_KEY"),
        ("THROTTLED", 429, "RATE_LIMITED"),
        ("QUOTA_EXCEEDED", 429, "QUOTA_EXCEEDED"),
        ("MISSING_AUTHENTICATION_TOKEN", 404, "NOT_FOUND"),
    ],
)
def test_the_template_sets_status_and_code(
    responses: GatewayResponses, kind: str, status: int, code: str
) -> None:
    answer = responses.answer(kind, "X")

    assert (answer.CODE, json.loads(answer.body)["error"]["code"]) == (status, code)


def test_a_401_tells_the_caller_how_to_authenticate(responses: GatewayResponses) -> None:
    assert responses.answer("UNAUTHORIZED", "X").headers["WWW-Authenticate"] == "Bearer"


def test_an_undeclared_type_falls_back_to_the_default_of_its_family() -> None:
    family = GatewayResponse(
        None,
        '{"error": {"code": "$context.error.responseType", '
        '"message": $context.error.messageString}}',
    )
    responses = GatewayResponses({"DEFAULT_4XX": family})

    answer = responses.answer("THROTTLED", "TooManyRequestsException")

    assert answer.CODE == 429  # the default keeps the status of what it answers
    assert json.loads(answer.body) == {
        "error": {"code": "THROTTLED", "message": "Too Many Requests"}
    }


def test_without_any_declared_response_api_gateways_own_bodies_remain() -> None:
    answer = GatewayResponses({}).answer("INVALID_API_KEY", "ForbiddenException")

    assert (answer.CODE, json.loads(answer.body)) == (403, {"message": "Forbidden"})
