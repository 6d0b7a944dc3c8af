"""Lane fairness: a person's upload while a 500-document batch runs, on the local cloud.

`python -m tests.bench.lanes [--documents 500]` (also `make bench --lanes`). One local
cloud on the OpenAI-compatible provider, its model a local fake that takes `LLM_DELAY_S`
per call: a run holds a model slot for one call, so that delay is one slot's wait. The cap
is the OpenAI default's eight calls, split by lane (high 2, default 2, batch 3, system 1).

1. Idle: a person's TXT upload (`POST /v1/documents`, the high lane), from the request to
   the document settled, `PERSON_RUNS` times.
2. A batch of `documents` TXT files (`POST /v1/batches`) is sent by a pool of threads.
   Probes: the person uploads again and is timed, and beside each, the same file as a
   one-file batch (what a person would get if every run shared one semaphore: it queues
   in the batch's lane). `PERSON_RUNS - 1` probes while the batch is being sent (at a
   quarter and half of it with 3), then `PERSON_RUNS` once it is all sent and its runs
   queue for their model slots.
3. The batch is awaited to its summary (counts, credits).

Each phase is reported apart: while the batch is being sent, every upload runs Extract,
whose concurrency (and, on the local cloud, one process on a shared machine) no lane
divides; once it is sent, the batch waits for the model, which is what the lanes divide.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from tests.bench.trace import RunTrace

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CONTRACT = FIXTURES / "eval_corpus/en_cuad/master_services.txt"
# A model call takes this long: one slot's wait. Long enough that the batch's 500 calls
# (3 slots) outlast its upload, so its runs queue at the model once it is sent.
LLM_DELAY_S = 1.0
PERSON_RUNS = 3
# Threads of pure Python spun beside the person in the control (no batch): one per CPU.
BURNERS = 2
# Set by `--cpu-control`: time the person beside spinning threads too, before the batch.
CPU_CONTROL = False
SETTLED = ("done", "failed", "in_review")
POLL_S = 0.05
# Set by `--trace`: where each of the person's probes spent its time (tests/bench/trace.py).
TRACE: RunTrace | None = None


class Api:
    """One signed-in user of the local cloud's HTTP API."""

    def __init__(self, base_url: str, user_id: str) -> None:
        self.http = httpx.Client(
            base_url=base_url, timeout=300, event_hooks={"response": [self._expired]}
        )
        self._user_id = user_id
        self._sign_in()

    def _sign_in(self) -> None:
        token = self.http.post("/v1/auth/dev", json={"user_id": self._user_id, "role": "user"})
        token.raise_for_status()
        self.http.headers["Authorization"] = f"Bearer {token.json()['access_token']}"

    def _expired(self, response: httpx.Response) -> None:
        """A run longer than a token's 15 minutes: sign in again (the call is repeated by
        the caller's polling, or fails loudly once)."""
        if response.status_code == 401 and response.request.url.path != "/v1/auth/dev":
            self._sign_in()

    def send(self, ticket: dict[str, Any], data: bytes) -> str:
        """The presigned POST of one ticket; its document's id."""
        form = ticket["upload"]
        sent = httpx.post(
            form["url"],
            data=form["fields"],
            files={"file": ("contract.txt", data, "text/plain")},
            timeout=300,
        )
        assert sent.status_code in (200, 201, 204), sent.text
        return str(ticket["document"]["document_id"])

    def settle(self, document_id: str, timeout: float = 900) -> str:
        """Wait for the document to settle; its status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with _traced("poll", document_id):
                status = str(self.http.get(f"/v1/documents/{document_id}").json().get("status"))
            if status in SETTLED:
                return status
            time.sleep(POLL_S)
        raise TimeoutError(f"{document_id} did not settle in {timeout} s")

    def person_upload(self, data: bytes) -> float:
        """Seconds from a person's upload request to their document settled (high lane)."""
        return self.traced_person_upload(data)[0]

    def traced_person_upload(self, data: bytes) -> tuple[float, dict[str, Any] | None]:
        """`person_upload`, and with `--trace` the timeline of the person's document."""
        began = time.monotonic()
        traced_from = time.perf_counter()
        with _traced("ticket", "") as named:
            ticket = self.http.post(
                "/v1/documents",
                json={"filename": "contract.txt", "content_type": "text/plain", "size": len(data)},
            )
            assert ticket.status_code == 201, ticket.text
            document_id = str(ticket.json()["document"]["document_id"])
            named.append(document_id)
        assert ticket.json()["document"]["lane"] == "high"
        with _traced("upload", document_id):
            self.send(ticket.json(), data)
        self.settle(document_id)
        took = time.monotonic() - began
        if TRACE is None:
            return took, None
        TRACE.wait_for(document_id, "lambda", "FinalizeFunction")
        timeline = TRACE.timeline(document_id, began=traced_from)
        timeline["process"] = TRACE.window(traced_from, time.perf_counter())
        return took, timeline

    def one_file_batch(self, data: bytes) -> float:
        """The same upload in the batch's lane: what every run sharing one semaphore gets."""
        began = time.monotonic()
        answer = self.http.post("/v1/batches", json={"files": [_file(data)]})
        assert answer.status_code == 201, answer.text
        self.settle(self.send(answer.json()["documents"][0], data))
        return time.monotonic() - began

    def close(self) -> None:
        """Close the connection pool."""
        self.http.close()


