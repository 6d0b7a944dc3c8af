"""The correlation id: one per HTTP request, carried into a document's run and its logs.

A caller may send its own in `X-Correlation-ID` (a partner tying our logs to theirs);
otherwise one is minted. The API answers it back in the same header, an upload stores it
on the document, Extract puts it into the run's input, and every step logs with it.
Plain Python: services may ask for the current one without knowing who set it.
"""

from __future__ import annotations

import re
import uuid
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

CORRELATION_HEADER = "X-Correlation-ID"
# What a caller's id may be: it goes into logs, the table and the run's input, so no
# control characters, no quotes, nothing long.
_ACCEPTED = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/+=-]{0,127}")

_current: ContextVar[str | None] = ContextVar("correlation_id", default=None)


def accepted_correlation_id(header: str | None) -> str:
    """The caller's id when it is a short plain token, else a new one (a uuid4)."""
    value = (header or "").strip()
    if _ACCEPTED.fullmatch(value):
        return value
    return str(uuid.uuid4())


def current_correlation_id() -> str | None:
    """The id of the request being handled, if any."""
    return _current.get()


@contextmanager
def correlation_scope(correlation_id: str) -> Iterator[str]:
    """Make `correlation_id` the current one until the block ends (per thread and task)."""
    token = _current.set(correlation_id)
    try:
        yield correlation_id
    finally:
        _current.reset(token)
