"""Reviewer and admin rights come from the user's record; the token's claim only refuses early."""

from __future__ import annotations

import pytest

from chalicelib.auth.roles import require_recorded_role
from chalicelib.errors import ForbiddenError
from chalicelib.models import UserProfile
from tests.fakes.ports import FakeRepository

REVIEWERS = ("reviewer", "admin")


@pytest.fixture
def users() -> FakeRepository:
    repo = FakeRepository()
    for user_id, role in (("olga", "admin"), ("rita", "reviewer"), ("ivan", "user")):
        repo.users[user_id] = UserProfile(user_id=user_id, credits_left=0, role=role)
    return repo


def test_roles_a_record_and_a_token_that_agree_grant(users: FakeRepository) -> None:
    require_recorded_role(users, "olga", "admin", ("admin",))
    require_recorded_role(users, "rita", "reviewer", REVIEWERS)


def test_roles_a_demoted_users_token_is_refused_at_once(users: FakeRepository) -> None:
    users.set_role("olga", "user", reason="left", set_by="boss")

    with pytest.raises(ForbiddenError):
        require_recorded_role(users, "olga", "admin", ("admin",))
    with pytest.raises(ForbiddenError):
        require_recorded_role(users, "olga", "admin", REVIEWERS)


def test_roles_a_token_claiming_more_than_the_record_is_refused(users: FakeRepository) -> None:
    with pytest.raises(ForbiddenError):
        require_recorded_role(users, "rita", "admin", ("admin",))


def test_roles_a_token_without_the_role_is_refused_before_any_read() -> None:
    class NoReads:
        def get_user(self, user_id: str) -> UserProfile | None:
            raise AssertionError("the record was read for a token that never had the role")

    with pytest.raises(ForbiddenError):
        require_recorded_role(NoReads(), "ivan", "user", REVIEWERS)


def test_roles_a_user_without_a_record_is_refused(users: FakeRepository) -> None:
    with pytest.raises(ForbiddenError):
        require_recorded_role(users, "ghost", "admin", ("admin",))
