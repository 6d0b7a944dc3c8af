"""Every run stores the configuration it ran with, and its report shows that snapshot."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import pytest

from chalicelib.run_config import run_config_of
from chalicelib.settings import Settings

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration

CONTRACT = (
    "SUPPLY AGREEMENT. The Supplier shall deliver the goods within 10 days. "
    "The Buyer shall pay a penalty of 0.1% per day of delay. "
) * 10


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"REVIEW_MIN_CONFIDENCE": "0.3"}


def test_a_run_stores_its_configuration_and_its_report_shows_it(driver: Driver) -> None:
    document_id = driver.submit("supply.txt", CONTRACT.encode())
    document = driver.document(document_id)
    cloud = driver.cloud

    stored = json.loads(
        cloud.client("s3")
        .get_object(
            Bucket=cloud.deployment.bucket,
            Key=f"artifacts/{document['region']}/{document_id}/v1/config.json",
        )["Body"]
        .read()
    )
    assert stored["review_min_confidence"] == 0.3  # the deployment's, not the default
    assert (stored["provider"], stored["lane"]) == ("rules", "high")
    summary = document["run_config"]
    assert summary["provider"] == "rules"
    assert summary["rule_set_version"] == stored["rule_set_version"]
    assert summary["config_digest"].startswith("sha256:")
    assert document["status"] == "done", document
    status, body = driver.api("GET", f"/v1/documents/{document_id}/report")
    assert status == 200, body
    assert body["report"]["config"]["review_min_confidence"] == 0.3
    assert "Configuration of this run" in body["markdown"]


def _settings(**overrides: object) -> Settings:
    return Settings.model_validate({"table_name": "t", "bucket_name": "b", **overrides})


def test_the_digest_changes_with_a_threshold_and_not_with_the_time_or_lane() -> None:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    base = run_config_of(_settings(), lane="high", model="", now=now)
    later = run_config_of(_settings(), lane="system", model="", now=datetime.now(UTC))
    tuned = run_config_of(_settings(review_min_confidence=0.2), lane="high", model="", now=now)

    assert base.digest == later.digest
    assert base.digest != tuned.digest
    assert len(base.rule_set_version) == len(base.clause_model_version) == 12


def test_a_model_provider_snapshot_names_the_model_and_the_prompts() -> None:
    settings = _settings(llm_provider="openai", llm_fallback_model="small")
    config = run_config_of(settings, lane="batch", model="gpt-4o-mini", now=datetime.now(UTC))

    assert (config.model, config.fallback_model) == ("gpt-4o-mini", "small")
    assert config.prompt_version
    assert config.summary()["model"] == "gpt-4o-mini"
