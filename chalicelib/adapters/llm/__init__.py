"""HTTP adapters of the chat port, one per provider protocol; they need httpx (extra `llm`)."""

from __future__ import annotations

from chalicelib.adapters.llm.ollama import OllamaChatClient
from chalicelib.adapters.llm.openai_compat import OpenAICompatibleChatClient
from chalicelib.adapters.llm.yandexgpt import YandexGptChatClient

__all__ = ["OllamaChatClient", "OpenAICompatibleChatClient", "YandexGptChatClient"]
