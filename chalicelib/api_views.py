"""What the HTTP API answers: one pydantic model per answer, which builds the body and is
the body's schema in the OpenAPI document.

`chalicelib.api_models` holds what the routes read (request bodies and query strings);
this module holds what they send back. Each answer is made by filling its view and calling
`body()`, and `chalicelib.openapi` describes the answers with these models' own JSON
schemas: the document cannot promise a field the API does not send, or the other way
round. A field that may be absent defaults to None and is left out of the body when None; a
field that is always sent, null or not, has no default.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    RootModel,
    WithJsonSchema,
)

from chalicelib.access.permissions import Permission
from chalicelib.access.records import AUDITED_CHANGES, AUDITED_READS
from chalicelib.auth.tokens import Role
from chalicelib.lanes import Lane
from chalicelib.models import DocumentStatus, Pipeline, Route
from chalicelib.recognizer.models import Stage
from chalicelib.versions.records import SUPERSEDED

if TYPE_CHECKING:
    from chalicelib import models
    from chalicelib.versions.records import RestoreAudit, VersionRecord

# Times as `datetime.isoformat()` writes them ("+00:00", as the API always has), described
# as date-time strings.
Timestamp = Annotated[
    datetime,
    PlainSerializer(datetime.isoformat, return_type=str),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]
Count = Annotated[int, Field(ge=0)]


def _required_when_sent(schema: dict[str, Any], view: type[Any]) -> None:
    """A view's schema requires every field it always sends: those without a default and
    those whose default is a value (a constant like `token_type`), not the absent ones."""
    fields = view.model_fields.items()
    sent = [name for name, field in fields if field.is_required() or field.default is not None]
    if sent:
        schema["required"] = sent


class View(BaseModel):
    """An answer's body: built field by field, sent as JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid", json_schema_extra=_required_when_sent)

    def body(self) -> dict[str, Any]:
        """The JSON body: a field that may be absent (default None) is left out when None,
        at any depth; one that is always sent (no default) stays, null or not."""
        return _without_absent(self, self.model_dump(mode="json"))


def _without_absent(view: View, dumped: dict[str, Any]) -> dict[str, Any]:
    for name, field in type(view).model_fields.items():
        value = getattr(view, name)
        if value is None and field.default is None and not field.is_required():
            del dumped[name]
        elif isinstance(value, View):
            _without_absent(value, dumped[name])
        elif isinstance(value, list):
            for item, item_dumped in zip(value, dumped[name], strict=True):
                if isinstance(item, View):
                    _without_absent(item, item_dumped)
    return dumped


# --- errors -------------------------------------------------------------------------------


class ErrorDetail(View):
    """What went wrong: a stable code for programs and a message for people."""

    code: str
    message: str


class Error(View):
    """Every error the API answers, API Gateway's own refusals included."""

    error: ErrorDetail


# --- sign-in ------------------------------------------------------------------------------


class Registered(View):
    """The same for a new e-mail and a taken one, and no tokens: it never tells which
    e-mails have accounts. Sign in with POST /v1/auth/login next."""

    status: Literal["registered"] = "registered"


class TokenPair(View):
    """Both tokens of a session and the access token's lifetime."""

    access_token: str
    refresh_token: str
    expires_in: int = Field(description="Seconds the access token lives.")
    token_type: Literal["Bearer"] = "Bearer"  # noqa: S105 - the OAuth 2 token type


class SignedOut(View):
    """The session is over: its refresh token is refused from now on."""

    signed_out: Literal[True] = True


class Profile(View):
    """The caller's credits, role, region, and whether they may upload."""

    user_id: str
    credits_left: Count
    role: Role
    region: str
    blocked: bool
    email_verified: bool | None = Field(
        description="False: confirm the address (the mail's token) to upload."
    )


# --- documents ----------------------------------------------------------------------------


class CallbackState(View):
    """A partner's callback_url: how its delivery stands."""

    status: Literal["pending", "retrying", "delivered", "failed"]
    attempts: Count


