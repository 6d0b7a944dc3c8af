"""Lane fairness: a person's upload while a 500-document batch runs, on the local cloud.

`python -m tests.bench.lanes [--documents 500]` (and `make bench --lanes`). One local cloud
on the OpenAI-compatible provider, its model a local fake that takes `LLM_DELAY_S` per
call: a model call is the slot a run holds, so that delay is one slot's wait. The cap is
the OpenAI default's eight calls, split by lane (high 2, default 2, batch 3, system 1).

1. Idle: a person's TXT upload (`POST /v1/documents`, the high lane) from request to
   settled, `PERSON_RUNS` times.
2. Loaded: a batch of `documents` TXT files (`POST /v1/batches`) is uploaded by a pool of
   threads; at four points while it runs (a quarter, half, three quarters of it sent,
   and once all is sent) the person uploads again and is timed, and beside each, the same
   file as a one-file batch: the run a person would get if every run shared one
   semaphore (it queues in the batch's lane).
3. The batch is then awaited to its summary (counts, credits).

Figures: the person's median seconds idle and loaded, their ratio, the person's extra
seconds in slot waits, and the same for the one-file batch (the "no lanes" baseline).
The local cloud runs every Lambda and every execution on threads of one process on a
shared machine, so the loaded figures include CPU contention no lane can remove; the
baseline beside them shows what the lanes do remove.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CONTRACT = FIXTURES / "eval_corpus/en_cuad/master_services.txt"
LLM_DELAY_S = 0.25
PERSON_RUNS = 3
SETTLED = ("done", "failed", "in_review")
POLL_S = 0.05


class Api:
    """One signed-in user of the local cloud's HTTP API."""

    def __init__(self, base_url: str, user_id: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=300)
        token = self.http.post("/v1/auth/dev", json={"user_id": user_id, "role": "user"})
        token.raise_for_status()
        self.http.headers["Authorization"] = f"Bearer {token.json()['access_token']}"

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
            status = str(self.http.get(f"/v1/documents/{document_id}").json()["status"])
            if status in SETTLED:
                return status
            time.sleep(POLL_S)
        raise TimeoutError(f"{document_id} did not settle in {timeout} s")

    def person_upload(self, data: bytes) -> float:
        """Seconds from a person's upload request to their document settled (high lane)."""
        began = time.monotonic()
        ticket = self.http.post(
            "/v1/documents",
            json={"filename": "contract.txt", "content_type": "text/plain", "size": len(data)},
        )
        assert ticket.status_code == 201, ticket.text
        assert ticket.json()["document"]["lane"] == "high"
        self.settle(self.send(ticket.json(), data))
        return time.monotonic() - began

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


def _file(data: bytes) -> dict[str, Any]:
    return {"filename": "contract.txt", "content_type": "text/plain", "size": len(data)}


