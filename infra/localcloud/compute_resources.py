"""Creators for compute resources: IAM roles, layers, functions and their URLs, event buses,
rules, logs, state machines."""

from __future__ import annotations

import dataclasses
import io
import json
import zipfile
from functools import cache
from typing import TYPE_CHECKING, Any

from infra.localcloud.deployment import FunctionDeployment, FunctionUrlDeployment, RuleDeployment
from infra.localcloud.intrinsics import Created
from infra.localcloud.template import code_location

if TYPE_CHECKING:
    from infra.localcloud.provision import Creator, ProvisionContext


@cache
def placeholder_zip() -> bytes:
    """Code for moto to store: the real handler runs in-process, never this."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("README.txt", "The local cloud runs the project's handler in-process.\n")
    return buffer.getvalue()


def create_role(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An IAM role with its inline policies."""
    iam = ctx.clients.get("iam")
    name = props.get("RoleName") or ctx.physical_name(logical_id, 64)
    role = iam.create_role(
        RoleName=name,
        Path=props.get("Path", "/"),
        AssumeRolePolicyDocument=json.dumps(props["AssumeRolePolicyDocument"]),
    )["Role"]
    for policy in props.get("Policies", []):
        # SAM's generated policies omit Version; AWS accepts that, moto does not.
        document = {"Version": "2012-10-17", **policy["PolicyDocument"]}
        iam.put_role_policy(
            RoleName=name, PolicyName=policy["PolicyName"], PolicyDocument=json.dumps(document)
        )
    # ManagedPolicyArns are not attached: moto loads no AWS managed policies unless
    # told to (slow), and IAM is not enforced locally; cfn-lint and review check them.
    ctx.deployment.roles[logical_id] = role["Arn"]
    return Created(ref=name, attrs={"Arn": role["Arn"], "RoleId": role["RoleId"]})


