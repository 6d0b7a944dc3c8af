"""A spinner on the terminal while the local cloud starts or documents run; silent otherwise."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator


@contextlib.contextmanager
def working(message: str) -> Iterator[None]:
    """Show `message` with a spinner until the block ends (only when stderr is a terminal).

    Logs, pipes and CI get nothing from it: the commands print their results themselves.
    """
    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(message, spinner="dots"):
        yield
