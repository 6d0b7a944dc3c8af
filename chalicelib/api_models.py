"""What the HTTP API accepts: its JSON bodies, query strings and path ids, as pydantic models.

Every JSON route of `app.py` reads its body through one of these models
(`chalicelib.http.parse_body`), and the OpenAPI document describes each body and query
string with the same model's JSON schema (`chalicelib.openapi`): what is refused and what
is documented cannot drift apart. Bodies are strict: `true`, `1.9` or `"12"` is not a size,
and a field the model does not name is refused (a typo must not pass for an absent field).
Rules that need the service's state or settings (the password policy, the upload limit, a
callback URL's addresses) stay in the services; these models refuse what no service could
use.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from chalicelib.access.documents import ARTIFACT_NAMES
from chalicelib.access.permissions import ROLE_NAMES, GrantablePermission, Permission
from chalicelib.access.regions import REGION_PATTERN, Region
from chalicelib.auth.telegram import MAX_INIT_DATA_CHARS
from chalicelib.auth.tokens import Role
from chalicelib.errors import DocumentNotFoundError, RecognitionNotFoundError
from chalicelib.services.batches import MAX_BATCH_FILES
from chalicelib.services.documents import DEFAULT_PAGE, MAX_PAGE
from chalicelib.services.operations import MAX_GRANT
from chalicelib.services.reanalysis import MAX_REANALYSIS_DOCUMENTS

# The largest whole number any field takes: DynamoDB, Telegram and JavaScript all stop
# near here, and nothing we count comes close.
MAX_WHOLE_NUMBER = 2**63 - 1
# Path ids, as the services make them: a document id is a UUID; users and partner keys are
# letters, digits, `-` and `_` (UUID hex, the local cloud's chosen ids, API Gateway's key
# ids). Anything else names nothing, and must not reach DynamoDB's key size limit.
DOCUMENT_ID_PATTERN = r"^[A-Za-z0-9-]{6,64}$"
RESOURCE_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
MAX_CURSOR_CHARS = 1024
# A recognition contract's schema name (`chalicelib.contracts`): "result-v1.2", "osvDocument".
CONTRACT_NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9._-]{0,63}$"
# Each path parameter of the API, and the shape of what it names.
PATH_ID_PATTERNS = {
    "document_id": DOCUMENT_ID_PATTERN,
    "deal_id": DOCUMENT_ID_PATTERN,
    "batch_id": DOCUMENT_ID_PATTERN,
    "key_id": RESOURCE_ID_PATTERN,
    "user_id": RESOURCE_ID_PATTERN,
    "name": CONTRACT_NAME_PATTERN,
    # The access layer's: an artifact of the known list, a role, a grant.
    "artifact": "^(" + "|".join(re.escape(name) for name in ARTIFACT_NAMES) + ")$",
    "role": "^(" + "|".join(ROLE_NAMES) + ")$",
    "grant_id": r"^g-[0-9a-f]{32}$",
    "token_id": r"^[0-9a-f]{16}$",  # a service token's id (chalicelib.auth.service_tokens)
    "version": r"^[1-9][0-9]{0,3}$",
    # A recognition job (POST /v1/recognitions): a uuid.
    "job_id": r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
}
_MAX_TEXT = 2000
_MAX_SECRET = 4096

Decision = Literal["approve", "deep_analysis", "reject"]


class RequestBody(BaseModel):
    """A JSON body: strict types, no field the model does not name, read-only once parsed."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# --- sign-in -------------------------------------------------------------------------------


class Credentials(RequestBody):
    """An e-mail and a password: to register (the password policy applies) or to sign in."""

    email: str = Field(
        min_length=1,
        max_length=_MAX_TEXT,
        description="An address of at most 254 characters (sign-up refuses anything else).",
        examples=["anna@example.com"],
    )
    password: str = Field(
        min_length=1,
        max_length=_MAX_TEXT,
        description="At sign-up: 10 to 256 characters, at least two of letters, digits and "
        "other characters, not the e-mail.",
        examples=["correct horse 42"],
    )


