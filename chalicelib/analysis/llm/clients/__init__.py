"""HTTP adapters of the chat port, one per provider protocol; they need httpx (extra `llm`)."""

from __future__ import annotations

from chalicelib.analysis.llm.clients.ollama import OllamaChatClient
from chalicelib.analysis.llm.clients.openai_compat import OpenAICompatibleChatClient
from chalicelib.analysis.llm.clients.yandexgpt import YandexGptChatClient

__all__ = ["OllamaChatClient", "OpenAICompatibleChatClient", "YandexGptChatClient"]
