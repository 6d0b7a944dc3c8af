"""Our recognition client on the local cloud: a job's record moved by the answers on the bus
and by the scheduled sweep.

The template's Recognition Client function receives the answers through the RecognitionBus
rule (the local cloud delivers PutEvents to it as EventBridge would), and its sweep runs as
its schedule fires it. The recognition service is not part of most tests here (its rules are
disabled, as if it were down): the test plays it, putting acks and results built by
`chalicelib.recognition.envelopes` on the bus with real PutEvents. What the client publishes
is read from an SQS queue the test subscribes to the bus (a rule of its own), so every
request, republishes included, is seen as sent. Time is the services' clock, moved by the
test; nothing sleeps. The last test runs both sides, nobody playing either.
"""

from __future__ import annotations

import io
import json
import pathlib
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import boto3
import pytest
from botocore.exceptions import EndpointConnectionError

from chalicelib import wiring
from chalicelib.keys import build_recognition_submission_key
from chalicelib.recognition import envelopes
from chalicelib.recognition.publisher import EnvelopePublisher
from infra.localcloud.recognitions_cli import show_job, submit_and_follow

if TYPE_CHECKING:
    from collections.abc import Iterator

    from chalicelib.ports.recognition_client import RecognitionJob
    from chalicelib.recognition.client import RecognitionClient
    from infra.localcloud import LocalCloud
    from tests.clocks import ShiftedClock

pytestmark = pytest.mark.integration

FILE_ID = "7d2f3c1e-5a4b-4c3d-9e8f-0a1b2c3d4e5f"
SERVICE = envelopes.Service("recognition-played-by-the-test", "0.0")
ANSWERS = "RecognitionClientFunction"
SWEEP = "RecognitionClientSweepFunction"
SAMPLES = pathlib.Path(__file__).resolve().parents[2] / "samples"


class Bus:
    """The recognition bus as the test sees it: requests sent, answers put on it."""

    def __init__(self, cloud: LocalCloud) -> None:
        self.cloud = cloud
        self.name = cloud.deployment.environment["RECOGNITION_BUS_NAME"]
        self._sqs = cloud.client("sqs")
        self._queue = self._sqs.create_queue(QueueName="requests-seen-by-the-test")["QueueUrl"]
        arn = self._sqs.get_queue_attributes(QueueUrl=self._queue, AttributeNames=["QueueArn"])
        events = cloud.client("events")
        events.put_rule(
            Name="requests-seen-by-the-test",
            EventBusName=self.name,
            EventPattern=json.dumps({"detail-type": sorted(envelopes.REQUEST_SUBJECTS)}),
        )
        events.put_targets(
            Rule="requests-seen-by-the-test",
            EventBusName=self.name,
            Targets=[{"Id": "queue", "Arn": arn["Attributes"]["QueueArn"]}],
        )
        self.service = EnvelopePublisher(events, self.name, envelopes.SOURCE_RECOGNITION)
        # The real service stays out: the test answers in its place.
        for rule in cloud.deployment.rules.values():
            if "RecognitionFunction" in rule.target_function_ids:
                events.disable_rule(Name=rule.name, EventBusName=rule.event_bus_name)

    def requests(self) -> list[dict[str, Any]]:
        """The requests published since the last call, as events."""
        found = []
        while True:
            answer = self._sqs.receive_message(QueueUrl=self._queue, MaxNumberOfMessages=10)
            messages = answer.get("Messages", [])
            if not messages:
                return found
            for message in messages:
                found.append(json.loads(message["Body"]))
                self._sqs.delete_message(
                    QueueUrl=self._queue, ReceiptHandle=message["ReceiptHandle"]
                )

    def answer(self, detail: dict[str, Any]) -> None:
        """Put one answer on the bus as the recognition service would; wait for its delivery."""
        assert self.service.publish(envelopes.TABULAR_PARSED, detail)
        self.cloud.drain_events()


@pytest.fixture
def bus(local_cloud: LocalCloud, clock: ShiftedClock) -> Iterator[Bus]:
    yield Bus(local_cloud)
    assert local_cloud.errors == [], "a handler raised where nothing should have"


