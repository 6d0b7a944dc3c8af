"""The HTTP API's logs: JSON lines (Powertools Logger), each with its request's correlation id.

The API's one middleware opens `correlated_request` around every request: the id is the
caller's `X-Correlation-ID` or a new one; every line logged meanwhile (chalicelib's
included) carries it as `correlation_id`; an upload stores it on its document
(`current_correlation_id`); one line per request says what was answered, and how fast.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from aws_lambda_powertools import Logger
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers

from chalicelib.correlation import (
    CORRELATION_HEADER,
    accepted_correlation_id,
    correlation_scope,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["CORRELATION_HEADER", "HandledRequest", "api_logger", "correlated_request"]


@cache
def api_logger() -> Logger:
    """The API's logger (service `POWERTOOLS_SERVICE_NAME`); chalicelib's loggers write
    through it. Built at the first request, when every route's modules are imported."""
    logger = Logger()
    copy_config_to_registered_loggers(source_logger=logger, include={"chalicelib"})
    return logger


@dataclass
class HandledRequest:
    """One request as its log line tells it: the correlation id, then the answer's status."""

    correlation_id: str
    status: int | None = None


@contextmanager
def correlated_request(method: str, route: str, header: str | None) -> Iterator[HandledRequest]:
    """Log everything in the block with the request's correlation id, then one line for it."""
    request = HandledRequest(accepted_correlation_id(header))
    logger = api_logger()
    logger.set_correlation_id(request.correlation_id)
    started = time.perf_counter()
    try:
        with correlation_scope(request.correlation_id):
            yield request
    finally:
        logger.info(
            "request handled",
            extra={
                "method": method,
                "route": route,
                "status": request.status,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            },
        )
        logger.set_correlation_id(None)
