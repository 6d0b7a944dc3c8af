"""The access layer's port: roles, grants, the audit log, and users' regions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from datetime import datetime

    from chalicelib.access.principal import Grant
    from chalicelib.access.records import AuditEntry, RoleDefinition


class AccessStore(Protocol):
    """Where roles, grants and audit entries are kept (`DynamoAccessStore` on the table).

    Every change is written with its audit entry in one transaction: no role change,
    grant or revocation without its record, and no record of a change that did not happen.
    """

    def get_role(self, name: str) -> RoleDefinition | None:
        """A role's stored definition, if it was ever stored (a consistent read)."""
        ...

    def seed_role(self, role: RoleDefinition) -> None:
        """Store a role's built-in definition unless one is stored already."""
        ...

    def put_role(self, role: RoleDefinition, *, expected_version: int, audit: AuditEntry) -> bool:
        """Store a role's new definition if it is still at `expected_version`; False if not."""
        ...

    def add_grant(self, grant: Grant, audit: AuditEntry) -> None:
        """Store a new grant."""
        ...

    def get_grant(self, grant_id: str) -> Grant | None:
        """A grant by its id, revoked or not."""
        ...

    def user_grants(self, user_id: str) -> list[Grant]:
        """A user's grants, expired and revoked ones included (a consistent read)."""
        ...

    def list_grants(
        self, user_id: str | None, *, limit: int, cursor: str | None
    ) -> tuple[list[Grant], str | None]:
        """Grants newest first (a user's, or everyone's), and the next page's cursor."""
        ...

    def revoke_grant(self, grant: Grant, *, at: datetime, by: str, audit: AuditEntry) -> bool:
        """Mark a grant revoked; False when it was revoked already."""
        ...

    def set_region(self, user_id: str, region: str, audit: AuditEntry) -> bool:
        """Move an existing user to `region`; False when there is no such user."""
        ...

    def append_audit(self, entry: AuditEntry) -> None:
        """Record a read (or anything else not written with a change)."""
        ...

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
        """Audit entries in [since, until], newest first, filtered; the next page's cursor."""
        ...


class ObjectDownloads(Protocol):
    """The bucket as downloads need it (`S3ObjectStore` is one)."""

    def exists(self, key: str) -> bool:
        """True when the object exists."""
        ...

    def presigned_get(
        self, key: str, *, expires_in: int, content_disposition: str, content_type: str
    ) -> str:
        """A short-lived GET URL for one object, answering with these headers."""
        ...
