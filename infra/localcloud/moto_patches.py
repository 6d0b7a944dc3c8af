"""Every touch of moto internals lives here, so a moto upgrade has one place to check.

Nine patches, verified with moto 5.2.5 (see shared notes/local-cloud.md):
- `LambdaFunction._invoke_lambda` is the one path every Lambda invocation takes
  (Invoke API, Step Functions tasks, S3 notifications); we run the project's
  handler in-process instead of a Docker container;
- `LambdaFunction.invoke` runs even an `InvocationType: Event` call synchronously
  (and a `DryRun` for real); `install_async_invoke` answers 202 at once and hands
  the event to a background run, and a DryRun runs nothing, as on AWS;
- `EventsBackend.put_events` raises NotImplementedError when a matching rule has a
  Lambda target; `install_event_delivery` keeps Lambda targets away from moto's own
  delivery (SQS and log-group targets still get theirs) and hands each matching
  Lambda target its event, to be invoked asynchronously;
- the Step Functions retrier sleeps with `time.sleep`; tests scale it down;
- moto's DynamoDB checks a write's condition and then writes, with no lock between:
  two threads can both pass `attribute_not_exists` and both write (seen with the
  LLM call semaphore under 20 parallel executions). DynamoDB makes each conditional
  write atomic, so the local cloud runs moto's writes one at a time;
- a Lambda task whose Invoke is refused (a ClientError) fails in moto's Step Functions
  with the error name "Exception"; AWS names it after the Lambda error
  (`Lambda.TooManyRequestsException` when throttled), which is what our retriers match,
  so `install_lambda_error_names` names it so too; `lambda_throttled` is the 429 the
  local cloud answers a synchronous call over reserved concurrency with;
- moto has no RedriveExecution: `install_redrive` runs a failed execution again under
  its own ARN. AWS resumes from the failed state; this starts from the first, which for
  our pipeline's idempotent steps ends the same way (it is what the console's "New
  execution" with the same input would do, without a new name);
- moto's StopExecution marks the run stopped but leaves a task waiting for its token
  waiting until the task's timeout (a week for our reviews), its threads with it; on AWS
  the stop ends the run at once. `install_stop_wakes_waiting_tasks` wakes them;
- `StepFunctionsParserBackend._validate_definition` parses the ASL at every
  CreateStateMachine; `remember_valid_definitions` parses each distinct text once.
"""

from __future__ import annotations

import copy
import json
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from infra.localcloud.event_bus import event_envelope, is_lambda_arn
from infra.localcloud.status_events import matches_pattern

InvokeRunner = Callable[[Any, Any], tuple[str, bool, str]]
# Given moto's function and the event of an `Event` invocation, start it; False: not ours.
AsyncInvokeRunner = Callable[[Any, Any], bool]
# Given a Lambda target's ARN and what it receives, invoke it asynchronously.
LambdaTargetDelivery = Callable[[str, Any], None]

_lock = threading.Lock()
_original_invoke: Any = None
_original_retrier_time: Any = None
_original_function_invoke: Any = None
_original_put_events: Any = None
_original_send_to_targets: Any = None
_original_lambda_from_error: Any = None
_original_request: Any = None
_REQUEST = "call_action"  # moto's DynamoDB request handler: the whole of one request
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


def join_execution_threads(timeout: float) -> bool:
    """Wait (up to `timeout` in all) for moto's Step Functions threads; True when none is left.

    moto never prunes its list of them; finished ones are dropped here.
    """
    from moto.stepfunctions.parser.utils import TMP_THREADS

    deadline = time.monotonic() + timeout
    for thread in list(TMP_THREADS):
        thread.join(max(0.0, deadline - time.monotonic()))
    TMP_THREADS[:] = [thread for thread in TMP_THREADS if thread.is_alive()]
    return not TMP_THREADS


_original_worker_stop: Any = None
_original_set_error: Any = None


