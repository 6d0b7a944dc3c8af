"""The correlation id through the real API, the real ASL and the real handlers on moto: from
the request's `X-Correlation-ID` to the answer, the document, the run and every step's logs."""

from __future__ import annotations

import importlib
import json
import threading
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib.wiring import repository
from tests.conftest import TESTS_DIR
from tests.documents import make_pdf
from tests.integration.pipeline_driver import Driver, Ticket

if TYPE_CHECKING:
    from aws_lambda_powertools import Logger

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

_lock = threading.Lock()
STEP_INPUTS: list[dict[str, Any]] = []


def recording_prescreen(event: dict[str, Any], context: Any) -> Any:
    """The real Prescreen handler, noting the input the state machine gave it."""
    from functions.prescreen.handler import handler

    with _lock:
        STEP_INPUTS.append(dict(event))
    return handler(event, context)


@pytest.fixture
def local_cloud_handlers() -> dict[str, Any]:
    STEP_INPUTS.clear()
    return {"PrescreenFunction": recording_prescreen}


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    return Driver(local_cloud)


def _upload(
    driver: Driver, headers: dict[str, str], size: int = 1000
) -> tuple[int, Any, dict[str, str]]:
    body = {"filename": "a.pdf", "content_type": "application/pdf", "size": size}
    response = driver.client.http.post(
        "/v1/documents",
        headers={"Content-Type": "application/json", **driver.bearer(), **headers},
        body=json.dumps(body),
    )
    return response.status_code, json.loads(response.body), dict(response.headers)


def test_the_callers_id_is_answered_stored_and_carried_into_the_run(driver: Driver) -> None:
    # GIVEN a partner's request with its own id
    data = make_pdf()
    status, body, headers = _upload(driver, {"X-Correlation-ID": "partner-req-42"}, len(data))
    # THEN the answer carries it back, and the document keeps it
    assert status == 201
    assert headers["X-Correlation-ID"] == "partner-req-42"
    document_id = body["document"]["document_id"]
    stored = repository().get(document_id)
    assert stored is not None and stored.correlation_id == "partner-req-42"
    # WHEN the file arrives and the run goes through
    driver.upload(Ticket(document_id, body["upload"]["url"], body["upload"]["fields"]), data)
    driver.wait(document_id)
    # THEN the run's input and its steps carry the same id
    sfn = driver.cloud.client("stepfunctions")
    execution = sfn.describe_execution(executionArn=driver.cloud.execution_arn(f"{document_id}-v1"))
    assert json.loads(execution["input"])["correlation_id"] == "partner-req-42"
    seen = [e["correlation_id"] for e in STEP_INPUTS if e["document_id"] == document_id]
    assert seen == ["partner-req-42"]


def test_a_request_without_an_id_gets_one_and_so_does_its_run(driver: Driver) -> None:
    status, body, headers = _upload(driver, {})
    assert status == 201
    minted = headers["X-Correlation-ID"]
    assert uuid.UUID(minted).version == 4
    stored = repository().get(body["document"]["document_id"])
    assert stored is not None and stored.correlation_id == minted


def test_an_unusable_id_is_replaced_and_errors_carry_one_too(driver: Driver) -> None:
    status, _, headers = _upload(driver, {"X-Correlation-ID": "x" * 500})
    assert status == 201 and uuid.UUID(headers["X-Correlation-ID"]).version == 4
    # An error answered by the framework itself (415) still says which request it was.
    response = driver.client.http.post(
        "/v1/documents",
        headers={"Content-Type": "text/plain", "X-Correlation-ID": "req-415", **driver.bearer()},
        body="hello",
    )
    assert response.status_code == 415
    assert response.headers["X-Correlation-ID"] == "req-415"


# --- each step's logs: the handlers as Lambda calls them ------------------------------------


@dataclass
class Context:
    """What Powertools reads from a Lambda context."""

    function_name: str = "fn"
    function_version: str = "$LATEST"
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:fn"
    memory_limit_in_mb: int = 128
    aws_request_id: str = "req"
    log_group_name: str = "/aws/lambda/fn"
    log_stream_name: str = "stream"


class RecordingSteps:
    """Pipeline steps that only note the correlation id the handler's logger has."""

    def __init__(self, logger: Logger) -> None:
        self.logger = logger
        self.seen: list[str | None] = []

    def __getattr__(self, step: str) -> Any:
        def run(*args: Any) -> dict[str, Any]:
            self.seen.append(self.logger.get_correlation_id())
            return {}

        return run


RUN = {"document_id": "doc-1", "version": 1, "region": "ru"}
FAILURE = {"error": {"Error": "UnreadableDocumentError", "Cause": "{}"}}


@pytest.mark.parametrize(
    ("function", "extra"),
    [
        ("prescreen", {}),
        ("analyze", {}),
        ("finalize", {}),
        ("hold_for_review", {"task_token": "tok"}),
        ("record_failure", FAILURE),
    ],
)
def test_each_step_logs_with_the_runs_id_or_else_the_documents(
    monkeypatch: pytest.MonkeyPatch, function: str, extra: dict[str, Any]
) -> None:
    module = importlib.import_module(f"functions.{function}.handler")
    steps = RecordingSteps(module.entry.logger)
    # Steps that take a lane call `pipeline_steps(lane)`: the recording ones serve any lane.
    monkeypatch.setattr(module, "pipeline_steps", lambda *_lane: steps)
    _no_admission(monkeypatch, module)
    module.handler({**RUN, **extra, "correlation_id": "req-7"}, Context())
    module.handler({**RUN, **extra}, Context())  # a run started before ids were carried
    assert steps.seen == ["req-7", "doc-1"]


def _no_admission(monkeypatch: pytest.MonkeyPatch, module: Any) -> None:
    """The steps that end a run also let the next queued batch run start (`run_ended`): the
    table's admission, which these logging checks run without."""
    if hasattr(module, "run_ended"):
        monkeypatch.setattr(module, "run_ended", lambda *_run: None)


def test_on_run_failed_logs_with_the_id_its_run_carried(monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module("functions.on_run_failed.handler")
    seen: list[str | None] = []

    class Compensation:
        def handle(self, change: Any) -> dict[str, Any]:
            seen.append(module.entry.logger.get_correlation_id())
            return {}

    monkeypatch.setattr(module, "run_failure_service", Compensation)
    _no_admission(monkeypatch, module)
    event = json.loads((TESTS_DIR / "events" / "execution_status_failed.json").read_text())
    event["detail"]["input"] = json.dumps({**RUN, "correlation_id": "req-7"})
    module.handler(event, Context())
    event["detail"]["input"] = json.dumps(RUN)
    module.handler(event, Context())
    assert seen == ["req-7", event["detail"]["name"]]
