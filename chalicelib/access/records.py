"""What the access layer keeps in the table: role definitions and audit entries.

(Grants are `chalicelib.access.principal.Grant`: the checks read them as they are stored.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datetime import datetime

# What an audit entry records. Reads by someone other than the owner, and admin changes.
AUDITED_READS = (
    "document.read",
    "report.read",
    "original.download",
    "artifact.download",
    "versions.read",
    "documents.list",  # a page of a region's documents (`GET /v1/documents?scope=region`)
    "deal.read",  # one entry per document of a deal shown (`GET /v1/deals/{id}`)
    "document.delete",  # not a read, but as telling when someone else does it
)
AUDITED_CHANGES = (
    "role.update",
    "grant.create",
    "grant.revoke",
    "user.region",
    "version.restore",
    "reanalysis.request",  # an admin's system batch of reruns (chalicelib.services.reanalysis)
)


@dataclass(frozen=True)
class RoleDefinition:
    """A role: its name and the permissions it holds; `version` counts its changes."""

    name: str
    permissions: frozenset[str]
    version: int = 0
    updated_at: datetime | None = None
    updated_by: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The role as the API shows it."""
        return {
            "role": self.name,
            "permissions": sorted(self.permissions),
            "version": self.version,
            "updated_at": self.updated_at.isoformat() if self.updated_at else None,
            "updated_by": self.updated_by,
        }


@dataclass(frozen=True)
class AuditEntry:
    """Who did what to which document or setting, when, and under which grant."""

    audit_id: str
    at: datetime
    actor: str
    action: str
    document_id: str | None = None
    owner_id: str | None = None
    target: str | None = None
    grant_id: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The entry as `GET /v1/admin/audit` shows it."""
        return {
            "audit_id": self.audit_id,
            "at": self.at.isoformat(),
            "actor": self.actor,
            "action": self.action,
            "document_id": self.document_id,
            "owner_id": self.owner_id,
            "target": self.target,
            "grant_id": self.grant_id,
            "detail": self.detail,
        }