class ReviewDecision(View):
    """A reviewer's decision on a held document."""

    decision: Literal["approve", "deep_analysis", "reject"]
    reviewer: str
    comment: str
    decided_at: Timestamp

    @classmethod
    def of(cls, review: models.ReviewDecision) -> ReviewDecision:
        """The decision as the API shows it."""
        return cls(
            decision=review.decision,
            reviewer=review.reviewer,
            comment=review.comment,
            decided_at=review.decided_at,
        )


class Document(View):
    """A document's status and stage: no tokens, no internal keys."""

    document_id: str
    filename: str
    status: DocumentStatus
    stage: str = Field(description="Where the document is, for people.")
    version: int = Field(ge=1, description="The current version (GET …/versions lists all).")
    latest_version: int = Field(
        ge=1, description="The highest version given out: above `version` after a roll-back."
    )
    region: str
    pipeline: Pipeline | None
    route: Route | None
    confidence: float | None = Field(ge=0, le=1)
    findings: dict[str, Count] | None
    refunded: bool
    created_at: Timestamp
    updated_at: Timestamp
    error: ErrorDetail | None = None
    review: ReviewDecision | None = None
    deal_id: str | None = Field(
        None, description="The deal it belongs to (GET /v1/deals/{deal_id})."
    )
    lane: Lane = Field(
        description="Whose capacity its run uses: high (a person waiting), default (the "
        "partner API), batch (bulk imports), system (re-analysis)."
    )
    batch_id: str | None = Field(
        None, description="The bulk import it came in (GET /v1/batches/{id})."
    )
    run_config: dict[str, str] | None = Field(
        None, description="The configuration its run used (config.json has it in full)."
    )
    callback: CallbackState | None = None

    @classmethod
    def fields_of(cls, document: models.Document) -> dict[str, Any]:
        """The view's fields for a document (a view that extends this one adds its own)."""
        error = document.error
        callback = (
            CallbackState(
                status=document.callback_status or "pending", attempts=document.callback_attempts
            )
            if document.callback_url
            else None
        )
        return {
            "document_id": document.document_id,
            "filename": document.filename,
            "status": document.status,
            "stage": document.stage,
            "version": document.version,
            "latest_version": document.latest_version or document.version,
            "region": document.region,
            "pipeline": document.pipeline,
            "route": document.route,
            "confidence": document.confidence,
            "findings": document.findings_summary,
            "refunded": document.refunded,
            "created_at": document.created_at,
            "updated_at": document.updated_at,
            "error": ErrorDetail(code=error.code, message=error.message) if error else None,
            "review": ReviewDecision.of(document.review) if document.review else None,
            "deal_id": document.deal_id,
            "lane": document.lane,
            "batch_id": document.batch_id,
            "run_config": document.run_config,
            "callback": callback,
        }

    @classmethod
    def of(cls, document: models.Document) -> Document:
        """The public view of a document record."""
        return cls(**cls.fields_of(document))


class PresignedForm(View):
    """A browser-ready form: POST `fields` plus the file (last) to `url`."""

    url: str
    fields: dict[str, str]


class UploadTicket(View):
    """A new document and the form its file is sent with, valid until `expires_at`."""

    document: Document
    upload: PresignedForm
    expires_at: Timestamp


class DealTickets(View):
    """A new deal: a document and a form for each of its files."""

    deal_id: str
    documents: list[UploadTicket]


class CrossCheck(View):
    """Once the contract is done and a statement of the deal is: the contract amount against
    revenue, assets and equity, the ИНН against the statements' and the ОСВ's, our balances
    with the counterparty against the amount and prepayment, the penalty against liquidity;
    each comparison with its sources (form line and column, or ОСВ row and cell)."""

    contract_id: str
    comparisons: list[dict[str, Any]]
    notes: list[str]
    markdown: str


class Deal(View):
    """A deal's documents and, once its contract is done, the cross-check."""

    deal_id: str
    documents: list[Document]
    cross_check: CrossCheck | None


