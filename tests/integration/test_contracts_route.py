"""GET /v1/contracts and /v1/contracts/{name} on the local cloud: the recognition contract's
JSON Schemas, without sign-in, behind the local API Gateway."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from chalicelib.contracts import contract_names, load_contract

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration


def test_the_contracts_are_listed_and_each_is_served_as_json_without_sign_in(
    local_cloud: LocalCloud,
) -> None:
    from app import app
    from infra.localcloud.gateway import api_test_client

    with api_test_client(app) as client:
        listed = client.http.get("/v1/contracts")
        assert listed.status_code == 200
        assert listed.json_body == {"contracts": contract_names()}
        for name in listed.json_body["contracts"]:
            served = client.http.get(f"/v1/contracts/{name}")
            assert served.status_code == 200, name
            assert served.headers["Content-Type"] == "application/json"
            assert served.json_body == load_contract(name)
        result = client.http.get("/v1/contracts/result-v1.2").json_body
    assert result["title"] == "result-v1.2"
    assert result["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", ["result-v9.9", "osvdocument", "..%2F..%2Fapp.py"])
def test_an_unknown_contract_is_a_404_in_the_apis_error_shape(
    local_cloud: LocalCloud, name: str
) -> None:
    from app import app
    from infra.localcloud.gateway import api_test_client

    with api_test_client(app) as client:
        answer = client.http.get(f"/v1/contracts/{name}")
    assert answer.status_code == 404
    assert answer.json_body["error"]["code"] == "NOT_FOUND"
    assert "Known: osvDocument" in answer.json_body["error"]["message"]


@pytest.mark.parametrize("name", ["recognitionRequest-v1.0", "recognitionResult-v1.0"])
def test_the_recognition_envelopes_schemas_are_served_as_their_files_say(
    local_cloud: LocalCloud, name: str
) -> None:
    from app import app
    from infra.localcloud.gateway import api_test_client

    source = Path(__file__).parents[2] / "chalicelib" / "contracts" / "schemas" / f"{name}.json"
    with api_test_client(app) as client:
        assert name in client.http.get("/v1/contracts").json_body["contracts"]
        served = client.http.get(f"/v1/contracts/{name}")
    assert served.status_code == 200
    assert served.json_body == json.loads(source.read_text(encoding="utf-8"))
    assert served.json_body["title"] == name
