"""The preamble every Lambda handler shares, written once.

Each handler gets JSON logs that carry the invocation's correlation id (read from the
event where the event has one), chalicelib's own standard-library loggers in the same
JSON form, and an X-Ray segment around the call with a subsegment for each AWS, model
and partner call (off outside Lambda: the tests and the local cloud).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

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
        self.tracer = Tracer(patch_modules=TRACED_MODULES)
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
