"""A local cloud started again in the process is restored, not provisioned: and is as fresh."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from chalicelib.errors import StorageUnavailableError
from infra.localcloud import LocalCloud, snapshots
from tests.integration.pipeline_driver import Driver

CONTRACT = (
    b"SERVICES AGREEMENT\nThis Services Agreement is made as of March 3, 2015 by and between "
    b"Alpha Corp. and Beta LLC. Beta shall provide the services. Alpha shall pay the fees.\n"
)

pytestmark = pytest.mark.integration


def _state(cloud: LocalCloud) -> dict[str, object]:
    """What a test may touch first: tables, buckets, queues, machines, functions, alarms."""
    deployment = cloud.deployment
    table = cloud.client("dynamodb")
    bucket = cloud.client("s3")
    return {
        "items": sorted(table.scan(TableName=name)["Count"] for name in deployment.tables.values()),
        "objects": sorted(
            bucket.list_objects_v2(Bucket=name).get("KeyCount", 0)
            for name in deployment.buckets.values()
        ),
        "queues": sorted(cloud.client("sqs").list_queues().get("QueueUrls", [])),
        "machines": sorted(
            m["name"] for m in cloud.client("stepfunctions").list_state_machines()["stateMachines"]
        ),
        "functions": sorted(
            f["FunctionName"] for f in cloud.client("lambda").list_functions()["Functions"]
        ),
        "alarms": len(cloud.client("cloudwatch").describe_alarms()["MetricAlarms"]),
        "roles": len(cloud.client("iam").list_roles()["Roles"]),
    }


def test_a_restored_cloud_is_the_provisioned_one_untouched_by_the_last() -> None:
    snapshots.forget()
    with LocalCloud() as first:
        provisioned = _state(first)
        deployment = first.deployment
        # What a test leaves behind: an item, an object, a queue gone, a message waiting.
        table = next(iter(deployment.tables.values()))
        first.client("dynamodb").put_item(
            TableName=table, Item={"PK": {"S": "left"}, "SK": {"S": "behind"}}
        )
        bucket = next(iter(deployment.buckets.values()))
        first.client("s3").put_object(Bucket=bucket, Key="left-behind.txt", Body=b"x")
        [dropped, kept, *_] = sorted(deployment.queues.values())
        first.client("sqs").delete_queue(QueueUrl=dropped)
        first.client("sqs").send_message(QueueUrl=kept, MessageBody="left behind")
    assert provisioned["items"] == [0] * len(deployment.tables)
    assert provisioned["machines"] and provisioned["functions"] and provisioned["alarms"]

    with LocalCloud() as second:
        assert _state(second) == provisioned
        # The same resources under the same names (each cloud draws its own token secret).
        assert replace(second.deployment, environment={}) == replace(deployment, environment={})
        # The restored queue's locks are its own: it takes and gives messages.
        sqs = second.client("sqs")
        assert "Messages" not in sqs.receive_message(QueueUrl=kept, WaitTimeSeconds=0)
        sqs.send_message(QueueUrl=kept, MessageBody="new")
        [message] = sqs.receive_message(QueueUrl=kept, WaitTimeSeconds=0)["Messages"]
        assert message["Body"] == "new"


def test_other_parameters_are_provisioned_for_themselves() -> None:
    with LocalCloud() as plain:
        plain_environment = dict(plain.deployment.environment)
    with LocalCloud(parameters={"RefundPolicy": "infra_only"}) as other:
        assert other.deployment.environment["REFUND_POLICY"] == "infra_only"
    assert plain_environment.get("REFUND_POLICY") != "infra_only"


def test_a_run_left_going_is_stopped_with_its_cloud_and_never_reaches_the_next() -> None:
    tried = threading.Event()

    def prescreen_down(event: dict[str, Any], context: Any) -> Any:
        tried.set()
        raise StorageUnavailableError  # retried by the state machine after its wait

    with LocalCloud(handlers={"PrescreenFunction": prescreen_down}) as first:
        driver = Driver(first)
        ticket = driver.request_upload("contract.txt", len(CONTRACT))
        driver.upload(ticket, CONTRACT)
        assert tried.wait(60)  # the test ends with the run waiting to try Prescreen again

    with LocalCloud() as second:
        time.sleep(3.0)  # past the longest first retry wait (2 s, jittered)
        assert (second.invocations, second.errors) == ([], [])
