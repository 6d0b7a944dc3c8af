"""Reviewers over the HTTP API: the queue of held documents, a decision, the run resumes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
LETTER = "Письмо\n\nПросим рассмотреть приложенные материалы.\n".encode()


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    return Driver(local_cloud)


def test_a_reviewer_lists_held_documents_decides_one_and_its_run_finishes(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    doc_id = driver.submit("letter.txt", LETTER)
    assert driver.document(doc_id)["status"] == "in_review"

    # The local cloud's development user is an admin, who may review.
    status, queue = driver.api("GET", "/v1/reviews")
    assert status == 200, queue
    held = {item["document_id"]: item for item in queue["reviews"]}
    assert held[doc_id]["prescreen"]["route"] == "manual_review"

    bad = driver.api("POST", f"/v1/reviews/{doc_id}", {"decision": "maybe"})
    status, decided = driver.api(
        "POST", f"/v1/reviews/{doc_id}", {"decision": "reject", "comment": "Не договор"}
    )

    assert bad[0] == 400
    assert status == 200 and decided["review"]["decision"] == "reject"
    local_cloud.wait_for_execution(f"{doc_id}-v1")
    assert driver.document(doc_id)["status"] == "done"
    assert doc_id not in {
        item["document_id"] for item in driver.api("GET", "/v1/reviews")[1]["reviews"]
    }


def test_a_person_without_the_reviewer_role_is_refused(driver: Driver) -> None:
    ivan = {"email": "ivan@example.com", "password": "correct horse 42"}
    assert driver.api("POST", "/v1/auth/register", ivan, anonymous=True)[0] == 202
    status, body = driver.api("POST", "/v1/auth/login", ivan, anonymous=True)
    assert status == 200

    refused = driver.api("GET", "/v1/reviews", token=body["access_token"])

    assert (refused[0], refused[1]["error"]["code"]) == (403, "FORBIDDEN")


def test_an_admin_makes_a_person_a_reviewer_and_it_is_recorded(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    vera_login = {"email": "vera@example.com", "password": "correct horse 42"}
    driver.api("POST", "/v1/auth/register", vera_login, anonymous=True)
    _, tokens = driver.api("POST", "/v1/auth/login", vera_login, anonymous=True)
    vera = driver.api("GET", "/v1/me", token=tokens["access_token"])[1]["user_id"]
    path = f"/v1/admin/users/{vera}/role"

    status, changed = driver.api("PUT", path, {"role": "reviewer", "reason": "legal team"})
    refreshed = driver.api("POST", "/v1/auth/refresh", {"refresh_token": tokens["refresh_token"]})

    assert (status, changed) == (200, {"user_id": vera, "role": "reviewer"})
    # Her record decides, not her token's claim (chalicelib.access): the promotion reaches
    # her at once, through the old access token too, and the refreshed token says so.
    assert driver.api("GET", "/v1/reviews", token=tokens["access_token"])[0] == 200
    assert driver.api("GET", "/v1/reviews", token=refreshed[1]["access_token"])[0] == 200
    table = local_cloud.client("dynamodb")
    audit = table.query(
        TableName=local_cloud.deployment.table,
        KeyConditionExpression="PK = :pk AND begins_with(SK, :role)",
        ExpressionAttributeValues={":pk": {"S": f"USER#{vera}"}, ":role": {"S": "ROLE#"}},
    )["Items"]
    assert [(i["role"]["S"], i["reason"]["S"], i["set_by"]["S"]) for i in audit] == [
        ("reviewer", "legal team", "dev-user")
    ]


def test_roles_are_set_by_admins_only_and_never_on_oneself(driver: Driver) -> None:
    reviewer = driver.sign_in("rev-1", "reviewer")
    body = {"role": "admin", "reason": "why not"}

    by_reviewer = driver.api("PUT", "/v1/admin/users/rev-1/role", body, token=reviewer)
    own = driver.api("PUT", "/v1/admin/users/dev-user/role", {"role": "user", "reason": "oops"})
    unknown = driver.api("PUT", "/v1/admin/users/nobody/role", body)
    odd = driver.api("PUT", "/v1/admin/users/rev-1/role", {"role": "root", "reason": "x"})
    silent = driver.api("PUT", "/v1/admin/users/rev-1/role", {"role": "admin"})

    assert by_reviewer[0] == 403
    assert own[0] == 400 and "another admin" in own[1]["error"]["message"]
    assert unknown[0] == 404
    assert odd[0] == 400 and silent[0] == 400


def test_a_held_run_that_is_stopped_ends_at_once_and_runs_nothing_after_the_hold(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    """On AWS a stop ends a run waiting for its task token; moto alone leaves the wait (and
    its threads) sleeping until the task's timeout, a week by default (the local cloud wakes
    it), and the woken task's timeout used to turn the stop into a failure."""
    from infra.localcloud import moto_patches

    doc_id = driver.submit("letter.txt", LETTER)
    assert driver.document(doc_id)["status"] == "in_review"
    sfn = local_cloud.client("stepfunctions")
    arn = local_cloud.execution_arn(f"{doc_id}-v1")

    sfn.stop_execution(executionArn=arn, error="Withdrawn", cause="the deal fell through")

    assert moto_patches.join_execution_threads(timeout=10.0)
    assert sfn.describe_execution(executionArn=arn)["status"] == "ABORTED"
    events = sfn.get_execution_history(executionArn=arn)["events"]
    entered = [
        e["stateEnteredEventDetails"]["name"] for e in events if "stateEnteredEventDetails" in e
    ]
    assert entered[-1] == "Hold For Review"
    assert events[-1]["type"] == "ExecutionAborted"
    assert driver.document(doc_id)["status"] == "in_review"
