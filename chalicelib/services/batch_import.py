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
from datetime import timedelta
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, Protocol

from chalicelib.errors import (
    DocumentStateConflictError,
    DocumentTooLargeError,
    ImportInterruptedError,
    InsufficientCreditsError,
    InvalidRequestError,
    RequestError,
    RetryableError,
    TerminalError,
    UploadTooLargeError,
    UploadTypeNotSupportedError,
)
from chalicelib.extract.ooxml import OoxmlPackage
from chalicelib.formats import BY_EXTENSION
from chalicelib.keys import build_import_key, parse_import_key
from chalicelib.lanes import BATCH_LANE
from chalicelib.models import Batch, DocumentStatus
from chalicelib.ports import Deadline
from chalicelib.services.failures import document_error_from
from chalicelib.services.uploads import UploadRequest, clean_filename, validate_upload

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.models import Document, DocumentError
    from chalicelib.ports import Deadlines, ObjectStore, PresignedPost
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

    def get_batch(self, batch_id: str) -> Batch | None:
        """The batch, if there is one."""
        ...

    def claim_import(self, batch_id: str, now: datetime, lease_until: datetime) -> Batch | None:
        """awaiting_upload (or unpacking past its lease) -> unpacking until `lease_until`;
        None when another holds it, or unknown."""
        ...

    def plan_import(self, batch_id: str, document_ids: Sequence[str]) -> None:
        """The documents its members will be, fixed before the first is made."""
        ...

    def release_import(self, batch_id: str, now: datetime) -> None:
        """End the claim's lease now, for the next try."""
        ...

    def batch_documents(self, document_ids: Sequence[str]) -> list[Document]:
        """Those of these documents that exist, in this order."""
        ...

    def open_import(
        self, batch_id: str, document_ids: Sequence[str], skipped: Sequence[str]
    ) -> None:
        """unpacking -> open, with its documents."""
        ...

    def fail_import(
        self, batch_id: str, error: DocumentError, document_ids: Sequence[str] = ()
    ) -> None:
        """unpacking -> failed, with why and the documents made before it stopped."""
        ...


# The claim of a zip outlives the import function's 300 s timeout: a lease that runs out
# means the import stopped. The sweeper looks a minute after.
DEFAULT_LEASE_SECONDS = 360
LEASE_GRACE = timedelta(seconds=60)
_MEMBER_IDS = uuid.UUID("5f0c3a52-8b7e-4d7e-9a0a-6c1b2d3e4f50")


def member_document_id(batch_id: str, path: str) -> str:
    """The document a zip's member becomes: the same for every try of the same import."""
    return str(uuid.uuid5(_MEMBER_IDS, f"{batch_id}/{path}"))


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
        deadlines: Deadlines | None = None,
        lease_seconds: int = DEFAULT_LEASE_SECONDS,
    ) -> None:
        self._deadlines = deadlines
        self._lease = timedelta(seconds=lease_seconds)
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
        """Open an arrived zip into its batch's documents; duplicates and strangers ignored.

        The claim is a lease: a storage error ends it at once and is raised (Lambda's retry
        claims again and resumes), a crash or a timeout lets it run out (the sweeper then
        fails the batch with what was made). A resumed import makes only the members not made
        yet: their document ids are fixed by the batch and the member's path.
        """
        parsed = parse_import_key(event.key)
        if parsed is None:
            logger.warning("ignoring an object outside the import layout: %s", event.key)
            return {"outcome": "ignored", "key": event.key}
        now = self._clock()
        batch = self._batches.claim_import(parsed[1], now, now + self._lease)
        if batch is None:
            logger.info("import already claimed, or no such batch: %s", event.key)
            return {"outcome": "ignored", "key": event.key}
        if self._deadlines is not None:
            self._deadlines.add_deadline(
                Deadline(
                    batch.batch_id,
                    DocumentStatus.AWAITING_UPLOAD,  # unused: an import's deadline has none
                    now + self._lease + LEASE_GRACE,
                    action="import",
                )
            )
        try:
            return self._unpack(batch, event)
        except RetryableError:
            self._batches.release_import(batch.batch_id, self._clock())
            raise
        except (TerminalError, RequestError) as exc:
            logger.info("import failed: %s %s", batch.batch_id, type(exc).__name__)
            made = self._made(batch.batch_id)
            self._batches.fail_import(batch.batch_id, document_error_from(exc), made)
            return {"outcome": "failed", "batch_id": batch.batch_id, "code": exc.code}

    def _unpack(self, batch: Batch, event: UploadEvent) -> dict[str, Any]:
        members, skipped = self._members(event)
        ids = [member_document_id(batch.batch_id, path) for path, _, _ in members]
        made = (
            {d.document_id for d in self._batches.batch_documents(ids)} if batch.planned else set()
        )
        self._check_credits(batch.owner_id, len(members) - len(made))
        if not batch.planned:
            self._batches.plan_import(batch.batch_id, ids)
        document_ids: list[str] = []
        for number, ((_, request, data), doc_id) in enumerate(zip(members, ids, strict=True)):
            # One made by an earlier try is answered as it is (its file put again if it
            # still awaits it): uploading by a fixed id never makes or charges a second.
            batched = replace(request, lane=BATCH_LANE, batch_id=batch.batch_id, document_id=doc_id)
            try:
                document = self._uploads.upload_bytes(batch.owner_id, batched, data)
            except InsufficientCreditsError:
                # Spent meanwhile by another request: the rest are listed, not charged.
                skipped += [f"{r.filename} (no credit left)" for _, r, _ in members[number:]]
                break
            document_ids.append(document.document_id)
        self._batches.open_import(batch.batch_id, document_ids, skipped)
        self._store.delete_prefix(event.key)
        return {"outcome": "opened", "batch_id": batch.batch_id, "documents": len(document_ids)}

    def _made(self, batch_id: str) -> list[str]:
        """The documents an import made before it stopped (its plan's that exist)."""
        batch = self._batches.get_batch(batch_id)
        if batch is None or not batch.planned:
            return []
        return [d.document_id for d in self._batches.batch_documents(batch.planned)]

    def expire_import(self, batch_id: str) -> bool:
        """The sweeper's: fail an import whose lease ran out (a crash, a timeout) with the
        documents it made; True when it did. One still held, or finished, is left alone."""
        batch = self._batches.get_batch(batch_id)
        if batch is None or batch.state != "unpacking":
            return False
        if batch.unpacking_until is not None and batch.unpacking_until > self._clock():
            return False
        made = self._made(batch_id)
        error = document_error_from(ImportInterruptedError())
        try:
            self._batches.fail_import(batch_id, error, made)
        except DocumentStateConflictError:
            return False  # claimed or finished meanwhile
        logger.warning("import interrupted: %s, %d documents made", batch_id, len(made))
        return True

    def _members(
        self, event: UploadEvent
    ) -> tuple[list[tuple[str, UploadRequest, bytes]], list[str]]:
        """The members that are documents (the upload each would be, and its bytes), read
        within the limits, and the skipped ones with why."""
        data = self._store.get_bytes(
            event.key, version_id=event.version_id, max_bytes=self._max_zip_bytes
        )
        package = OoxmlPackage(data, self._limits)  # every zip-bomb guard, before inflating
        members: list[tuple[str, UploadRequest, bytes]] = []
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
            members.append((path, request, data))
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
