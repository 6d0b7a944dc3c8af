"""The whole state machine with LLM_PROVIDER=ollama, against a local fake of Ollama's API.

The real ASL, the real handlers and real HTTP to a fake that answers as Ollama does: the
findings come back through `/api/chat`, rate limits switch to the fallback model, 5xx are
retried (in the Lambda, then by the state machine), a hallucinated quote is dropped, and
an answer that stays invalid fails the document with its credit refunded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.models import AnalysisResult
from infra.localcloud.fake_llm import HALLUCINATED_QUOTE, FakeLlmServer
from tests.documents import make_pdf
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
MODEL, FALLBACK = "qwen-test", "qwen-small"


@pytest.fixture
def local_cloud_env(fake_llm: FakeLlmServer) -> dict[str, str]:
    return {
        "SIGNUP_CREDITS": "5",
        "LLM_PROVIDER": "ollama",
        "OLLAMA_HOST": fake_llm.url,
        "LLM_MODEL": MODEL,
        "LLM_FALLBACK_MODEL": FALLBACK,
        "LLM_TIMEOUT_SECONDS": "5",
        "LLM_RETRIES": "1",
    }


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Iterator[Driver]:
    yield Driver(local_cloud)


def _analysis(driver: Driver, document_id: str) -> AnalysisResult:
    status, body = driver.api("GET", f"/v1/documents/{document_id}/report")
    assert status == 200, body
    return AnalysisResult.model_validate(body["report"]["analysis"])


def test_ollama_analysis_runs_through_the_state_machine_to_a_report(
    driver: Driver, fake_llm: FakeLlmServer
) -> None:
    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    assert driver.document(doc_id)["status"] == "done"
    analysis = _analysis(driver, doc_id)
    assert (analysis.provider, analysis.model) == ("ollama", MODEL)
    assert analysis.findings and analysis.dropped_quotes == 0
    assert analysis.usage is not None and analysis.usage.calls >= 1
    assert analysis.usage.input_tokens > 0 and analysis.usage.models == (MODEL,)
    chat = [r for r in fake_llm.requests if r.path == "/api/chat"]
    assert chat and all(r.body["format"]["title"] == "findings" for r in chat)
    _, body = driver.api("GET", f"/v1/documents/{doc_id}/report")
    assert "Model calls:" in body["markdown"]


def test_a_rate_limited_model_gives_way_to_the_fallback_model(
    driver: Driver, fake_llm: FakeLlmServer
) -> None:
    fake_llm.fail_next_with_429(times=50, model=MODEL)

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    assert driver.document(doc_id)["status"] == "done"
    analysis = _analysis(driver, doc_id)
    assert analysis.model == FALLBACK
    assert analysis.usage is not None and analysis.usage.fallback_used


def test_server_errors_are_retried_until_the_model_answers(
    driver: Driver, fake_llm: FakeLlmServer
) -> None:
    # Two attempts per Lambda run (LLM_RETRIES=1): the state machine's retry does the rest.
    fake_llm.fail_next_with_500(times=3)

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    assert driver.document(doc_id)["status"] == "done"
    assert _analysis(driver, doc_id).findings
    assert len([r for r in fake_llm.requests if r.path == "/api/chat"]) >= 4


def test_a_hallucinated_quote_is_dropped_and_counted(
    driver: Driver, fake_llm: FakeLlmServer
) -> None:
    fake_llm.hallucinate = True

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    analysis = _analysis(driver, doc_id)
    assert analysis.dropped_quotes >= 1
    assert all(HALLUCINATED_QUOTE not in finding.quote for finding in analysis.findings)


def test_an_answer_that_stays_invalid_fails_the_document_and_refunds(
    driver: Driver, fake_llm: FakeLlmServer
) -> None:
    fake_llm.always_invalid = "bad_schema"

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    document: dict[str, Any] = driver.document(doc_id)
    assert document["status"] == "failed"
    assert document["error"]["code"] == "INVALID_MODEL_OUTPUT"
    assert document["refunded"] is True


def test_a_broken_answer_is_repaired_and_the_report_says_so(
    driver: Driver, fake_llm: FakeLlmServer
) -> None:
    fake_llm.answer_invalid_next(times=1, kind="not_json")

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    assert driver.document(doc_id)["status"] == "done"
    analysis = _analysis(driver, doc_id)
    assert analysis.usage is not None and analysis.usage.repairs == 1
    assert analysis.findings
