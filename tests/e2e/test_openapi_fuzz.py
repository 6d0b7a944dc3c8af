"""Property-based fuzzing of the HTTP API against its own OpenAPI document (schemathesis).

The local cloud serves the API; schemathesis reads `/v1/openapi.json` from it and sends
each operation a bounded, reproducible set of generated requests (the document's examples,
valid and invalid ones), signed in as an admin (so reviewer and admin routes get past 403)
with a partner key of theirs. Every answer must be no 5xx, with a status, content type and
body the document gives for the operation. Negative cases may drop the Authorization
header or the key: API Gateway's authorizer and key check then answer, in the same shape.
The last test checks the run was deep enough: the main routes reached their success answers.

Two more runs go where one request at a time cannot. The stateful one follows the
document's links as a client would (a new document is read, its report asked for, it is
deleted; a new key is revoked), with schemathesis' checks that a created resource can be
read and a deleted one is gone. The hostile one sends every JSON operation bodies no schema
generates: nested thousands deep, numbers that overflow (1e400, NaN, forty digits), a key
given twice, a lone surrogate, in any field; each must be a 400 in the error shape.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ensure_resource_availability,
    response_schema_conformance,
    status_code_conformance,
    use_after_free,
)

from chalicelib.openapi_routes import ROUTES, Operation
from infra.localcloud import LocalCloud

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e

MAX_EXAMPLES = 10  # per operation, derandomized: the file takes ~15 s on 2 CPUs
STATEFUL_SCENARIOS = 40  # sequences of at most 5 linked calls: ~10 s; 20 missed a link once
HOSTILE_EXAMPLES = 4  # drawn per JSON operation, beside its explicit cases: ~5 s in all
CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
    content_type_conformance,
]


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    # A roomy plan and key cap: throttling and the cap have their own tests, and would hide
    # the routes behind them here (a walk that reached the cap could never revoke a new key).
    running = LocalCloud(
        parameters={"PartnerRateLimit": "1000", "PartnerBurstLimit": "1000"},
        env_overrides={"SIGNUP_CREDITS": "500", "PARTNER_MAX_KEYS_PER_USER": "100"},
    ).start_server(access_log=False)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def api_url(cloud: LocalCloud) -> str:
    assert cloud.api_url is not None
    return cloud.api_url


def _admin_with_a_key(api_url: str, user_id: str) -> dict[str, str]:
    """An admin's bearer token (the local cloud's sign-in) and a partner key of theirs."""
    signed_in = httpx.post(
        f"{api_url}/v1/auth/dev", json={"user_id": user_id, "role": "admin"}, timeout=60
    )
    assert signed_in.status_code == 200, signed_in.text
    bearer = {"Authorization": f"Bearer {signed_in.json()['access_token']}"}
    key = httpx.post(f"{api_url}/v1/keys", json={"name": "fuzz"}, headers=bearer, timeout=60)
    assert key.status_code == 201, key.text
    return {**bearer, "x-api-key": key.json()["api_key"]}


@pytest.fixture(scope="module")
def credentials(api_url: str) -> dict[str, str]:
    return _admin_with_a_key(api_url, "fuzz-admin")


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


# The operations the links join: what the stateful run walks through.
LINKED = [
    "create_document",
    "get_document",
    "get_report",
    "delete_document",
    "create_key",
    "revoke_key",
    "b2b_create_document",
    "b2b_get_document",
    "b2b_get_report",
]
# What the stateful run answered: (operation id, status), and which steps followed a link.
FOLLOWED: set[tuple[str, int]] = set()


def test_the_api_keeps_to_its_document_when_calls_follow_its_links(
    api_schema: Any, api_url: str
) -> None:
    # A user of its own: the run above used up the other's keys (five each).
    credentials = _admin_with_a_key(api_url, "fuzz-walker")
    linked = api_schema.include(operation_id=LINKED)

    class ClientWorkflow(linked.as_state_machine()):  # type: ignore[misc]
        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            return {"headers": credentials, "timeout": 60}

        def after_call(self, response: Any, case: schemathesis.Case) -> None:
            super().after_call(response, case)
            if case.operation.definition.raw.get("operationId") in LINKED:
                FOLLOWED.add((case.operation.definition.raw["operationId"], response.status_code))

        def validate_response(self, response: Any, case: schemathesis.Case, **_: Any) -> None:
            case.validate_response(
                response,
                checks=[*CHECKS, ensure_resource_availability, use_after_free],
                recorder=self.recorder,
            )

    ClientWorkflow.run(
        settings=settings(
            max_examples=STATEFUL_SCENARIOS,
            stateful_step_count=5,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
    # The links were followed to the resources they lead to, not only to 404s.
    assert {("get_document", 200), ("revoke_key", 200)} <= FOLLOWED, str(sorted(FOLLOWED))


# Bodies no schema generates. Each replaces the value of one field of a valid body, or is
# the whole body; `{field}` is where the field's name goes.
_NESTED = 2_000  # past the parser's recursion limit (about 1 000)
HOSTILE_VALUES = {
    "nested_array": "[" * _NESTED + "]" * _NESTED,
    "nested_object": '{"a":' * _NESTED + "1" + "}" * _NESTED,
    "1e400": "1e400",
    "-1e400": "-1e400",
    "NaN": "NaN",
    "Infinity": "Infinity",
    "forty_digits": "1" + "0" * 40,
    "lone_surrogate": '"\\ud800"',
    "surrogate_in_text": '"name\\udfff.pdf"',
}
HOSTILE_BODIES = {
    "nested_body": "[" * _NESTED + "]" * _NESTED,
    "repeated_key": '{{"{field}": 1, "{field}": 2}}',
    "surrogate_key": '{{"\\ud800": 1, "{field}": 1}}',
}
JSON_OPERATIONS = [route for route in ROUTES if route.body is not None]


def _with_value(route: Operation, field: str, raw_value: str) -> bytes:
    """A body the route would take (its model's example, or a string in each required
    field) with `field` set to `raw_value`, written as it is (it may be no JSON value)."""
    assert route.body is not None
    schema = route.body.model_json_schema()
    body = dict(schema["examples"][0]) if "examples" in schema else {}
    body |= {name: "x" for name in schema.get("required", []) if name not in body}
    fields = [f"{json.dumps(name)}: {json.dumps(value)}" for name, value in body.items()]
    fields = [item for item in fields if not item.startswith(json.dumps(field) + ":")]
    return ("{" + ", ".join([*fields, f"{json.dumps(field)}: {raw_value}"]) + "}").encode()


@st.composite
def hostile_body(draw: st.DrawFn, route: Operation) -> tuple[str, bytes]:
    """One field of a body the route would take set to a hostile value, or a hostile body."""
    assert route.body is not None
    field = draw(st.sampled_from(sorted(route.body.model_fields)))
    if draw(st.booleans()):
        kind = draw(st.sampled_from(sorted(HOSTILE_BODIES)))
        return kind, HOSTILE_BODIES[kind].format(field=field).encode()
    kind = draw(st.sampled_from(sorted(HOSTILE_VALUES)))
    return f"{kind} in {field}", _with_value(route, field, HOSTILE_VALUES[kind])


def _hostile_params() -> list[Any]:
    return [pytest.param(route, id=f"{route.method} {route.path}") for route in JSON_OPERATIONS]


@pytest.mark.parametrize("route", _hostile_params())
def test_hostile_json_bodies_are_a_400_on_every_json_operation(
    route: Operation, api_url: str, credentials: dict[str, str]
) -> None:
    assert route.body is not None
    path = route.path.replace("{document_id}", "0b8f6c1e-0000-4000-8000-000000000000")
    path = path.replace("{user_id}", "fuzz-someone")
    headers = {**credentials, "Content-Type": "application/json"}

    @settings(
        max_examples=HOSTILE_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(sent=hostile_body(route))
    def send(sent: tuple[str, bytes]) -> None:
        what, body = sent
        response = httpx.request(
            route.method, f"{api_url}{path}", content=body, headers=headers, timeout=60
        )
        assert response.status_code == 400, (what, response.status_code, response.text)
        error = response.json()["error"]
        assert set(error) == {"code", "message"} and error["code"] == "BAD_REQUEST", what

    # Every route gets these, whatever the draws: a body nested thousands deep, and a number
    # that overflows a float in each of its fields.
    send = example(sent=("nested body", HOSTILE_BODIES["nested_body"].encode()))(send)
    for field in route.body.model_fields:
        send = example(sent=(f"1e400 in {field}", _with_value(route, field, "1e400")))(send)
    send()


def test_the_fuzzing_reached_the_success_answers_of_the_main_routes() -> None:
    if not ANSWERED:
        pytest.skip("the fuzzing tests did not run in this session")
    missing = MUST_REACH - ANSWERED
    assert not missing, sorted(a for a in ANSWERED if a[0] in {m[0] for m in missing})
