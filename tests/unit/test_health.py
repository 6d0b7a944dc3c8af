"""The health check: 200 when every resource answers, 503 naming the one that does not."""

from __future__ import annotations

from chalicelib.errors import StorageUnavailableError
from chalicelib.services.health import HealthCheck


def _fine() -> None:
    return None


def _down() -> None:
    raise StorageUnavailableError("secret detail")


def test_health_is_ok_when_every_probe_answers() -> None:
    health = HealthCheck({"table": _fine, "bucket": _fine}).run()
    assert health.http_status == 200
    assert health.body == {"status": "ok", "checks": {"table": "ok", "bucket": "ok"}}


def test_health_is_503_and_names_what_is_down_without_its_details() -> None:
    health = HealthCheck({"table": _fine, "bucket": _down}).run()
    assert health.http_status == 503
    assert health.body["status"] == "unavailable"
    assert health.body["checks"]["bucket"] == "unreachable (StorageUnavailableError)"
    assert "secret detail" not in str(health.body)