class DocumentPage(View):
    """A page of the caller's documents, newest first."""

    documents: list[Document]
    next_cursor: str | None = Field(description="Pass as ?cursor= for the next page.")


class DeletedDocument(View):
    """A document whose files are removed; its record stays for audit."""

    document_id: str
    deleted_at: Timestamp | None
    objects_removed: Count


class ReportView(View):
    """The report of a finished document."""

    document: Document
    markdown: str
    html: str = Field(
        description="The Markdown as sanitised HTML (no raw HTML, no script, links http(s) "
        "and mailto only): safe to insert into a page as it is."
    )
    report: dict[str, Any] = Field(description="The report as JSON (facts, findings…).")


class FailedReport(View):
    """Why the document failed, and the document."""

    error: ErrorDetail
    document: Document


class HeldDocument(Document):
    """A document held for a reviewer, with prescreen's facts."""

    prescreen: dict[str, Any] | None


class ReviewQueue(View):
    """Documents held for a reviewer, oldest first."""

    reviews: list[HeldDocument]


# --- partner keys -------------------------------------------------------------------------


class Key(View):
    """A partner key as its owner sees it in lists: never its value."""

    key_id: str
    name: str
    created_at: Timestamp
    enabled: bool


class NewKey(Key):
    """A new key: its value and the secret that signs its callbacks, shown this once."""

    api_key: str
    callback_secret: str


class KeyList(View):
    """The caller's keys, newest first."""

    keys: list[Key]


class UsageDay(View):
    """One day's requests of a key."""

    date: date
    used: Count
    remaining: Count


class Usage(View):
    """A key's requests per day over the last 30 days, from API Gateway."""

    key_id: str
    days: list[UsageDay]
    total: Count


# --- operators ----------------------------------------------------------------------------


class FailedRun(View):
    """A failed run with Step Functions' error and cause."""

    execution_arn: str
    name: str
    document_id: str | None
    started_at: Timestamp
    stopped_at: Timestamp | None
    error: str | None = None
    cause: str | None = None


class RunList(View):
    """Failed runs, newest first."""

    runs: list[FailedRun]


class Redrive(View):
    """A failed run, redriven from the step that failed."""

    document_id: str
    execution_arn: str
    queued: bool = Field(
        False,
        description="A batch run's redrive waits for a running slot of its lane: it is made "
        "when one frees.",
    )


class CreditGrant(View):
    """Credits given to a user, and their balance after."""

    user_id: str
    granted: int = Field(ge=1)
    credits_left: Count


class RoleChange(View):
    """A user's new role."""

    user_id: str
    role: Role


# --- the API's own description and the recognition contract --------------------------------


class Health(View):
    """Whether the table, the bucket and the pipeline answer."""

    status: Literal["ok", "unavailable"]
    checks: dict[str, str]


class ContractList(View):
    """The recognition contract's JSON Schemas."""

    contracts: list[str] = Field(
        description="Names for GET /v1/contracts/{name}: result-v1.0 … result-v1.2 (the result "
        "file by version), osvDocument, statementDocument, types."
    )


class OpenApiDocument(View):
    """This OpenAPI 3.1 document."""

    model_config = ConfigDict(frozen=True, extra="allow")

    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]


class JsonSchema(RootModel[dict[str, Any]]):
    """A JSON Schema (draft 2020-12). Its relative $refs name the other schemas as this
    route serves them."""


# --- access: downloads, roles, regions, grants and the audit (chalicelib.access) -----------


class Download(View):
    """A short-lived link to one stored file of a document."""

    document_id: str
    version: int = Field(ge=1)
    name: str = Field(description="`original`, or the artifact's name.")
    filename: str = Field(description="The name the browser saves it under.")
    url: str = Field(
        description="A presigned GET; S3 answers with Content-Disposition carrying the file "
        "name (RFC 6266, filename* in UTF-8)."
    )
    expires_at: Timestamp


class RoleDefinition(View):
    """A role: the permissions it holds, and its last change."""

    role: Role
    permissions: list[Permission]
    version: Count
    updated_at: Timestamp | None
    updated_by: str | None


