"""A fake of the external recognizer, for the demo and the tests.

It watches the share's `Input/` (through the same `RecognizerShare` port the hand-off uses,
so over the S3 prefix or SMB alike) and answers each file in `Output/<task_id>/` with pages
in the agreed format, `{"page": n, "rows": [[...], ...]}`, once the file has waited
`delay_seconds`. How it answers is chosen per file, deterministically: by a marker in the
file's name (the task id), else by a seeded choice, else it answers well:

- `answer`: two pages (`Page-2.json`, `page-1.json`: the merge orders names ignoring case);
- `partial`: the pages first as `*.tmp` (still being written), renamed on the next step;
- `junk`: a page that is not JSON;
- `never`: nothing, ever (the hand-off times out).

`step()` does one look (the tests call it, so nothing depends on timing); `start()` runs it
on a thread every `interval` seconds; `LocalRecognizer` is `contract-check local up`'s, with
the poller fired as its schedule would.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from typing import TYPE_CHECKING, Any, Literal

from chalicelib.keys import SHARE_INPUT_FOLDER, build_share_output_folder

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.ports.recognizer import RecognizerShare

logger = logging.getLogger(__name__)

Behaviour = Literal["answer", "partial", "junk", "never"]
BEHAVIOURS: tuple[Behaviour, ...] = ("answer", "partial", "junk", "never")
PAGES = {
    "page-1.json": {"page": 1, "rows": [["Счёт", "Дебет", "Кредит"], ["60", 1500.5, None]]},
    "Page-2.json": {"page": 2, "rows": [["62", None, "2400.00"], ["Итого", 1500.5, 2400]]},
}


def behaviour_of(task_id: str, seed: int | None = None) -> Behaviour:
    """How the fake answers this task: a marker in its id (`…-never-…`), else a seeded
    choice, else `answer`."""
    lowered = task_id.lower()
    for behaviour in BEHAVIOURS:
        if behaviour in lowered:
            return behaviour
    if seed is None:
        return "answer"
    return random.Random(f"{seed}:{task_id}").choice(BEHAVIOURS)  # noqa: S311 - a demo's dice


class FakeRecognizer:
    """Answers the share's `Input/` files (see the module's docstring)."""

    def __init__(
        self,
        share: RecognizerShare,
        *,
        delay_seconds: float = 0.0,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        pages: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self._share = share
        self._pages = pages or PAGES  # what a good answer holds (the tests may give a table)
        self._delay = delay_seconds
        self._seed = seed
        self._clock = clock
        self._seen: dict[str, float] = {}  # input file → when first seen
        self._done: set[str] = set()
        self._partial: set[str] = set()  # tasks whose pages are still .tmp
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.answered: list[tuple[str, Behaviour]] = []

    def step(self) -> None:
        """One look at `Input/`: answer what has waited long enough, finish `.tmp` pages."""
        for task_id in sorted(self._partial):
            self._finish_partial(task_id)
        now = self._clock()
        for entry in self._share.list(SHARE_INPUT_FOLDER):
            task_id = entry.name.rsplit(".", 1)[0]
            if task_id in self._done:
                continue
            first = self._seen.setdefault(task_id, now)
            if now - first < self._delay:
                continue
            self._done.add(task_id)
            behaviour = behaviour_of(task_id, self._seed)
            self._answer(task_id, behaviour)
            self.answered.append((task_id, behaviour))

    def _answer(self, task_id: str, behaviour: Behaviour) -> None:
        folder = build_share_output_folder(task_id)
        if behaviour == "never":
            return
        if behaviour == "junk":
            self._share.put(folder + "page-1.json", b'{"page": 1, "rows": [[1, 2')
            return
        suffix = ".tmp" if behaviour == "partial" else ""
        for name, page in self._pages.items():
            self._share.put(folder + name + suffix, json.dumps(page).encode("utf-8"))
        if behaviour == "partial":
            self._partial.add(task_id)

    def _finish_partial(self, task_id: str) -> None:
        """Rename the `.tmp` pages (the share has no rename: a copy, then the delete)."""
        folder = build_share_output_folder(task_id)
        for name in self._pages:
            self._share.put(folder + name, self._share.read(folder + name + ".tmp"))
            self._share.delete(folder + name + ".tmp")
        self._partial.discard(task_id)

    def start(self, interval: float = 1.0) -> FakeRecognizer:
        """Look every `interval` seconds on a thread, until `stop()`."""

        def loop() -> None:
            while not self._stop.wait(interval):
                try:
                    self.step()
                except Exception:  # a demo's fake keeps going: say why, look again later
                    logger.exception("fake recognizer: a look at the share failed")

        self._thread = threading.Thread(target=loop, name="fake-recognizer", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)


class LocalRecognizer:
    """`contract-check local up`'s external recognizer: the fake on the cloud's S3 share,
    answering after `delay_seconds`, and the poller's schedule fired every `poll_seconds`
    (the local cloud fires no schedule by itself; AWS's is every minute)."""

    POLLER = "RecognizerPollerFunction"

    def __init__(self, cloud: Any, *, delay_seconds: float = 5.0, poll_seconds: float = 5.0):
        from chalicelib.adapters.recognizer_s3_share import S3PrefixShare
        from chalicelib.settings import Settings

        prefix = Settings.model_fields["recognizer_share_prefix"].default
        share = S3PrefixShare(cloud.deployment.bucket, prefix, cloud.client("s3"))
        self.fake = FakeRecognizer(share, delay_seconds=delay_seconds)
        self._cloud = cloud
        self._poll_seconds = poll_seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> LocalRecognizer:
        """The fake's looks and the poller, on threads, until `stop()`."""
        self.fake.start(interval=1.0)

        def poll() -> None:
            while not self._stop.wait(self._poll_seconds):
                try:
                    self._cloud.run_schedule(self.POLLER)
                except Exception:  # the next poll tries again, as the schedule would
                    logger.exception("local recognizer: a poll failed")

        self._thread = threading.Thread(target=poll, name="recognizer-poller", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop both threads."""
        self._stop.set()
        self.fake.stop()
        if self._thread is not None:
            self._thread.join(timeout=5)
