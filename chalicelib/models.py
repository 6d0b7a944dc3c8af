"""Domain models shared by the services, the handlers and the API."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from chalicelib.access.regions import Region
from chalicelib.errors import FailureClass
from chalicelib.keys import DocumentRef, UploadArea
from chalicelib.lanes import Lane
from chalicelib.run_config import RunConfig

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

# contract: prose to pre-screen and analyse; tabular: a spreadsheet read as a contract's
# schedule; image: a scan; statement: a counterparty's accounting (ОСВ, 0710001/2), which the
# statements branch recognises, checks and reports instead of the contract checklist.
Pipeline = Literal["contract", "tabular", "image", "statement"]
Route = Literal["deep_analysis", "manual_review", "auto_approve"]
Severity = Literal["high", "medium", "low", "info"]
Language = Literal["ru", "en", "unknown"]

SEVERITY_ORDER: dict[str, int] = {"high": 0, "medium": 1, "low": 2, "info": 3}
# A prescreen fact whose calibrated chance of being right (fact_confidence) is below this is
# flagged to the person reading it (the report, the bot, the demo, the reviewer's page), to
# check against the text first.
CHECK_FACT_BELOW = 0.7


def facts_to_check(chances: Mapping[str, float], among: Iterable[str]) -> list[str]:
    """The facts of `among`, in its order, whose chance of being right is under
    CHECK_FACT_BELOW: a value read, or one left out where the text likely gives it."""
    return [fact for fact in among if chances.get(fact, 1.0) < CHECK_FACT_BELOW]


DISCLAIMER_EN = "This report is an automated screening. It does not replace the advice of a lawyer."
DISCLAIMER_RU = "Этот отчёт составлен автоматически и не заменяет консультацию юриста."


class DocumentStatus(StrEnum):
    """Where a document is in its life."""

    AWAITING_UPLOAD = "awaiting_upload"
    EXTRACTING = "extracting"
    PRESCREENING = "prescreening"
    ANALYZING = "analyzing"
    IN_REVIEW = "in_review"
    DONE = "done"
    FAILED = "failed"

    @property
    def is_final(self) -> bool:
        """True when nothing will change the document any more."""
        return self in {DocumentStatus.DONE, DocumentStatus.FAILED}


class Frozen(BaseModel):
    """A value object."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# --- extraction -------------------------------------------------------------


class ExtractedFacts(Frozen):
    """What Extract learned about a file, written as `facts.json`."""

    pipeline: Pipeline
    format: str = Field(description="Real format by magic bytes: pdf, docx, rtf, txt, png, ...")
    pages: int = Field(ge=0)
    chars: int = Field(ge=0)
    ocr_used: bool = False
    ocr_pages: int = Field(0, ge=0)
    language: Language = "unknown"
    has_tables: bool = False
    warnings: tuple[str, ...] = ()


# One cell of a spreadsheet on the wire: dates travel as ISO text.
GridCell = str | int | float | bool | None


class GridSheet(Frozen):
    """One spreadsheet sheet as read: its name, where its first cell stands, its rows."""

    name: str
    origin: tuple[int, int] = (0, 0)
    rows: tuple[tuple[GridCell, ...], ...] = ()


class PagePlan(Frozen):
    """A scan whose pages the pipeline recognises one by one (a Map state), then joins.

    Extract writes it as `ocr-plan.json`: the pages' Markdown as far as it could read
    them (for a page left to OCR, what the page gives if it cannot be drawn: its marker
    alone), which pages need OCR, in which languages, and the warnings so far. Each page
    is then read again from the original upload, `source_key` at `source_version_id`.
    """

    format: str
    pages: int = Field(ge=1)
    ocr_pages: tuple[int, ...]
    parts: tuple[str, ...]
    languages: str
    text_pages: int = Field(0, ge=0)
    has_tables: bool = False
    warnings: tuple[str, ...] = ()
    source_key: str = ""
    source_version_id: str | None = None


class Extraction(Frozen):
    """The text of a document as Markdown, with what we learned reading it.

    `sheets`: a spreadsheet's cells as read, for recognising accounting statements
    (empty for every other format). `page_plan`: set when the scanned pages are left to
    the pipeline's per-page OCR; the Markdown is then empty and the facts are those known
    before OCR (the join step writes the real ones).
    """

    markdown: str
    facts: ExtractedFacts
    sheets: tuple[GridSheet, ...] = ()
    page_plan: PagePlan | None = None


# --- prescreen --------------------------------------------------------------


class Money(Frozen):
    """An amount with its currency; Decimal inside, a string on the wire."""

    amount: Decimal
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    vat_note: str | None = None
    words_agree: bool | None = Field(
        None, description="Whether the amount in words (прописью) matches the figures; None: none"
    )

    @field_serializer("amount")
    def _amount_as_string(self, value: Decimal) -> str:
        return str(value)


class Party(Frozen):
    """A side of the contract."""

    name: str
    role: str | None = None
    inn: str | None = None


class ClauseFlag(Frozen):
    """Whether a clause is present, with the sentence that proves it."""

    present: bool
    evidence: str | None = None
    detail: str | None = None


