"""The one wiring place: builds each service once per cold start from the settings.

Nothing here runs at import time; every builder is cached, and
`reset_cold_start()` forgets them all (the local cloud and tests call it after
changing the environment). Each builder imports what it builds, so a function's cold
start imports only the adapters and services of the builders it calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from chalicelib.correlation import current_correlation_id
from chalicelib.settings import Settings, get_settings

if TYPE_CHECKING:
    from collections.abc import Mapping

    from aws_lambda_powertools.utilities.idempotency import IdempotencyConfig
    from aws_lambda_powertools.utilities.typing import LambdaContext

    from chalicelib.access.documents import GovernedDocuments
    from chalicelib.access.service import AccessService
    from chalicelib.adapters.dynamo import DynamoDocumentRepository
    from chalicelib.adapters.dynamo.recognition import DynamoRecognitionJobs
    from chalicelib.adapters.dynamo.recognizer_tasks import DynamoRecognizerTasks
    from chalicelib.adapters.dynamo.versions import DynamoVersions
    from chalicelib.adapters.lambda_invoke import LambdaEventInvoker
    from chalicelib.adapters.s3 import S3ObjectStore
    from chalicelib.adapters.stepfunctions import StepFunctionsWorkflow
    from chalicelib.adapters.telegram_store import DynamoTelegramStore
    from chalicelib.analysis.port import AnalysisProvider
    from chalicelib.auth.email_flows import AccountMail
    from chalicelib.auth.service import AuthService
    from chalicelib.auth.service_tokens import ServiceTokens
    from chalicelib.auth.tokens import TokenIssuer
    from chalicelib.lanes import Lane
    from chalicelib.llm.chat import ChatClient
    from chalicelib.llm.slots import CallSlots
    from chalicelib.models import Document, Extraction, PrescreenResult
    from chalicelib.ports import Metrics, StatusEvents
    from chalicelib.ports.recognizer import RecognizerShare, ShareEntry
    from chalicelib.recognition.client import RecognitionClient
    from chalicelib.recognition.intake import RecognitionIntake
    from chalicelib.recognition.publisher import EnvelopePublisher
    from chalicelib.recognition.service import RecognitionService
    from chalicelib.recognition.stale import StaleJobSweep
    from chalicelib.recognizer.handoff import HandoffService
    from chalicelib.reruns import RerunLedger
    from chalicelib.run_config import RunConfig, RunConfigRecorder
    from chalicelib.services.accounts import AccountAdmin
    from chalicelib.services.admission import RunAdmission
    from chalicelib.services.batch_import import ZipImportService
    from chalicelib.services.batches import BatchService
    from chalicelib.services.callbacks import CallbackDelivery, CallbackSender
    from chalicelib.services.documents import DocumentQueries
    from chalicelib.services.extraction import ExtractionService
    from chalicelib.services.failures import FailureRecorder
    from chalicelib.services.health import HealthCheck
    from chalicelib.services.operations import OperatorService
    from chalicelib.services.page_ocr import PageOcrService
    from chalicelib.services.partners import PartnerKeys
    from chalicelib.services.pipeline import FactsFallback, PipelineSteps
    from chalicelib.services.reanalysis import ReanalysisService
    from chalicelib.services.review import ReviewService
    from chalicelib.services.run_failures import RunFailureService
    from chalicelib.services.statements import StatementSteps
    from chalicelib.services.sweeper import SweeperService
    from chalicelib.services.uploads import UploadService
    from chalicelib.services.users import UserService
    from chalicelib.services.version_arrivals import VersionArrivals
    from chalicelib.services.versions import VersionService
    from chalicelib.telegram.bot import TelegramBot
    from chalicelib.telegram.progress import ProgressNotifier
    from chalicelib.telegram.webhook import WebhookReceiver


def utc_now() -> datetime:
    """The clock every service gets."""
    return datetime.now(UTC)


@cache
def repository() -> DynamoDocumentRepository:
    """The single-table repository."""
    from chalicelib.adapters.dynamo import DynamoDocumentRepository

    return DynamoDocumentRepository(get_settings().table_name)


@cache
def object_store() -> S3ObjectStore:
    """The documents bucket."""
    from chalicelib.adapters.s3 import S3ObjectStore

    return S3ObjectStore(get_settings().bucket_name)


@cache
def workflow() -> StepFunctionsWorkflow:
    """The document pipeline state machine."""
    from chalicelib.adapters.stepfunctions import StepFunctionsWorkflow

    settings = get_settings()
    if not settings.state_machine_arn:
        raise RuntimeError("STATE_MACHINE_ARN is not set for this function")
    return StepFunctionsWorkflow(settings.state_machine_arn)


@cache
def metrics() -> Metrics:
    """Operational counts: an EMF line each (silenced by POWERTOOLS_METRICS_DISABLED)."""
    from chalicelib.adapters.metrics import PowertoolsMetrics

    return PowertoolsMetrics()


def log_correlation_id(correlation_id: str) -> None:
    """This invocation's later log lines carry `correlation_id` (Extract's, per document).

    Every Powertools Logger of one service shares its formatter, so this one sets the key
    the handler's logger and chalicelib's loggers write.
    """
    from aws_lambda_powertools import Logger

    Logger().set_correlation_id(correlation_id)


@cache
def status_events() -> StatusEvents:
    """Where status changes are announced: the documents bus, when one is configured."""
    bus = get_settings().event_bus_name
    if not bus:
        from chalicelib.services.status_events import NoStatusEvents

        return NoStatusEvents()
    from chalicelib.adapters.events import EventBridgeStatusEvents

    return EventBridgeStatusEvents(bus)


@cache
def failure_recorder() -> FailureRecorder:
    """Marks documents failed and refunds per the policy; then a partner's callback."""
    from chalicelib.services.failures import FailureRecorder

    return FailureRecorder(
        repository(),
        get_settings().refund_policy,
        notify_partner,
        events=status_events(),
        metrics=metrics(),
    )


