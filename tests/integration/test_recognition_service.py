"""Recognition as a service on the local cloud: requests on the recognition bus, answers back.

The real template's RecognitionFunction is fed by its rules through the local cloud's event
bus delivery. What the service publishes is observed the way another system would: a rule
of the test's own on the recognition bus (our source, `files.tabular_parsed`) with an SQS
target, which moto delivers to itself (the local cloud takes only Lambda targets away from
moto). Failures are injected at the boto level (a botocore hook on PutEvents).
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pymupdf
import pytest
from botocore.exceptions import EndpointConnectionError

from chalicelib.contracts import validate_against, validate_result
from chalicelib.keys import build_result_key
from chalicelib.recognition.envelopes import RESULT_SCHEMA, SOURCE_RECOGNITION
from chalicelib.recognition.service import WORK_LEASE
from tests.botocore_hooks import session_hook
from tests.statement_fixtures import forms
from tests.statement_fixtures.pdf import render_form

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud
    from tests.clocks import ShiftedClock

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).parents[1] / "fixtures"
PARTNER_BUCKET = "accounting-core-files"
ANSWERS_RULE = "test-recognition-answers"


class BusTap:
    """PutEvents of our recognition answers, watched at the boto level (a session hook).

    It can refuse the first `fail` tries (as a bus that is down for a moment does), and notes,
    for each try, whether the result file an answer names was already in the bucket.
    """

    EVENT = "before-parameter-build.eventbridge.PutEvents"

    def __init__(self) -> None:
        self.fail = 0
        self.tries: list[str] = []
        self.file_there: dict[str, bool] = {}
        self._lock = threading.Lock()
        self.s3: Any = None

    def __call__(self, params: dict[str, Any], **_: Any) -> None:
        [entry] = params["Entries"]
        if entry["Source"] != SOURCE_RECOGNITION:
            return
        detail = json.loads(entry["Detail"])
        with self._lock:
            self.tries.append(detail["msg_id"])
            if self.fail > 0:
                self.fail -= 1
                raise EndpointConnectionError(endpoint_url="https://events.amazonaws.com")
        where = detail.get("result_s3")
        if where and self.s3 is not None:
            listed = self.s3.list_objects_v2(Bucket=where["bucket"], Prefix=where["key"])
            self.file_there[detail["msg_id"]] = listed.get("KeyCount", 0) == 1


@pytest.fixture
def bus_tap(local_cloud: LocalCloud) -> Iterator[BusTap]:
    # After the cloud started (it sets up the default session the handlers' clients use).
    tap = BusTap()
    with session_hook(BusTap.EVENT, tap, "recognition-bus-tap"):
        yield tap


class Recognition:
    """Sends requests on the recognition bus and reads the answers off the test's queue."""

    def __init__(self, cloud: LocalCloud, tap: BusTap) -> None:
        self.cloud = cloud
        self.tap = tap
        self.bus = cloud.deployment.event_buses["RecognitionBus"]
        self.events = cloud.client("events")
        self.s3 = cloud.client("s3")
        tap.s3 = self.s3
        self.s3.create_bucket(Bucket=PARTNER_BUCKET)
        sqs = cloud.client("sqs")
        self.sqs = sqs
        self.queue = sqs.create_queue(QueueName="recognition-answers")["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=self.queue, AttributeNames=["QueueArn"])
        self.events.put_rule(
            Name=ANSWERS_RULE,
            EventBusName=self.bus,
            EventPattern=json.dumps(
                {"source": [SOURCE_RECOGNITION], "detail-type": ["files.tabular_parsed"]}
            ),
        )
        self.events.put_targets(
            Rule=ANSWERS_RULE,
            EventBusName=self.bus,
            Targets=[{"Id": "answers", "Arn": arn["Attributes"]["QueueArn"]}],
        )
        self.seen: list[dict[str, Any]] = []

    def put_file(self, key: str, data: bytes, bucket: str = PARTNER_BUCKET) -> None:
        """The sender's file, where its request will say it is."""
        self.s3.put_object(Bucket=bucket, Key=key, Body=data)

    def request(
        self,
        *,
        key: str,
        job_id: str | None = None,
        file_type: str = "XLSX",
        pipeline: str = "tabular",
        attempt: int = 1,
        deadline: timedelta = timedelta(hours=1),
        **changes: Any,
    ) -> dict[str, Any]:
        """A valid request v1.0 (with `changes` over it)."""
        job_id = job_id or str(uuid.uuid4())
        moment = datetime.now(UTC) + deadline
        detail = {
            "msg_id": f"{job_id}:{attempt}",
            "schema_version": "1.0",
            "job_id": job_id,
            "file_id": str(uuid.uuid4()),
            "pipeline": pipeline,
            "file_type": file_type,
            "original_name": key.rsplit("/", 1)[-1],
            "s3": {"bucket": PARTNER_BUCKET, "key": key},
            "reply_deadline": moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "attempt": attempt,
        }
        detail.update(changes)
        return detail

    def send(self, *details: dict[str, Any], subject: str = "files.tabular_uploaded") -> None:
        """Put requests on the bus (one PutEvents each), as the accounting core does."""
        for detail in details:
            answer = self.events.put_events(
                Entries=[
                    {
                        "Source": "accounting-core",
                        "DetailType": subject,
                        "Detail": json.dumps(detail),
                        "EventBusName": self.bus,
                    }
                ]
            )
            assert answer["FailedEntryCount"] == 0

    def answers(self, job_id: str) -> list[dict[str, Any]]:
        """Every answer published for the job so far, in the order they were put on the bus."""
        self.cloud.drain_events(timeout=120)
        while True:
            got = self.sqs.receive_message(QueueUrl=self.queue, MaxNumberOfMessages=10)
            messages = got.get("Messages") or []
            if not messages:
                break
            for message in messages:
                self.seen.append(json.loads(message["Body"]))
                self.sqs.delete_message(QueueUrl=self.queue, ReceiptHandle=message["ReceiptHandle"])
        mine = [event for event in self.seen if event["detail"].get("job_id") == job_id]
        for event in mine:
            assert event["source"] == SOURCE_RECOGNITION
            validate_against(RESULT_SCHEMA, event["detail"])  # every answer is the contract's
        return [event["detail"] for event in mine]

    def result_file(self, answer: dict[str, Any]) -> dict[str, Any]:
        where = answer["result_s3"]
        body = self.s3.get_object(Bucket=where["bucket"], Key=where["key"])["Body"].read()
        result: dict[str, Any] = json.loads(body)
        return result


@pytest.fixture
def recognition(bus_tap: BusTap, local_cloud: LocalCloud) -> Iterator[Recognition]:
    yield Recognition(local_cloud, bus_tap)
    assert local_cloud.errors == []


def _statuses(answers: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(a["msg_id"].split(":")[0], a["status"]) for a in answers]


def test_a_real_workbook_is_acked_then_done_with_its_result_file_written_first(
    recognition: Recognition, bus_tap: BusTap
) -> None:
    recognition.put_file(
        "in/osv.xlsx", (FIXTURES / "statements/osv_60_contracts.xlsx").read_bytes()
    )
    request = recognition.request(key="in/osv.xlsx")

    recognition.send(request)

    ack, done = recognition.answers(request["job_id"])
    job_id, file_id = request["job_id"], request["file_id"]
    assert (ack["msg_id"], ack["status"]) == (f"ack:{job_id}:1", "processing")
    assert ack["service"]["name"] == "contract-check-recognition"
    assert (done["msg_id"], done["status"]) == (f"result:{job_id}:1", "done")
    assert done["result_s3"] == {
        "bucket": recognition.cloud.deployment.bucket,
        "key": build_result_key(file_id, job_id),
    }
    assert done["result_schema_version"] == "1.2"
    # The result file was in the bucket when the envelope was put on the bus.
    assert bus_tap.file_there == {done["msg_id"]: True}
    result = recognition.result_file(done)
    validate_result(result)
    assert (result["schema_version"], result["job"]["status"]) == ("1.2", "done")
    assert (result["file"]["file_id"], result["job"]["job_id"]) == (file_id, job_id)
    assert result["documents"][0]["kind"] == "osv"


def test_a_duplicate_request_is_processed_once_and_acked_twice(
    recognition: Recognition,
) -> None:
    recognition.put_file(
        "in/form.xlsx", (FIXTURES / "statements/form_balance_broken.xlsx").read_bytes()
    )
    request = recognition.request(key="in/form.xlsx")
    held = HeldRead("in/form.xlsx")

    # The copy must arrive while the job is in flight (the bus delivers the two concurrently,
    # and a loaded machine may finish the first before the second lands): hold the job's read.
    with session_hook(HeldRead.EVENT, held, "held-read"):
        recognition.send(request)
        assert held.entered.wait(60)  # acked, claimed, reading its file: in flight
        recognition.send(request)
        _wait_for_runs(recognition.cloud, 1)  # the copy was handled while the job waited
        held.release.set()
        first = recognition.answers(request["job_id"])
    # A later republish of a finished job: acked again, and its result sent again (same id).
    recognition.send(request)
    answers = recognition.answers(request["job_id"])

    job_id = request["job_id"]
    ids = [a["msg_id"] for a in first]
    assert sorted(ids) == sorted([f"ack:{job_id}:1", f"ack:{job_id}:1", f"result:{job_id}:1"])
    results = [a for a in answers if a["msg_id"].startswith("result:")]
    assert [r["status"] for r in results] == ["needs_check", "needs_check"]
    assert results[0] == results[1]  # the very same envelope, published again
    assert [a["msg_id"] for a in answers[len(first) :]] == [f"ack:{job_id}:1", f"result:{job_id}:1"]


class HeldRead:
    """S3 holds the read of one key until released (a botocore hook): a job stays in flight."""

    EVENT = "before-parameter-build.s3.GetObject"

    def __init__(self, key: str) -> None:
        self.key = key
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, params: dict[str, Any], **_: Any) -> None:
        if params.get("Key") == self.key:
            self.entered.set()
            self.release.wait(60)