# Telegram's numbers come as JSON numbers from a script, or as the digit strings of the
# Login Widget's redirect (the web page forwards those as they came: Telegram signed them so).
TelegramNumber = (
    Annotated[int, Field(ge=1, le=MAX_WHOLE_NUMBER)]
    | Annotated[str, Field(pattern=r"^[0-9]{1,20}$")]
)


class TelegramLogin(RequestBody):
    """Login Widget data as Telegram signed it, every field included."""

    # Telegram signs every field it sends, including ones added after this was written:
    # unknown fields are kept for the signature check, which refuses any that is not text
    # or a number.
    model_config = ConfigDict(extra="allow")

    id: TelegramNumber
    first_name: str = Field(max_length=_MAX_TEXT)
    last_name: str | None = Field(None, max_length=_MAX_TEXT)
    username: str | None = Field(None, max_length=_MAX_TEXT)
    photo_url: str | None = Field(None, max_length=_MAX_TEXT)
    auth_date: TelegramNumber
    hash: str = Field(pattern=r"^[0-9a-fA-F]{64}$")

    def signed_fields(self) -> dict[str, Any]:
        """Every field as it was sent (strict types: nothing was converted), for the check."""
        return self.model_dump(exclude_unset=True)


class TelegramWebAppLogin(RequestBody):
    """A Telegram Mini App's sign-in."""

    init_data: str = Field(
        min_length=1,
        max_length=MAX_INIT_DATA_CHARS,
        description="Telegram.WebApp.initData, the query string exactly as Telegram gave it "
        "to the Mini App.",
    )


class ServiceTokenExchange(RequestBody):
    """The Telegram bot's exchange: its service token and a Telegram user it verified."""

    service_token: str = Field(min_length=1, max_length=_MAX_SECRET)
    telegram_id: int = Field(ge=1, le=MAX_WHOLE_NUMBER)


class RefreshRequest(RequestBody):
    """A refresh token: for a new pair, or to end its session."""

    refresh_token: str = Field(min_length=1, max_length=_MAX_SECRET)


class DevSignIn(RequestBody):
    """Who to sign in as on the local cloud; empty signs in the development user (an admin)."""

    user_id: Annotated[str, Field(pattern=RESOURCE_ID_PATTERN)] | SkipJsonSchema[None] = None
    role: Role | SkipJsonSchema[None] = None


# --- documents and partner keys ----------------------------------------------------------


class FileUpload(RequestBody):
    """A file to upload: its name, type and size; the answer is a presigned POST."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"filename": "contract.pdf", "content_type": "application/pdf", "size": 2048}
            ]
        }
    )

    filename: str = Field(
        min_length=1,
        max_length=255,
        description="Its extension picks the type: pdf docx doc rtf txt png jpg jpeg tif tiff "
        "xlsx xls xlsb ods; content_type must be that type's (415 otherwise). Control and "
        "text-direction characters (U+202E and the like) are removed: the document keeps the "
        "name that is left, which the answer shows.",
    )
    content_type: str = Field(min_length=1, max_length=255, examples=["application/pdf"])
    size: int = Field(gt=0, description="The file's size in bytes (413 over the upload limit).")


class DocumentUpload(FileUpload):
    """A file to upload: its name, type and size; the answer is a presigned POST."""

    # Not in the document: only a partner's upload may name one, and saying so helps more
    # than "not a field".
    callback_url: SkipJsonSchema[Any] = Field(None, exclude=True)

    @field_validator("callback_url", mode="before")
    @classmethod
    def _partner_uploads_only(cls, value: object) -> object:
        raise ValueError("only a partner's upload (POST /v1/b2b/documents) takes one")


class PartnerDocumentUpload(FileUpload):
    """A partner's upload, with where to send the outcome."""

    callback_url: str | SkipJsonSchema[None] = Field(
        None,
        min_length=1,
        max_length=2000,
        description="A public https URL that gets the outcome, signed with the key's "
        "callback_secret (X-Contract-Check-Signature).",
    )


