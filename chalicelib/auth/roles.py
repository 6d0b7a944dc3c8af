"""Where a user's record is read for the checks every request makes.

An access token's `role` is what the profile said when the token was issued; it stays in a
token for its whole life (15 minutes) and in API Gateway's authorizer cache for a minute
more. So nothing trusts it: every signed-in request reads the user's record (one
consistent GetItem), for the block (`chalicelib.auth.account_checks`) and for the
permissions of the role it holds now (`chalicelib.access`). A demotion, a promotion, a
move to another region and a block all take effect at the user's next request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from chalicelib.models import UserProfile


class UserRecords(Protocol):
    """Where users' profiles are read; `DynamoDocumentRepository` is one."""

    def get_user(self, user_id: str) -> UserProfile | None:
        """The user's profile, if any (a consistent read)."""
        ...