class RoleList(View):
    """Every role's permissions."""

    roles: list[RoleDefinition]
    permissions: dict[str, str] = Field(description="What each permission lets its holder do.")


class RegionChange(View):
    """A user's new region."""

    user_id: str
    region: str


class AccessGrant(View):
    """A permission lent to a user in a region until a time."""

    grant_id: str
    user_id: str
    region: str
    permission: Permission
    expires_at: Timestamp
    granted_by: str
    granted_at: Timestamp
    reason: str
    revoked_at: Timestamp | None
    revoked_by: str | None
    live: bool = Field(description="Not revoked and not yet expired.")


class AccessGrantPage(View):
    """Grants, newest first."""

    grants: list[AccessGrant]
    next_cursor: str | None


class AuditEntry(View):
    """Who read or changed what, when, and under which grant."""

    audit_id: str
    at: Timestamp
    actor: str
    action: str = Field(json_schema_extra={"enum": [*AUDITED_READS, *AUDITED_CHANGES]})
    document_id: str | None
    owner_id: str | None
    target: str | None
    grant_id: str | None
    detail: dict[str, Any]


class AuditPage(View):
    """Audit entries, newest first."""

    entries: list[AuditEntry]
    next_cursor: str | None


# --- accounts: admins' users and usage, mailed tokens, the adapters' service tokens -------


class AdminUser(View):
    """A user as an admin lists them."""

    user_id: str
    email: str | None
    role: Role
    region: str
    credits_left: Count
    documents_count: Count = Field(description="Documents held (deleted ones not).")
    email_verified: bool | None
    blocked: bool
    blocked_at: Timestamp | None
    blocked_by: str | None
    blocked_reason: str | None
    created_at: Timestamp | None


class UserPage(View):
    """A page of users, newest first."""

    users: list[AdminUser]
    next_cursor: str | None


class BlockRecord(View):
    """One block or unblock of a user: who, when and why."""

    action: Literal["block", "unblock"]
    reason: str
    by: str
    at: Timestamp


class UserDetail(AdminUser):
    """One user, with their blocks and unblocks."""

    block_history: list[BlockRecord]


class BlockChange(View):
    """A user's block after a block or an unblock."""

    user_id: str
    blocked: bool
    changed: bool = Field(description="False when the user was in that state already.")


class UsageCounts(View):
    """Documents and credits counted over a time."""

    documents_created: Count
    documents_done: Count
    documents_failed: Count
    credits_spent: Count
    credits_refunded: Count


class UsageDayCounts(UsageCounts):
    """One day's usage."""

    date: date
    active_users: Count = Field(description="Users who created a document that day.")


class UsageStatistics(View):
    """Usage per day, and the totals over those days."""

    days: list[UsageDayCounts]
    totals: UsageCounts


class ServiceToken(View):
    """An adapter's service token, without its value."""

    token_id: str
    name: str
    adapter: str
    created_at: Timestamp
    created_by: str
    revoked: bool
    revoked_at: Timestamp | None
    revoked_by: str | None
    last_used_at: Timestamp | None
    uses: Count


class NewServiceToken(ServiceToken):
    """A new service token, its value shown this once."""

    service_token: str = Field(
        description="The value, shown this once: the adapter sends it to "
        "POST /v1/auth/service-token."
    )


class ServiceTokenList(View):
    """The adapters' service tokens."""

    service_tokens: list[ServiceToken]


class EmailVerified(View):
    """The address is confirmed."""

    email_verified: Literal[True] = True


class ResetRequested(View):
    """The same whether the e-mail has an account or not."""

    status: Literal["requested"] = "requested"


class PasswordReset(View):
    """The new password is set; every session alive before has ended."""

    password_reset: Literal[True] = True


# --- versions: a document's versions, roll-backs and comparisons (chalicelib.versions) ------


