"""The one settings model: read from the environment once per cold start.

A plain pydantic model that reads the environment itself, as pydantic-settings did (each
field from the variable of its name in any case, JSON for a list), without importing
pydantic-settings: its sources (the CLI parser among them) were about 0.1 s of every
cold start.
"""

from __future__ import annotations

import json
import os
import re
from decimal import Decimal
from functools import cache
from typing import Any, Literal, get_origin

from pydantic import BaseModel, ConfigDict, Field, model_validator

from chalicelib.access.regions import REGION_PATTERN
from chalicelib.lanes import check_lane_table


class Settings(BaseModel):
    """Every setting of every Lambda and of the HTTP API, validated at cold start.

    Fields passed in win over the environment (tests and tools pass a few).
    """

    model_config = ConfigDict(extra="ignore", validate_default=True)

    # Resources (names come from the template; no defaults, so a missing one fails loudly).
    table_name: str
    bucket_name: str
    idempotency_table_name: str = ""
    state_machine_arn: str = ""

    # Where the data lives.
    default_region: str = Field(
        "ru-msk",
        pattern=REGION_PATTERN,
        description="New users' region, `{province}-{city}` (or a province alone): their "
        "documents live there, and regional permissions reach it",
    )

    # Access: how long a Lambda keeps role definitions and users' grants before reading them
    # again (a change made in this process is seen at once), and a download URL's life.
    access_cache_seconds: float = Field(30.0, ge=0, le=300)
    download_url_ttl_seconds: int = Field(300, ge=10, le=3600)

    # Credits.
    refund_policy: Literal["all", "infra_only"] = "all"
    signup_credits: int = Field(10, ge=0)

    # Uploads.
    max_upload_bytes: int = Field(20 * 1024 * 1024, gt=0)
    upload_url_ttl_seconds: int = Field(900, gt=0)
    upload_grace_seconds: int = Field(600, ge=0, description="Sweeper waits this long past expiry")
    stuck_extract_seconds: int = Field(1800, gt=0)
    doc_retention_days: int = Field(7, gt=0)

    # Extraction limits.
    max_pages: int = Field(300, gt=0)
    max_ocr_pages: int = Field(20, ge=0)
    extract_timeout_seconds: int = Field(240, gt=0)
    ocr_page_timeout_seconds: int = Field(60, gt=0)
    ocr_languages: str = "rus+eng"
    ocr_dpi: int = Field(300, ge=72, le=600)
    ocr_workers: int = Field(2, ge=1, le=8)
    extract_memory_mb: int = Field(1536, ge=256)
    extract_isolation: Literal["subprocess", "inline"] = "subprocess"
    # A scan with more pages to OCR than this is OCRed by the run, a page per Map
    # iteration (bounded parallelism, a retry each); 0 reads every scan inside Extract.
    ocr_fanout_min_pages: int = Field(4, ge=0)
    # Pages a scan OCRed by the run may have to OCR (MAX_OCR_PAGES bounds those Extract
    # reads itself, within its time limit). 100 pages at 8 at once take about a minute,
    # and a scan of 100 pages at 200 dpi is about what the upload limit lets through.
    max_fanout_ocr_pages: int = Field(100, ge=0)
    max_unpacked_bytes: int = Field(100 * 1024 * 1024, gt=0)

    # Review.
    review_timeout_seconds: int = Field(7 * 24 * 3600, gt=0, description="Then REVIEW_TIMEOUT")

    # Routing.
    auto_approve_enabled: bool = False
    auto_approve_min_confidence: float = Field(0.85, ge=0, le=1)
    review_min_confidence: float = Field(0.4, ge=0, le=1)
    high_value_threshold: Decimal = Decimal("1000000")

    # Analysis.
    llm_provider: Literal["rules", "ollama", "openai", "yandexgpt"] = "rules"
    llm_model: str = Field("", description="Primary model; empty: the provider's default")
    llm_fallback_model: str = Field("", description="Model used on 429 or quota errors")
    llm_timeout_seconds: float = Field(60.0, gt=0)
    llm_max_output_tokens: int = Field(2048, gt=0)
    llm_temperature: float = Field(0.0, ge=0, le=2)
    llm_chunk_chars: int = Field(12_000, ge=1000)
    llm_chunk_overlap_chars: int = Field(400, ge=0)
    llm_max_chunks: int = Field(40, gt=0, description="Past this, only the first chunks")
    llm_parallel_calls: int = Field(4, ge=1, le=32, description="Chunk calls at once per document")
    llm_max_repairs: int = Field(2, ge=0, le=5)
    llm_retries: int = Field(2, ge=0, le=5, description="Timeouts and 5xx retried in the Lambda")
    # Secrets: a plain value locally, or the name of an SSM parameter / Secrets Manager secret.
    llm_api_key: str = Field("", repr=False)
    llm_api_key_parameter: str = Field("", description="SSM name or secretsmanager:<id>")
    llm_endpoint: str = Field("", description="Overrides the chosen provider's URL below")
    ollama_host: str = "http://127.0.0.1:11434"
    openai_base_url: str = "http://127.0.0.1:8000/v1"
    yandex_base_url: str = "https://llm.api.cloud.yandex.net"
    yandex_folder_id: str = ""
    yandex_auth: Literal["api_key", "iam_token"] = "api_key"
    # The cap on model calls across all running executions, per provider (a DynamoDB semaphore).
    llm_max_concurrent_calls: int = Field(0, ge=0, description="0: the provider's cap below")
    llm_max_concurrent_ollama: int = Field(2, ge=1)
    llm_max_concurrent_openai: int = Field(8, ge=1)
    llm_max_concurrent_yandexgpt: int = Field(10, ge=1)
    llm_lease_seconds: int = Field(300, ge=10, description="A dead holder frees after this")
    # Priority lanes (chalicelib/lanes.py): each lane's own cap on model calls (by lane; a
    # lane not named gets its share of the provider's cap above), on pages OCRed at once by
    # runs, and how long a step polls for a free slot before leaving it to the Retry.
    lane_llm_calls: dict[str, int] = Field(default_factory=dict)
    lane_ocr_pages: dict[str, int] = Field(
        default_factory=lambda: {"high": 4, "default": 4, "batch": 2, "system": 1}
    )
    lane_slot_wait_seconds: dict[str, float] = Field(
        default_factory=lambda: {"high": 20.0, "default": 5.0, "batch": 0.0, "system": 0.0}
    )
    ocr_lease_seconds: int = Field(600, ge=10, description="A dead OCR holder frees after this")
    batch_max_files: int = Field(500, ge=1, le=500, description="Files per POST /v1/batches")
    # Admission control (chalicelib/services/admission.py): batch runs active at once, and
    # how long a run's lease lasts if nothing releases it (the sweeper frees it sooner).
    batch_max_running: int = Field(
        4, ge=0, description="Batch-lane runs active at once; 0: no admission control"
    )
    batch_run_lease_seconds: int = Field(7200, ge=60)
    # Prescreen asks the model for the facts when its own confidence is low.
    prescreen_llm_fallback_enabled: bool = False
    prescreen_llm_fallback_below: float = Field(0.5, ge=0, le=1)
    prescreen_llm_max_chars: int = Field(12_000, ge=1000)

    # Sign-in (people): JWT bearer tokens; secrets plain locally or named in SSM / Secrets Manager.
    auth_token_secret: str = Field("", repr=False, description="HS256 secret, 32 bytes or more")
    auth_token_secret_parameter: str = ""
    auth_access_ttl_seconds: int = Field(900, gt=0)
    auth_refresh_ttl_seconds: int = Field(30 * 24 * 3600, gt=0)
    auth_token_issuer: str = "contract-check"  # noqa: S105 - a name, not a secret
    auth_max_login_attempts: int = Field(5, ge=1)
    auth_lockout_seconds: int = Field(900, ge=1)
    telegram_bot_token: str = Field("", repr=False, description="Empty: Telegram sign-in is off")
    telegram_bot_token_parameter: str = ""
    telegram_login_max_age_seconds: int = Field(86400, gt=0)
    telegram_bot_username: str = Field(
        "",
        pattern=r"^([A-Za-z][A-Za-z0-9_]{3,31})?$",
        description="The bot's @username (without @): the web page shows Telegram's Login "
        "Widget for it; empty: no widget",
    )
    auth_service_token: str = Field("", repr=False, description="The Telegram adapter's token")
    auth_service_token_parameter: str = ""

    # Accounts: mail (SES), e-mail verification and password reset. An empty MAIL_FROM
    # sends no mail: no verification, and password reset by e-mail is off.
    mail_from: str = Field("", description="The SES-verified sender of account mail")
    email_verification_required: bool = Field(
        False, description="An unconfirmed e-mail account may not upload or create keys"
    )
    email_verify_ttl_seconds: int = Field(24 * 3600, gt=0)
    password_reset_ttl_seconds: int = Field(3600, gt=0)

    # Status events: every change of a document's status goes onto this EventBridge bus.
    event_bus_name: str = Field("", description="Empty: status changes are not announced")

    # Recognition as a service (issue 15): the bus of requests, acks and results, and how often
    # an envelope's publish is retried (same message id) before it is logged as lost.
    recognition_bus_name: str = Field("", description="Empty: recognition envelopes are not sent")
    publish_retries: int = Field(3, ge=0, le=10)
    # The recognition service: its name and version in every answer, and the external
    # recognizer for the image pipeline (its hand-off state machine, started per job).
    recognition_service_name: str = "contract-check-recognition"
    external_recognizer_enabled: bool = Field(
        False, description="Image requests go to the external recognizer (needs its state machine)"
    )
    recognizer_handoff_state_machine_arn: str = ""

    @model_validator(mode="after")
    def _external_recognizer_needs_its_hand_off(self) -> Settings:
        """EXTERNAL_RECOGNIZER_ENABLED without the hand-off's state machine fails at start."""
        if self.external_recognizer_enabled and not self.recognizer_handoff_state_machine_arn:
            raise ValueError(
                "EXTERNAL_RECOGNIZER_ENABLED needs RECOGNIZER_HANDOFF_STATE_MACHINE_ARN (the "
                "hand-off state machine the image requests are started on)"
            )
        return self

    # The hand-off to an external recognizer (issue 15, chalicelib/recognizer): scans go
    # through a shared folder to a recognition system outside, the merged answer comes back.
    # (Whether it is on, and its state machine, are the recognition service's settings above.)
    recognizer_share: Literal["s3", "smb"] = Field("s3", description="Where the share lives")
    recognizer_share_prefix: str = Field(
        "FileWorker/share/", description="The S3 share: this prefix of the documents bucket"
    )
    result_prefix: str = Field(
        "FileWorker/results/", description="Merged answers: <RESULT_PREFIX><task_id>.json"
    )
    recognizer_storage_retries: int = Field(
        5, ge=0, le=100, description="Polls a storage failure is retried in, then an error"
    )
    recognizer_smb_server: str = ""
    recognizer_smb_port: int = Field(445, ge=1, le=65535)
    recognizer_smb_share: str = ""
    recognizer_smb_user: str = ""
    recognizer_smb_password: str = Field("", repr=False)
    recognizer_smb_password_parameter: str = Field(
        "", description="SSM name or secretsmanager:<id>"
    )
    # Our recognition client (chalicelib/recognition/client.py): how long a sent request waits
    # for its ack before it is republished (same msg_id), how often, and the reply deadline
    # a request gets when the sender names none.
    ack_timeout_seconds: int = Field(30, ge=1, le=3600)
    outbox_max_republish: int = Field(3, ge=0, le=20)
    recognition_reply_seconds: int = Field(900, ge=10, le=7 * 24 * 3600)

    # The Telegram bot.
    telegram_webhook_secret: str = Field("", repr=False, description="setWebhook's secret_token")
    telegram_webhook_secret_parameter: str = ""
    telegram_api_base: str = Field(
        "https://api.telegram.org", description="The Bot API server (a local fake in tests)"
    )
    telegram_bot_function: str = Field("", description="The bot worker the webhook hands to")
    telegram_max_file_bytes: int = Field(
        20 * 1024 * 1024, gt=0, description="Bots may download at most 20 MB from Telegram"
    )
    telegram_album_settle_seconds: float = Field(
        2.0, ge=0, le=30, description="An album is complete when no page came for this long"
    )

    # Partners: the API Gateway usage plan their keys are attached to.
    usage_plan_id: str = ""
    partner_max_keys_per_user: int = Field(
        5,
        ge=1,
        le=100,
        description="Active partner keys one person may hold (the AWS account "
        "holds 10,000 at most)",
    )
    # Waits before each later round of an undelivered callback (JSON list of seconds).
    callback_retry_seconds: tuple[int, ...] = (300, 900, 3600, 14400, 43200)

    # HTTP API.
    auth_mode: Literal["dev", "jwt"] = Field(
        "jwt",
        description="`dev` opens POST /v1/auth/dev (any user, any role, no secret) and lets "
        "partner callbacks reach localhost: the local cloud only",
    )
    # Set to "1" by the embedded local cloud only (infra/localcloud/cloud.py), never by the
    # template: AUTH_MODE=dev needs it. The Lambda runtime's own variables refuse dev anyway.
    contract_check_local_cloud: str = ""
    aws_execution_env: str = ""
    aws_lambda_function_name: str = ""
    dev_user_id: str = "dev-user"
    dev_user_role: Literal["user", "reviewer", "regional_admin", "admin"] = Field(
        "admin", description="Who POST /v1/auth/dev signs in when the body names nobody"
    )

    # Observability.
    log_level: str = "INFO"

    @model_validator(mode="before")
    @classmethod
    def _from_the_environment(cls, data: Any) -> Any:
        """Each field's environment variable (its name in any case) under what was passed."""
        if not isinstance(data, dict):
            return data
        found: dict[str, Any] = {}
        for variable, value in os.environ.items():
            name = variable.lower()
            field = cls.model_fields.get(name)
            if field is None:
                continue
            # A list, tuple or mapping comes as JSON, as pydantic-settings read it.
            found[name] = json.loads(value) if _is_json(field.annotation) else value
        return {**found, **data}

    @model_validator(mode="after")
    def _dev_mode_only_on_the_local_cloud(self) -> Settings:
        """AUTH_MODE=dev is a sign-in as anyone: a cold start anywhere else fails loudly."""
        if self.auth_mode != "dev":
            return self
        in_lambda = self.aws_lambda_function_name or self.aws_execution_env.startswith(
            "AWS_Lambda_"
        )
        if in_lambda or self.contract_check_local_cloud != "1":
            raise ValueError(
                "AUTH_MODE=dev (sign-in as anyone, no secret) runs only on the embedded local "
                "cloud, which sets CONTRACT_CHECK_LOCAL_CLOUD=1, and never in a Lambda "
                "runtime: deploy with AuthMode=jwt"
            )
        return self

    @model_validator(mode="after")
    def _lane_tables_name_lanes(self) -> Settings:
        """The lane tables name only lanes; the OCR caps and waits name every one."""
        check_lane_table(self.lane_llm_calls, complete=False, minimum=1)
        check_lane_table(self.lane_ocr_pages, complete=True, minimum=1)
        check_lane_table(self.lane_slot_wait_seconds, complete=True)
        return self

    @property
    def llm_cap(self) -> int:
        """The cap on concurrent model calls for the chosen provider."""
        if self.llm_max_concurrent_calls:
            return self.llm_max_concurrent_calls
        caps = {
            "ollama": self.llm_max_concurrent_ollama,
            "openai": self.llm_max_concurrent_openai,
            "yandexgpt": self.llm_max_concurrent_yandexgpt,
        }
        return caps.get(self.llm_provider, 1)

    @property
    def llm_base_url(self) -> str:
        """Where the chosen provider's API is."""
        if self.llm_endpoint:
            return self.llm_endpoint
        urls = {"ollama": self.ollama_host, "openai": self.openai_base_url}
        return urls.get(self.llm_provider, self.yandex_base_url)


def _is_json(annotation: Any) -> bool:
    return get_origin(annotation) in (tuple, list, dict)


@cache
def get_settings() -> Settings:
    """The settings of this process, read once."""
    return Settings.model_validate({})


CORS_ORIGIN_VARIABLE = "CORS_ALLOW_ORIGIN"
_ORIGIN = re.compile(r"^(\*|https?://[A-Za-z0-9.-]+(:\d{1,5})?)$")


def web_origin() -> str:
    """The web page's origin the HTTP API answers CORS for ('' for none, '*' for any).

    Read at import, not with the settings: `chalice package` bakes the preflight answers
    into the API from the app as imported, so the packaging and the function must agree
    (infra/package.py writes the value it packaged with into the function's environment).
    """
    origin = os.environ.get(CORS_ORIGIN_VARIABLE, "").strip()
    if origin and not _ORIGIN.fullmatch(origin):
        raise ValueError(f"{CORS_ORIGIN_VARIABLE} must be '*' or scheme://host[:port]: {origin!r}")
    return origin