def notify_partner(document: Document) -> None:
    """Deliver a finished document's outcome to the partner who asked (later tries included)."""
    if document.callback_url:
        callback_delivery().deliver(document)


@cache
def callback_delivery() -> CallbackDelivery:
    """Partner callbacks: tried when a document ends, then again from the sweeper."""
    from chalicelib.services.callbacks import CallbackDelivery

    delays = tuple(timedelta(seconds=s) for s in get_settings().callback_retry_seconds)
    return CallbackDelivery(callback_sender(), repository(), utc_now, delays, metrics=metrics())


@cache
def callback_sender() -> CallbackSender:
    """Signed partner callbacks; http and private addresses only on the local cloud."""
    from chalicelib.adapters.webhooks import HttpWebhookPoster
    from chalicelib.services.callbacks import CallbackSender

    return CallbackSender(
        HttpWebhookPoster(),
        partner_keys().callback_secret,
        utc_now,
        allow_private=get_settings().auth_mode == "dev",
    )


@cache
def upload_service() -> UploadService:
    """Upload requests for the HTTP API."""
    from chalicelib.services.uploads import UploadService

    s = get_settings()
    return UploadService(
        repo=repository(),
        store=object_store(),
        users=user_service(),
        max_upload_bytes=s.max_upload_bytes,
        url_ttl_seconds=s.upload_url_ttl_seconds,
        grace_seconds=s.upload_grace_seconds,
        clock=utc_now,
        metrics=metrics(),
        correlation_id=current_correlation_id,
        require_verified_email=email_verification_required(),
    )


@cache
def batch_service() -> BatchService:
    """Bulk imports: a document each in the batch lane, and the batch's status."""
    from chalicelib.adapters.dynamo.batches import DynamoBatches
    from chalicelib.services.batches import BatchService

    s = get_settings()
    return BatchService(
        batches=DynamoBatches(s.table_name),
        uploads=upload_service(),
        max_files=s.batch_max_files,
        clock=utc_now,
        reanalysis=lambda batch: reanalysis_service().batch_status(batch),
    )


@cache
def zip_import_service() -> ZipImportService:
    """Bulk imports sent as one zip: its form, then a document per member when it lands."""
    from chalicelib.adapters.dynamo.batches import DynamoBatches
    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.services.batch_import import ZipImportService

    s = get_settings()
    return ZipImportService(
        batches=DynamoBatches(s.table_name),
        uploads=upload_service(),
        users=user_service(),
        store=object_store(),
        limits=ExtractLimits.from_settings(s),
        max_files=s.batch_max_files,
        max_zip_bytes=s.max_unpacked_bytes,
        url_ttl_seconds=s.upload_url_ttl_seconds,
        clock=utc_now,
        deadlines=repository(),
    )


@cache
def user_service() -> UserService:
    """Users and their credits for the HTTP API."""
    from chalicelib.services.users import UserService

    s = get_settings()
    return UserService(repository(), signup_credits=s.signup_credits, region=s.default_region)


@cache
def token_issuer() -> TokenIssuer:
    """Access and refresh tokens, signed with the secret from SSM / Secrets Manager (the
    local cloud sets a plain one per run)."""
    from chalicelib.adapters.secrets import resolve_secret
    from chalicelib.auth.tokens import TokenIssuer

    s = get_settings()
    secret = resolve_secret(s.auth_token_secret, s.auth_token_secret_parameter)
    if not secret:
        raise RuntimeError("AUTH_TOKEN_SECRET or AUTH_TOKEN_SECRET_PARAMETER must be set")
    return TokenIssuer(
        secret,
        access_ttl_seconds=s.auth_access_ttl_seconds,
        refresh_ttl_seconds=s.auth_refresh_ttl_seconds,
        issuer=s.auth_token_issuer,
        clock=utc_now,
    )


@cache
def auth_service() -> AuthService:
    """Sign-in by e-mail and password, Telegram, the bot's service token, and refresh."""
    from chalicelib.adapters.credentials import DynamoCredentialStore
    from chalicelib.adapters.secrets import resolve_secret
    from chalicelib.auth.service import AuthService

    s = get_settings()
    return AuthService(
        DynamoCredentialStore(s.table_name),
        user_service(),
        token_issuer(),
        utc_now,
        max_attempts=s.auth_max_login_attempts,
        lockout_seconds=s.auth_lockout_seconds,
        telegram_bot_token=resolve_secret(s.telegram_bot_token, s.telegram_bot_token_parameter),
        telegram_login_max_age_seconds=s.telegram_login_max_age_seconds,
        service_token=resolve_secret(s.auth_service_token, s.auth_service_token_parameter),
        development_roles=repository() if s.auth_mode == "dev" else None,
        service_tokens=service_tokens(),
        account_mail=account_mail(),
    )


