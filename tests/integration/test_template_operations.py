"""Operations in the template (issue 11): alarms and the dashboard, concurrency and the API's
edge, the dead letters of the refund path, and grants scoped to what each function uses.

Checked three ways: the template itself, the local cloud provisioned from it (moto keeps
alarms, the dashboard, the stage's settings, the web ACL and the grants, resolved), and the
packaged template with Chalice's routes merged in.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib import metrics
from infra.localcloud.template import load_sam_template, transform_template

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
SAM = load_sam_template(ROOT / "infra" / "template.yaml")
RESOURCES: dict[str, Any] = SAM["Resources"]
PARAMETERS: dict[str, Any] = SAM["Parameters"]
CONDITIONS: dict[str, Any] = SAM["Conditions"]
FUNCTIONS = {lid: r for lid, r in RESOURCES.items() if r["Type"] == "AWS::Serverless::Function"}
ALARMS = {
    lid: r["Properties"] for lid, r in RESOURCES.items() if r["Type"] == "AWS::CloudWatch::Alarm"
}
QUEUES = sorted(lid for lid, r in RESOURCES.items() if r["Type"] == "AWS::SQS::Queue")
ALARM_TOPIC = {"Fn::If": ["CreateAlarmTopic", {"Ref": "AlarmTopic"}, {"Ref": "AlarmTopicArn"}]}
NAMESPACE = SAM["Globals"]["Function"]["Environment"]["Variables"]["POWERTOOLS_METRICS_NAMESPACE"]
NO_VALUE = {"Ref": "AWS::NoValue"}

# The template's parameters that name a secret (an SSM name or a Secrets Manager id).
SECRET_PARAMETERS = sorted(name for name in PARAMETERS if name.endswith("Parameter"))
SECRET_ACTIONS = {"ssm:GetParameter", "secretsmanager:GetSecretValue"}


def _alarms_on(namespace: str, metric: str, **dimensions: Any) -> list[dict[str, Any]]:
    return [
        alarm
        for alarm in ALARMS.values()
        if alarm["Namespace"] == namespace
        and alarm["MetricName"] == metric
        and {d["Name"]: d["Value"] for d in alarm.get("Dimensions", [])} == dimensions
    ]


def _the_alarm_on(namespace: str, metric: str, **dimensions: Any) -> dict[str, Any]:
    found = _alarms_on(namespace, metric, **dimensions)
    assert len(found) == 1, f"one alarm on {namespace} {metric} {dimensions}, found {len(found)}"
    return found[0]


# --- alerting --------------------------------------------------------------------------------


def test_the_alarms_go_to_the_stacks_own_topic_unless_one_is_given() -> None:
    assert CONDITIONS["CreateAlarmTopic"] == {"Fn::Equals": [{"Ref": "AlarmTopicArn"}, ""]}
    assert RESOURCES["AlarmTopic"]["Condition"] == "CreateAlarmTopic"
    subscription = RESOURCES["AlarmEmailSubscription"]
    assert subscription["Condition"] == "SubscribeAlarmEmail"
    assert subscription["Properties"]["Protocol"] == "email"
    assert subscription["Properties"]["Endpoint"] == {"Ref": "AlarmEmail"}
    pattern = PARAMETERS["AlarmTopicArn"]["AllowedPattern"]
    assert re.fullmatch(pattern, "")
    assert re.fullmatch(pattern, "arn:aws:sns:eu-central-1:123456789012:ops-alarms")
    assert not re.fullmatch(pattern, "ops-alarms")


@pytest.mark.parametrize("logical_id", sorted(ALARMS))
def test_every_alarm_notifies_the_topic_when_it_fires_and_when_it_clears(logical_id: str) -> None:
    alarm = ALARMS[logical_id]

    assert alarm["AlarmActions"] == [ALARM_TOPIC]
    assert alarm["OKActions"] == [ALARM_TOPIC]
    # No traffic, or a metric nobody emits yet, is not an incident.
    assert alarm["TreatMissingData"] == "notBreaching"
    assert alarm["AlarmDescription"].strip()


def test_every_function_of_the_stack_is_watched_the_apis_and_the_bots_included() -> None:
    assert {"APIHandler", "BearerToken", "TelegramWebhookFunction", "TelegramBotFunction"} <= set(
        FUNCTIONS
    )


@pytest.mark.parametrize("logical_id", sorted(FUNCTIONS))
@pytest.mark.parametrize("metric", ["Errors", "Throttles"])
def test_every_function_has_an_errors_and_a_throttles_alarm(logical_id: str, metric: str) -> None:
    alarm = _the_alarm_on("AWS/Lambda", metric, FunctionName={"Ref": logical_id})

    assert alarm["Statistic"] == "Sum"
    assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"
    assert 1 <= alarm["Threshold"] <= 5


def test_the_pipeline_alarms_on_failed_and_timed_out_runs() -> None:
    machine = {"Ref": "DocumentPipeline"}

    failed = _the_alarm_on("AWS/States", "ExecutionsFailed", StateMachineArn=machine)
    timed_out = _the_alarm_on("AWS/States", "ExecutionsTimedOut", StateMachineArn=machine)

    assert (failed["Threshold"], failed["Period"]) == (3, 900)  # a user's bad file is not one
    assert (timed_out["Threshold"], timed_out["Period"]) == (1, 300)


@pytest.mark.parametrize("queue", QUEUES)
def test_every_dead_letter_queue_alarms_as_soon_as_it_holds_a_message(queue: str) -> None:
    alarm = _the_alarm_on(
        "AWS/SQS",
        "ApproximateNumberOfMessagesVisible",
        QueueName={"Fn::GetAtt": [queue, "QueueName"]},
    )

    assert alarm["Statistic"] == "Maximum"
    assert (alarm["ComparisonOperator"], alarm["Threshold"]) == (
        "GreaterThanOrEqualToThreshold",
        1,
    )  # depth > 0


def test_the_api_alarms_on_5xx_and_p99_latency_of_its_stage() -> None:
    api = RESOURCES["RestAPI"]["Properties"]
    stage = {"ApiName": api["Name"], "Stage": {"Ref": "RestAPI.Stage"}}

    errors = _the_alarm_on("AWS/ApiGateway", "5XXError", **stage)
    latency = _the_alarm_on("AWS/ApiGateway", "Latency", **stage)

    assert errors["Statistic"] == "Sum"
    assert latency["ExtendedStatistic"] == "p99"
    assert "Statistic" not in latency
    assert latency["Threshold"] == 5000  # milliseconds


def test_the_model_alarms_are_on_the_metrics_the_services_count() -> None:
    # Counted without dimensions (chalicelib.adapters.metrics leaves Powertools' `service`
    # out), in the namespace the functions are given.
    rate_limited = _the_alarm_on(NAMESPACE, metrics.LLM_RATE_LIMITED)
    fallbacks = _the_alarm_on(NAMESPACE, metrics.LLM_FALLBACKS)

    assert rate_limited["Statistic"] == "Sum"
    # LlmFallbacks is 1 or 0 per analysis: its average is the share that fell back.
    assert fallbacks["Statistic"] == "Average"
    assert 0 < fallbacks["Threshold"] < 1


def _dashboard_metrics(body: dict[str, Any]) -> tuple[list[list[Any]], str]:
    rows: list[list[Any]] = []
    expressions = []
    for widget in body["widgets"]:
        for row in widget.get("properties", {}).get("metrics", []):
            if isinstance(row[0], dict):
                expressions.append(row[0]["expression"])
            else:
                rows.append([part for part in row if not isinstance(part, dict)])
    return rows, "\n".join(expressions)


def test_the_dashboard_shows_the_pipeline_functions_api_queues_and_business_counts(
    local_cloud: LocalCloud,
) -> None:
    d = local_cloud.deployment
    [name] = d.dashboards.values()

    text = local_cloud.client("cloudwatch").get_dashboard(DashboardName=name)["DashboardBody"]

    assert "${" not in text  # every !Sub variable resolved
    rows, expressions = _dashboard_metrics(json.loads(text))
    for function in d.functions.values():
        for metric in ("Errors", "Throttles", "Duration"):
            assert ["AWS/Lambda", metric, "FunctionName", function.name] in rows
    for queue in QUEUES:
        queue_name = d.queues[queue].rsplit("/", 1)[-1]
        assert ["AWS/SQS", "ApproximateNumberOfMessagesVisible", "QueueName", queue_name] in rows
    machine = d.state_machines["DocumentPipeline"]
    for metric in ("ExecutionsStarted", "ExecutionsSucceeded", "ExecutionsFailed"):
        assert ["AWS/States", metric, "StateMachineArn", machine] in rows
    api = ["ApiName", "contract-check-local", "Stage", "api"]
    for metric in ("Count", "4XXError", "5XXError", "Latency"):
        assert ["AWS/ApiGateway", metric, *api] in rows
    for metric in (
        metrics.CREDITS_RESERVED,
        metrics.CREDITS_REFUNDED,
        metrics.LLM_CALLS,
        metrics.LLM_INPUT_TOKENS,
        metrics.LLM_OUTPUT_TOKENS,
    ):
        assert [NAMESPACE, metric] in rows
    # Documents by status: every status the services count, found by a search.
    assert f'{{{NAMESPACE},Status}} MetricName="{metrics.DOCUMENT_STATUS_CHANGED}"' in expressions


# --- concurrency and the API's edge ------------------------------------------------------------

RESERVED = [
    ("ExtractFunction", "ExtractReservedConcurrency", "ReserveExtractConcurrency"),
    ("BatchExtractFunction", "BatchExtractReservedConcurrency", "ReserveBatchExtractConcurrency"),
    ("AnalyzeFunction", "AnalyzeReservedConcurrency", "ReserveAnalyzeConcurrency"),
    ("APIHandler", "ApiReservedConcurrency", "ReserveApiConcurrency"),
    ("BearerToken", "AuthorizerReservedConcurrency", "ReserveAuthorizerConcurrency"),
]


@pytest.mark.parametrize(("function", "parameter", "condition"), RESERVED)
def test_reserved_concurrency_is_a_parameter_where_zero_reserves_nothing(
    function: str, parameter: str, condition: str
) -> None:
    spec = PARAMETERS[parameter]

    assert FUNCTIONS[function]["Properties"]["ReservedConcurrentExecutions"] == {
        "Fn::If": [condition, {"Ref": parameter}, NO_VALUE]
    }
    # Never 0 into Lambda: reserved concurrency 0 would stop the function altogether.
    assert CONDITIONS[condition] == {"Fn::Not": [{"Fn::Equals": [{"Ref": parameter}, "0"]}]}
    assert (spec["Type"], spec["MinValue"]) == ("Number", 0)
    assert len(spec["Description"]) > 100  # the default is explained


def test_the_reservations_leave_most_of_an_account_of_1000_unreserved() -> None:
    defaults = [PARAMETERS[parameter]["Default"] for _, parameter, _ in RESERVED]
    telegram = 2 * PARAMETERS["TelegramWebhookConcurrency"]["Default"]  # webhook and worker

    assert sum(defaults) + telegram <= 250


def test_the_local_functions_get_the_default_reservations(local_cloud: LocalCloud) -> None:
    aws_lambda = local_cloud.client("lambda")
    for function, parameter, _ in RESERVED:
        name = local_cloud.deployment.functions[function].name

        reserved = aws_lambda.get_function_concurrency(FunctionName=name)

        assert reserved["ReservedConcurrentExecutions"] == PARAMETERS[parameter]["Default"]


def test_the_stage_throttles_everyone_and_sign_in_and_registration_more() -> None:
    settings = {
        (s["ResourcePath"], s["HttpMethod"]): s
        for s in RESOURCES["RestAPI"]["Properties"]["MethodSettings"]
    }
    everything = settings[("/*", "*")]

    assert everything["ThrottlingRateLimit"] == {"Ref": "ApiThrottleRateLimit"}
    assert everything["ThrottlingBurstLimit"] == {"Ref": "ApiThrottleBurstLimit"}
    for route in ("/v1/auth/register", "/v1/auth/login"):
        # A MethodSetting's ResourcePath is "/" and the route with each "/" written "~1".
        setting = settings[("/" + route.replace("/", "~1"), "POST")]
        assert setting["ThrottlingRateLimit"] == {"Ref": "SignInRateLimit"}
        assert setting["ThrottlingBurstLimit"] == {"Ref": "SignInBurstLimit"}
    assert PARAMETERS["SignInRateLimit"]["Default"] < PARAMETERS["ApiThrottleRateLimit"]["Default"]
    assert (
        PARAMETERS["SignInBurstLimit"]["Default"] < PARAMETERS["ApiThrottleBurstLimit"]["Default"]
    )


def test_the_local_stage_keeps_its_throttles_and_access_log(local_cloud: LocalCloud) -> None:
    apigateway = local_cloud.client("apigateway")
    [api] = apigateway.get_rest_apis()["items"]

    stage = apigateway.get_stage(restApiId=api["id"], stageName="api")

    assert api["name"] == "contract-check-local"  # the ApiName of the alarms and dashboard
    settings = stage["methodSettings"]
    assert settings["*/*"]["throttlingRateLimit"] == PARAMETERS["ApiThrottleRateLimit"]["Default"]
    for path in ("~1v1~1auth~1register/POST", "~1v1~1auth~1login/POST"):
        assert settings[path]["throttlingRateLimit"] == PARAMETERS["SignInRateLimit"]["Default"]
        assert settings[path]["throttlingBurstLimit"] == PARAMETERS["SignInBurstLimit"]["Default"]
    group = local_cloud.deployment.log_groups["ApiAccessLogGroup"]
    assert stage["accessLogSettings"]["destinationArn"].endswith(f":log-group:{group}")
    line = json.loads(stage["accessLogSettings"]["format"])  # one JSON object a request
    assert {"requestId", "ip", "method", "resourcePath", "status", "userId"} <= set(line)


def test_api_gateway_has_its_logging_role_before_the_stage_logs() -> None:
    assert RESOURCES["RestAPI"]["DependsOn"] == "ApiGatewayAccount"
    assert RESOURCES["ApiGatewayAccount"]["Properties"]["CloudWatchRoleArn"] == {
        "Fn::If": [
            "CreateApiGatewayLogsRole",
            {"Fn::GetAtt": ["ApiGatewayCloudWatchRole", "Arn"]},
            {"Ref": "ApiGatewayCloudWatchRoleArn"},
        ]
    }
    # The account keeps pointing at the role after this stack is gone.
    assert RESOURCES["ApiGatewayCloudWatchRole"]["DeletionPolicy"] == "Retain"


def test_the_web_acl_is_optional_and_limits_sign_in_per_address() -> None:
    acl = RESOURCES["ApiWebAcl"]
    association = RESOURCES["ApiWebAclAssociation"]

    assert CONDITIONS["UseWaf"] == {
        "Fn::Not": [{"Fn::Equals": [{"Ref": "WafRateLimitPerFiveMinutes"}, "0"]}]
    }
    assert PARAMETERS["WafRateLimitPerFiveMinutes"]["Default"] == 0  # off unless asked
    assert acl["Condition"] == association["Condition"] == "UseWaf"
    [rule] = acl["Properties"]["Rules"]
    rate = rule["Statement"]["RateBasedStatement"]
    assert rate["Limit"] == {"Ref": "WafRateLimitPerFiveMinutes"}
    assert (rate["AggregateKeyType"], rate["EvaluationWindowSec"]) == ("IP", 300)
    scope = rate["ScopeDownStatement"]["ByteMatchStatement"]
    assert (scope["FieldToMatch"], scope["SearchString"]) == ({"UriPath": {}}, "/v1/auth/")
    assert rule["Action"]["Block"]["CustomResponse"]["ResponseCode"] == 429
    assert association["Properties"]["WebACLArn"] == {"Fn::GetAtt": ["ApiWebAcl", "Arn"]}
    assert "${RestAPI.Stage}" in association["Properties"]["ResourceArn"]["Fn::Sub"]


def test_without_a_rate_limit_the_local_cloud_skips_the_web_acl(local_cloud: LocalCloud) -> None:
    d = local_cloud.deployment

    assert d.web_acls == {}
    assert d.skipped["ApiWebAcl"] == "condition UseWaf is false"
    assert d.skipped["ApiWebAclAssociation"] == "condition UseWaf is false"


# The options a deployment may turn on, together: the stack's topic with an e-mail, the web
# ACL, no reservation for the API, and secrets in both of their forms.
OPTIONS = {
    "AlarmEmail": "ops@example.com",
    "WafRateLimitPerFiveMinutes": "100",
    "ApiReservedConcurrency": "0",
    "AuthTokenSecretParameter": "/contract-check/local/token-secret",
    "TelegramBotTokenParameter": "secretsmanager:contract-check/local/bot-token",
    "LlmApiKeyParameter": "/contract-check/local/llm-key",
}


@pytest.mark.parametrize("local_cloud_parameters", [OPTIONS])
def test_the_options_provision_on_the_local_cloud(local_cloud: LocalCloud) -> None:
    d = local_cloud.deployment
    [api] = local_cloud.client("apigateway").get_rest_apis()["items"]
    stage_arn = f"arn:aws:apigateway:{d.region}::/restapis/{api['id']}/stages/api"

    acl = local_cloud.client("wafv2").get_web_acl_for_resource(ResourceArn=stage_arn)["WebACL"]
    [rule] = acl["Rules"]
    assert acl["ARN"] == d.web_acls["ApiWebAcl"]
    assert rule["Statement"]["RateBasedStatement"]["Limit"] == 100
    [subscription] = local_cloud.client("sns").list_subscriptions()["Subscriptions"]
    assert (subscription["TopicArn"], subscription["Endpoint"]) == (
        d.topics["AlarmTopic"],
        "ops@example.com",
    )
    api_handler = d.functions["APIHandler"].name
    reserved = local_cloud.client("lambda").get_function_concurrency(FunctionName=api_handler)
    assert "ReservedConcurrentExecutions" not in reserved
    prefix = f"arn:aws:{{}}:{d.region}:{d.account_id}:"
    ssm, secret = prefix.format("ssm"), prefix.format("secretsmanager")
    assert _secret_grants(local_cloud, "BearerTokenRole") == {
        ("ssm:GetParameter", f"{ssm}parameter/contract-check/local/token-secret")
    }
    assert _secret_grants(local_cloud, "ApiHandlerRole") == {
        ("ssm:GetParameter", f"{ssm}parameter/contract-check/local/token-secret"),
        ("secretsmanager:GetSecretValue", f"{secret}secret:contract-check/local/bot-token-??????"),
    }
    assert _secret_grants(local_cloud, "AnalyzeFunctionRole") == {
        ("ssm:GetParameter", f"{ssm}parameter/contract-check/local/llm-key")
    }
    assert _secret_grants(local_cloud, "TelegramWebhookFunctionRole") == set()  # none given


def _secret_grants(cloud: LocalCloud, role: str) -> set[tuple[str, str]]:
    iam = cloud.client("iam")
    name = cloud.deployment.roles[role].rsplit("/", 1)[-1]
    grants = set()
    for policy in iam.list_role_policies(RoleName=name)["PolicyNames"]:
        document = iam.get_role_policy(RoleName=name, PolicyName=policy)["PolicyDocument"]
        for statement in document["Statement"]:
            actions = statement["Action"]
            resources = statement["Resource"]
            for action in [actions] if isinstance(actions, str) else actions:
                for resource in [resources] if isinstance(resources, str) else resources:
                    if action in SECRET_ACTIONS:
                        grants.add((action, resource))
    return grants


@pytest.mark.slow
def test_the_method_settings_name_routes_the_packaged_api_has(tmp_path: Path) -> None:
    from infra.package import main

    assert main(["--template-only", "--out", str(tmp_path)]) == 0

    merged = json.loads((tmp_path / "sam.json").read_text())["Resources"]["RestAPI"]
    paths = merged["Properties"]["DefinitionBody"]["paths"]
    for setting in merged["Properties"]["MethodSettings"]:
        if setting["ResourcePath"] == "/*":
            continue
        # API Gateway refuses a stage whose settings name a method the API does not have.
        route = setting["ResourcePath"].removeprefix("/").replace("~1", "/")
        assert setting["HttpMethod"].lower() in paths[route]
    assert merged["DependsOn"] == "ApiGatewayAccount"
    assert merged["Properties"]["Name"] == {"Fn::Sub": "contract-check-${Stage}"}


# --- the silent failure paths --------------------------------------------------------------------

DEAD_LETTERS = [
    ("OnRunFailedFunction", "RunFailed", "OnRunFailedDeadLetterQueue"),
    ("SweeperFunction", "Every15Minutes", "SweeperDeadLetterQueue"),
    ("RecognizerPollerFunction", "EveryMinute", "RecognizerPollerDeadLetterQueue"),
    ("RecognitionClientFunction", "Answers", "RecognitionClientDeadLetterQueue"),
    ("RecognitionClientSweepFunction", "EveryMinute", "RecognitionClientDeadLetterQueue"),
    ("RecognitionSweepFunction", "EveryMinute", "RecognitionDeadLetterQueue"),
]


@pytest.fixture(scope="module")
def transformed() -> dict[str, Any]:
    return transform_template(SAM, ROOT, "us-east-1", {"Stage": "local"})


@pytest.mark.parametrize(("function", "event", "queue"), DEAD_LETTERS)
def test_the_refund_path_and_the_sweeper_end_in_a_dead_letter_queue_not_nowhere(
    function: str, event: str, queue: str, transformed: dict[str, Any]
) -> None:
    props = FUNCTIONS[function]["Properties"]
    queue_arn = {"Fn::GetAtt": [queue, "Arn"]}

    # A handler that keeps failing: Lambda's retries, then the queue.
    on_failure = props["EventInvokeConfig"]["DestinationConfig"]["OnFailure"]
    assert on_failure == {"Type": "SQS", "Destination": queue_arn}
    # An event EventBridge cannot deliver: its retry policy, then the same queue.
    rule = props["Events"][event]["Properties"]
    assert set(rule["RetryPolicy"]) == {"MaximumRetryAttempts", "MaximumEventAgeInSeconds"}
    assert rule["DeadLetterConfig"] == {"Arn": queue_arn}
    # SAM names the rule after the function and its event; the queue lets that rule in.
    rule_id = f"{function}{event}"
    [target] = transformed["Resources"][rule_id]["Properties"]["Targets"]
    assert target["DeadLetterConfig"] == {"Arn": queue_arn}
    statements = RESOURCES[f"{queue}Policy"]["Properties"]["PolicyDocument"]["Statement"]
    assert RESOURCES[f"{queue}Policy"]["Properties"]["Queues"] == [{"Ref": queue}]
    # A queue two rules share (the recognition client's) has a statement for each.
    source = {"ArnEquals": {"aws:SourceArn": {"Fn::GetAtt": [rule_id, "Arn"]}}}
    [statement] = [s for s in statements if s["Condition"] == source]
    assert statement["Principal"] == {"Service": "events.amazonaws.com"}
    assert (statement["Action"], statement["Resource"]) == ("sqs:SendMessage", queue_arn)


def test_a_refund_is_never_given_up_within_the_maximums() -> None:
    props = FUNCTIONS["OnRunFailedFunction"]["Properties"]
    retry = props["Events"]["RunFailed"]["Properties"]["RetryPolicy"]

    assert retry == {"MaximumRetryAttempts": 185, "MaximumEventAgeInSeconds": 86400}
    assert props["EventInvokeConfig"]["MaximumEventAgeInSeconds"] == 21600


def _always_fails(event: dict[str, Any], context: Any) -> dict[str, Any]:
    raise ConnectionError("the table is unreachable")


@pytest.mark.parametrize("local_cloud_handlers", [{"OnRunFailedFunction": _always_fails}])
def test_a_refund_that_keeps_failing_is_parked_in_its_dead_letter_queue(
    local_cloud: LocalCloud,
) -> None:
    event = json.loads((ROOT / "tests" / "events" / "execution_status_failed.json").read_text())
    d = local_cloud.deployment

    local_cloud.runtime.run_async("OnRunFailedFunction", event)

    queue = d.on_failure_queue_url("OnRunFailedFunction")
    assert queue == d.queues["OnRunFailedDeadLetterQueue"]
    [message] = local_cloud.client("sqs").receive_message(QueueUrl=queue)["Messages"]
    record = json.loads(message["Body"])
    assert record["requestContext"]["condition"] == "RetriesExhausted"
    assert record["requestContext"]["approximateInvokeCount"] == 3  # the first try and 2 more
    assert record["requestPayload"] == event  # what a replay sends to On Run Failed again
    rule = d.rules["OnRunFailedFunctionRunFailed"].name
    [target] = local_cloud.client("events").list_targets_by_rule(Rule=rule)["Targets"]
    assert target["DeadLetterConfig"] == {"Arn": d.queue_arns["OnRunFailedDeadLetterQueue"]}
    policy = local_cloud.client("sqs").get_queue_attributes(
        QueueUrl=queue, AttributeNames=["Policy"]
    )
    assert "events.amazonaws.com" in policy["Attributes"]["Policy"]


# --- grants: secrets by name, the table's actions by use ---------------------------------------

SECRET_PATTERN_CASES = [
    ("", True),
    ("/contract-check/prod/token-secret", True),
    ("secretsmanager:contract-check/prod/llm-key", True),
    ("/other-app/prod/token-secret", False),
    ("secretsmanager:other/llm-key", False),
    ("/contract-check/*", False),  # an IAM wildcard would widen the grant
    ("secretsmanager:contract-check/prod/key?", False),
    ("contract-check/prod/token-secret", False),
]


@pytest.mark.parametrize("parameter", SECRET_PARAMETERS)
def test_every_secret_parameter_takes_only_names_under_contract_check(parameter: str) -> None:
    pattern = PARAMETERS[parameter]["AllowedPattern"]

    for value, allowed in SECRET_PATTERN_CASES:
        assert bool(re.fullmatch(pattern, value)) is allowed, (parameter, value)


def _statements(node: Any) -> list[dict[str, Any]]:
    """Every IAM statement under node, both branches of an Fn::If included."""
    found = []
    if isinstance(node, dict):
        if "Action" in node and "Effect" in node:
            found.append(node)
        for value in node.values():
            found += _statements(value)
    elif isinstance(node, list):
        for item in node:
            found += _statements(item)
    return found


def _strings(node: Any) -> set[str]:
    if isinstance(node, dict):
        return {s for value in node.values() for s in _strings(value)}
    if isinstance(node, list):
        return {s for item in node for s in _strings(item)}
    return {node} if isinstance(node, str) else set()


def _secret_parameters_read(resource: dict[str, Any]) -> set[str]:
    read: set[str] = set()
    for statement in _statements(resource):
        if not _strings(statement["Action"]) & SECRET_ACTIONS:
            continue
        resources = json.dumps(statement["Resource"])
        # No wildcard but Secrets Manager's six-character suffix of the named secret.
        assert "*" not in resources.replace("-??????", ""), resources
        named = {p for p in SECRET_PARAMETERS if p in resources}
        assert len(named) == 1, resources
        read |= named
    return read


SECRETS_READ = {
    "PrescreenFunction": {"LlmApiKeyParameter"},
    "AnalyzeFunction": {"LlmApiKeyParameter"},
    "TelegramWebhookFunction": {"TelegramWebhookSecretParameter"},
    "TelegramBotFunction": {"TelegramBotTokenParameter"},
    "TelegramProgressFunction": {"TelegramBotTokenParameter"},
    "ApiHandlerRole": {
        "AuthTokenSecretParameter",
        "TelegramBotTokenParameter",
        "AuthServiceTokenParameter",
        "RecognizerSmbPasswordParameter",  # the recognizer's healthcheck probes the share
    },
    # the functions that reach the external recognizer's share (SMB: its password)
    "RecognizerSendFunction": {"RecognizerSmbPasswordParameter"},
    "RecognizerFinishFunction": {"RecognizerSmbPasswordParameter"},
    "RecognizerPollerFunction": {"RecognizerSmbPasswordParameter"},
    "BearerTokenRole": {"AuthTokenSecretParameter"},
}


def test_secrets_are_read_by_their_configured_names_and_only_where_needed() -> None:
    read = {lid: _secret_parameters_read(r) for lid, r in RESOURCES.items()}

    assert {lid: names for lid, names in read.items() if names} == SECRETS_READ


# What each function does with the documents table (chalicelib's adapters): a transaction
# needs the actions of its parts (the refund: updates; an upload: an update and puts).
TABLE_ACTIONS = {
    # the document, its sweeper deadline, a failure's refund, a callback's retry deadline;
    # its versions' items (a query: is the file identical to another version's?)
    # the batch lane's run leases and queue (admission: put, query, delete, mark the document)
    "ExtractFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    # the same for bulk imports' uploads (batch-uploads/), under its own reservation
    "BatchExtractFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    # a long scan's join sets the document's pipeline; each page holds a slot of its lane's
    # OCR semaphore (put, query, renew, delete)
    "OcrPageFunction": {"UpdateItem", "PutItem", "DeleteItem", "Query"},
    # a zip's batch (claimed, opened), its owner's credits, a document per member
    "BatchImportFunction": {"GetItem", "PutItem", "UpdateItem"},
    # the document, and the model's slot leases (put, query, renew, delete)
    "PrescreenFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    "AnalyzeFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    # and the review queue; each run's end (and a hold) releases its batch lease and admits
    # the next queued run (query, delete, a transaction of a put and a delete)
    "HoldForReviewFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    "FinalizeFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    # the statements branch moves and finishes the document (as Finalize does)
    "StatementsFunction": {"GetItem", "PutItem", "UpdateItem"},
    "RecordFailureFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    "OnRunFailedFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    # due deadlines (a query) and their removal
    "SweeperFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    # claim an update (a conditional put), release it
    "TelegramWebhookFunction": {"PutItem", "DeleteItem"},
    # users, links, uploads, albums, the user's documents (a query on GSI1)
    "TelegramBotFunction": {"GetItem", "PutItem", "UpdateItem", "Query"},
    "TelegramProgressFunction": {"GetItem", "PutItem"},
    # the external recognizer's hand-off: its task record (created once, then its stage, last
    # error and end), and the poller's query of the active tasks (GSI1)
    "RecognizerAcceptFunction": {"PutItem"},
    "RecognizerSendFunction": {"GetItem", "UpdateItem"},
    "RecognizerAwaitFunction": {"UpdateItem"},
    "RecognizerFinishFunction": {"GetItem", "UpdateItem"},
    "RecognizerPollerFunction": {"GetItem", "UpdateItem", "Query"},
    # recognition jobs: claimed (a conditional put), read, moved and their answers kept
    "RecognitionFunction": {"GetItem", "PutItem", "UpdateItem"},
    # the recognition client: read a job, apply an answer (a conditional update); the sweep
    # lists the due open jobs (a query on GSI1) and moves them
    "RecognitionClientFunction": {"GetItem", "UpdateItem"},
    "RecognitionClientSweepFunction": {"UpdateItem", "Query"},
    # the service's sweep: the stale jobs (a query on GSI1), each answered (a conditional update)
    "RecognitionSweepFunction": {"UpdateItem", "Query"},
}


def _table_actions(function: str, table: str) -> set[str]:
    actions: set[str] = set()
    for statement in _statements(FUNCTIONS[function]["Properties"].get("Policies", [])):
        if table in json.dumps(statement["Resource"]):
            actions |= {a.removeprefix("dynamodb:") for a in _strings(statement["Action"])}
    return actions


@pytest.mark.parametrize("function", sorted(TABLE_ACTIONS))
def test_each_function_gets_the_table_actions_it_uses_and_no_more(function: str) -> None:
    policies = FUNCTIONS[function]["Properties"].get("Policies", [])
    templates = {name for policy in policies if isinstance(policy, dict) for name in policy}

    assert not {name for name in templates if name.startswith("DynamoDB")}  # no Crud policy
    assert _table_actions(function, "DocumentsTable") == TABLE_ACTIONS[function]


def test_only_the_extract_functions_use_the_idempotency_table() -> None:
    users = {f for f in FUNCTIONS if _table_actions(f, "IdempotencyTable")}

    assert users == {"ExtractFunction", "BatchExtractFunction"}
    for function in users:
        assert _table_actions(function, "IdempotencyTable") == {
            "GetItem",
            "PutItem",
            "UpdateItem",
            "DeleteItem",
        }


def test_the_pipelines_functions_cover_every_function_with_table_access() -> None:
    with_policies = {
        f
        for f, r in FUNCTIONS.items()
        if "Policies" in r["Properties"] and _table_actions(f, "DocumentsTable")
    }

    assert with_policies == set(TABLE_ACTIONS)  # the API's two have their own roles
