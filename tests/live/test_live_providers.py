"""Against a real model server, when one is configured; skipped otherwise.

    OLLAMA_HOST=http://127.0.0.1:11434 LIVE_MODEL=qwen2.5:7b-instruct pytest -m live
    OPENAI_BASE_URL=http://127.0.0.1:8000/v1 LLM_API_KEY=... LIVE_MODEL=... pytest -m live

A real model's findings differ run to run, so these assert the contract (a valid answer,
quotes that are in the text, usage counted), not particular findings.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from chalicelib.analysis.quotes import normalize_for_match
from chalicelib.llm.provider import LlmProvider
from chalicelib.llm.slots import UnlimitedSlots
from chalicelib.prescreen import RoutingPolicy, prescreen_document

if TYPE_CHECKING:
    from chalicelib.llm.chat import ChatClient

pytestmark = pytest.mark.live

CONTRACT = """# ДОГОВОР ПОСТАВКИ № 5

ООО «Ромашка», именуемое в дальнейшем «Поставщик», с одной стороны, и АО «Лютик», именуемое
в дальнейшем «Покупатель», с другой стороны, заключили настоящий договор.

## 1. Ответственность
1.1. За просрочку поставки Поставщик уплачивает неустойку 1% от цены за каждый день просрочки.

## 2. Расторжение
2.1. Покупатель вправе в любое время в одностороннем порядке отказаться от договора.
"""


def _clients() -> list[tuple[str, ChatClient]]:
    from chalicelib.adapters.llm import OllamaChatClient, OpenAICompatibleChatClient

    key = os.environ.get("LLM_API_KEY", "")
    found: list[tuple[str, ChatClient]] = []
    if os.environ.get("OLLAMA_HOST"):
        found.append(("ollama", OllamaChatClient(os.environ["OLLAMA_HOST"], api_key=key)))
    if os.environ.get("OPENAI_BASE_URL"):
        found.append(
            ("openai", OpenAICompatibleChatClient(os.environ["OPENAI_BASE_URL"], api_key=key))
        )
    return found


@pytest.mark.skipif(
    not _clients() or not os.environ.get("LIVE_MODEL"),
    reason="set OLLAMA_HOST or OPENAI_BASE_URL, and LIVE_MODEL, to run against a real model",
)
def test_a_real_model_answers_findings_whose_quotes_are_in_the_text() -> None:
    prescreen = prescreen_document(CONTRACT, pipeline="contract", policy=RoutingPolicy())
    for name, client in _clients():
        provider = LlmProvider(client, model=os.environ["LIVE_MODEL"], slots=UnlimitedSlots())

        result = provider.analyze(CONTRACT, prescreen)

        assert result.provider == name and result.usage is not None and result.usage.calls >= 1
        folded = normalize_for_match(CONTRACT)
        assert all(normalize_for_match(f.quote) in folded for f in result.findings)
