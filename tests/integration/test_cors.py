"""The web page's origin: preflights, headers on answers and on API Gateway's refusals.

`CORS_ALLOW_ORIGIN` is read when the app is imported (Chalice gives each route the API's
CORS as it is made), so each case runs in a fresh interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = "https://app.contract-check.example"

# Runs in the child: three requests through the local API Gateway, printed as JSON.
# (chalice.test's client cannot read the preflight chalice.local makes up: no body.)
_PROBE = """
import json
from chalice.config import Config
from chalice.local import LocalGatewayException
import app
from infra.localcloud.gateway import LocalApiGateway

gateway = LocalApiGateway(app.app, Config())

def call(method, path, headers):
    try:
        answer = gateway.handle_request(method, path, {"origin": "%(origin)s", **headers}, b"")
        return [answer["statusCode"], answer["headers"]]
    except LocalGatewayException as refusal:
        return [refusal.CODE, refusal.headers]

print(json.dumps({
    "preflight": call("OPTIONS", "/v1/me", {"access-control-request-method": "GET"}),
    "described": call("GET", "/v1/openapi.json", {}),
    "refused": call("GET", "/v1/me", {}),
}))
"""


def _python(args: list[str], origin: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter in the project, with CORS_ALLOW_ORIGIN set to `origin`."""
    env = {**os.environ, "CORS_ALLOW_ORIGIN": origin, "TABLE_NAME": "t", "BUCKET_NAME": "b"}
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def _probe(origin: str) -> dict[str, list[object]]:
    result = _python(["-c", _PROBE % {"origin": ORIGIN}], origin)
    assert result.returncode == 0, result.stderr
    answers: dict[str, list[object]] = json.loads(result.stdout.strip().splitlines()[-1])
    return answers


def _allowed(answer: list[object]) -> object:
    headers = answer[1]
    assert isinstance(headers, dict)
    return headers.get("Access-Control-Allow-Origin")


def test_with_an_origin_the_page_may_call_and_read_every_answer() -> None:
    answers = _probe(ORIGIN)

    preflight = answers["preflight"]
    assert preflight[0] == 200 and _allowed(preflight) == ORIGIN
    assert isinstance(preflight[1], dict)
    assert "Authorization" in str(preflight[1]["Access-Control-Allow-Headers"])
    # The page may send its own X-Correlation-ID and read it (and Retry-After) back.
    assert "X-Correlation-ID" in str(preflight[1]["Access-Control-Allow-Headers"])
    described = answers["described"]
    assert described[0] == 200 and _allowed(described) == ORIGIN
    assert isinstance(described[1], dict)
    exposed = str(described[1].get("Access-Control-Expose-Headers"))
    assert "X-Correlation-ID" in exposed and "Retry-After" in exposed
    # The authorizer's 401 never reaches the app; the page can read it all the same.
    assert answers["refused"][0] == 401 and _allowed(answers["refused"]) == ORIGIN


def test_without_an_origin_no_cross_origin_page_is_allowed() -> None:
    answers = _probe("")

    assert all(_allowed(answer) is None for answer in answers.values())


def test_an_origin_that_is_not_one_is_refused_at_import() -> None:
    result = _python(["-c", "import app"], "app.example.com/path")
    assert result.returncode != 0 and "CORS_ALLOW_ORIGIN" in result.stderr


@pytest.mark.slow
def test_the_package_carries_the_origin_to_the_preflights_the_function_and_refusals(
    tmp_path: Path,
) -> None:
    result = _python(["-m", "infra.package", "--template-only", "--out", str(tmp_path)], ORIGIN)
    assert result.returncode == 0, result.stderr

    resources = json.loads((tmp_path / "sam.json").read_text())["Resources"]
    paths = resources["RestAPI"]["Properties"]["DefinitionBody"]["paths"]
    preflight = paths["/v1/me"]["options"]["x-amazon-apigateway-integration"]
    headers = preflight["responses"]["default"]["responseParameters"]
    assert headers["method.response.header.Access-Control-Allow-Origin"] == f"'{ORIGIN}'"
    variables = resources["APIHandler"]["Properties"]["Environment"]["Variables"]
    assert variables["CORS_ALLOW_ORIGIN"] == ORIGIN
    unauthorized = resources["UnauthorizedResponse"]["Properties"]["ResponseParameters"]
    assert unauthorized["gatewayresponse.header.Access-Control-Allow-Origin"] == f"'{ORIGIN}'"
