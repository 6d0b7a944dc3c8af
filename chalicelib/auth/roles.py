"""Who may use reviewer and admin routes: the user's record decides, not the token's claim.

An access token's `role` is what the profile said when the token was issued; it stays
in a token for its whole life (15 minutes) and in API Gateway's authorizer cache for a
minute more. A demoted admin must lose the admin routes at once, or she could use
that time to make another account an admin for good, so every route that needs a role
reads the profile (one consistent GetItem). The token's claim still refuses early:
a token that never carried the role needs no read, and a promotion reaches a person at
their next token, as the README says, the same way a demotion used to.

Routes moved onto permissions (`chalicelib.access`: a role is a set of permissions kept
in the table) keep the same guarantee without the token's early refusal: the record is
read at every request, so a promotion lands at once as well. `require_role` (app.py) stays
for the routes not yet moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from chalicelib.errors import ForbiddenError

if TYPE_CHECKING:
    from collections.abc import Collection

    from chalicelib.models import UserProfile


class UserRecords(Protocol):
    """Where users' profiles are read; `DynamoDocumentRepository` is one."""

    def get_user(self, user_id: str) -> UserProfile | None:
        """The user's profile, if any (a consistent read)."""
        ...


def require_recorded_role(
    users: UserRecords, user_id: str, token_role: str, roles: Collection[str]
) -> None:
    """Raise `ForbiddenError` unless both the token and the user's record hold one of `roles`."""
    if token_role not in roles:
        raise ForbiddenError
    profile = users.get_user(user_id)
    if profile is None or profile.role not in roles:
        raise ForbiddenError
