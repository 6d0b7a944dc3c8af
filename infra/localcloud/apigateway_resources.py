"""API Gateway resources the template declares: the API, the partners' plan, its answers.

chalice.local serves the routes; moto's RestApi and stage only anchor the usage plan,
whose keys and limits the local API server enforces (infra/localcloud/apikeys.py).
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


def create_stage(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """The stage the usage plan names."""
    ctx.clients.get("apigateway").create_stage(
        restApiId=props["RestApiId"],
        stageName=props["StageName"],
        deploymentId=props["DeploymentId"],
    )
    return Created(ref=props["StageName"])


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
    "AWS::ApiGateway::UsagePlan": create_usage_plan,
    "AWS::ApiGateway::GatewayResponse": create_gateway_response,
}
