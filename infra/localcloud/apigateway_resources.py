"""API Gateway resources the template declares: the API, its stage's settings, the partners'
plan, its answers, the account's logging role and the web ACL in front of the stage.

chalice.local serves the routes; moto's RestApi and stage only anchor the usage plan,
whose keys and limits the local API server enforces (infra/localcloud/apikeys.py). The
stage keeps its throttles and access-log setting, and the web ACL its rules, in moto for
anyone to read back; neither is enforced locally (no access log is written either).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from infra.localcloud.intrinsics import Created

if TYPE_CHECKING:
    from infra.localcloud.provision import Creator, ProvisionContext


def create_rest_api(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An empty RestApi: its routes are the Chalice app's, served by chalice.local."""
    name = props.get("Name") or ctx.physical_name(logical_id)
    api = ctx.clients.get("apigateway").create_rest_api(name=name)
    return Created(ref=api["id"], attrs={"RootResourceId": api["rootResourceId"]})


def create_deployment(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A deployment id only: moto refuses to deploy an API without methods, and ours has none."""
    return Created(ref=f"local{logical_id.lower()[-10:]}")


# A MethodSetting's CloudFormation properties and where UpdateStage patches each.
_METHOD_SETTING_PATHS = {
    "ThrottlingRateLimit": "throttling/rateLimit",
    "ThrottlingBurstLimit": "throttling/burstLimit",
    "MetricsEnabled": "metrics/enabled",
    "LoggingLevel": "logging/loglevel",
    "DataTraceEnabled": "logging/dataTrace",
    "CachingEnabled": "caching/enabled",
    "CacheTtlInSeconds": "caching/ttlInSeconds",
}


def stage_patch_operations(props: dict[str, Any]) -> list[dict[str, str]]:
    """A stage's MethodSettings and AccessLogSetting as UpdateStage patch operations.

    A setting's path is its ResourcePath (already `~1`-escaped, as CloudFormation takes it)
    and its method: `/~1v1~1auth~1login/POST/throttling/rateLimit`, `/*/*/...` for all.
    """
    operations: list[dict[str, str]] = []
    for setting in props.get("MethodSettings", []):
        prefix = f"{setting.get('ResourcePath', '/*')}/{setting.get('HttpMethod', '*')}"
        for key, path in _METHOD_SETTING_PATHS.items():
            if key in setting:
                value = setting[key]
                text = str(value).lower() if isinstance(value, bool) else str(value)
                operations.append({"op": "replace", "path": f"{prefix}/{path}", "value": text})
    access = props.get("AccessLogSetting")
    if access:
        for key, path in (("DestinationArn", "destinationArn"), ("Format", "format")):
            if key in access:
                operations.append(
                    {"op": "replace", "path": f"/accessLogSettings/{path}", "value": access[key]}
                )
    return operations


def create_stage(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """The stage the usage plan names, with its method settings and access-log setting."""
    apigateway = ctx.clients.get("apigateway")
    apigateway.create_stage(
        restApiId=props["RestApiId"],
        stageName=props["StageName"],
        deploymentId=props["DeploymentId"],
    )
    operations = stage_patch_operations(props)
    if operations:
        apigateway.update_stage(
            restApiId=props["RestApiId"],
            stageName=props["StageName"],
            patchOperations=operations,
        )
    return Created(ref=props["StageName"])


def create_account(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """API Gateway's account settings: the role it writes logs with."""
    operations = []
    if props.get("CloudWatchRoleArn"):
        value = props["CloudWatchRoleArn"]
        operations.append({"op": "replace", "path": "/cloudwatchRoleArn", "value": value})
    ctx.clients.get("apigateway").update_account(patchOperations=operations)
    return Created(ref=f"{ctx.deployment.account_id}-apigateway-account")


# Properties of a web ACL (and its rules) that the API takes as numbers.
_WAF_NUMBERS = frozenset(
    {"Limit", "EvaluationWindowSec", "Priority", "ResponseCode", "ImmunityTime", "Size"}
)


def _waf_numbers(value: Any, key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: _waf_numbers(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_waf_numbers(item, key) for item in value]
    return int(value) if key in _WAF_NUMBERS and isinstance(value, str) else value


def create_web_acl(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A WAFv2 web ACL with its rules (moto keeps them; nothing is filtered locally)."""
    name = props.get("Name") or ctx.physical_name(logical_id, 128)
    request: dict[str, Any] = {
        "Name": name,
        "Scope": props["Scope"],
        "DefaultAction": props["DefaultAction"],
        "VisibilityConfig": props["VisibilityConfig"],
        "Rules": _waf_numbers(props.get("Rules", [])),
    }
    for key in ("Description", "CustomResponseBodies", "CaptchaConfig", "ChallengeConfig"):
        if key in props:
            request[key] = props[key]
    summary = ctx.clients.get("wafv2").create_web_acl(**request)["Summary"]
    ctx.deployment.web_acls[logical_id] = summary["ARN"]
    return Created(
        ref=f"{name}|{summary['Id']}|{props['Scope']}",
        attrs={"Arn": summary["ARN"], "Id": summary["Id"]},
    )


def create_web_acl_association(
    ctx: ProvisionContext, logical_id: str, props: dict[str, Any]
) -> Created:
    """A web ACL in front of a resource (the API stage: moto records it on the stage)."""
    ctx.clients.get("wafv2").associate_web_acl(
        WebACLArn=props["WebACLArn"], ResourceArn=props["ResourceArn"]
    )
    return Created(ref=f"{props['WebACLArn']}|{props['ResourceArn']}")


def create_usage_plan(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A usage plan with its stages, throttle and quota (moto keeps them; we enforce them)."""
    request: dict[str, Any] = {"name": props.get("UsagePlanName") or ctx.physical_name(logical_id)}
    if "Description" in props:
        request["description"] = props["Description"]
    request["apiStages"] = [
        {"apiId": stage["ApiId"], "stage": stage["Stage"]} for stage in props.get("ApiStages", [])
    ]
    if "Throttle" in props:
        throttle = props["Throttle"]
        request["throttle"] = {
            "rateLimit": float(throttle.get("RateLimit", 0)),
            "burstLimit": int(throttle.get("BurstLimit", 0)),
        }
    if "Quota" in props:
        quota = props["Quota"]
        request["quota"] = {
            "limit": int(quota["Limit"]),
            "period": quota["Period"],
            "offset": int(quota.get("Offset", 0)),
        }
    plan = ctx.clients.get("apigateway").create_usage_plan(**request)
    return Created(ref=plan["id"])


def create_gateway_response(
    ctx: ProvisionContext, logical_id: str, props: dict[str, Any]
) -> Created:
    """One of API Gateway's own answers, kept in moto (the local server answers with it from
    the template itself: infra/localcloud/gateway.py)."""
    request: dict[str, Any] = {
        "restApiId": props["RestApiId"],
        "responseType": props["ResponseType"],
        "responseParameters": props.get("ResponseParameters", {}),
        "responseTemplates": props.get("ResponseTemplates", {}),
    }
    if props.get("StatusCode"):
        request["statusCode"] = str(props["StatusCode"])
    ctx.clients.get("apigateway").put_gateway_response(**request)
    return Created(ref=f"{props['RestApiId']}:{props['ResponseType']}")


CREATORS: dict[str, Creator] = {
    "AWS::ApiGateway::RestApi": create_rest_api,
    "AWS::ApiGateway::Deployment": create_deployment,
    "AWS::ApiGateway::Stage": create_stage,
    "AWS::ApiGateway::Account": create_account,
    "AWS::WAFv2::WebACL": create_web_acl,
    "AWS::WAFv2::WebACLAssociation": create_web_acl_association,
    "AWS::ApiGateway::UsagePlan": create_usage_plan,
    "AWS::ApiGateway::GatewayResponse": create_gateway_response,
}
