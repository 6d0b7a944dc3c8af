"""Upload requests: validate, reserve a credit and hand out a presigned POST."""

from __future__ import annotations

import unicodedata
import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from chalicelib.auth.account_checks import refuse_blocked, refuse_unverified
from chalicelib.errors import (
    DocumentNotFoundError,
    DocumentStateConflictError,
    InsufficientCreditsError,
    InvalidRequestError,
    UploadTooLargeError,
    UploadTypeNotSupportedError,
)
from chalicelib.formats import BY_EXTENSION, SUPPORTED_LIST
from chalicelib.lanes import PERSON_LANE, Lane, upload_area
from chalicelib.metrics import CREDITS_RESERVED, NoMetrics
from chalicelib.models import Document, DocumentStatus
from chalicelib.ports import Deadline, Documents, Metrics, ObjectStore, PresignedPost
from chalicelib.services.status_events import count_status_change

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chalicelib.models import UserProfile
    from chalicelib.services.users import UserService

# A deal: the contract and its counterparty's statements (several years, an ОСВ or two).
MIN_DEAL_FILES = 2
MAX_DEAL_FILES = 10
_MAX_NAME = 255
# Text-direction controls: they show nothing, yet reorder what is shown around them, so
# "invoice\u202efdp.exe" reads as "invoiceexe.pdf" (marks, embeddings, overrides, isolates).
_DIRECTION_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Control characters (C0, DEL, C1), line and paragraph separators, and lone surrogates:
# nothing a name shows, and the last cannot even be stored.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})


@dataclass(frozen=True)
class UploadRequest:
    """What a client asks to upload."""

    filename: str
    content_type: str
    size: int
    callback_url: str | None = None  # a partner's, already checked
    callback_key_id: str | None = None
    telegram_chat_id: int | None = None  # sent to the bot: progress goes to this chat
    telegram_message_id: int | None = None
    deal_id: str | None = None  # a contract's and its counterparty's statements' deal
    # Whose capacity the run uses: a person waiting (the web page, deals, the bot) unless
    # the route says otherwise (the partner API: default; bulk imports: batch).
    lane: Lane = PERSON_LANE
    batch_id: str | None = None  # the bulk import it is part of
    # A server-side upload that may be tried again (a zip's member) fixes its document's id,
    # so the second try finds the first's document instead of making another.
    document_id: str | None = None


@dataclass(frozen=True)
class UploadTicket:
    """The new document and the form to upload it with."""

    document: Document
    form: PresignedPost


@dataclass(frozen=True)
class UploadOpening:
    """A checked request's file as it is kept, and its form's times: what every upload
    (a new document's, or a new version's of one) is reserved with."""

    filename: str
    content_type: str
    ext: str
    size: int
    at: datetime
    expires_at: datetime
    due_at: datetime  # the sweeper's: no file by then, and the credit comes back
    correlation_id: str | None

    def deadline(self, document_id: str, version: int) -> Deadline:
        """The sweeper's deadline for this upload of `document_id`'s `version`."""
        return Deadline(
            document_id=document_id,
            expected_status=DocumentStatus.AWAITING_UPLOAD,
            due_at=self.due_at,
            version=version,
        )


def clean_filename(filename: str) -> str:
    """The name as it is kept and shown: without control and text-direction characters,
    trimmed.

    They are removed rather than refused: they show nothing, so the name left is the one
    people read, and honest names carry them (systems and Telegram clients add direction
    marks around right-to-left names; the bot cannot ask a sender to rename a file). The
    type is judged on the name left, so no override can disguise an extension, and the
    answer shows the name kept.
    """
    kept = (
        ch
        for ch in filename
        if ch not in _DIRECTION_CONTROLS and unicodedata.category(ch) not in _INVISIBLE_CATEGORIES
    )
    return "".join(kept).strip()


