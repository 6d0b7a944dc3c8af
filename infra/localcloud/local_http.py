"""A local fake's HTTP server on a background thread: the part every fake shares."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Generic, Self, TypeVar

FakeT = TypeVar("FakeT")


class FakeHttpServer(ThreadingHTTPServer, Generic[FakeT]):
    """A threaded HTTP server whose handlers reach their fake as `self.server.fake`."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], fake: FakeT
    ) -> None:
        super().__init__(address, handler)
        self.fake: FakeT = fake


class ServedInBackground:
    """Serves `self._server` on a daemon thread; start/stop, and use as a context manager."""

    _server: ThreadingHTTPServer
    _thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The server's base URL, e.g. "http://127.0.0.1:8081"."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> Self:
        """Serve in a background thread."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving (`_before_stop` first, to wake whatever waits) and close the socket."""
        self._before_stop()
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._server.server_close()

    def _before_stop(self) -> None:
        """What a fake does before its server stops: nothing by default."""

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *_exc_info: object) -> None:
        self.stop()