def install_stop_wakes_waiting_tasks() -> None:
    """Make StopExecution end a run that waits for a task token, as on AWS.

    moto sets the run's state to stopped and returns; the task's thread sleeps on in its
    wait for the token. Each wait of the run is woken here (as moto does itself once a
    task's outcome is in). The woken task reads no outcome as a timeout, whose failure
    would overwrite the stop (its Catch cannot go on: the run is no longer running), so a
    stopped run's state stays stopped: the run ends ABORTED, no state after the task run.
    Its history shows a TaskTimedOut before ExecutionAborted, which AWS's would not.
    """
    from moto.stepfunctions.parser.asl.eval.environment import Environment
    from moto.stepfunctions.parser.asl.eval.program_state import ProgramStopped
    from moto.stepfunctions.parser.backend.execution_worker import ExecutionWorker

    global _original_worker_stop, _original_set_error  # noqa: PLW0603
    with _lock:
        if _original_worker_stop is not None:
            return
        _original_worker_stop = stop = ExecutionWorker.stop
        _original_set_error = set_error = Environment.set_error

        def stop_and_wake(self: Any, stop_date: Any, error: str | None, cause: str | None) -> None:
            stop(self, stop_date=stop_date, error=error, cause=cause)
            for endpoint in list(self.env.callback_pool_manager._pool.values()):
                endpoint.interrupt_all()

        def set_error_unless_stopped(self: Any, error: Any) -> None:
            if not isinstance(self._program_state, ProgramStopped):
                set_error(self, error=error)

        ExecutionWorker.stop = stop_and_wake  # type: ignore[method-assign]
        Environment.set_error = set_error_unless_stopped  # type: ignore[method-assign]


def uninstall_stop_wakes_waiting_tasks() -> None:
    """Undo `install_stop_wakes_waiting_tasks`."""
    from moto.stepfunctions.parser.asl.eval.environment import Environment
    from moto.stepfunctions.parser.backend.execution_worker import ExecutionWorker

    global _original_worker_stop, _original_set_error  # noqa: PLW0603
    with _lock:
        if _original_worker_stop is not None:
            ExecutionWorker.stop = _original_worker_stop  # type: ignore[method-assign]
            Environment.set_error = _original_set_error  # type: ignore[method-assign]
            _original_worker_stop = _original_set_error = None


def serialize_dynamodb_writes() -> None:
    """Make each moto DynamoDB request atomic, as DynamoDB's are: a write with its condition
    check (a transaction's rollback included), and a read too, since moto answers one by
    walking the stored item's dicts, which a write on another thread changes in place
    ("dictionary changed size during iteration"). One lock around moto's request handler
    covers both modes (in-process and server) and every operation."""
    from moto.dynamodb.responses import DynamoHandler

    global _original_request  # noqa: PLW0603
    with _lock:
        if _original_request is not None:
            return
        _original_request = DynamoHandler.call_action
        setattr(DynamoHandler, _REQUEST, _one_at_a_time(_original_request))


def restore_dynamodb_writes() -> None:
    """Undo `serialize_dynamodb_writes`."""
    from moto.dynamodb.responses import DynamoHandler

    global _original_request  # noqa: PLW0603
    with _lock:
        if _original_request is not None:
            setattr(DynamoHandler, _REQUEST, _original_request)
            _original_request = None


def _one_at_a_time(method: Callable[..., Any]) -> Callable[..., Any]:
    def locked(self: Any, *args: Any, **kwargs: Any) -> Any:
        with _write_lock:
            return method(self, *args, **kwargs)

    return locked


# --- the check of a state machine's definition ------------------------------------------

_checked_definitions: set[str] = set()
# The random tail CloudFormation gives a generated name ("...-AnalyzeFunction-DS0HCY6O2OTF"):
# each local cloud names its functions anew, and a name is no part of what the check reads.
_GENERATED_TAIL = re.compile(r"-[A-Za-z0-9]{12}(?=[\"/:.]|$)")


def _unnamed(definition: str) -> str:
    return _GENERATED_TAIL.sub("-*", definition)


_original_validate_definition: Any = None


def remember_valid_definitions() -> None:
    """Check each distinct ASL definition once per process, not at every CreateStateMachine.

    moto validates a definition by parsing it with its ANTLR grammar, about half a second
    for the pipeline's; tests start a local cloud hundreds of times with the same two. The
    check is a pure function of the text, so a text that passed passes again; one that
    failed is checked (and refused) every time. The generated names in the text (each
    cloud's functions are named anew) are left out of what is remembered: a name is a
    string to the grammar. Left installed: nothing else changes.
    """
    from moto.stepfunctions.parser.models import StepFunctionsParserBackend

    global _original_validate_definition  # noqa: PLW0603
    with _lock:
        if _original_validate_definition is not None:
            return
        _original_validate_definition = StepFunctionsParserBackend._validate_definition
        original = _original_validate_definition

        def validate_once(definition: str) -> None:
            key = _unnamed(definition)
            if key in _checked_definitions:
                return
            original(definition=definition)
            _checked_definitions.add(key)

        StepFunctionsParserBackend._validate_definition = staticmethod(validate_once)  # type: ignore[method-assign]


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