@cache
def partner_keys() -> PartnerKeys:
    """Partner API keys: API Gateway's keys on the partners' plan, and who owns each."""
    from chalicelib.adapters.apikeys import ApiGatewayKeys
    from chalicelib.adapters.key_registry import DynamoKeyRegistry
    from chalicelib.services.partners import PartnerKeys

    s = get_settings()
    return PartnerKeys(
        ApiGatewayKeys(s.usage_plan_id),
        DynamoKeyRegistry(s.table_name),
        utc_now,
        max_keys_per_user=s.partner_max_keys_per_user,
    )


@cache
def operator_service() -> OperatorService:
    """Failed runs, redrives, credit grants and roles for operators."""
    from chalicelib.services.operations import OperatorService

    return OperatorService(repository(), workflow(), repository(), admission=run_admission())


@cache
def document_queries() -> DocumentQueries:
    """Document reads for the HTTP API."""
    from chalicelib.services.documents import DocumentQueries

    return DocumentQueries(repository(), object_store())


# --- access: regions, permissions, grants and the audit (chalicelib.access) -----------------


@cache
def access_service() -> AccessService:
    """Principals, permission checks, grants, roles and the audit; its caches live as long
    as this process (and `reset_cold_start`)."""
    from chalicelib.access.service import AccessService
    from chalicelib.adapters.dynamo.access import DynamoAccessStore

    s = get_settings()
    return AccessService(
        DynamoAccessStore(s.table_name),
        repository(),
        utc_now,
        default_region=s.default_region,
        cache_ttl=s.access_cache_seconds,
    )


@cache
def governed_documents() -> GovernedDocuments:
    """People's document reads, writes, downloads and reviews, behind the access checks."""
    from chalicelib.access.documents import GovernedDocuments

    return GovernedDocuments(
        access_service(),
        document_queries(),
        object_store(),
        utc_now,
        download_ttl_seconds=get_settings().download_url_ttl_seconds,
        reviews=review_service,
        uploads=upload_service,
    )


def _build_extractor(settings: Settings) -> Callable[[bytes, str], Extraction]:
    # PyMuPDF is heavy: only the Extract function imports it.
    from chalicelib.extract import extract_document, extract_isolated
    from chalicelib.extract.limits import ExtractLimits

    # Only Extract leaves long scans to the run's per-page OCR.
    limits = replace(
        ExtractLimits.from_settings(settings), ocr_fanout_min_pages=settings.ocr_fanout_min_pages
    )
    run = extract_isolated if settings.extract_isolation == "subprocess" else extract_document

    def extract(data: bytes, declared_ext: str) -> Extraction:
        return run(data, declared_ext=declared_ext, limits=limits)

    return extract


@cache
def extraction_service() -> ExtractionService:
    """The Extract function's service."""
    from chalicelib.services.extraction import ExtractionService

    s = get_settings()
    return ExtractionService(
        repo=repository(),
        deadlines=repository(),
        store=object_store(),
        workflow=workflow(),
        failures=failure_recorder(),
        extractor=_build_extractor(s),
        max_upload_bytes=s.max_upload_bytes,
        stuck_after_seconds=s.stuck_extract_seconds,
        review_timeout_seconds=s.review_timeout_seconds,
        clock=utc_now,
        events=status_events(),
        metrics=metrics(),
        correlate=log_correlation_id,
        arrivals=version_arrivals(),
        run_configs=run_config_recorder(),
        admission=run_admission(),
    )


@cache
def run_config_recorder() -> RunConfigRecorder:
    """Each run's configuration snapshot (config.json) and its summary on the record."""
    from chalicelib.run_config import RunConfigRecorder, run_config_of

    def snapshot(lane: Lane) -> RunConfig:
        return run_config_of(get_settings(), lane=lane, model=llm_model(), now=utc_now())

    return RunConfigRecorder(store=object_store(), records=repository(), snapshot=snapshot)


# --- re-analysis: reruns of finished documents in the system lane (chalicelib.reruns) -------


@cache
def rerun_ledger() -> RerunLedger:
    """What a re-analysis's steps record instead of moving its document."""
    from chalicelib.adapters.dynamo.reruns import DynamoReruns
    from chalicelib.reruns import RerunLedger
    from chalicelib.run_config import run_config_of

    def snapshot(lane: Lane) -> RunConfig:
        return run_config_of(get_settings(), lane=lane, model=llm_model(), now=utc_now())

    return RerunLedger(
        records=DynamoReruns(get_settings().table_name),
        store=object_store(),
        snapshot=snapshot,
        clock=utc_now,
    )


@cache
def reanalysis_service() -> ReanalysisService:
    """`POST /v1/admin/reanalysis`, its batches' status and each version's reruns."""
    from chalicelib.adapters.dynamo.batches import DynamoBatches
    from chalicelib.adapters.dynamo.reruns import DynamoReruns
    from chalicelib.services.reanalysis import ReanalysisService

    s = get_settings()
    return ReanalysisService(
        access=access_service(),
        repo=repository(),
        batches=DynamoBatches(s.table_name),
        reruns=DynamoReruns(s.table_name),
        store=object_store(),
        workflow=workflow,
        clock=utc_now,
    )


