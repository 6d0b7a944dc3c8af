"""Many documents uploaded at once through the local cloud's HTTP API, as the demo does.

Each upload asks `POST /v1/documents` for a presigned POST and sends the file to it; all
start together (a thread each, up to `workers` at a time). One `GET /v1/documents` a round
sees every document's status, so watching a hundred costs one request, not a hundred;
the watching starts with the uploads. A document's time runs from the start of its upload
to the first round that saw it settled (so within half a second).
The mix is the kinds a person sends: a TXT contract, a small text-layer PDF, and an
encrypted PDF that must fail with its credit refunded (the local cloud's policy is `all`).
`make bench` reports the figures; `tests/e2e/test_throughput.py` holds the outcome.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from infra.localcloud.demo import SETTLED, DemoClient

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@dataclass(frozen=True)
class Kind:
    """One kind of document of the mix, and how it must end."""

    filename: str
    content_type: str
    path: Path
    expected: str


MIX = (
    Kind(
        "contract.txt", "text/plain", FIXTURES / "eval_corpus/en_cuad/master_services.txt", "done"
    ),
    Kind(
        "agreement.pdf",
        "application/pdf",
        FIXTURES / "pipeline/en_distributor_agreement.pdf",
        "done",
    ),
    Kind("secret.pdf", "application/pdf", FIXTURES / "pipeline/encrypted.pdf", "failed"),
)
POLL_SECONDS = 0.5
# Of every ten documents: five TXT, four PDF, one encrypted.
PATTERN = (0, 1, 0, 1, 0, 1, 0, 1, 0, 2)


@dataclass
class Burst:
    """What a burst of uploads came to."""

    count: int
    upload_seconds: float = 0.0
    wall_seconds: float = 0.0
    # Per document: its kind's expected status, its final status, and seconds from the
    # start of its upload to the first round that saw it settled.
    expected: dict[str, str] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    credits_before: int = 0
    credits_after: int = 0
    handler_errors: list[Any] = field(default_factory=list)

    @property
    def unexpected(self) -> dict[str, tuple[str, str]]:
        """The documents that did not end as their kind must: id -> (expected, got)."""
        return {
            doc: (want, self.status.get(doc, "unseen"))
            for doc, want in self.expected.items()
            if self.status.get(doc) != want
        }

    @property
    def credits_expected(self) -> int:
        """Credits before, less one per finished document (failed ones are refunded)."""
        return self.credits_before - Counter(self.status.values())["done"]

    def figures(self) -> dict[str, Any]:
        """The bench's figures: throughput, seconds per document, and the checks."""
        times = sorted(self.seconds.values())
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] if times else 0.0
        return {
            "documents": self.count,
            "statuses": dict(Counter(self.status.values())),
            "unexpected": self.unexpected,
            "credits_before": self.credits_before,
            "credits_after": self.credits_after,
            "credits_exact": self.credits_after == self.credits_expected,
            "handler_errors": len(self.handler_errors),
            "upload_s": self.upload_seconds,
            "wall_s": self.wall_seconds,
            "documents_per_minute": 60 * self.count / self.wall_seconds,
            "p50_s": statistics.median(times) if times else 0.0,
            "p95_s": p95,
        }


def run_burst(
    cloud: LocalCloud, count: int, *, user_id: str = "burst-user", workers: int = 32
) -> Burst:
    """Upload `count` documents of the mix at once as one user; wait until all settle."""
    assert cloud.api_url is not None, "the local cloud must be serving HTTP (start_server)"
    client = DemoClient(cloud.api_url, user_id=user_id, role="user")
    http = httpx.Client(base_url=cloud.api_url, headers=client.headers, timeout=120)
    blobs = {kind.filename: kind.path.read_bytes() for kind in MIX}
    burst = Burst(count)
    burst.credits_before = int(http.get("/v1/me").json()["credits_left"])
    started_at: dict[str, float] = {}
    lock = threading.Lock()  # the uploads add documents while the watch reads them

    def upload(number: int) -> str:
        kind = MIX[PATTERN[number % len(PATTERN)]]
        data = blobs[kind.filename]
        began = time.monotonic()
        ticket = http.post(
            "/v1/documents",
            json={"filename": kind.filename, "content_type": kind.content_type, "size": len(data)},
        )
        assert ticket.status_code == 201, ticket.text
        form = ticket.json()["upload"]
        sent = httpx.post(
            form["url"],
            data=form["fields"],
            files={"file": (kind.filename, data, kind.content_type)},
            timeout=300,
        )
        assert sent.status_code in (200, 201, 204), sent.text
        document_id = str(ticket.json()["document"]["document_id"])
        with lock:
            burst.expected[document_id] = kind.expected
            started_at[document_id] = began
        return document_id

    # Watch while uploading: a document that settles before the last upload is sent is
    # timed when it settles, not when the uploads are over.
    started = time.monotonic()
    deadline = started + 900
    with ThreadPoolExecutor(max_workers=workers) as pool:
        uploads = [pool.submit(upload, number) for number in range(count)]
        while time.monotonic() < deadline:
            uploading = not all(f.done() for f in uploads)
            if not uploading and not burst.upload_seconds:
                burst.upload_seconds = time.monotonic() - started
            with lock:
                pending = started_at.keys() - burst.seconds.keys()
            if not uploading and not pending:
                break
            seen = time.monotonic()
            for document in _all_documents(http):
                doc = str(document["document_id"])
                if doc in pending and document.get("status") in SETTLED:
                    burst.seconds[doc] = seen - started_at[doc]
                    burst.status[doc] = str(document["status"])
            time.sleep(POLL_SECONDS)
        for sent in uploads:
            sent.result()  # an upload's own failure, if any, is the error to see
    burst.wall_seconds = time.monotonic() - started
    burst.credits_after = int(http.get("/v1/me").json()["credits_left"])
    burst.handler_errors = list(cloud.errors)
    http.close()
    client.close()
    return burst


def _all_documents(http: httpx.Client) -> list[dict[str, Any]]:
    """Every document of the signed-in user, page by page."""
    documents: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        params: dict[str, Any] = {"limit": 100, **({"cursor": cursor} if cursor else {})}
        page = http.get("/v1/documents", params=params).json()
        documents.extend(page["documents"])
        cursor = page.get("next_cursor")
        if not cursor:
            return documents


def summary(figures: dict[str, Any]) -> str:
    """The bench's line for a burst."""
    checks = "credits exact" if figures["credits_exact"] else "CREDITS OFF"
    if figures["unexpected"]:
        checks += f", {len(figures['unexpected'])} documents ended unexpectedly"
    return (
        f"throughput: {figures['documents']} documents uploaded at once through the local"
        f" cloud's HTTP API settled in {figures['wall_s']:.1f} s:"
        f" {figures['documents_per_minute']:.0f} documents/minute, per document"
        f" p50 {figures['p50_s']:.1f} s, p95 {figures['p95_s']:.1f} s;"
        f" {figures['statuses']}; {checks}"
        f" ({figures['credits_before']} -> {figures['credits_after']} credits)"
    )