# --- asynchronous invocation (InvocationType: Event) ---------------------------------------


def _invocation_type(headers: Any) -> str:
    # botocore's and werkzeug's headers are case-insensitive; moto's own callers pass {}.
    if not headers:
        return "RequestResponse"
    for name, value in headers.items():
        if str(name).lower() == "x-amz-invocation-type":
            return str(value)
    return "RequestResponse"


def install_async_invoke(runner: AsyncInvokeRunner) -> None:
    """Answer `Event` invocations at once and start them with `runner(moto_function, event)`."""
    global _original_function_invoke  # noqa: PLW0603
    from moto.awslambda.models import LambdaFunction

    with _lock:
        if _original_function_invoke is not None:
            return
        original = LambdaFunction.invoke
        _original_function_invoke = original

        def invoke(self: Any, body: Any, request_headers: Any, response_headers: Any) -> Any:
            kind = _invocation_type(request_headers)
            if kind == "DryRun":
                return b""  # AWS checks the call may be made and runs nothing: 204
            if kind == "Event":
                event = json.loads(body) if body else {}
                if runner(self, event):
                    # moto's response answers 202 for Event; Lambda's body is empty.
                    return b""
            return original(self, body, request_headers, response_headers)

        LambdaFunction.invoke = invoke  # type: ignore[method-assign]


def uninstall_async_invoke() -> None:
    """Undo `install_async_invoke`."""
    global _original_function_invoke  # noqa: PLW0603
    from moto.awslambda.models import LambdaFunction

    with _lock:
        if _original_function_invoke is not None:
            LambdaFunction.invoke = _original_function_invoke  # type: ignore[method-assign]
            _original_function_invoke = None


# --- EventBridge: Lambda targets ---------------------------------------------------------


def _json_path(path: str, event: Any) -> Any:
    # InputPath as EventBridge's simple paths use it: `$`, `$.detail`, `$.detail.chat.id`.
    if path in ("", "$"):
        return event
    if not path.startswith("$."):
        raise NotImplementedError(f"InputPath {path} is not supported locally")
    value = event
    for part in path[2:].split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def target_input(target: dict[str, Any], event: dict[str, Any]) -> Any:
    """What a target receives for an event: the event, or its Input/InputPath/InputTransformer."""
    if "Input" in target:
        return json.loads(target["Input"])
    if "InputPath" in target:
        return _json_path(target["InputPath"], event)
    if "InputTransformer" in target:
        from moto.events.utils import EventTemplateParser

        transformer = target["InputTransformer"]
        return EventTemplateParser.parse(
            input_template=transformer.get("InputTemplate"),
            input_paths_map=transformer.get("InputPathsMap", {}),
            event={**event, "ingestion-time": time.time()},  # type: ignore[typeddict-item]
        )
    return event


def _deliver_to_lambda_targets(
    backend: Any, entry: dict[str, Any], event_id: str, deliver: LambdaTargetDelivery
) -> None:
    bus = backend.describe_event_bus(backend._normalize_event_bus_arn(entry.get("EventBusName")))
    event = event_envelope(event_id, entry, backend.account_id, backend.region_name)
    for rule in list(bus.rules.values()):
        pattern = rule.event_pattern.get_pattern()
        # A rule without a pattern is a schedule: moto would match it to every event.
        if rule.state != "ENABLED" or not pattern or not matches_pattern(pattern, event):
            continue
        for target in rule.targets:
            if is_lambda_arn(target["Arn"]):
                deliver(target["Arn"], target_input(target, event))


