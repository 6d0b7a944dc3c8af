"""Creators for storage resources: S3 buckets, DynamoDB tables, SQS queues and their policies.

Each takes the resource's resolved CloudFormation properties and translates
them to the API's shapes (the two differ in names: `Id` vs `ID`, `MaxAge` vs
`MaxAgeSeconds`, `LambdaConfigurations` vs `LambdaFunctionConfigurations`...).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from infra.localcloud.intrinsics import Created

if TYPE_CHECKING:
    from infra.localcloud.provision import Creator, ProvisionContext


def _lifecycle_filter(rule: dict[str, Any]) -> dict[str, Any]:
    tags = [{"Key": t["Key"], "Value": t["Value"]} for t in rule.get("TagFilters", [])]
    prefix = rule.get("Prefix")
    if tags and (prefix is not None or len(tags) > 1):
        return {"And": {"Prefix": prefix or "", "Tags": tags}}
    if tags:
        return {"Tag": tags[0]}
    return {"Prefix": prefix or ""}


def _lifecycle_rule(rule: dict[str, Any]) -> dict[str, Any]:
    api: dict[str, Any] = {"Status": rule["Status"], "Filter": _lifecycle_filter(rule)}
    if "Id" in rule:
        api["ID"] = rule["Id"]
    if "ExpirationInDays" in rule:
        api["Expiration"] = {"Days": int(rule["ExpirationInDays"])}
    elif rule.get("ExpiredObjectDeleteMarker"):
        api["Expiration"] = {"ExpiredObjectDeleteMarker": True}
    if "NoncurrentVersionExpiration" in rule:
        days = rule["NoncurrentVersionExpiration"]["NoncurrentDays"]
        api["NoncurrentVersionExpiration"] = {"NoncurrentDays": int(days)}
    if "AbortIncompleteMultipartUpload" in rule:
        days = rule["AbortIncompleteMultipartUpload"]["DaysAfterInitiation"]
        api["AbortIncompleteMultipartUpload"] = {"DaysAfterInitiation": int(days)}
    return api


def _cors_rule(rule: dict[str, Any]) -> dict[str, Any]:
    renames = {"Id": "ID", "MaxAge": "MaxAgeSeconds", "ExposedHeaders": "ExposeHeaders"}
    api = {renames.get(key, key): value for key, value in rule.items()}
    if "MaxAgeSeconds" in api:
        api["MaxAgeSeconds"] = int(api["MaxAgeSeconds"])
    return api


def _key_filter(config: dict[str, Any]) -> dict[str, Any]:
    rules = config.get("Filter", {}).get("S3Key", {}).get("Rules", [])
    return {"Key": {"FilterRules": [{"Name": r["Name"], "Value": r["Value"]} for r in rules]}}


def notification_configuration(props: dict[str, Any]) -> dict[str, Any]:
    """A bucket's CloudFormation NotificationConfiguration in the API's shape."""
    config = props.get("NotificationConfiguration", {})
    api: dict[str, Any] = {}
    lambdas = config.get("LambdaConfigurations", [])
    if lambdas:
        api["LambdaFunctionConfigurations"] = [
            {"LambdaFunctionArn": c["Function"], "Events": [c["Event"]], "Filter": _key_filter(c)}
            for c in lambdas
        ]
    queues = config.get("QueueConfigurations", [])
    if queues:
        api["QueueConfigurations"] = [
            {"QueueArn": c["Queue"], "Events": [c["Event"]], "Filter": _key_filter(c)}
            for c in queues
        ]
    if config.get("TopicConfigurations"):
        raise NotImplementedError("bucket TopicConfigurations are not supported locally")
    return api


def _configure_bucket(s3: Any, name: str, props: dict[str, Any]) -> None:
    if "VersioningConfiguration" in props:
        s3.put_bucket_versioning(
            Bucket=name, VersioningConfiguration=props["VersioningConfiguration"]
        )
    if "BucketEncryption" in props:
        rules = [
            {("Apply" + k if k == "ServerSideEncryptionByDefault" else k): v for k, v in r.items()}
            for r in props["BucketEncryption"]["ServerSideEncryptionConfiguration"]
        ]
        s3.put_bucket_encryption(Bucket=name, ServerSideEncryptionConfiguration={"Rules": rules})
    if "PublicAccessBlockConfiguration" in props:
        block = props["PublicAccessBlockConfiguration"]
        s3.put_public_access_block(Bucket=name, PublicAccessBlockConfiguration=block)
    if "OwnershipControls" in props:
        s3.put_bucket_ownership_controls(Bucket=name, OwnershipControls=props["OwnershipControls"])
    if "CorsConfiguration" in props:
        rules = [_cors_rule(r) for r in props["CorsConfiguration"]["CorsRules"]]
        s3.put_bucket_cors(Bucket=name, CORSConfiguration={"CORSRules": rules})
    if "LifecycleConfiguration" in props:
        rules = [_lifecycle_rule(r) for r in props["LifecycleConfiguration"]["Rules"]]
        s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={"Rules": rules})
    notification = notification_configuration(props)
    if notification:
        s3.put_bucket_notification_configuration(
            Bucket=name, NotificationConfiguration=notification
        )


def create_bucket(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An S3 bucket with its versioning, encryption, CORS, lifecycle and notifications."""
    name = props.get("BucketName") or ctx.physical_name(logical_id, 63, lower=True)
    s3 = ctx.clients.get("s3")
    region = ctx.deployment.region
    location = {} if region == "us-east-1" else {"LocationConstraint": region}
    s3.create_bucket(Bucket=name, **({"CreateBucketConfiguration": location} if location else {}))
    _configure_bucket(s3, name, props)
    ctx.deployment.buckets[logical_id] = name
    return Created(
        ref=name,
        attrs={
            "Arn": f"arn:aws:s3:::{name}",
            "DomainName": f"{name}.s3.amazonaws.com",
            "RegionalDomainName": f"{name}.s3.{region}.amazonaws.com",
        },
    )


