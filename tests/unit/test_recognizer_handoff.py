"""The hand-off to an external recognizer, unit by unit: its command and result schemas, the
batch and merge rules, the service's steps and poller over fakes, and the state machine's
error names."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from chalicelib import errors
from chalicelib.contracts import ResultContractViolationError, validate_against
from chalicelib.ports.recognizer import ShareEntry
from chalicelib.recognizer import errors as recognizer_errors
from chalicelib.recognizer.errors import (
    InvalidRecognizerCommandError,
    RecognizerPublishFailedError,
    RecognizerShareUnavailableError,
    RecognizerSourceNotFoundError,
)
from chalicelib.recognizer.handoff import HandoffService, parse_command
from chalicelib.recognizer.merge import (
    InvalidRecognizerPageError,
    batch_of,
    merge_pages,
    parse_page,
)
from chalicelib.recognizer.models import Outcome
from infra.localcloud.fake_recognizer import FakeRecognizer, behaviour_of
from tests.fakes.ports import FakeObjectStore
from tests.fakes.recognizer import FakePublisher, FakeShare, FakeTasks, FakeTokens

NOW = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)
ASL = Path(__file__).parents[2] / "statemachines" / "recognizer_handoff.asl.json"


def _command(**changes: Any) -> dict[str, Any]:
    command = {
        "task_id": "job-1",
        "file_id": "file-1",
        "source_s3_key": "results/file-1/job-1/scan.PNG",
        "expires_at": (NOW + timedelta(minutes=10)).isoformat(),
    }
    command.update(changes)
    return {k: v for k, v in command.items() if v is not None}


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def parts() -> dict[str, Any]:
    bucket = FakeObjectStore()
    bucket.objects["results/file-1/job-1/scan.PNG"] = b"png"
    return {
        "tasks": FakeTasks(),
        "share": FakeShare(),
        "bucket": bucket,
        "tokens": FakeTokens(),
        "publisher": FakePublisher(),
        "clock": Clock(),
    }


def _service(parts: dict[str, Any], retries: int = 2) -> HandoffService:
    return HandoffService(
        **parts,
        result_prefix="FileWorker/results",
        max_source_bytes=1000,
        storage_retries=retries,
    )


def _waiting(parts: dict[str, Any]) -> HandoffService:
    service = _service(parts)
    service.accept(_command(), "job-1")
    service.send(_command())
    service.await_result("job-1", "token-1")
    return service


# --- the command and the result -----------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        _command(extra="no"),
        _command(file_id=None),
        _command(task_id=""),
        _command(source_s3_key="k" * 1025),
        _command(expires_at="tomorrow"),
        _command(task_id="a/b"),
        "not an object",
    ],
    ids=["extra", "missing", "empty", "too-long", "not-a-time", "slash-in-task", "not-object"],
)
def test_a_command_off_the_schema_is_refused_naming_why(command: object) -> None:
    with pytest.raises(InvalidRecognizerCommandError, match="refused"):
        parse_command(command)


def test_a_command_of_1024_character_keys_is_accepted() -> None:
    command = parse_command(_command(file_id="f" * 1024, source_s3_key="k" * 1024))

    assert len(command.file_id) == 1024


@pytest.mark.parametrize(
    ("status", "key", "code"),
    [
        ("ready", None, None),
        ("ready", "k", "deadline_exceeded"),
        ("timeout", None, "source_not_found"),
        ("timeout", "k", "deadline_exceeded"),
        ("error", None, "deadline_exceeded"),
        ("error", None, None),
        ("done", None, None),
    ],
)
def test_a_result_that_breaks_the_status_rules_is_refused(
    status: str, key: str | None, code: str | None
) -> None:
    result = {
        "task_id": "t",
        "file_id": "f",
        "status": status,
        "result_s3_key": key,
        "error_code": code,
        "finished_at": NOW.isoformat(),
    }
    with pytest.raises(ResultContractViolationError):
        validate_against("recognizerResult-v1.0", result)


# --- the batch and the merge --------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "complete"),
    [
        ([], False),
        ([("page-1.json", 10), ("page-2.json.tmp", 5)], False),
        ([("page-1.json", 10), ("page-2.json", 0)], False),
        ([("notes.txt", 10)], False),
        ([("page-1.json", 10), ("notes.txt", 3)], True),
        ([("PAGE-1.JSON", 10)], True),
    ],
)
def test_a_batch_is_complete_with_a_page_and_nothing_still_being_written(
    entries: list[tuple[str, int]], complete: bool
) -> None:
    assert batch_of([ShareEntry(n, s) for n, s in entries]).complete is complete


@pytest.mark.parametrize(
    "data",
    [
        b"{not json",
        b"[1, 2]",
        b'{"page": 0, "rows": []}',
        b'{"page": true, "rows": []}',
        b'{"page": 1, "rows": [["a", {"b": 1}]]}',
        b'{"page": 1, "rows": [[true]]}',
        b'{"page": 1}',
        b"\xff\xfe",
    ],
)
def test_a_page_off_the_agreed_shape_is_invalid(data: bytes) -> None:
    with pytest.raises(InvalidRecognizerPageError):
        parse_page("p.json", data)


def test_pages_merge_in_case_insensitive_name_order() -> None:
    pages = {n: {"page": 1, "rows": [[n]]} for n in ("b.json", "A.json", "a2.json", "C.json")}

    merged = merge_pages("t", "j", "f", pages)

    assert [f["name"] for f in merged["files"]] == ["A.json", "a2.json", "b.json", "C.json"]
    assert (merged["task_id"], merged["job_id"], merged["file_id"]) == ("t", "j", "f")
    assert merged["files"][0]["content"] == {"page": 1, "rows": [["A.json"]]}


# --- the service's steps ------------------------------------------------------------------


def test_accept_records_the_task_once_and_waits_until_expires_at(parts: dict[str, Any]) -> None:
    service = _service(parts)

    first = service.accept(_command(), "job-1")
    again = service.accept(_command(), "job-1")

    assert first == again == {"timeout_seconds": 600}
    assert parts["tasks"].get("job-1").stage == "received"


def test_an_expired_command_waits_one_second(parts: dict[str, Any]) -> None:
    late = _command(expires_at=(NOW - timedelta(hours=1)).isoformat())

    assert _service(parts).accept(late, "job-1") == {"timeout_seconds": 1}


def test_send_copies_the_source_to_input_with_its_extension(parts: dict[str, Any]) -> None:
    service = _service(parts)
    service.accept(_command(), "job-1")

    assert service.send(_command()) == {"input_path": "Input/job-1.png"}
    assert parts["share"].files == {"Input/job-1.png": b"png"}
    assert [s for _, s in parts["tasks"].stages] == [
        "checking_smb",
        "reading_source",
        "sending_to_smb",
    ]


def test_a_missing_source_is_source_not_found(parts: dict[str, Any]) -> None:
    service = _service(parts)
    service.accept(_command(source_s3_key="results/nothing.pdf"), "job-1")

    with pytest.raises(RecognizerSourceNotFoundError):
        service.send(_command(source_s3_key="results/nothing.pdf"))


def test_a_share_that_is_down_on_send_is_recorded_and_raised_for_the_retry(
    parts: dict[str, Any],
) -> None:
    service = _service(parts)
    service.accept(_command(), "job-1")
    parts["share"].down = True

    with pytest.raises(RecognizerShareUnavailableError):
        service.send(_command())

    task = parts["tasks"].get("job-1")
    assert task.stage == "retrying_storage"
    assert (task.last_error.stage, task.last_error.type) == (
        "checking_smb",
        "RecognizerShareUnavailableError",
    )
    assert task.last_error.location.startswith("recognizer.py:")


def test_a_poll_merges_a_complete_batch_stores_it_cleans_and_resumes(
    parts: dict[str, Any],
) -> None:
    service = _waiting(parts)
    fake = FakeRecognizer(parts["share"])
    fake.step()

    assert service.poll() == {"resumed": 1, "waiting": 0}

    [(token, output)] = parts["tokens"].sent
    assert token == "token-1"
    assert output == {
        "status": "ready",
        "error_code": None,
        "result_s3_key": "FileWorker/results/job-1.json",
    }
    merged = json.loads(parts["bucket"].objects["FileWorker/results/job-1.json"])
    assert [f["name"] for f in merged["files"]] == ["page-1.json", "Page-2.json"]
    assert parts["share"].files == {}


def test_a_poll_past_expires_at_leaves_the_task_to_the_runs_timeout(
    parts: dict[str, Any],
) -> None:
    service = _waiting(parts)
    FakeRecognizer(parts["share"]).step()
    parts["clock"].now = NOW + timedelta(minutes=11)

    assert service.poll() == {"resumed": 0, "waiting": 1}
    assert parts["tokens"].sent == []


def test_storage_failures_are_retried_by_later_polls_then_storage_unavailable(
    parts: dict[str, Any],
) -> None:
    service = _waiting(parts)
    parts["share"].down = True

    polls = [service.poll() for _ in range(3)]

    assert polls == [{"resumed": 0, "waiting": 1}] * 2 + [{"resumed": 1, "waiting": 0}]
    [(_, output)] = parts["tokens"].sent
    assert (output["status"], output["error_code"]) == ("error", "storage_unavailable")
    assert parts["tasks"].get("job-1").last_error.stage == "discovering_result"


def test_a_token_that_timed_out_meanwhile_is_not_an_error(parts: dict[str, Any]) -> None:
    service = _waiting(parts)
    FakeRecognizer(parts["share"]).step()
    parts["tokens"].gone.add("token-1")

    assert service.poll() == {"resumed": 0, "waiting": 0}


def test_finish_cleans_a_timed_out_share_publishes_and_ends_the_task(
    parts: dict[str, Any],
) -> None:
    service = _waiting(parts)
    parts["share"].files["Output/job-1/late.json.tmp"] = b"{"

    result = service.finish(_command(), Outcome("timeout", "deadline_exceeded"))

    assert parts["share"].files == {}
    assert parts["publisher"].published == [("files.tabular_parsed", result)]
    assert result["msg_id"] == "recognizer:job-1"
    assert (result["status"], result["error_code"]) == ("timeout", "deadline_exceeded")
    assert parts["tasks"].get("job-1").status == "timeout"
    assert parts["tasks"].active() == []


def test_a_refused_publish_is_recorded_and_raised_for_the_retry(parts: dict[str, Any]) -> None:
    service = _waiting(parts)
    parts["publisher"].refuse = True

    with pytest.raises(RecognizerPublishFailedError):
        service.finish(_command(), Outcome("ready", result_s3_key="FileWorker/results/job-1.json"))

    task = parts["tasks"].get("job-1")
    assert (task.stage, task.status) == ("retrying_publish", "active")
    assert task.last_error.stage == "publishing_result"


# --- the fake, the state machine ------------------------------------------------


@pytest.mark.parametrize(
    ("task_id", "behaviour"),
    [("job-never-1", "never"), ("JOB-JUNK", "junk"), ("x-partial", "partial"), ("plain", "answer")],
)
def test_the_fake_recognizer_is_told_how_to_answer_by_the_task_id(
    task_id: str, behaviour: str
) -> None:
    assert behaviour_of(task_id) == behaviour


def test_the_fake_recognizers_seeded_choice_is_the_same_every_time() -> None:
    choices = [behaviour_of(f"task-{n}", seed=7) for n in range(20)]

    assert choices == [behaviour_of(f"task-{n}", seed=7) for n in range(20)]
    assert len(set(choices)) > 1


def _error_names(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = set(node.get("ErrorEquals", []))
        if node.get("Type") == "Fail" and "Error" in node:
            found.add(node["Error"])
        return found | {n for value in node.values() for n in _error_names(value)}
    if isinstance(node, list):
        return {n for item in node for n in _error_names(item)}
    return set()


def test_every_error_name_in_the_hand_offs_asl_is_one_of_ours() -> None:
    names = _error_names(json.loads(ASL.read_text()))
    ours = {n for n in names if not n.startswith(("States.", "Lambda."))}

    assert ours
    for name in ours:
        assert hasattr(recognizer_errors, name) or hasattr(errors, name), name


class FlakyTokens(FakeTokens):
    """Step Functions refuses the first SendTaskSuccess."""

    def __init__(self) -> None:
        super().__init__()
        self.refusals = 1

    def send_success(self, token: str, output: dict[str, Any]) -> bool:
        if self.refusals:
            self.refusals -= 1
            raise errors.WorkflowUnavailableError
        return super().send_success(token, output)


def test_a_run_not_resumed_is_resumed_by_the_next_poll_with_the_kept_outcome(
    parts: dict[str, Any],
) -> None:
    parts["tokens"] = FlakyTokens()
    service = _waiting(parts)
    FakeRecognizer(parts["share"]).step()

    first = service.poll()
    second = service.poll()  # the share is clean by now: the kept outcome is sent

    assert (first, second) == ({"resumed": 0, "waiting": 1}, {"resumed": 1, "waiting": 0})
    [(_, output)] = parts["tokens"].sent
    assert output["result_s3_key"] == "FileWorker/results/job-1.json"
    assert parts["tasks"].get("job-1").last_error.type == "WorkflowUnavailableError"