class DealUpload(RequestBody):
    """A deal's files at once: a contract and its counterparty's accounting."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "files": [
                        {
                            "filename": "contract.pdf",
                            "content_type": "application/pdf",
                            "size": 2048,
                        },
                        {
                            "filename": "balance-2024.xlsx",
                            "content_type": "application/vnd.openxmlformats-officedocument."
                            "spreadsheetml.sheet",
                            "size": 9000,
                        },
                    ]
                }
            ]
        }
    )

    files: list[DocumentUpload] = Field(
        min_length=2,
        max_length=10,
        description="2 to 10 files, one credit each: the contract and the counterparty's "
        "statements (balance, income statement, ОСВ). Each gets its own presigned POST.",
    )


class ZipUpload(RequestBody):
    """A bulk import's archive: one zip whose members become the batch's documents."""

    filename: str = Field(min_length=1, max_length=255, description="A .zip file's name.")
    content_type: str = Field(min_length=1, max_length=255, examples=["application/zip"])
    size: int = Field(gt=0, description="The zip's size in bytes (413 over the limit).")


class BatchUpload(RequestBody):
    """A bulk import: many files at once (or one zip of them), a document each, all in the
    `batch` lane."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "files": [
                        {
                            "filename": "a.pdf",
                            "content_type": "application/pdf",
                            "size": 2048,
                        },
                        {"filename": "b.txt", "content_type": "text/plain", "size": 900},
                    ]
                },
                {
                    "zip": {
                        "filename": "a.zip",
                        "content_type": "application/zip",
                        "size": 90000,
                    }
                },
            ]
        }
    )

    files: (
        Annotated[list[DocumentUpload], Field(min_length=1, max_length=MAX_BATCH_FILES)]
        | SkipJsonSchema[None]
    ) = Field(
        None,
        description=f"1 to {MAX_BATCH_FILES} files, one credit each, every one checked before "
        "any is reserved (402 when the credits do not cover them all). Each gets its own "
        "presigned POST; their runs go in the batch lane and never take a person's capacity.",
    )
    zip: ZipUpload | SkipJsonSchema[None] = Field(
        None,
        description="Instead of `files`: one zip, one presigned POST. When it lands it is "
        "opened with the guards every archive gets (zip bombs, encrypted or duplicate "
        "members), and each member a document can be becomes one, a credit each (all or "
        "none: GET the batch to see it opened, or failed with why).",
    )

    @model_validator(mode="after")
    def _files_or_a_zip(self) -> BatchUpload:
        if (self.files is None) == (self.zip is None):
            raise ValueError("send either files or zip")
        return self


class KeyRequest(RequestBody):
    """A new partner API key's name."""

    name: str = Field(min_length=1, max_length=64)


# --- reviewers and operators ---------------------------------------------------------------


class ReviewRequest(RequestBody):
    """A reviewer's decision on a held document."""

    decision: Decision
    comment: str = Field("", max_length=_MAX_TEXT)


class GrantRequest(RequestBody):
    """Credits to grant, and why."""

    amount: int = Field(ge=1, le=MAX_GRANT)
    reason: str = Field(min_length=1, max_length=_MAX_TEXT)


class RoleRequest(RequestBody):
    """A user's new role, and why."""

    role: Role
    reason: str = Field(min_length=1, max_length=_MAX_TEXT)


# --- access: roles, regions, grants (chalicelib.access) -------------------------------------

# A time on the wire: ISO 8601 text with its offset ("2026-01-31T18:00:00Z").
WireTime = Annotated[AwareDatetime, Field(strict=False)]


class RolePermissionsRequest(RequestBody):
    """The permissions a role holds from now on (all of them: this replaces the set), and why."""

    permissions: list[Permission] = Field(max_length=32)
    reason: str = Field(min_length=1, max_length=_MAX_TEXT)