class PrescreenResult(Frozen):
    """Prescreen's facts about a document, its confidence and where it goes next."""

    language: Language
    contract_type: str | None = None
    title: str | None = None
    parties: tuple[Party, ...] = ()
    amount: Money | None = None
    signed_on: date | None = None
    starts_on: date | None = None
    ends_on: date | None = None
    penalty: ClauseFlag | None = None
    unilateral_termination: ClauseFlag | None = None
    dispute_forum: ClauseFlag | None = None
    liability_cap: ClauseFlag | None = None
    auto_renewal: ClauseFlag | None = None
    # A party's option (or right) to renew or extend the term: not automatic, someone must
    # choose it. English contracts only; None where not judged.
    renewal_option: ClauseFlag | None = None
    # Learned from CUAD's spans (English contracts only; None where not judged).
    anti_assignment: ClauseFlag | None = None
    non_compete: ClauseFlag | None = None
    exclusivity: ClauseFlag | None = None
    # A party's liability left uncapped: a carve-out from the cap ("shall not apply to").
    uncapped_liability: ClauseFlag | None = None
    governing_law: str | None = None
    confidence: float = Field(
        ge=0, le=1, description="The expected share of the facts that are right, 0..1"
    )
    fact_confidence: dict[str, float] = Field(
        default_factory=dict,
        description="Each fact's calibrated probability of being right, by field name",
    )
    doubts: tuple[str, ...] = Field((), description="What lowered the confidence, gravest first")
    sources: dict[str, Literal["rules", "model"]] = Field(
        default_factory=dict, description="Where each fact came from, once a model was asked"
    )
    route: Route
    route_reasons: tuple[str, ...] = ()


# --- analysis ---------------------------------------------------------------


class Finding(Frozen):
    """One risk found in the document, quoting the text that shows it."""

    checklist_item: str
    title: str
    severity: Severity
    quote: str
    explanation: str
    recommendation: str


class AnalysisUsage(Frozen):
    """What a model-backed analysis cost and how it went, for the report and for operators."""

    calls: int = Field(0, ge=0, description="Model calls, repairs and retries included")
    chunks: int = Field(0, ge=0)
    input_tokens: int = Field(0, ge=0)
    output_tokens: int = Field(0, ge=0)
    latency_ms: float = Field(0.0, ge=0, description="Wall-clock time of the whole analysis")
    models: tuple[str, ...] = Field((), description="Every model that answered")
    fallback_used: bool = False
    repairs: int = Field(0, ge=0, description="Answers sent back for repair")
    prompt_version: str | None = None


class AnalysisResult(Frozen):
    """Findings of one analysis run and how it was made."""

    provider: str
    model: str | None = None
    findings: tuple[Finding, ...] = ()
    dropped_quotes: int = Field(0, ge=0, description="Findings removed: quote not in the text")
    checked_items: tuple[str, ...] = ()
    usage: AnalysisUsage | None = None


class ReviewDecision(Frozen):
    """What a reviewer decided about a held document."""

    decision: Literal["approve", "deep_analysis", "reject"]
    reviewer: str
    comment: str = ""
    decided_at: datetime


class Report(Frozen):
    """The final report, rendered as Markdown and JSON."""

    document_id: str
    version: int
    filename: str
    generated_at: datetime
    route: Route
    facts: ExtractedFacts
    prescreen: PrescreenResult
    analysis: AnalysisResult | None = None
    review: ReviewDecision | None = None
    disclaimer: str = DISCLAIMER_EN
    # A newer version's report: what changed since the version it replaced, as
    # `chalicelib.versions.compare.VersionChanges` dumps it (None for a first version).
    changes: dict[str, Any] | None = None
    config: RunConfig | None = Field(
        None, description="What the run ran with (config.json); None for runs before snapshots"
    )
    rerun: int | None = Field(
        None,
        description="A re-analysis's number k (its files under v{n}/r{k}/); None for "
        "the version's own run",
    )


# --- state ------------------------------------------------------------------

# A batch document read and waiting for its lane's running slot (admission control).
QUEUED_STAGE = "Queued behind other batch documents"
STAGE_LABELS: dict[DocumentStatus, str] = {
    DocumentStatus.AWAITING_UPLOAD: "Waiting for the upload",
    DocumentStatus.EXTRACTING: "Reading the document",
    DocumentStatus.PRESCREENING: "Pre-screening",
    DocumentStatus.ANALYZING: "Analysing the contract",
    DocumentStatus.IN_REVIEW: "Waiting for a reviewer",
    DocumentStatus.DONE: "Report ready",
    DocumentStatus.FAILED: "Failed",
}


class UserProfile(BaseModel):
    """A user's credits and role."""

    user_id: str
    credits_left: int = Field(ge=0)
    role: Literal["user", "reviewer", "regional_admin", "admin"] = "user"
    region: Region = "ru"
    # Accounts (chalicelib.accounts): an admin's block refuses every token and key of the
    # user at once; `email_verified` is False only for an e-mail account whose address is
    # not confirmed yet (None: nothing to confirm, a Telegram or older account).
    blocked: bool = False
    email_verified: bool | None = None
    # Tokens issued before this (epoch seconds) are refused: set by a block and by a
    # password reset, so the sessions alive then never come back.
    sessions_valid_after: int | None = None