@cache
def page_ocr_service(lane: Lane = "default") -> PageOcrService:
    """The run's per-page OCR of a long scan (each page under `lane`'s `ocr-{lane}`
    semaphore), and the join after it."""
    from chalicelib.extract.limits import ExtractLimits
    from chalicelib.services.page_ocr import PageOcrService

    return PageOcrService(
        repo=repository(),
        store=object_store(),
        limits=ExtractLimits.from_settings(get_settings()),
        metrics=metrics(),
        slots=ocr_slots(lane),
    )


UploadHandler = Callable[..., dict[str, Any]]


@cache
def _idempotent_upload() -> tuple[UploadHandler, IdempotencyConfig]:
    from aws_lambda_powertools.utilities.idempotency import (
        DynamoDBPersistenceLayer,
        IdempotencyConfig,
        idempotent_function,
    )

    from chalicelib.services.extraction import UploadEvent

    settings = get_settings()
    if not settings.idempotency_table_name:
        raise RuntimeError("IDEMPOTENCY_TABLE_NAME is not set for this function")
    config = IdempotencyConfig(expires_after_seconds=24 * 3600)
    persistence = DynamoDBPersistenceLayer(table_name=settings.idempotency_table_name)

    def process(upload: dict[str, Any], function_arn: str = "") -> dict[str, Any]:
        # An upload parked unread by admission control comes back naming its document.
        fields = {k: v for k, v in upload.items() if k not in ("document_id", "version")}
        if "document_id" in upload:
            return extraction_service().resume_admitted(
                UploadEvent(**fields), str(upload["document_id"]), int(upload["version"])
            )
        return extraction_service().handle_upload(UploadEvent(**fields), function_arn=function_arn)

    guarded: UploadHandler = idempotent_function(
        process, data_keyword_argument="upload", persistence_store=persistence, config=config
    )
    return guarded, config


def idempotent_upload_handler(context: LambdaContext) -> UploadHandler:
    """Extract's per-object handler: runs once per bucket, key and object version."""
    process, config = _idempotent_upload()
    config.register_lambda_context(context)
    return process


@cache
def chat_client() -> ChatClient:
    """The model client LLM_PROVIDER names, its key read from SSM or Secrets Manager."""
    from chalicelib.adapters.llm import (
        OllamaChatClient,
        OpenAICompatibleChatClient,
        YandexGptChatClient,
    )
    from chalicelib.adapters.secrets import resolve_secret

    s = get_settings()
    key = resolve_secret(s.llm_api_key, s.llm_api_key_parameter)
    if s.llm_provider == "ollama":
        return OllamaChatClient(s.llm_base_url, api_key=key)
    if s.llm_provider == "openai":
        return OpenAICompatibleChatClient(s.llm_base_url, api_key=key)
    if s.llm_provider == "yandexgpt":
        return YandexGptChatClient(
            s.yandex_folder_id, key, base_url=s.llm_base_url, auth=s.yandex_auth
        )
    raise RuntimeError(f"LLM_PROVIDER={s.llm_provider} has no chat client")


# The model each provider is asked when LLM_MODEL is empty.
DEFAULT_MODELS = {
    "ollama": "qwen2.5:7b-instruct",
    "openai": "gpt-4o-mini",
    "yandexgpt": "yandexgpt/latest",
}


def llm_model() -> str:
    """The primary model: LLM_MODEL, or the provider's default."""
    s = get_settings()
    return s.llm_model or DEFAULT_MODELS.get(s.llm_provider, "")


@cache
def call_slots(lane: Lane = "default") -> CallSlots:
    """The cap on one lane's model calls across all executions: a lease semaphore in the
    table named `llm-{provider}-{lane}` (chalicelib/lanes.py), polled for the lane's wait."""
    from chalicelib.lanes import WaitingSlots, lane_limits, llm_semaphore_name

    s = get_settings()
    limits = lane_limits(s, lane)
    return WaitingSlots(
        _lease_slots(llm_semaphore_name(s.llm_provider, lane), limits.llm_calls, "llm"),
        limits.slot_wait_seconds,
    )


@cache
def ocr_slots(lane: Lane = "default") -> CallSlots:
    """The cap on one lane's pages OCRed at once by runs: the semaphore `ocr-{lane}`."""
    from chalicelib.lanes import WaitingSlots, lane_limits, ocr_semaphore_name

    limits = lane_limits(get_settings(), lane)
    return WaitingSlots(
        _lease_slots(ocr_semaphore_name(lane), limits.ocr_pages, "ocr"),
        limits.slot_wait_seconds,
    )


def _lease_slots(name: str, limit: int, kind: Literal["llm", "ocr"]) -> CallSlots:
    """A lease semaphore in the table; a full OCR one raises its own error for the Retry."""
    from chalicelib.adapters.semaphore import DynamoCallSlots
    from chalicelib.errors import OcrCapacityExhaustedError

    s = get_settings()
    if kind == "llm":
        return DynamoCallSlots(s.table_name, name, limit, s.llm_lease_seconds, clock=utc_now)
    return DynamoCallSlots(
        s.table_name,
        name,
        limit,
        s.ocr_lease_seconds,
        clock=utc_now,
        capacity_error=OcrCapacityExhaustedError,
    )


@cache
def analysis_provider(lane: Lane = "default") -> AnalysisProvider:
    """The analysis LLM_PROVIDER names: the offline rule engine, or a model behind its API
    (its calls under `lane`'s semaphore)."""
    s = get_settings()
    if s.llm_provider == "rules":
        from chalicelib.analysis.rules import RulesProvider

        return RulesProvider()
    from chalicelib.llm.provider import LlmProvider

    return LlmProvider.from_settings(
        chat_client(), s, slots=call_slots(lane), model=llm_model(), metrics=metrics()
    )