class VersionDetail(View):
    """One version of a document: its file, who sent it, how its run ended. A list's entry
    adds where its report is read (`VersionView`); a report's own version does not
    (`ReportedVersion`)."""

    version: int = Field(ge=1)
    status: str = Field(
        json_schema_extra={"enum": [*(s.value for s in DocumentStatus), SUPERSEDED]},
        description="`superseded`: replaced before its file arrived; it never ran.",
    )
    is_current: bool
    replaced_by: int | None = Field(ge=1)
    previous_version: int | None = Field(ge=1)
    filename: str
    size: Count
    sha256: str | None
    uploaded_by: str | None
    uploaded_at: Timestamp
    change_note: str | None
    route: Route | None
    findings: dict[str, Count] | None
    refunded: bool

    @classmethod
    def fields_of(cls, record: VersionRecord) -> dict[str, Any]:
        """The view's fields for a version's record (the views that extend this one add
        their own)."""
        error = record.error
        return {
            "version": record.version,
            "status": record.status,
            "is_current": record.is_current,
            "replaced_by": record.replaced_by,
            "previous_version": record.previous_version,
            "filename": record.filename,
            "size": record.real_size if record.real_size is not None else record.declared_size,
            "sha256": record.sha256 or record.declared_sha256,
            "uploaded_by": record.uploaded_by,
            "uploaded_at": record.created_at,
            "change_note": record.change_note,
            "route": record.route,
            "findings": record.findings_summary,
            "refunded": record.refunded,
            "error": ErrorDetail(code=error.code, message=error.message) if error else None,
            "duplicate_of": record.duplicate_of,
        }


class VersionView(VersionDetail):
    """One version of a document in its list, with where its report is read."""

    report: str | None = Field(description="Where its report is read, once done.")
    error: ErrorDetail | None = None
    duplicate_of: int | None = Field(None, ge=1)

    @classmethod
    def of(cls, record: VersionRecord, *, report: str | None) -> VersionView:
        """The listed view of a version's record."""
        return cls(**cls.fields_of(record), report=report)


class ReportedVersion(VersionDetail):
    """The version a report (or its absence) is of."""

    error: ErrorDetail | None = None
    duplicate_of: int | None = Field(None, ge=1)

    @classmethod
    def of(cls, record: VersionRecord) -> ReportedVersion:
        """The view of a version's record beside its report."""
        return cls(**cls.fields_of(record))


class Restore(View):
    """A roll-back: an older version made current again."""

    document_id: str
    action: Literal["restore"] = "restore"
    actor: str = Field(description="Who rolled back (`system`: a duplicate's undo).")
    at: Timestamp
    from_version: int = Field(ge=1)
    to_version: int = Field(ge=1)
    reason: str

    @classmethod
    def of(cls, audit: RestoreAudit) -> Restore:
        """The public view of a roll-back's audit item: all of its fields, as they are."""
        return cls(**audit.model_dump())


class VersionList(View):
    """Every version of a document, and its roll-backs."""

    document_id: str
    current_version: int = Field(ge=1)
    latest_version: int = Field(ge=1)
    versions: list[VersionView]
    restores: list[Restore]


class VersionRestore(View):
    """The document after a roll-back, and the roll-back."""

    document: Document
    restore: Restore


class VersionComparison(View):
    """What changed from one version's report to another's."""

    document_id: str
    from_version: int = Field(ge=1)
    to_version: int = Field(ge=1)
    facts: list[dict[str, Any]] = Field(description="Facts and clause flags: field, before, after.")
    parties: list[dict[str, Any]] = Field(description="Parties added, removed or renamed.")
    findings: list[dict[str, Any]] = Field(description="Findings new or gone.")
    unchanged: bool
    markdown: str = Field(description="The report's 'Changes since' section.")


class VersionReport(View):
    """A finished version's report (the current version's is the document's: no `version`)."""

    document: Document
    version: ReportedVersion | None = Field(
        None, description="The older version it is of (absent for the current version)."
    )
    markdown: str
    html: str = Field(description="The Markdown as sanitised HTML: safe to insert as it is.")
    report: dict[str, Any] = Field(description="The report as JSON (facts, findings…).")