class DocumentError(Frozen):
    """The user-facing reason a document failed."""

    code: str
    message: str
    failure_class: FailureClass = Field(description="Whose fault: `user`, or one of ours")


class Document(BaseModel):
    """A document and where it is in the pipeline: the DynamoDB record."""

    model_config = ConfigDict(extra="ignore")

    document_id: str
    owner_id: str
    region: str
    version: int = Field(1, ge=1)
    status: DocumentStatus
    filename: str
    content_type: str
    ext: str
    declared_size: int = Field(ge=0)
    created_at: datetime
    updated_at: datetime
    upload_expires_at: datetime
    pipeline: Pipeline | None = None
    source_version_id: str | None = None
    real_size: int | None = None
    execution_arn: str | None = None
    route: Route | None = None
    confidence: float | None = None
    findings_summary: dict[str, int] | None = None
    error: DocumentError | None = None
    refunded: bool = False
    deleted_at: datetime | None = Field(None, description="Removed by its owner; kept for audit")
    callback_url: str | None = Field(None, description="Where a partner asked for the outcome")
    correlation_id: str | None = Field(
        None, description="The upload request's correlation id: the run's logs carry it"
    )
    callback_key_id: str | None = None
    callback_status: Literal["delivered", "retrying", "failed"] | None = None
    callback_attempts: int = Field(0, ge=0, description="Delivery rounds tried so far")
    task_token: str | None = None
    review: ReviewDecision | None = None
    deal_id: str | None = Field(
        None, description="The deal it belongs to: a contract and its counterparty's statements"
    )
    telegram_chat_id: int | None = Field(None, description="Sent from this Telegram chat")
    telegram_message_id: int | None = Field(None, description="The chat's progress message")
    # --- versions (`chalicelib.versions`): the record carries its current version's run;
    # each version's own item (`DOC#{id}`/`VERSION#{n:04d}`) keeps what it was.
    latest_version: int | None = Field(
        None, ge=1, description="The highest version number given out; None: only v1 so far"
    )
    previous_version: int | None = Field(None, ge=1, description="The version this one replaced")
    sha256: str | None = Field(None, description="The current version's file, hashed on arrival")
    declared_sha256: str | None = Field(None, description="The SHA-256 its uploader declared")
    uploaded_by: str | None = Field(None, description="Who uploaded the current version")
    change_note: str | None = Field(None, description="Its uploader's note on what changed")
    # Priority lanes and bulk imports (chalicelib/lanes.py, chalicelib/batches/).
    lane: Lane = Field(
        "default", description="Whose capacity its run uses: high, default, batch or system"
    )
    batch_id: str | None = Field(None, description="The bulk import it came in")
    # Where its originals are uploaded (chalicelib/keys.py), fixed at creation: `batch` for
    # a bulk import's, read by the batch's own Extract. Records before it: `uploads`.
    upload_area: UploadArea = "uploads"
    run_config: dict[str, str] | None = Field(
        None, description="A summary of the configuration its run used (config.json in full)"
    )
    # Admission control (chalicelib/services/admission.py): set while its batch run waits
    # for one of the lane's running slots.
    queued_at: datetime | None = Field(None, description="Its run waits in the batch queue since")

    @property
    def stage(self) -> str:
        """A short human label for where the document is."""
        if self.status == DocumentStatus.EXTRACTING and self.queued_at is not None:
            return QUEUED_STAGE
        return STAGE_LABELS[self.status]

    @property
    def ref(self) -> DocumentRef:
        """Its current version: what its keys and its run's name are built from."""
        return DocumentRef.of(self)


class Batch(BaseModel):
    """A bulk import: who sent it, when, and its documents."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    batch_id: str
    owner_id: str
    created_at: datetime
    lane: Lane = "batch"
    document_ids: tuple[str, ...] = ()
    # A zip is one upload that becomes the batch's documents once it is opened:
    # awaiting_upload -> unpacking -> open (or failed, with the reason).
    # A reanalysis (chalicelib.services.reanalysis) is a system batch of reruns of finished
    # documents: `reruns` names them (`{id}-v{n}-r{k}`), `skipped` the documents it left out.
    kind: Literal["files", "zip", "reanalysis"] = "files"
    state: Literal["awaiting_upload", "unpacking", "open", "failed"] = "open"
    region: str = ""
    filename: str = ""
    skipped: tuple[str, ...] = Field((), description="Members of a zip that are no document")
    error: DocumentError | None = None
    reruns: tuple[str, ...] = ()
    # While a zip is unpacked: the claim's lease (a crashed or timed-out import is claimed
    # again once it passes), how many claims there were, and the documents its members
    # become (ids fixed before the first is made, so a second claim resumes, never repeats).
    unpacking_until: datetime | None = None
    attempts: int = 0
    planned: tuple[str, ...] = ()
