"""Runs the project's Lambda handlers in-process, the way the Python Lambda runtime would."""

from __future__ import annotations

import contextlib
import decimal
import importlib
import json
import logging
import threading
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_plus

from infra.localcloud import moto_patches
from infra.localcloud.async_invoke import AsyncInvoker, is_async_source
from infra.localcloud.background import BackgroundRuns
from infra.localcloud.template import handler_module

if TYPE_CHECKING:
    from infra.localcloud.deployment import Deployment, FunctionDeployment

Handler = Callable[[Any, Any], Any]

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class HandlerError:
    """An exception a handler raised: moto swallows some of these, so we keep them all."""

    logical_id: str
    request_id: str
    error_type: str
    message: str
    stack_trace: str
    event: Any


@dataclass(frozen=True)
class Invocation:
    """One run of a handler."""

    logical_id: str
    request_id: str
    errored: bool
    duration_ms: float
    # The objects of the S3 event it was given (decoded), as its log would name them: which
    # function a bucket notification reached for which key.
    object_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class InvocationResult:
    """What an invocation returned: the handler's result, or Lambda's error payload."""

    payload: Any
    errored: bool
    request_id: str


class LambdaContext:
    """The context object the Python Lambda runtime passes to a handler."""

    def __init__(self, function: FunctionDeployment, request_id: str) -> None:
        self.function_name = function.name
        self.function_version = "$LATEST"
        self.invoked_function_arn = function.arn
        self.memory_limit_in_mb = function.memory_size
        self.aws_request_id = request_id
        self.log_group_name = f"/aws/lambda/{function.name}"
        self.log_stream_name = f"{time.strftime('%Y/%m/%d')}/[$LATEST]{uuid.uuid4().hex}"
        self.identity = None
        self.client_context = None
        self._deadline = time.monotonic() + function.timeout

    def get_remaining_time_in_millis(self) -> int:
        """Milliseconds left before the function's Timeout."""
        return max(0, int((self._deadline - time.monotonic()) * 1000))


def _lambda_json(value: Any) -> str:
    # The Lambda runtime's serializer: Decimal becomes a number, anything else fails.
    def default(obj: Any) -> Any:
        if isinstance(obj, decimal.Decimal):
            return float(obj)
        raise TypeError(f"{obj!r} is not JSON serializable")

    return json.dumps(value, default=default)


def error_payload(exc: BaseException, request_id: str) -> dict[str, Any]:
    """The payload Lambda returns for an unhandled Python exception."""
    return {
        "errorMessage": str(exc),
        "errorType": type(exc).__name__,
        "requestId": request_id,
        # Only the handler's frames, as Lambda shows them: not the runtime calling it.
        "stackTrace": traceback.format_list(
            [f for f in traceback.extract_tb(exc.__traceback__) if f.filename != __file__]
        ),
    }


