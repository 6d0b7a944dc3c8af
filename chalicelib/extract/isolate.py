"""Extraction in a child process: a parser that hangs or eats memory takes only the child down.

The child is kept between documents (one per document read at once), so isolation costs
a warm Lambda a pipe round trip, not an interpreter start and the readers' imports.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import resource
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections import deque
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


# A warm worker serves this many documents, then a fresh one starts: whatever a reader
# leaks or fragments is given back regularly.
MAX_DOCUMENTS_PER_WORKER = 50
# A worker still holding more than this share of its memory cap after a document is
# replaced, so the next document gets (nearly) the whole cap, as a fresh worker would.
MAX_RESIDENT_SHARE = 0.5
# Idle workers kept at most: a Lambda environment reads one document at a time and needs
# one; a burst in the local cloud (several extractions at once) gives the rest back.
MAX_IDLE_WORKERS = 2
_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def encode_request(data: bytes, declared_ext: str, limits: ExtractLimits) -> bytes:
    """One request to the worker: a JSON header line, then the document's bytes."""
    header = json.dumps({"declared_ext": declared_ext, "limits": asdict(limits), "size": len(data)})
    return header.encode() + b"\n" + data


def extract_isolated(data: bytes, *, declared_ext: str, limits: ExtractLimits) -> Extraction:
    """`extract_document` in a child process with a memory cap and a wall-clock timeout.

    The child stays alive between documents (`WORKERS`): a warm Lambda reads its next
    document without starting an interpreter and importing the readers again. A child
    that crashed, ran out of time or memory, served MAX_DOCUMENTS_PER_WORKER documents
    or kept too much memory is replaced by a fresh one for the next document.
    """
    return WORKERS.extract(data, declared_ext=declared_ext, limits=limits)


class _Worker:
    """One running worker process: its pipes, its memory cap and how much it has served."""

    def __init__(self, memory_mb: int) -> None:
        self.memory_mb = memory_mb
        self.served = 0
        self.process = subprocess.Popen(  # noqa: S603  # our own interpreter and module
            [sys.executable, "-m", WORKER_MODULE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=_CODE_ROOT,
            # Its own process group, so a timeout also kills the Tesseract processes it started.
            start_new_session=True,
        )
        memory = memory_mb * 1024 * 1024
        # Set before the child reads its input: it has only imported modules by then.
        # (A child that already died is reported by its exit status.)
        with contextlib.suppress(ProcessLookupError):
            resource.prlimit(self.process.pid, resource.RLIMIT_AS, (memory, memory))
        # Its stderr is drained all the time (a full pipe would block it); the tail is kept
        # for the log when it dies.
        self._stderr: deque[bytes] = deque(maxlen=64)
        self._drain = threading.Thread(target=self._read_stderr, daemon=True)
        self._drain.start()

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        fd = stream.fileno()
        for chunk in iter(lambda: os.read(fd, 4096), b""):
            self._stderr.append(chunk)

    def stderr_tail(self) -> bytes:
        """The last of what the worker wrote to stderr."""
        self._drain.join(timeout=1)
        return b"".join(self._stderr)[-_STDERR_TAIL:]

    def ask(self, request: bytes, timeout: float) -> bytes | None:
        """Send one request; its reply line, or None when the worker died first.

        Raises TimeoutError when no reply came within `timeout` seconds.
        """
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(request)
            stdin.flush()
        except (BrokenPipeError, ValueError):
            return None
        deadline = time.monotonic() + timeout
        reply = bytearray()
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            while not reply.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise TimeoutError
                chunk = os.read(stdout.fileno(), 1 << 20)
                if not chunk:
                    return None
                reply += chunk
        self.served += 1
        return bytes(reply)

    def resident_bytes(self) -> int:
        """The worker's resident memory now (0 when it cannot be read)."""
        try:
            statm = Path(f"/proc/{self.process.pid}/statm").read_text().split()
        except OSError:
            return 0
        return int(statm[1]) * _PAGE_SIZE

    def worn(self) -> bool:
        """Whether the worker should make way for a fresh one before the next document."""
        if self.process.poll() is not None or self.served >= MAX_DOCUMENTS_PER_WORKER:
            return True
        return self.resident_bytes() > MAX_RESIDENT_SHARE * self.memory_mb * 1024 * 1024

    def stop(self) -> None:
        """End the worker and everything it started."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.process.wait()
        self._drain.join(timeout=1)
        if self.process.stderr is not None:
            with contextlib.suppress(OSError):
                self.process.stderr.close()


class WorkerPool:
    """Idle workers kept for the next document; one per document being read at once."""

    def __init__(self) -> None:
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()

    def extract(self, data: bytes, *, declared_ext: str, limits: ExtractLimits) -> Extraction:
        """Read one document in a worker, replacing the worker when it failed or wore out."""
        worker = self._take(limits.memory_mb)
        keep = False
        try:
            reply = worker.ask(encode_request(data, declared_ext, limits), limits.timeout_seconds)
        except TimeoutError:
            worker.stop()
            raise ExtractionTimeoutError(
                f"Reading the document took longer than {limits.timeout_seconds} seconds. "
                "Send a shorter file or a PDF with a text layer."
            ) from None
        except BaseException:
            worker.stop()
            raise
        try:
            if reply is None:  # it died: its exit status and last words are the report
                worker.stop()
                return _result(worker.process.returncode, b"", worker.stderr_tail())
            keep = True
            return _result(0, reply, b"")  # the document's own error is no fault of the worker
        finally:
            if keep:
                self._give_back(worker)

    def _take(self, memory_mb: int) -> _Worker:
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if worker.memory_mb == memory_mb and worker.process.poll() is None:
                    return worker
                worker.stop()  # another cap, or it died idle: not one to use
        return _Worker(memory_mb)

    def _give_back(self, worker: _Worker) -> None:
        with self._lock:
            keep = len(self._idle) < MAX_IDLE_WORKERS and not worker.worn()
            if keep:
                self._idle.append(worker)
        if not keep:
            worker.stop()

    def close(self) -> None:
        """Stop the idle workers (at exit, or to start afresh)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.stop()


WORKERS = WorkerPool()
atexit.register(WORKERS.close)


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
