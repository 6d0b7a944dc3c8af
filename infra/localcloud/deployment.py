"""What the local cloud created from the template: physical names by logical id."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class FunctionDeployment:
    """One Lambda function as deployed locally, with what the interceptor needs to run it."""

    logical_id: str
    name: str
    arn: str
    handler: str
    code_uri: str
    environment: dict[str, str]
    timeout: int
    memory_size: int
    max_retry_attempts: int | None = None  # async invocations, from EventInvokeConfig
    on_failure_arn: str | None = None  # the async on-failure destination
    reserved_concurrency: int | None = None  # ReservedConcurrentExecutions: caps async runs


@dataclass(frozen=True)
class RuleDeployment:
    """An EventBridge rule: moto keeps it, but cannot deliver to Lambda, so we do."""

    logical_id: str
    name: str
    arn: str
    event_pattern: dict[str, Any] | None
    schedule: str | None
    target_function_ids: tuple[str, ...]
    event_bus_name: str = "default"  # the bus the rule listens on (a name, never an ARN)
    state: str = "ENABLED"


@dataclass(frozen=True)
class FunctionUrlDeployment:
    """A function URL (AWS::Lambda::Url): moto keeps its config; server mode serves it."""

    logical_id: str  # the AWS::Lambda::Url resource
    function_logical_id: str
    url: str  # the AWS-style URL moto made up: https://<url-id>.lambda-url.<region>.on.aws/
    auth_type: str  # NONE or AWS_IAM (the local server checks no signature)
    invoke_mode: str = "BUFFERED"
    cors: dict[str, Any] | None = None

    @property
    def domain_name(self) -> str:
        """`<url-id>.lambda-url.<region>.on.aws`, as the event's requestContext gives it."""
        return self.url.split("://", 1)[-1].split("/", 1)[0]

    @property
    def url_id(self) -> str:
        """The `<url-id>`: the event's apiId and domainPrefix."""
        return self.domain_name.split(".", 1)[0]


@dataclass
class Deployment:
    """Every resource created from the template, by logical id."""

    stack_name: str
    region: str
    account_id: str
    functions: dict[str, FunctionDeployment] = field(default_factory=dict)
    buckets: dict[str, str] = field(default_factory=dict)
    tables: dict[str, str] = field(default_factory=dict)
    state_machines: dict[str, str] = field(default_factory=dict)
    state_machine_definitions: dict[str, str] = field(default_factory=dict)
    queues: dict[str, str] = field(default_factory=dict)  # logical id -> queue URL
    queue_arns: dict[str, str] = field(default_factory=dict)
    rules: dict[str, RuleDeployment] = field(default_factory=dict)
    event_buses: dict[str, str] = field(default_factory=dict)  # logical id -> bus name
    event_bus_arns: dict[str, str] = field(default_factory=dict)
    function_urls: dict[str, FunctionUrlDeployment] = field(default_factory=dict)  # by function
    roles: dict[str, str] = field(default_factory=dict)
    log_groups: dict[str, str] = field(default_factory=dict)
    layers: dict[str, str] = field(default_factory=dict)
    topics: dict[str, str] = field(default_factory=dict)  # logical id -> SNS topic ARN
    alarms: dict[str, str] = field(default_factory=dict)  # logical id -> alarm name
    dashboards: dict[str, str] = field(default_factory=dict)  # logical id -> dashboard name
    web_acls: dict[str, str] = field(default_factory=dict)  # logical id -> web ACL ARN
    outputs: dict[str, Any] = field(default_factory=dict)
    environment: dict[str, str] = field(default_factory=dict)  # the union every handler sees
    skipped: dict[str, str] = field(default_factory=dict)  # logical id -> why
    created: dict[str, str] = field(default_factory=dict)  # logical id -> resource type

    @property
    def stack_id(self) -> str:
        """What AWS::StackId would be."""
        return (
            f"arn:aws:cloudformation:{self.region}:{self.account_id}:stack/{self.stack_name}/local"
        )

    @property
    def function_names(self) -> dict[str, str]:
        """Physical function names by logical id."""
        return {lid: fn.name for lid, fn in self.functions.items()}

    @property
    def bucket(self) -> str:
        """The documents bucket: the name every function is given as BUCKET_NAME."""
        return self.environment["BUCKET_NAME"]

    @property
    def table(self) -> str:
        """The single table: TABLE_NAME."""
        return self.environment["TABLE_NAME"]

    @property
    def idempotency_table(self) -> str:
        """The Powertools idempotency table: IDEMPOTENCY_TABLE_NAME."""
        return self.environment["IDEMPOTENCY_TABLE_NAME"]

    @property
    def state_machine_arn(self) -> str:
        """The document pipeline: STATE_MACHINE_ARN."""
        return self.environment["STATE_MACHINE_ARN"]

    @property
    def dlq_url(self) -> str | None:
        """Extract's dead-letter queue: uploads whose Extract failed after its retries."""
        return self.on_failure_queue_url("ExtractFunction")

    def on_failure_queue_url(self, logical_id: str) -> str | None:
        """The queue a function's failed async invocations go to (its EventInvokeConfig)."""
        function = self.functions.get(logical_id)
        if function is None or function.on_failure_arn is None:
            return None
        for queue_id, arn in self.queue_arns.items():
            if arn == function.on_failure_arn:
                return self.queues[queue_id]
        return None

    def function_by_name(self, name: str) -> FunctionDeployment | None:
        """The function with this physical name, if it is ours."""
        return next((fn for fn in self.functions.values() if fn.name == name), None)

    def function_by_arn(self, arn: str) -> FunctionDeployment | None:
        """The function with this ARN (or this ARN with a qualifier), if it is ours."""
        return next(
            (fn for fn in self.functions.values() if arn == fn.arn or arn.startswith(f"{fn.arn}:")),
            None,
        )
