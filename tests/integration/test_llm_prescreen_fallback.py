"""Prescreen's model fallback through the state machine, against the fake Ollama."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud
    from infra.localcloud.fake_llm import FakeLlmServer

pytestmark = pytest.mark.integration

LETTER = (
    "Письмо о сотрудничестве\n\nООО «Ромашка» предлагает АО «Лютик» обсудить поставку "
    "оборудования на сумму 2 500 000,00 рублей до 30 июня 2024 года.\n"
).encode()


@pytest.fixture
def local_cloud_env(fake_llm: FakeLlmServer) -> dict[str, str]:
    return {
        "SIGNUP_CREDITS": "5",
        "LLM_PROVIDER": "ollama",
        "OLLAMA_HOST": fake_llm.url,
        "PRESCREEN_LLM_FALLBACK_ENABLED": "true",
        "PRESCREEN_LLM_FALLBACK_BELOW": "0.5",
    }


def test_an_unsure_prescreen_asks_the_model_and_records_where_facts_came_from(
    local_cloud: LocalCloud, fake_llm: FakeLlmServer
) -> None:
    driver = Driver(local_cloud)

    doc_id = driver.submit("письмо.txt", LETTER)

    facts_calls = [
        r for r in fake_llm.requests if r.body.get("format", {}).get("title") == ("prescreen_facts")
    ]
    assert facts_calls, "prescreen did not ask the model"
    _, body = driver.api("GET", f"/v1/documents/{doc_id}")
    assert body["status"] in ("in_review", "done")
    prescreen = (
        local_cloud.client("s3")
        .get_object(
            Bucket=local_cloud.deployment.bucket,
            Key=f"artifacts/{body['region']}/{doc_id}/v1/prescreen.json",
        )["Body"]
        .read()
    )
    # The fake's "model" reads with prescreen's own rules, so it adds nothing here: the
    # facts keep their source. (Facts a model does add are tested in the unit tests.)
    sources = json.loads(prescreen)["sources"]
    assert sources and set(sources.values()) == {"rules"}