@pytest.fixture
def client(bus: Bus) -> RecognitionClient:
    return wiring.recognition_client()


def _submit(cloud: LocalCloud, client: RecognitionClient, clock: ShiftedClock) -> RecognitionJob:
    key = build_recognition_submission_key(FILE_ID, "xlsx")
    cloud.client("s3").put_object(Bucket=cloud.deployment.bucket, Key=key, Body=b"PK\x03\x04")
    submission = client.submit(
        file_id=FILE_ID,
        pipeline="tabular",
        file_type="XLSX",
        original_name="ОСВ 60 за 1 квартал.xlsx",
        bucket=cloud.deployment.bucket,
        key=key,
        reply_deadline=clock() + timedelta(minutes=10),
    )
    assert submission.published
    return submission.job


def _ack(job: RecognitionJob, clock: ShiftedClock) -> dict[str, Any]:
    request = envelopes.read_request(job.subject, job.request)
    assert isinstance(request, envelopes.Request)
    return envelopes.ack(request, SERVICE, clock())


def _result(job: RecognitionJob, clock: ShiftedClock) -> dict[str, Any]:
    return envelopes.result(
        job.job_id,
        job.file_id,
        job.attempt,
        service=SERVICE,
        now=clock(),
        bucket=job.request["s3"]["bucket"],
        key=f"results/{job.file_id}/{job.job_id}/result.json",
        result_schema_version="1.2",
        metrics={"documents": 1},
    )


def _job(client: RecognitionClient, job_id: str) -> RecognitionJob:
    job = client.get(job_id)
    assert job is not None
    return job


def _events(job: RecognitionJob) -> list[tuple[str, str]]:
    return [(entry["event"], entry["status"]) for entry in job.history]


def _sweep(cloud: LocalCloud) -> dict[str, int]:
    result = cloud.run_schedule(SWEEP)
    assert not result.errored, result.payload
    payload: dict[str, int] = result.payload
    return payload


def _answer_runs(cloud: LocalCloud) -> int:
    return sum(1 for run in cloud.invocations if run.logical_id == ANSWERS)