class RegionRequest(RequestBody):
    """A user's new region, `{province}-{city}` or a province alone, and why."""

    region: str = Field(pattern=REGION_PATTERN, examples=["ru-spb"])
    reason: str = Field(min_length=1, max_length=_MAX_TEXT)


class AccessGrantRequest(RequestBody):
    """Lend a user a region-scoped permission in another region, until a time."""

    user_id: str = Field(pattern=RESOURCE_ID_PATTERN)
    region: str = Field(pattern=REGION_PATTERN, examples=["ru-spb"])
    permission: GrantablePermission = Field(examples=["document:read:region"])
    expires_at: WireTime = Field(
        description="Until when (ISO 8601 with an offset), at most 90 days ahead."
    )
    reason: str = Field("", max_length=_MAX_TEXT)


# --- query strings ---------------------------------------------------------------------------

_DIGITS = re.compile(r"[0-9]{1,10}")


def _whole_number(value: object) -> object:
    """A query string's digits as a number; `+5`, `5.0`, `1_0` or ` 5` are not one."""
    if isinstance(value, str):
        if not _DIGITS.fullmatch(value):
            raise ValueError("must be a whole number written in digits")
        return int(value)
    return value


QueryNumber = Annotated[int, BeforeValidator(_whole_number)]


class QueryString(BaseModel):
    """A query string: every value arrives as text; a parameter the model does not name is
    ignored (a link may carry a tracker's)."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class DocumentPageQuery(QueryString):
    """A page of the caller's documents, or of a region's."""

    limit: QueryNumber = Field(DEFAULT_PAGE, ge=1, le=MAX_PAGE, description="Documents per page.")
    cursor: Annotated[str, Field(max_length=MAX_CURSOR_CHARS)] | SkipJsonSchema[None] = Field(
        None, description="`next_cursor` of the page before; none (or empty) for the first page."
    )
    scope: Literal["own", "region"] = Field(
        "own",
        description="`own`: the caller's documents. `region`: every document of `region` "
        "(`document:read:region` or `:all`, or a live grant of the region; 403 otherwise), "
        "each page audited. A city's page may hold fewer than `limit` while a cursor remains.",
    )
    region: Region | SkipJsonSchema[None] = Field(
        None, description="With `scope=region`: which region (default: the caller's own)."
    )


class FailedRunQuery(QueryString):
    """Which runs an operator lists."""

    status: Literal["FAILED"] = Field("FAILED", description="Only failed runs are listed.")


class GrantListQuery(QueryString):
    """Which grants an admin lists."""

    user_id: Annotated[str, Field(pattern=RESOURCE_ID_PATTERN)] | SkipJsonSchema[None] = Field(
        None, description="Only this user's grants; everybody's when left out."
    )
    limit: QueryNumber = Field(50, ge=1, le=100, description="Grants per page.")
    cursor: Annotated[str, Field(max_length=MAX_CURSOR_CHARS)] | SkipJsonSchema[None] = Field(
        None, description="`next_cursor` of the page before."
    )


class AuditQuery(QueryString):
    """Which audit entries an admin lists, newest first."""

    user_id: Annotated[str, Field(pattern=RESOURCE_ID_PATTERN)] | SkipJsonSchema[None] = Field(
        None, description="Only what this user did."
    )
    document_id: Annotated[str, Field(pattern=DOCUMENT_ID_PATTERN)] | SkipJsonSchema[None] = Field(
        None, description="Only entries about this document."
    )
    since: WireTime | SkipJsonSchema[None] = Field(
        None, description="From this time (ISO 8601 with an offset); 30 days before `until`."
    )
    until: WireTime | SkipJsonSchema[None] = Field(
        None, description="Up to this time (ISO 8601 with an offset); now when left out."
    )
    limit: QueryNumber = Field(50, ge=1, le=100, description="Entries per page.")
    cursor: Annotated[str, Field(max_length=MAX_CURSOR_CHARS)] | SkipJsonSchema[None] = Field(
        None, description="`next_cursor` of the page before."
    )


# --- path ids ----------------------------------------------------------------------------------

_DOCUMENT_ID = re.compile(DOCUMENT_ID_PATTERN)
_RESOURCE_ID = re.compile(RESOURCE_ID_PATTERN)


def document_id_in_path(document_id: str) -> str:
    """A path's document id; one out of shape names no document: 404, before any lookup."""
    if not _DOCUMENT_ID.fullmatch(document_id):
        raise DocumentNotFoundError
    return document_id


