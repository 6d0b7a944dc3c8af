"""A botocore hook on the default session while a test runs: how an integration test makes
AWS misbehave (an outage, a dropped read) without touching our code."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import boto3

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


@contextlib.contextmanager
def session_hook(event: str, hook: Callable[..., Any], unique_id: str) -> Iterator[None]:
    """`hook` on `event` for every client the default session makes while the block runs."""
    session = boto3._get_default_session()
    session.events.register(event, hook, unique_id=unique_id)
    try:
        yield
    finally:
        session.events.unregister(event, unique_id=unique_id)
