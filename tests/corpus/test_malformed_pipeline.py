"""Every hostile or broken corpus file through the whole local pipeline, as a user uploads it.

What the user sees must follow from Extract's outcome for the file (the table in
`test_extract_corpus`): refused at the upload request when the type is one we never
accept, else a `failed` document with that error's code and a refund, or a report.
Nothing may crash a handler, and the credits must add up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import error_class_by_name
from chalicelib.formats import BY_EXTENSION
from infra.localcloud import LocalCloud
from tests.conftest import corpus_dir
from tests.corpus.test_extract_corpus import MALFORMED, Readable
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = [pytest.mark.corpus, pytest.mark.integration]
CREDITS = 100
# Readable to Extract, refused later: a spreadsheet that is no accounting statement.
AFTER_EXTRACT = {"poi_xxe_in_schema.xlsx": "SCHEMA_MISMATCH"}


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    if not (corpus_dir() / "malformed").is_dir():
        pytest.skip(f"corpus not found at {corpus_dir()}: set CORPUS_DIR to run corpus tests")
    with LocalCloud(
        env_overrides={"SIGNUP_CREDITS": str(CREDITS)}, retry_wait_factor=0.001
    ) as cloud:
        yield Driver(cloud)
        # Domain errors are how handlers report a bad file to the state machine; anything
        # else is a crash.
        crashes = [e for e in cloud.errors if error_class_by_name(e.error_type) is None]
        assert crashes == [], "a handler crashed on a malformed file"


@pytest.mark.parametrize("name", sorted(MALFORMED))
@pytest.mark.timeout(120)
def test_malformed_file_ends_in_a_clear_outcome(driver: Driver, name: str) -> None:
    source = corpus_dir() / "malformed" / name
    ext = source.suffix.lower().lstrip(".")
    expected = MALFORMED[name]
    before = driver.credits()
    size = source.stat().st_size
    if ext not in BY_EXTENSION:
        status, body = driver.api(
            "POST",
            "/v1/documents",
            {"filename": name, "content_type": "application/octet-stream", "size": size},
        )
        assert (status, body["error"]["code"]) == (415, "UNSUPPORTED_FORMAT")
        assert driver.credits() == before
        return
    document = driver.document(driver.submit(name, source.read_bytes()))
    if name in AFTER_EXTRACT:
        assert (document["status"], document["error"]["code"]) == ("failed", AFTER_EXTRACT[name])
    elif isinstance(expected, Readable):
        assert document["status"] in ("done", "in_review"), document
        assert driver.credits() == before - 1
    else:
        assert document["status"] == "failed", document
        assert document["error"]["code"] == expected.code
        assert document["error"]["message"] and "Traceback" not in document["error"]["message"]
        assert document["refunded"] is True  # REFUND_POLICY=all, the default
        assert driver.credits() == before
