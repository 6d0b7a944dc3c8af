"""A 20-page scan through the local cloud: OCR inside Extract (before) against the run's Map.

`python -m tests.bench.ocr_fanout` (also part of `make bench`). Each mode runs in its
own local cloud (OCR_FANOUT_MIN_PAGES=0 reads every scan inside Extract, as before
issue 16), modes alternate and the minimum of the repeats is kept: the machine is shared.

The local cloud runs Map iterations on threads of one process, so its pages share this
machine's CPUs; on AWS each iteration is its own Lambda with its own vCPU. The figure
for AWS is therefore estimated from what was measured: Extract's planning, the slowest
page OCRed alone, the join, and the Map's per-iteration overhead.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

PAGES = 20
# Step Functions starts an inline Map iteration and its Lambda in tens of milliseconds;
# a burst of first invocations adds a cold start (the extract layer: about 1.5 s).
AWS_ITERATION_OVERHEAD_S = 0.1
AWS_COLD_START_S = 1.5


def dense_scan(pages: int = PAGES) -> bytes:
    """A multi-page TIFF of A4 pages, each a contract page's worth of text (about 2,500
    characters), as a scanner gives them."""
    from tests.scans import dense_scan as scan

    return scan(pages, "The Tenant shall pay the rent on time. " * 60)


def _map_figures(cloud: LocalCloud, document_id: str) -> dict[str, Any]:
    """How many `Recognise Page` iterations ran at once, and the Map's seconds, by the
    run's history."""
    events = cloud.client("stepfunctions").get_execution_history(
        executionArn=cloud.execution_arn(f"{document_id}-v1"), maxResults=1000
    )["events"]
    changes = []
    bounds = {}
    for event in events:
        entered = event.get("stateEnteredEventDetails", {}).get("name")
        exited = event.get("stateExitedEventDetails", {}).get("name")
        if "Recognise Page" in (entered, exited):
            changes.append((event["timestamp"], 1 if entered else -1))
        if "Recognise Pages" in (entered, exited):
            bounds["entered" if entered else "exited"] = event["timestamp"]
    running = peak = 0
    for _, change in sorted(changes, key=lambda item: (item[0], item[1])):
        running += change
        peak = max(peak, running)
    seconds = (bounds["exited"] - bounds["entered"]).total_seconds()
    return {"max_parallel_pages": peak, "map_state_s": seconds}


def _run(data: bytes, env: dict[str, str], repeats: int) -> dict[str, Any]:
    from infra.localcloud import LocalCloud
    from tests.integration.pipeline_driver import Driver

    walls: list[float] = []
    figures: dict[str, Any] = {}
    with LocalCloud(env_overrides={"SIGNUP_CREDITS": "100", **env}) as cloud:
        driver = Driver(cloud)
        for _ in range(repeats):
            seen = len(cloud.invocations)
            started = time.perf_counter()
            doc_id = driver.submit("scan.tiff", data)
            walls.append(time.perf_counter() - started)
            document = driver.document(doc_id)
            assert document["status"] in ("done", "in_review"), document
            calls = cloud.invocations[seen:]
            extract = [c.duration_ms / 1000 for c in calls if c.logical_id == "ExtractFunction"]
            pages = [c.duration_ms / 1000 for c in calls if c.logical_id == "OcrPageFunction"]
            figures = {
                "extract_s": extract[0],
                "ocr_invocations": len(pages),
                "slowest_ocr_invocation_s": max(pages, default=0.0),
            }
            if pages:
                figures.update(_map_figures(cloud, doc_id))
    return {"wall_s": walls, "min_wall_s": min(walls), **figures}


def _pages_alone(data: bytes) -> list[float]:
    """Seconds each page takes alone (as on its own Lambda): plan, then page by page."""
    import dataclasses

    from chalicelib.extract import extract_document
    from chalicelib.extract.pages import recognise_page
    from tests.limits import PRODUCTION_LIMITS

    fanned = dataclasses.replace(PRODUCTION_LIMITS, ocr_fanout_min_pages=1)
    plan = extract_document(data, declared_ext="tiff", limits=fanned).page_plan
    assert plan is not None
    seconds = []
    for number in plan.ocr_pages:
        started = time.perf_counter()
        recognise_page(data, plan, number, PRODUCTION_LIMITS)
        seconds.append(time.perf_counter() - started)
    return seconds


def bench_ocr_fanout(pages: int = PAGES, rounds: int = 2) -> dict[str, Any]:
    """Wall time per document of a `pages`-page scan, inline against the Map."""
    data = dense_scan(pages)
    runs: dict[str, list[dict[str, Any]]] = {"inline": [], "map": []}
    for _ in range(rounds):  # alternate: the machine's load drifts
        runs["inline"].append(_run(data, {"OCR_FANOUT_MIN_PAGES": "0"}, repeats=1))
        runs["map"].append(_run(data, {}, repeats=1))
    best = {mode: min(r, key=lambda run: run["min_wall_s"]) for mode, r in runs.items()}
    alone = _pages_alone(data)
    mapped = best["map"]
    # What follows the Map (Join Pages, Prescreen, the review hold) and precedes it
    # (Extract's planning) cost the same on AWS; the Map would take its slowest page.
    around_map = mapped["min_wall_s"] - mapped["map_state_s"]
    aws_estimate = around_map + AWS_COLD_START_S + AWS_ITERATION_OVERHEAD_S + max(alone)
    return {
        "pages": pages,
        "cpus": os.cpu_count(),
        "inline": best["inline"],
        "map": best["map"],
        "all_runs": runs,
        "page_alone_s": {"max": max(alone), "median": statistics.median(alone)},
        "map_vs_inline": mapped["min_wall_s"] / best["inline"]["min_wall_s"],
        "aws_estimate_s": aws_estimate,
    }


def summary(figures: dict[str, Any]) -> str:
    """Lines for the bench's printout."""
    inline, mapped = figures["inline"], figures["map"]
    return "\n".join(
        [
            f"ocr fan-out: a {figures['pages']}-page scan through the local cloud "
            f"({figures['cpus']} CPUs, shared)",
            f"  inline (OCR inside Extract): {inline['min_wall_s']:.1f} s per document "
            f"(Extract {inline['extract_s']:.1f} s)",
            f"  Map (a page per iteration):  {mapped['min_wall_s']:.1f} s per document "
            f"(Extract {mapped['extract_s']:.2f} s, the Map {mapped['map_state_s']:.1f} s with "
            f"up to {mapped['max_parallel_pages']} pages at once; slowest page "
            f"{mapped['slowest_ocr_invocation_s']:.1f} s under that contention)",
            f"  Map / inline: {figures['map_vs_inline']:.2f}",
            f"  a page alone: max {figures['page_alone_s']['max']:.2f} s, median "
            f"{figures['page_alone_s']['median']:.2f} s; on AWS (a vCPU per page) the "
            f"document would take about {figures['aws_estimate_s']:.1f} s",
        ]
    )


if __name__ == "__main__":
    import json

    results = bench_ocr_fanout()
    print(summary(results))
    print(json.dumps(results, indent=2, default=str))