def test_a_request_acked_then_answered_ends_done_and_duplicates_change_nothing(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    # GIVEN a job submitted for a workbook in our bucket
    job = _submit(local_cloud, client, clock)
    [sent] = bus.requests()
    assert (sent["detail-type"], sent["source"]) == (
        "files.tabular_uploaded",
        "contract-check.client",
    )
    assert sent["detail"] == job.request
    assert sent["detail"]["msg_id"] == f"{job.job_id}:1"
    assert envelopes.read_request(sent["detail-type"], sent["detail"]) == envelopes.read_request(
        job.subject, job.request
    )
    assert _job(client, job.job_id).status == "sent"

    # WHEN the service acks it, twice (a re-ack of a duplicate request)
    ack = _ack(job, clock)
    bus.answer(ack)
    acked = _job(client, job.job_id)
    bus.answer(ack)

    # THEN the job is acked once
    assert acked.status == "acked"
    assert _job(client, job.job_id) == acked
    assert acked.due_at == acked.reply_deadline  # waits for the result now, not for an ack

    # WHEN the result comes, twice
    result = _result(job, clock)
    bus.answer(result)
    done = _job(client, job.job_id)
    bus.answer(result)

    # THEN the job is done once, with the result's file, and nothing else moved it
    assert done.status == "done"
    assert _job(client, job.job_id) == done
    assert done.result_s3 == result["result_s3"]
    assert done.result_schema_version == "1.2"
    assert done.seen_msg_ids == {f"ack:{job.job_id}:1", f"result:{job.job_id}:1"}
    assert [a["msg_id"] for a in done.answers] == [ack["msg_id"], result["msg_id"]]
    assert _events(done) == [("submitted", "sent"), ("ack", "acked"), ("result", "done")]
    assert _answer_runs(local_cloud) == 4  # every answer was delivered; two were duplicates
    # A late sweep finds nothing to do: the job left the open listing.
    clock.advance(3600)
    assert _sweep(local_cloud) == {"republished": 0, "dlq": 0, "timeout": 0, "unpublished": 0}
    assert bus.requests() == []


def test_a_lost_ack_republishes_the_same_request_three_times_then_the_job_goes_to_dlq(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    # GIVEN a job whose request the service never acks
    job = _submit(local_cloud, client, clock)
    [first] = bus.requests()

    # WHEN the sweep runs before the ack is due: nothing is sent again
    # (the clock is the wall clock shifted, so 5 s short of the deadline, not 1 s: a loaded
    # machine may spend a second or more between two steps)
    clock.advance(25)
    assert _sweep(local_cloud)["republished"] == 0
    assert bus.requests() == []

    # WHEN each later sweep finds the ack 30 s late: the very same request, once a sweep
    for number in (1, 2, 3):
        clock.advance(6 if number == 1 else 31)
        assert _sweep(local_cloud)["republished"] == 1
        assert _sweep(local_cloud)["republished"] == 0  # the same minute: nothing more
        [again] = bus.requests()
        assert again["detail"] == first["detail"]  # the same msg_id, `<job_id>:1`
        assert _job(client, job.job_id).republished == number

    # THEN the sweep after the third republish gives up: dlq, NO_ACK
    clock.advance(31)
    assert _sweep(local_cloud) == {"republished": 0, "dlq": 1, "timeout": 0, "unpublished": 0}
    assert bus.requests() == []
    ended = _job(client, job.job_id)
    assert ended.status == "dlq"
    assert ended.error is not None
    assert ended.error["code"] == "NO_ACK"
    assert _events(ended) == [
        ("submitted", "sent"),
        ("republish", "sent"),
        ("republish", "sent"),
        ("republish", "sent"),
        ("no_ack", "dlq"),
    ]
    assert {entry.get("msg_id") for entry in ended.history[:4]} == {f"{job.job_id}:1"}
    assert ended.seen_msg_ids == frozenset()  # our own request is not an answer
    # A late ack changes nothing of a job we gave up on.
    bus.answer(_ack(job, clock))
    assert _job(client, job.job_id) == ended


def test_an_ack_after_a_republish_stops_the_republishing(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    job = _submit(local_cloud, client, clock)
    clock.advance(31)
    assert _sweep(local_cloud)["republished"] == 1
    assert len(bus.requests()) == 2

    bus.answer(_ack(job, clock))
    clock.advance(120)

    assert _sweep(local_cloud) == {"republished": 0, "dlq": 0, "timeout": 0, "unpublished": 0}
    assert bus.requests() == []
    assert _job(client, job.job_id).status == "acked"


def test_a_result_without_its_ack_is_accepted(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    job = _submit(local_cloud, client, clock)
    error = envelopes.error(
        job.job_id,
        job.file_id,
        job.attempt,
        envelopes.ErrorCode.UNREADABLE,
        "The workbook has no sheet that could be read.",
        service=SERVICE,
        now=clock(),
    )

    bus.answer(error)
    ended = _job(client, job.job_id)
    # The ack lost on the way arrives late: it changes nothing.
    bus.answer(_ack(job, clock))

    assert ended.status == "error"
    assert ended.error == {"code": "UNREADABLE", "message": error["error"]["message"]}
    assert _events(ended) == [("submitted", "sent"), ("result", "error")]
    assert _job(client, job.job_id) == ended
    clock.advance(3600)
    assert _sweep(local_cloud)["timeout"] == 0


def test_a_lost_result_ends_the_job_in_timeout_at_its_reply_deadline(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    # GIVEN an acked job whose result never comes
    job = _submit(local_cloud, client, clock)
    bus.answer(_ack(job, clock))

    # WHEN sweeps run while the deadline is ahead: nothing (an acked job is not republished)
    clock.advance(9 * 60)
    assert _sweep(local_cloud) == {"republished": 0, "dlq": 0, "timeout": 0, "unpublished": 0}
    assert _job(client, job.job_id).status == "acked"

    # WHEN the reply deadline passes
    clock.advance(61)
    assert _sweep(local_cloud)["timeout"] == 1

    # THEN the job is timeout, and a result arriving after that changes nothing
    ended = _job(client, job.job_id)
    assert ended.status == "timeout"
    assert ended.error is not None
    assert ended.error["code"] == "TIMEOUT"
    assert _events(ended) == [
        ("submitted", "sent"),
        ("ack", "acked"),
        ("reply_deadline", "timeout"),
    ]
    bus.answer(_result(job, clock))
    assert _job(client, job.job_id) == ended
    assert bus.requests()[1:] == []  # the first request only: nothing republished


def test_invalid_answers_and_answers_for_unknown_jobs_are_dropped(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    job = _submit(local_cloud, client, clock)
    before = _job(client, job.job_id)
    result = _result(job, clock)
    no_file = {key: value for key, value in result.items() if key != "result_s3"}
    wrong_id = {**_ack(job, clock), "msg_id": f"result:{job.job_id}:1"}  # an ack as a result
    other_file = {**result, "file_id": "00000000-0000-4000-8000-000000000000"}
    unknown = _result(job, clock) | {
        "job_id": "11111111-1111-4111-8111-111111111111",
        "msg_id": "result:11111111-1111-4111-8111-111111111111:1",
    }

    for answer in (no_file, wrong_id, other_file, {"msg_id": "nonsense"}, unknown):
        bus.answer(answer)

    assert _answer_runs(local_cloud) == 5  # each delivered, none retried (none raised)
    assert _job(client, job.job_id) == before
    assert client.get("11111111-1111-4111-8111-111111111111") is None
    # The job still takes its real answers.
    bus.answer(result)
    assert _job(client, job.job_id).status == "done"


def test_the_cli_uploads_a_file_submits_it_and_prints_its_envelopes_until_it_is_done(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    workbook = SAMPLES / "ru_statements_2024.xlsx"
    answered: list[str] = []

    def service_answers_while_the_cli_waits(seconds: float) -> None:
        # The CLI's pause between two looks at the job: the service answers in it.
        if not answered:
            [request] = bus.requests()
            job = client.get(request["detail"]["job_id"])
            assert job is not None
            bus.answer(_ack(job, clock))
            answered.append(job.job_id)
        elif len(answered) == 1:
            job = client.get(answered[0])
            assert job is not None
            bus.answer(_result(job, clock))
            answered.append(job.job_id)

    out = io.StringIO()
    code = submit_and_follow(
        client,
        wiring.object_store(),
        local_cloud.deployment.bucket,
        workbook,
        wait_seconds=60,
        stdout=out,
        sleep=service_answers_while_the_cli_waits,
    )

    text = out.getvalue()
    job_id = answered[0]
    assert code == 0, text
    job = _job(client, job_id)
    assert job.status == "done"
    stored = local_cloud.client("s3").get_object(
        Bucket=local_cloud.deployment.bucket, Key=job.request["s3"]["key"]
    )
    assert stored["Body"].read() == workbook.read_bytes()
    assert job.request["original_name"] == "ru_statements_2024.xlsx"
    assert (job.request["pipeline"], job.request["file_type"]) == ("tabular", "XLSX")
    assert f"→ files.tabular_uploaded {job_id}:1" in text
    assert f"← files.tabular_parsed ack:{job_id}:1" in text
    assert f"← files.tabular_parsed result:{job_id}:1" in text
    assert text.rstrip().endswith(f"job {job_id} ended done")
    shown = io.StringIO()
    assert show_job(client, job_id, stdout=shown) == 0
    assert shown.getvalue().count("← files.tabular_parsed") == 2


def test_an_answer_the_table_cannot_take_is_parked_in_the_dead_letter_queue_for_a_replay(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    # GIVEN a sent job, and then a table that does not answer (injected at botocore's edge:
    # every DynamoDB client built from now on fails its GetItem)
    job = _submit(local_cloud, client, clock)
    if boto3.DEFAULT_SESSION is None:
        boto3.setup_default_session()
    session = boto3.DEFAULT_SESSION
    assert session is not None

    def outage(**_: Any) -> None:
        raise EndpointConnectionError(endpoint_url="https://dynamodb.local")

    session.events.register("before-call.dynamodb.GetItem", outage)
    wiring.reset_cold_start()
    ack = _ack(job, clock)
    try:
        # WHEN the ack arrives: the handler fails, Lambda tries twice more
        bus.answer(ack)
    finally:
        session.events.unregister("before-call.dynamodb.GetItem", outage)
        wiring.reset_cold_start()

    # THEN the event is in the client's dead-letter queue, whole
    runs = [r for r in local_cloud.invocations if r.logical_id == ANSWERS]
    assert [r.errored for r in runs] == [True, True, True]
    queue = local_cloud.deployment.on_failure_queue_url(ANSWERS)
    assert queue == local_cloud.deployment.queues["RecognitionClientDeadLetterQueue"]
    [message] = local_cloud.client("sqs").receive_message(QueueUrl=queue)["Messages"]
    record = json.loads(message["Body"])
    assert record["requestPayload"]["detail"] == ack
    assert _job(client, job.job_id).status == "sent"
    local_cloud.errors.clear()  # the three failures were the point

    # WHEN the operator sends it to Recognition Client again, the table back
    replay = local_cloud.invoke(ANSWERS, record["requestPayload"])

    # THEN the job takes it as if it had come in time
    assert not replay.errored
    assert replay.payload["outcome"] == "applied"
    assert _job(client, job.job_id).status == "acked"


def test_the_cli_runs_the_sweep_while_it_waits_and_follows_an_unanswered_job_to_dlq(
    local_cloud: LocalCloud, bus: Bus, client: RecognitionClient, clock: ShiftedClock
) -> None:
    # The CLI's own clock (when to sweep) and the services' clock move together: each pause
    # between two looks at the job is a minute for the CLI and 31 s for the services.
    ticks = [0.0]

    def a_minute_passes(seconds: float) -> None:
        ticks[0] += 61
        clock.advance(31)

    out = io.StringIO()
    code = submit_and_follow(
        client,
        wiring.object_store(),
        local_cloud.deployment.bucket,
        SAMPLES / "ru_payment_order_scan.png",
        wait_seconds=3600,
        stdout=out,
        sleep=a_minute_passes,
        monotonic=lambda: ticks[0],
    )

    text = out.getvalue()
    assert code == 1, text
    [request, *again] = bus.requests()
    assert request["detail-type"] == "files.img_uploaded"
    assert [r["detail"] for r in again] == [request["detail"]] * 3
    assert text.count("republish      → sent") == 3
    assert "no_ack         → dlq" in text
    assert text.rstrip().endswith("ended dlq")


def test_our_client_and_the_real_service_carry_a_workbook_to_its_result(
    local_cloud: LocalCloud, clock: ShiftedClock
) -> None:
    """Both sides on one bus, nobody playing either: the CLI submits a trial balance, the
    Recognition function acks and answers it, and the client's job follows to the end."""
    out = io.StringIO()
    code = submit_and_follow(
        wiring.recognition_client(),
        wiring.object_store(),
        local_cloud.deployment.bucket,
        SAMPLES / "ru_statements_2024.xlsx",
        wait_seconds=60,
        stdout=out,
        sleep=lambda _: local_cloud.drain_events(),
    )

    text = out.getvalue()
    assert code == 0, text
    [job_id] = {line.split()[1] for line in text.splitlines() if line.startswith("job ")}
    job = wiring.recognition_client().get(job_id)
    assert job is not None
    assert job.status in ("done", "needs_check"), job
    msg_ids = [answer["msg_id"] for answer in job.answers]
    assert msg_ids == [f"ack:{job_id}:1", f"result:{job_id}:1"]
    result_key = job.answers[-1]["result_s3"]["key"]
    stored = json.loads(wiring.object_store().get_text(result_key))
    assert stored["schema_version"] == "1.2"
    assert local_cloud.errors == []
