"""Every touch of moto internals lives here, so a moto upgrade has one place to check.

Four patches, verified with moto 5.2.5 (see shared notes/local-cloud.md):
- `LambdaFunction._invoke_lambda` is the one path every Lambda invocation takes
  (Invoke API, Step Functions tasks, S3 notifications); we run the project's
  handler in-process instead of a Docker container;
- the Step Functions retrier sleeps with `time.sleep`; tests scale it down;
- moto's DynamoDB checks a write's condition and then writes, with no lock between:
  two threads can both pass `attribute_not_exists` and both write (seen with the
  LLM call semaphore under 20 parallel executions). DynamoDB makes each conditional
  write atomic, so the local cloud runs moto's writes one at a time;
- moto has no RedriveExecution: `install_redrive` runs a failed execution again under
  its own ARN. AWS resumes from the failed state; this starts from the first, which for
  our pipeline's idempotent steps ends the same way (it is what the console's "New
  execution" with the same input would do, without a new name).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

InvokeRunner = Callable[[Any, Any], tuple[str, bool, str]]

_lock = threading.Lock()
_original_invoke: Any = None
_original_retrier_time: Any = None
_original_writes: dict[str, Any] = {}
_WRITES = ("put_item", "update_item", "delete_item", "transact_write_items", "batch_write_item")
_write_lock = threading.RLock()


def interceptor_installed() -> bool:
    """Whether some local cloud in this process has patched moto's Lambda invocation."""
    return _original_invoke is not None


def install_invoke_interceptor(runner: InvokeRunner) -> None:
    """Route every moto Lambda invocation to `runner(moto_function, event)`."""
    global _original_invoke  # noqa: PLW0603  # a class patch is process-wide by nature
    from moto.awslambda.models import LambdaFunction

    with _lock:
        if _original_invoke is not None:
            raise RuntimeError("a local cloud is already running in this process")
        _original_invoke = LambdaFunction._invoke_lambda

        def _invoke_lambda(self: Any, event: Any = None) -> tuple[str, bool, str]:
            return runner(self, event)

        LambdaFunction._invoke_lambda = _invoke_lambda  # type: ignore[method-assign]


def uninstall_invoke_interceptor() -> None:
    """Give moto its own Lambda invocation back."""
    global _original_invoke  # noqa: PLW0603
    from moto.awslambda.models import LambdaFunction

    with _lock:
        if _original_invoke is not None:
            LambdaFunction._invoke_lambda = _original_invoke  # type: ignore[method-assign]
            _original_invoke = None


class _ScaledTime:
    """The `time` module, but `sleep` waits `factor` times as long."""

    def __init__(self, factor: float) -> None:
        self._factor = factor

    def sleep(self, seconds: float) -> None:
        """Sleep for the scaled duration."""
        time.sleep(seconds * self._factor)

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def scale_retry_waits(factor: float) -> None:
    """Make the Step Functions retrier wait `factor` × IntervalSeconds (1.0 = as on AWS)."""
    global _original_retrier_time  # noqa: PLW0603
    from moto.stepfunctions.parser.asl.component.common.retry import retrier_decl

    with _lock:
        if _original_retrier_time is None:
            _original_retrier_time = retrier_decl.time  # type: ignore[attr-defined]
        scaled = _ScaledTime(factor) if factor != 1.0 else _original_retrier_time
        retrier_decl.time = scaled  # type: ignore[attr-defined,assignment]


def restore_retry_waits() -> None:
    """Undo `scale_retry_waits`."""
    global _original_retrier_time  # noqa: PLW0603
    from moto.stepfunctions.parser.asl.component.common.retry import retrier_decl

    with _lock:
        if _original_retrier_time is not None:
            retrier_decl.time = _original_retrier_time  # type: ignore[attr-defined]
            _original_retrier_time = None


def serialize_dynamodb_writes() -> None:
    """Make each moto DynamoDB write atomic, condition check included, as DynamoDB's are."""
    from moto.dynamodb.models import DynamoDBBackend

    with _lock:
        if _original_writes:
            return
        for name in _WRITES:
            original = getattr(DynamoDBBackend, name)
            _original_writes[name] = original
            setattr(DynamoDBBackend, name, _one_at_a_time(original))


def restore_dynamodb_writes() -> None:
    """Undo `serialize_dynamodb_writes`."""
    from moto.dynamodb.models import DynamoDBBackend

    with _lock:
        for name, original in _original_writes.items():
            setattr(DynamoDBBackend, name, original)
        _original_writes.clear()


def _one_at_a_time(method: Callable[..., Any]) -> Callable[..., Any]:
    def locked(self: Any, *args: Any, **kwargs: Any) -> Any:
        with _write_lock:
            return method(self, *args, **kwargs)

    return locked


# --- RedriveExecution -------------------------------------------------------------------

_REDRIVABLE = ("FAILED", "TIMED_OUT", "ABORTED")


def install_redrive() -> None:
    """Give moto's Step Functions (its executing backend) a RedriveExecution action."""
    from moto.stepfunctions.responses import StepFunctionResponse

    with _lock:
        if not hasattr(StepFunctionResponse, "redrive_execution"):
            setattr(StepFunctionResponse, "redrive_execution", _redrive_response)  # noqa: B010


def uninstall_redrive() -> None:
    """Undo `install_redrive`."""
    from moto.stepfunctions.responses import StepFunctionResponse

    with _lock:
        if hasattr(StepFunctionResponse, "redrive_execution"):
            delattr(StepFunctionResponse, "redrive_execution")


def _redrive_response(response: Any) -> Any:
    from datetime import UTC, datetime

    from moto.core.responses import ActionResult

    _redrive(response.stepfunction_backend, response._get_param("executionArn"))
    return ActionResult({"redriveDate": datetime.now(UTC)})


def _redrive(backend: Any, arn: str) -> None:
    """Replace the failed execution with a new run of the same input under the same ARN."""
    from datetime import UTC, datetime

    from moto.core.exceptions import AWSError
    from moto.stepfunctions.parser.backend.execution import Execution

    class ExecutionNotRedrivable(AWSError):  # noqa: N818 - the AWS error code
        TYPE = "ExecutionNotRedrivable"
        STATUS = 400

    failed = backend.describe_execution(arn)
    if not isinstance(failed, Execution):
        raise ExecutionNotRedrivable("Redrive needs the executing Step Functions backend.")
    if failed.status not in _REDRIVABLE:
        raise ExecutionNotRedrivable(f"Execution {arn} is {failed.status}, not redrivable.")
    again = Execution(
        name=failed.name,
        sm_type=failed.sm_type,
        role_arn=failed.role_arn,
        exec_arn=arn,
        account_id=failed.account_id,
        region_name=failed.region_name,
        state_machine=failed.state_machine,
        start_date=datetime.now(UTC),
        cloud_watch_logging_session=None,
        activity_store={},
        input_data=failed.execution_input,
        trace_header=failed.trace_header,
    )
    executions = backend._get_state_machine_for_execution(arn).executions
    executions[executions.index(failed)] = again
    again.start()
