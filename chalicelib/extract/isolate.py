"""Extraction in a child process: a parser that hangs or eats memory takes only the child down."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import resource
import signal
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from chalicelib.errors import ExtractionCrashedError, ExtractionTimeoutError, error_class_by_name
from chalicelib.models import Extraction

if TYPE_CHECKING:
    from chalicelib.extract.limits import ExtractLimits

logger = logging.getLogger(__name__)

WORKER_MODULE = "chalicelib.extract.worker"
# The directory holding the `chalicelib` package, so `-m` finds it from any cwd.
_CODE_ROOT = Path(__file__).resolve().parents[2]
_STDERR_TAIL = 2000


def encode_request(data: bytes, declared_ext: str, limits: ExtractLimits) -> bytes:
    """The worker's stdin: one JSON header line, then the document's bytes."""
    header = json.dumps({"declared_ext": declared_ext, "limits": asdict(limits)})
    return header.encode() + b"\n" + data


def extract_isolated(data: bytes, *, declared_ext: str, limits: ExtractLimits) -> Extraction:
    """`extract_document` in a child process with a memory cap and a wall-clock timeout."""
    process = subprocess.Popen(  # noqa: S603  # our own interpreter and module, no shell
        [sys.executable, "-m", WORKER_MODULE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=_CODE_ROOT,
        # Its own process group, so a timeout also kills the Tesseract processes it started.
        start_new_session=True,
    )
    memory = limits.memory_mb * 1024 * 1024
    # Set before the child reads its input: it has only imported modules by then.
    # (A child that already died is reported by its exit status below.)
    with contextlib.suppress(ProcessLookupError):
        resource.prlimit(process.pid, resource.RLIMIT_AS, (memory, memory))
    try:
        stdout, stderr = process.communicate(
            encode_request(data, declared_ext, limits), timeout=limits.timeout_seconds
        )
    except subprocess.TimeoutExpired:
        _kill_group(process)
        raise ExtractionTimeoutError(
            f"Reading the document took longer than {limits.timeout_seconds} seconds. "
            "Send a shorter file or a PDF with a text layer."
        ) from None
    except BaseException:
        _kill_group(process)
        raise
    return _result(process.returncode, stdout, stderr)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()


def _result(returncode: int, stdout: bytes, stderr: bytes) -> Extraction:
    """The Extraction the worker sent, or its domain error raised again here."""
    try:
        reply = json.loads(stdout)
    except ValueError:
        reply = None
    tail = stderr[-_STDERR_TAIL:].decode(errors="replace")
    if returncode != 0 or not isinstance(reply, dict):
        logger.warning("extraction worker died (exit %s): %s", returncode, tail)
        raise ExtractionCrashedError
    if reply.get("ok"):
        return Extraction.model_validate(reply["extraction"])
    error_class = error_class_by_name(str(reply.get("error")))
    if error_class is None or error_class is ExtractionCrashedError:
        # The worker logged the reader's traceback to its stderr; keep it in ours.
        logger.warning("extraction worker's reader failed: %s", tail)
    if error_class is None:
        raise ExtractionCrashedError
    raise error_class(str(reply.get("message") or "") or None)