@contextmanager
def _spinning(threads: int) -> Iterator[None]:
    """`threads` threads of pure Python spinning for the block: CPU for the lock, no I/O."""
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            sum(range(1000))

    spinners = [threading.Thread(target=spin, daemon=True) for _ in range(threads)]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        stop.set()
        for spinner in spinners:
            spinner.join()


@contextmanager
def _traced(name: str, document_id: str) -> Iterator[list[str]]:
    """An `http` span of the person's request under `--trace` (the yielded list may be
    given the document's id once the answer names it)."""
    named: list[str] = []
    began = time.perf_counter()
    try:
        yield named
    finally:
        if TRACE is not None:
            who = named[0] if named else document_id
            TRACE.add("http", name, who, began, time.perf_counter())


def _file(data: bytes) -> dict[str, Any]:
    return {"filename": "contract.txt", "content_type": "text/plain", "size": len(data)}


def _probe(
    person: Api, importer: Api, batch_id: str, data: bytes, *, shared_lane: bool
) -> dict[str, Any]:
    """The person's upload and, at the same time (`shared_lane`), the same file as a
    one-file batch; and how many of the batch's runs were running when the probe began.

    With admission control a one-file batch queues behind the big one (the lane is first
    come, first served), so it says nothing about a shared semaphore: it is left out.
    """
    counts = importer.http.get(f"/v1/batches/{batch_id}").json()["counts"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        high = pool.submit(person.traced_person_upload, data)
        shared = pool.submit(person.one_file_batch, data) if shared_lane else None
        high_s, timeline = high.result()
        return {
            "high_s": high_s,
            "timeline": timeline,
            "batch_lane_s": shared.result() if shared is not None else None,
            "batch_in_flight": counts["prescreening"] + counts["analyzing"],
            "batch_queued": counts["extracting"],
        }


def run_lanes(
    cloud: LocalCloud,
    documents: int,
    *,
    workers: int = 16,
    shared_lane: bool = True,
    await_batch: bool = True,
) -> dict[str, Any]:
    """The idle person, then the person beside a batch of `documents`; the figures."""
    assert cloud.api_url is not None, "the local cloud must be serving HTTP"
    data = CONTRACT.read_bytes()
    person = Api(cloud.api_url, "lanes-person")
    importer = Api(cloud.api_url, "lanes-importer")
    person.person_upload(data)  # warm: first imports of every handler
    idle_traced = [person.traced_person_upload(data) for _ in range(PERSON_RUNS)]
    idle = [took for took, _ in idle_traced]
    # The control: no batch at all, only threads of pure Python spinning in the same
    # process (what the batch's steps are to the person on the local cloud: other work
    # for the one interpreter lock), one per CPU.
    burned = []
    if CPU_CONTROL:
        with _spinning(BURNERS):
            burned = [person.traced_person_upload(data) for _ in range(PERSON_RUNS)]
    throttled_before = len(cloud.throttles)

    created = importer.http.post("/v1/batches", json={"files": [_file(data)] * documents})
    assert created.status_code == 201, created.text
    batch_id = created.json()["batch_id"]
    sent = 0
    lock = threading.Lock()
    started = time.monotonic()

    def send(ticket: dict[str, Any]) -> None:
        nonlocal sent
        importer.send(ticket, data)
        with lock:
            sent += 1

    uploading: list[dict[str, Any]] = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(send, ticket) for ticket in created.json()["documents"]]
        # Probes spread over the upload (a quarter and half of it with 3 runs), each only
        # while the batch is still being sent.
        for k in range(1, PERSON_RUNS):
            while sent < documents * k // (PERSON_RUNS + 1):
                time.sleep(0.2)
            if sent >= documents:
                break
            uploading.append(_probe(person, importer, batch_id, data, shared_lane=shared_lane))
        for future in futures:
            future.result()
    upload_s = time.monotonic() - started
    # The batch's runs now wait only for the batch lane's model slots.
    queued = [
        _probe(person, importer, batch_id, data, shared_lane=shared_lane)
        for _ in range(PERSON_RUNS)
    ]
    if await_batch:
        batch = _await_batch(importer, batch_id)
    else:  # the person's figures only: the batch is left where it is
        batch = {"counts": importer.http.get(f"/v1/batches/{batch_id}").json()["counts"]}
        batch["summary"] = None
    wall_s = time.monotonic() - started
    person.close()
    importer.close()
    figures = _figures(
        idle,
        uploading=uploading,
        queued=queued,
        documents=documents,
        upload_s=upload_s,
        wall_s=wall_s,
        batch=batch,
        cloud=cloud,
        throttled=Counter(cloud.throttles[throttled_before:]),
    )
    if burned:
        figures["cpu_only"] = {
            "spinning_threads": BURNERS,
            "person_samples_s": [took for took, _ in burned],
            "person_s": statistics.median(took for took, _ in burned),
            "timelines": [timeline for _, timeline in burned],
        }
    if TRACE is not None:
        figures["idle_timelines"] = [timeline for _, timeline in idle_traced]
    return figures