def _table_request(name: str, props: dict[str, Any]) -> dict[str, Any]:
    request: dict[str, Any] = {
        "TableName": name,
        "KeySchema": props["KeySchema"],
        "AttributeDefinitions": props["AttributeDefinitions"],
        "BillingMode": props.get("BillingMode", "PROVISIONED"),
    }
    for key in ("GlobalSecondaryIndexes", "LocalSecondaryIndexes", "ProvisionedThroughput"):
        if key in props:
            request[key] = props[key]
    sse = props.get("SSESpecification")
    if sse:
        request["SSESpecification"] = {
            ("Enabled" if k == "SSEEnabled" else k): v for k, v in sse.items()
        }
    stream = props.get("StreamSpecification")
    if stream:
        request["StreamSpecification"] = {"StreamEnabled": True, **stream}
    return request


def create_table(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A DynamoDB table with its indexes, TTL and point-in-time recovery."""
    name = props.get("TableName") or ctx.physical_name(logical_id, 255)
    dynamodb = ctx.clients.get("dynamodb")
    table = dynamodb.create_table(**_table_request(name, props))["TableDescription"]
    ttl = props.get("TimeToLiveSpecification")
    if ttl:
        dynamodb.update_time_to_live(
            TableName=name,
            TimeToLiveSpecification={
                "AttributeName": ttl["AttributeName"],
                "Enabled": ttl["Enabled"],
            },
        )
    pitr = props.get("PointInTimeRecoverySpecification", {})
    if pitr.get("PointInTimeRecoveryEnabled"):
        dynamodb.update_continuous_backups(
            TableName=name,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True},
        )
    ctx.deployment.tables[logical_id] = name
    attrs = {"Arn": table["TableArn"]}
    if "LatestStreamArn" in table:
        attrs["StreamArn"] = table["LatestStreamArn"]
    return Created(ref=name, attrs=attrs)


_QUEUE_ATTRIBUTES = (
    "ContentBasedDeduplication",
    "DelaySeconds",
    "FifoQueue",
    "KmsMasterKeyId",
    "MaximumMessageSize",
    "MessageRetentionPeriod",
    "ReceiveMessageWaitTimeSeconds",
    "SqsManagedSseEnabled",
    "VisibilityTimeout",
)


def _attribute_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value) if isinstance(value, dict) else str(value)


def create_queue(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An SQS queue."""
    fifo = bool(props.get("FifoQueue"))
    name = props.get("QueueName") or ctx.physical_name(logical_id, 75) + (".fifo" if fifo else "")
    attributes = {k: _attribute_text(props[k]) for k in _QUEUE_ATTRIBUTES if k in props}
    if "RedrivePolicy" in props:
        attributes["RedrivePolicy"] = _attribute_text(props["RedrivePolicy"])
    url = ctx.clients.get("sqs").create_queue(QueueName=name, Attributes=attributes)["QueueUrl"]
    arn = ctx.arn("sqs", name)
    ctx.deployment.queues[logical_id] = url
    ctx.deployment.queue_arns[logical_id] = arn
    return Created(ref=url, attrs={"Arn": arn, "QueueName": name, "QueueUrl": url})


def create_queue_policy(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """A queue policy, set on each queue it names (moto keeps it; it does not evaluate it)."""
    sqs = ctx.clients.get("sqs")
    policy = json.dumps(props["PolicyDocument"])
    for queue_url in props["Queues"]:
        sqs.set_queue_attributes(QueueUrl=queue_url, Attributes={"Policy": policy})
    return Created(ref=f"{ctx.deployment.stack_name}-{logical_id}")


CREATORS: dict[str, Creator] = {
    "AWS::S3::Bucket": create_bucket,
    "AWS::DynamoDB::Table": create_table,
    "AWS::SQS::Queue": create_queue,
    "AWS::SQS::QueuePolicy": create_queue_policy,
}
