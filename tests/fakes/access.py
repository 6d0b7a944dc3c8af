"""The access layer's store in dicts, counting reads: for the service's cache tests."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from chalicelib.access.principal import Grant
    from chalicelib.access.records import AuditEntry, RoleDefinition


class FakeAccessStore:
    """Roles, grants and audit entries in memory; `reads` counts each kind of read."""

    def __init__(self) -> None:
        self.roles: dict[str, RoleDefinition] = {}
        self.grants: dict[str, Grant] = {}
        self.audit: list[AuditEntry] = []
        self.regions: dict[str, str] = {}
        self.reads: Counter[str] = Counter()

    def get_role(self, name: str) -> RoleDefinition | None:
        self.reads["role"] += 1
        return self.roles.get(name)

    def seed_role(self, role: RoleDefinition) -> None:
        self.roles.setdefault(role.name, role)

    def put_role(self, role: RoleDefinition, *, expected_version: int, audit: AuditEntry) -> bool:
        current = self.roles.get(role.name)
        if current is not None and current.version != expected_version:
            return False
        self.roles[role.name] = role
        self.audit.append(audit)
        return True

    def add_grant(self, grant: Grant, audit: AuditEntry) -> None:
        self.grants[grant.grant_id] = grant
        self.audit.append(audit)

    def get_grant(self, grant_id: str) -> Grant | None:
        return self.grants.get(grant_id)

    def user_grants(self, user_id: str) -> list[Grant]:
        self.reads["grants"] += 1
        return [g for g in self.grants.values() if g.user_id == user_id]

    def list_grants(
        self, user_id: str | None, *, limit: int, cursor: str | None
    ) -> tuple[list[Grant], str | None]:
        grants = [g for g in self.grants.values() if user_id in (None, g.user_id)]
        return grants[:limit], None

    def revoke_grant(self, grant: Grant, *, at: datetime, by: str, audit: AuditEntry) -> bool:
        if self.grants[grant.grant_id].revoked_at is not None:
            return False
        self.grants[grant.grant_id] = replace(grant, revoked_at=at, revoked_by=by)
        self.audit.append(audit)
        return True

    def set_region(self, user_id: str, region: str, audit: AuditEntry) -> bool:
        self.regions[user_id] = region
        self.audit.append(audit)
        return True

    def append_audit(self, entry: AuditEntry) -> None:
        self.audit.append(entry)

    def list_audit(
        self,
        *,
        actor: str | None,
        document_id: str | None,
        since: datetime,
        until: datetime,
        limit: int,
        cursor: str | None,
    ) -> tuple[list[AuditEntry], str | None]:
        found = [
            e
            for e in reversed(self.audit)
            if actor in (None, e.actor)
            and document_id in (None, e.document_id)
            and since <= e.at <= until
        ]
        return found[:limit], None
