"""LocalCloud: moto provisioned from infra/template.yaml, running our handlers in-process.

Two modes share everything but the transport:
- `start()`: decorator mode (`mock_aws`), for pytest; no sockets;
- `start_server()`: moto's HTTP server plus the Chalice API and each function URL on
  localhost ports, for the demo, the web page and curl.

What AWS does after an API call has answered (EventBridge deliveries, `Event`
invocations, execution status events) runs on background threads; `drain_events`
waits for it.
"""

from __future__ import annotations

import logging
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import boto3
from botocore.exceptions import ClientError

from infra.localcloud import moto_patches, snapshots
from infra.localcloud.apikeys import install_get_usage_route, uninstall_get_usage_route
from infra.localcloud.deployment import Deployment
from infra.localcloud.environment import EnvironmentPatch, merge_environments, reset_cold_start
from infra.localcloud.event_bus import EventBusDelivery
from infra.localcloud.function_urls import (
    FunctionUrlResponse,
    FunctionUrlServer,
    function_url_event,
    http_response,
)
from infra.localcloud.provision import provision
from infra.localcloud.runtime import (
    FunctionRuntime,
    Handler,
    HandlerError,
    Invocation,
    InvocationResult,
)
from infra.localcloud.server import MOTO_CONFIG, ApiServer, MotoServer
from infra.localcloud.status_events import StatusEventDelivery, scheduled_event
from infra.localcloud.template import load_sam_template, transform_template

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from types import TracebackType

    from moto.core.config import DefaultConfig

    from infra.localcloud.deployment import FunctionUrlDeployment

logger = logging.getLogger(__name__)
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_STACK = "contract-check-local"
# The local cloud has one development user (a deployed stack keeps AuthMode=jwt), and its
# handlers share the terminal with the demo: warnings and errors only, unless asked.
DEFAULT_PARAMETERS = {"Stage": "local", "AuthMode": "dev", "LogLevel": "WARNING"}
# Account mail goes to moto's SES (printed by `local up`); the demo and the web page upload
# without confirming an address, so confirmation is not required here. Given only to a
# template that declares them (tests provision smaller ones).
MAIL_PARAMETERS = {
    "MailFromAddress": "no-reply@contract-check.local",
    "EmailVerificationRequired": "false",
}
LOCAL_POWERTOOLS = {"POWERTOOLS_METRICS_DISABLED": "true", "POWERTOOLS_TRACE_DISABLED": "true"}
# moto's state machine interpreter logs every error a state raises as an ERROR with the whole
# state's definition, even one its Catch handles as planned (a review's wait timing out when
# the demo stops): pages of it in the demo's terminal. The run's history keeps each error.
INTERPRETER_LOGGER = "moto.stepfunctions.parser.asl.component"
# How long a stopping cloud waits for its stopped runs' threads (a handler in flight ends
# first: moto stops a run between its states).
_RUN_STOP_SECONDS = 10.0
# moto's execution worker sets up its state on its own thread: a run stopped the instant
# it started has none yet (an AttributeError inside moto), and is asked again shortly.
_STOP_TRIES = 20
_STOP_RETRY_SECONDS = 0.05
FAKE_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
}


