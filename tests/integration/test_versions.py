"""Versions of a document through the real pipeline on moto: a second version with a
changed amount, the list, an older report, the comparison, a roll-back, racing requests
and identical files."""

from __future__ import annotations

import hashlib
import threading
from typing import TYPE_CHECKING, Any

import pytest
from jsonschema import Draft202012Validator

from chalicelib.errors import DocumentStateConflictError
from chalicelib.keys import DocumentRef
from chalicelib.models import DocumentStatus
from chalicelib.openapi import openapi_document
from chalicelib.services.run_failures import RunStatusChange
from tests.documents import RU_SUPPLY_CONTRACT_HTML, make_pdf
from tests.integration.pipeline_driver import Ticket

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration

PDF = "application/pdf"
# v2: the price goes up, the buyer is renamed (same ИНН), and the penalty clause is gone.
V2_HTML = (
    RU_SUPPLY_CONTRACT_HTML.replace(
        "2 500 000,00 (два миллиона пятьсот тысяч)", "3 000 000,00 (три миллиона)"
    )
    .replace("«Лютик»", "«Василёк»")
    .replace(
        "<p>3.1. За просрочку поставки Поставщик уплачивает Покупателю неустойку в размере "
        "0,5% от\nстоимости непоставленного оборудования за каждый день просрочки.</p>",
        "",
    )
)


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "10"}


def _request_version(
    driver: Driver, document_id: str, data: bytes, **extra: Any
) -> tuple[int, dict[str, Any]]:
    body = {"filename": "Договор поставки v2.pdf", "content_type": PDF, "size": len(data), **extra}
    status, answer = driver.api("POST", f"/v1/documents/{document_id}/versions", body)
    return status, dict(answer)


def _upload_version(driver: Driver, document_id: str, data: bytes, **extra: Any) -> int:
    """Ask for the next version, upload its file and wait for its run; its number."""
    status, answer = _request_version(driver, document_id, data, **extra)
    assert status == 201, answer
    upload = answer["upload"]
    driver.upload(Ticket(document_id, upload["url"], upload["fields"]), data)
    driver.wait(document_id)
    return int(answer["document"]["version"])


def _versions(driver: Driver, document_id: str) -> dict[str, Any]:
    status, body = driver.api("GET", f"/v1/documents/{document_id}/versions")
    assert status == 200, body
    return dict(body)


def _assert_documented(body: dict[str, Any], status: int) -> None:
    """The version report's body is what the OpenAPI document promises for its status."""
    document = openapi_document()
    path = document["paths"]["/v1/documents/{document_id}/versions/{version}/report"]
    schema = path["get"]["responses"][str(status)]["content"]["application/json"]["schema"]
    validator = Draft202012Validator({**schema, "components": document["components"]})
    errors = [error.message for error in validator.iter_errors(body)]
    assert not errors, errors


def test_a_second_version_runs_pinned_to_its_number_and_reports_its_changes(
    driver: Driver,
) -> None:
    v1 = make_pdf()
    doc_id = driver.submit("Договор поставки.pdf", v1)
    credits = driver.credits()

    number = _upload_version(driver, doc_id, make_pdf(V2_HTML), change_note="New price")

    assert number == 2
    assert driver.credits() == credits - 1
    document = driver.document(doc_id)
    assert (document["version"], document["status"]) == (2, "done")
    executions = {e["name"]: e["status"] for e in driver.executions()}
    assert executions == {f"{doc_id}-v1": "SUCCEEDED", f"{doc_id}-v2": "SUCCEEDED"}

    listing = _versions(driver, doc_id)
    assert (listing["current_version"], listing["latest_version"]) == (2, 2)
    first, second = listing["versions"]
    assert (first["version"], first["is_current"], first["replaced_by"]) == (1, False, 2)
    assert (second["version"], second["is_current"], second["replaced_by"]) == (2, True, None)
    assert first["sha256"] == hashlib.sha256(v1).hexdigest()
    assert second["change_note"] == "New price"
    assert second["previous_version"] == 1
    assert first["report"] == f"/v1/documents/{doc_id}/versions/1/report"

    status, old = driver.api("GET", first["report"])
    assert status == 200, old
    assert old["report"]["version"] == 1
    assert old["report"]["prescreen"]["amount"]["amount"] == "2500000.00"
    assert "| Version | v1 |" in old["markdown"]
    assert (old["version"]["version"], old["version"]["is_current"]) == (1, False)
    _assert_documented(old, 200)

    status, new = driver.api("GET", f"/v1/documents/{doc_id}/report")
    assert status == 200, new
    assert new["report"]["version"] == 2
    assert "## Changes since v1" in new["markdown"]
    changed = {c["field"]: c for c in new["report"]["changes"]["facts"]}
    assert changed["amount"]["before"] == "2500000.00 RUB"
    assert changed["amount"]["after"] == "3000000.00 RUB"

    status, diff = driver.api("GET", f"/v1/documents/{doc_id}/versions/compare?from=1&to=2")
    assert status == 200, diff
    assert "amount" in {c["field"] for c in diff["facts"]}
    assert any(
        p["change"] == "renamed" and "Лютик" in p["before"] and "Василёк" in p["after"]
        for p in diff["parties"]
    ), diff["parties"]
    assert any(f["change"] == "gone" and f["checklist_item"] == "penalty" for f in diff["findings"])


