"""The local cloud for integration tests: moto in decorator mode, provisioned from the template.

Override what the cloud is provisioned with, before it starts, by redefining a
fixture in a test module or by parametrizing it:

    @pytest.mark.parametrize("local_cloud_env", [{"REFUND_POLICY": "infra_only"}])
    def test_refund_policy_infra_only(local_cloud: LocalCloud) -> None: ...

    @pytest.fixture
    def local_cloud_parameters() -> dict[str, str]:
        return {"AutoApproveEnabled": "true"}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from moto import mock_aws

from chalicelib import wiring
from infra.localcloud import LocalCloud
from infra.localcloud.deployment import Deployment
from infra.localcloud.fake_llm import FakeLlmServer
from infra.localcloud.provision import Clients, ProvisionContext
from infra.localcloud.storage_resources import create_table
from tests.clocks import ShiftedClock
from tests.integration import localcloud_handlers as stubs
from tests.integration.documents_table import REGION, TABLE_PROPS
from tests.integration.pipeline_driver import Driver
from tests.integration.stub_project import STUB_HANDLERS, make_stub_project

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

# Retry waits of the state machine, scaled: a three-retry case takes ~0.1 s, not ~10 s.
RETRY_WAIT_FACTOR = 0.001


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    """Environment overrides every handler sees (applied after the template's values)."""
    return {}


@pytest.fixture
def local_cloud_parameters() -> dict[str, str]:
    """Template parameter overrides (e.g. RefundPolicy, AutoApproveEnabled)."""
    return {}


@pytest.fixture
def local_cloud_handlers() -> dict[str, Any]:
    """Handler replacements by function logical id (callable or "module:attr"); none by default."""
    return {}


@pytest.fixture
def local_cloud(
    local_cloud_env: dict[str, str],
    local_cloud_parameters: dict[str, str],
    local_cloud_handlers: dict[str, Any],
) -> Iterator[LocalCloud]:
    """The whole template on moto, with the project's own handlers behind every function."""
    cloud = LocalCloud(
        parameters=local_cloud_parameters,
        env_overrides=local_cloud_env,
        handlers=local_cloud_handlers,
        retry_wait_factor=RETRY_WAIT_FACTOR,
    )
    with cloud:
        yield cloud


@pytest.fixture
def stub_project(tmp_path: Path) -> Path:
    """A copy of the project's template wired to small test handlers."""
    return make_stub_project(tmp_path / "project")


@pytest.fixture
def stub_cloud(stub_project: Path) -> Iterator[LocalCloud]:
    """The local cloud running the stub project, with a fresh record of handler calls."""
    stubs.CALLS.clear()
    with LocalCloud(stub_project, handlers=STUB_HANDLERS, retry_wait_factor=0.001) as cloud:
        yield cloud


@pytest.fixture
def moto_aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """moto in this process, with test credentials and no endpoint override."""
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    with mock_aws():
        yield


@pytest.fixture
def documents_table(moto_aws: None) -> str:
    """The documents table's name, created as the template declares it."""
    ctx = ProvisionContext(
        clients=Clients(REGION), deployment=Deployment("adapter-test", REGION, "123456789012")
    )
    return str(create_table(ctx, "DocumentsTable", TABLE_PROPS).ref)


@pytest.fixture
def fake_llm() -> Iterator[FakeLlmServer]:
    """A local fake of the model providers' APIs (Ollama, OpenAI-compatible, YandexGPT)."""
    with FakeLlmServer() as fake:
        yield fake


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Iterator[Driver]:
    """A client of the local cloud's pipeline; the test fails if any handler raised.
    (A module whose tests expect a handler to raise defines its own.)"""
    driver = Driver(local_cloud)
    yield driver
    assert local_cloud.errors == [], "a handler raised where nothing should have"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ShiftedClock:
    """The services' clock (`wiring.utc_now`) shifted by the test, every service rebuilt on it."""
    shifted = ShiftedClock()
    monkeypatch.setattr(wiring, "utc_now", shifted)
    wiring.reset_cold_start()
    return shifted
