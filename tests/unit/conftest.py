"""Unit tests run without a network: any socket is an error."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_socket import disable_socket, enable_socket

if TYPE_CHECKING:
    from collections.abc import Iterator


@pytest.fixture(autouse=True)
def _no_sockets() -> Iterator[None]:
    disable_socket(allow_unix_socket=True)
    yield
    enable_socket()