def _facts_fallback(lane: Lane = "default") -> FactsFallback | None:
    """Prescreen's model fallback, when it is on and a model is configured."""
    s = get_settings()
    if not s.prescreen_llm_fallback_enabled or s.llm_provider == "rules":
        return None
    from chalicelib.llm.slots import hold_slot
    from chalicelib.prescreen import RoutingPolicy
    from chalicelib.prescreen.model_facts import fill_gaps_when_unsure

    policy = RoutingPolicy.from_settings(s)

    def fallback(result: PrescreenResult, markdown: str) -> PrescreenResult:
        if result.confidence >= s.prescreen_llm_fallback_below:
            return result
        with hold_slot(call_slots(lane), "prescreen"):
            return fill_gaps_when_unsure(
                chat_client(),
                result,
                markdown,
                policy=policy,
                below=s.prescreen_llm_fallback_below,
                model=llm_model(),
                max_chars=s.prescreen_llm_max_chars,
                timeout_seconds=s.llm_timeout_seconds,
            )

    return fallback


@cache
def pipeline_steps(lane: Lane = "default") -> PipelineSteps:
    """The state machine's task steps, for runs of `lane` (its model calls' semaphore)."""
    from chalicelib.prescreen import RoutingPolicy
    from chalicelib.services.pipeline import PipelineSteps

    s = get_settings()
    return PipelineSteps(
        repo=repository(),
        reviews=repository(),
        store=object_store(),
        failures=failure_recorder(),
        routing=RoutingPolicy.from_settings(s),
        provider=analysis_provider(lane),
        clock=utc_now,
        facts_fallback=_facts_fallback(lane),
        on_finished=notify_partner,
        events=status_events(),
        metrics=metrics(),
        reruns=rerun_ledger(),
    )


@cache
def statement_steps() -> StatementSteps:
    """The statements branch's task steps (recognise, check, report)."""
    from chalicelib.services.statements import StatementSteps

    return StatementSteps(steps=pipeline_steps(), store=object_store())


@cache
def review_service() -> ReviewService:
    """Reviewer decisions."""
    from chalicelib.services.review import ReviewService

    return ReviewService(repository(), workflow(), utc_now, queue=repository())


@cache
def run_failure_service() -> RunFailureService:
    """On Run Failed's service."""
    from chalicelib.services.run_failures import RunFailureService

    return RunFailureService(repository(), failure_recorder(), rerun_ledger())


@cache
def run_admission() -> RunAdmission | None:
    """Admission control of the batch lane's runs: started while a running slot is free
    (None with BATCH_MAX_RUNNING=0: every run starts on arrival)."""
    from chalicelib.adapters.dynamo.admission import DynamoRunAdmission
    from chalicelib.adapters.stepfunctions import StepFunctionsWorkflow
    from chalicelib.lanes import BATCH_LANE
    from chalicelib.services.admission import RunAdmission

    s = get_settings()
    if s.batch_max_running == 0:
        return None
    return RunAdmission(
        slots=DynamoRunAdmission(
            s.table_name,
            BATCH_LANE,
            s.batch_max_running,
            s.batch_run_lease_seconds,
            clock=utc_now,
        ),
        repo=repository(),
        workflow_for=StepFunctionsWorkflow,
        state_machine_arn=s.state_machine_arn,
        events=status_events(),
        metrics=metrics(),
        resume_upload=_invoke_event,
        redrive_run=_redrive_execution,
    )


def _redrive_execution(execution_arn: str) -> None:
    """Redrive a failed execution (a batch run's redrive that waited for a slot)."""
    from chalicelib.adapters.stepfunctions import StepFunctionsWorkflow

    # Redriving names the execution, not the state machine: the functions in its
    # definition, which cannot name it, redrive too.
    StepFunctionsWorkflow("").redrive(execution_arn)


def _invoke_event(function: str, payload: Mapping[str, Any]) -> None:
    """Invoke `function` asynchronously with `payload` (an admitted upload, to Extract)."""
    _event_invoker(function)(dict(payload))


@cache
def _event_invoker(function: str) -> LambdaEventInvoker:
    from chalicelib.adapters.lambda_invoke import LambdaEventInvoker

    return LambdaEventInvoker(function, unreachable=f"{function} could not be reached")


def run_ended(document_id: str, version: int) -> None:
    """A run's end (or its hold for a reviewer): its batch lease goes to the next queued run.

    Never fails the step that calls it (a Finalize retried for this would write its
    report twice): a lease this could not free is freed by the sweeper.
    """
    from chalicelib.errors import StorageUnavailableError, WorkflowUnavailableError

    admission = run_admission()
    if admission is None:
        return
    try:
        admission.run_ended(document_id, version)
    except (StorageUnavailableError, WorkflowUnavailableError) as exc:
        import logging

        logging.getLogger(__name__).warning("admission left to the sweeper: %s", exc)


@cache
def sweeper_service() -> SweeperService:
    """The scheduled sweeper."""
    from chalicelib.services.sweeper import SweeperService

    s = get_settings()
    return SweeperService(
        repository(),
        failure_recorder(),
        utc_now,
        callbacks=callback_delivery(),
        deadlines=repository(),
        admission=run_admission(),
        run_is_active=workflow().is_running if s.state_machine_arn else None,
        stuck_after_seconds=s.stuck_extract_seconds,
        imports=zip_import_service(),
    )