def _finished_runs(cloud: LocalCloud) -> int:
    return sum(1 for run in cloud.invocations if run.logical_id == "RecognitionFunction")


def _wait_for_runs(cloud: LocalCloud, runs: int) -> None:
    """Until `runs` Recognition invocations have ended (60 s at most), then exactly that many."""
    deadline = time.monotonic() + 60
    while _finished_runs(cloud) < runs and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _finished_runs(cloud) == runs


def test_an_invalid_duplicate_of_a_job_in_flight_or_done_gets_no_schema_mismatch(
    recognition: Recognition,
) -> None:
    recognition.put_file("in/held.xlsx", (FIXTURES / "statements/osv_62.xlsx").read_bytes())
    request = recognition.request(key="in/held.xlsx")
    broken = {**request, "file_type": "DOCX"}  # fails the schema, names the same job
    held = HeldRead("in/held.xlsx")
    cloud = recognition.cloud

    with session_hook(HeldRead.EVENT, held, "held-read"):
        recognition.send(request)
        assert held.entered.wait(60)  # acked, claimed, reading its file: in flight
        recognition.send(broken)
        _wait_for_runs(cloud, 1)  # the broken copy was handled while the job waited
        held.release.set()
        in_flight = recognition.answers(request["job_id"])
    recognition.send(broken)  # and once the job is done
    answers = recognition.answers(request["job_id"])

    assert [a["status"] for a in in_flight] == ["processing", "done"]
    assert answers == in_flight  # nothing more: no SCHEMA_MISMATCH under the result's id


