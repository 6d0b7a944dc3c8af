"""The child process of `extract_isolated`: requests on stdin, one JSON reply line each.

Run as `python -m chalicelib.extract.worker`. A request is one JSON header line
(`declared_ext`, `limits`, `size`) and then `size` bytes of the document; the worker
serves requests until its stdin closes, so a warm Lambda pays the interpreter's start
and the readers' imports once, not per document. The reply is
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


def read_request(stream: BinaryIO) -> tuple[bytes, str, ExtractLimits] | None:
    """The next document, its declared extension and the limits; None at the end of input."""
    line = stream.readline()
    if not line:
        return None
    header = json.loads(line)
    size = header.get("size")
    data = stream.read() if size is None else stream.read(int(size))
    return data, str(header["declared_ext"]), ExtractLimits(**header["limits"])


def handle(stream: BinaryIO) -> dict[str, Any]:
    """Extract the next requested document; the reply to send, errors included."""
    request = read_request(stream)
    if request is None:
        raise EOFError
    data, declared_ext, limits = request
    try:
        extraction = extract_document(data, declared_ext=declared_ext, limits=limits)
    except DomainError as exc:
        return {"ok": False, "error": type(exc).__name__, "message": exc.message}
    return {"ok": True, "extraction": extraction.model_dump(mode="json")}


def main() -> int:
    """Serve requests until stdin closes; stdout carries only the replies, whatever
    libraries print (their output goes to stderr)."""
    reply_fd = os.dup(sys.stdout.fileno())
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    with os.fdopen(reply_fd, "wb") as out:
        while True:
            try:
                reply = handle(sys.stdin.buffer)
            except EOFError:
                return 0
            except MemoryError:
                # No allocation is safe now: leave with a status the parent reads as a crash.
                os._exit(MEMORY_EXIT_CODE)
            out.write(json.dumps(reply, ensure_ascii=False).encode() + b"\n")
            out.flush()


if __name__ == "__main__":
    sys.exit(main())