@cache
def health_check() -> HealthCheck:
    """Probes of what the API needs: the table, the bucket and the document pipeline."""
    from chalicelib.adapters.health import bucket_probe, state_machine_probe, table_probe
    from chalicelib.services.health import HealthCheck

    s = get_settings()
    return HealthCheck(
        {
            "table": table_probe(s.table_name),
            "bucket": bucket_probe(s.bucket_name),
            "state_machine": state_machine_probe(s.state_machine_arn),
        }
    )


# --- the Telegram bot ---------------------------------------------------------------------


@cache
def telegram_store() -> DynamoTelegramStore:
    """The bot's state in the table: updates seen, languages, albums, results sent."""
    from chalicelib.adapters.telegram_store import DynamoTelegramStore

    return DynamoTelegramStore(get_settings().table_name)


@cache
def telegram_webhook() -> WebhookReceiver:
    """The webhook's receiver: Telegram's secret, each update once, the bot worker behind."""
    from chalicelib.adapters.lambda_invoke import LambdaEventInvoker
    from chalicelib.adapters.secrets import resolve_secret
    from chalicelib.telegram.webhook import WebhookReceiver

    s = get_settings()
    secret = resolve_secret(s.telegram_webhook_secret, s.telegram_webhook_secret_parameter)
    if not secret:
        raise RuntimeError(
            "TELEGRAM_WEBHOOK_SECRET or TELEGRAM_WEBHOOK_SECRET_PARAMETER must be set"
        )
    worker = LambdaEventInvoker(s.telegram_bot_function)
    return WebhookReceiver(secret, telegram_store(), lambda update: worker({"update": update}))


def _telegram_bot_token() -> str:
    from chalicelib.adapters.secrets import resolve_secret

    s = get_settings()
    token = resolve_secret(s.telegram_bot_token, s.telegram_bot_token_parameter)
    if not token:
        raise RuntimeError("TELEGRAM_BOT_TOKEN or TELEGRAM_BOT_TOKEN_PARAMETER must be set")
    return token


@cache
def telegram_bot() -> TelegramBot:
    """The bot worker: aiogram's dispatcher over the same services as the web page."""
    from chalicelib.telegram.aiogram_import import import_aiogram

    import_aiogram()  # before anything else imports it: the cold start's biggest cost
    from chalicelib.adapters.credentials import DynamoCredentialStore
    from chalicelib.auth.service import user_for_telegram
    from chalicelib.telegram.bot import BotServices, TelegramBot
    from chalicelib.telegram.intake import ChatIntake

    s = get_settings()
    credentials = DynamoCredentialStore(s.table_name)
    intake = ChatIntake(
        uploads=upload_service(),
        users=user_service(),
        store=telegram_store(),
        max_file_bytes=min(s.max_upload_bytes, s.telegram_max_file_bytes),
        album_settle_seconds=s.telegram_album_settle_seconds,
        versions=version_service(),
    )
    services = BotServices(
        users=user_service(),
        documents=document_queries(),
        store=telegram_store(),
        intake=intake,
        link_user=lambda telegram_id: user_for_telegram(credentials, telegram_id),
    )
    return TelegramBot(services, _telegram_bot_token(), s.telegram_api_base)


@cache
def telegram_progress() -> ProgressNotifier:
    """Progress messages and results in the chats documents came from."""
    from chalicelib.telegram.aiogram_import import import_aiogram

    import_aiogram()
    from chalicelib.telegram.progress import ProgressNotifier

    return ProgressNotifier(
        repo=repository(),
        documents=document_queries(),
        store=telegram_store(),
        token=_telegram_bot_token(),
        api_base=get_settings().telegram_api_base,
    )


# --- accounts (issue 14): admins' users and usage, mail, the adapters' service tokens ------


@cache
def account_admin() -> AccountAdmin:
    """Users for admins: search, block and unblock (with their partner keys), usage."""
    from chalicelib.adapters.apikeys import ApiGatewayKeys
    from chalicelib.adapters.dynamo.accounts import DynamoAccounts
    from chalicelib.adapters.dynamo.usage import DynamoUsage
    from chalicelib.adapters.key_registry import DynamoKeyRegistry
    from chalicelib.services.accounts import AccountAdmin

    s = get_settings()
    return AccountAdmin(
        DynamoAccounts(s.table_name),
        DynamoKeyRegistry(s.table_name),
        ApiGatewayKeys(s.usage_plan_id),
        DynamoUsage(s.table_name),
        utc_now,
    )


@cache
def service_tokens() -> ServiceTokens:
    """The adapters' service tokens; the configured one is the Telegram adapter's."""
    from chalicelib.adapters.secrets import resolve_secret
    from chalicelib.adapters.service_tokens import DynamoServiceTokens
    from chalicelib.auth.service_tokens import BOOTSTRAP_ADAPTER, ServiceTokens

    s = get_settings()
    configured = resolve_secret(s.auth_service_token, s.auth_service_token_parameter)
    return ServiceTokens(
        DynamoServiceTokens(s.table_name), utc_now, bootstrap={BOOTSTRAP_ADAPTER: configured}
    )


