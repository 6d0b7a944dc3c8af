"""Unit tests run without a network: any socket is an error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytest_socket import disable_socket, enable_socket


@pytest.fixture(autouse=True)
def _no_sockets() -> Iterator[None]:
    disable_socket(allow_unix_socket=True)
    yield
    enable_socket()
