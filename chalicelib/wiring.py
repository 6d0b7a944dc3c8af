"""The one wiring place: builds each service once per cold start from the settings.

Nothing here runs at import time; every builder is cached, and
`reset_cold_start()` forgets them all (the local cloud and tests call it after
changing the environment).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from chalicelib.adapters.dynamo import DynamoDocumentRepository
from chalicelib.adapters.s3 import S3ObjectStore
from chalicelib.adapters.stepfunctions import StepFunctionsWorkflow
from chalicelib.settings import Settings, get_settings

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.idempotency import IdempotencyConfig
    from aws_lambda_powertools.utilities.typing import LambdaContext

    from chalicelib.models import Extraction
    from chalicelib.services.documents import DocumentQueries
    from chalicelib.services.extraction import ExtractionService
    from chalicelib.services.failures import FailureRecorder
    from chalicelib.services.pipeline import PipelineSteps
    from chalicelib.services.review import ReviewService
    from chalicelib.services.run_failures import RunFailureService
    from chalicelib.services.sweeper import SweeperService
    from chalicelib.services.uploads import UploadService
    from chalicelib.services.users import UserService


def utc_now() -> datetime:
    """The clock every service gets."""
    return datetime.now(UTC)


@cache
def repository() -> DynamoDocumentRepository:
    """The single-table repository."""
    return DynamoDocumentRepository(get_settings().table_name)


@cache
def object_store() -> S3ObjectStore:
    """The documents bucket."""
    return S3ObjectStore(get_settings().bucket_name)


@cache
def workflow() -> StepFunctionsWorkflow:
    """The document pipeline state machine."""
    settings = get_settings()
    if not settings.state_machine_arn:
        raise RuntimeError("STATE_MACHINE_ARN is not set for this function")
    return StepFunctionsWorkflow(settings.state_machine_arn)


@cache
def failure_recorder() -> FailureRecorder:
    """Failure recording under the configured refund policy."""
    from chalicelib.services.failures import FailureRecorder

    return FailureRecorder(repository(), get_settings().refund_policy)


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
    )


@cache
def user_service() -> UserService:
    """Users and their credits for the HTTP API."""
    from chalicelib.services.users import UserService

    s = get_settings()
    return UserService(repository(), signup_credits=s.signup_credits, region=s.default_region)


@cache
def document_queries() -> DocumentQueries:
    """Document reads for the HTTP API."""
    from chalicelib.services.documents import DocumentQueries

    return DocumentQueries(repository(), object_store())


def _build_extractor(settings: Settings) -> Callable[[bytes, str], Extraction]:
    # PyMuPDF is heavy: only the Extract function imports it.
    from chalicelib.extract import extract_document, extract_isolated
    from chalicelib.extract.limits import ExtractLimits

    limits = ExtractLimits.from_settings(settings)
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
        store=object_store(),
        workflow=workflow(),
        failures=failure_recorder(),
        extractor=_build_extractor(s),
        max_upload_bytes=s.max_upload_bytes,
        stuck_after_seconds=s.stuck_extract_seconds,
        review_timeout_seconds=s.review_timeout_seconds,
        clock=utc_now,
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

    def process(upload: dict[str, Any]) -> dict[str, Any]:
        return extraction_service().handle_upload(UploadEvent(**upload))

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
def pipeline_steps() -> PipelineSteps:
    """The state machine's task steps."""
    from chalicelib.analysis.rules import RulesProvider
    from chalicelib.prescreen import RoutingPolicy
    from chalicelib.services.pipeline import PipelineSteps

    s = get_settings()
    if s.llm_provider != "rules":
        raise RuntimeError(f"LLM_PROVIDER={s.llm_provider} is not available in this build")
    return PipelineSteps(
        repo=repository(),
        store=object_store(),
        failures=failure_recorder(),
        routing=RoutingPolicy.from_settings(s),
        provider=RulesProvider(),
        clock=utc_now,
    )


@cache
def review_service() -> ReviewService:
    """Reviewer decisions."""
    from chalicelib.services.review import ReviewService

    return ReviewService(repository(), workflow(), utc_now)


@cache
def run_failure_service() -> RunFailureService:
    """On Run Failed's service."""
    from chalicelib.services.run_failures import RunFailureService

    return RunFailureService(repository(), failure_recorder())


@cache
def sweeper_service() -> SweeperService:
    """The scheduled sweeper."""
    from chalicelib.services.sweeper import SweeperService

    return SweeperService(repository(), failure_recorder(), utc_now)


_BUILDERS = (
    repository,
    object_store,
    workflow,
    failure_recorder,
    upload_service,
    user_service,
    document_queries,
    extraction_service,
    _idempotent_upload,
    pipeline_steps,
    review_service,
    run_failure_service,
    sweeper_service,
)


def reset_cold_start() -> None:
    """Forget the settings and every built service, as a new cold start would."""
    get_settings.cache_clear()
    for builder in _BUILDERS:
        builder.cache_clear()