def test_major_2_is_schema_mismatch_without_an_ack_a_later_minor_is_accepted_a_nameless_dropped(
    recognition: Recognition,
) -> None:
    recognition.put_file("in/osv.xlsx", (FIXTURES / "statements/osv_62.xlsx").read_bytes())
    major = recognition.request(key="in/osv.xlsx", schema_version="2.0")
    minor = recognition.request(key="in/osv.xlsx", schema_version="1.3", priority="high")
    nameless = recognition.request(key="in/osv.xlsx", job_id="not-a-uuid", schema_version="2.0")

    recognition.send(major, minor, nameless)

    [refused] = recognition.answers(major["job_id"])
    assert refused["status"] == "error" and refused["error"]["code"] == "SCHEMA_MISMATCH"
    assert refused["msg_id"] == f"result:{major['job_id']}:1"
    assert [a["status"] for a in recognition.answers(minor["job_id"])] == ["processing", "done"]
    # One that names no job is answered by nothing (logged and dropped).
    assert {a["job_id"] for a in (e["detail"] for e in recognition.seen)} == {
        major["job_id"],
        minor["job_id"],
    }
    # A valid copy of the refused job, later: the job ended in its refusal, which it gets again
    # (under the same id) with an ack, rather than a second result:<job_id>:1.
    recognition.send({**major, "schema_version": "1.0"})
    answers = recognition.answers(major["job_id"])
    assert [a["msg_id"] for a in answers] == [
        f"result:{major['job_id']}:1",
        f"ack:{major['job_id']}:1",
        f"result:{major['job_id']}:1",
    ]
    assert answers[2] == refused


