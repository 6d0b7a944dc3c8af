"""Every accounting workbook we have, through `recognize` and through the real pipeline.

The corpus's Bank of Russia forms are other forms than the ones we read: they must end
cleanly (OTHER documents, a valid result file), never crash. Our own fixtures, built to
1C's and the ФНС forms' layouts, must come out recognised and valid.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from chalicelib.contracts import validate_result
from chalicelib.keys import build_run_result_key
from chalicelib.statements.result import recognize_file
from infra.localcloud import LocalCloud
from tests.conftest import corpus_dir
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = [pytest.mark.corpus, pytest.mark.integration]
FIXTURES = Path(__file__).parents[1] / "fixtures" / "statements"
WORKBOOKS = sorted(
    p.name for p in FIXTURES.iterdir() if p.suffix in (".xlsx", ".xls", ".xlsb", ".ods")
)


def _corpus_workbooks() -> list[str]:
    folder = corpus_dir() / "ru_accounting"
    return sorted(p.name for p in folder.glob("*.xls*")) if folder.is_dir() else []


@pytest.mark.parametrize("name", WORKBOOKS)
def test_each_fixture_is_recognised_into_a_valid_result_without_the_cloud(name: str) -> None:
    result = recognize_file(FIXTURES / name)
    validate_result(result)
    assert result["job"]["status"] in ("done", "needs_check") and result["documents"]
    assert all(d["kind"] in ("osv", "statement") for d in result["documents"])


@pytest.fixture(scope="module")
def driver() -> Iterator[Driver]:
    with LocalCloud(env_overrides={"SIGNUP_CREDITS": "50"}, retry_wait_factor=0.001) as cloud:
        yield Driver(cloud)
        assert cloud.errors == [], "a handler raised on an accounting workbook"


def _through_the_pipeline(driver: Driver, path: Path) -> dict[str, object]:
    document_id = driver.submit(path.name, path.read_bytes())
    document = driver.document(document_id)
    assert (document["status"], document["pipeline"]) == ("done", "statement"), document
    key = build_run_result_key(document_id, 1)
    body = driver.cloud.client("s3").get_object(Bucket=driver.cloud.deployment.bucket, Key=key)
    result: dict[str, object] = json.loads(body["Body"].read())
    validate_result(result)
    return result


@pytest.mark.parametrize("name", WORKBOOKS)
def test_each_fixture_runs_through_the_pipeline_to_a_valid_result(
    driver: Driver, name: str
) -> None:
    _through_the_pipeline(driver, FIXTURES / name)


@pytest.mark.parametrize("name", _corpus_workbooks() or ["(no corpus)"])
def test_the_bank_of_russia_forms_end_cleanly_as_other_documents(
    corpus: Path, driver: Driver, name: str
) -> None:
    path = corpus / "ru_accounting" / name
    local = recognize_file(path)
    validate_result(local)
    assert {d["document_type"] for d in local["documents"]} == {"OTHER"}
    piped = _through_the_pipeline(driver, path)
    assert piped["documents"] == local["documents"]
