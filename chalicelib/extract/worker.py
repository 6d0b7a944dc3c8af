"""The child process of `extract_isolated`: a request on stdin, one JSON reply on stdout.

Run as `python -m chalicelib.extract.worker`. The reply is
`{"ok": true, "extraction": {...}}` or `{"ok": false, "error": "<DomainError class>",
"message": "..."}`; a crash or MemoryError ends the process with a non-zero status.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, BinaryIO

from chalicelib.errors import DomainError
from chalicelib.extract.dispatch import extract_document
from chalicelib.extract.limits import ExtractLimits

MEMORY_EXIT_CODE = 3


def read_request(stream: BinaryIO) -> tuple[bytes, str, ExtractLimits]:
    """The document, its declared extension and the limits from the worker's stdin."""
    header = json.loads(stream.readline())
    return stream.read(), str(header["declared_ext"]), ExtractLimits(**header["limits"])


def handle(stream: BinaryIO) -> dict[str, Any]:
    """Extract the requested document; the reply to send, errors included."""
    data, declared_ext, limits = read_request(stream)
    try:
        extraction = extract_document(data, declared_ext=declared_ext, limits=limits)
    except DomainError as exc:
        return {"ok": False, "error": type(exc).__name__, "message": exc.message}
    return {"ok": True, "extraction": extraction.model_dump(mode="json")}


def main() -> int:
    """Serve one request; stdout carries only the reply, whatever libraries print."""
    reply_fd = os.dup(sys.stdout.fileno())
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        reply = handle(sys.stdin.buffer)
    except MemoryError:
        # No allocation is safe now: leave with a status the parent reads as a crash.
        os._exit(MEMORY_EXIT_CODE)
    with os.fdopen(reply_fd, "wb") as out:
        out.write(json.dumps(reply, ensure_ascii=False).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
