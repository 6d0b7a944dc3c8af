"""Metrics through the real handlers on the local cloud: the EMF lines a run prints when
Powertools is allowed to, and none when the local cloud silences it (its default)."""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

import pytest

from tests.documents import make_pdf
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration


def _emf(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith('{"_aws"')]


def _metric_name(line: dict[str, Any]) -> str:
    return str(line["_aws"]["CloudWatchMetrics"][0]["Metrics"][0]["Name"])


@pytest.mark.parametrize("local_cloud_env", [{"POWERTOOLS_METRICS_DISABLED": "false"}])
def test_a_documents_run_prints_its_counts_as_emf(
    local_cloud: LocalCloud, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN metrics turned on, as on AWS
    driver = Driver(local_cloud)
    capsys.readouterr()
    # WHEN a contract goes through the pipeline
    document_id = driver.submit("contract.pdf", make_pdf())
    lines = _emf(capsys.readouterr().out)
    # THEN every line is in the template's namespace
    assert lines
    assert {line["_aws"]["CloudWatchMetrics"][0]["Namespace"] for line in lines} == {
        "ContractCheck"
    }
    names = Counter(_metric_name(line) for line in lines)
    assert names["CreditsReserved"] == 1
    assert names["PagesExtracted"] == names["OcrPages"] == 1
    # AND each status the document passed is counted once, the last one with its detail
    changes = [line for line in lines if _metric_name(line) == "DocumentStatusChanged"]
    statuses = [line["Status"] for line in changes]
    assert statuses[:3] == ["awaiting_upload", "extracting", "prescreening"]
    assert len(statuses) == len(set(statuses))
    assert statuses[-1] == driver.document(document_id)["status"]
    if statuses[-1] == "done":
        dimensions = changes[-1]["_aws"]["CloudWatchMetrics"][0]["Dimensions"]
        assert dimensions == [["Status"], ["Status", "Route"]]
        assert changes[-1]["Route"] == driver.document(document_id)["route"]


def test_the_local_cloud_prints_no_emf_line(
    local_cloud: LocalCloud, capsys: pytest.CaptureFixture[str]
) -> None:
    driver = Driver(local_cloud)
    driver.submit("contract.pdf", make_pdf())
    assert _emf(capsys.readouterr().out) == []