class FunctionRuntime:
    """Maps moto's functions to the template's handlers and runs them, recording errors."""

    def __init__(self, deployment: Deployment) -> None:
        self.deployment = deployment
        self.errors: list[HandlerError] = []
        self.invocations: list[Invocation] = []
        self._handlers: dict[str, Handler] = {}
        self._lock = threading.Lock()
        self._async = AsyncInvoker(deployment, self.run)
        self.background = BackgroundRuns()
        # ReservedConcurrentExecutions caps how many runs of a function are in flight:
        # an asynchronous event waits its turn, as Lambda's queue holds throttled async
        # events; a synchronous call over the cap is refused with 429, as Lambda's Invoke is.
        self.throttles: list[str] = []
        self._concurrency = {
            lid: threading.BoundedSemaphore(fn.reserved_concurrency)
            for lid, fn in deployment.functions.items()
            if fn.reserved_concurrency
        }

    def register_handler(self, logical_id: str, handler: Handler | str) -> None:
        """Run `handler` (a callable or "module:attr") for this function instead of its own."""
        if logical_id not in self.deployment.functions:
            raise KeyError(f"no function {logical_id} in the template")
        with self._lock:
            self._handlers[logical_id] = _import(handler) if isinstance(handler, str) else handler

    def handler_for(self, function: FunctionDeployment) -> Handler:
        """The callable behind a function's CodeUri and Handler, imported once."""
        with self._lock:
            if function.logical_id not in self._handlers:
                module, attribute = handler_module(function.code_uri, function.handler)
                self._handlers[function.logical_id] = _import(f"{module}:{attribute}")
            return self._handlers[function.logical_id]

    def run(self, logical_id: str, event: Any) -> InvocationResult:
        """Call the handler once, as the Lambda runtime would; never raises for handler errors."""
        function = self.deployment.functions[logical_id]
        request_id = str(uuid.uuid4())
        started = time.perf_counter()
        payload, error = self._call(function, event, request_id)
        if error is not None:
            self._record_error(logical_id, request_id, error, event)
        with self._lock:
            duration = (time.perf_counter() - started) * 1000
            self.invocations.append(
                Invocation(logical_id, request_id, error is not None, duration, _object_keys(event))
            )
        return InvocationResult(payload, error is not None, request_id)

    def _call(
        self, function: FunctionDeployment, event: Any, request_id: str
    ) -> tuple[Any, Exception | None]:
        try:
            result = self.handler_for(function)(event, LambdaContext(function, request_id))
        except Exception as exc:  # noqa: BLE001  # a handler's failure is data for the caller
            return error_payload(exc, request_id), exc
        try:
            return json.loads(_lambda_json(result)), None
        except TypeError as exc:
            payload = {
                "errorMessage": f"Unable to marshal response: {exc}",
                "errorType": "Runtime.MarshalError",
                "requestId": request_id,
                "stackTrace": [],
            }
            return payload, exc

    def run_async(self, logical_id: str, event: Any) -> InvocationResult:
        """An asynchronous invocation, run here: retried, then to the on-failure destination."""
        return self._async.invoke(logical_id, event)

    def submit_async(self, logical_id: str, event: Any) -> threading.Event | None:
        """An asynchronous invocation on a background thread, as Lambda's queue runs it.

        The event is set when it has finished (retries and destination included);
        None when it was not started (the cloud is stopping, or the function's
        reserved concurrency is 0, which throttles every invocation).
        """
        function = self.deployment.functions[logical_id]
        if function.reserved_concurrency == 0:
            logger.warning("%s has reserved concurrency 0: its async event is dropped", logical_id)
            return None
        limit = self._concurrency.get(logical_id)

        def work() -> None:
            if limit is None:
                self.run_async(logical_id, event)
                return
            with limit:
                self.run_async(logical_id, event)

        try:
            return self.background.submit(f"async-{logical_id}", work)
        except RuntimeError:
            logger.warning("%s: async event dropped, the local cloud is stopping", logical_id)
            return None

    def intercept_event_invocation(self, moto_function: Any, event: Any) -> bool:
        """An `InvocationType: Event` call: start it in the background; False if not ours."""
        function = self.deployment.function_by_name(moto_function.function_name)
        if function is None:
            return False
        self.submit_async(function.logical_id, event)
        return True

    def intercept(self, moto_function: Any, event: Any) -> tuple[str, bool, str]:
        """The body of moto's `_invoke_lambda`: `(payload JSON, errored, logs)`.

        Raises moto's 429 TooManyRequestsException for a synchronous call over the
        function's reserved concurrency, as Lambda's Invoke answers it.
        """
        if isinstance(event, str | bytes):
            event = json.loads(event or "{}")
        function = self.deployment.function_by_name(moto_function.function_name)
        if function is None:
            message = f"{moto_function.function_name} is not a function of the template"
            return json.dumps({"errorMessage": message, "errorType": "ResourceNotFound"}), True, ""
        limit = self._concurrency.get(function.logical_id)
        if is_async_source(event):
            with limit or contextlib.nullcontext():
                result = self.run_async(function.logical_id, event)
        elif limit is None:
            result = self.run(function.logical_id, event)
        else:
            if not limit.acquire(blocking=False):
                with self._lock:
                    self.throttles.append(function.logical_id)
                raise moto_patches.lambda_throttled()
            try:
                result = self.run(function.logical_id, event)
            finally:
                limit.release()
        return json.dumps(result.payload), result.errored, ""

    def _record_error(self, logical_id: str, request_id: str, exc: Exception, event: Any) -> None:
        error = HandlerError(
            logical_id=logical_id,
            request_id=request_id,
            error_type=type(exc).__name__,
            message=str(exc),
            stack_trace="".join(traceback.format_exception(exc)),
            event=event,
        )
        with self._lock:
            self.errors.append(error)


def _object_keys(event: Any) -> tuple[str, ...]:
    """The object keys of an S3 notification (moto encodes them as S3 does); () otherwise."""
    if not is_async_source(event):
        return ()
    return tuple(
        unquote_plus(str(record.get("s3", {}).get("object", {}).get("key", "")))
        for record in event["Records"]
    )


def _import(spec: str) -> Handler:
    module_name, _, attribute = spec.partition(":")
    if not attribute:
        module_name, _, attribute = spec.rpartition(".")
    handler: Handler = getattr(importlib.import_module(module_name), attribute)
    return handler
