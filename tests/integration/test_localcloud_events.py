"""Custom event buses, PutEvents to Lambda targets and `Event` invocations, on a stub template."""

from __future__ import annotations

import json
import os
import threading
import time
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import boto3
import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.status_events import matches_pattern
from tests.integration.stub_project import make_events_project

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

pytestmark = pytest.mark.integration


class Calls:
    """What the stub handlers were called with, by function, from any thread."""

    def __init__(self) -> None:
        self.events: dict[str, list[Any]] = defaultdict(list)
        self.threads: dict[str, list[str]] = defaultdict(list)
        self._lock = threading.Lock()

    def record(self, name: str, event: Any) -> None:
        """Note one call."""
        with self._lock:
            self.events[name].append(event)
            self.threads[name].append(threading.current_thread().name)

    def handler(self, name: str, body: Callable[[Any], Any] | None = None) -> Any:
        """A handler that records its event, then runs `body` (or returns the event)."""

        def handle(event: Any, context: Any) -> Any:
            self.record(name, event)
            return body(event) if body else event

        return handle


def _put(client: Any, detail: dict[str, Any], **entry: Any) -> dict[str, Any]:
    response: dict[str, Any] = client.put_events(
        Entries=[
            {
                "Source": "stub",
                "DetailType": "Thing Changed",
                "Detail": json.dumps(detail),
                "EventBusName": os.environ["BUS_NAME"],
                **entry,
            }
        ]
    )
    return response


@pytest.fixture
def calls() -> Calls:
    """A fresh record of handler calls."""
    return Calls()


@pytest.fixture
def events_project(tmp_path: Path) -> Path:
    """The stub events template laid out as a project."""
    return make_events_project(tmp_path / "events-project")


def _handlers(calls: Calls) -> dict[str, Any]:
    names = ("Progress", "Audit", "DefaultBus", "Sweeper", "Worker", "Webhook")
    return {f"{name}Function": calls.handler(name) for name in names}


@pytest.fixture
def cloud(events_project: Path, calls: Calls) -> Iterator[LocalCloud]:
    """The stub events template on moto, decorator mode."""
    with LocalCloud(events_project, handlers=_handlers(calls)) as local:
        yield local


# --- provisioning ---------------------------------------------------------------


def test_the_bus_its_rules_the_layer_and_reserved_concurrency_are_provisioned(
    cloud: LocalCloud,
) -> None:
    d = cloud.deployment
    events = cloud.client("events")

    assert d.event_buses == {"StubBus": "stub-local-events"}
    bus = events.describe_event_bus(Name="stub-local-events")
    assert d.event_bus_arns["StubBus"] == bus["Arn"] == d.outputs["BusArn"]
    assert os.environ["BUS_NAME"] == "stub-local-events"
    progress = d.rules["ProgressFunctionProgress"]
    assert (progress.event_bus_name, progress.target_function_ids) == (
        "stub-local-events",
        ("ProgressFunction",),
    )
    assert progress.arn == f"{bus['Arn'].replace(':event-bus/', ':rule/')}/{progress.name}"
    # A rule named by the bus's ARN lands on the bus too.
    assert d.rules["AuditRule"].event_bus_name == "stub-local-events"
    on_bus = {r["Name"] for r in events.list_rules(EventBusName="stub-local-events")["Rules"]}
    assert on_bus == {progress.name, d.rules["AuditRule"].name}
    assert d.rules["DefaultBusFunctionHello"].event_bus_name == "default"
    [layer] = d.layers.values()
    assert ":layer:SharedLayer:" in layer
    assert d.functions["WorkerFunction"].reserved_concurrency == 1
    concurrency = cloud.client("lambda").get_function_concurrency(
        FunctionName=d.functions["WorkerFunction"].name
    )
    assert concurrency["ReservedConcurrentExecutions"] == 1


# --- PutEvents to Lambda targets ------------------------------------------------------