def batch_id_in_path(batch_id: str) -> str:
    """A path's batch id (a UUID, as a document's); one out of shape names none: 404."""
    if not _DOCUMENT_ID.fullmatch(batch_id):
        raise DocumentNotFoundError("No such batch.")
    return batch_id


def user_id_in_path(user_id: str) -> str:
    """A path's user id; one out of shape names no user: 404, before any lookup."""
    if not _RESOURCE_ID.fullmatch(user_id):
        raise DocumentNotFoundError("No such user.")
    return user_id


def key_id_in_path(key_id: str) -> str:
    """A path's partner key id; one out of shape names no key: 404, before any lookup."""
    if not _RESOURCE_ID.fullmatch(key_id):
        raise DocumentNotFoundError("No such key.")
    return key_id


def artifact_in_path(name: str) -> str:
    """A path's artifact name; one not on the known list names nothing: 404."""
    if name not in ARTIFACT_NAMES:
        raise DocumentNotFoundError("No such artifact.")
    return name


def role_in_path(role: str) -> str:
    """A path's role name; only the built-in roles exist."""
    if role not in ROLE_NAMES:
        raise DocumentNotFoundError("No such role.")
    return role


_GRANT_ID = re.compile(PATH_ID_PATTERNS["grant_id"])


def grant_id_in_path(grant_id: str) -> str:
    """A path's grant id; one out of shape names no grant: 404, before any lookup."""
    if not _GRANT_ID.fullmatch(grant_id):
        raise DocumentNotFoundError("No such grant.")
    return grant_id


# --- accounts (issue 14): admins' users, mail tokens, the adapters' service tokens ---------


class BlockRequest(RequestBody):
    """Why a user is blocked or unblocked (kept in the audit record with who and when)."""

    reason: str = Field(min_length=1, max_length=_MAX_TEXT)


class ServiceTokenRequest(RequestBody):
    """A new service token: what it is called, and which adapter holds it."""

    name: str = Field(min_length=1, max_length=64, examples=["telegram bot, production"])
    adapter: str = Field(
        pattern=r"^[a-z][a-z0-9-]{1,31}$",
        description="The adapter that holds it: `telegram`, or a partner system's name.",
        examples=["telegram"],
    )


class PasswordResetRequest(RequestBody):
    """The e-mail of the account whose password is to be reset."""

    email: str = Field(min_length=1, max_length=_MAX_TEXT, examples=["anna@example.com"])


class PasswordResetConfirm(RequestBody):
    """A mailed reset token and the new password (the password policy applies)."""

    token: str = Field(min_length=1, max_length=128)
    new_password: str = Field(min_length=1, max_length=_MAX_TEXT)


class EmailVerification(RequestBody):
    """A mailed verification token."""

    token: str = Field(min_length=1, max_length=128)