class LocalCloud:
    """The template's resources on moto, with the project's handlers behind every function."""

    def __init__(
        self,
        project_root: Path = PROJECT_ROOT,
        *,
        template: Path | None = None,
        stack_name: str = DEFAULT_STACK,
        region: str = "us-east-1",
        parameters: Mapping[str, str] | None = None,
        env_overrides: Mapping[str, str] | None = None,
        handlers: Mapping[str, Handler | str] | None = None,
        retry_wait_factor: float = 1.0,
        watch_status_events: bool = False,
    ) -> None:
        self.project_root = project_root
        self.template_path = template or project_root / "infra" / "template.yaml"
        self.stack_name = stack_name
        self.region = region
        self.parameters = {**DEFAULT_PARAMETERS, **(parameters or {})}
        # The tokens' HS256 secret: one per cloud, so every handler and a reset of the
        # wiring (the `review` command's) agree on it, and no fixed secret is ever shipped.
        # CONTRACT_CHECK_LOCAL_CLOUD: the marker AUTH_MODE=dev needs, set here and nowhere
        # else (not in the template), so a deployed function can never run in dev mode.
        self.env_overrides = {
            "AUTH_TOKEN_SECRET": secrets.token_urlsafe(48),
            "CONTRACT_CHECK_LOCAL_CLOUD": "1",
        }
        # The handlers share the terminal: the same metrics code runs, but Powertools prints
        # no EMF line; and no X-Ray daemon listens here. A test may turn metrics back on.
        self.env_overrides.update(LOCAL_POWERTOOLS)
        self.env_overrides.update(env_overrides or {})
        self._handler_overrides = dict(handlers or {})
        self.retry_wait_factor = retry_wait_factor
        self._watch = watch_status_events
        self._env = EnvironmentPatch()
        self._mock: Any = None
        self._moto_server: MotoServer | None = None
        self._api_server: ApiServer | None = None
        self._runtime: FunctionRuntime | None = None
        self._events: StatusEventDelivery | None = None
        self._url_servers: dict[str, FunctionUrlServer] = {}  # by function logical id
        self._patched = False  # only the cloud that patched moto may unpatch it
        self.endpoint_url: str | None = None
        self.api_url: str | None = None

    # --- lifecycle ---------------------------------------------------------

    def start(self) -> LocalCloud:
        """Decorator mode: moto's in-process mocks (no sockets), provisioned and intercepted."""
        from moto import mock_aws

        self._refuse_a_second_cloud()
        self._env.apply({**FAKE_CREDENTIALS, **self._region_env()})
        self._mock = mock_aws(config=cast("DefaultConfig", MOTO_CONFIG))
        self._mock.start()
        self._bring_up()
        return self

    def start_server(
        self,
        port: int = 0,
        api_port: int | None = 0,
        host: str = "127.0.0.1",
        *,
        access_log: bool = True,
        function_url_ports: Mapping[str, int] | None = None,
    ) -> LocalCloud:
        """Server mode: moto on `port`, the HTTP API on `api_port` (None: no API); 0 = any.

        Each function URL is served on its own port too: `function_url_ports` by
        function logical id, any free port otherwise; `function_url(id)` tells which.
        """
        self._refuse_a_second_cloud()
        self._env.apply({**FAKE_CREDENTIALS, **self._region_env()})
        # Before moto's server compiles its routes: it would never see the added GetUsage.
        install_get_usage_route()
        self._moto_server = MotoServer(host, port)
        try:
            self.endpoint_url = self._moto_server.start()
            # MOTO_PORT: moto's Step Functions engine calls Lambda at localhost:$MOTO_PORT.
            self._env.apply(
                {"AWS_ENDPOINT_URL": self.endpoint_url, "MOTO_PORT": str(self._moto_server.port)}
            )
            self._bring_up()
            self._serve_function_urls(host, function_url_ports or {})
            if api_port is not None:
                self._api_server = ApiServer(self.project_root, host, api_port, access_log)
                self.api_url = self._api_server.start()
        except BaseException:
            self.stop()
            raise
        return self

    def _end_runs(self) -> None:
        """Stop this cloud's running executions and wait for their threads to end.

        A run left going would call the next cloud's handlers: the next cloud in the process
        patches the same invocation path, and a snapshot gives it the same function names,
        so a leftover Prescreen would look for its document in the next cloud's tables.
        """
        if self._runtime is None or not (self._mock or self._moto_server):
            return
        sfn = self.client("stepfunctions")
        stopped = 0
        for arn in self._runtime.deployment.state_machines.values():
            try:
                pages = sfn.get_paginator("list_executions").paginate(
                    stateMachineArn=arn, statusFilter="RUNNING"
                )
                for page in pages:
                    for execution in page["executions"]:
                        stopped += _stop_run(sfn, execution["executionArn"])
            except ClientError as exc:
                logger.warning("could not stop the runs of %s: %s", arn, exc)
        if stopped and not moto_patches.join_execution_threads(timeout=_RUN_STOP_SECONDS):
            logger.warning("runs still going %.0f s after the cloud stopped", _RUN_STOP_SECONDS)

    def stop(self) -> None:
        """Tear everything down and give the process its environment and moto back."""
        try:
            if self._events is not None:
                self._events.stop_watching()
            for server in self._url_servers.values():
                server.stop()
            self._url_servers.clear()
            if self._api_server is not None:
                self._api_server.stop()
                self._api_server = None
            if self._runtime is not None:
                # Before moto goes: running handlers still call it.
                self._end_runs()
                self._runtime.background.close(timeout=5.0)
        finally:
            # whatever failed above, the process gets moto and its environment back: a
            # cloud left patched in refuses every later cloud of the process
            self._restore_process()

    def _restore_process(self) -> None:
        """moto's patches, its server or mock, and the environment, as before `start`."""
        if self._patched:
            moto_patches.uninstall_event_delivery()
            moto_patches.uninstall_async_invoke()
            moto_patches.uninstall_invoke_interceptor()
            moto_patches.restore_retry_waits()
            moto_patches.restore_dynamodb_writes()
            moto_patches.uninstall_redrive()
            moto_patches.uninstall_stop_wakes_waiting_tasks()
            moto_patches.uninstall_lambda_error_names()
            self._patched = False
        if self._moto_server is not None:
            self._moto_server.stop()
            self._moto_server = None
            uninstall_get_usage_route()
        if self._mock is not None:
            self._mock.stop()
            self._mock = None
        self._env.restore()
        reset_cold_start()

    def __enter__(self) -> LocalCloud:
        if self._runtime is None and self._moto_server is None:
            self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @staticmethod
    def _refuse_a_second_cloud() -> None:
        # moto's backends and the Lambda patch are process-wide: two clouds would share them.
        if moto_patches.interceptor_installed():
            raise RuntimeError("a local cloud is already running in this process")

    def _region_env(self) -> dict[str, str]:
        return {"AWS_DEFAULT_REGION": self.region, "AWS_REGION": self.region}

    def _bring_up(self) -> None:
        logging.getLogger(INTERPRETER_LOGGER).setLevel(logging.CRITICAL)
        moto_patches.remember_valid_definitions()
        try:
            if str(self.project_root) not in sys.path:
                sys.path.insert(0, str(self.project_root))  # handlers import as the project does
            deployment = self._provision()
            self._runtime = FunctionRuntime(deployment)
            for logical_id, handler in self._handler_overrides.items():
                self._runtime.register_handler(logical_id, handler)
            moto_patches.install_invoke_interceptor(self._runtime.intercept)
            self._patched = True
            moto_patches.install_async_invoke(self._runtime.intercept_event_invocation)
            moto_patches.install_event_delivery(
                EventBusDelivery(deployment, self._runtime.submit_async).deliver
            )
            moto_patches.scale_retry_waits(self.retry_wait_factor)
            moto_patches.serialize_dynamodb_writes()
            moto_patches.install_lambda_error_names()
            moto_patches.install_redrive()
            moto_patches.install_stop_wakes_waiting_tasks()
            self._events = StatusEventDelivery(
                deployment,
                lambda: self.client("stepfunctions"),
                self._runtime.submit_async,
                busy=self._runtime.background.busy,
            )
            if self._watch or self._moto_server is not None:
                self._events.start_watching()
        except BaseException:
            self.stop()
            raise

    def _serve_function_urls(self, host: str, ports: Mapping[str, int]) -> None:
        unknown = set(ports) - set(self.deployment.function_urls)
        if unknown:
            raise KeyError(f"no function URL for {sorted(unknown)}")
        for logical_id, config in self.deployment.function_urls.items():
            server = FunctionUrlServer(
                config,
                self._url_invoker(logical_id),
                host,
                ports.get(logical_id, 0),
                account_id=self._url_account(config),
            )
            self._url_servers[logical_id] = server
            server.start()

    def _url_invoker(self, logical_id: str) -> Callable[[dict[str, Any]], InvocationResult]:
        runtime = self.runtime
        return lambda event: runtime.run(logical_id, event)

    def _url_account(self, config: FunctionUrlDeployment) -> str:
        # AWS gives a URL without auth "anonymous" as the caller's account.
        return "anonymous" if config.auth_type == "NONE" else self.deployment.account_id

    def _provision(self) -> Deployment:
        account = self.client("sts").get_caller_identity()["Account"]
        sam = load_sam_template(self.template_path)
        declared = sam.get("Parameters", {})
        mail = {name: value for name, value in MAIL_PARAMETERS.items() if name in declared}
        self.parameters = {**mail, **self.parameters}
        cfn = transform_template(sam, self.project_root, self.region, self.parameters)
        # A moto server names what it makes after its own address: made for real each time.
        make = provision if self._moto_server is not None else snapshots.provisioned
        deployment = make(cfn, Deployment(self.stack_name, self.region, account), self.parameters)
        deployment.environment = merge_environments(
            deployment.functions.values(), self.env_overrides
        )
        self._env.apply(deployment.environment)
        reset_cold_start()
        return deployment

    # --- what tests and the demo use ---------------------------------------

    @property
    def runtime(self) -> FunctionRuntime:
        """The in-process function runtime (raises before start)."""
        if self._runtime is None:
            raise RuntimeError("the local cloud is not running: call start() or start_server()")
        return self._runtime

    @property
    def deployment(self) -> Deployment:
        """Physical names of everything created, by logical id."""
        return self.runtime.deployment

    @property
    def errors(self) -> list[HandlerError]:
        """Every exception any handler raised, in order (moto swallows S3-event errors)."""
        return self.runtime.errors

    @property
    def throttles(self) -> list[str]:
        """The logical id of the function of every synchronous call refused (429) so far."""
        return self.runtime.throttles

    @property
    def delivery_failures(self) -> list[BaseException]:
        """Failures of asynchronous delivery itself (not handlers'): e.g. an unsupported
        on-failure destination. Logged too; a test may assert there were none."""
        return self.runtime.background.failures

    @property
    def invocations(self) -> list[Invocation]:
        """Every handler run, in order: which function, its request id, errored, duration."""
        return self.runtime.invocations

    def client(self, service: str) -> Any:
        """A boto3 client pointed at this local cloud."""
        return boto3.client(service, region_name=self.region)  # type: ignore[call-overload]

    def register_handler(self, logical_id: str, handler: Handler | str) -> None:
        """Run `handler` (callable or "module:attr") for a function instead of its own."""
        self.runtime.register_handler(logical_id, handler)

    def invoke(self, logical_id: str, event: Any) -> InvocationResult:
        """Invoke a function synchronously through moto's Lambda Invoke API."""
        import json

        response = self.client("lambda").invoke(
            FunctionName=self.deployment.functions[logical_id].name,
            Payload=json.dumps(event).encode(),
        )
        payload = json.loads(response["Payload"].read() or b"null")
        request_id = response["ResponseMetadata"].get("RequestId", "")
        return InvocationResult(payload, "FunctionError" in response, request_id)

    def invoke_async(self, logical_id: str, event: Any) -> None:
        """Invoke a function with InvocationType Event (202 at once); `drain_events` awaits it."""
        import json

        response = self.client("lambda").invoke(
            FunctionName=self.deployment.functions[logical_id].name,
            InvocationType="Event",
            Payload=json.dumps(event).encode(),
        )
        if response["StatusCode"] != 202:
            raise RuntimeError(f"async invoke of {logical_id} answered {response['StatusCode']}")

    def execution_arn(self, name: str, state_machine: str | None = None) -> str:
        """The ARN of an execution of a state machine (by logical id; the only one by default)."""
        machines = self.deployment.state_machines
        if state_machine is None and "DocumentPipeline" in machines:
            state_machine = "DocumentPipeline"  # the document pipeline unless another is named
        if state_machine is None and len(machines) != 1:
            raise ValueError(f"name the state machine: {sorted(machines)}")
        arn = machines[state_machine] if state_machine else next(iter(machines.values()))
        return f"{arn.replace(':stateMachine:', ':execution:')}:{name}"

    def wait_for_execution(
        self, arn_or_name: str, timeout: float = 60.0, *, deliver_events: bool = True
    ) -> dict[str, Any]:
        """Wait until an execution leaves RUNNING; its DescribeExecution output.

        Then deliver its status events (On Run Failed runs before this returns).
        An execution that does not exist yet is waited for too.
        """
        arn = arn_or_name if arn_or_name.startswith("arn:") else self.execution_arn(arn_or_name)
        sfn = self.client("stepfunctions")
        deadline = time.monotonic() + timeout
        last = "not started"
        while time.monotonic() < deadline:
            try:
                execution: dict[str, Any] = sfn.describe_execution(executionArn=arn)
            except sfn.exceptions.ExecutionDoesNotExist:
                execution = {"status": "not started"}
            last = execution["status"]
            if last not in ("RUNNING", "not started"):
                if deliver_events:
                    left = max(1.0, deadline - time.monotonic())
                    self.deliver_status_events(timeout=left)
                    # Also those the background watcher delivered: its targets may still run.
                    self._status_events().wait_for_deliveries(arn, timeout=left)
                return execution
            time.sleep(0.02)
        raise TimeoutError(f"execution {arn} is still {last} after {timeout} s")

    def _status_events(self) -> StatusEventDelivery:
        if self._events is None:
            raise RuntimeError("the local cloud is not running")
        return self._events

    def deliver_status_events(self, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Deliver pending execution status changes to the rules' targets; the events that matched.

        The targets run asynchronously, as EventBridge runs them; this waits for them.
        """
        events = self._status_events().deliver_pending()
        for execution_arn in {event["detail"]["executionArn"] for event in events}:
            self._status_events().wait_for_deliveries(execution_arn, timeout)
        return events

    def drain_events(self, timeout: float = 30.0) -> None:
        """Wait until every asynchronous delivery has finished; TimeoutError if one has not.

        Covers what AWS runs after the API call answered: events put on a bus
        (PutEvents) reaching their rules' Lambda targets, `InvocationType: Event`
        invocations, and status events already delivered, with their retries and
        on-failure destinations, and whatever those runs start in turn. Execution
        status changes are found by `wait_for_execution`/`deliver_status_events`
        (or the watcher in server mode), not by this.
        """
        self.runtime.background.drain(timeout)

    # --- function URLs -----------------------------------------------------

    def _function_url_config(self, logical_id: str) -> FunctionUrlDeployment:
        urls = self.deployment.function_urls
        if logical_id in urls:
            return urls[logical_id]
        # The AWS::Lambda::Url resource's own logical id names it as well.
        found = next((url for url in urls.values() if url.logical_id == logical_id), None)
        if found is None:
            raise KeyError(f"no function URL for {logical_id}: {sorted(urls)}")
        return found

    def function_url(self, logical_id: str) -> str:
        """Where server mode serves a function's URL: `http://127.0.0.1:PORT/`."""
        config = self._function_url_config(logical_id)
        server = self._url_servers.get(config.function_logical_id)
        if server is None:
            raise RuntimeError(
                "function URLs are served in server mode only (start_server); "
                "in decorator mode use call_function_url or function_url_event"
            )
        return server.url

    def function_url_event(
        self,
        logical_id: str,
        method: str = "GET",
        path: str = "/",
        *,
        headers: Mapping[str, str] | None = None,
        body: bytes | str | None = None,
    ) -> dict[str, Any]:
        """The event a request to this function's URL gives it (for `invoke`)."""
        config = self._function_url_config(logical_id)
        return function_url_event(
            method,
            path,
            headers=headers,
            body=body,
            domain_name=config.domain_name,
            account_id=self._url_account(config),
        )

    def call_function_url(
        self,
        logical_id: str,
        method: str = "GET",
        path: str = "/",
        *,
        headers: Mapping[str, str] | None = None,
        body: bytes | str | None = None,
    ) -> FunctionUrlResponse:
        """A request to a function's URL, without a socket: what the client would receive.

        The same translation as the URL server's, in either mode.
        """
        config = self._function_url_config(logical_id)
        event = self.function_url_event(logical_id, method, path, headers=headers, body=body)
        return http_response(self.runtime.run(config.function_logical_id, event))

    def run_schedule(self, logical_id: str) -> InvocationResult:
        """Fire a scheduled rule's target once (by function or rule logical id), synchronously."""
        d = self.deployment
        for rule in d.rules.values():
            if rule.schedule and logical_id in (rule.logical_id, *rule.target_function_ids):
                target = logical_id if logical_id in d.functions else rule.target_function_ids[0]
                event = scheduled_event(rule.arn, d.region, d.account_id)
                return self.runtime.run(target, event)
        raise KeyError(f"no scheduled rule targets {logical_id}")


def _stop_run(sfn: Any, execution_arn: str) -> int:
    """Stop one run (1), or log that moto would not let it be stopped (0)."""
    for _ in range(_STOP_TRIES):
        try:
            sfn.stop_execution(
                executionArn=execution_arn,
                error="LocalCloudStopped",
                cause="the local cloud was stopped with this run going",
            )
        except AttributeError:  # moto's worker has not set up its state yet
            time.sleep(_STOP_RETRY_SECONDS)
        else:
            return 1
    logger.warning("could not stop run %s: it never got going in moto", execution_arn)
    return 0
