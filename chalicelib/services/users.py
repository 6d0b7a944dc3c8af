"""Users: a profile with credits, created with the sign-up credits on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.models import UserProfile
    from chalicelib.ports import Users


class UserService:
    """Profiles and their credits."""

    def __init__(self, repo: Users, *, signup_credits: int, region: str) -> None:
        self._repo = repo
        self._signup_credits = signup_credits
        self._region = region

    def profile(self, user_id: str) -> UserProfile:
        """The user's profile; a new user starts with the sign-up credits."""
        return self._repo.ensure_user(user_id, credits=self._signup_credits, region=self._region)