def _await_batch(importer: Api, batch_id: str, timeout: float = 1800) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = importer.http.get(f"/v1/batches/{batch_id}").json()
        if "counts" not in answer:  # signed in again after the token expired: once more
            answer = importer.http.get(f"/v1/batches/{batch_id}").json()
        counts = answer["counts"]
        running = counts["extracting"] + counts["prescreening"] + counts["analyzing"]
        if answer["final"] or not running:  # held for a reviewer counts as settled here
            return {"counts": answer["counts"], "summary": answer["summary"]}
        time.sleep(5)
    raise TimeoutError(f"batch {batch_id} did not finish in {timeout} s")


def _phase(probes: list[dict[str, Any]], idle_s: float) -> dict[str, Any]:
    """One phase's probes: medians, ratios to idle and the extra wait in slot waits."""
    high = statistics.median(p["high_s"] for p in probes)
    phase = {
        "probes": probes,
        "person_s": high,
        "person_max_s": max(p["high_s"] for p in probes),
        "person_ratio": high / idle_s,
        "person_extra_in_slot_waits": (high - idle_s) / LLM_DELAY_S,
    }
    timelines = [p["timeline"] for p in probes if p.get("timeline")]
    if timelines:
        # What the product made the person wait for capacity (a model slot, Extract's
        # concurrency), apart from the rest, which is the steps' own time on a busy CPU.
        phase["capacity_wait_s"] = [
            round(t["sums_s"]["slot_full_wait"] + t["sums_s"]["concurrency_wait"], 3)
            for t in timelines
        ]
        phase["process_cpu_per_s"] = [t["process"]["process_cpu_per_s"] for t in timelines]
        phase["gil_probe_median_ms"] = [
            (t["process"]["gil_probe_ms"] or {}).get("median") for t in timelines
        ]
    if all(p["batch_lane_s"] is not None for p in probes):
        shared = statistics.median(p["batch_lane_s"] for p in probes)
        phase |= {
            "batch_lane_s": shared,
            "batch_lane_ratio": shared / idle_s,
            "batch_lane_extra_in_slot_waits": (shared - idle_s) / LLM_DELAY_S,
        }
    return phase


def _figures(
    idle: list[float],
    *,
    uploading: list[dict[str, Any]],
    queued: list[dict[str, Any]],
    documents: int,
    upload_s: float,
    wall_s: float,
    batch: dict[str, Any],
    cloud: LocalCloud,
    throttled: Counter[str],
) -> dict[str, Any]:
    idle_s = statistics.median(idle)
    summary = batch["summary"] or {}
    return {
        "documents": documents,
        "one_slot_wait_s": LLM_DELAY_S,
        "idle_person_s": idle_s,
        "idle_samples_s": idle,
        # While the batch is still being sent: every upload runs Extract, whose concurrency
        # (and, locally, one process's CPU) the lanes do not divide.
        "uploading": _phase(uploading, idle_s),
        # Once sent: the batch's runs wait for the batch lane's model slots.
        "queued": _phase(queued, idle_s),
        "batch_upload_s": upload_s,
        "batch_wall_s": wall_s,
        "batch_counts": batch["counts"],
        "batch_credits_spent": summary.get("credits_spent"),
        # A full semaphore is an error the run retries: counted, not a failure.
        "handler_errors": dict(Counter(error.error_type for error in cloud.errors)),
        "throttled_invocations": dict(throttled),
    }


