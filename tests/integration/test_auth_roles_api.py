"""Roles over the HTTP API: the user's record decides, so a demotion takes effect at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    return Driver(local_cloud)


def test_a_demoted_admins_still_valid_token_is_refused_at_once(driver: Driver) -> None:
    # GIVEN an admin signed in, whose token works for reviewer and admin routes
    olga = driver.sign_in("olga", "admin")
    driver.sign_in("petr", "user")
    assert driver.api("GET", "/v1/reviews", token=olga)[0] == 200

    # WHEN another admin (the development admin) makes her a user
    demoted = driver.api("PUT", "/v1/admin/users/olga/role", {"role": "user", "reason": "left"})
    assert demoted == (200, {"user_id": "olga", "role": "user"})

    # THEN her token, still valid and still saying "admin", opens neither kind of route,
    # and she cannot make anybody an admin with it
    reviews = driver.api("GET", "/v1/reviews", token=olga)
    promote = driver.api(
        "PUT", "/v1/admin/users/petr/role", {"role": "admin", "reason": "ally"}, token=olga
    )
    assert (reviews[0], reviews[1]["error"]["code"]) == (403, "FORBIDDEN")
    assert (promote[0], promote[1]["error"]["code"]) == (403, "FORBIDDEN")
    petr = driver.api("GET", "/v1/me", token=driver.sign_in("petr", "user"))[1]
    assert petr["role"] == "user"
    # The rest of her account still works: she is a user now, not locked out.
    assert driver.api("GET", "/v1/me", token=olga)[0] == 200


def test_a_reviewer_demoted_to_user_cannot_decide_reviews(driver: Driver) -> None:
    rita = driver.sign_in("rita", "reviewer")
    driver.api("PUT", "/v1/admin/users/rita/role", {"role": "user", "reason": "rotation"})

    refused = driver.api("POST", "/v1/reviews/doc-1", {"decision": "approve"}, token=rita)

    assert (refused[0], refused[1]["error"]["code"]) == (403, "FORBIDDEN")
