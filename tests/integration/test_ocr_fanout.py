"""A long scan is OCRed by the run, a page per Map iteration, then joined (the local cloud)."""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

import pytest
from botocore.exceptions import EndpointConnectionError
from PIL import Image

from chalicelib.extract import extract_document
from chalicelib.extract.images import MAX_IMAGE_PIXELS
from chalicelib.settings import Settings
from tests.botocore_hooks import session_hook
from tests.integration.pipeline_driver import Driver
from tests.limits import PRODUCTION_LIMITS
from tests.scans import scan_tiff

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
# The template's threshold: a scan with more pages to OCR than this is fanned out.
FANOUT_MIN_PAGES = Settings(table_name="-", bucket_name="-").ocr_fanout_min_pages


# Extract OCRs at most 5 pages itself (MAX_OCR_PAGES, its time limit); the run's Map up to 7.
RUN_OCR_LIMIT = 7


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {
        "SIGNUP_CREDITS": "5",
        "MAX_OCR_PAGES": "5",
        "MAX_FANOUT_OCR_PAGES": str(RUN_OCR_LIMIT),
    }


def _artifact(driver: Driver, document_id: str, name: str) -> str:
    body = driver.cloud.client("s3").get_object(
        Bucket=driver.cloud.deployment.bucket, Key=f"artifacts/ru-msk/{document_id}/v1/{name}"
    )["Body"]
    return str(body.read().decode())


def _history(driver: Driver, document_id: str) -> list[dict[str, Any]]:
    # The run has ended, or holds the document for a reviewer (Driver.submit waited).
    events = driver.cloud.client("stepfunctions").get_execution_history(
        executionArn=driver.cloud.execution_arn(f"{document_id}-v1"), maxResults=1000
    )["events"]
    return list(events)


def _entered(history: list[dict[str, Any]]) -> list[str]:
    entered = (e.get("stateEnteredEventDetails") for e in history)
    return [details["name"] for details in entered if details]


def test_a_long_scan_is_recognised_page_by_page_and_joined_as_extract_would_read_it(
    driver: Driver,
) -> None:
    # GIVEN a scan with more pages than Extract reads itself, more even than it may OCR
    pages = FANOUT_MIN_PAGES + 2
    assert pages > 5
    data = scan_tiff(pages)
    # WHEN it is uploaded
    doc_id = driver.submit("lease.tiff", data)
    # THEN the run recognised each page in its Map, joined them and went on as for any scan
    document = driver.document(doc_id)
    assert document["status"] in ("done", "in_review"), document
    assert document["pipeline"] == "image"
    entered = _entered(_history(driver, doc_id))
    # After the re-analysis test (a version's own run is none): straight to the pages.
    assert entered[:3] == [
        "Is It A Re-analysis?",
        "Any Pages To Recognise?",
        "Recognise Pages",
    ]
    assert entered.count("Recognise Page") == pages
    assert entered.index("Join Pages") < entered.index("Prescreen Document")
    ocr_calls = [i for i in driver.cloud.invocations if i.logical_id == "OcrPageFunction"]
    assert len(ocr_calls) == pages + 1  # a page each, and the join
    # AND the text and the facts are what Extract gives reading the whole scan at once
    inline = extract_document(data, declared_ext="tiff", limits=PRODUCTION_LIMITS)
    assert _artifact(driver, doc_id, "text.md") == inline.markdown
    facts = json.loads(_artifact(driver, doc_id, "facts.json"))
    assert facts == inline.facts.model_dump(mode="json")
    assert facts["ocr_pages"] == pages
    assert driver.credits() == 4


def test_a_scan_beyond_the_runs_page_limit_fails_before_any_page_is_recognised(
    driver: Driver,
) -> None:
    doc_id = driver.submit("archive.tiff", scan_tiff(RUN_OCR_LIMIT + 1))
    document = driver.document(doc_id)
    assert document["status"] == "failed"
    assert document["error"]["code"] == "TOO_MANY_SCANNED_PAGES"
    assert f"at most {RUN_OCR_LIMIT} scanned pages" in document["error"]["message"]
    assert document["refunded"] is True
    assert not [i for i in driver.cloud.invocations if i.logical_id == "OcrPageFunction"]


def test_a_short_scan_is_still_read_by_extract(driver: Driver) -> None:
    doc_id = driver.submit("short.tiff", scan_tiff(2))
    assert driver.document(doc_id)["status"] in ("done", "in_review")
    assert "Recognise Pages" not in _entered(_history(driver, doc_id))
    assert not [i for i in driver.cloud.invocations if i.logical_id == "OcrPageFunction"]


def test_a_page_that_fails_fails_the_document_with_its_code_and_refunds(
    local_cloud: LocalCloud,
) -> None:
    driver = Driver(local_cloud)
    # GIVEN a long scan whose last frame declares more pixels than any scan (a bomb)
    side = int(MAX_IMAGE_PIXELS**0.5) + 10
    data = scan_tiff(FANOUT_MIN_PAGES, extra_frames=[Image.new("1", (side, side), 1)])
    # WHEN it is uploaded
    doc_id = driver.submit("bomb.tiff", data)
    # THEN that page's iteration fails, the run records the failure and refunds the credit
    document = driver.document(doc_id)
    assert document["status"] == "failed"
    assert document["error"]["code"] == "UNSAFE_CONTENT"
    assert document["refunded"] is True
    assert driver.credits() == 5
    entered = _entered(_history(driver, doc_id))
    assert "Record Failure" in entered
    assert "Join Pages" not in entered
    raised = {(e.logical_id, e.error_type) for e in local_cloud.errors}
    assert raised == {("OcrPageFunction", "HostileDocumentError")}


class FlakyUploadRead:
    """S3 drops one read of the original upload: the first after Extract's own (a botocore
    hook, not our code), so exactly one page's first try meets an outage."""

    EVENT = "before-parameter-build.s3.GetObject"

    def __init__(self) -> None:
        self.reads = 0
        self.refused: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, params: dict[str, Any], **_: Any) -> None:
        if not str(params.get("Key", "")).startswith("uploads/"):
            return
        with self._lock:
            self.reads += 1
            if self.reads != 2:
                return
            self.refused.append(params["Key"])
        raise EndpointConnectionError(endpoint_url="https://s3.amazonaws.com")


@pytest.fixture
def flaky_upload_read() -> Iterator[FlakyUploadRead]:
    flaky = FlakyUploadRead()
    with session_hook(FlakyUploadRead.EVENT, flaky, "flaky-upload"):
        yield flaky


def test_a_page_that_meets_an_outage_is_retried_alone_and_the_document_is_read(
    local_cloud: LocalCloud, flaky_upload_read: FlakyUploadRead
) -> None:
    driver = Driver(local_cloud)
    pages = FANOUT_MIN_PAGES + 1
    doc_id = driver.submit("lease.tiff", scan_tiff(pages))
    assert driver.document(doc_id)["status"] in ("done", "in_review")
    assert len(flaky_upload_read.refused) == 1
    assert flaky_upload_read.reads == 1 + pages + 1  # Extract, each page, the retried one
    raised = {(e.logical_id, e.error_type) for e in local_cloud.errors}
    assert raised == {("OcrPageFunction", "StorageUnavailableError")}
    inline = extract_document(scan_tiff(pages), declared_ext="tiff", limits=PRODUCTION_LIMITS)
    assert _artifact(driver, doc_id, "text.md") == inline.markdown
