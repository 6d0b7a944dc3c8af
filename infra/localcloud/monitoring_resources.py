"""Creators for the operations resources: the alarm topic and its subscription, CloudWatch
alarms and the dashboard.

moto keeps them and evaluates nothing (no metric reaches it, no alarm fires, no e-mail
goes out); creating them still checks what CloudWatch would refuse: an alarm's request
shape and a dashboard body that is not JSON.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from infra.localcloud.intrinsics import Created

if TYPE_CHECKING:
    from infra.localcloud.provision import Creator, ProvisionContext

_TOPIC_ATTRIBUTES = ("DisplayName", "KmsMasterKeyId", "FifoTopic", "ContentBasedDeduplication")


def create_topic(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An SNS topic (what the alarms notify)."""
    fifo = str(props.get("FifoTopic", "")).lower() == "true"
    name = props.get("TopicName") or ctx.physical_name(logical_id, 256) + (".fifo" if fifo else "")
    attributes = {key: str(props[key]) for key in _TOPIC_ATTRIBUTES if key in props}
    arn = ctx.clients.get("sns").create_topic(Name=name, Attributes=attributes)["TopicArn"]
    ctx.deployment.topics[logical_id] = arn
    return Created(ref=arn, attrs={"TopicArn": arn, "TopicName": name})


def create_subscription(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A topic subscription (an e-mail one stays pending: nobody confirms it locally)."""
    arn = ctx.clients.get("sns").subscribe(
        TopicArn=props["TopicArn"],
        Protocol=props["Protocol"],
        Endpoint=props["Endpoint"],
        ReturnSubscriptionArn=True,
    )["SubscriptionArn"]
    return Created(ref=arn, attrs={"Arn": arn})


# CloudFormation's alarm properties that PutMetricAlarm takes under the same name, and the
# type the API wants (a resolved Ref to a Number parameter is a string).
_ALARM_FIELDS: dict[str, type] = {
    "AlarmDescription": str,
    "ActionsEnabled": bool,
    "OKActions": list,
    "AlarmActions": list,
    "InsufficientDataActions": list,
    "MetricName": str,
    "Namespace": str,
    "Statistic": str,
    "ExtendedStatistic": str,
    "Dimensions": list,
    "Period": int,
    "Unit": str,
    "EvaluationPeriods": int,
    "DatapointsToAlarm": int,
    "Threshold": float,
    "ComparisonOperator": str,
    "TreatMissingData": str,
    "EvaluateLowSampleCountPercentile": str,
    "Metrics": list,
    "ThresholdMetricId": str,
}


def _typed(value: Any, kind: type) -> Any:
    if kind is bool:
        return value if isinstance(value, bool) else str(value).lower() == "true"
    if kind in (int, float):
        return kind(value)
    return value


def _metric_query(query: dict[str, Any]) -> dict[str, Any]:
    # A metric math query: the same shape in both, but numbers may come as strings.
    api = dict(query)
    if "Period" in api:
        api["Period"] = int(api["Period"])
    stat = api.get("MetricStat")
    if stat is not None:
        api["MetricStat"] = {**stat, "Period": int(stat["Period"])}
    if "ReturnData" in api:
        api["ReturnData"] = _typed(api["ReturnData"], bool)
    return api


def alarm_request(name: str, props: dict[str, Any]) -> dict[str, Any]:
    """An AWS::CloudWatch::Alarm's properties as PutMetricAlarm's parameters."""
    request: dict[str, Any] = {"AlarmName": name}
    for key, kind in _ALARM_FIELDS.items():
        if key in props:
            request[key] = _typed(props[key], kind)
    if "Metrics" in request:
        request["Metrics"] = [_metric_query(q) for q in request["Metrics"]]
    if "Dimensions" in request:
        request["Dimensions"] = [
            {"Name": d["Name"], "Value": str(d["Value"])} for d in request["Dimensions"]
        ]
    return request


def create_alarm(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A CloudWatch alarm, kept by moto (locally no metric arrives, so none fires)."""
    name = props.get("AlarmName") or ctx.physical_name(logical_id, 255)
    ctx.clients.get("cloudwatch").put_metric_alarm(**alarm_request(name, props))
    ctx.deployment.alarms[logical_id] = name
    return Created(ref=name, attrs={"Arn": ctx.arn("cloudwatch", f"alarm:{name}")})


class DashboardBodyError(ValueError):
    """A dashboard body CloudWatch would refuse."""


def create_dashboard(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A CloudWatch dashboard; its body must be JSON with a widgets list, as CloudWatch checks."""
    name = props.get("DashboardName") or ctx.physical_name(logical_id, 255)
    body = props["DashboardBody"]
    try:
        widgets = json.loads(body).get("widgets")
    except (json.JSONDecodeError, AttributeError) as exc:
        raise DashboardBodyError(f"{logical_id}: DashboardBody is not a JSON object") from exc
    if not isinstance(widgets, list):
        raise DashboardBodyError(f"{logical_id}: DashboardBody has no widgets list")
    ctx.clients.get("cloudwatch").put_dashboard(DashboardName=name, DashboardBody=body)
    ctx.deployment.dashboards[logical_id] = name
    return Created(ref=name)


CREATORS: dict[str, Creator] = {
    "AWS::SNS::Topic": create_topic,
    "AWS::SNS::Subscription": create_subscription,
    "AWS::CloudWatch::Alarm": create_alarm,
    "AWS::CloudWatch::Dashboard": create_dashboard,
}