def test_a_matching_event_reaches_the_target_after_put_events_returned(
    cloud: LocalCloud, calls: Calls
) -> None:
    release = threading.Event()
    cloud.register_handler(
        "ProgressFunction", calls.handler("Progress", lambda e: release.wait(10))
    )

    response = _put(cloud.client("events"), {"chat": {"id": 42}, "status": "extracting"})

    # PutEvents answered while the target is still running: delivery is asynchronous.
    assert response["FailedEntryCount"] == 0
    assert cloud.runtime.background.pending == 1
    release.set()
    cloud.drain_events(timeout=10)
    [event] = calls.events["Progress"]
    assert calls.threads["Progress"][0] != threading.current_thread().name
    assert event["id"] == response["Entries"][0]["EventId"]
    assert {k: event[k] for k in ("version", "source", "detail-type", "region", "resources")} == {
        "version": "0",
        "source": "stub",
        "detail-type": "Thing Changed",
        "region": "us-east-1",
        "resources": [],
    }
    assert event["account"] == cloud.deployment.account_id
    assert event["detail"] == {"chat": {"id": 42}, "status": "extracting"}
    assert time.strptime(event["time"], "%Y-%m-%dT%H:%M:%SZ")
    assert cloud.errors == []


def test_events_that_do_not_match_or_go_to_another_bus_reach_nothing(
    cloud: LocalCloud, calls: Calls
) -> None:
    events = cloud.client("events")

    _put(events, {"status": "no chat"})
    _put(events, {"chat": {"title": "no id"}})
    _put(events, {"chat": {"id": 1}}, Source="someone-else")
    _put(events, {"chat": {"id": 1}}, EventBusName="default")
    cloud.drain_events(timeout=10)

    assert calls.events["Progress"] == []
    assert calls.events["Sweeper"] == []  # a schedule is not an event pattern


def test_the_default_bus_delivers_to_its_rules_too(cloud: LocalCloud, calls: Calls) -> None:
    cloud.client("events").put_events(
        Entries=[{"Source": "stub.default", "DetailType": "Hello", "Detail": '{"n": 1}'}]
    )
    cloud.drain_events(timeout=10)

    [event] = calls.events["DefaultBus"]
    assert (event["source"], event["detail"]) == ("stub.default", {"n": 1})
    assert calls.events["Progress"] == []


def test_a_rule_feeds_its_queue_through_moto_and_its_function_the_input_path(
    cloud: LocalCloud, calls: Calls
) -> None:
    _put(cloud.client("events"), {"size": 11, "name": "big"}, Resources=["arn:aws:s3:::b/k"])
    _put(cloud.client("events"), {"size": 3, "name": "small"})
    cloud.drain_events(timeout=10)

    assert calls.events["Audit"] == [{"size": 11, "name": "big"}]  # InputPath: $.detail
    queue = cloud.deployment.queues["AuditQueue"]
    [message] = cloud.client("sqs").receive_message(QueueUrl=queue)["Messages"]
    queued = json.loads(message["Body"])
    assert (queued["detail"]["name"], queued["resources"]) == ("big", ["arn:aws:s3:::b/k"])


def test_a_failing_target_is_retried_then_sent_to_its_on_failure_destination(
    cloud: LocalCloud, calls: Calls
) -> None:
    def fail(event: Any) -> Any:
        raise ValueError("telegram is down")

    cloud.register_handler("ProgressFunction", calls.handler("Progress", fail))

    _put(cloud.client("events"), {"chat": {"id": 7}})
    cloud.drain_events(timeout=10)

    assert len(calls.events["Progress"]) == 2  # the first try and MaximumRetryAttempts: 1
    assert [(e.logical_id, e.error_type) for e in cloud.errors] == [
        ("ProgressFunction", "ValueError")
    ] * 2
    queue = cloud.deployment.queues["FailuresQueue"]
    [message] = cloud.client("sqs").receive_message(QueueUrl=queue)["Messages"]
    record = json.loads(message["Body"])
    assert record["requestContext"]["condition"] == "RetriesExhausted"
    assert record["requestContext"]["approximateInvokeCount"] == 2
    assert record["requestPayload"]["detail"] == {"chat": {"id": 7}}
    assert record["responsePayload"]["errorMessage"] == "telegram is down"


def test_drain_events_says_when_deliveries_are_still_running(
    cloud: LocalCloud, calls: Calls
) -> None:
    release = threading.Event()
    cloud.register_handler(
        "ProgressFunction", calls.handler("Progress", lambda e: release.wait(10))
    )
    _put(cloud.client("events"), {"chat": {"id": 1}})

    with pytest.raises(TimeoutError, match="1 deliveries still pending"):
        cloud.drain_events(timeout=0.2)

    release.set()
    cloud.drain_events(timeout=10)