class UserSearchQuery(QueryString):
    """Which users an admin lists: by e-mail or Telegram id (one user), region, role."""

    email: Annotated[str, Field(min_length=1, max_length=254)] | SkipJsonSchema[None] = Field(
        None, description="Exactly this e-mail (any case)."
    )
    telegram_id: Annotated[QueryNumber, Field(ge=1, le=MAX_WHOLE_NUMBER)] | SkipJsonSchema[None] = (
        Field(None, description="The user this Telegram account is linked to.")
    )
    region: Annotated[str, Field(pattern=REGION_PATTERN)] | SkipJsonSchema[None] = Field(
        None, description="A region (`ru-msk`), or a province (`ru`) with all its cities."
    )
    role: Role | SkipJsonSchema[None] = None
    limit: QueryNumber = Field(20, ge=1, le=100, description="Users per page.")
    cursor: Annotated[str, Field(max_length=MAX_CURSOR_CHARS)] | SkipJsonSchema[None] = Field(
        None, description="`next_cursor` of the page before; none for the first page."
    )


class UsageQuery(QueryString):
    """How many days of usage an admin reads (today included)."""

    days: QueryNumber = Field(30, ge=1, le=366, description="Days, today included.")


_TOKEN_ID = re.compile(PATH_ID_PATTERNS["token_id"])


def token_id_in_path(token_id: str) -> str:
    """A path's service token id; one out of shape names no token: 404, before any lookup."""
    if not _TOKEN_ID.fullmatch(token_id):
        raise DocumentNotFoundError("No such service token.")
    return token_id


# --- versions ----------------------------------------------------------------------------------

MAX_VERSION = 9999  # what an object key's `v{n}` allows (chalicelib.keys)


class VersionUpload(FileUpload):
    """A new version's file: its name, type and size, why it changed and, if known, its
    SHA-256 (an identical file is refused at once, before any credit is taken)."""

    change_note: str | SkipJsonSchema[None] = Field(
        None, max_length=_MAX_TEXT, description="What changed, for whoever reads the versions."
    )
    sha256: str | SkipJsonSchema[None] = Field(
        None,
        pattern=r"^[0-9a-fA-F]{64}$",
        description="The file's SHA-256 in hex; the same as an existing version's is 409 "
        "DUPLICATE_VERSION. Checked again when the file arrives.",
    )


class RestoreRequest(RequestBody):
    """Why an older version is made current again (kept in the audit item)."""

    reason: str = Field("", max_length=_MAX_TEXT)


class VersionCompareQuery(QueryString):
    """Two versions of a document to compare."""

    model_config = ConfigDict(populate_by_name=True)

    from_version: QueryNumber = Field(
        alias="from", ge=1, le=MAX_VERSION, description="The older version's number."
    )
    to_version: QueryNumber = Field(
        alias="to", ge=1, le=MAX_VERSION, description="The newer version's number."
    )


_VERSION = re.compile(PATH_ID_PATTERNS["version"])


def version_in_path(version: str) -> int:
    """A path's version number; one out of shape names no version: 404, before any lookup."""
    if not _VERSION.fullmatch(version):
        raise DocumentNotFoundError("No such version.")
    return int(version)


# --- re-analysis (chalicelib/services/reanalysis.py) ------------------------------------------

PATH_ID_PATTERNS["rerun"] = r"^[1-9][0-9]{0,5}$"
_RERUN = re.compile(PATH_ID_PATTERNS["rerun"])


class ReanalysisFilter(RequestBody):
    """One user's, or one region's, done documents, created within a time range (each end
    optional)."""

    owner_id: Annotated[str, Field(pattern=RESOURCE_ID_PATTERN)] | SkipJsonSchema[None] = Field(
        None, description="Whose documents (or name a region)"
    )
    region: Region | SkipJsonSchema[None] = Field(
        None,
        description="Which region's documents, `ru-msk`, or a province with all its cities, "
        "`ru` (or name an owner)",
    )
    since: WireTime | SkipJsonSchema[None] = Field(None, description="Created at or after")
    until: WireTime | SkipJsonSchema[None] = Field(None, description="Created at or before")

    @model_validator(mode="after")
    def _in_order(self) -> ReanalysisFilter:
        if (self.owner_id is None) == (self.region is None):
            raise ValueError("name either owner_id or region")
        if self.since is not None and self.until is not None and self.since > self.until:
            raise ValueError("since must not be after until")
        return self


