"""GET /v1/health on the local cloud: 200 when everything answers, 503 naming what does not."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration


def test_health_answers_200_then_503_when_the_bucket_is_gone(local_cloud: LocalCloud) -> None:
    from chalice.test import Client

    from app import app
    from chalicelib.wiring import reset_cold_start

    reset_cold_start()
    with Client(app) as client:
        healthy = client.http.get("/v1/health")
        assert healthy.status_code == 200
        assert healthy.json_body["checks"] == {"table": "ok", "bucket": "ok", "state_machine": "ok"}
        s3 = local_cloud.client("s3")
        bucket = local_cloud.deployment.bucket  # emptied and removed: storage is gone
        for version in s3.list_object_versions(Bucket=bucket).get("Versions", []):
            s3.delete_object(Bucket=bucket, Key=version["Key"], VersionId=version["VersionId"])
        s3.delete_bucket(Bucket=bucket)
        broken = client.http.get("/v1/health")
    assert broken.status_code == 503
    assert broken.json_body["status"] == "unavailable"
    assert broken.json_body["checks"]["bucket"].startswith("unreachable")
    assert broken.json_body["checks"]["table"] == "ok"