class FailedVersionReport(FailedReport):
    """Why a version has no report: it failed, or was replaced before its file came."""

    version: ReportedVersion | None = Field(
        None, description="The older version it is of (absent for the current version)."
    )


# --- bulk imports (chalicelib/batches) ------------------------------------------------------


class BatchTickets(View):
    """A new batch in the batch lane: a form per file, or the one form for a zip."""

    batch_id: str
    lane: Literal["batch"] = "batch"
    documents: list[UploadTicket] | None = Field(
        None, description="For `files`: a document and a presigned POST each."
    )
    upload: PresignedForm | None = Field(
        None, description="For `zip`: the one presigned POST for the archive."
    )


class BatchFailure(View):
    """A batch's failed document and why (a reanalysis's: a failed rerun, with its version
    and number)."""

    document_id: str
    filename: str
    version: int | None = Field(None, ge=1)
    rerun: int | None = Field(None, ge=1)
    code: str
    message: str


class BatchSummary(View):
    """Once every document is final: outcomes, routes, findings by severity, failures with
    their codes, credits spent and refunded."""

    done: Count
    failed: Count
    routes: dict[str, Count]
    findings: dict[str, Count]
    documents_with_high_findings: Count
    failures: list[BatchFailure]
    credits_spent: Count
    credits_refunded: Count
    changed: Count | None = Field(
        None,
        description="A reanalysis: how many reruns' facts or findings differ from "
        "their version's original run.",
    )


class Batch(View):
    """A bulk import: its state, its documents by status and, once all are final, a summary."""

    batch_id: str
    lane: Lane
    kind: Literal["files", "zip", "reanalysis"]
    state: Literal["awaiting_upload", "unpacking", "open", "failed"] = Field(
        description="A zip's batch: awaiting its upload, being opened, open (its documents "
        "made), or failed (`error` says why); a list of files is open."
    )
    created_at: Timestamp
    total: Count
    counts: dict[str, Count] = Field(
        description="How many of its documents are in each status (a reanalysis: how many "
        "of its reruns are running, done or failed)."
    )
    final: bool = Field(description="Every document (or rerun) is done or failed.")
    documents: list[Document]
    summary: BatchSummary | None
    skipped: list[str] = Field(
        description="A zip's members that are no document, with why (a reanalysis: "
        "`{document_id}: {reason}` for each document it left out)."
    )
    error: ErrorDetail | None = None
    reruns: list[Rerun] | None = Field(None, description="A reanalysis: its reruns.")


# --- re-analysis (chalicelib/services/reanalysis.py): reruns in the system lane -------------


class Rerun(View):
    """One re-analysis of a finished version under the configuration of its day."""

    document_id: str
    version: int = Field(ge=1)
    rerun: int = Field(ge=1, description="Its number k: artifacts under `v{n}/r{k}/`")
    execution_name: str = Field(description="`{document_id}-v{n}-r{k}`")
    batch_id: str
    lane: Literal["system"]
    status: Literal["running", "done", "failed"]
    created_at: Timestamp
    finished_at: Timestamp | None = None
    route: Route | None = None
    findings: dict[str, Count] | None = Field(None, description="Findings by severity")
    changed: bool | None = Field(
        None, description="Whether its facts or findings differ from the original run's"
    )
    config: dict[str, str] | None = Field(
        None, description="The summary of the configuration it ran with (config.json)"
    )
    error: ErrorDetail | None = None
    report: str = Field(description="Where its report is read")


class RerunList(View):
    """A version's re-analyses, oldest first."""

    document_id: str
    version: int = Field(ge=1)
    reruns: list[Rerun]


class RerunRef(View):
    """A rerun a reanalysis started."""

    document_id: str
    version: int = Field(ge=1)
    rerun: int = Field(ge=1)
    execution_name: str
    report: str


class SkippedDocument(View):
    """A document a reanalysis left out, and why."""

    document_id: str
    reason: Literal["not_found", "not_done", "statement", "text_expired"]


