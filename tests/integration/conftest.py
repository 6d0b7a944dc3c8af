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

from infra.localcloud import LocalCloud

if TYPE_CHECKING:
    from collections.abc import Iterator

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
