"""A bulk import sent as one zip: one presigned POST, then a document per member.

`POST /v1/batches` with `{"zip": {...}}` creates the batch (awaiting its upload) and
answers one presigned POST to `imports/{region}/{batch_id}/archive.zip`. When the zip
lands, the batch import function claims the batch (a conditional update: a duplicate
S3 notification finds it claimed and does nothing), reads the zip with the guards every
Office package gets (`extract.ooxml.OoxmlPackage`: the central directory and the local
headers checked before one byte is inflated, zip bombs by ratio, by overlapping members
and by size, encrypted and duplicate members refused, every read bounded), and makes a
document of each member a document can be (its type judged on its name, as an upload's
is), in the `batch` lane, a credit each, uploaded server-side as the bot's uploads are:
each one's arrival starts its run. Members that are no document (folders, macOS
resource forks, other types, ones over the upload limit) are listed as skipped.

Credits are counted when the zip is opened (its members are not known before): all of
them or none, so a zip the credits do not cover fails with INSUFFICIENT_CREDITS and
costs nothing. The zip itself is deleted once opened: its members live on as documents.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import replace
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, Protocol

from chalicelib.errors import (
    DocumentTooLargeError,
    InsufficientCreditsError,
    InvalidRequestError,
    RequestError,
    TerminalError,
    UploadTooLargeError,
    UploadTypeNotSupportedError,
)
from chalicelib.extract.ooxml import OoxmlPackage
from chalicelib.formats import BY_EXTENSION
from chalicelib.keys import build_import_key, parse_import_key
from chalicelib.lanes import BATCH_LANE
from chalicelib.models import Batch
from chalicelib.services.failures import document_error_from
from chalicelib.services.uploads import UploadRequest, clean_filename, validate_upload

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.models import DocumentError
    from chalicelib.ports import ObjectStore, PresignedPost
    from chalicelib.services.extraction import UploadEvent
    from chalicelib.services.uploads import UploadService
    from chalicelib.services.users import UserService

logger = logging.getLogger(__name__)

ZIP_CONTENT_TYPES = ("application/zip", "application/x-zip-compressed")
_IGNORED_PREFIXES = ("__MACOSX/",)


class ZipBatches(Protocol):
    """Where a zip's batch is kept and moved along (`adapters.dynamo.batches`)."""

    def create_batch(self, batch: Batch) -> None:
        """Store a new batch."""
        ...

    def claim_import(self, batch_id: str) -> Batch | None:
        """awaiting_upload -> unpacking; None when claimed already or unknown."""
        ...

    def open_import(
        self, batch_id: str, document_ids: Sequence[str], skipped: Sequence[str]
    ) -> None:
        """unpacking -> open, with its documents."""
        ...

    def fail_import(self, batch_id: str, error: DocumentError) -> None:
        """unpacking -> failed, with why."""
        ...