def validate_upload(request: UploadRequest, *, max_bytes: int) -> tuple[str, str]:
    """The extension and canonical content type of a valid request, or a RequestError."""
    name = clean_filename(request.filename)
    if not name or len(name) > _MAX_NAME:
        raise InvalidRequestError(
            "filename must be 1 to 255 characters, control and text-direction ones not counted."
        )
    ext = PurePosixPath(name.replace("\\", "/")).suffix.lower().lstrip(".")
    form = BY_EXTENSION.get(ext)
    if form is None:
        raise UploadTypeNotSupportedError(
            f"Files of type '.{ext or '?'}' are not supported. Send {SUPPORTED_LIST}."
        )
    declared = request.content_type.split(";")[0].strip().lower()
    if declared not in form.content_types:
        raise UploadTypeNotSupportedError(
            f"A .{ext} file must be sent as {form.content_types[0]}, not '{declared}'."
        )
    if request.size <= 0:
        raise InvalidRequestError("size must be the file's size in bytes.")
    if request.size > max_bytes:
        raise UploadTooLargeError(f"The file is larger than the {max_bytes // 2**20} MB limit.")
    return form.extensions[0], form.content_types[0]


def check_sent_size(request: UploadRequest, data: bytes) -> None:
    """A server-side upload's bytes must be the size its request declared (its form's
    limit is that size, so a presigned POST could not send other)."""
    if len(data) != request.size:
        raise InvalidRequestError("The file's size is not the size that was declared.")


