"""Permissions and the four built-in roles: what each permission lets a holder do.

A permission is `{resource}:{action}:{scope}`; the scopes of one action are ordered
(`own` < `region` < `all`), and a wider one implies the narrower ones. `admin:*` implies
every `admin:` permission, so an admin route names the narrow one it needs (`admin:grants`)
and a role may hold just that one.
"""

from __future__ import annotations

from typing import Literal, get_args

Permission = Literal[
    "document:read:own",
    "document:read:region",
    "document:read:all",
    "document:write:own",
    "document:write:region",
    "review:decide:region",
    "review:decide:all",
    "admin:runs",
    "admin:credits",
    "admin:users",
    "admin:roles",
    "admin:grants",
    "admin:audit",
    "admin:tokens",
    "admin:*",
]
PERMISSIONS: tuple[str, ...] = get_args(Permission)

# What each permission lets its holder do: the README's table and the API's roles listing.
PERMISSION_MEANING: dict[str, str] = {
    "document:read:own": "read your own documents, reports, originals and artifacts",
    "document:read:region": "read any document of your region (a province: all its cities)",
    "document:read:all": "read any document",
    "document:write:own": "upload new versions of, attach to, roll back and delete your own "
    "documents",
    "document:write:region": "roll back or delete any finished document of your region",
    "review:decide:region": "see and decide held documents of your region",
    "review:decide:all": "see and decide every held document",
    "admin:runs": "list failed runs and redrive them; re-analyse documents (a system batch); "
    "see the external recognizer's active tasks",
    "admin:credits": "grant users credits",
    "admin:users": "list, search, block and unblock users, set their roles and regions, and "
    "see usage per day",
    "admin:roles": "change which permissions a role holds",
    "admin:grants": "grant, list and revoke cross-region access",
    "admin:audit": "read the access audit",
    "admin:tokens": "issue, list and revoke the adapters' service tokens",
    "admin:*": "every admin: permission",
}

Action = Literal["document:read", "document:write", "review:decide"]
Scope = Literal["own", "region", "all"]
_SCOPES: tuple[Scope, ...] = ("own", "region", "all")

RoleName = Literal["user", "reviewer", "regional_admin", "admin"]
ROLE_NAMES: tuple[str, ...] = get_args(RoleName)

DEFAULT_ROLES: dict[str, frozenset[str]] = {
    "user": frozenset({"document:read:own", "document:write:own"}),
    "reviewer": frozenset({"document:read:region", "document:write:own", "review:decide:region"}),
    "regional_admin": frozenset(
        {"document:read:region", "document:write:region", "review:decide:region"}
    ),
    "admin": frozenset(
        {"document:read:all", "document:write:region", "review:decide:all", "admin:*"}
    ),
}

# What a grant may carry: a region-scoped permission, lent for a while in another region.
GrantablePermission = Literal[
    "document:read:region", "document:write:region", "review:decide:region"
]
GRANTABLE: frozenset[str] = frozenset(get_args(GrantablePermission))


def action_scopes(permissions: frozenset[str], action: str) -> set[str]:
    """The scopes `permissions` hold for `action`, widened: `all` brings `region` and `own`."""
    held = {scope for scope in _SCOPES if f"{action}:{scope}" in permissions}
    widest = max((_SCOPES.index(s) for s in held), default=-1)
    return set(_SCOPES[: widest + 1])


def holds(permissions: frozenset[str], permission: str) -> bool:
    """Whether `permissions` hold `permission` itself or one that implies it."""
    if permission in permissions:
        return True
    if permission.startswith("admin:") and "admin:*" in permissions:
        return True
    action, _, scope = permission.rpartition(":")
    return scope in _SCOPES and scope in action_scopes(permissions, action)


def holds_any_scope(permissions: frozenset[str], action: str) -> bool:
    """Whether `permissions` hold `action` in some scope (e.g. any `review:decide:`)."""
    return bool(action_scopes(permissions, action))