@cache
def account_mail() -> AccountMail | None:
    """Verification and password-reset mail through SES; None when MAIL_FROM is empty."""
    s = get_settings()
    if not s.mail_from:
        return None
    from chalicelib.adapters.credentials import DynamoCredentialStore
    from chalicelib.adapters.dynamo.accounts import DynamoAccounts
    from chalicelib.adapters.one_time_tokens import DynamoOneTimeTokens
    from chalicelib.adapters.ses_mail import SesMailer
    from chalicelib.auth.email_flows import AccountMail

    return AccountMail(
        DynamoCredentialStore(s.table_name),
        user_service(),
        DynamoAccounts(s.table_name),
        DynamoOneTimeTokens(s.table_name),
        SesMailer(s.mail_from),
        clock=utc_now,
        verify_ttl_seconds=s.email_verify_ttl_seconds,
        reset_ttl_seconds=s.password_reset_ttl_seconds,
    )


def email_verification_required() -> bool:
    """Whether an unconfirmed e-mail account must wait before uploads and keys (only
    when mail can be sent: without it nobody could ever confirm)."""
    s = get_settings()
    return s.email_verification_required and bool(s.mail_from)


# --- versions (chalicelib/versions) -------------------------------------------------------


@cache
def versions_store() -> DynamoVersions:
    """Documents' version items on the single table."""
    from chalicelib.adapters.dynamo.versions import DynamoVersions

    return DynamoVersions(get_settings().table_name)


@cache
def version_arrivals() -> VersionArrivals:
    """Extract's hashing of a version's file and its end of a duplicate."""
    from chalicelib.services.version_arrivals import VersionArrivals

    return VersionArrivals(versions_store(), repository(), utc_now)


@cache
def version_service() -> VersionService:
    """New versions, their list, reports, comparison and roll-back for the HTTP API."""
    from chalicelib.services.versions import VersionService

    return VersionService(
        versions=versions_store(),
        store=object_store(),
        queries=document_queries(),
        uploads=upload_service(),
        clock=utc_now,
    )


# --- recognition as a service (issue 15) ---------------------------------------------


@cache
def recognition_jobs() -> DynamoRecognitionJobs:
    """The recognition jobs in the single table."""
    from chalicelib.adapters.dynamo.recognition import DynamoRecognitionJobs

    return DynamoRecognitionJobs(get_settings().table_name)


@cache
def recognition_publisher(source: str) -> EnvelopePublisher:
    """Envelopes onto the recognition bus under `source` (retried, same message id)."""
    import boto3

    from chalicelib.recognition.publisher import EnvelopePublisher

    s = get_settings()
    if not s.recognition_bus_name:
        raise RuntimeError("RECOGNITION_BUS_NAME is not set for this function")
    return EnvelopePublisher(
        boto3.client("events"), s.recognition_bus_name, source, retries=s.publish_retries
    )


def _recognition_extractor(settings: Settings) -> Callable[[bytes, str], Extraction]:
    # Extract's readers with Extract's limits, every page read here (no per-page fan-out).
    from chalicelib.extract import extract_document, extract_isolated
    from chalicelib.extract.limits import ExtractLimits

    limits = ExtractLimits.from_settings(settings)
    run = extract_isolated if settings.extract_isolation == "subprocess" else extract_document

    def extract(data: bytes, declared_ext: str) -> Extraction:
        return run(data, declared_ext=declared_ext, limits=limits)

    return extract


def _service_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("contract-check")
    except PackageNotFoundError:  # chalicelib in a layer, without the package's metadata
        return "0"


@cache
def recognition_service() -> RecognitionService:
    """The Recognition function's service."""
    from chalicelib.adapters.recognition import S3SourceFiles, StepFunctionsRecognizerHandoff
    from chalicelib.recognition.envelopes import SOURCE_RECOGNITION, Service
    from chalicelib.recognition.service import RecognitionConfig, RecognitionService

    s = get_settings()
    handoff = None
    if s.external_recognizer_enabled:
        handoff = StepFunctionsRecognizerHandoff(s.recognizer_handoff_state_machine_arn)
    return RecognitionService(
        jobs=recognition_jobs(),
        publisher=recognition_publisher(SOURCE_RECOGNITION),
        sources=S3SourceFiles(),
        store=object_store(),
        extractor=_recognition_extractor(s),
        config=RecognitionConfig(
            service=Service(s.recognition_service_name, _service_version()),
            bucket=s.bucket_name,
            max_bytes=s.max_upload_bytes,
        ),
        clock=utc_now,
        handoff=handoff,
    )


@cache
def recognition_stale_sweep() -> StaleJobSweep:
    """The Recognition Sweep function's: jobs whose worker died get their answer."""
    from chalicelib.recognition.envelopes import SOURCE_RECOGNITION, Service
    from chalicelib.recognition.stale import StaleJobSweep

    s = get_settings()
    return StaleJobSweep(
        jobs=recognition_jobs(),
        publisher=recognition_publisher(SOURCE_RECOGNITION),
        service=Service(s.recognition_service_name, _service_version()),
        clock=utc_now,
    )


@cache
def recognition_intake() -> RecognitionIntake:
    """POST/GET /v1/recognitions: partners' requests onto the recognition bus."""
    from chalicelib.recognition.intake import SOURCE_API, RecognitionIntake

    return RecognitionIntake(
        jobs=recognition_jobs(),
        publisher=recognition_publisher(SOURCE_API),
        bucket=get_settings().bucket_name,
    )