class UploadService:
    """Creates documents against a credit and hands out presigned forms."""

    def __init__(
        self,
        *,
        repo: Documents,
        store: ObjectStore,
        users: UserService,
        max_upload_bytes: int,
        url_ttl_seconds: int,
        grace_seconds: int,
        clock: Callable[[], datetime],
        metrics: Metrics | None = None,
        correlation_id: Callable[[], str | None] | None = None,
        require_verified_email: bool = False,
    ) -> None:
        self._repo = repo
        self._store = store
        self._users = users
        self._max_bytes = max_upload_bytes
        self._ttl = url_ttl_seconds
        self._grace = grace_seconds
        self._clock = clock
        self._metrics = metrics or NoMetrics()
        # The current request's correlation id, if any: stored on the document, its run's
        # logs carry it.
        self._correlation_id = correlation_id or (lambda: None)
        # Accounts: a blocked account never uploads (web, API or bot); an e-mail account
        # whose address is unconfirmed waits for the confirmation when this is on.
        self._require_verified_email = require_verified_email

    def open(self, request: UploadRequest) -> UploadOpening:
        """Check a request and time its form; nothing is reserved yet (the caller's
        reservation of a document or of a version comes next, then `issue`)."""
        ext, content_type = validate_upload(request, max_bytes=self._max_bytes)
        now = self._clock()
        expires = now + timedelta(seconds=self._ttl)
        return UploadOpening(
            filename=clean_filename(request.filename),
            content_type=content_type,
            ext=ext,
            size=request.size,
            at=now,
            expires_at=expires,
            due_at=expires + timedelta(seconds=self._grace),
            correlation_id=self._correlation_id(),
        )

    def issue(self, document: Document, *, charged: bool = True) -> UploadTicket:
        """The form of a document whose upload was just reserved (`charged`: with a credit
        taken for it, not carried over from an upload it replaced)."""
        if charged:
            self._metrics.count(CREDITS_RESERVED)
        count_status_change(self._metrics, document)
        form = self._store.presigned_post(
            upload_key_of(document),
            content_type=document.content_type,
            max_size=document.declared_size,
            expires_in=self._ttl,
        )
        return UploadTicket(document=document, form=form)

    def put_original(self, document: Document, data: bytes) -> None:
        """A server-side upload's bytes, where the form would have put them: their arrival
        starts the run, exactly as a presigned POST's does."""
        self._store.put_bytes(upload_key_of(document), data, content_type=document.content_type)

    def check_uploader(self, user_id: str) -> UserProfile:
        """The uploader's profile, once it may upload: a blocked account never does, and an
        e-mail account whose address is unconfirmed waits for the confirmation when that is
        required. A new document and a new version both cost a credit, so both ask."""
        profile = self._users.profile(user_id)
        refuse_blocked(profile)
        refuse_unverified(profile, required=self._require_verified_email)
        return profile

    def request_upload(self, user_id: str, request: UploadRequest) -> UploadTicket:
        """Reserve a credit, create the document and return its upload form."""
        opening = self.open(request)
        profile = self.check_uploader(user_id)
        document = Document(
            document_id=request.document_id or str(uuid.uuid4()),
            owner_id=user_id,
            region=profile.region,
            status=DocumentStatus.AWAITING_UPLOAD,
            filename=opening.filename,
            content_type=opening.content_type,
            ext=opening.ext,
            declared_size=opening.size,
            created_at=opening.at,
            updated_at=opening.at,
            upload_expires_at=opening.expires_at,
            callback_url=request.callback_url,
            callback_key_id=request.callback_key_id,
            telegram_chat_id=request.telegram_chat_id,
            telegram_message_id=request.telegram_message_id,
            deal_id=request.deal_id,
            correlation_id=opening.correlation_id,
            lane=request.lane,
            batch_id=request.batch_id,
            # A bulk import's file goes to its own prefix, read by the batch's own Extract.
            upload_area=upload_area(request.lane),
        )
        deadline = opening.deadline(document.document_id, document.version)
        self._repo.create_with_reservation(document, deadline)
        return self.issue(document)

    def request_deal(
        self, user_id: str, requests: Sequence[UploadRequest]
    ) -> tuple[str, list[UploadTicket]]:
        """Several files of one deal at once: each checked, then one credit and form each.

        Every file is checked and the credits counted before anything is reserved, so a
        bad file or too few credits costs nothing. (Two deals racing for the last credits
        may still leave the later one short: its reserved files then expire unsent and
        their credits come back, as any unsent upload's do.)
        """
        if not MIN_DEAL_FILES <= len(requests) <= MAX_DEAL_FILES:
            raise InvalidRequestError(
                f"A deal has {MIN_DEAL_FILES} to {MAX_DEAL_FILES} files: the contract and its "
                "counterparty's statements."
            )
        self.check_files(user_id, requests, of="deal")
        deal_id = str(uuid.uuid4())
        # The deal bears its first document's id, as a deal an attachment opens bears its
        # root's: whoever may read the deal finds its owner through that document.
        opening = replace(requests[0], document_id=requests[0].document_id or deal_id)
        tickets = [
            self.request_upload(user_id, replace(request, deal_id=deal_id))
            for request in (opening, *requests[1:])
        ]
        return deal_id, tickets

    def check_files(self, user_id: str, requests: Sequence[UploadRequest], *, of: str) -> None:
        """Files sent at once (a deal's, a batch's): each checked and the credits counted
        before any is reserved, so a bad file or too few credits costs nothing."""
        for request in requests:
            validate_upload(request, max_bytes=self._max_bytes)
        if self._users.profile(user_id).credits_left < len(requests):
            raise InsufficientCreditsError(
                f"The {of}'s {len(requests)} files need {len(requests)} credits."
            )

    def attach(self, user_id: str, document_id: str, request: UploadRequest) -> UploadTicket:
        """Another file of the deal an existing document opens (or belongs to)."""
        root = self._repo.get(document_id)
        if root is None or root.owner_id != user_id or root.deleted_at is not None:
            raise DocumentNotFoundError("No such document.")
        deal_id = root.deal_id or root.document_id
        if len(self._repo.deal_documents(user_id, deal_id)) >= MAX_DEAL_FILES:
            raise InvalidRequestError(f"A deal has at most {MAX_DEAL_FILES} files.")
        ticket = self.request_upload(user_id, replace(request, deal_id=deal_id))
        if root.deal_id is None:
            self._repo.attach_to_deal(root.document_id, deal_id)
        return ticket

    def upload_bytes(self, user_id: str, request: UploadRequest, data: bytes) -> Document:
        """A server-side upload (the bot's): the same reservation and key as the web's form.

        The object's arrival starts the pipeline, exactly as a presigned POST's does. With
        `request.document_id` it may be tried again: the document made by an earlier try is
        answered (and its bytes put again while it awaits them), never a second one.
        """
        check_sent_size(request, data)
        document = self._repo.get(request.document_id) if request.document_id else None
        if document is not None:
            # A second try of the same upload: no second credit, no second document. The
            # bytes are put again while it still awaits them (the first try may have stopped
            # between the two); once they arrived, its run has it.
            if document.owner_id != user_id:
                raise DocumentStateConflictError("That document id is taken.")
            if document.status != DocumentStatus.AWAITING_UPLOAD:
                return document
        else:
            document = self.request_upload(user_id, request).document
        self.put_original(document, data)
        return document


def upload_key_of(document: Document) -> str:
    """Where a document's original is uploaded."""
    return document.ref.upload_key(document.ext)