def test_rolling_back_makes_v1_current_again_without_copying_and_is_audited(
    driver: Driver,
) -> None:
    doc_id = driver.submit("Договор поставки.pdf", make_pdf())
    _upload_version(driver, doc_id, make_pdf(V2_HTML))
    s3 = driver.cloud.client("s3")
    bucket = driver.cloud.deployment.bucket
    objects_before = s3.list_objects_v2(Bucket=bucket)["KeyCount"]

    status, restored = driver.api(
        "POST", f"/v1/documents/{doc_id}/versions/1/restore", {"reason": "v2 was a draft"}
    )

    assert status == 200, restored
    assert (restored["document"]["version"], restored["document"]["latest_version"]) == (1, 2)
    assert restored["restore"]["from_version"] == 1 + 1
    assert restored["restore"]["to_version"] == 1
    assert restored["restore"]["actor"] == driver.api("GET", "/v1/me")[1]["user_id"]
    assert s3.list_objects_v2(Bucket=bucket)["KeyCount"] == objects_before
    status, report = driver.api("GET", f"/v1/documents/{doc_id}/report")
    assert status == 200, report
    assert report["report"]["version"] == 1
    listing = _versions(driver, doc_id)
    assert [(v["version"], v["is_current"], v["replaced_by"]) for v in listing["versions"]] == [
        (1, True, None),
        (2, False, 1),
    ]
    assert [(r["from_version"], r["to_version"]) for r in listing["restores"]] == [(2, 1)]
    # Restoring the current one is a conflict; an unknown version is 404.
    assert driver.api("POST", f"/v1/documents/{doc_id}/versions/1/restore")[0] == 409
    assert driver.api("POST", f"/v1/documents/{doc_id}/versions/7/restore")[0] == 404
    # The next version is v3, and it replaces v1 (the current one), not v2.
    assert _upload_version(driver, doc_id, make_pdf(V2_HTML.replace("17/2024", "18/2024"))) == 3
    third = _versions(driver, doc_id)["versions"][-1]
    assert (third["version"], third["previous_version"], third["status"]) == (3, 1, "done")


def test_new_versions_asked_for_at_once_get_distinct_numbers(driver: Driver) -> None:
    doc_id = driver.submit("Договор поставки.pdf", make_pdf())
    credits = driver.credits()
    data = make_pdf(V2_HTML)
    racers = 4
    start = threading.Barrier(racers)
    answers: list[tuple[int, dict[str, Any]]] = []

    def ask() -> None:
        start.wait()
        answers.append(_request_version(driver, doc_id, data))

    threads = [threading.Thread(target=ask) for _ in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [status for status, _ in answers] == [201] * racers, answers
    numbers = sorted(answer["document"]["version"] for _, answer in answers)
    assert numbers == [2, 3, 4, 5]
    listing = _versions(driver, doc_id)
    assert (listing["current_version"], listing["latest_version"]) == (5, 5)
    statuses = {v["version"]: (v["status"], v["is_current"]) for v in listing["versions"]}
    assert statuses == {
        1: ("done", False),
        2: ("superseded", False),
        3: ("superseded", False),
        4: ("superseded", False),
        5: ("awaiting_upload", True),
    }
    # One credit for the version waiting for its file: the replaced ones' carried over.
    assert driver.credits() == credits - 1
    # A superseded version's form is dead: its file starts nothing.
    superseded = next(a for _, a in answers if a["document"]["version"] == 2)["upload"]
    driver.upload(Ticket(doc_id, superseded["url"], superseded["fields"]), data)
    assert driver.document(doc_id)["status"] == "awaiting_upload"
    assert {e["name"] for e in driver.executions()} == {f"{doc_id}-v1"}
    status, none = driver.api("GET", f"/v1/documents/{doc_id}/versions/2/report")
    assert (status, none["error"]["code"], none["version"]["status"]) == (
        409,
        "NO_REPORT",
        "superseded",
    )
    _assert_documented(none, 409)


def test_the_counter_refuses_a_second_version_opened_from_the_same_reading(
    driver: Driver,
) -> None:
    """The conditional put under the race: two writers that read the same counter."""
    from chalicelib.services.uploads import UploadRequest
    from chalicelib.services.versions import VersionRequest
    from chalicelib.wiring import repository, upload_service, version_service, versions_store

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())
    stale = repository().get(doc_id)
    assert stale is not None
    request = VersionRequest(UploadRequest(filename="v.pdf", content_type=PDF, size=10))
    opening = upload_service().open(request.upload)
    service = version_service()
    first = service._try_open(
        stale, caller_id=stale.owner_id, request=request, opening=opening, declared=None
    )
    second = service._try_open(
        stale, caller_id=stale.owner_id, request=request, opening=opening, declared=None
    )
    assert first is not None
    assert first.document.version == 2
    assert second is None  # refused: it must read again, and would get v3
    assert [v.version for v in versions_store().list_versions(doc_id)] == [1, 2]