def install_event_delivery(deliver: LambdaTargetDelivery) -> None:
    """Deliver PutEvents entries to the Lambda targets of the rules they match, via `deliver`."""
    global _original_put_events, _original_send_to_targets
    from moto.events.models import EventsBackend, Rule

    with _lock:
        if _original_put_events is not None:
            return
        put_events = EventsBackend.put_events
        send_to_targets = Rule.send_to_targets
        _original_put_events, _original_send_to_targets = put_events, send_to_targets

        def put_events_and_deliver(self: Any, events: list[dict[str, Any]]) -> Any:
            entries = put_events(self, events)
            # One result per entry, in order; an entry moto refused has no EventId.
            for entry, result in zip(events, entries, strict=True):
                if "EventId" in result:
                    _deliver_to_lambda_targets(self, entry, result["EventId"], deliver)
            return entries

        def send_to_other_targets(self: Any, *args: Any, **kwargs: Any) -> Any:
            if not any(is_lambda_arn(t["Arn"]) for t in self.targets):
                return send_to_targets(self, *args, **kwargs)
            # A copy, not the rule: another thread may be reading its targets.
            others = copy.copy(self)
            others.targets = [t for t in self.targets if not is_lambda_arn(t["Arn"])]
            return send_to_targets(others, *args, **kwargs)

        EventsBackend.put_events = put_events_and_deliver  # type: ignore[method-assign]
        Rule.send_to_targets = send_to_other_targets  # type: ignore[method-assign]


def uninstall_event_delivery() -> None:
    """Undo `install_event_delivery`."""
    global _original_put_events, _original_send_to_targets  # noqa: PLW0603
    from moto.events.models import EventsBackend, Rule

    with _lock:
        if _original_put_events is not None:
            EventsBackend.put_events = _original_put_events  # type: ignore[method-assign]
            Rule.send_to_targets = _original_send_to_targets  # type: ignore[method-assign]
            _original_put_events = _original_send_to_targets = None


def lambda_throttled() -> Exception:
    """Lambda's answer to an Invoke over the function's reserved concurrency (429)."""
    from moto.awslambda.exceptions import LambdaClientError

    error = LambdaClientError("TooManyRequestsException", "Rate Exceeded.")
    error.code = 429
    error.description = json.dumps(
        {
            "__type": "TooManyRequestsException",
            "message": "Rate Exceeded.",
            "Reason": "ReservedFunctionConcurrentInvocationLimitExceeded",
            "Type": "User",
        }
    )
    return error


def install_lambda_error_names() -> None:
    """A Lambda task refused by Lambda fails as `Lambda.<error code>`, as on AWS."""
    global _original_lambda_from_error  # noqa: PLW0603
    from botocore.exceptions import ClientError
    from moto.stepfunctions.parser.api import (
        HistoryEventType,
        LambdaFunctionFailedEventDetails,
    )
    from moto.stepfunctions.parser.asl.component.common.error_name.custom_error_name import (
        CustomErrorName,
    )
    from moto.stepfunctions.parser.asl.component.common.error_name.failure_event import (
        FailureEvent,
    )
    from moto.stepfunctions.parser.asl.component.state.exec.state_task.state_task_lambda import (
        StateTaskLambda,
    )
    from moto.stepfunctions.parser.asl.eval.event.event_detail import EventDetails

    with _lock:
        if _original_lambda_from_error is not None:
            return
        original = _original_lambda_from_error = StateTaskLambda._from_error

        def _from_error(self: Any, env: Any, ex: Exception) -> Any:
            if not isinstance(ex, ClientError):
                return original(self, env, ex)
            error = f"Lambda.{ex.response['Error']['Code']}"
            return FailureEvent(
                env=env,
                error_name=CustomErrorName(error),
                event_type=HistoryEventType.LambdaFunctionFailed,
                event_details=EventDetails(  # type: ignore[typeddict-item]  # moto's are optional
                    lambdaFunctionFailedEventDetails=LambdaFunctionFailedEventDetails(
                        error=error, cause=ex.response["Error"].get("Message", "")
                    )
                ),
            )

        StateTaskLambda._from_error = _from_error  # type: ignore[method-assign]


def uninstall_lambda_error_names() -> None:
    """Undo `install_lambda_error_names`."""
    global _original_lambda_from_error  # noqa: PLW0603
    from moto.stepfunctions.parser.asl.component.state.exec.state_task.state_task_lambda import (
        StateTaskLambda,
    )

    with _lock:
        if _original_lambda_from_error is not None:
            StateTaskLambda._from_error = _original_lambda_from_error  # type: ignore[method-assign]
            _original_lambda_from_error = None
