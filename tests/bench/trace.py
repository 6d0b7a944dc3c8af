"""A tracing aid for the lanes bench: where one document's seconds go on the local cloud.

Bench-only (nothing here is imported by the product). `RunTrace.install()` patches, for
the life of one bench, the local cloud's function runtime and a few product methods with
timers that record spans: who (the document, found in the event or carried by the
thread), what, when it began and ended. Patched before the local cloud starts, because
the cloud binds its runtime's methods when it starts.

What it records:
- `invoke`: moto's call into a function (`FunctionRuntime.intercept`): from the Step
  Functions thread or S3's put asking, to the answer, including any wait for the
  function's reserved concurrency (`concurrency_wait` = the run's start minus this);
- `lambda`: the handler's run itself (`FunctionRuntime.run`);
- `start_execution`: StartExecution of the document's run (the Extract side);
- `slot_wait` (a lane's polling wait for a model or OCR slot) and `slot_try` (one
  conditional take of the DynamoDB semaphore), with whether it got the slot;
- `model_call`: the HTTP call to the (fake) model, from a slot's holder;
- `read` and `admission`: Extract reading the upload, and admission starting or parking;
- `ddb_write_lock`: waits longer than a millisecond for the local cloud's one-at-a-time
  DynamoDB writes (moto_patches), a lock no AWS table has;
- `http`: the bench's own requests for the person (ticket, upload, each status poll).
And two samplers: the GIL probe (a thread that sleeps 5 ms and records how late it
wakes: the wait any thread of the process has for the interpreter lock, plus the OS's
for a CPU) and the process's CPU use (seconds of CPU per second of wall time) beside the
machine's load.

`timeline(document_id)` lays out one document's spans and sums where its time went.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import statistics
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_plus

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

_DOCUMENT = re.compile(r'"document_id":\s*"([^"]+)"')
_GIL_SLEEP_S = 0.005
_CPU_PERIOD_S = 0.25


@dataclass
class Span:
    """One timed thing a document (or nobody in particular: doc "") did."""

    kind: str
    name: str
    doc: str
    start: float
    end: float
    detail: str = ""
    thread: str = ""

    @property
    def seconds(self) -> float:
        """How long it took."""
        return self.end - self.start


@dataclass
class RunTrace:
    """The spans and samples of one bench run (times are `time.perf_counter()`)."""

    spans: list[Span] = field(default_factory=list)
    gil: list[tuple[float, float]] = field(default_factory=list)  # (when, lateness s)
    cpu: list[tuple[float, float, float]] = field(default_factory=list)  # (when, cpu/s, load)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _local: threading.local = field(default_factory=threading.local)
    _undo: list[Callable[[], None]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    # CPU seconds by what a thread was doing (the function it ran, else its kind), sampled
    # from /proc/self/task every `_CPU_PERIOD_S`: (when, {what: cpu seconds since last}).
    cpu_by: list[tuple[float, dict[str, float]]] = field(default_factory=list)
    _running: dict[int, str] = field(default_factory=dict)  # native thread id -> function

    # --- recording -------------------------------------------------------------------

    def add(  # a span's fields, named at every call
        self, kind: str, name: str, doc: str, start: float, end: float, *, detail: str = ""
    ) -> None:
        """Record one span."""
        span = Span(kind, name, doc, start, end, detail, threading.current_thread().name)
        with self._lock:
            self.spans.append(span)

    @property
    def current_doc(self) -> str:
        """The document the calling thread works for (set by the runtime's patch)."""
        return str(getattr(self._local, "doc", ""))

    @contextmanager
    def working_for(self, doc: str) -> Iterator[None]:
        """Attribute what this thread does inside the block to `doc`."""
        before = getattr(self._local, "doc", "")
        self._local.doc = doc
        try:
            yield
        finally:
            self._local.doc = before

    @contextmanager
    def span(self, kind: str, name: str, doc: str | None = None) -> Iterator[list[str]]:
        """Time the block; the caller may append a detail to the yielded list."""
        detail: list[str] = []
        began = time.perf_counter()
        try:
            yield detail
        finally:
            who = self.current_doc if doc is None else doc
            self.add(kind, name, who, began, time.perf_counter(), detail=" ".join(detail))

    # --- patches ---------------------------------------------------------------------

    def install(self) -> None:
        """Patch the runtime and the product's timed methods; start the samplers."""
        from chalicelib.adapters.llm.openai_compat import OpenAICompatibleChatClient
        from chalicelib.adapters.semaphore import DynamoCallSlots
        from chalicelib.adapters.stepfunctions import StepFunctionsWorkflow
        from chalicelib.lanes import WaitingSlots
        from chalicelib.services.admission import RunAdmission
        from chalicelib.services.extraction import ExtractionService
        from infra.localcloud.runtime import FunctionRuntime

        self._patch(FunctionRuntime, "run", self._traced_run)
        self._patch(FunctionRuntime, "intercept", self._traced_intercept)
        self._patch(StepFunctionsWorkflow, "start", self._timed("start_execution", _run_doc))
        self._patch(DynamoCallSlots, "acquire", self._timed("slot_try"))
        self._patch(WaitingSlots, "acquire", self._timed("slot_wait"))
        self._patch(OpenAICompatibleChatClient, "complete", self._timed("model_call"))
        self._patch(RunAdmission, "start_or_queue", self._timed("admission", _document_doc))
        self._patch(ExtractionService, "_read", self._timed("read", _document_doc))
        self._carry_to_chunk_pool()
        self._time_dynamodb_write_lock()
        for target in (self._gil_probe, self._cpu_probe):
            threading.Thread(target=target, name=f"trace-{target.__name__}", daemon=True).start()

    def _patch(self, owner: Any, name: str, wrapper: Callable[[Any], Any]) -> None:
        original = getattr(owner, name)
        setattr(owner, name, wrapper(original))
        self._undo.append(lambda: setattr(owner, name, original))

    def _traced_run(self, original: Any) -> Any:
        """A handler's run, attributed to its document; its thread marked as running it."""
        trace = self

        def run(runtime: Any, logical_id: str, event: Any) -> Any:
            doc = document_of(event)
            tid = threading.get_native_id()
            before = trace._running.get(tid)
            trace._running[tid] = logical_id
            try:
                with trace.working_for(doc), trace.span("lambda", logical_id, doc) as detail:
                    result = original(runtime, logical_id, event)
                    detail.append("errored" if result.errored else "ok")
                    if result.errored and isinstance(result.payload, dict):
                        detail.append(str(result.payload.get("errorType")))
                    return result
            finally:
                if before is None:
                    trace._running.pop(tid, None)
                else:
                    trace._running[tid] = before

        return run

    def _traced_intercept(self, original: Any) -> Any:
        """moto's call into a function, named by its logical id."""
        trace = self

        def intercept(runtime: Any, moto_function: Any, event: Any) -> Any:
            parsed = json.loads(event or "{}") if isinstance(event, str | bytes) else event
            function = runtime.deployment.function_by_name(moto_function.function_name)
            name = function.logical_id if function is not None else moto_function.function_name
            with trace.span("invoke", name, document_of(parsed)) as detail:
                try:
                    return original(runtime, moto_function, event)
                except Exception as exc:
                    detail.append(type(exc).__name__)
                    raise

        return intercept

    def _timed(self, kind: str, doc_of: Callable[..., str] | None = None) -> Any:
        """A wrapper timing a method as a `kind` span (the document: `doc_of`, else the
        thread's)."""
        trace = self

        def wrap(original: Any) -> Any:
            def method(obj: Any, *args: Any, **kwargs: Any) -> Any:
                doc = doc_of(*args) if doc_of is not None else None
                name = str(getattr(obj, "name", type(obj).__name__))
                with trace.span(kind, name, doc) as detail:
                    try:
                        result = original(obj, *args, **kwargs)
                    except Exception as exc:
                        detail.append(type(exc).__name__)
                        raise
                    detail.append("ok" if result is not None else "none")
                    return result

            return method

        return wrap

    def _carry_to_chunk_pool(self) -> None:
        """The model's chunks run on a pool: carry the submitting thread's document there."""
        from chalicelib.llm import provider

        trace = self
        base_pool = provider.ThreadPoolExecutor

        class CarryingPool(base_pool):  # type: ignore[misc,valid-type]
            def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
                doc = trace.current_doc

                def carried() -> Any:
                    with trace.working_for(doc):
                        return fn(*args, **kwargs)

                return super().submit(carried)

        provider.ThreadPoolExecutor = CarryingPool  # type: ignore[misc]
        self._undo.append(lambda: setattr(provider, "ThreadPoolExecutor", base_pool))

    def _time_dynamodb_write_lock(self) -> None:
        """Waits for the local cloud's one-at-a-time DynamoDB writes (no table has it)."""
        from infra.localcloud import moto_patches

        trace = self
        base_lock = moto_patches._write_lock

        class TimedLock:
            def __enter__(self) -> None:
                began = time.perf_counter()
                base_lock.acquire()
                waited = time.perf_counter() - began
                if waited > 0.001:
                    trace.add("ddb_write_lock", "moto", trace.current_doc, began, began + waited)

            def __exit__(self, *exc: object) -> None:
                base_lock.release()

        moto_patches._write_lock = TimedLock()  # type: ignore[assignment]
        self._undo.append(lambda: setattr(moto_patches, "_write_lock", base_lock))

    def uninstall(self) -> None:
        """Undo every patch, stop the samplers."""
        self._stop.set()
        while self._undo:
            self._undo.pop()()

    def _gil_probe(self) -> None:
        while not self._stop.is_set():
            began = time.perf_counter()
            time.sleep(_GIL_SLEEP_S)
            woke = time.perf_counter()
            self.gil.append((woke, woke - began - _GIL_SLEEP_S))

    def _cpu_probe(self) -> None:
        last_wall, last_cpu = time.perf_counter(), _cpu()
        last_threads = _thread_cpu()
        while not self._stop.wait(_CPU_PERIOD_S):
            wall, cpu = time.perf_counter(), _cpu()
            self.cpu.append((wall, (cpu - last_cpu) / (wall - last_wall), os.getloadavg()[0]))
            threads = _thread_cpu()
            names = {t.native_id: t.name for t in threading.enumerate()}
            by: dict[str, float] = {}
            for tid, seconds in threads.items():
                used = seconds - last_threads.get(tid, 0.0)
                if used <= 0:
                    continue
                what = self._running.get(tid) or _kind_of(names.get(tid, "?"))
                by[what] = by.get(what, 0.0) + used
            self.cpu_by.append((wall, by))
            last_wall, last_cpu, last_threads = wall, cpu, threads

    # --- reading ---------------------------------------------------------------------

    def timeline(self, doc: str, began: float | None = None) -> dict[str, Any]:
        """One document's spans from `began` (default: its first), and what they add up to."""
        with self._lock:
            spans = sorted((s for s in self.spans if s.doc == doc), key=lambda s: s.start)
        if not spans:
            return {"document_id": doc, "spans": []}
        origin = spans[0].start if began is None else began
        end = max(s.end for s in spans)
        lambdas = [s for s in spans if s.kind == "lambda"]
        invokes = [s for s in spans if s.kind == "invoke"]
        # The wait before each run of a handler that moto's call did not spend running it:
        # the function's reserved concurrency (an S3 event waits its turn).
        concurrency_wait = 0.0
        for inv in invokes:
            inside = [s for s in lambdas if inv.start <= s.start <= inv.end]
            if inside:
                concurrency_wait += inside[0].start - inv.start
        # Step Functions' own time: from one task's answer to the next task's call.
        pipeline = [s for s in invokes if s.name != "ExtractFunction"]
        transitions = [
            round(after.start - before.end, 3) for before, after in itertools.pairwise(pipeline)
        ]
        started = [s for s in spans if s.kind == "start_execution"]
        first_task = min((s.start for s in pipeline), default=None)
        total = end - origin
        gil = [late for when, late in self.gil if origin <= when <= end]
        cpu = [(c, load) for when, c, load in self.cpu if origin <= when <= end]
        return {
            "document_id": doc,
            "total_s": round(total, 3),
            "spans": [
                {
                    "at": round(s.start - origin, 3),
                    "s": round(s.seconds, 3),
                    "kind": s.kind,
                    "name": s.name,
                    "detail": s.detail,
                }
                for s in spans
            ],
            "sums_s": {
                "lambda_by_function": _sum_by(lambdas, lambda s: s.name),
                "concurrency_wait": round(concurrency_wait, 3),
                "start_to_first_task": (
                    round(first_task - started[-1].end, 3)
                    if started and first_task is not None
                    else None
                ),
                "step_functions_transitions": transitions,
                "slot_wait": round(sum(s.seconds for s in spans if s.kind == "slot_wait"), 3),
                # Of that, the time the lane was full (polls and failed takes): the wait
                # for a slot, apart from the successful take's own table calls.
                "slot_full_wait": round(
                    sum(s.seconds for s in spans if s.kind == "slot_wait")
                    - sum(s.seconds for s in spans if s.kind == "slot_try" and s.detail == "ok"),
                    3,
                ),
                "slot_tries": _count(s.detail for s in spans if s.kind == "slot_try"),
                "model_call": round(sum(s.seconds for s in spans if s.kind == "model_call"), 3),
                "http": _sum_by([s for s in spans if s.kind == "http"], lambda s: s.name),
            },
            "gil_probe_ms": _stats_ms(gil),
            "process_cpu_per_s": round(statistics.mean(c for c, _ in cpu), 2) if cpu else None,
            "load_1min": round(statistics.mean(load for _, load in cpu), 2) if cpu else None,
        }

    def wait_for(self, doc: str, kind: str, name: str, timeout: float = 10.0) -> None:
        """Wait (a little) until `doc` has a span of `kind` `name`: the last step ends just
        after the status the bench polls for is written."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if any(s.doc == doc and s.kind == kind and s.name == name for s in self.spans):
                    return
            time.sleep(0.02)

    def window(self, began: float, ended: float) -> dict[str, Any]:
        """Everything the process did between two instants: runs by function, samplers."""
        with self._lock:
            spans = [s for s in self.spans if s.start < ended and s.end > began]
        lambdas = [s for s in spans if s.kind == "lambda"]
        gil = [late for when, late in self.gil if began <= when <= ended]
        cpu = [(c, load) for when, c, load in self.cpu if began <= when <= ended]
        return {
            "seconds": round(ended - began, 3),
            "lambda_runs": _count(s.name for s in lambdas),
            "lambda_busy_s": _sum_by(lambdas, lambda s: s.name, clip=(began, ended)),
            "slot_tries": _count(f"{s.name}:{s.detail}" for s in spans if s.kind == "slot_try"),
            "ddb_write_lock_wait_s": round(
                sum(s.seconds for s in spans if s.kind == "ddb_write_lock"), 3
            ),
            "gil_probe_ms": _stats_ms(gil),
            "process_cpu_per_s": round(statistics.mean(c for c, _ in cpu), 2) if cpu else None,
            "load_1min": round(statistics.mean(load for _, load in cpu), 2) if cpu else None,
            "threads": threading.active_count(),
            "cpu_s_by_thread": _cpu_by(
                [by for when, by in self.cpu_by if began <= when <= ended + _CPU_PERIOD_S]
            ),
        }


def _run_doc(name: str, *_rest: Any) -> str:
    """The document of a run named `{id}-v{n}`."""
    return name.rsplit("-v", 1)[0]


def _document_doc(document: Any, *_rest: Any) -> str:
    return str(document.document_id)


def document_of(event: Any) -> str:
    """The document an invocation's event is about: a pipeline step's input or an upload's
    key (`uploads/.../{document_id}...`); "" when neither says."""
    if not isinstance(event, dict):
        return ""
    if isinstance(event.get("document_id"), str):
        return str(event["document_id"])
    records = event.get("Records")
    if isinstance(records, list) and records:
        key = unquote_plus(str(records[0].get("s3", {}).get("object", {}).get("key", "")))
        from chalicelib.keys import parse_upload_key

        parsed = parse_upload_key(key)
        return parsed.document_id if parsed is not None else ""
    found = _DOCUMENT.search(json.dumps(event, default=str)[:4000])
    return found.group(1) if found else ""


def _cpu() -> float:
    times = os.times()
    return times.user + times.system


_TICKS = os.sysconf("SC_CLK_TCK")


def _thread_cpu() -> dict[int, float]:
    """CPU seconds (user + system) of each of this process's threads, by native id."""
    used: dict[int, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the thread ended
        used[int(task.name)] = (int(fields[11]) + int(fields[12])) / _TICKS
    return used


def _kind_of(thread_name: str) -> str:
    """A thread's name without its number: what kind of thread it is."""
    return "thread:" + re.sub(r"[-_ ]?\d+", "", thread_name).strip() or "thread:?"


def _sum_by(
    spans: list[Span], key: Callable[[Span], str], clip: tuple[float, float] | None = None
) -> dict[str, float]:
    sums: dict[str, float] = {}
    for s in spans:
        seconds = s.seconds if clip is None else min(s.end, clip[1]) - max(s.start, clip[0])
        sums[key(s)] = round(sums.get(key(s), 0.0) + seconds, 3)
    return sums


def _count(values: Any) -> dict[str, int]:
    """How many of each."""
    counts: dict[str, int] = {}
    for value in values:
        counts[str(value)] = counts.get(str(value), 0) + 1
    return counts


def _cpu_by(samples: list[dict[str, float]]) -> dict[str, float]:
    total: dict[str, float] = {}
    for by in samples:
        for what, seconds in by.items():
            total[what] = total.get(what, 0.0) + seconds
    return {k: round(v, 2) for k, v in sorted(total.items(), key=lambda kv: -kv[1]) if v >= 0.02}


def _stats_ms(samples: list[float]) -> dict[str, float] | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "median": round(ordered[len(ordered) // 2] * 1000, 2),
        "p95": round(ordered[int(len(ordered) * 0.95)] * 1000, 2),
        "max": round(ordered[-1] * 1000, 2),
        # Of each wall second, how much the probe spent waiting past its sleep.
        "late_share": round(sum(ordered) / (sum(ordered) + len(ordered) * _GIL_SLEEP_S), 3),
    }