# --- the hand-off to an external recognizer (chalicelib/recognizer) ----------------------


@cache
def recognizer_tasks() -> DynamoRecognizerTasks:
    """The hand-off tasks' records on the single table."""
    from chalicelib.adapters.dynamo.recognizer_tasks import DynamoRecognizerTasks

    return DynamoRecognizerTasks(get_settings().table_name)


@cache
def recognizer_share() -> RecognizerShare:
    """The folder shared with the recognizer: an S3 prefix, or SMB (its password from SSM /
    Secrets Manager, or plain locally)."""
    s = get_settings()
    if s.recognizer_share == "smb":
        from chalicelib.adapters.recognizer_smb_share import SmbShare
        from chalicelib.adapters.secrets import resolve_secret

        password = resolve_secret(s.recognizer_smb_password, s.recognizer_smb_password_parameter)
        return SmbShare(
            s.recognizer_smb_server,
            s.recognizer_smb_share,
            username=s.recognizer_smb_user,
            password=password,
            port=s.recognizer_smb_port,
        )
    from chalicelib.adapters.recognizer_s3_share import S3PrefixShare

    return S3PrefixShare(s.bucket_name, s.recognizer_share_prefix)


@cache
def handoff_service() -> HandoffService:
    """The hand-off's steps and poller."""
    from chalicelib.adapters.task_tokens import StepFunctionsTaskTokens
    from chalicelib.recognizer.handoff import HandoffService

    s = get_settings()
    return HandoffService(
        tasks=recognizer_tasks(),
        share=_LazyShare(),
        bucket=object_store(),
        tokens=StepFunctionsTaskTokens(),
        publisher=_LazyPublisher(),
        clock=utc_now,
        result_prefix=s.result_prefix,
        max_source_bytes=s.max_upload_bytes,
        storage_retries=s.recognizer_storage_retries,
    )


class _LazyPublisher:
    """The file worker's publisher (source `contract-check.file-worker`), built at the first
    publish: only the hand-off's last step publishes."""

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        from chalicelib.recognition.envelopes import SOURCE_FILE_WORKER

        return recognition_publisher(SOURCE_FILE_WORKER).publish(detail_type, detail)


class _LazyShare:
    """The share built at its first use: the steps that never touch it (Accept Command,
    Wait For Result) never read the SMB password nor import smbclient."""

    def put(self, path: str, data: bytes) -> None:
        recognizer_share().put(path, data)

    def list(self, folder: str) -> list[ShareEntry]:
        return recognizer_share().list(folder)

    def read(self, path: str) -> bytes:
        return recognizer_share().read(path)

    def delete(self, path: str) -> None:
        recognizer_share().delete(path)

    def delete_folder(self, folder: str) -> None:
        recognizer_share().delete_folder(folder)

    def probe(self) -> None:
        recognizer_share().probe()


@cache
def recognizer_health() -> HealthCheck:
    """Probes of the hand-off's outside world: the share and the recognition bus."""
    from chalicelib.adapters.health import event_bus_probe
    from chalicelib.recognizer.health import share_probe
    from chalicelib.services.health import HealthCheck

    return HealthCheck(
        {
            "share": share_probe(recognizer_share),
            "bus": event_bus_probe(get_settings().recognition_bus_name),
        }
    )


# --- recognition as a service: our own client (issue 15) ------------------------------------


@cache
def recognition_client() -> RecognitionClient:
    """Our recognition client: its jobs in the table, its requests on the recognition bus."""
    from chalicelib.adapters.dynamo.recognition_jobs import DynamoRecognitionJobs
    from chalicelib.recognition.client import SOURCE_CLIENT, RecognitionClient

    s = get_settings()
    return RecognitionClient(
        DynamoRecognitionJobs(s.table_name),
        recognition_publisher(SOURCE_CLIENT),
        clock=utc_now,
        ack_timeout_seconds=s.ack_timeout_seconds,
        max_republish=s.outbox_max_republish,
        reply_seconds=s.recognition_reply_seconds,
    )


_BUILDERS = (
    account_admin,
    service_tokens,
    account_mail,
    health_check,
    telegram_store,
    telegram_webhook,
    telegram_bot,
    telegram_progress,
    metrics,
    status_events,
    callback_delivery,
    repository,
    object_store,
    workflow,
    failure_recorder,
    upload_service,
    batch_service,
    zip_import_service,
    user_service,
    document_queries,
    extraction_service,
    run_config_recorder,
    rerun_ledger,
    reanalysis_service,
    page_ocr_service,
    _idempotent_upload,
    _event_invoker,
    pipeline_steps,
    statement_steps,
    token_issuer,
    auth_service,
    partner_keys,
    operator_service,
    callback_sender,
    chat_client,
    call_slots,
    ocr_slots,
    analysis_provider,
    review_service,
    run_failure_service,
    sweeper_service,
    run_admission,
    access_service,
    governed_documents,
    versions_store,
    version_arrivals,
    version_service,
    recognition_jobs,
    recognition_publisher,
    recognition_service,
    recognition_stale_sweep,
    recognition_intake,
    recognizer_tasks,
    recognizer_share,
    handoff_service,
    recognizer_health,
    recognition_client,
)


def reset_cold_start() -> None:
    """Forget the settings and every built service, as a new cold start would."""
    get_settings.cache_clear()
    for builder in _BUILDERS:
        builder.cache_clear()