# --- InvocationType: Event ---------------------------------------------------------


def test_an_event_invocation_answers_202_at_once_and_runs_in_the_background(
    cloud: LocalCloud, calls: Calls
) -> None:
    release = threading.Event()
    cloud.register_handler("WorkerFunction", calls.handler("Worker", lambda e: release.wait(10)))

    response = cloud.client("lambda").invoke(
        FunctionName=cloud.deployment.functions["WorkerFunction"].name,
        InvocationType="Event",
        Payload=json.dumps({"update_id": 1}).encode(),
    )

    assert response["StatusCode"] == 202
    assert response["Payload"].read() == b""
    assert "FunctionError" not in response
    assert cloud.runtime.background.pending == 1
    release.set()
    cloud.drain_events(timeout=10)
    assert calls.events["Worker"] == [{"update_id": 1}]
    assert calls.threads["Worker"][0].startswith("async-WorkerFunction")


def test_request_response_stays_synchronous_and_dry_run_runs_nothing(
    cloud: LocalCloud, calls: Calls
) -> None:
    client = cloud.client("lambda")
    name = cloud.deployment.functions["WorkerFunction"].name

    answer = client.invoke(FunctionName=name, Payload=b'{"n": 1}')
    dry = client.invoke(FunctionName=name, InvocationType="DryRun", Payload=b'{"n": 2}')

    assert (answer["StatusCode"], json.loads(answer["Payload"].read())) == (200, {"n": 1})
    assert dry["StatusCode"] == 204
    assert calls.events["Worker"] == [{"n": 1}]
    assert cloud.runtime.background.pending == 0


def test_a_failing_event_invocation_is_retried_recorded_and_dead_lettered(
    cloud: LocalCloud, calls: Calls
) -> None:
    def fail(event: Any) -> Any:
        raise RuntimeError("boom")

    cloud.register_handler("WorkerFunction", calls.handler("Worker", fail))

    cloud.client("lambda").invoke(
        FunctionName=cloud.deployment.functions["WorkerFunction"].name,
        InvocationType="Event",
        Payload=b'{"update_id": 9}',
    )
    cloud.drain_events(timeout=10)

    assert len(calls.events["Worker"]) == 3  # the first try and MaximumRetryAttempts: 2
    assert {(e.logical_id, e.error_type, e.message) for e in cloud.errors} == {
        ("WorkerFunction", "RuntimeError", "boom")
    }
    queue = cloud.deployment.queues["FailuresQueue"]
    [message] = cloud.client("sqs").receive_message(QueueUrl=queue)["Messages"]
    assert json.loads(message["Body"])["requestPayload"] == {"update_id": 9}


def test_reserved_concurrency_caps_how_many_async_runs_overlap(
    cloud: LocalCloud, calls: Calls
) -> None:
    running: list[int] = []
    peak: list[int] = []
    lock = threading.Lock()

    def slow(event: Any) -> Any:
        with lock:
            running.append(1)
            peak.append(len(running))
        time.sleep(0.05)
        with lock:
            running.pop()
        return event

    cloud.register_handler("WorkerFunction", calls.handler("Worker", slow))
    client = cloud.client("lambda")
    for n in range(4):
        client.invoke(
            FunctionName=cloud.deployment.functions["WorkerFunction"].name,
            InvocationType="Event",
            Payload=json.dumps({"n": n}).encode(),
        )
    cloud.drain_events(timeout=10)

    assert sorted(e["n"] for e in calls.events["Worker"]) == [0, 1, 2, 3]
    assert max(peak) == 1  # ReservedConcurrentExecutions: 1


def test_one_drain_covers_what_the_background_runs_start(cloud: LocalCloud, calls: Calls) -> None:
    def announce(event: Any) -> Any:
        time.sleep(0.05)  # the event is put after the test's drain has begun
        _put(boto3.client("events"), {"chat": {"id": event["chat_id"]}, "status": "done"})
        return event

    cloud.register_handler("WorkerFunction", calls.handler("Worker", announce))

    cloud.invoke_async("WorkerFunction", {"chat_id": 5})
    cloud.drain_events(timeout=10)

    [progress] = calls.events["Progress"]
    assert progress["detail"] == {"chat": {"id": 5}, "status": "done"}
    assert cloud.errors == []
    assert cloud.delivery_failures == []


