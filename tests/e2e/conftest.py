"""Fixtures the end-to-end modules share."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.localcloud.fake_llm import FakeLlmServer

if TYPE_CHECKING:
    from collections.abc import Iterator


@pytest.fixture(scope="module")
def fake_llm() -> Iterator[FakeLlmServer]:
    """A local fake of the model providers' HTTP APIs, one per test module."""
    with FakeLlmServer() as fake:
        yield fake
