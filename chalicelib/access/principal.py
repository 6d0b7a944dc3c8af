"""The caller as the access checks see them, and how a check decides.

`Principal` is built per request by `AccessService.principal` from the user's record (read
every time, so a demotion or a move to another region takes effect at once), the role's
permissions and the user's grants (both cached for a few seconds). Deciding is pure: no
I/O here, so the scope matrix is tested without a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from chalicelib.access.permissions import action_scopes, holds, holds_any_scope
from chalicelib.access.regions import covers

if TYPE_CHECKING:
    from datetime import datetime


class Owned(Protocol):
    """What a check needs of a document: who owns it and where it lives."""

    @property
    def owner_id(self) -> str: ...
    @property
    def region(self) -> str: ...


@dataclass(frozen=True)
class Grant:
    """Lent access: `permission` (a region-scoped one) in `region`, until `expires_at`."""

    grant_id: str
    user_id: str
    region: str
    permission: str
    expires_at: datetime
    granted_by: str
    granted_at: datetime
    reason: str = ""
    revoked_at: datetime | None = None
    revoked_by: str | None = None

    def live_at(self, now: datetime) -> bool:
        """Whether the grant counts at `now`: not revoked, not yet expired."""
        return self.revoked_at is None and now < self.expires_at


@dataclass(frozen=True)
class Decision:
    """A check's outcome: allowed or not, and the grant that allowed it, if one did."""

    allowed: bool
    grant_id: str | None = None


@dataclass(frozen=True)
class Principal:
    """A signed-in caller: who, where, with which permissions and live grants."""

    user_id: str
    role: str
    region: str
    permissions: frozenset[str]
    grants: tuple[Grant, ...] = ()

    def holds(self, permission: str) -> bool:
        """Whether the role gives `permission` (or one implying it); grants do not count."""
        return holds(self.permissions, permission)

    def may_ever(self, action: str, now: datetime) -> bool:
        """Whether some scope of `action` is held, by the role or a live grant."""
        if holds_any_scope(self.permissions, action):
            return True
        return any(g.live_at(now) and g.permission.startswith(action + ":") for g in self.grants)

    def decide(self, action: str, document: Owned, now: datetime) -> Decision:
        """Whether `action` (`document:read`, ...) is allowed on `document` at `now`.

        The role's scopes come first; a grant is named only when it alone allows, so the
        audit says which grant a read across regions was made under.
        """
        scopes = action_scopes(self.permissions, action)
        if "all" in scopes:
            return Decision(True)
        if "region" in scopes and covers(self.region, document.region):
            return Decision(True)
        if "own" in scopes and document.owner_id == self.user_id:
            return Decision(True)
        for grant in self.grants:
            if (
                grant.live_at(now)
                and grant.permission == f"{action}:region"
                and covers(grant.region, document.region)
            ):
                return Decision(True, grant.grant_id)
        return Decision(False)