# --- server mode -------------------------------------------------------------------


def test_server_mode_delivers_put_events_and_event_invocations(
    events_project: Path, calls: Calls
) -> None:
    cloud = LocalCloud(events_project, handlers=_handlers(calls))

    with cloud.start_server(port=0, api_port=None):
        assert cloud.endpoint_url is not None
        events = boto3.client("events", endpoint_url=cloud.endpoint_url, region_name="us-east-1")
        _put(events, {"chat": {"id": 3}})
        lam = boto3.client("lambda", endpoint_url=cloud.endpoint_url, region_name="us-east-1")
        response = lam.invoke(
            FunctionName=cloud.deployment.functions["WorkerFunction"].name,
            InvocationType="Event",
            Payload=b'{"update_id": 3}',
        )
        cloud.drain_events(timeout=10)

        assert response["StatusCode"] == 202
        assert [e["detail"] for e in calls.events["Progress"]] == [{"chat": {"id": 3}}]
        assert calls.events["Worker"] == [{"update_id": 3}]
        assert cloud.errors == []


# --- event patterns ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "event", "matches"),
    [
        ({"detail": {"chat": {"id": [{"exists": True}]}}}, {"detail": {"chat": {"id": 0}}}, True),
        ({"detail": {"chat": {"id": [{"exists": True}]}}}, {"detail": {"chat": {}}}, False),
        ({"detail": {"chat": {"id": [{"exists": True}]}}}, {"detail": {}}, False),
        ({"detail": {"chat": [{"exists": True}]}}, {"detail": {"chat": {"id": 1}}}, False),
        ({"detail": {"chat": {"id": [{"exists": False}]}}}, {"detail": {}}, True),
        ({"detail": {"n": [{"numeric": [">", 0, "<=", 5]}]}}, {"detail": {"n": 5}}, True),
        ({"detail": {"n": [{"numeric": [">", 0, "<=", 5]}]}}, {"detail": {"n": 6}}, False),
        ({"detail": {"n": [{"numeric": ["=", 1]}]}}, {"detail": {"n": "1"}}, False),
        ({"detail": {"n": [1]}}, {"detail": {"n": True}}, False),
        ({"detail": {"n": [1]}}, {"detail": {"n": 1.0}}, True),
        ({"detail": {"v": [None]}}, {"detail": {"v": None}}, True),
        ({"detail": {"v": [None]}}, {"detail": {}}, False),
        ({"source": [{"anything-but": ["a", "b"]}]}, {"source": "c"}, True),
        ({"source": [{"anything-but": {"prefix": "aws."}}]}, {"source": "aws.s3"}, False),
        ({"source": [{"prefix": "contract"}]}, {"source": "contract-check"}, True),
        ({"source": [{"suffix": ".pdf"}]}, {"source": "a.PDF"}, False),
        ({"source": [{"suffix": {"equals-ignore-case": ".pdf"}}]}, {"source": "a.PDF"}, True),
        ({"source": [{"equals-ignore-case": "STUB"}]}, {"source": "stub"}, True),
        ({"source": [{"wildcard": "doc-*-v1"}]}, {"source": "doc-7-v1"}, True),
        ({"detail": {"tags": ["x"]}}, {"detail": {"tags": ["w", "x"]}}, True),
        (
            {"$or": [{"source": ["a"]}, {"detail": {"n": [1]}}]},
            {"source": "b", "detail": {"n": 1}},
            True,
        ),
        (
            {"$or": [{"source": ["a"]}, {"detail": {"n": [1]}}]},
            {"source": "b", "detail": {"n": 2}},
            False,
        ),
    ],
)
def test_event_patterns_match_as_eventbridge_does(
    pattern: dict[str, Any], event: dict[str, Any], matches: bool
) -> None:
    assert matches_pattern(pattern, event) is matches


def test_an_unsupported_pattern_operator_is_refused_loudly() -> None:
    with pytest.raises(NotImplementedError, match="cidr"):
        matches_pattern(
            {"detail": {"ip": [{"cidr": "10.0.0.0/8"}]}}, {"detail": {"ip": "10.1.1.1"}}
        )
