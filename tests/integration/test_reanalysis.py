"""Re-analysis: a done document run again under a changed configuration, as a system batch.

GIVEN a document analysed with REVIEW_MIN_CONFIDENCE=0.3, WHEN the setting changes (a new
deployment: the settings and services are rebuilt) and an admin asks for a re-analysis,
THEN a rerun runs through the real state machine in the system lane, with its own
config.json and report under `v1/r1/`, while the original run's files stay byte for byte,
the document stays done and no credit moves.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib import wiring
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration

CONTRACT = (
    "SUPPLY AGREEMENT. The Supplier shall deliver the goods within 10 days. "
    "The Buyer shall pay a penalty of 0.1% per day of delay. "
) * 10
ORIGINAL_FILES = ("config.json", "prescreen.json", "report.md", "report.json")


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"REVIEW_MIN_CONFIDENCE": "0.3"}


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Iterator[Driver]:
    """The pipeline's client; no handler may raise but the failing rerun's Prescreen."""
    yield Driver(local_cloud)
    unexpected = [e for e in local_cloud.errors if e.error_type != "SchemaMismatchError"]
    assert unexpected == [], "a handler raised where nothing should have"


def _key(driver: Driver, document_id: str, name: str) -> str:
    region = driver.document(document_id)["region"]
    return f"artifacts/{region}/{document_id}/{name}"


def _read(driver: Driver, key: str) -> bytes:
    cloud = driver.cloud
    body = cloud.client("s3").get_object(Bucket=cloud.deployment.bucket, Key=key)["Body"]
    return bytes(body.read())


def _originals(driver: Driver, document_id: str) -> dict[str, bytes]:
    return {n: _read(driver, _key(driver, document_id, f"v1/{n}")) for n in ORIGINAL_FILES}


def _reanalyse(driver: Driver, body: dict[str, Any]) -> dict[str, Any]:
    status, answer = driver.api("POST", "/v1/admin/reanalysis", body)
    assert status == 202, answer
    for rerun in answer["reruns"]:
        driver.cloud.wait_for_execution(rerun["execution_name"])
    return dict(answer)


def _change_setting(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    """A new deployment with one setting changed: every function's next call reads it."""
    monkeypatch.setenv(name, value)
    wiring.reset_cold_start()


