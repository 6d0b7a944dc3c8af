"""The real ASL and the real handlers on moto: uploads end to end, failures, retries, refunds."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from botocore.exceptions import EndpointConnectionError

from chalicelib.analysis.quotes import verify_quotes
from chalicelib.models import AnalysisResult
from tests.botocore_hooks import session_hook
from tests.documents import make_pdf, make_xlsx

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tests.integration.pipeline_driver import Driver


pytestmark = pytest.mark.integration
FIXTURES = Path(__file__).parents[1] / "fixtures" / "pipeline"


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "5"}


def _report(driver: Driver, document_id: str) -> dict[str, Any]:
    status, body = driver.api("GET", f"/v1/documents/{document_id}/report")
    assert status == 200, body
    return dict(body)


def test_russian_pdf_goes_through_deep_analysis_to_a_report(driver: Driver) -> None:
    doc_id = driver.submit("Договор поставки.pdf", make_pdf())
    document = driver.document(doc_id)
    assert (document["status"], document["route"], document["pipeline"]) == (
        "done",
        "deep_analysis",
        "contract",
    )
    report = _report(driver, doc_id)
    assert "не заменяет консультацию юриста" in report["markdown"]
    prescreen = report["report"]["prescreen"]
    assert prescreen["amount"]["amount"] == "2500000.00"
    assert prescreen["amount"]["currency"] == "RUB"
    analysis = AnalysisResult.model_validate(report["report"]["analysis"])
    assert any(f.severity == "high" for f in analysis.findings)
    assert {f.checklist_item for f in analysis.findings} >= {"penalty", "payment_terms"}
    text = (
        driver.cloud.client("s3")
        .get_object(
            Bucket=driver.cloud.deployment.bucket, Key=f"artifacts/ru-msk/{doc_id}/v1/text.md"
        )["Body"]
        .read()
        .decode()
    )
    kept, dropped = verify_quotes(list(analysis.findings), text)
    assert (len(kept), dropped) == (len(analysis.findings), 0)
    assert driver.credits() == 4


def test_docx_contract_is_done(driver: Driver) -> None:
    doc_id = driver.submit("contract.docx", (FIXTURES / "ru_supply_contract.docx").read_bytes())
    document = driver.document(doc_id)
    assert document["status"] in ("done", "in_review"), document
    assert document["pipeline"] == "contract"


def test_scan_is_read_by_ocr(driver: Driver) -> None:
    doc_id = driver.submit("scan.png", (FIXTURES / "ru_payment_order_scan.png").read_bytes())
    document = driver.document(doc_id)
    assert document["pipeline"] == "image"
    assert document["status"] in ("done", "in_review"), document
    facts = json.loads(
        driver.cloud.client("s3")
        .get_object(
            Bucket=driver.cloud.deployment.bucket, Key=f"artifacts/ru-msk/{doc_id}/v1/facts.json"
        )["Body"]
        .read()
    )
    assert facts["ocr_used"] is True


def test_a_held_document_continues_after_the_reviewer_decides(driver: Driver) -> None:
    from chalicelib.wiring import review_service

    short = make_pdf("<h1>Письмо</h1><p>Просим рассмотреть приложенные материалы.</p>")
    doc_id = driver.submit("letter.pdf", short)
    execution = driver.cloud.execution_arn(f"{doc_id}-v1")
    document = driver.document(doc_id)
    assert (document["status"], document["route"]) == ("in_review", "manual_review")
    sfn = driver.cloud.client("stepfunctions")
    assert sfn.describe_execution(executionArn=execution)["status"] == "RUNNING"
    review_service().decide(doc_id, "approve", reviewer="reviewer-1", comment="Fine as is")
    result = driver.cloud.wait_for_execution(execution)
    assert result["status"] == "SUCCEEDED"
    document = driver.document(doc_id)
    assert document["status"] == "done"
    assert document["review"]["reviewer"] == "reviewer-1"
    assert "reviewer-1" in _report(driver, doc_id)["markdown"]


def test_duplicate_s3_event_runs_once_and_charges_once(driver: Driver) -> None:
    ticket = driver.request_upload("contract.pdf", len(make_pdf()))
    driver.upload(ticket, make_pdf())
    first = driver.wait(ticket.document_id)
    # (Once, in a full run, the first run itself had failed: what failed is said here.)
    assert first["status"] == "done", (first.get("stage"), first.get("error"))
    key = ticket.fields["key"]
    s3 = driver.cloud.client("s3")
    head = s3.head_object(Bucket=driver.cloud.deployment.bucket, Key=key)
    event = {
        "Records": [
            {
                "eventSource": "aws:s3",
                "eventName": "ObjectCreated:Post",
                "s3": {
                    "bucket": {"name": driver.cloud.deployment.bucket},
                    "object": {
                        "key": key,
                        "size": head["ContentLength"],
                        "eTag": head["ETag"].strip('"'),
                        "versionId": head.get("VersionId"),
                    },
                },
            }
        ]
    }
    again = driver.cloud.invoke("ExtractFunction", event)
    assert not again.errored, again.payload
    executions = driver.executions()
    assert len(executions) == 1, (executions, again.payload, driver.document(ticket.document_id))
    assert driver.document(ticket.document_id)["status"] == "done"
    assert driver.credits() == 4


def test_encrypted_pdf_fails_with_a_code_and_is_refunded(driver: Driver) -> None:
    doc_id = driver.submit("secret.pdf", (FIXTURES / "encrypted.pdf").read_bytes())
    document = driver.document(doc_id)
    assert document["status"] == "failed"
    assert document["error"]["code"] == "ENCRYPTED"
    assert "password" in document["error"]["message"]
    assert document["refunded"] is True
    assert driver.credits() == 5
    status, body = driver.api("GET", f"/v1/documents/{doc_id}/report")
    assert (status, body["error"]["code"]) == (409, "ENCRYPTED")


def test_mislabelled_file_fails_as_unsupported(driver: Driver) -> None:
    doc_id = driver.submit("contract.pdf", (FIXTURES / "ru_supply_contract.docx").read_bytes())
    assert driver.document(doc_id)["error"]["code"] == "UNSUPPORTED_FORMAT"


def test_terminal_error_in_the_state_machine_is_caught_and_recorded(driver: Driver) -> None:
    sheet = make_xlsx([["Фрукт", "Цена"], ["Яблоко", "10"], ["Груша", "12"]])
    doc_id = driver.submit("prices.xlsx", sheet)
    execution = driver.cloud.wait_for_execution(f"{doc_id}-v1")
    assert execution["status"] == "FAILED"
    history = driver.cloud.client("stepfunctions").get_execution_history(
        executionArn=execution["executionArn"]
    )["events"]
    entered = [
        e["stateEnteredEventDetails"]["name"] for e in history if "stateEnteredEventDetails" in e
    ]
    assert "Record Failure" in entered
    document = driver.document(doc_id)
    assert document["error"]["code"] == "SCHEMA_MISMATCH"
    assert document["refunded"] is True
    assert {e.error_type for e in driver.cloud.errors} == {"SchemaMismatchError"}
    driver.cloud.errors.clear()


@pytest.mark.parametrize(
    "local_cloud_env", [{"REFUND_POLICY": "infra_only", "SIGNUP_CREDITS": "5"}]
)
def test_user_fault_is_not_refunded_under_infra_only(driver: Driver) -> None:
    doc_id = driver.submit("secret.pdf", (FIXTURES / "encrypted.pdf").read_bytes())
    document = driver.document(doc_id)
    assert (document["status"], document["refunded"]) == ("failed", False)
    assert driver.credits() == 4


class StorageOutage:
    """S3 stops answering reads of extracted text, as in an outage (a botocore hook, not our code).

    Clients copy the session's hooks when they are made, so the hook stays registered
    and `end()` switches it off.
    """

    EVENT = "before-parameter-build.s3.GetObject"

    def __init__(self) -> None:
        self.refused: list[str] = []
        self.active = True

    def __call__(self, params: dict[str, Any], **_: Any) -> None:
        if self.active and str(params.get("Key", "")).endswith("text.md"):
            self.refused.append(params["Key"])
            raise EndpointConnectionError(endpoint_url="https://s3.amazonaws.com")

    def end(self) -> None:
        """S3 answers again."""
        self.active = False


@pytest.fixture
def storage_outage() -> Iterator[StorageOutage]:
    outage = StorageOutage()
    with session_hook(StorageOutage.EVENT, outage, "outage"):
        yield outage


def test_retryable_error_is_retried_then_fails_the_run_and_on_run_failed_refunds(
    driver: Driver, storage_outage: StorageOutage
) -> None:
    doc_id = driver.submit("contract.pdf", make_pdf())
    execution = driver.cloud.wait_for_execution(f"{doc_id}-v1")
    assert execution["status"] == "FAILED"
    assert len(storage_outage.refused) == 5  # the first try and four retries
    history = driver.cloud.client("stepfunctions").get_execution_history(
        executionArn=execution["executionArn"]
    )["events"]
    entered = [
        e["stateEnteredEventDetails"]["name"] for e in history if "stateEnteredEventDetails" in e
    ]
    assert "Record Failure" not in entered  # not caught: the run fails at the task
    document = driver.document(doc_id)
    assert document["status"] == "failed"
    assert document["error"]["code"] == "TEMPORARILY_UNAVAILABLE"
    assert document["refunded"] is True
    assert driver.credits() == 5
    raised = {(e.logical_id, e.error_type) for e in driver.cloud.errors}
    assert raised == {("PrescreenFunction", "StorageUnavailableError")}
    driver.cloud.errors.clear()


def test_no_credit_gives_402_and_creates_nothing(driver: Driver) -> None:
    for _ in range(5):
        driver.request_upload("a.pdf", 100)
    status, body = driver.api(
        "POST", "/v1/documents", {"filename": "a.pdf", "content_type": "application/pdf", "size": 1}
    )
    assert status == 402
    assert body == {
        "error": {"code": "INSUFFICIENT_CREDITS", "message": "You have no credits left."}
    }
    assert driver.credits() == 0


@pytest.mark.parametrize(
    "local_cloud_env",
    # three seconds: the first sweep must come before the link expires, on a loaded machine too
    # (with one second, a busy test run once swept after it)
    [{"SIGNUP_CREDITS": "5", "UPLOAD_URL_TTL_SECONDS": "3", "UPLOAD_GRACE_SECONDS": "0"}],
)
def test_sweeper_releases_a_reservation_whose_upload_never_came(driver: Driver) -> None:
    ticket = driver.request_upload("never.pdf", 100)
    assert driver.credits() == 4
    # (A sweep also looks at the batch lane's admission: nothing held, nothing queued.)
    idle = {"leases_freed": 0, "admitted": 0}
    assert driver.cloud.run_schedule("SweeperFunction").payload == {
        "released": 0,
        "stuck": 0,
        "callbacks": 0,
        "imports_interrupted": 0,
        "admission": idle,
    }
    time.sleep(3.1)
    result = driver.cloud.run_schedule("SweeperFunction")
    assert result.payload == {
        "released": 1,
        "stuck": 0,
        "callbacks": 0,
        "imports_interrupted": 0,
        "admission": idle,
    }
    document = driver.document(ticket.document_id)
    assert document["error"]["code"] == "UPLOAD_EXPIRED"
    assert driver.credits() == 5


@pytest.mark.parametrize(
    "local_cloud_env",
    [{"SIGNUP_CREDITS": "5", "REFUND_POLICY": "infra_only", "REVIEW_TIMEOUT_SECONDS": "1"}],
)
def test_a_held_document_nobody_decides_times_out_failed_and_refunded(driver: Driver) -> None:
    letter = make_pdf("<h1>Письмо</h1><p>Просим рассмотреть приложенные материалы.</p>")
    doc_id = driver.submit("letter.pdf", letter)
    assert driver.document(doc_id)["status"] == "in_review"
    execution = driver.cloud.wait_for_execution(f"{doc_id}-v1", timeout=30)
    assert execution["status"] == "FAILED"
    document = driver.document(doc_id)
    assert document["error"]["code"] == "REVIEW_TIMEOUT"
    assert document["refunded"] is True  # our side kept the user waiting: refunded even so
    assert driver.credits() == 5


def test_a_failed_run_restarted_from_its_input_after_the_outage_ends_the_document_done(
    driver: Driver, storage_outage: StorageOutage
) -> None:
    doc_id = driver.submit("contract.pdf", make_pdf())
    failed = driver.cloud.wait_for_execution(f"{doc_id}-v1")
    assert (failed["status"], driver.document(doc_id)["refunded"]) == ("FAILED", True)
    storage_outage.end()
    # What a redrive does once the cause is gone (moto has no RedriveExecution): the same
    # input again, from the failed state on.
    sfn = driver.cloud.client("stepfunctions")
    again = sfn.start_execution(
        stateMachineArn=failed["stateMachineArn"],
        name=f"{doc_id}-v1-redrive-1",
        input=failed["input"],
    )
    assert driver.cloud.wait_for_execution(again["executionArn"])["status"] == "SUCCEEDED"
    document = driver.document(doc_id)
    assert (document["status"], document["refunded"]) == ("done", True)  # the credit stays refunded
    assert driver.credits() == 5
    _, report = driver.api("GET", f"/v1/documents/{doc_id}/report")
    assert "не заменяет консультацию юриста" in report["markdown"]
    driver.cloud.errors.clear()  # the outage's StorageUnavailableErrors were expected


def test_an_operator_lists_the_failed_run_and_redrives_it_over_the_api(
    driver: Driver, storage_outage: StorageOutage
) -> None:
    doc_id = driver.submit("contract.pdf", make_pdf())
    driver.cloud.wait_for_execution(f"{doc_id}-v1")
    storage_outage.end()

    # The local cloud's development user is an admin.
    status, listed = driver.api("GET", "/v1/admin/runs?status=FAILED")
    assert status == 200, listed
    run = next(r for r in listed["runs"] if r["document_id"] == doc_id)
    assert run["error"] == "StorageUnavailableError" and run["cause"]
    status, redriven = driver.api("POST", f"/v1/admin/documents/{doc_id}/redrive")

    assert status == 202, redriven
    assert driver.cloud.wait_for_execution(redriven["execution_arn"])["status"] == "SUCCEEDED"
    assert driver.document(doc_id)["status"] == "done"
    assert driver.api("POST", f"/v1/admin/documents/{doc_id}/redrive")[0] == 409
    driver.cloud.errors.clear()  # the outage's StorageUnavailableErrors were expected


def test_an_operator_grants_credits_with_a_reason(driver: Driver) -> None:
    before = driver.credits()

    status, body = driver.api(
        "POST", "/v1/admin/users/dev-user/credits", {"amount": 3, "reason": "pilot"}
    )
    unknown = driver.api("POST", "/v1/admin/users/nobody/credits", {"amount": 3, "reason": "x"})
    no_reason = driver.api("POST", "/v1/admin/users/dev-user/credits", {"amount": 3})

    assert status == 200 and body["credits_left"] == before + 3
    assert unknown[0] == 404 and no_reason[0] == 400