class ReanalysisBatch(View):
    """A reanalysis: a system batch of reruns (`GET /v1/batches/{id}` follows it)."""

    batch_id: str
    lane: Literal["system"]
    created: bool = Field(
        description="False when the client token named a batch made before: nothing new ran"
    )
    status: str = Field(description="Where the batch's status and summary are read")
    reruns: list[RerunRef]
    skipped: list[SkippedDocument]


class RerunReport(View):
    """A rerun's report (200), or the rerun alone while it runs (202)."""

    rerun: Rerun
    markdown: str | None = None
    report: dict[str, Any] | None = Field(None, description="The report as JSON")


class FailedRerun(View):
    """Why a rerun failed (its document is untouched), and the rerun."""

    error: ErrorDetail
    rerun: Rerun


# --- recognition as a service over HTTP (chalicelib.recognition.intake) --------------------


class RecognitionAccepted(View):
    """A recognition request put on the bus: its answers carry the job_id."""

    msg_id: str = Field(description="`<job_id>:<attempt>`: send it again under the same id")
    job_id: str


class RecognitionObject(View):
    """Where a result file lies."""

    bucket: str
    key: str


class RecognitionStatus(View):
    """A partner's recognition job: its answers so far (recognitionResult-v1.0 envelopes)."""

    job_id: str
    file_id: str | None = None
    status: Literal["submitted", "processing", "done", "needs_check", "error"] = Field(
        description="`submitted`: on the bus, not yet taken; then the latest answer's status"
    )
    answers: list[dict[str, Any]] = Field(
        description="Each answer published for the job, once per msg_id, oldest first"
    )
    result_s3: RecognitionObject | None = None
    error: ErrorDetail | None = None


# Every answer's model under the name the route table (`chalicelib.openapi_routes`) uses.
# --- the hand-off to an external recognizer (chalicelib/recognizer) ----------------------


class RecognizerHealth(View):
    """Whether the recognizer's share and the recognition bus answer."""

    status: Literal["ok", "unavailable"]
    checks: dict[str, str] | None = Field(
        None, description="What did not answer (only when unavailable): share, bus"
    )


class RecognizerLastError(View):
    """A hand-off task's latest failure, kept across its attempts."""

    stage: str
    type: str
    message: str
    location: str
    occurred_at: Timestamp


class RecognizerTask(View):
    """A hand-off task still running: what it hands over and where it stands."""

    task_id: str
    job_id: str
    file_id: str
    source_s3_key: str
    expires_at: Timestamp
    received_at: Timestamp
    updated_at: Timestamp
    stage: Stage
    last_error: RecognizerLastError | None


class RecognizerTaskList(View):
    """The hand-off tasks not finished yet, oldest first (a finished one leaves the list)."""

    tasks: list[RecognizerTask]


RESPONSE_VIEWS: tuple[type[BaseModel], ...] = (
    Error,
    Registered,
    TokenPair,
    SignedOut,
    Profile,
    Document,
    UploadTicket,
    DealTickets,
    Deal,
    DocumentPage,
    DeletedDocument,
    ReportView,
    FailedReport,
    ReviewQueue,
    Key,
    NewKey,
    KeyList,
    Usage,
    RunList,
    Redrive,
    CreditGrant,
    RoleChange,
    Health,
    ContractList,
    OpenApiDocument,
    JsonSchema,
    Download,
    RoleList,
    RoleDefinition,
    RegionChange,
    AccessGrant,
    AccessGrantPage,
    AuditPage,
    UserPage,
    UserDetail,
    BlockChange,
    UsageStatistics,
    NewServiceToken,
    ServiceTokenList,
    EmailVerified,
    ResetRequested,
    PasswordReset,
    VersionList,
    VersionRestore,
    VersionComparison,
    VersionReport,
    FailedVersionReport,
    BatchTickets,
    Batch,
    Rerun,
    RerunList,
    ReanalysisBatch,
    RerunReport,
    FailedRerun,
    RecognizerHealth,
    RecognizerTaskList,
    RecognitionAccepted,
    RecognitionStatus,
)
