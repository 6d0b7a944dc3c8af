"""The preamble every Lambda handler shares, written once.

Each handler gets JSON logs that carry the invocation's correlation id (read from the
event where the event has one), chalicelib's own standard-library loggers in the same
JSON form, and an X-Ray segment around the call with a subsegment for each AWS, model
and partner call (off outside Lambda: the tests and the local cloud).

Outside Lambda the tracer gets a provider that records nothing, so the X-Ray SDK (about
0.15 s of a cold start's imports) is not imported where nothing would be traced.
"""

from __future__ import annotations

from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers
from aws_lambda_powertools.tracing.base import BaseProvider, BaseSegment

if TYPE_CHECKING:
    from collections.abc import AsyncGenerator, Callable, Collection, Generator, Sequence

# What every function's Tracer patches (every function has both: boto3 in the runtime,
# httpx in the core layer).
TRACED_MODULES = ("botocore", "httpx")

Handler = TypeVar("Handler", bound="Callable[..., Any]")


class LambdaEntry:
    """A function's logger and tracer, and the decorator that puts them around its handler.

    `correlation_id_path` is where the event carries the correlation id (a JMESPath);
    without one the handler sets it itself. `libraries` are other loggers (aiogram) whose
    records should take the same JSON form as chalicelib's.
    """

    def __init__(
        self, *, correlation_id_path: str | None = None, libraries: Collection[str] = ()
    ) -> None:
        self.logger = Logger()
        self.tracer = _tracer()
        self._correlation_id_path = correlation_id_path
        copy_config_to_registered_loggers(
            source_logger=self.logger, include={"chalicelib", *libraries}
        )

    def __call__(self, handler: Handler) -> Handler:
        """The handler with the preamble around it."""
        traced = self.tracer.capture_lambda_handler(handler)
        wrapped = self.logger.inject_lambda_context(
            traced, correlation_id_path=self._correlation_id_path, clear_state=True
        )
        return cast("Handler", wrapped)


def _tracer() -> Tracer:
    """The X-Ray tracer on Lambda; outside it (where Powertools turns tracing off anyway)
    one whose provider records nothing, so the X-Ray SDK is not imported at all."""
    # Powertools' own test of "not on Lambda" (its env variables, SAM and chalice local).
    if Tracer._is_tracer_disabled():
        return Tracer(disabled=True, patch_modules=TRACED_MODULES, provider=_Untraced())
    return Tracer(patch_modules=TRACED_MODULES)


class _NoSegment(BaseSegment):
    """A subsegment that keeps nothing."""

    def close(self, end_time: int | None = None) -> None:
        """Nothing to close."""

    def add_subsegment(self, subsegment: Any) -> None:
        """Nothing is kept."""

    def remove_subsegment(self, subsegment: Any) -> None:
        """Nothing is kept."""

    def put_annotation(self, key: str, value: Any) -> None:
        """Nothing is kept."""

    def put_metadata(self, key: str, value: Any, namespace: str = "default") -> None:
        """Nothing is kept."""

    def add_exception(self, exception: BaseException, stack: Any, remote: bool = False) -> None:
        """Nothing is kept."""


class _Untraced(BaseProvider):
    """The tracing provider outside Lambda: every subsegment is a `_NoSegment`."""

    @contextmanager
    def in_subsegment(self, name: str | None = None, **kwargs: Any) -> Generator[BaseSegment]:
        """A subsegment that keeps nothing."""
        yield _NoSegment()

    @asynccontextmanager
    async def in_subsegment_async(
        self, name: str | None = None, **kwargs: Any
    ) -> AsyncGenerator[BaseSegment]:
        """A subsegment that keeps nothing."""
        yield _NoSegment()

    def put_annotation(self, key: str, value: Any) -> None:
        """Nothing is kept."""

    def put_metadata(self, key: str, value: Any, namespace: str = "default") -> None:
        """Nothing is kept."""

    def patch(self, modules: Sequence[str]) -> None:
        """Nothing is patched outside Lambda."""

    def patch_all(self) -> None:
        """Nothing is patched outside Lambda."""