def test_a_late_deadline_is_acked_then_timeout_and_a_missing_file_is_file_read_error(
    recognition: Recognition,
) -> None:
    late = recognition.request(key="in/late.xlsx", deadline=timedelta(minutes=-5))
    missing = recognition.request(key="in/not-there.xlsx")

    recognition.send(late, missing)

    ack, timeout = recognition.answers(late["job_id"])
    assert ack["status"] == "processing"
    assert (timeout["status"], timeout["error"]["code"]) == ("error", "TIMEOUT")
    ack, failed = recognition.answers(missing["job_id"])
    assert ack["status"] == "processing"
    assert failed["error"]["code"] == "FILE_READ_ERROR"
    assert "not-there.xlsx" in failed["error"]["message"]


def test_a_hostile_workbook_is_unreadable_and_a_file_of_another_type_invalid_format(
    recognition: Recognition,
) -> None:
    recognition.put_file("in/bomb.xlsx", (FIXTURES / "extract/poi_54764.xlsx").read_bytes())
    recognition.put_file("in/scan.xlsx", b"%PDF-1.4\n%fake\n")
    bomb = recognition.request(key="in/bomb.xlsx")
    pdf = recognition.request(key="in/scan.xlsx")

    recognition.send(bomb, pdf)

    [_, refused] = recognition.answers(bomb["job_id"])
    assert refused["error"]["code"] == "UNREADABLE"
    assert "entity" in refused["error"]["message"]
    [_, wrong] = recognition.answers(pdf["job_id"])
    assert wrong["error"]["code"] == "INVALID_FORMAT"


def test_a_publish_that_fails_twice_then_succeeds_and_one_lost_after_every_try(
    recognition: Recognition, bus_tap: BusTap
) -> None:
    request = recognition.request(key="in/late.xlsx", deadline=timedelta(minutes=-1))
    job_id = request["job_id"]
    bus_tap.fail = 2

    recognition.send(request)

    answers = recognition.answers(job_id)
    assert [a["msg_id"] for a in answers] == [f"ack:{job_id}:1", f"result:{job_id}:1"]
    # The ack's first two tries were refused; its third went through, under the same id.
    assert bus_tap.tries == [f"ack:{job_id}:1"] * 3 + [f"result:{job_id}:1"]

    # A bus down for every try: logged, no crash (the fixture checks no handler raised), and
    # the stored answer goes out when the sender, without an answer, republishes (same msg_id).
    lost = recognition.request(key="in/late.xlsx", deadline=timedelta(minutes=-1))
    lost_id = lost["job_id"]
    bus_tap.tries.clear()
    bus_tap.fail = 8  # the ack's four tries and the result's four
    recognition.send(lost)
    assert recognition.answers(lost_id) == []
    recognition.send(lost)
    answers = recognition.answers(lost_id)
    assert [a["msg_id"] for a in answers] == [f"ack:{lost_id}:1", f"result:{lost_id}:1"]
    assert answers[1]["error"]["code"] == "TIMEOUT"  # the stored answer, not a second run
    assert bus_tap.tries == [f"ack:{lost_id}:1"] * 4 + [f"result:{lost_id}:1"] * 4 + [
        f"ack:{lost_id}:1",
        f"result:{lost_id}:1",
    ]


