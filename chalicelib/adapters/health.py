"""Probes of the resources the API needs: each raises when its resource does not answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import boto3

if TYPE_CHECKING:
    from collections.abc import Callable


def table_probe(table_name: str) -> Callable[[], None]:
    """The table answers a read (of a key nothing uses: no data is touched)."""

    def probe() -> None:
        boto3.client("dynamodb").get_item(
            TableName=table_name, Key={"PK": {"S": "HEALTH"}, "SK": {"S": "PROBE"}}
        )

    return probe


def bucket_probe(bucket: str) -> Callable[[], None]:
    """The bucket exists and we may list it."""

    def probe() -> None:
        boto3.client("s3").head_bucket(Bucket=bucket)

    return probe


def state_machine_probe(state_machine_arn: str) -> Callable[[], None]:
    """The document pipeline exists."""

    def probe() -> None:
        boto3.client("stepfunctions").describe_state_machine(stateMachineArn=state_machine_arn)

    return probe


def event_bus_probe(bus_name: str) -> Callable[[], None]:
    """The EventBridge bus exists and we may describe it (an unnamed bus fails)."""

    def probe() -> None:
        if not bus_name:
            raise RuntimeError("no bus is configured")
        boto3.client("events").describe_event_bus(Name=bus_name)

    return probe
