"""A local fake of three language-model HTTP APIs: Ollama, OpenAI-compatible and YandexGPT.

One threaded stdlib server answers all three on 127.0.0.1:

- `POST /api/chat`                        Ollama (JSON, or NDJSON when streaming)
- `POST /v1/chat/completions`             OpenAI-compatible (JSON, or SSE when streaming)
- `POST /foundationModels/v1/completion`  YandexGPT (`{"result": ...}`)

Its "model" is the offline rule engine: it reads the document between
`DOCUMENT_START` and `DOCUMENT_END` in the last user message holding them and answers the
schema the request names (findings, or prescreen's facts) in the provider's real
response shape, token counts included. Tests steer it through `FakeLlmServer`
(failures, delays, invalid answers, streaming, a required key) and read back
every request it got. From a shell: `python -m infra.localcloud.fake_llm --port 11434`.

The package: `server` serves and records (scenario controls included), `protocols`
reads each provider's request and writes its answer, error and stream shapes, `model`
makes up the answer's text, and `__main__` is the shell entry.
"""

from infra.localcloud.fake_llm.model import (
    HALLUCINATED_QUOTE,
    NOT_JSON_ANSWER,
    InvalidKind,
    document_of,
    facts_answer,
    findings_answer,
)
from infra.localcloud.fake_llm.protocols import YANDEX_MODEL_VERSION, Provider
from infra.localcloud.fake_llm.server import FakeLlmServer, RecordedRequest

__all__ = [
    "HALLUCINATED_QUOTE",
    "NOT_JSON_ANSWER",
    "YANDEX_MODEL_VERSION",
    "FakeLlmServer",
    "InvalidKind",
    "Provider",
    "RecordedRequest",
    "document_of",
    "facts_answer",
    "findings_answer",
]