def test_a_text_pdf_and_a_scan_are_recognised_by_extracts_readers_and_our_own_ocr(
    recognition: Recognition, tmp_path: Path
) -> None:
    pdf = tmp_path / "balance.pdf"
    render_form(forms.balance_1c(), pdf)
    income = tmp_path / "income.pdf"
    render_form(forms.income_1c(), income)
    scan = tmp_path / "income.png"
    pymupdf.open(income)[0].get_pixmap(dpi=300).save(scan)
    recognition.put_file("in/balance.pdf", pdf.read_bytes())
    recognition.put_file("in/income.png", scan.read_bytes())
    text_pdf = recognition.request(key="in/balance.pdf", file_type="PDF")
    picture = recognition.request(key="in/income.png", file_type="PNG", pipeline="image")

    recognition.send(text_pdf)
    recognition.send(picture, subject="files.img_uploaded")

    [_, balance_done] = recognition.answers(text_pdf["job_id"])
    [balance] = recognition.result_file(balance_done)["documents"]
    assert (balance["document_type"], balance["inn"]) == ("BALANCE", forms.INN)
    [_, income_done] = recognition.answers(picture["job_id"])
    assert income_done["status"] == "done", income_done
    result = recognition.result_file(income_done)
    assert result["file"]["format"] == "png"
    lines = {line["code"]: line["values"] for line in result["documents"][0]["lines"]}
    assert lines["2110"] == ["48620", "44310"]


def test_a_job_whose_worker_outlived_its_lease_is_answered_by_the_sweep_once(
    recognition: Recognition, clock: ShiftedClock
) -> None:
    # GIVEN a job acked and claimed, its worker stuck reading the file (as one killed would be)
    recognition.put_file("in/stuck.xlsx", (FIXTURES / "statements/osv_62.xlsx").read_bytes())
    request = recognition.request(key="in/stuck.xlsx")
    held = HeldRead("in/stuck.xlsx")
    cloud = recognition.cloud
    with session_hook(HeldRead.EVENT, held, "held-read"):
        recognition.send(request)
        assert held.entered.wait(60)
        # WHEN the sweep runs inside the lease, nothing happens to the job
        assert cloud.run_schedule("RecognitionSweepFunction").payload == {"stale_jobs": {}}
        # and once the lease (longer than the function's timeout) has passed, it answers
        clock.advance(WORK_LEASE.total_seconds() + 1)
        swept = cloud.run_schedule("RecognitionSweepFunction").payload
        # THEN the job ends in UNKNOWN_ERROR under its result's id
        assert swept == {"stale_jobs": {request["job_id"]: "error"}}
        # AND the worker that comes back late finds its job answered: no second result
        held.release.set()
        answers = recognition.answers(request["job_id"])

    job_id = request["job_id"]
    assert [(a["msg_id"], a["status"]) for a in answers] == [
        (f"ack:{job_id}:1", "processing"),
        (f"result:{job_id}:1", "error"),
    ]
    assert answers[1]["error"]["code"] == "UNKNOWN_ERROR"
    assert "ran out of time or memory" in answers[1]["error"]["message"]
    # A republish of the request is re-acked and answered from the record.
    recognition.send(request)
    again = recognition.answers(request["job_id"])
    assert again[-1] == answers[1]
    # The job left the sweep's listing: later sweeps find nothing.
    clock.advance(3600)
    assert cloud.run_schedule("RecognitionSweepFunction").payload == {"stale_jobs": {}}