def test_a_declared_identical_file_is_refused_before_any_credit(driver: Driver) -> None:
    data = make_pdf()
    doc_id = driver.submit("Договор поставки.pdf", data)
    credits = driver.credits()

    status, answer = _request_version(driver, doc_id, data, sha256=hashlib.sha256(data).hexdigest())

    assert status == 409, answer
    assert answer["error"]["code"] == "DUPLICATE_VERSION"
    assert "v1" in answer["error"]["message"]
    assert driver.credits() == credits
    assert driver.document(doc_id)["version"] == 1


def test_an_identical_file_found_on_arrival_ends_without_a_run_and_is_refunded(
    driver: Driver,
) -> None:
    data = make_pdf()
    doc_id = driver.submit("Договор поставки.pdf", data)
    credits = driver.credits()

    number = _upload_version(driver, doc_id, data)  # no SHA-256 declared

    assert number == 2
    assert driver.credits() == credits
    assert {e["name"] for e in driver.executions()} == {f"{doc_id}-v1"}
    document = driver.document(doc_id)
    assert (document["version"], document["status"]) == (1, "done")
    second = _versions(driver, doc_id)["versions"][1]
    assert (second["status"], second["duplicate_of"], second["refunded"]) == ("failed", 1, True)
    assert second["error"]["code"] == "DUPLICATE_VERSION"
    assert second["replaced_by"] == 1
    status, failed = driver.api("GET", f"/v1/documents/{doc_id}/versions/2/report")
    assert (status, failed["error"]["code"], failed["version"]["duplicate_of"]) == (
        409,
        "DUPLICATE_VERSION",
        1,
    )
    _assert_documented(failed, 409)


def test_a_new_version_waits_for_the_current_one_to_finish(driver: Driver) -> None:
    from chalicelib.wiring import repository

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())

    repository().transition(
        doc_id, to=DocumentStatus.ANALYZING, allowed_from=[DocumentStatus.DONE], version=1
    )

    status, answer = _request_version(driver, doc_id, make_pdf(V2_HTML))

    assert status == 409, answer
    assert answer["error"]["code"] == "VERSION_IN_PROGRESS"


def test_an_older_versions_run_never_writes_over_the_current_version(driver: Driver) -> None:
    from chalicelib.wiring import pipeline_steps, repository, run_failure_service

    doc_id = driver.submit("Договор поставки.pdf", make_pdf())
    _upload_version(driver, doc_id, make_pdf(V2_HTML))
    region = driver.document(doc_id)["region"]
    old = DocumentRef(doc_id, 1, region)

    with pytest.raises(DocumentStateConflictError):
        pipeline_steps().move(old, DocumentStatus.ANALYZING)
    pipeline_steps().record_failure(old, "UnreadableDocumentError", "{}")
    run_failure_service().handle(
        RunStatusChange(
            execution_arn="arn:old",
            status="FAILED",
            input=f'{{"document_id": "{doc_id}", "version": 1, "region": "{region}"}}',
            error="StorageUnavailableError",
            cause=None,
        )
    )

    document = repository().get(doc_id)
    assert document is not None
    assert (document.version, document.status.value, document.refunded) == (2, "done", False)


def test_versions_of_someone_elses_document_do_not_exist(driver: Driver) -> None:
    doc_id = driver.submit("Договор поставки.pdf", make_pdf())
    other = driver.sign_in("someone-else", "user")
    for method, path in (
        ("GET", f"/v1/documents/{doc_id}/versions"),
        ("GET", f"/v1/documents/{doc_id}/versions/1/report"),
        ("GET", f"/v1/documents/{doc_id}/versions/compare?from=1&to=2"),
        ("POST", f"/v1/documents/{doc_id}/versions/1/restore"),
    ):
        status, body = driver.api(method, path, token=other)
        assert status == 404, (path, body)
    data = make_pdf(V2_HTML)
    body = {"filename": "v2.pdf", "content_type": PDF, "size": len(data)}
    status, _ = driver.api("POST", f"/v1/documents/{doc_id}/versions", body, token=other)
    assert status == 404