class ZipImportService:
    """Hands out the zip's form, and opens the zip into documents when it lands."""

    def __init__(
        self,
        *,
        batches: ZipBatches,
        uploads: UploadService,
        users: UserService,
        store: ObjectStore,
        limits: ExtractLimits,
        max_files: int,
        max_zip_bytes: int,
        url_ttl_seconds: int,
        clock: Callable[[], datetime],
    ) -> None:
        self._batches = batches
        self._uploads = uploads
        self._users = users
        self._store = store
        self._limits = limits
        self._max_files = max_files
        self._max_zip_bytes = max_zip_bytes
        self._ttl = url_ttl_seconds
        self._clock = clock

    def request_zip(
        self, user_id: str, filename: str, content_type: str, size: int
    ) -> tuple[Batch, PresignedPost]:
        """A batch awaiting its zip, and the presigned POST to send the zip with."""
        name = clean_filename(filename)
        if not name.lower().endswith(".zip") or len(name) > 255:
            raise UploadTypeNotSupportedError("A bulk import's archive must be a .zip file.")
        if content_type.split(";", maxsplit=1)[0].strip().lower() not in ZIP_CONTENT_TYPES:
            raise UploadTypeNotSupportedError("A .zip file must be sent as application/zip.")
        if size > self._max_zip_bytes:
            raise UploadTooLargeError(
                f"The archive is larger than the {self._max_zip_bytes // 2**20} MB limit."
            )
        profile = self._users.profile(user_id)
        if profile.credits_left < 1:
            raise InsufficientCreditsError
        batch = Batch(
            batch_id=str(uuid.uuid4()),
            owner_id=user_id,
            created_at=self._clock(),
            kind="zip",
            state="awaiting_upload",
            region=profile.region,
            filename=name,
        )
        self._batches.create_batch(batch)
        form = self._store.presigned_post(
            build_import_key(batch.region, batch.batch_id),
            content_type=ZIP_CONTENT_TYPES[0],
            max_size=size,
            expires_in=self._ttl,
        )
        return batch, form

    def handle_archive(self, event: UploadEvent) -> dict[str, Any]:
        """Open an arrived zip into its batch's documents; duplicates and strangers ignored."""
        parsed = parse_import_key(event.key)
        if parsed is None:
            logger.warning("ignoring an object outside the import layout: %s", event.key)
            return {"outcome": "ignored", "key": event.key}
        batch = self._batches.claim_import(parsed[1])
        if batch is None:
            logger.info("import already claimed, or no such batch: %s", event.key)
            return {"outcome": "ignored", "key": event.key}
        try:
            members, skipped = self._members(event)
            self._check_credits(batch.owner_id, len(members))
        except (TerminalError, RequestError) as exc:
            logger.info("import failed: %s %s", batch.batch_id, type(exc).__name__)
            self._batches.fail_import(batch.batch_id, document_error_from(exc))
            return {"outcome": "failed", "batch_id": batch.batch_id, "code": exc.code}
        document_ids: list[str] = []
        for number, (request, data) in enumerate(members):
            batched = replace(request, lane=BATCH_LANE, batch_id=batch.batch_id)
            try:
                document = self._uploads.upload_bytes(batch.owner_id, batched, data)
            except InsufficientCreditsError:
                # Spent meanwhile by another request: the rest are listed, not charged.
                skipped += [f"{r.filename} (no credit left)" for r, _ in members[number:]]
                break
            document_ids.append(document.document_id)
        self._batches.open_import(batch.batch_id, document_ids, skipped)
        self._store.delete_prefix(event.key)
        return {"outcome": "opened", "batch_id": batch.batch_id, "documents": len(document_ids)}

    def _members(self, event: UploadEvent) -> tuple[list[tuple[UploadRequest, bytes]], list[str]]:
        """The members that are documents (the upload each would be, and its bytes), read
        within the limits, and the skipped ones with why."""
        data = self._store.get_bytes(
            event.key, version_id=event.version_id, max_bytes=self._max_zip_bytes
        )
        package = OoxmlPackage(data, self._limits)  # every zip-bomb guard, before inflating
        members: list[tuple[UploadRequest, bytes]] = []
        skipped: list[str] = []
        for path in sorted(package.names):
            name = PurePosixPath(path).name
            if path.endswith("/") or path.startswith(_IGNORED_PREFIXES) or name.startswith("."):
                continue
            form = BY_EXTENSION.get(PurePosixPath(name).suffix.lower().lstrip("."))
            if form is None:
                skipped.append(f"{path} (not a document type we read)")
                continue
            try:
                data = package.read(path, limit=self._limits.max_bytes)
                request = UploadRequest(name, form.content_types[0], len(data))
                validate_upload(request, max_bytes=self._limits.max_bytes)
            except DocumentTooLargeError:
                skipped.append(f"{path} (over the upload limit)")
                continue
            except RequestError as exc:  # an empty member, a name too long
                skipped.append(f"{path} ({exc.message})")
                continue
            members.append((request, data))
        if not members:
            raise InvalidRequestError("The archive holds no document we can read.")
        if len(members) > self._max_files:
            raise InvalidRequestError(
                f"The archive holds {len(members)} documents; a batch has at most "
                f"{self._max_files}."
            )
        return members, skipped

    def _check_credits(self, user_id: str, needed: int) -> None:
        if self._users.profile(user_id).credits_left < needed:
            raise InsufficientCreditsError(
                f"The archive's {needed} documents need {needed} credits."
            )