def _probe(person: Api, data: bytes, label: str, samples: dict[str, list[Any]]) -> None:
    """The person's upload and, at the same time, the same file as a one-file batch."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        high = pool.submit(person.person_upload, data)
        shared = pool.submit(person.one_file_batch, data)
        samples["loaded_high_s"].append(high.result())
        samples["loaded_batch_lane_s"].append(shared.result())
    samples["points"].append(label)


def run_lanes(cloud: LocalCloud, documents: int, *, workers: int = 16) -> dict[str, Any]:
    """The idle person, then the person beside a batch of `documents`; the figures."""
    assert cloud.api_url is not None, "the local cloud must be serving HTTP"
    data = CONTRACT.read_bytes()
    person = Api(cloud.api_url, "lanes-person")
    importer = Api(cloud.api_url, "lanes-importer")
    person.person_upload(data)  # warm: first imports of every handler
    idle = [person.person_upload(data) for _ in range(PERSON_RUNS)]
    samples: dict[str, list[Any]] = {"loaded_high_s": [], "loaded_batch_lane_s": [], "points": []}

    created = importer.http.post("/v1/batches", json={"files": [_file(data)] * documents})
    assert created.status_code == 201, created.text
    batch = created.json()
    sent = 0
    lock = threading.Lock()
    probes = {documents // 4: "25% sent", documents // 2: "50% sent", 3 * documents // 4: "75%"}
    started = time.monotonic()

    def send(ticket: dict[str, Any]) -> None:
        nonlocal sent
        importer.send(ticket, data)
        with lock:
            sent += 1

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(send, ticket) for ticket in batch["documents"]]
        for at, label in sorted(probes.items()):
            while sent < at:
                time.sleep(0.2)
            _probe(person, data, label, samples)
        for future in futures:
            future.result()
    upload_s = time.monotonic() - started
    _probe(person, data, "all sent", samples)
    summary = _await_batch(importer, batch["batch_id"])
    wall_s = time.monotonic() - started
    person.close()
    importer.close()
    return _figures(
        idle,
        samples=samples,
        documents=documents,
        upload_s=upload_s,
        wall_s=wall_s,
        batch=summary,
        cloud=cloud,
    )


def _await_batch(importer: Api, batch_id: str, timeout: float = 1800) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = importer.http.get(f"/v1/batches/{batch_id}").json()
        counts = answer["counts"]
        running = counts["extracting"] + counts["prescreening"] + counts["analyzing"]
        if answer["final"] or not running:  # held for a reviewer counts as settled here
            return {"counts": answer["counts"], "summary": answer["summary"]}
        time.sleep(5)
    raise TimeoutError(f"batch {batch_id} did not finish in {timeout} s")


def _figures(
    idle: list[float],
    *,
    samples: dict[str, list[Any]],
    documents: int,
    upload_s: float,
    wall_s: float,
    batch: dict[str, Any],
    cloud: LocalCloud,
) -> dict[str, Any]:
    idle_s = statistics.median(idle)
    high_s = statistics.median(samples["loaded_high_s"])
    shared_s = statistics.median(samples["loaded_batch_lane_s"])
    summary = batch["summary"] or {}
    return {
        "documents": documents,
        "llm_delay_s": LLM_DELAY_S,
        "one_slot_wait_s": LLM_DELAY_S,
        "idle_person_s": idle_s,
        "idle_samples_s": idle,
        "loaded_person_s": high_s,
        "loaded_person_max_s": max(samples["loaded_high_s"]),
        "loaded_samples_s": samples["loaded_high_s"],
        "person_ratio": high_s / idle_s,
        "person_extra_in_slot_waits": (high_s - idle_s) / LLM_DELAY_S,
        "batch_lane_person_s": shared_s,
        "batch_lane_samples_s": samples["loaded_batch_lane_s"],
        "batch_lane_ratio": shared_s / idle_s,
        "batch_lane_extra_in_slot_waits": (shared_s - idle_s) / LLM_DELAY_S,
        "probe_points": samples["points"],
        "batch_upload_s": upload_s,
        "batch_wall_s": wall_s,
        "batch_counts": batch["counts"],
        "batch_credits_spent": summary.get("credits_spent"),
        "handler_errors": len(cloud.errors),
    }


def bench_lanes(documents: int = 500) -> dict[str, Any]:
    """A local cloud on a slow fake model; the fairness figures of a batch of `documents`."""
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
        cloud = LocalCloud(env_overrides=env).start_server(access_log=False)
        try:
            return run_lanes(cloud, documents)
        finally:
            cloud.stop()


def summary(figures: dict[str, Any]) -> str:
    """The bench's line for lane fairness."""
    return (
        f"lanes: a person's TXT upload took {figures['idle_person_s']:.2f} s idle and"
        f" {figures['loaded_person_s']:.2f} s (median; max {figures['loaded_person_max_s']:.2f} s)"
        f" while a {figures['documents']}-document batch ran: x{figures['person_ratio']:.2f},"
        f" {figures['person_extra_in_slot_waits']:+.1f} slot waits of"
        f" {figures['one_slot_wait_s']:.2f} s; the same file in the batch's lane (one shared"
        f" semaphore) took {figures['batch_lane_person_s']:.2f} s"
        f" (x{figures['batch_lane_ratio']:.2f}, {figures['batch_lane_extra_in_slot_waits']:+.1f}"
        f" slot waits); batch {figures['batch_counts']} in {figures['batch_wall_s']:.0f} s"
    )


def main() -> int:
    """Run the lanes bench alone and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.lanes")
    parser.add_argument("--documents", type=int, default=500)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    figures = bench_lanes(args.documents)
    print(json.dumps(figures, indent=2))
    print(summary(figures))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
