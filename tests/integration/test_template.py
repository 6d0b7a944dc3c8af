"""The template, the ASL, the code and the local cloud agree with one another."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from infra.localcloud.template import load_sam_template, transform_template

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "infra" / "template.yaml"
SAM = load_sam_template(TEMPLATE)
RESOURCES: dict[str, Any] = SAM["Resources"]
STATE_MACHINES = {
    lid: r for lid, r in RESOURCES.items() if r["Type"] == "AWS::Serverless::StateMachine"
}
FUNCTIONS = {lid: r for lid, r in RESOURCES.items() if r["Type"] == "AWS::Serverless::Function"}


def _asl_path(logical_id: str) -> Path:
    return ROOT / STATE_MACHINES[logical_id]["Properties"]["DefinitionUri"]


def _require_asl() -> None:
    missing = [str(_asl_path(lid)) for lid in STATE_MACHINES if not _asl_path(lid).is_file()]
    if missing:
        pytest.skip(f"ASL not written yet: {missing}")


@pytest.fixture(scope="module")
def transformed() -> dict[str, Any]:
    _require_asl()
    return transform_template(SAM, ROOT, "us-east-1", {"Stage": "local"})


def test_cfn_lint_finds_nothing_in_the_template() -> None:
    from cfnlint.api import ManualArgs, lint_file

    matches = lint_file(TEMPLATE, config=ManualArgs(regions=["us-east-1"]))

    assert [str(m) for m in matches] == []


def test_cfn_lint_finds_nothing_in_the_state_machines() -> None:
    _require_asl()
    from cfnlint.api import ManualArgs, lint

    from infra.package import asl_lint_template, inline_state_machines

    template = json.loads(json.dumps(SAM))
    inline_state_machines(template)
    text = json.dumps(asl_lint_template(template))

    assert [str(m) for m in lint(text, config=ManualArgs(regions=["us-east-1"]))] == []


@pytest.mark.parametrize("logical_id", sorted(STATE_MACHINES))
def test_every_substitution_is_used_in_the_asl_and_every_placeholder_is_defined(
    logical_id: str,
) -> None:
    _require_asl()
    defined = set(STATE_MACHINES[logical_id]["Properties"].get("DefinitionSubstitutions", {}))

    used = set(re.findall(r"\$\{([A-Za-z0-9_]+)\}", _asl_path(logical_id).read_text()))

    assert used == defined


def test_every_function_directory_is_in_the_template_and_has_its_handler() -> None:
    code_dirs = {
        r["Properties"]["CodeUri"].strip("/")
        for r in FUNCTIONS.values()
        if not r["Properties"]["CodeUri"].endswith(".zip")
    }
    on_disk = {
        p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "functions").glob("*/handler.py")
    }

    assert code_dirs == on_disk


def test_every_function_gets_the_settings_that_have_no_default() -> None:
    from chalicelib.settings import Settings

    required = {
        name.upper() for name, field in Settings.model_fields.items() if field.is_required()
    }
    globals_env = set(SAM["Globals"]["Function"]["Environment"]["Variables"])

    assert required <= globals_env


def test_the_local_cloud_has_every_resource_the_template_declares(
    local_cloud: LocalCloud, transformed: dict[str, Any]
) -> None:
    d = local_cloud.deployment
    by_type: dict[str, set[str]] = {}
    for logical_id, resource in transformed["Resources"].items():
        by_type.setdefault(resource["Type"], set()).add(logical_id)

    assert set(d.functions) == by_type["AWS::Lambda::Function"]
    assert set(d.tables) == by_type["AWS::DynamoDB::Table"]
    assert set(d.buckets) == by_type["AWS::S3::Bucket"]
    assert set(d.state_machines) == by_type["AWS::StepFunctions::StateMachine"]
    assert set(d.queues) == by_type["AWS::SQS::Queue"]
    assert set(d.rules) == by_type["AWS::Events::Rule"]
    assert set(d.alarms) == by_type["AWS::CloudWatch::Alarm"]
    assert set(d.dashboards) == by_type["AWS::CloudWatch::Dashboard"]
    assert set(d.topics) == by_type["AWS::SNS::Topic"]  # no AlarmTopicArn: the stack's own
    # And every other resource: created, or skipped with its reason (a type with no local
    # effect, or a condition that is false with the local cloud's parameters).
    assert set(d.created) | set(d.skipped) == set(transformed["Resources"])
    assert not set(d.created) & set(d.skipped)
    assert all(d.skipped.values())


def test_deployed_functions_have_the_templates_handler_and_environment(
    local_cloud: LocalCloud, transformed: dict[str, Any]
) -> None:
    aws_lambda = local_cloud.client("lambda")
    for logical_id, function in local_cloud.deployment.functions.items():
        props = transformed["Resources"][logical_id]["Properties"]
        config = aws_lambda.get_function_configuration(FunctionName=function.name)

        assert config["Handler"] == props["Handler"]
        assert config["Timeout"] == props.get("Timeout", 3)
        assert set(config["Environment"]["Variables"]) == set(props["Environment"]["Variables"])
        assert config["Environment"]["Variables"] == function.environment


@pytest.mark.parametrize(
    ("function", "event", "prefix"),
    [
        ("ExtractFunction", "Upload", "uploads/"),
        # A bulk import's files: an Extract of their own, with its own reserved concurrency.
        ("BatchExtractFunction", "BatchUpload", "batch-uploads/"),
        ("BatchImportFunction", "Import", "imports/"),
    ],
)
def test_the_bucket_notifies_extract_for_uploads_and_the_importer_for_zips(
    local_cloud: LocalCloud, function: str, event: str, prefix: str
) -> None:
    d = local_cloud.deployment
    rules = RESOURCES[function]["Properties"]["Events"][event]["Properties"]

    config = local_cloud.client("s3").get_bucket_notification_configuration(Bucket=d.bucket)

    targets = config["LambdaFunctionConfigurations"]
    assert len(targets) == 3
    [target] = [t for t in targets if t["LambdaFunctionArn"] == d.functions[function].arn]
    assert target["Events"] == [rules["Events"]]
    declared = [(r["Name"].lower(), r["Value"]) for r in rules["Filter"]["S3Key"]["Rules"]]
    deployed = [(r["Name"].lower(), r["Value"]) for r in target["Filter"]["Key"]["FilterRules"]]
    assert deployed == declared == [("prefix", prefix)]


def test_the_state_machine_is_the_asl_with_its_substitutions(local_cloud: LocalCloud) -> None:
    d = local_cloud.deployment
    sfn = local_cloud.client("stepfunctions")
    for logical_id, arn in d.state_machines.items():
        asl = _asl_path(logical_id).read_text()
        for key, value in STATE_MACHINES[logical_id]["Properties"][
            "DefinitionSubstitutions"
        ].items():
            target = value["Fn::GetAtt"][0]
            asl = asl.replace("${" + key + "}", d.functions[target].arn)

        definition = sfn.describe_state_machine(stateMachineArn=arn)["definition"]

        assert json.loads(definition) == json.loads(asl)


def test_the_handlers_share_one_environment_with_the_names_of_the_deployment(
    local_cloud: LocalCloud,
) -> None:
    import os

    d = local_cloud.deployment

    assert os.environ["TABLE_NAME"] == d.tables["DocumentsTable"]
    assert os.environ["IDEMPOTENCY_TABLE_NAME"] == d.tables["IdempotencyTable"]
    assert os.environ["BUCKET_NAME"] == d.buckets["DocumentsBucket"]
    assert os.environ["STATE_MACHINE_ARN"] == d.state_machines["DocumentPipeline"]


@pytest.mark.slow
def test_the_packaged_template_merges_the_api_and_lints_clean(tmp_path: Path) -> None:
    if not (ROOT / "app.py").is_file():
        pytest.skip("app.py not written yet")
    _require_asl()
    from infra.package import main

    assert main(["--template-only", "--lint", "--out", str(tmp_path)]) == 0

    merged = json.loads((tmp_path / "sam.json").read_text())["Resources"]
    api = merged["APIHandler"]["Properties"]
    assert api["Role"] == {"Fn::GetAtt": ["ApiHandlerRole", "Arn"]}
    assert api["Environment"]["Variables"]["STATE_MACHINE_ARN"] == {"Ref": "DocumentPipeline"}
    policies = merged["ApiHandlerRole"]["Properties"]["Policies"]
    [policy] = policies  # the template's policy replaced Chalice's .chalice/policy-api.json
    statements = policy["PolicyDocument"]["Statement"]
    actions = {
        a
        for st in statements
        if "Action" in st  # not a secret's grant, which is an Fn::If on its parameter
        for a in ([st["Action"]] if isinstance(st["Action"], str) else st["Action"])
    }
    assert {"dynamodb:GetItem", "states:SendTaskSuccess", "s3:PutObject"} <= actions
    assert "Definition" in merged["DocumentPipeline"]["Properties"]
    # The bearer authorizer: its own function and role, called by a name known in advance.
    authorizer = merged["BearerToken"]["Properties"]
    assert authorizer["Handler"] == "app.bearer_token"
    assert authorizer["Role"] == {"Fn::GetAtt": ["BearerTokenRole", "Arn"]}
    assert "AUTH_TOKEN_SECRET_PARAMETER" in authorizer["Environment"]["Variables"]
    body = merged["RestAPI"]["Properties"]["DefinitionBody"]
    scheme = body["securityDefinitions"]["bearer_token"]["x-amazon-apigateway-authorizer"]
    assert "bearer-token/invocations" in scheme["authorizerUri"]["Fn::Sub"]
    assert body["paths"]["/v1/me"]["get"]["security"] == [{"bearer_token": []}]
    assert "security" not in body["paths"]["/v1/auth/login"]["post"]
    responses = {
        r["Properties"]["ResponseType"]
        for r in merged.values()
        if r["Type"] == "AWS::ApiGateway::GatewayResponse"
    }
    assert {"UNAUTHORIZED", "INVALID_API_KEY", "THROTTLED", "QUOTA_EXCEEDED"} <= responses


# --- the Telegram bot ------------------------------------------------------------------------

# The functions that move a document from one status to another, and so announce it.
STATUS_PUBLISHERS = (
    "ExtractFunction",
    "PrescreenFunction",
    "AnalyzeFunction",
    "HoldForReviewFunction",
    "FinalizeFunction",
    "RecordFailureFunction",
    "OnRunFailedFunction",
    "SweeperFunction",
)


def _policy_names(logical_id: str) -> set[str]:
    policies = FUNCTIONS[logical_id]["Properties"].get("Policies", [])
    return {name for policy in policies if isinstance(policy, dict) for name in policy}


@pytest.mark.parametrize("logical_id", STATUS_PUBLISHERS)
def test_every_step_that_moves_a_document_may_announce_it_on_the_bus(logical_id: str) -> None:
    assert "EventBridgePutEventsPolicy" in _policy_names(logical_id)


def test_the_webhook_is_a_public_function_url_with_its_own_limits_and_logs() -> None:
    webhook = FUNCTIONS["TelegramWebhookFunction"]["Properties"]
    assert webhook["FunctionUrlConfig"] == {"AuthType": "NONE"}  # the secret header guards it
    assert webhook["ReservedConcurrentExecutions"] == {"Ref": "TelegramWebhookConcurrency"}
    assert "TelegramWebhookSecretParameter" in json.dumps(webhook["Environment"])
    assert "Layers" not in webhook  # no aiogram: the webhook answers Telegram at once
    assert "LambdaInvokePolicy" in _policy_names("TelegramWebhookFunction")
    for name in ("TelegramWebhook", "TelegramBot", "TelegramProgress"):
        group = RESOURCES[f"{name}LogGroup"]["Properties"]["LogGroupName"]
        assert f"${{{name}Function}}" in json.dumps(group)


def test_the_bot_worker_is_never_retried_and_progress_hangs_off_the_status_events() -> None:
    worker = FUNCTIONS["TelegramBotFunction"]["Properties"]
    assert worker["EventInvokeConfig"]["MaximumRetryAttempts"] == 0
    assert worker["Layers"] == [{"Ref": "TelegramLayer"}]
    rule = FUNCTIONS["TelegramProgressFunction"]["Properties"]["Events"]["StatusChanged"]
    assert rule["Type"] == "EventBridgeRule"
    assert rule["Properties"]["EventBusName"] == {"Ref": "DocumentEventsBus"}
    assert rule["Properties"]["Pattern"]["detail"] == {"telegram": {"chat_id": [{"exists": True}]}}


def test_the_telegram_layer_holds_the_telegram_extra() -> None:
    assert RESOURCES["TelegramLayer"]["Properties"]["ContentUri"] == "layers/telegram"
    source = (ROOT / "infra" / "package.py").read_text()
    assert '"layers/telegram"' in source and '["telegram"]' in source
