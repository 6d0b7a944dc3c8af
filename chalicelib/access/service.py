"""The access service: builds a caller's `Principal`, decides, audits, and administers.

How another part uses it (routes build the principal, services decide):

    principal = access_service().principal(user_id)          # one consistent user read
    access.require(principal, "admin:users")                 # 403 unless held
    decision = access.require_document(principal, "document:read", document)  # 404 unless
    access.record_read(principal, "report.read", document, decision)          # non-owners

Role definitions and a user's grants are cached for `cache_ttl` seconds in this process
(keys `contract-check:global:access:role:{role}` and
`contract-check:{region}:access:grants:{user_id}`) and forgotten here the moment this
process changes them; the user's record (role, region) is read every time, so a demotion or
a move takes effect at once, and a grant's expiry is checked against the clock every time.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from chalicelib.access.cache import GLOBAL, TtlCache, cache_key
from chalicelib.access.permissions import (
    DEFAULT_ROLES,
    GRANTABLE,
    PERMISSION_MEANING,
    PERMISSIONS,
    ROLE_NAMES,
)
from chalicelib.access.principal import Decision, Grant, Owned, Principal
from chalicelib.access.records import AuditEntry, RoleDefinition
from chalicelib.access.regions import is_region
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    ForbiddenError,
    InvalidRequestError,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from chalicelib.auth.roles import UserRecords
    from chalicelib.models import UserProfile
    from chalicelib.ports.access import AccessStore

DOMAIN = "access"
DEFAULT_CACHE_SECONDS = 30.0
MAX_GRANT_DAYS = 90
DEFAULT_AUDIT_DAYS = 30
MAX_PAGE = 100
# Roles whose permissions the API does not change.
FIXED_ROLES = frozenset({"admin"})


class AccessService:
    """Principals, permission checks, grants, role definitions and the access audit."""

    def __init__(
        self,
        store: AccessStore,
        users: UserRecords,
        clock: Callable[[], datetime],
        *,
        default_region: str,
        cache_ttl: float = DEFAULT_CACHE_SECONDS,
        cache_clock: Callable[[], float] | None = None,
    ) -> None:
        self._store = store
        self._users = users
        self._clock = clock
        self._default_region = default_region
        self._roles: TtlCache[RoleDefinition] = TtlCache(cache_ttl, clock=cache_clock)
        self._grants: TtlCache[tuple[Grant, ...]] = TtlCache(cache_ttl, clock=cache_clock)

    # --- who is calling

    def principal(self, user_id: str) -> Principal:
        """The caller as the checks see them: their record now, their role's permissions and
        their grants (live or not: each check asks the clock)."""
        return self.principal_of(user_id, self._users.get_user(user_id))

    def principal_of(self, user_id: str, profile: UserProfile | None) -> Principal:
        """The caller as `principal` builds them, from a profile already read this request
        (None: no profile yet, a new user)."""
        role = profile.role if profile else "user"
        region = profile.region if profile else self._default_region
        return Principal(
            user_id=user_id,
            role=role,
            region=region,
            permissions=self.role(role).permissions,
            grants=self._user_grants(user_id, region),
        )

    def role(self, name: str) -> RoleDefinition:
        """A role's definition: the table's, seeded there from the built-in one at first use."""
        return self._roles.get_or_load(role_cache_key(name), lambda: self._load_role(name))

    def _load_role(self, name: str) -> RoleDefinition:
        stored = self._store.get_role(name)
        if stored is not None:
            return stored
        if name not in DEFAULT_ROLES:
            return RoleDefinition(name, frozenset())  # a role nobody defined holds nothing
        built_in = RoleDefinition(name, DEFAULT_ROLES[name])
        self._store.seed_role(built_in)
        return self._store.get_role(name) or built_in

    def _user_grants(self, user_id: str, region: str) -> tuple[Grant, ...]:
        key = grants_cache_key(region, user_id)
        return self._grants.get_or_load(key, lambda: tuple(self._store.user_grants(user_id)))

    # --- deciding

    def require(self, principal: Principal, permission: str) -> None:
        """403 unless the principal's role holds `permission` (or one implying it)."""
        if not principal.holds(permission):
            raise ForbiddenError

    def require_action(self, principal: Principal, action: str) -> None:
        """403 unless some scope of `action` is held (by the role or a live grant)."""
        if not principal.may_ever(action, self._clock()):
            raise ForbiddenError

    def decide(self, principal: Principal, action: str, document: Owned) -> Decision:
        """Whether `action` is allowed on `document` now, and under which grant."""
        return principal.decide(action, document, self._clock())

    def require_document(self, principal: Principal, action: str, document: Owned) -> Decision:
        """The decision that allowed `action` on `document`; not found when none did."""
        decision = self.decide(principal, action, document)
        if not decision.allowed:
            raise DocumentNotFoundError
        return decision

    def require_region(self, principal: Principal, action: str, region: str) -> Decision:
        """The decision that lets the principal `action` every document of `region` (a
        region's list): 403 unless the role reaches the region or a live grant lends it.

        A region's list is asked for by name, so refusing it reveals no document; it needs
        the region scope (the role's or a grant's), never only `own`.
        """
        if not is_region(region):
            raise InvalidRequestError("region must look like `ru` or `ru-msk`.")
        decision = principal.decide(action, _RegionWide(region), self._clock())
        if not decision.allowed:
            raise ForbiddenError(f"You may not list the documents of region {region}.")
        return decision

    def record_read(
        self,
        principal: Principal,
        action: str,
        document: Any,
        decision: Decision,
        *,
        target: str | None = None,
    ) -> None:
        """Audit a read (or a delete) of `document` by anyone but its owner."""
        if document.owner_id == principal.user_id:
            return
        self._store.append_audit(
            self._entry(
                principal.user_id,
                action,
                document_id=document.document_id,
                owner_id=document.owner_id,
                target=target,
                grant_id=decision.grant_id,
                detail={"region": document.region, "role": principal.role},
            )
        )

    def record(
        self,
        principal: Principal,
        action: str,
        *,
        document_id: str | None = None,
        owner_id: str | None = None,
        target: str | None = None,
        detail: dict[str, Any] | None = None,
        grant_id: str | None = None,
    ) -> None:
        """Audit something else a principal did (a rollback, a block): the same log, so
        `GET /v1/admin/audit` shows it. Name the action `noun.verb` and add it to
        `chalicelib.access.records.AUDITED_CHANGES` (the OpenAPI document lists them)."""
        self._store.append_audit(
            self._entry(
                principal.user_id,
                action,
                document_id=document_id,
                owner_id=owner_id,
                target=target,
                grant_id=grant_id,
                detail=detail or {},
            )
        )

    # --- roles

    def list_roles(self, principal: Principal) -> dict[str, Any]:
        """Every built-in role's definition, and what each permission means."""
        self.require(principal, "admin:roles")
        return {
            "roles": [self.role(name).as_json() for name in ROLE_NAMES],
            "permissions": dict(PERMISSION_MEANING),
        }

    def set_role_permissions(
        self, principal: Principal, name: str, permissions: Iterable[str], *, reason: str
    ) -> dict[str, Any]:
        """Give role `name` exactly `permissions`, audited; 409 if it changed meanwhile."""
        self.require(principal, "admin:roles")
        if name not in ROLE_NAMES:
            raise DocumentNotFoundError("No such role.")
        wanted = frozenset(permissions)
        unknown = sorted(wanted - set(PERMISSIONS))
        if unknown:
            raise InvalidRequestError(f"Unknown permissions: {', '.join(unknown)}.")
        if name in FIXED_ROLES:
            # An admin role that lost admin:roles could never be given it back, and one
            # that lost a reading right would blind every operator at once.
            raise DocumentStateConflictError("The admin role is fixed; change the other roles.")
        current = self._load_role(name)
        changed = RoleDefinition(
            name,
            wanted,
            version=current.version + 1,
            updated_at=self._clock(),
            updated_by=principal.user_id,
        )
        audit = self._entry(
            principal.user_id,
            "role.update",
            target=name,
            detail={
                "before": sorted(current.permissions),
                "after": sorted(wanted),
                "reason": reason,
            },
        )
        if not self._store.put_role(changed, expected_version=current.version, audit=audit):
            raise DocumentStateConflictError("The role changed meanwhile; read it and retry.")
        self._roles.invalidate(role_cache_key(name))
        return changed.as_json()

    # --- users' regions

    def set_user_region(
        self, principal: Principal, user_id: str, region: str, *, reason: str
    ) -> dict[str, Any]:
        """Move a user to `region` (documents keep theirs), audited."""
        self.require(principal, "admin:users")
        if not is_region(region):
            raise InvalidRequestError("region must look like ru or ru-msk.")
        before = self._users.get_user(user_id)
        if before is None:
            raise DocumentNotFoundError("No such user.")
        audit = self._entry(
            principal.user_id,
            "user.region",
            target=user_id,
            detail={"before": before.region, "after": region, "reason": reason},
        )
        if not self._store.set_region(user_id, region, audit):
            raise DocumentNotFoundError("No such user.")
        self._forget_grants(user_id)
        return {"user_id": user_id, "region": region}

    # --- grants

    def create_grant(
        self,
        principal: Principal,
        *,
        user_id: str,
        region: str,
        permission: str,
        expires_at: datetime,
        reason: str = "",
    ) -> dict[str, Any]:
        """Lend `user_id` a region-scoped `permission` in `region` until `expires_at`."""
        self.require(principal, "admin:grants")
        now = self._clock()
        if permission not in GRANTABLE:
            raise InvalidRequestError(f"permission must be one of {', '.join(sorted(GRANTABLE))}.")
        if not is_region(region):
            raise InvalidRequestError("region must look like ru or ru-msk.")
        if expires_at.tzinfo is None:
            raise InvalidRequestError("expires_at needs a time zone (e.g. 2026-01-31T18:00:00Z).")
        if not now < expires_at <= now + timedelta(days=MAX_GRANT_DAYS):
            raise InvalidRequestError(
                f"expires_at must be in the future and within {MAX_GRANT_DAYS} days."
            )
        if self._users.get_user(user_id) is None:
            raise DocumentNotFoundError("No such user.")
        grant = Grant(
            grant_id=f"g-{uuid.uuid4().hex}",
            user_id=user_id,
            region=region,
            permission=permission,
            expires_at=expires_at.astimezone(UTC),
            granted_by=principal.user_id,
            granted_at=now,
            reason=reason,
        )
        audit = self._entry(
            principal.user_id,
            "grant.create",
            target=user_id,
            grant_id=grant.grant_id,
            detail={
                "region": region,
                "permission": permission,
                "expires_at": grant.expires_at.isoformat(),
                "reason": reason,
            },
        )
        self._store.add_grant(grant, audit)
        self._forget_grants(user_id)
        return grant_view(grant, now)

    def revoke_grant(self, principal: Principal, grant_id: str) -> dict[str, Any]:
        """End a grant now, audited; a grant revoked already stays as it was (409)."""
        self.require(principal, "admin:grants")
        grant = self._store.get_grant(grant_id)
        if grant is None:
            raise DocumentNotFoundError("No such grant.")
        now = self._clock()
        audit = self._entry(
            principal.user_id, "grant.revoke", target=grant.user_id, grant_id=grant_id
        )
        if not self._store.revoke_grant(grant, at=now, by=principal.user_id, audit=audit):
            raise DocumentStateConflictError("The grant was revoked already.")
        self._forget_grants(grant.user_id)
        revoked = self._store.get_grant(grant_id) or grant
        return grant_view(revoked, now)

    def list_grants(
        self, principal: Principal, *, user_id: str | None, limit: int, cursor: str | None
    ) -> dict[str, Any]:
        """Grants newest first, a user's or everybody's, each with whether it is live."""
        self.require(principal, "admin:grants")
        _check_limit(limit)
        grants, next_cursor = self._store.list_grants(user_id, limit=limit, cursor=cursor)
        now = self._clock()
        return {"grants": [grant_view(g, now) for g in grants], "next_cursor": next_cursor}

    def _forget_grants(self, user_id: str) -> None:
        # Whatever region the entry was cached under: the user may have just moved.
        self._grants.invalidate_where(lambda key: key.endswith(f":{DOMAIN}:grants:{user_id}"))

    # --- the audit

    def audit(
        self,
        principal: Principal,
        *,
        user_id: str | None = None,
        document_id: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> dict[str, Any]:
        """Audit entries newest first, filtered by actor, document and time (30 days back by
        default)."""
        self.require(principal, "admin:audit")
        _check_limit(limit)
        until = until or self._clock()
        since = since or until - timedelta(days=DEFAULT_AUDIT_DAYS)
        if since.tzinfo is None or until.tzinfo is None:
            raise InvalidRequestError("since and until need a time zone.")
        if since > until:
            raise InvalidRequestError("since must not be after until.")
        entries, next_cursor = self._store.list_audit(
            actor=user_id,
            document_id=document_id,
            since=since,
            until=until,
            limit=limit,
            cursor=cursor,
        )
        return {"entries": [e.as_json() for e in entries], "next_cursor": next_cursor}

    def _entry(self, actor: str, action: str, **fields: Any) -> AuditEntry:
        return AuditEntry(
            audit_id=uuid.uuid4().hex, at=self._clock(), actor=actor, action=action, **fields
        )


class _RegionWide:
    """Every document of a region, as a check sees it: owned by nobody in particular, so
    only the region scope (or `all`, or a grant of the region) reaches it."""

    owner_id = ""

    def __init__(self, region: str) -> None:
        self.region = region


def role_cache_key(name: str) -> str:
    """The cache key of a role's definition: the same in every region."""
    return cache_key(GLOBAL, DOMAIN, "role", name)


def grants_cache_key(region: str, user_id: str) -> str:
    """The cache key of a user's grants, under the user's region."""
    return cache_key(region, DOMAIN, "grants", user_id)


def grant_view(grant: Grant, now: datetime) -> dict[str, Any]:
    """A grant as the API shows it, with whether it counts now."""
    return {
        "grant_id": grant.grant_id,
        "user_id": grant.user_id,
        "region": grant.region,
        "permission": grant.permission,
        "expires_at": grant.expires_at.isoformat(),
        "granted_by": grant.granted_by,
        "granted_at": grant.granted_at.isoformat(),
        "reason": grant.reason,
        "revoked_at": grant.revoked_at.isoformat() if grant.revoked_at else None,
        "revoked_by": grant.revoked_by,
        "live": grant.live_at(now),
    }


def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_PAGE:
        raise InvalidRequestError(f"limit must be between 1 and {MAX_PAGE}.")