class ReanalysisRequest(RequestBody):
    """Documents to re-analyse under today's configuration, as one system batch: named, or
    a user's or a region's done documents of a time range (the oldest 500); a client token makes the
    request safe to send again (the same batch, nothing run twice)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "document_ids": ["0b5e1c1e-8f0a-4c43-9d0c-6f1c2b7d9a10"],
                    "client_token": "model-change-2026-12",
                },
                {"filter": {"owner_id": "anna", "since": "2026-11-01T00:00:00Z"}},
                {"filter": {"region": "ru-spb", "until": "2026-11-30T23:59:59Z"}},
            ]
        }
    )

    document_ids: (
        Annotated[
            list[Annotated[str, Field(pattern=DOCUMENT_ID_PATTERN)]],
            Field(min_length=1, max_length=MAX_REANALYSIS_DOCUMENTS),
        ]
        | SkipJsonSchema[None]
    ) = Field(
        None,
        description="The documents whose current version is re-analysed (each one the caller "
        "may read, done, a contract whose text is still stored; the rest are skipped).",
    )
    filter: ReanalysisFilter | SkipJsonSchema[None] = Field(
        None,
        description="Instead of ids: a user's or a region's done documents (those the caller "
        "may read).",
    )
    client_token: Annotated[str, Field(pattern=RESOURCE_ID_PATTERN)] | SkipJsonSchema[None] = Field(
        None, description="The same token from the same caller answers the same batch again."
    )

    @model_validator(mode="after")
    def _ids_or_a_filter(self) -> ReanalysisRequest:
        if (self.document_ids is None) == (self.filter is None):
            raise ValueError("send either document_ids or filter")
        return self


def rerun_in_path(rerun: str) -> int:
    """A path's rerun number; one out of shape names no rerun: 404, before any lookup."""
    if not _RERUN.fullmatch(rerun):
        raise DocumentNotFoundError("No such re-analysis.")
    return int(rerun)


# --- recognition as a service over HTTP ------------------------------------------------------

_UUID = PATH_ID_PATTERNS["job_id"].strip("^$")
RECOGNITION_JOB_ID = re.compile(_UUID)


class RecognitionFileLocation(BaseModel):
    """Where the file to recognise lies."""

    model_config = ConfigDict(extra="allow", frozen=True)

    bucket: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")
    key: str = Field(min_length=1, max_length=1024)


class RecognitionRequestBody(BaseModel):
    """A recognition request, the envelope `recognitionRequest-v1.0` the bus takes
    (GET /v1/contracts/recognitionRequest-v1.0). The route reads it by the contract's rules
    (a later 1.x MINOR with fields this model does not name is accepted); this model only
    describes it."""

    model_config = ConfigDict(extra="allow", frozen=True)

    msg_id: str = Field(pattern=rf"^{_UUID}:[1-9][0-9]{{0,8}}$", description="`<job_id>:<attempt>`")
    schema_version: str = Field(pattern=r"^1\.(0|[1-9][0-9]*)$", examples=["1.0"])
    job_id: str = Field(pattern=rf"^{_UUID}$")
    file_id: str = Field(pattern=rf"^{_UUID}$")
    pipeline: Literal["tabular", "image"]
    file_type: Literal["XLS", "XLSX", "XLSB", "PDF", "PNG", "JPG"]
    original_name: str = Field(min_length=1, max_length=1024)
    s3: RecognitionFileLocation
    reply_deadline: str = Field(description="UTC, e.g. 2026-12-01T12:00:00Z")
    attempt: int = Field(ge=1, le=999_999_999)


def recognition_job_id_in_path(job_id: str) -> str:
    """A path's recognition job id (a uuid); one out of shape names no job: 404."""
    if not RECOGNITION_JOB_ID.fullmatch(job_id):
        raise RecognitionNotFoundError
    return job_id
