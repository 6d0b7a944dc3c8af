"""The provider adapters against the local fake of their HTTP APIs, over real sockets."""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.adapters.llm import (
    OllamaChatClient,
    OpenAICompatibleChatClient,
    YandexGptChatClient,
)
from chalicelib.errors import (
    LlmRateLimitedError,
    LlmRequestRejectedError,
    LlmTimeoutError,
    LlmUnavailableError,
)
from chalicelib.llm.chat import ChatClient, ChatMessage, ChatRequest
from chalicelib.llm.schema import (
    DOCUMENT_END,
    DOCUMENT_START,
    FACTS_SCHEMA,
    FINDINGS_SCHEMA,
    FactsAnswer,
    FindingsAnswer,
    facts_schema,
    findings_schema,
)
from infra.localcloud.fake_llm import (
    HALLUCINATED_QUOTE,
    NOT_JSON_ANSWER,
    YANDEX_MODEL_VERSION,
    FakeLlmServer,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.integration

PROVIDERS = ("ollama", "openai", "yandexgpt")
MODELS = {"ollama": "qwen2.5:7b-instruct", "openai": "gpt-4o-mini", "yandexgpt": "yandexgpt/latest"}
FOLDER_ID = "b1gfolder0000000000"
CONTRACT = """# ДОГОВОР ПОСТАВКИ № 17/2024

г. Казань «15» марта 2024 г.

Общество с ограниченной ответственностью «Ромашка» (ИНН 7707083893), именуемое в дальнейшем \
«Поставщик», в лице генерального директора Иванова И.И., действующего на основании Устава, с одной \
стороны, и Акционерное общество «Лютик» (ИНН 7736050003), именуемое в дальнейшем «Покупатель», в \
лице директора Петрова П.П., действующего на основании Устава, с другой стороны, заключили \
настоящий договор о нижеследующем.

## 1. Предмет договора

1.1. Поставщик обязуется поставить, а Покупатель принять и оплатить промышленное оборудование в \
соответствии со Спецификацией.

## 2. Цена и порядок расчётов

2.1. Общая стоимость оборудования составляет 2 500 000,00 (два миллиона пятьсот тысяч) рублей, в \
том числе НДС 20%.

2.2. Покупатель производит предоплату в размере 100% стоимости в течение 5 банковских дней с даты \
подписания договора.

## 3. Ответственность сторон

3.1. За просрочку поставки Поставщик уплачивает Покупателю неустойку в размере 0,5% от стоимости \
непоставленного оборудования за каждый день просрочки.

3.2. Поставщик вправе в одностороннем порядке отказаться от исполнения договора, уведомив \
Покупателя за 10 дней.

## 4. Разрешение споров

4.1. Все споры разрешаются в Арбитражном суде Республики Татарстан. Применимое право — \
законодательство Российской Федерации.

## 5. Срок действия

5.1. Договор вступает в силу с 15.03.2024 и действует до 31.12.2024. Если ни одна из сторон не \
заявит о его прекращении, договор считается продлённым на следующий календарный год.
"""


@pytest.fixture
def fake() -> Iterator[FakeLlmServer]:
    """A fresh fake on a free port."""
    with FakeLlmServer() as server:
        yield server


def make_client(provider: str, fake: FakeLlmServer, api_key: str = "") -> ChatClient:
    """The real adapter of `provider`, pointed at the fake."""
    if provider == "ollama":
        return OllamaChatClient(fake.url, api_key=api_key)
    if provider == "openai":
        return OpenAICompatibleChatClient(fake.openai_base_url, api_key=api_key)
    return YandexGptChatClient(FOLDER_ID, api_key or "AQVN-test-key", base_url=fake.url)


def findings_request(provider: str, **changes: Any) -> ChatRequest:
    """A findings request about `CONTRACT`, as the analysis would send it."""
    request = ChatRequest(
        messages=(
            ChatMessage("system", "Ты юрист. Отвечай только JSON по схеме."),
            ChatMessage(
                "user",
                f"Найди риски в договоре между {DOCUMENT_START} и {DOCUMENT_END}.\n"
                f"{DOCUMENT_START}\n{CONTRACT}{DOCUMENT_END}",
            ),
        ),
        model=MODELS[provider],
        json_schema=findings_schema(),
        schema_name=FINDINGS_SCHEMA,
        timeout_seconds=10.0,
    )
    return replace(request, **changes)


def body_of(fake: FakeLlmServer) -> dict[str, Any]:
    """The JSON body of the last request the fake got."""
    body = fake.requests[-1].body
    assert isinstance(body, dict)
    return body


# --- answers ---------------------------------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_returns_findings_with_tokens(provider: str, fake: FakeLlmServer) -> None:
    response = make_client(provider, fake).complete(findings_request(provider))

    answer = FindingsAnswer.model_validate_json(response.text)
    assert {f.checklist_item for f in answer.findings} >= {"penalty", "unilateral_termination"}
    assert all(f.quote in CONTRACT for f in answer.findings)
    assert response.input_tokens is not None
    assert response.input_tokens > 0
    assert response.output_tokens is not None
    assert response.output_tokens > 0
    assert response.latency_ms > 0


@pytest.mark.parametrize(
    ("provider", "model"),
    [
        ("ollama", "qwen2.5:7b-instruct"),
        ("openai", "gpt-4o-mini"),
        ("yandexgpt", f"yandexgpt/latest@{YANDEX_MODEL_VERSION}"),
    ],
)
def test_chat_client_reports_the_model_that_answered(
    provider: str, model: str, fake: FakeLlmServer
) -> None:
    response = make_client(provider, fake).complete(findings_request(provider))

    assert response.model == model


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_returns_prescreen_facts(provider: str, fake: FakeLlmServer) -> None:
    request = findings_request(provider, json_schema=facts_schema(), schema_name=FACTS_SCHEMA)

    response = make_client(provider, fake).complete(request)

    facts = FactsAnswer.model_validate_json(response.text)
    assert facts.amount == "2500000.00"
    assert facts.currency == "RUB"
    assert {p.inn for p in facts.parties} == {"7707083893", "7736050003"}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_passes_an_invalid_answer_through(provider: str, fake: FakeLlmServer) -> None:
    # GIVEN a model that first answers prose, then JSON breaking the schema
    fake.answer_invalid_next(kind="not_json")
    fake.answer_invalid_next(kind="bad_schema")
    client = make_client(provider, fake)

    # THEN no error: validating is the repair loop's job, and the third answer is valid
    assert client.complete(findings_request(provider)).text == NOT_JSON_ANSWER
    assert "no_such_item" in client.complete(findings_request(provider)).text
    FindingsAnswer.model_validate_json(client.complete(findings_request(provider)).text)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_returns_a_hallucinated_quote_as_given(
    provider: str, fake: FakeLlmServer
) -> None:
    fake.hallucinate = True

    response = make_client(provider, fake).complete(findings_request(provider))

    quotes = [f.quote for f in FindingsAnswer.model_validate_json(response.text).findings]
    assert HALLUCINATED_QUOTE in quotes
    assert HALLUCINATED_QUOTE not in CONTRACT


# --- streaming -------------------------------------------------------------------


def test_ollama_client_assembles_an_ndjson_stream(fake: FakeLlmServer) -> None:
    fake.stream = True

    response = make_client("ollama", fake).complete(findings_request("ollama"))

    FindingsAnswer.model_validate_json(response.text)
    assert response.output_tokens is not None
    assert response.output_tokens > 0


def test_openai_client_assembles_an_sse_stream(fake: FakeLlmServer) -> None:
    fake.stream = True

    response = make_client("openai", fake).complete(findings_request("openai"))

    FindingsAnswer.model_validate_json(response.text)
    assert response.model == "gpt-4o-mini"
    assert response.input_tokens is not None
    assert response.input_tokens > 0


def test_yandexgpt_client_reads_the_last_line_of_a_stream(fake: FakeLlmServer) -> None:
    fake.stream = True

    response = make_client("yandexgpt", fake).complete(findings_request("yandexgpt"))

    FindingsAnswer.model_validate_json(response.text)


# --- failures ------------------------------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_maps_429_to_rate_limited(provider: str, fake: FakeLlmServer) -> None:
    fake.fail_next_with_429()

    with pytest.raises(LlmRateLimitedError):
        make_client(provider, fake).complete(findings_request(provider))


def test_openai_client_maps_insufficient_quota_to_rate_limited(fake: FakeLlmServer) -> None:
    fake.fail_next_with_429(quota=True)

    with pytest.raises(LlmRateLimitedError, match="insufficient_quota"):
        make_client("openai", fake).complete(findings_request("openai"))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_falls_back_to_a_model_not_rate_limited(
    provider: str, fake: FakeLlmServer
) -> None:
    # GIVEN only the primary model is rate limited
    fake.fail_next_with_429(3, model=MODELS[provider])
    client = make_client(provider, fake)

    with pytest.raises(LlmRateLimitedError):
        client.complete(findings_request(provider))
    # THEN another model of the same provider still answers
    response = client.complete(findings_request(provider, model="fallback-model"))
    FindingsAnswer.model_validate_json(response.text)
    assert fake.pending_faults == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_maps_500_to_unavailable(provider: str, fake: FakeLlmServer) -> None:
    fake.fail_next_with_500()

    with pytest.raises(LlmUnavailableError, match="HTTP 500"):
        make_client(provider, fake).complete(findings_request(provider))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_maps_a_slow_answer_to_timeout(provider: str, fake: FakeLlmServer) -> None:
    fake.delay_next(seconds=3.0)
    started = time.perf_counter()

    with pytest.raises(LlmTimeoutError):
        make_client(provider, fake).complete(findings_request(provider, timeout_seconds=0.3))
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_maps_401_to_rejected_with_the_provider_message(
    provider: str, fake: FakeLlmServer
) -> None:
    fake.api_key = "right-key"
    messages = {"ollama": "unauthorized", "openai": "invalid_api_key", "yandexgpt": "api key"}

    with pytest.raises(LlmRequestRejectedError, match=messages[provider]) as caught:
        make_client(provider, fake, api_key="wrong-key").complete(findings_request(provider))
    assert "HTTP 401" in caught.value.message


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_is_let_in_with_the_right_key(provider: str, fake: FakeLlmServer) -> None:
    fake.api_key = "right-key"

    response = make_client(provider, fake, api_key="right-key").complete(findings_request(provider))

    FindingsAnswer.model_validate_json(response.text)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_chat_client_maps_an_unreachable_server_to_unavailable(provider: str) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # Nothing listens on `port` any more: the connection is refused.
    client = {
        "ollama": lambda: OllamaChatClient(f"http://127.0.0.1:{port}"),
        "openai": lambda: OpenAICompatibleChatClient(f"http://127.0.0.1:{port}/v1"),
        "yandexgpt": lambda: YandexGptChatClient(FOLDER_ID, "k", f"http://127.0.0.1:{port}"),
    }[provider]()

    with pytest.raises(LlmUnavailableError):
        client.complete(findings_request(provider))


# --- what goes on the wire ---------------------------------------------------------


def test_ollama_client_sends_the_schema_in_format(fake: FakeLlmServer) -> None:
    make_client("ollama", fake, api_key="cloud-key").complete(
        findings_request("ollama", temperature=0.2, max_output_tokens=900)
    )

    request = fake.requests[-1]
    assert request.path == "/api/chat"
    assert request.headers["authorization"] == "Bearer cloud-key"
    body = body_of(fake)
    assert body["model"] == "qwen2.5:7b-instruct"
    assert body["stream"] is False
    assert body["format"] == findings_schema()
    assert body["options"] == {"temperature": 0.2, "num_predict": 900}
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert DOCUMENT_START in body["messages"][-1]["content"]


def test_ollama_client_sends_no_authorization_without_a_key(fake: FakeLlmServer) -> None:
    make_client("ollama", fake).complete(findings_request("ollama"))

    assert "authorization" not in fake.requests[-1].headers


def test_openai_client_sends_the_schema_in_response_format(fake: FakeLlmServer) -> None:
    make_client("openai", fake, api_key="sk-test").complete(
        findings_request("openai", max_output_tokens=700)
    )

    request = fake.requests[-1]
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer sk-test"
    body = body_of(fake)
    assert body["model"] == "gpt-4o-mini"
    assert body["max_tokens"] == 700
    assert body["temperature"] == 0.0
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": FINDINGS_SCHEMA, "schema": findings_schema(), "strict": True},
    }
    assert body["messages"][0] == {
        "role": "system",
        "content": "Ты юрист. Отвечай только JSON по схеме.",
    }


