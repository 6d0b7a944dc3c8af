"""The one settings model: read from the environment once per cold start."""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting of every Lambda and of the HTTP API, validated at cold start."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    # Resources (names come from the template; no defaults, so a missing one fails loudly).
    table_name: str
    bucket_name: str
    idempotency_table_name: str = ""
    state_machine_arn: str = ""

    # Where the data lives.
    default_region: str = Field("ru", pattern=r"^[a-z]{2}$", description="Data residency label")

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

    # HTTP API.
    auth_mode: Literal["dev", "jwt"] = Field(
        "jwt", description="`dev` trusts every caller as DEV_USER_ID: the local cloud only"
    )
    dev_user_id: str = "dev-user"

    # Observability.
    log_level: str = "INFO"


@cache
def get_settings() -> Settings:
    """The settings of this process, read once."""
    return Settings()
