"""`make bench`: speed and memory figures as ratios against baselines measured in the same run.

- extract: pages per second of our PDF path (inline and isolated) against raw PyMuPDF
  `page.get_text()` on the same corpus PDFs;
- cold start: import time of each Lambda handler against a bare interpreter, and the
  Prescreen Lambda's first document against a warm one (loading the learned models);
- pipeline: seconds per document through the whole local pipeline (the samples);
- throughput: 100 documents uploaded at once through the local cloud's HTTP API
  (`tests/bench/throughput.py`): documents per minute, p50/p95 seconds per document, and
  whether each ended as it must with the credits exact;
- recognition: rows per second of a 5,000-row 1C trial balance through `recognize`,
  against raw python-calamine reading the same workbook (`tests/bench/recognition.py`);
- ocr fan-out (`--ocr-fanout`, minutes): a 20-page scan through the local cloud, OCR inside
  Extract against the run's Map of pages (`tests/bench/ocr_fanout.py`).
- lanes (`--lanes`, minutes): a person's upload while a 500-document batch runs, against the
  same upload on the idle system and against one model slot's wait (`tests/bench/lanes.py`).

The machine is shared and noisy: read the ratios, not the absolute figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.bench.recognition import bench_recognition
from tests.bench.recognition import summary as recognition_summary
from tests.bench.throughput import run_burst
from tests.bench.throughput import summary as throughput_summary

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# Rounds of the extract figures; each reader's best round counts.
EXTRACT_ROUNDS = 3
HANDLERS = [p.parent.name for p in sorted((PROJECT_ROOT / "functions").glob("*/handler.py"))]


def corpus_pdfs(corpus: Path) -> list[Path]:
    """The text-layer PDFs of the corpus (CUAD and Russian contracts)."""
    return sorted([*corpus.glob("en_cuad/*.[pP][dD][fF]"), *corpus.glob("ru_contracts/*.pdf")])


def bench_extract(pdfs: list[Path]) -> dict[str, Any]:
    """Pages per second of raw get_text and of our extract, inline and isolated.

    Files that need OCR are timed apart: Tesseract's seconds per page would swamp
    the text-layer ratio.
    """
    import pymupdf

    from chalicelib.extract import extract_document, extract_isolated
    from chalicelib.extract.isolate import WORKERS
    from tests.limits import PRODUCTION_LIMITS

    blobs = [p.read_bytes() for p in pdfs]
    needs_ocr = [
        extract_document(blob, declared_ext="pdf", limits=PRODUCTION_LIMITS).facts.ocr_used
        for blob in blobs
    ]
    text_blobs = [blob for blob, ocr in zip(blobs, needs_ocr, strict=True) if not ocr]

    def raw_get_text() -> int:
        pages = 0
        for blob in text_blobs:
            with pymupdf.open(stream=blob, filetype="pdf") as doc:
                for page in doc:
                    page.get_text()
                    pages += 1
        return pages

    pages = raw_get_text()  # also warms the files' pages into the caches, for every reader
    # The worker's first start, apart: a cold Lambda pays it once, a warm one not at all.
    WORKERS.close()
    started = time.perf_counter()
    extract_isolated(b"A warm-up.", declared_ext="txt", limits=PRODUCTION_LIMITS)
    worker_start_s = time.perf_counter() - started

    def ours(run: Any) -> None:
        for blob in text_blobs:
            run(blob, declared_ext="pdf", limits=PRODUCTION_LIMITS)

    # The three in turn, each its best of EXTRACT_ROUNDS: a busy machine only ever adds
    # time, so the fastest round of each is the one least disturbed by its neighbours.
    # Raw and inline are compared in this process's CPU time, which neighbours do not
    # inflate; the isolated worker's CPU is another process's, so it is compared with
    # inline by the wall clock.
    cpu = {"raw": float("inf"), "inline": float("inf")}
    wall = {"inline": float("inf"), "isolated": float("inf")}
    runs = {
        "raw": raw_get_text,
        "inline": lambda: ours(extract_document),
        "isolated": lambda: ours(extract_isolated),
    }
    for _ in range(EXTRACT_ROUNDS):
        for label, run in runs.items():
            started, started_cpu = time.perf_counter(), time.process_time()
            run()
            if label in cpu:
                cpu[label] = min(cpu[label], time.process_time() - started_cpu)
            if label in wall:
                wall[label] = min(wall[label], time.perf_counter() - started)
    figures: dict[str, Any] = {
        "text_layer_files": len(text_blobs),
        "ocr_files": sum(needs_ocr),
        "pages": pages,
        "rounds": EXTRACT_ROUNDS,
        "raw_get_text_pages_per_s": pages / cpu["raw"],
        "inline_pages_per_s": pages / cpu["inline"],
        "inline_vs_raw": cpu["raw"] / cpu["inline"],
        "isolated_pages_per_s": pages / wall["isolated"],
        "isolated_vs_inline": wall["inline"] / wall["isolated"],
        "isolated_vs_raw": cpu["raw"] / cpu["inline"] * wall["inline"] / wall["isolated"],
        "worker_start_s": worker_start_s,
    }
    figures["isolation_overhead_s_per_file"] = (wall["isolated"] - wall["inline"]) / len(text_blobs)
    figures["worker_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return figures


def _median_ms(run: Any, repeats: int = 15) -> float:
    run()  # warm up
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def bench_screening(pdfs: list[Path]) -> dict[str, Any]:
    """Prescreen and rules analysis on 30 pages of text, beside reading those pages."""
    import pymupdf

    from chalicelib.analysis.rules import RulesProvider
    from chalicelib.prescreen import RoutingPolicy, prescreen_document

    figures: dict[str, Any] = {}
    for language, pattern in (("en", "en_cuad"), ("ru", "ru_contracts")):
        pages: list[str] = []
        blobs = [p.read_bytes() for p in pdfs if p.parent.name == pattern]
        for blob in blobs:
            with pymupdf.open(stream=blob, filetype="pdf") as doc:
                pages.extend(page.get_text() for page in doc)
        text = "\n".join(pages[:30])

        def read(blobs: list[bytes] = blobs) -> None:
            count = 0
            for blob in blobs:
                with pymupdf.open(stream=blob, filetype="pdf") as doc:
                    for page in doc:
                        page.get_text()
                        count += 1
                        if count == 30:
                            return

        # Each run screens a text of its own, as each document is in the service: the
        # detectors keep the last text's sentences and features (`clause_model._cut`), and
        # the same string screened run after run would time that cache, not the work.
        copies = iter([f"{text}\n{n}" for n in range(20)])
        prescreen_ms = _median_ms(
            lambda copies=copies: prescreen_document(
                next(copies), pipeline="contract", policy=RoutingPolicy()
            )
        )
        result = prescreen_document(text, pipeline="contract", policy=RoutingPolicy())
        rules_ms = _median_ms(
            lambda text=text, result=result: RulesProvider().analyze(text, result)
        )
        read_ms = _median_ms(read)
        figures[language] = {
            "pages": min(30, len(pages)),
            "chars": len(text),
            "read_text_ms": read_ms,
            "prescreen_ms": prescreen_ms,
            "rules_analysis_ms": rules_ms,
            "prescreen_vs_read": prescreen_ms / read_ms,
        }
    return figures


def _import_seconds(
    statements: dict[str, str], repeats: int = 5, env: dict[str, dict[str, str]] | None = None
) -> dict[str, float]:
    """Each statement's fastest of `repeats` fresh interpreters.

    The rounds interleave the statements (boto3, then each handler, then boto3 again...),
    so a spell of load from elsewhere on the shared machine slows them all alike, and the
    minimum is the figure least disturbed by it.
    """
    times: dict[str, list[float]] = {label: [] for label in statements}
    for _ in range(repeats):
        for label, statement in statements.items():
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", statement],
                check=True,
                cwd=PROJECT_ROOT,
                env={**os.environ, **(env or {}).get(label, {})},
            )
            times[label].append(time.perf_counter() - started)
    return {label: min(seconds) for label, seconds in times.items()}


# What a cold start imports before its first answer, beyond the handler module: the bot
# worker and the progress function load aiogram (its types) on their first event.
_LAZY_AIOGRAM = "from chalicelib.telegram.aiogram_import import import_aiogram; import_aiogram()"
FIRST_EVENT_IMPORTS = {
    "telegram_bot": f"{_LAZY_AIOGRAM}; import chalicelib.telegram.bot",
    "telegram_progress": f"{_LAZY_AIOGRAM}; import chalicelib.telegram.progress",
}
# The webhook as one function would be: the bot's aiogram imported the ordinary way.
BEFORE = {
    "telegram_webhook_with_aiogram": (
        "import functions.telegram_webhook.handler; import chalicelib.telegram.bot"
    )
}
# Issue 16: every handler but these imports within 150 ms of a bare `import boto3`.
IMPORT_BUDGET_S = 0.150
OVER_BUDGET_ALLOWED = ("extract", "telegram_bot")
# The service each handler builds on its first event (the wiring's builders import their
# adapters and services only then): handler import plus this is the cold start's whole
# import bill before the step's own work, boto3 clients included.
FIRST_CALL_BUILDS = {
    **dict.fromkeys(
        ("analyze", "finalize", "hold_for_review", "prescreen", "record_failure"),
        "pipeline_steps",
    ),
    "extract": "extraction_service",
    "on_run_failed": "run_failure_service",
    "statements": "statement_steps",
    "sweeper": "sweeper_service",
    "telegram_bot": "telegram_bot",
    "telegram_progress": "telegram_progress",
    "telegram_webhook": "telegram_webhook",
}
# Enough of a function's environment for its builders (they create clients, call nothing).
FIRST_CALL_ENV = {
    "TABLE_NAME": "bench-table",
    "BUCKET_NAME": "bench-bucket",
    "IDEMPOTENCY_TABLE_NAME": "bench-idempotency",
    "STATE_MACHINE_ARN": "arn:aws:states:us-east-1:123456789012:stateMachine:bench",
    "TELEGRAM_BOT_TOKEN": "123:bench",
    "TELEGRAM_WEBHOOK_SECRET": "bench",
    "TELEGRAM_BOT_FUNCTION": "bench-bot",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "bench",
    "AWS_SECRET_ACCESS_KEY": "bench",
}


def bench_imports() -> dict[str, Any]:
    """Cold-start import time per handler, against a bare interpreter and a bare `import boto3`.

    `seconds` is `import functions.<name>.handler` (outside Lambda: no X-Ray SDK, as the
    tracer is off), the figure issue 16 holds within 150 ms of boto3's own import;
    `first_call_s` adds what its first event imports and the builder it calls (adapters,
    services, boto3 clients, aiogram for the Telegram functions), so cost moved from
    import to the first event shows there; `prescreen_on_lambda` is Prescreen's import
    with Lambda's LAMBDA_TASK_ROOT set (the tracer on: X-Ray SDK, botocore, httpx). The Telegram
    webhook must answer within 1 s of boto3's own import; the bot worker's aiogram import is
    measured too (it is off Telegram's clock: the webhook hands over).
    """
    statements = {"bare": "pass", "boto3": "import boto3"}
    env: dict[str, dict[str, str]] = {}
    for name in HANDLERS:
        statement = f"import functions.{name}.handler"
        statements[name] = statement
        first_call = statement
        if name in FIRST_EVENT_IMPORTS:
            first_call += f"; {FIRST_EVENT_IMPORTS[name]}"
        builder = FIRST_CALL_BUILDS.get(name)
        if builder:
            first_call += f"; from chalicelib.wiring import {builder}; {builder}()"
        statements[f"{name}:first_call"] = first_call
        env[f"{name}:first_call"] = FIRST_CALL_ENV
    # On Lambda the tracer is on: the X-Ray SDK is imported and patches botocore and httpx.
    statements["prescreen:on_lambda"] = statements["prescreen"]
    env["prescreen:on_lambda"] = {"LAMBDA_TASK_ROOT": "/var/task"}
    statements.update(BEFORE)
    seconds = _import_seconds(statements, env=env)
    bare, boto3_alone = seconds["bare"], seconds["boto3"]
    figures: dict[str, Any] = {"bare_interpreter_s": bare, "boto3_s": boto3_alone}
    for name in [*HANDLERS, *BEFORE]:
        figures[name] = {
            "seconds": seconds[name],
            "vs_bare": seconds[name] / bare,
            "over_boto3_s": seconds[name] - boto3_alone,
            "within_budget": seconds[name] - boto3_alone <= IMPORT_BUDGET_S,
        }
        if f"{name}:first_call" in seconds:
            first_call = seconds[f"{name}:first_call"]
            figures[name]["first_call_s"] = first_call
            figures[name]["first_call_over_boto3_s"] = first_call - boto3_alone
    figures["prescreen_on_lambda"] = {
        "seconds": seconds["prescreen:on_lambda"],
        "over_boto3_s": seconds["prescreen:on_lambda"] - boto3_alone,
    }
    return figures


def imports_summary(imports: dict[str, Any]) -> list[str]:
    """One line per handler: its import against boto3's in the same run, and its first call."""
    lines = [
        f"cold-start imports against a bare import boto3 ({imports['boto3_s']:.3f} s; bare"
        f" interpreter {imports['bare_interpreter_s']:.3f} s), budget"
        f" +{IMPORT_BUDGET_S * 1000:.0f} ms (not held: {', '.join(OVER_BUDGET_ALLOWED)}):"
    ]
    for name in HANDLERS:
        row = imports[name]
        verdict = "within" if row["over_boto3_s"] <= IMPORT_BUDGET_S else "OVER"
        if name in OVER_BUDGET_ALLOWED and verdict == "OVER":
            verdict = "over (exempt)"
        first = ""
        if "first_call_s" in row:
            first = (
                f"; with its first event's imports and service {row['first_call_s']:.3f} s"
                f" ({row['first_call_over_boto3_s'] * 1000:+.0f} ms)"
            )
        lines.append(
            f"  {name:<18} {row['seconds']:.3f} s ({row['over_boto3_s'] * 1000:+5.0f} ms,"
            f" {verdict}){first}"
        )
    return lines


# A Prescreen Lambda's cold start: the handler's imports, then its first document, which
# loads the learned clause detectors and the calibration (issue 13); the second
# document (the same words as a new text, so that no cache keyed by the text answers
# for it) shows what the first paid for loading them.
_PRESCREEN_COLD = """
import json, time
started = time.perf_counter()
import functions.prescreen.handler
from chalicelib.prescreen import RoutingPolicy, prescreen_document
imported = time.perf_counter()
text = open({path!r}, encoding="utf-8").read()
read = time.perf_counter()
prescreen_document(text, pipeline="contract", policy=RoutingPolicy())
first = time.perf_counter()
prescreen_document(text + " ", pipeline="contract", policy=RoutingPolicy())
second = time.perf_counter()
print(json.dumps([imported - started, first - read, second - first]))
"""


def bench_prescreen_cold(sample: Path, repeats: int = 7) -> dict[str, Any]:
    """The Prescreen Lambda's cold start: imports, first document, and what loading the
    learned models adds (first document minus a warm one)."""
    runs = []
    for _ in range(repeats):
        out = subprocess.run(
            [sys.executable, "-c", _PRESCREEN_COLD.format(path=str(sample))],
            check=True,
            cwd=PROJECT_ROOT,
            capture_output=True,
            text=True,
        ).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
    imports = statistics.median(r[0] for r in runs)
    first = statistics.median(r[1] for r in runs)
    warm = statistics.median(r[2] for r in runs)
    return {
        "import_s": imports,
        "first_document_ms": first * 1000,
        "warm_document_ms": warm * 1000,
        "model_load_ms": (first - warm) * 1000,
        "cold_start_s": imports + first,
    }


def bench_pipeline(samples: list[Path]) -> dict[str, Any]:
    """Seconds per document through the local cloud (decorator mode, real handlers)."""
    os.environ.setdefault("SIGNUP_CREDITS", "100")
    from infra.localcloud import LocalCloud
    from tests.integration.pipeline_driver import Driver

    per_document: dict[str, float] = {}
    with LocalCloud(env_overrides={"SIGNUP_CREDITS": "100"}) as cloud:
        driver = Driver(cloud)
        for path in samples:
            started = time.perf_counter()
            doc_id = driver.submit(path.name, path.read_bytes())
            per_document[path.name] = time.perf_counter() - started
            per_document[path.name + ":status"] = driver.document(doc_id)["status"]  # type: ignore[assignment]
    timings = [v for v in per_document.values() if isinstance(v, float)]
    return {"documents": per_document, "median_s": statistics.median(timings)}


THROUGHPUT_DOCUMENTS = 100


def bench_throughput(count: int = THROUGHPUT_DOCUMENTS) -> dict[str, Any]:
    """`count` documents at once through the local cloud's HTTP server (its defaults)."""
    from infra.localcloud import LocalCloud

    cloud = LocalCloud(env_overrides={"SIGNUP_CREDITS": str(count)}).start_server(access_log=False)
    try:
        return run_burst(cloud, count).figures()
    finally:
        cloud.stop()


def main() -> int:
    """Run the benchmarks and print (and save) the figures."""
    parser = argparse.ArgumentParser(prog="make bench")
    default_corpus = os.environ.get("CORPUS_DIR", str(PROJECT_ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", type=Path, default=Path(default_corpus))
    parser.add_argument("--out", type=Path, default=PROJECT_ROOT / "bench-results" / "bench.json")
    parser.add_argument(
        "--ocr-fanout", action="store_true", help="also a 20-page scan, inline against the Map"
    )
    parser.add_argument(
        "--lanes",
        action="store_true",
        help="also lane fairness: a person's upload beside a 500-document batch (minutes)",
    )
    args = parser.parse_args()
    results: dict[str, Any] = {}
    pdfs = corpus_pdfs(args.corpus)
    if pdfs:
        results["extract"] = bench_extract(pdfs)
        results["screening"] = bench_screening(pdfs)
    else:
        print(f"corpus not found at {args.corpus}: extract benchmark skipped")
    results["imports"] = bench_imports()
    results["prescreen_cold"] = bench_prescreen_cold(
        PROJECT_ROOT / "tests/fixtures/eval_corpus/en_cuad/master_services.txt"
    )
    results["recognition"] = bench_recognition()
    samples = sorted(p for p in (PROJECT_ROOT / "samples").iterdir() if p.suffix != ".md")
    results["pipeline"] = bench_pipeline(samples)
    results["throughput"] = bench_throughput()
    if args.ocr_fanout:
        from tests.bench.ocr_fanout import bench_ocr_fanout

        results["ocr_fanout"] = bench_ocr_fanout()
    if args.lanes:
        from tests.bench.lanes import bench_lanes

        results["lanes"] = bench_lanes()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False))
    print_summary(results)
    # where the figures went: inside the project by default, anywhere with --out
    shown = args.out.resolve()
    if shown.is_relative_to(PROJECT_ROOT):
        shown = shown.relative_to(PROJECT_ROOT)
    print(f"\nAll figures: {shown}")
    return 0


def print_summary(results: dict[str, Any]) -> None:
    """The ratios a reader compares between runs."""
    extract = results.get("extract")
    if extract:
        print(
            f"extract, {extract['pages']} text-layer pages in {extract['text_layer_files']} PDFs:"
            f" raw get_text {extract['raw_get_text_pages_per_s']:.0f} p/s;"
            f" ours inline {extract['inline_pages_per_s']:.0f} p/s"
            f" ({extract['inline_vs_raw']:.2f}x raw, CPU time, best of {extract['rounds']}),"
            f" isolated {extract['isolated_pages_per_s']:.0f} p/s by the wall clock"
            f" ({extract['isolated_vs_inline']:.2f}x inline, about"
            f" {extract['isolated_vs_raw']:.2f}x raw,"
            f" +{extract['isolation_overhead_s_per_file']:.3f} s/file with a warm worker,"
            f" {extract['worker_start_s']:.2f} s to start one);"
            f" worker peak RSS {extract['worker_peak_rss_mb']:.0f} MB"
        )
    for language, row in results.get("screening", {}).items():
        print(
            f"screening {language}, {row['pages']} pages ({row['chars']} chars): read"
            f" {row['read_text_ms']:.1f} ms, prescreen {row['prescreen_ms']:.1f} ms"
            f" ({row['prescreen_vs_read']:.2f}x reading), rules {row['rules_analysis_ms']:.1f} ms"
        )
    imports = results["imports"]
    print("\n".join(imports_summary(imports)))
    on_lambda = imports["prescreen_on_lambda"]
    print(
        f"  prescreen with LAMBDA_TASK_ROOT set (the X-Ray tracer on) {on_lambda['seconds']:.3f} s"
        f" ({on_lambda['over_boto3_s'] * 1000:+.0f} ms)"
    )
    name = "telegram_webhook_with_aiogram"
    if name in imports:
        print(
            f"cold start {name}: {imports[name]['seconds']:.2f} s,"
            f" {imports[name]['over_boto3_s']:+.2f} s over a bare import boto3"
        )
    if "recognition" in results:
        print(recognition_summary(results["recognition"]))
    cold = results.get("prescreen_cold")
    if cold:
        print(
            f"prescreen cold start: imports {cold['import_s']:.2f} s, first document"
            f" {cold['first_document_ms']:.0f} ms against {cold['warm_document_ms']:.0f} ms warm:"
            f" loading the learned models adds {cold['model_load_ms']:.0f} ms (limit 150 ms)"
        )
    pipeline = results["pipeline"]
    print(f"pipeline: median {pipeline['median_s']:.2f} s per document through the local cloud")
    if "throughput" in results:
        print(throughput_summary(results["throughput"]))
    if "ocr_fanout" in results:
        from tests.bench.ocr_fanout import summary as ocr_fanout_summary

        print(ocr_fanout_summary(results["ocr_fanout"]))
    if "lanes" in results:
        from tests.bench.lanes import summary as lanes_summary

        print(lanes_summary(results["lanes"]))


if __name__ == "__main__":
    sys.exit(main())
