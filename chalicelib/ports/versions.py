"""The port of documents' versions: their items, and the writes that move the current one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping

    from chalicelib.models import Document
    from chalicelib.ports.documents import Deadline
    from chalicelib.versions.records import RestoreAudit, VersionRecord


class Versions(Protocol):
    """Each version's item and the document's current version, moved by conditional
    writes only: a new version and a roll-back are one transaction each."""

    def list_versions(self, document_id: str) -> list[VersionRecord]:
        """The document's version items, oldest first."""
        ...

    def get_version(self, document_id: str, version: int) -> VersionRecord | None:
        """One version's item, if it has one."""
        ...

    def open_version(
        self,
        current: Document,
        *,
        head: Mapping[str, Any],
        opened: VersionRecord,
        replaced: VersionRecord,
        charge: bool,
        deadline: Deadline,
    ) -> None:
        """In one transaction: make `opened` the current version (the record's fields
        `head`), keep `replaced` as the version it replaced, take a credit when `charge`.

        Refused (DocumentStateConflictError) when the record is no longer `current`'s
        version, status and version counter, or when `opened`'s item exists already: the
        caller reads again and retries, so two requests at once get two numbers.
        InsufficientCreditsError when a credit is needed and none is left.
        """
        ...

    def restore_version(
        self,
        current: Document,
        *,
        head: Mapping[str, Any],
        replaced: VersionRecord,
        audit: RestoreAudit,
    ) -> None:
        """In one transaction: make `audit.to_version` current again (the record's fields
        `head`), keep `replaced` as replaced by it, and write the audit item.

        Refused (DocumentStateConflictError) unless the record is still `current`'s
        version and that version has finished (done or failed).
        """
        ...

    def record_arrival(self, document_id: str, version: int, *, sha256: str) -> None:
        """The SHA-256 of the version's file, once it arrived; ignored if it is no longer
        the current version."""
        ...

    def audit_log(self, document_id: str) -> list[RestoreAudit]:
        """The document's roll-backs, oldest first."""
        ...