def bench_lanes(
    documents: int = 500,
    *,
    analyze_reserved: int | None = None,
    batch_max_running: int | None = None,
    await_batch: bool = True,
) -> dict[str, Any]:
    """A local cloud on a slow fake model; the fairness figures of a batch of `documents`.

    `analyze_reserved` overrides the Analyze function's reserved concurrency (the
    template's AnalyzeReservedConcurrency; 0: none), which every lane's runs share.
    `batch_max_running` overrides BATCH_MAX_RUNNING, the batch runs admitted at once
    (0: no admission control, every run started on its upload).
    """
    parameters = {}
    if analyze_reserved is not None:
        parameters["AnalyzeReservedConcurrency"] = str(analyze_reserved)
    from infra.localcloud import LocalCloud
    from infra.localcloud.fake_llm import FakeLlmServer

    with FakeLlmServer() as fake:
        fake.delay_next(times=100 * documents, seconds=LLM_DELAY_S)
        env = {
            "SIGNUP_CREDITS": str(documents + 50),
            "LLM_PROVIDER": "openai",
            "OPENAI_BASE_URL": fake.openai_base_url,
            "LLM_MODEL": "fake-model",
            "LLM_MAX_CONCURRENT_CALLS": "8",
        }
        if batch_max_running is not None:
            env["BATCH_MAX_RUNNING"] = str(batch_max_running)
        cloud = LocalCloud(parameters=parameters, env_overrides=env).start_server(access_log=False)
        try:
            # With admission control a one-file batch queues behind the big one: no probe.
            shared_lane = batch_max_running == 0
            return {
                **run_lanes(cloud, documents, shared_lane=shared_lane, await_batch=await_batch),
                "analyze_reserved": analyze_reserved,
                "batch_max_running": batch_max_running,
            }
        finally:
            try:
                cloud.stop()
            except TimeoutError:
                # Forgetting 500 documents' resources can outlast the reset's timeout on a
                # loaded machine: the figures are measured by then and must not be lost.
                print("the local cloud's reset timed out", file=sys.stderr)


def summary(figures: dict[str, Any]) -> str:
    """The bench's lines for lane fairness."""
    control = figures.get("cpu_only")
    beside = (
        f" ({control['person_s']:.2f} s beside {control['spinning_threads']} threads"
        " spinning, no batch)"
        if control
        else ""
    )
    lines = [
        f"lanes: a person's TXT upload took {figures['idle_person_s']:.2f} s idle{beside};"
        f" one slot's wait (a model call) is {figures['one_slot_wait_s']:.2f} s;"
        f" a {figures['documents']}-document batch was sent in {figures['batch_upload_s']:.0f} s"
        f" and done in {figures['batch_wall_s']:.0f} s"
    ]
    for phase, label in (
        ("queued", "batch sent, queued for its model slots"),
        ("uploading", "batch still being uploaded"),
    ):
        f = figures[phase]
        line = (
            f"  {label}: the person {f['person_s']:.2f} s (x{f['person_ratio']:.2f},"
            f" {f['person_extra_in_slot_waits']:+.1f} slot waits, at most"
            f" {f['person_max_s']:.2f} s)"
        )
        if "capacity_wait_s" in f:
            line += (
                f"; waits for capacity (slots, concurrency) {max(f['capacity_wait_s']):.2f} s"
                f" at most, the process at {statistics.median(f['process_cpu_per_s']):.2f}"
                " CPU-s per s"
            )
        if "batch_lane_s" in f:
            line += (
                f"; the same file in the batch's lane {f['batch_lane_s']:.2f} s"
                f" (x{f['batch_lane_ratio']:.2f},"
                f" {f['batch_lane_extra_in_slot_waits']:+.1f} slot waits)"
            )
        lines.append(line)
    return "\n".join(lines)


def main() -> int:
    """Run the lanes bench alone and print its figures."""
    global TRACE, PERSON_RUNS, CPU_CONTROL  # noqa: PLW0603  # the bench's switches
    parser = argparse.ArgumentParser(prog="python -m tests.bench.lanes")
    parser.add_argument("--documents", type=int, default=500)
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--analyze-reserved", type=int, help="the Analyze function's reserved concurrency"
    )
    parser.add_argument(
        "--batch-max-running",
        type=int,
        help="batch runs admitted at once (BATCH_MAX_RUNNING; 0: no admission control)",
    )
    parser.add_argument(
        "--no-await",
        action="store_true",
        help="stop once the person is measured (no batch wall time nor credits)",
    )
    parser.add_argument(
        "--person-runs", type=int, default=PERSON_RUNS, help="the person's probes per phase"
    )
    parser.add_argument(
        "--cpu-control",
        action="store_true",
        help="also time the person beside threads spinning in the process (no batch)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="time each of the person's probes step by step (tests/bench/trace.py)",
    )
    args = parser.parse_args()
    PERSON_RUNS = args.person_runs
    CPU_CONTROL = args.cpu_control
    if args.trace:
        TRACE = RunTrace()
        TRACE.install()  # before the local cloud starts: it binds its runtime then
    figures = bench_lanes(
        args.documents,
        analyze_reserved=args.analyze_reserved,
        batch_max_running=args.batch_max_running,
        await_batch=not args.no_await,
    )
    print(json.dumps(figures, indent=2))
    print(summary(figures))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
