"""Property-based fuzzing of the HTTP API against its own OpenAPI document (schemathesis).

The local cloud serves the API; schemathesis reads `/v1/openapi.json` from it and sends
each operation a bounded, reproducible set of generated requests (the document's examples,
valid and invalid ones), signed in as an admin (so reviewer and admin routes get past 403)
with a partner key of theirs. Every answer must be no 5xx, with a status, content type and
body the document gives for the operation. Negative cases may drop the Authorization
header or the key: API Gateway's authorizer and key check then answer, in the same shape.
The last test checks the run was deep enough: the main routes reached their success answers.
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
    # A roomy plan: throttling has its own tests, and would hide the routes behind it here.
    running = LocalCloud(
        parameters={"PartnerRateLimit": "1000", "PartnerBurstLimit": "1000"},
        env_overrides={"SIGNUP_CREDITS": "500"},
    ).start_server(access_log=False)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def api_url(cloud: LocalCloud) -> str:
    assert cloud.api_url is not None
    return cloud.api_url


@pytest.fixture(scope="module")
def credentials(api_url: str) -> dict[str, str]:
    """An admin's bearer token (the local cloud's sign-in) and a partner key of theirs."""
    signed_in = httpx.post(
        f"{api_url}/v1/auth/dev", json={"user_id": "fuzz-admin", "role": "admin"}, timeout=60
    )
    assert signed_in.status_code == 200, signed_in.text
    bearer = {"Authorization": f"Bearer {signed_in.json()['access_token']}"}
    key = httpx.post(f"{api_url}/v1/keys", json={"name": "fuzz"}, headers=bearer, timeout=60)
    assert key.status_code == 201, key.text
    return {**bearer, "x-api-key": key.json()["api_key"]}


@pytest.fixture(scope="module")
def api_schema(api_url: str) -> Any:
    config = schemathesis.Config.from_dict({"base-url": api_url})
    return schemathesis.openapi.from_url(f"{api_url}/v1/openapi.json", config=config)


# Operations that cannot be fuzzed offline, and why.
OFFLINE_GAPS: dict[str, str] = {}
# What each operation answered during the run: (operation id, status).
ANSWERED: set[tuple[str, int]] = set()
# Success answers the run must reach, or it fuzzed only the doors.
MUST_REACH = {
    ("get_me", 200),
    ("create_document", 201),
    ("list_documents", 200),
    ("create_key", 201),
    ("list_keys", 200),
    ("b2b_create_document", 201),
    ("b2b_usage", 200),
    ("list_reviews", 200),
    ("failed_runs", 200),
    ("development_sign_in", 200),
    ("get_openapi", 200),
}


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
        *operation.get_strategies_from_examples(),
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
        response = case.call_and_validate(headers=credentials, checks=CHECKS, timeout=60)
        ANSWERED.add((route.operation_id, response.status_code))

    fuzz()


def test_the_fuzzing_reached_the_success_answers_of_the_main_routes() -> None:
    if not ANSWERED:
        pytest.skip("the fuzzing tests did not run in this session")
    missing = MUST_REACH - ANSWERED
    assert not missing, sorted(a for a in ANSWERED if a[0] in {m[0] for m in missing})