def test_a_rerun_runs_under_the_new_configuration_and_leaves_the_original_run_alone(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    document_id = driver.submit("supply.txt", CONTRACT.encode())
    before = driver.document(document_id)
    assert before["status"] == "done", before
    originals = _originals(driver, document_id)
    credits = driver.credits()

    _change_setting(monkeypatch, "REVIEW_MIN_CONFIDENCE", "0.99")
    answer = _reanalyse(driver, {"document_ids": [document_id], "client_token": "tuning-1"})

    assert answer["lane"] == "system" and answer["created"] is True
    assert answer["skipped"] == []
    [started] = answer["reruns"]
    assert started["execution_name"] == f"{document_id}-v1-r1"
    # The original run is explained as it ran: not one byte of its files changed.
    assert _originals(driver, document_id) == originals
    rerun_config = json.loads(_read(driver, _key(driver, document_id, "v1/r1/config.json")))
    assert (rerun_config["review_min_confidence"], rerun_config["lane"]) == (0.99, "system")
    # The document stays done, with its own route and configuration; no credit moved.
    after = driver.document(document_id)
    assert after["status"] == "done"
    assert (after["route"], after["run_config"]) == (before["route"], before["run_config"])
    assert driver.credits() == credits
    # Nobody waits for a system run: a low confidence is recorded, never held.
    assert document_id not in json.dumps(driver.api("GET", "/v1/reviews")[1])

    status, listed = driver.api("GET", f"/v1/documents/{document_id}/versions/1/reruns")
    assert status == 200, listed
    [rerun] = listed["reruns"]
    assert (rerun["status"], rerun["lane"], rerun["route"]) == ("done", "system", "manual_review")
    assert rerun["config"]["config_digest"] != before["run_config"]["config_digest"]
    assert rerun["changed"] is False  # the same rules over the same text find the same

    status, report = driver.api("GET", rerun["report"])
    assert status == 200, report
    assert report["report"]["config"]["review_min_confidence"] == 0.99
    assert report["report"]["route"] == "manual_review"
    assert "Changes since the original run of v1" in report["markdown"]
    assert report["report"]["rerun"] == 1 and "| Re-analysis | r1," in report["markdown"]
    original = driver.api("GET", f"/v1/documents/{document_id}/report")[1]["report"]
    assert "rerun" not in original or original["rerun"] is None

    status, batch = driver.api("GET", answer["status"])
    assert status == 200, batch
    assert (batch["kind"], batch["lane"], batch["final"]) == ("reanalysis", "system", True)
    assert batch["counts"] == {"running": 0, "done": 1, "failed": 0}
    summary = batch["summary"]
    assert (summary["done"], summary["failed"], summary["changed"]) == (1, 0, 0)
    assert (summary["credits_spent"], summary["credits_refunded"]) == (0, 0)
    assert summary["routes"] == {"manual_review": 1}

    # The same request again is the same batch: nothing runs twice.
    status, again = driver.api(
        "POST", "/v1/admin/reanalysis", {"document_ids": [document_id], "client_token": "tuning-1"}
    )
    assert status == 202, again
    assert (again["batch_id"], again["created"]) == (answer["batch_id"], False)
    reruns = [e for e in driver.executions() if e["name"].startswith(f"{document_id}-v1-r")]
    assert len(reruns) == 1
    sfn = driver.cloud.client("stepfunctions")
    run_input = json.loads(sfn.describe_execution(executionArn=reruns[0]["executionArn"])["input"])
    assert (run_input["lane"], run_input["rerun"]) == ("system", 1)
    # Straight to Prescreen (no Extract, no OCR), never held; every step in the system lane.
    history = sfn.get_execution_history(executionArn=reruns[0]["executionArn"], maxResults=1000)
    events = history["events"]
    entered = [
        e["stateEnteredEventDetails"]["name"] for e in events if "stateEnteredEventDetails" in e
    ]
    assert entered == [
        "Is It A Re-analysis?",
        "Prescreen Document",
        "Which Route?",
        "Analyze Document",
        "Finalize Report",
    ]
    steps = [
        json.loads(e["lambdaFunctionScheduledEventDetails"]["input"])
        for e in events
        if "lambdaFunctionScheduledEventDetails" in e
    ]
    assert {step.get("lane") for step in steps} == {"system", None}  # Finalize takes no slot
    assert {step["rerun"] for step in steps} == {1}


def test_a_second_request_without_a_token_is_a_new_rerun_numbered_after_the_first(
    driver: Driver,
) -> None:
    document_id = driver.submit("supply.txt", CONTRACT.encode())

    first = _reanalyse(driver, {"document_ids": [document_id]})
    second = _reanalyse(driver, {"document_ids": [document_id, document_id]})

    assert first["batch_id"] != second["batch_id"]
    assert [r["rerun"] for r in first["reruns"] + second["reruns"]] == [1, 2]
    listed = driver.api("GET", f"/v1/documents/{document_id}/versions/1/reruns")[1]["reruns"]
    assert [(r["rerun"], r["status"]) for r in listed] == [(1, "done"), (2, "done")]
    # Unchanged settings, unchanged configuration: the digests say so.
    digests = {r["config"]["config_digest"] for r in listed}
    assert digests == {driver.document(document_id)["run_config"]["config_digest"]}


def test_a_rerun_that_fails_leaves_the_document_done_and_unrefunded(driver: Driver) -> None:
    document_id = driver.submit("supply.txt", CONTRACT.encode())
    originals = _originals(driver, document_id)
    credits = driver.credits()
    # The stored facts now say "spreadsheet": prescreen refuses it (SchemaMismatchError,
    # caught into Record Failure), as a rerun of a changed rule set might.
    facts_key = _key(driver, document_id, "v1/facts.json")
    facts = json.loads(_read(driver, facts_key))
    cloud = driver.cloud
    cloud.client("s3").put_object(
        Bucket=cloud.deployment.bucket,
        Key=facts_key,
        Body=json.dumps({**facts, "pipeline": "tabular"}).encode(),
    )

    answer = _reanalyse(driver, {"document_ids": [document_id]})

    document = driver.document(document_id)
    assert (document["status"], document.get("refunded", False)) == ("done", False)
    assert driver.credits() == credits
    assert _originals(driver, document_id) == originals
    [rerun] = driver.api("GET", f"/v1/documents/{document_id}/versions/1/reruns")[1]["reruns"]
    assert (rerun["status"], rerun["error"]["code"]) == ("failed", "SCHEMA_MISMATCH")
    status, report = driver.api("GET", rerun["report"])
    assert status == 409 and report["error"]["code"] == "SCHEMA_MISMATCH"
    batch = driver.api("GET", answer["status"])[1]
    assert batch["final"] and batch["summary"]["failed"] == 1
    assert batch["summary"]["credits_refunded"] == 0
    [failure] = batch["summary"]["failures"]
    assert (failure["document_id"], failure["code"]) == (document_id, "SCHEMA_MISMATCH")


def test_a_reanalysis_needs_admin_runs_and_skips_what_it_cannot_rerun(driver: Driver) -> None:
    done = driver.submit("supply.txt", CONTRACT.encode())
    waiting = driver.request_upload("later.txt", 100).document_id
    unknown = "00000000-0000-4000-8000-000000000000"
    someone = driver.sign_in("someone-else", "user")

    status, refused = driver.api(
        "POST", "/v1/admin/reanalysis", {"document_ids": [done]}, token=someone
    )
    assert status == 403, refused
    status, bad = driver.api("POST", "/v1/admin/reanalysis", {"document_ids": []})
    assert status == 400, bad

    answer = _reanalyse(driver, {"document_ids": [done, waiting, unknown]})

    assert [r["document_id"] for r in answer["reruns"]] == [done]
    assert answer["skipped"] == [
        {"document_id": waiting, "reason": "not_done"},
        {"document_id": unknown, "reason": "not_found"},
    ]
    # Another user may not read the reruns of a document they cannot see: not found.
    path = f"/v1/documents/{done}/versions/1/reruns"
    assert driver.api("GET", path, token=someone)[0] == 404
    assert driver.api("GET", f"{path}/9/report")[0] == 404
    assert driver.api("GET", answer["status"], token=someone)[0] == 404


def test_a_filter_takes_a_users_done_documents_of_a_time_range(driver: Driver) -> None:
    first = driver.submit("first.txt", CONTRACT.encode())
    created = driver.document(first)["created_at"]
    second = driver.submit("second.txt", CONTRACT.encode())
    waiting = driver.request_upload("later.txt", 100).document_id
    owner = driver.api("GET", "/v1/me")[1]["user_id"]

    everything = _reanalyse(driver, {"filter": {"owner_id": owner}})
    after_first = _reanalyse(driver, {"filter": {"owner_id": owner, "until": created}})

    # Done ones only, oldest first; the one still waiting for its file is not found at all.
    assert [r["document_id"] for r in everything["reruns"]] == [first, second]
    assert waiting not in json.dumps(everything)
    assert [r["document_id"] for r in after_first["reruns"]] == [first]
    status, nobody = driver.api("POST", "/v1/admin/reanalysis", {"filter": {"owner_id": "nobody"}})
    assert (status, nobody["reruns"], nobody["skipped"]) == (202, [], [])
    both = {"document_ids": [first], "filter": {"owner_id": owner}}
    assert driver.api("POST", "/v1/admin/reanalysis", both)[0] == 400
