"""The shell entry: `python -m infra.localcloud.fake_llm --port 11434` serves until Ctrl-C."""

from __future__ import annotations

import argparse
import threading
from typing import TYPE_CHECKING

from infra.localcloud import fake_llm
from infra.localcloud.fake_llm.server import FakeLlmServer

if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the fake from a shell until Ctrl-C."""
    doc = fake_llm.__doc__
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    parser.add_argument("--api-key", default=None, help="require this key (401 otherwise)")
    parser.add_argument("--stream", action="store_true", help="stream every answer")
    parser.add_argument("--hallucinate", action="store_true", help="add a quote not in the text")
    args = parser.parse_args(argv)
    fake = FakeLlmServer(args.host, args.port, api_key=args.api_key)
    fake.stream = args.stream
    fake.hallucinate = args.hallucinate
    with fake:
        print(f"fake LLM at {fake.url}", flush=True)
        print(
            f"  OLLAMA_HOST={fake.url}  OPENAI_BASE_URL={fake.openai_base_url}  "
            f"YANDEX_BASE_URL={fake.url}",
            flush=True,
        )
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("stopped", flush=True)


if __name__ == "__main__":
    main()
