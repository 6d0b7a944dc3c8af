"""Work AWS does after an API call has returned, run on background threads and counted.

EventBridge delivers to its targets, and Lambda runs an `Event` invocation, after
the caller got its answer. The local cloud does the same on daemon threads; a test
waits for them with `drain`, which returns once nothing is pending, including
work that pending work started (a handler that puts an event, which runs a handler).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

logger = logging.getLogger(__name__)


class BackgroundRuns:
    """Daemon threads for asynchronous deliveries, with a count of those still running."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._pending = 0
        self._closed = False
        # Failures of the delivery machinery itself (a destination it cannot reach...);
        # a handler's exception is not one: the runtime records those in `errors`.
        self.failures: list[BaseException] = []

    @property
    def pending(self) -> int:
        """How many deliveries are running or waiting to run."""
        with self._changed:
            return self._pending

    def submit(self, name: str, work: Callable[[], object]) -> threading.Event:
        """Run `work` on a new daemon thread; an event set when it has finished."""
        done = threading.Event()
        with self._changed:
            if self._closed:
                raise RuntimeError("the local cloud is stopping: no new background work")
            # Counted before the caller's API call returns, so `drain` right after it waits.
            self._pending += 1

        def run() -> None:
            try:
                work()
            except Exception as exc:  # keep it for the test to see
                logger.exception("background delivery %s failed", name)
                with self._changed:
                    self.failures.append(exc)
            finally:
                done.set()
                self._release()

        threading.Thread(target=run, name=name, daemon=True).start()
        return done

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """Count the enclosed code as pending work (it is about to submit some)."""
        with self._changed:
            self._pending += 1
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        with self._changed:
            self._pending -= 1
            self._changed.notify_all()

    def drain(self, timeout: float = 30.0) -> None:
        """Wait until no delivery is pending; TimeoutError naming how many still are."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._pending:
                left = deadline - time.monotonic()
                if left <= 0:
                    pending = self._pending
                    raise TimeoutError(f"{pending} deliveries still pending after {timeout} s")
                self._changed.wait(left)

    def close(self, timeout: float = 5.0) -> None:
        """Refuse new work and give running work `timeout` seconds to finish."""
        with self._changed:
            self._closed = True
        try:
            self.drain(timeout)
        except TimeoutError as exc:
            # Daemon threads: they die with the process; say so rather than hang the stop.
            logger.warning("stopping with background work still running: %s", exc)
