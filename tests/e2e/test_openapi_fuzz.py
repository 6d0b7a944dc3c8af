"""Property-based fuzzing of the HTTP API against its own OpenAPI document (schemathesis).

The local cloud serves the API; schemathesis reads `/v1/openapi.json` from it and sends
each operation a bounded, reproducible set of generated requests (valid and invalid ones),
signed in as a freshly registered user and with a partner key of theirs. Every answer must
be no 5xx, with a status, content type and body the document gives for the operation.
Negative cases may drop the Authorization header: on the local cloud (`AUTH_MODE=dev`) they
run as the development user, an admin, so the reviewer and admin routes get past 403 too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from chalicelib.openapi_routes import ROUTES, Operation
from infra.localcloud import LocalCloud

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e

MAX_EXAMPLES = 10  # per operation, derandomized: the file takes ~15 s on 2 CPUs
CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
    content_type_conformance,
]


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(env_overrides={"SIGNUP_CREDITS": "3"}).start_server(access_log=False)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def api_url(cloud: LocalCloud) -> str:
    assert cloud.api_url is not None
    return cloud.api_url


@pytest.fixture(scope="module")
def credentials(api_url: str) -> dict[str, str]:
    """A bearer token of a registered user (role `user`) and a partner key of theirs."""
    registered = httpx.post(
        f"{api_url}/v1/auth/register",
        json={"email": "fuzz@example.com", "password": "correct horse 42"},
        timeout=60,
    )
    assert registered.status_code == 201, registered.text
    bearer = {"Authorization": f"Bearer {registered.json()['access_token']}"}
    key = httpx.post(f"{api_url}/v1/keys", json={"name": "fuzz"}, headers=bearer, timeout=60)
    assert key.status_code == 201, key.text
    return {**bearer, "x-api-key": key.json()["api_key"]}


@pytest.fixture(scope="module")
def api_schema(api_url: str) -> Any:
    config = schemathesis.Config.from_dict({"base-url": api_url})
    return schemathesis.openapi.from_url(f"{api_url}/v1/openapi.json", config=config)


# Operations that cannot be fuzzed offline, and why.
OFFLINE_GAPS: dict[str, str] = {}


def _operations() -> list[Any]:
    return [
        pytest.param(
            route,
            id=f"{route.method} {route.path}",
            marks=[pytest.mark.skip(reason=OFFLINE_GAPS[route.operation_id])]
            if route.operation_id in OFFLINE_GAPS
            else [],
        )
        for route in ROUTES
    ]


# One test per operation of the document, named by method and path. (schemathesis' own
# `from_fixture(...).parametrize()` breaks on pytest 9, which renamed `Node._nodeid`.)
@pytest.mark.parametrize("route", _operations())
def test_the_api_keeps_to_its_openapi_document(
    route: Operation, api_schema: Any, credentials: dict[str, str]
) -> None:
    operation = api_schema[route.path][route.method]
    cases = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )

    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases)
    def fuzz(case: schemathesis.Case) -> None:
        case.call_and_validate(headers=credentials, checks=CHECKS, timeout=60)

    fuzz()
