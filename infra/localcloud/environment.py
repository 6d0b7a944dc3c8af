"""The process environment the in-process handlers share.

Handlers run on many threads (moto's executor, the HTTP servers), so the
environment is set once, as the union of every function's variables, instead
of per call, which would race. Two functions that disagree on a value cannot
share a process: that is an error with both names in it.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from infra.localcloud.deployment import FunctionDeployment


class EnvironmentConflictError(Exception):
    """Two functions give one environment variable different values."""


# Settings a user may give the local cloud from the shell, over the template's values:
# `LLM_PROVIDER=ollama OLLAMA_HOST=… contract-check demo` must reach the handlers.
SHELL_PREFIXES = ("LLM_", "OLLAMA_", "OPENAI_", "YANDEX_", "PRESCREEN_LLM_")


def shell_overrides(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The model settings set in the shell, to pass to every handler."""
    source = os.environ if environ is None else environ
    return {name: value for name, value in source.items() if name.startswith(SHELL_PREFIXES)}


def merge_environments(
    functions: Iterable[FunctionDeployment], overrides: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The union of the functions' environments, then the overrides."""
    union: dict[str, str] = {}
    origin: dict[str, str] = {}
    for function in sorted(functions, key=lambda f: f.logical_id):
        for name, value in function.environment.items():
            if name in union and union[name] != value:
                raise EnvironmentConflictError(
                    f"{name} is {union[name]!r} in {origin[name]} but {value!r} in "
                    f"{function.logical_id}: in-process handlers share one environment, "
                    "so give both the same value or use two variables"
                )
            union[name] = value
            origin.setdefault(name, function.logical_id)
    union.update(overrides or {})
    return union


class EnvironmentPatch:
    """Sets variables in os.environ and puts the previous values back on restore."""

    def __init__(self) -> None:
        self._saved: dict[str, str | None] = {}

    def apply(self, values: Mapping[str, str]) -> None:
        """Set these variables (remembering what they were, the first time)."""
        for name, value in values.items():
            self._saved.setdefault(name, os.environ.get(name))
            os.environ[name] = value

    def restore(self) -> None:
        """Put every variable back as it was before the first apply."""
        for name, previous in self._saved.items():
            if previous is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = previous
        self._saved.clear()


def reset_cold_start() -> None:
    """Make the application forget cached settings and services, as a new cold start would."""
    try:
        wiring = importlib.import_module("chalicelib.wiring")
    except ModuleNotFoundError as exc:
        if exc.name not in ("chalicelib", "chalicelib.wiring"):
            raise  # wiring exists but one of its imports is missing: say so
        return
    reset = getattr(wiring, "reset_cold_start", None)
    if callable(reset):
        reset()
