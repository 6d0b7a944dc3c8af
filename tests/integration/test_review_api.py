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
    status, body = driver.api(
        "POST", "/v1/auth/register", {"email": "ivan@example.com", "password": "correct horse 42"}
    )
    assert status == 201

    refused = driver.api("GET", "/v1/reviews", token=body["access_token"])

    assert (refused[0], refused[1]["error"]["code"]) == (403, "FORBIDDEN")