def create_layer(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A layer version with placeholder content: locally the project's imports are used."""
    optional = {
        key: props[key]
        for key in ("CompatibleRuntimes", "CompatibleArchitectures", "Description")
        if key in props
    }
    arn = ctx.clients.get("lambda").publish_layer_version(
        LayerName=props.get("LayerName", logical_id),
        Content={"ZipFile": placeholder_zip()},
        **optional,
    )["LayerVersionArn"]
    ctx.deployment.layers[logical_id] = arn
    return Created(ref=arn, attrs={})


def create_function(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A Lambda function whose invocations the interceptor runs in-process."""
    name = props.get("FunctionName") or ctx.physical_name(logical_id, 64)
    environment = {k: str(v) for k, v in props.get("Environment", {}).get("Variables", {}).items()}
    optional = {
        key: props[key]
        for key in ("Layers", "Architectures", "TracingConfig", "Description")
        if key in props
    }
    timeout, memory = int(props.get("Timeout", 3)), int(props.get("MemorySize", 128))
    arn = ctx.clients.get("lambda").create_function(
        FunctionName=name,
        Runtime=props["Runtime"],
        Role=props["Role"],
        Handler=props["Handler"],
        Code={"ZipFile": placeholder_zip()},
        Timeout=timeout,
        MemorySize=memory,
        Environment={"Variables": environment},
        **optional,
    )["FunctionArn"]
    reserved = props.get("ReservedConcurrentExecutions")
    if reserved is not None:
        # Not a CreateFunction parameter: CloudFormation sets it with PutFunctionConcurrency too.
        ctx.clients.get("lambda").put_function_concurrency(
            FunctionName=name, ReservedConcurrentExecutions=int(reserved)
        )
    ctx.deployment.functions[logical_id] = FunctionDeployment(
        logical_id=logical_id,
        name=name,
        arn=arn,
        handler=props["Handler"],
        code_uri=code_location({"Properties": props}),
        environment=environment,
        timeout=timeout,
        memory_size=memory,
        reserved_concurrency=None if reserved is None else int(reserved),
    )
    return Created(ref=name, attrs={"Arn": arn})


def _function_named(ctx: ProvisionContext, logical_id: str, name_or_arn: str) -> FunctionDeployment:
    # Properties that name a function take its name (what Ref gives) or its ARN.
    d = ctx.deployment
    function = d.function_by_name(name_or_arn) or d.function_by_arn(name_or_arn)
    if function is None:
        raise ValueError(f"{logical_id}: unknown function {name_or_arn}")
    return function


def create_function_url(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A function URL: its config in moto; server mode serves it on a localhost port."""
    function = _function_named(ctx, logical_id, props["TargetFunctionArn"])
    request: dict[str, Any] = {"FunctionName": function.name, "AuthType": props["AuthType"]}
    for key in ("Qualifier", "Cors", "InvokeMode"):
        if key in props:
            request[key] = props[key]
    config = ctx.clients.get("lambda").create_function_url_config(**request)
    # AWS's URLs end with a slash; moto's do not.
    url = config["FunctionUrl"].rstrip("/") + "/"
    ctx.deployment.function_urls[function.logical_id] = FunctionUrlDeployment(
        logical_id=logical_id,
        function_logical_id=function.logical_id,
        url=url,
        auth_type=props["AuthType"],
        invoke_mode=str(props.get("InvokeMode", "BUFFERED")).upper(),
        cors=props.get("Cors"),
    )
    return Created(ref=function.arn, attrs={"FunctionArn": function.arn, "FunctionUrl": url})


def create_event_invoke_config(
    ctx: ProvisionContext, logical_id: str, props: dict[str, Any]
) -> Created:
    """Async invocation settings: retries and the on-failure destination of async runs."""
    function = _function_named(ctx, logical_id, props["FunctionName"])
    config = {
        key: props[key]
        for key in ("MaximumRetryAttempts", "MaximumEventAgeInSeconds", "DestinationConfig")
        if key in props
    }
    ctx.clients.get("lambda").put_function_event_invoke_config(
        FunctionName=function.name, Qualifier=props.get("Qualifier", "$LATEST"), **config
    )
    on_failure = props.get("DestinationConfig", {}).get("OnFailure", {}).get("Destination")
    ctx.deployment.functions[function.logical_id] = dataclasses.replace(
        function,
        max_retry_attempts=int(props.get("MaximumRetryAttempts", 2)),
        on_failure_arn=on_failure,
    )
    return Created(ref=f"{function.name}-EventInvokeConfig")


def create_event_bus(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A custom EventBridge bus; the local cloud delivers its events to Lambda targets."""
    name = props["Name"]
    request: dict[str, Any] = {"Name": name}
    for key in ("EventSourceName", "Description", "KmsKeyIdentifier", "DeadLetterConfig", "Tags"):
        if key in props:
            request[key] = props[key]
    arn = ctx.clients.get("events").create_event_bus(**request)["EventBusArn"]
    ctx.deployment.event_buses[logical_id] = name
    ctx.deployment.event_bus_arns[logical_id] = arn
    return Created(ref=name, attrs={"Arn": arn, "Name": name})


def _bus_name(name_or_arn: str | None) -> str:
    # EventBusName takes a name or an ARN (`...:event-bus/NAME`); the default bus has no name.
    return "default" if not name_or_arn else name_or_arn.rsplit("/", 1)[-1]


# What a target may carry besides Id and Arn that shapes what the target receives.
_TARGET_INPUT_KEYS = ("Input", "InputPath", "InputTransformer")


def _api_target(target: dict[str, Any]) -> dict[str, Any]:
    api = {"Id": target["Id"], "Arn": target["Arn"]}
    for key in _TARGET_INPUT_KEYS:
        if key in target:
            value = target[key]
            # CloudFormation's Input is a JSON string; a template may give an object.
            api[key] = json.dumps(value) if key == "Input" and not isinstance(value, str) else value
    # Kept in moto for anyone to read back; locally the delivery to a function cannot fail,
    # and a handler's failure follows the function's EventInvokeConfig as on AWS.
    if "RetryPolicy" in target:
        api["RetryPolicy"] = {k: int(v) for k, v in target["RetryPolicy"].items()}
    if "DeadLetterConfig" in target:
        api["DeadLetterConfig"] = {"Arn": target["DeadLetterConfig"]["Arn"]}
    return api


def create_rule(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An EventBridge rule on its bus, with its targets, recorded for the local cloud to deliver."""
    events = ctx.clients.get("events")
    name = props.get("Name") or ctx.physical_name(logical_id, 64)
    bus = _bus_name(props.get("EventBusName"))
    pattern = props.get("EventPattern")
    state = props.get("State", "ENABLED")
    request: dict[str, Any] = {"Name": name, "State": state, "EventBusName": bus}
    if pattern is not None:
        request["EventPattern"] = json.dumps(pattern)
    if "ScheduleExpression" in props:
        request["ScheduleExpression"] = props["ScheduleExpression"]
    arn = events.put_rule(**request)["RuleArn"]
    targets = props.get("Targets", [])
    if targets:
        events.put_targets(Rule=name, EventBusName=bus, Targets=[_api_target(t) for t in targets])
    function_ids = tuple(
        fn.logical_id
        for fn in (ctx.deployment.function_by_arn(t["Arn"]) for t in targets)
        if fn is not None
    )
    ctx.deployment.rules[logical_id] = RuleDeployment(
        logical_id=logical_id,
        name=name,
        arn=arn,
        event_pattern=pattern,
        schedule=props.get("ScheduleExpression"),
        target_function_ids=function_ids,
        event_bus_name=bus,
        state=state,
    )
    return Created(ref=name, attrs={"Arn": arn})


def create_log_group(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A CloudWatch Logs group with its retention."""
    logs = ctx.clients.get("logs")
    name = props.get("LogGroupName") or ctx.physical_name(logical_id, 512)
    logs.create_log_group(logGroupName=name)
    if "RetentionInDays" in props:
        logs.put_retention_policy(logGroupName=name, retentionInDays=int(props["RetentionInDays"]))
    ctx.deployment.log_groups[logical_id] = name
    return Created(ref=name, attrs={"Arn": ctx.arn("logs", f"log-group:{name}:*")})


def substitute_definition(definition: str, substitutions: dict[str, Any]) -> str:
    """`${Name}` placeholders replaced by plain text replacement, as Step Functions does.

    Never through Fn::Sub: that would also touch `$$.Task.Token`.
    """
    for key, value in substitutions.items():
        definition = definition.replace("${" + key + "}", str(value))
    return definition


def _logging_configuration(props: dict[str, Any]) -> dict[str, Any]:
    logging = props["LoggingConfiguration"]
    destinations = [
        {"cloudWatchLogsLogGroup": {"logGroupArn": d["CloudWatchLogsLogGroup"]["LogGroupArn"]}}
        for d in logging.get("Destinations", [])
    ]
    return {
        "level": logging.get("Level", "OFF"),
        "includeExecutionData": bool(logging.get("IncludeExecutionData", False)),
        "destinations": destinations,
    }


def create_state_machine(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A state machine whose definition has its substitutions resolved."""
    name = props.get("StateMachineName") or ctx.physical_name(logical_id, 80)
    definition = props.get("DefinitionString")
    if definition is None:
        definition = json.dumps(props["Definition"])
    definition = substitute_definition(definition, props.get("DefinitionSubstitutions", {}))
    request: dict[str, Any] = {
        "name": name,
        "definition": definition,
        "roleArn": props["RoleArn"],
        "type": props.get("StateMachineType", "STANDARD"),
    }
    if "LoggingConfiguration" in props:
        request["loggingConfiguration"] = _logging_configuration(props)
    if "TracingConfiguration" in props:
        enabled = bool(props["TracingConfiguration"].get("Enabled"))
        request["tracingConfiguration"] = {"enabled": enabled}
    arn = ctx.clients.get("stepfunctions").create_state_machine(**request)["stateMachineArn"]
    ctx.deployment.state_machines[logical_id] = arn
    ctx.deployment.state_machine_definitions[logical_id] = definition
    return Created(ref=arn, attrs={"Arn": arn, "Name": name})


CREATORS: dict[str, Creator] = {
    "AWS::IAM::Role": create_role,
    "AWS::Lambda::LayerVersion": create_layer,
    "AWS::Lambda::Function": create_function,
    "AWS::Lambda::EventInvokeConfig": create_event_invoke_config,
    "AWS::Lambda::Url": create_function_url,
    "AWS::Events::EventBus": create_event_bus,
    "AWS::Events::Rule": create_rule,
    "AWS::Logs::LogGroup": create_log_group,
    "AWS::StepFunctions::StateMachine": create_state_machine,
}