def test_yandexgpt_client_sends_model_uri_and_json_schema(fake: FakeLlmServer) -> None:
    make_client("yandexgpt", fake, api_key="AQVN-key").complete(
        findings_request("yandexgpt", temperature=1.5, max_output_tokens=1500)
    )

    request = fake.requests[-1]
    assert request.path == "/foundationModels/v1/completion"
    assert request.headers["authorization"] == "Api-Key AQVN-key"
    assert request.headers["x-folder-id"] == FOLDER_ID
    body = body_of(fake)
    assert body["modelUri"] == f"gpt://{FOLDER_ID}/yandexgpt/latest"
    # maxTokens is an int64: a string in JSON; temperature is capped at the API's 1.
    assert body["completionOptions"] == {"stream": False, "temperature": 1.0, "maxTokens": "1500"}
    assert body["jsonSchema"] == {"schema": findings_schema()}
    assert [set(m) for m in body["messages"]] == [{"role", "text"}, {"role", "text"}]


def test_yandexgpt_client_sends_an_iam_token_as_bearer(fake: FakeLlmServer) -> None:
    client = YandexGptChatClient(FOLDER_ID, "t1.iam-token", fake.url, auth="iam_token")

    client.complete(findings_request("yandexgpt", model="yandexgpt-lite"))

    assert fake.requests[-1].headers["authorization"] == "Bearer t1.iam-token"
    assert body_of(fake)["modelUri"] == f"gpt://{FOLDER_ID}/yandexgpt-lite"


# --- the fake itself -----------------------------------------------------------------


def test_fake_llm_counts_requests_in_flight(fake: FakeLlmServer) -> None:
    fake.delay_next(4, seconds=0.3)
    client = make_client("ollama", fake)
    threads = [
        threading.Thread(target=client.complete, args=(findings_request("ollama"),))
        for _ in range(4)
    ]

    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert fake.max_in_flight >= 2
    assert len(fake.requests) == 4


def test_fake_llm_answers_the_shell_health_check(fake: FakeLlmServer) -> None:
    import httpx

    assert httpx.get(fake.url).text == "Ollama is running"
    assert json.loads(httpx.post(f"{fake.url}/nowhere", json={}).text)["error"]
