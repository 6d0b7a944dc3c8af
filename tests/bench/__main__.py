"""`make bench`: speed and memory figures as ratios against baselines measured in the same run.

- extract: pages per second of our PDF path (inline and isolated) against raw PyMuPDF
  `page.get_text()` on the same corpus PDFs;
- cold start: import time of each Lambda handler against a bare interpreter;
- pipeline: seconds per document through the whole local pipeline (the samples).

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

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HANDLERS = [p.parent.name for p in sorted((PROJECT_ROOT / "functions").glob("*/handler.py"))]


def corpus_pdfs(corpus: Path) -> list[Path]:
    """The text-layer PDFs of the corpus (CUAD and Russian contracts)."""
    return sorted([*corpus.glob("en_cuad/*.[pP][dD][fF]"), *corpus.glob("ru_contracts/*.pdf")])


def bench_extract(pdfs: list[Path]) -> dict[str, Any]:
    """Pages per second: raw get_text, our extract inline and isolated."""
    import pymupdf

    from chalicelib.extract import extract_document, extract_isolated
    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.settings import Settings

    limits = ExtractLimits.from_settings(Settings(table_name="-", bucket_name="-"))
    blobs = [p.read_bytes() for p in pdfs]
    pages = 0
    started = time.perf_counter()
    for blob in blobs:
        with pymupdf.open(stream=blob, filetype="pdf") as doc:
            for page in doc:
                page.get_text()
                pages += 1
    raw = time.perf_counter() - started
    figures: dict[str, Any] = {"files": len(pdfs), "pages": pages, "raw_get_text_s": raw}
    for label, run in (("inline", extract_document), ("isolated", extract_isolated)):
        started = time.perf_counter()
        ocr_pages = 0
        for blob in blobs:
            ocr_pages += run(blob, declared_ext="pdf", limits=limits).facts.ocr_pages
        elapsed = time.perf_counter() - started
        figures[f"{label}_s"] = elapsed
        figures[f"{label}_ocr_pages"] = ocr_pages
        figures[f"{label}_pages_per_s"] = pages / elapsed
        figures[f"{label}_vs_raw"] = raw / elapsed
    figures["raw_pages_per_s"] = pages / raw
    figures["worker_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return figures


def _import_seconds(statement: str, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", statement], check=True, cwd=PROJECT_ROOT)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def bench_imports() -> dict[str, Any]:
    """Cold-start import time per handler, as a ratio to a bare interpreter."""
    bare = _import_seconds("pass")
    figures: dict[str, Any] = {"bare_interpreter_s": bare}
    for name in HANDLERS:
        seconds = _import_seconds(f"import functions.{name}.handler")
        figures[name] = {"seconds": seconds, "vs_bare": seconds / bare}
    return figures


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


def main() -> int:
    """Run the benchmarks and print (and save) the figures."""
    parser = argparse.ArgumentParser(prog="make bench")
    default_corpus = os.environ.get("CORPUS_DIR", str(PROJECT_ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", type=Path, default=Path(default_corpus))
    parser.add_argument("--out", type=Path, default=PROJECT_ROOT / "bench-results" / "bench.json")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    pdfs = corpus_pdfs(args.corpus)
    if pdfs:
        results["extract"] = bench_extract(pdfs)
    else:
        print(f"corpus not found at {args.corpus}: extract benchmark skipped")
    results["imports"] = bench_imports()
    samples = sorted(p for p in (PROJECT_ROOT / "samples").iterdir() if p.suffix != ".md")
    results["pipeline"] = bench_pipeline(samples)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False))
    print(json.dumps(results, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
