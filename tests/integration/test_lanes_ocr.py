"""A lane's OCR cap on the local cloud: a long scan's pages (the run's Map) hold the slots
of their lane's `ocr-{lane}` semaphore, and a page that finds them all taken is retried."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from chalicelib.lanes import LANES
from chalicelib.settings import Settings
from tests.integration.pipeline_driver import Driver
from tests.scans import scan_tiff

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
FANOUT_MIN_PAGES = Settings(table_name="-", bucket_name="-").ocr_fanout_min_pages


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {
        "SIGNUP_CREDITS": "5",
        # A person's lane may OCR one page at a time, and a full lane goes to the Retry.
        "LANE_OCR_PAGES": json.dumps({"high": 1, "default": 4, "batch": 2, "system": 1}),
        "LANE_SLOT_WAIT_SECONDS": json.dumps(dict.fromkeys(LANES, 0)),
    }


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    """The driver; a full semaphore is an error the run retries, so errors are read here."""
    return Driver(local_cloud)


def test_a_scans_pages_queue_for_their_lanes_ocr_slot_and_the_run_ends(driver: Driver) -> None:
    pages = FANOUT_MIN_PAGES + 2

    doc_id = driver.submit("lease.tiff", scan_tiff(pages))

    document = driver.document(doc_id)
    assert document["status"] in ("done", "in_review"), document
    assert document["lane"] == "high"
    errors = driver.cloud.errors
    assert {e.error_type for e in errors} == {"OcrCapacityExhaustedError"}
    assert all("ocr-high" in e.message for e in errors)
    ocr_calls = [i for i in driver.cloud.invocations if i.logical_id == "OcrPageFunction"]
    assert len(ocr_calls) == pages + 1 + len(errors)  # each page, the join, and the retries
